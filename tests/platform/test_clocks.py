"""Time controls, in-process: the create body's ``clock``, the state's ``clock`` object, time
charged to the seat to move only, the end by time (decided once), and correspondence days.

Time passes by moving a match's stored clock times into the past (``elapse``): the same
arithmetic as waiting, without waiting (never ``sleep`` for days)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from games.matches import rematches, services, sweeps
from games.matches.clocks import DAY_MS
from games.matches.errors import ServiceError
from games.matches.models import Match, Move

from .conftest import fresh, make_user, start_match
from .test_selectors import view

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: events go out on commit
BLITZ = {"initial": 60, "increment": 2}


def timed(clock: dict | None, game: str = "reversi", options: dict | None = None, names=("ann", "ben")):
    ann, ben = (make_user(name) for name in names)
    match = services.match_create(
        user=ann, game=game, options=options or {"size": 6}, opponent="invite", side=0, clock=clock
    )
    services.match_join(match_id=match.pk, user=ben)
    return fresh(match), ann, ben


def elapse(match: Match, seconds: float) -> None:
    """As if ``seconds`` went by since the clocks last changed."""
    delta = timedelta(seconds=seconds)
    row = Match.objects.filter(pk=match.pk)
    stored = row.values("clock_since", "deadline").get()
    row.update(**{name: value - delta for name, value in stored.items() if value is not None})


def move(match: Match, user, seat: int) -> Match:
    match = fresh(match)
    legal = match.rules.legal_moves(match.state, seat)
    return services.move_play(match_id=match.pk, user=user, ply=match.ply, move=legal[0])


def clock_of(match: Match, user) -> dict:
    return view(fresh(match), user)["clock"]


@pytest.mark.parametrize(
    "clock",
    [
        "5+3",
        [300, 3],
        {},
        {"initial": 0},
        {"initial": -60, "increment": 0},
        {"initial": 60.5, "increment": 0},
        {"initial": 60, "increment": 181},
        {"initial": 10801, "increment": 0},
        {"initial": True, "increment": 0},
        {"initial": 60, "increment": 2, "days": 3},
        {"days": 4},
        {"days": 0},
        {"days": "3"},
        {"days": True},
    ],
)
def test_bad_clocks_are_bad_options(clock):
    ann = make_user("ann")
    with pytest.raises(ServiceError) as refused:
        services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0, clock=clock)
    assert (refused.value.code, refused.value.status, refused.value.field) == ("bad_options", 400, "clock")
    assert not Match.objects.exists()


def test_untimed_is_the_default_and_has_no_clock():
    match, ann, _ = start_match()
    assert clock_of(match, ann) is None and fresh(match).deadline is None


def test_a_realtime_clock_runs_for_the_seat_to_move_only():
    match, ann, ben = timed(BLITZ)
    start = clock_of(match, ann)
    assert (start["initial"], start["increment"], start["days"]) == (60, 2, None)
    assert start["remaining"][1] == 60_000 and 59_000 < start["remaining"][0] <= 60_000
    assert start["running"] == 0 and start["running_seats"] == [0]
    deadline = datetime.fromisoformat(start["deadline"])
    assert abs((deadline - timezone.now()).total_seconds() - 60) < 2

    elapse(match, 10)
    move(match, ann, 0)
    after = clock_of(match, ben)
    assert 51_000 < after["remaining"][0] <= 52_000  # 60 - 10 + 2 (the increment)
    assert 59_000 < after["remaining"][1] <= 60_000 and after["running"] == 1
    stored = Move.objects.get(match=match, ply=1).clock_ms
    assert stored[1] == 60_000 and 51_000 < stored[0] <= 52_000  # time left after the move

    elapse(match, 5)
    move(match, ben, 1)
    again = clock_of(match, ann)
    assert 56_000 < again["remaining"][1] <= 57_000 and 51_000 < again["remaining"][0] <= 52_000


def test_time_up_ends_the_match_once_and_the_other_seat_wins(changes):
    match, ann, ben = timed({"initial": 60, "increment": 0})
    for user, seat in ((ann, 0), (ben, 1), (ann, 0)):  # both have moved: a loss on time
        move(fresh(match), user, seat)
    elapse(fresh(match), 61)
    changes.clear()
    assert sweeps.end_timed_out() == 1
    assert sweeps.end_timed_out() == 0 and services.match_flag(match_id=match.pk) is None  # once
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and changes.ids == [match.pk]
    assert (match.result["winner"], match.result["reason"], match.result["timed_out"]) == (0, "time", [1])
    assert match.result["message"] == f"{match.rules.player_label(1)} ran out of time."
    clock = view(match, ann)["clock"]
    assert clock["remaining"][1] == 0 and clock["running"] is None and clock["deadline"] is None


def test_a_move_after_the_deadline_is_refused_and_ends_the_match_by_time(changes):
    match, ann, ben = timed({"initial": 60, "increment": 0})
    move(fresh(match), ann, 0)
    move(fresh(match), ben, 1)
    elapse(fresh(match), 60.5)
    changes.clear()
    with pytest.raises(ServiceError) as refused:
        move(fresh(match), ann, 0)
    assert refused.value.code == "match_over"
    match = fresh(match)
    assert (match.status, match.result["reason"], match.result["winner"]) == ("finished", "time", 1)
    assert match.moves.count() == 2 and changes.ids == [match.pk]


@pytest.mark.parametrize("mover_first", [False, True])
def test_a_player_who_never_moved_and_ran_out_aborts_the_match(changes, mover_first):
    """Issue 24 (3): a player who never made a move (a rematch never opened, a seat taken and
    forgotten) does not lose on time: the match is aborted, rated or not, as on lichess."""
    match, ann, ben = timed({"initial": 60, "increment": 0})
    if mover_first:
        move(fresh(match), ann, 0)  # ann moved; ben never does
    elapse(fresh(match), 61)
    assert sweeps.end_timed_out() == 1
    match = fresh(match)
    assert (match.status, match.result) == (Match.Status.ABORTED, None)
    assert changes.kinds[-1] == ["MatchEnded"]


def test_a_correspondence_clock_gives_days_for_every_move():
    match, ann, ben = timed({"days": 3})
    start = clock_of(match, ann)
    assert (start["initial"], start["increment"], start["days"]) == (None, None, 3)
    assert start["remaining"][1] == 3 * DAY_MS and start["running"] == 0

    elapse(match, 2 * 86_400)  # two days to find a move
    assert sweeps.end_timed_out() == 0
    move(match, ann, 0)
    after = clock_of(match, ben)
    assert DAY_MS - 2_000 < after["remaining"][0] <= DAY_MS  # what was left of ann's days
    assert 3 * DAY_MS - 2_000 < after["remaining"][1] <= 3 * DAY_MS  # ben's move: three days
    elapse(match, 2.9 * 86_400)
    move(match, ben, 1)
    assert 3 * DAY_MS - 2_000 < clock_of(match, ann)["remaining"][0] <= 3 * DAY_MS  # again three

    elapse(match, 3 * 86_400 + 1)
    assert sweeps.end_timed_out() == 1
    assert (fresh(match).result["reason"], fresh(match).result["winner"]) == ("time", 1)


def test_resign_and_abort_stop_the_clocks():
    match, ann, ben = timed(BLITZ)
    services.match_abort(match_id=match.pk, user=ann)
    assert fresh(match).deadline is None and clock_of(match, ann)["running"] is None
    match, ann, ben = timed(BLITZ, options={"size": 8}, names=("cat", "dan"))
    move(match, ann, 0)
    services.match_resign(match_id=match.pk, user=ben)
    match = fresh(match)
    assert match.deadline is None and match.result["reason"] == "resign"
    elapse(match, 3600)
    assert sweeps.end_timed_out() == 0 and fresh(match).result["reason"] == "resign"


def test_a_rematch_keeps_the_time_control():
    match, ann, ben = timed(BLITZ)
    move(match, ann, 0)
    services.match_resign(match_id=match.pk, user=ann)
    new = rematches.match_rematch(match_id=match.pk, user=ben)
    assert fresh(new).time_control == BLITZ and clock_of(new, ben)["running"] is None  # an offer
    rematches.match_rematch(match_id=match.pk, user=ann)  # accepted: the clock starts
    assert clock_of(new, ben)["running"] == 0


def test_a_computer_plays_under_the_same_clock():
    ann = make_user("ann")
    match = services.match_create(
        user=ann,
        game="reversi",
        options={"size": 6},
        opponent="computer",
        side=1,
        level="random",
        clock=BLITZ,
    )
    assert clock_of(match, ann)["running"] == 0  # the computer (seat 0) moves first, on the clock
    elapse(match, 61)
    assert sweeps.end_timed_out() == 1
    # it never moved (no server here plays its turn): aborted, as for a person who never moved
    assert (fresh(match).status, fresh(match).result) == (Match.Status.ABORTED, None)
