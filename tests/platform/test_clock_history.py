"""The clock's history, in-process: every stored move keeps each seat's time left after it
(``Move.clock_ms``); the replay API returns it with each move, and the transcript of a timed
match adds a "Clock" section after the seed's own text (which stays byte-identical); an
untimed match's transcript does not change at all.

Time passes as in test_clocks.py (``elapse``: the stored clock times moved into the past).
Realtime times are shown rounded up to the second, so a move a few milliseconds after
``elapse(match, 29)`` on a 5+3 clock leaves exactly "4:34" (300 - 29 + 3 seconds)."""

from __future__ import annotations

import pytest

from games.matches import services, sweeps
from games.matches.models import Match, Move
from games.matches.replays import clock_text, control_text, positions, transcript
from games.templatetags.people import result_line

from .conftest import fresh, start_match
from .test_clocks import elapse, move, timed

pytestmark = pytest.mark.django_db(transaction=True)
FIVE_THREE = {"initial": 300, "increment": 3}


def seed_text(match: Match) -> str:
    """The seed's console transcript of the match's moves, as the rules write it."""
    states, moves = positions(fresh(match))
    return match.rules.transcript(match.options, states, [(m["seat"], m["move"]) for m in moves])


def download(client, match: Match) -> str:
    response = client.get(f"/r/{match.replay_slug}/transcript.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    return response.content.decode()


def three_moves(clock: dict | None, **kwargs) -> tuple[Match, object, object]:
    """ann (Black, seat 0) thinks 29 s, ben 10 s, ann 60 s: three moves of a 6x6 Reversi."""
    match, ann, ben = timed(clock, **kwargs)
    for seconds, who, seat in ((29, ann, 0), (10, ben, 1), (60, ann, 0)):
        if clock is not None:
            elapse(match, seconds)
        move(match, who, seat)
    return fresh(match), ann, ben


def test_the_replay_api_moves_carry_each_seats_time_left(client):
    match, _, _ = three_moves(FIVE_THREE)
    body = client.get(f"/api/replays/{match.replay_slug}/").json()
    assert body["match"]["clock"]["initial"] == 300 and body["match"]["clock"]["increment"] == 3
    moves = body["moves"]
    assert [m["ply"] for m in moves] == [1, 2, 3]
    stored = dict(Move.objects.filter(match=match).values_list("ply", "clock_ms"))
    assert [m["clock_ms"] for m in moves] == [stored[1], stored[2], stored[3]]
    first, second, third = (m["clock_ms"] for m in moves)
    assert 273_000 < first[0] <= 274_000 and first[1] == 300_000  # 300 - 29 + 3
    assert second[0] == first[0] and 292_000 < second[1] <= 293_000  # 300 - 10 + 3
    assert 216_000 < third[0] <= 217_000 and third[1] == second[1]  # 274 - 60 + 3


def test_an_untimed_matchs_moves_have_no_clock_and_its_transcript_is_the_seeds(client):
    match, _, _ = three_moves(None)
    body = client.get(f"/api/replays/{match.replay_slug}/").json()
    assert body["match"]["clock"] is None
    assert [m["clock_ms"] for m in body["moves"]] == [None, None, None]
    assert transcript(match) == seed_text(match)
    assert download(client, match) == seed_text(match)
    assert "Clock" not in download(client, match)


def test_a_timed_transcript_is_the_seeds_text_then_the_clock_section(client):
    match, _, _ = three_moves(FIVE_THREE)
    seed = seed_text(match)
    text = download(client, match)
    assert text == transcript(match)
    assert text.startswith(seed)  # the seed's own text, byte for byte
    assert text[len(seed) :] == (
        "\n"
        "Clock\n"
        "Time control: 5+3\n"
        "1. Black (X): Black (X) 4:34  White (O) 5:00\n"
        "2. White (O): Black (X) 4:34  White (O) 4:53\n"
        "3. Black (X): Black (X) 3:37  White (O) 4:53\n"
    )


def test_a_correspondence_transcript_speaks_in_days(client):
    match, ann, _ = timed({"days": 3})
    elapse(match, 86_400 + 3_600)  # a day and an hour on the first move
    match = move(match, ann, 0)
    text = download(client, match)
    assert text.startswith(seed_text(match))
    assert text.endswith(
        "\nClock\nTime control: 3 days a move\n1. Black (X): Black (X) 1 d 22 h  White (O) 3 d 0 h\n"
    )


def test_a_match_lost_on_time_ends_with_who_ran_out(client):
    match, ann, ben = timed(FIVE_THREE)
    elapse(match, 29)
    move(match, ann, 0)
    elapse(match, 10)
    move(match, ben, 1)
    elapse(match, 301)  # ann does not move again (both have moved: a loss, not an abort)
    assert sweeps.end_timed_out() == 1
    match = fresh(match)
    assert (match.result["reason"], match.result["timed_out"]) == ("time", [0])
    text = download(client, match)
    assert text.startswith(seed_text(match))
    assert text.endswith(
        "\nClock\nTime control: 5+3\n"
        "1. Black (X): Black (X) 4:34  White (O) 5:00\n"
        "2. White (O): Black (X) 4:34  White (O) 4:53\n"
        "Black (X) ran out of time.\n"
    )
    # the lobby and the profile read it from each side
    assert result_line(match, ann) == "You ran out of time — ben won"
    assert result_line(match, ben) == "ann ran out of time — you won"
    assert result_line(match, None) == "ann ran out of time — ben won"


def test_a_resigned_timed_match_keeps_its_resigned_line_before_the_clock(client):
    match, ann, ben = three_moves(FIVE_THREE)
    services.match_resign(match_id=match.pk, user=ben)
    match = fresh(match)
    text = download(client, match)
    seed = seed_text(match)
    assert text.startswith(seed + "Player O resigned.\n\nClock\nTime control: 5+3\n1. Black (X): ")
    assert text.endswith("3. Black (X): Black (X) 3:37  White (O) 4:53\n")


def test_a_move_the_server_made_keeps_the_times_before_it(client):
    """A pass the server makes takes no time and stores no clock: its line repeats the
    times after the move before it."""
    match, _, _ = three_moves(FIVE_THREE)
    Move.objects.filter(match=match, ply=2).update(clock_ms=None, forced=True)
    assert transcript(match).endswith(
        "1. Black (X): Black (X) 4:34  White (O) 5:00\n"
        "2. White (O): Black (X) 4:34  White (O) 5:00\n"
        "3. Black (X): Black (X) 3:37  White (O) 4:53\n"
    )


def test_the_journeys_clock_names_every_warrior(client):
    match, ann, ben = timed(
        {"initial": 60, "increment": 0}, game="journey", options={"mode": "alliance", "players": 2}
    )
    # as a tournament's game (not abortable): the first warrior loses on time before any move,
    # where an ordinary match would be aborted (test_clocks.py)
    Match.objects.filter(pk=match.pk).update(abortable=False)
    elapse(match, 61)
    assert sweeps.end_timed_out() == 1
    match = fresh(match)
    assert match.result["reason"] == "time" and match.result["winner"] is None
    assert transcript(match).endswith("\nClock\nTime control: 1+0\nW0 ran out of time.\n")
    assert result_line(match, ann) == "You ran out of time — the team lost"
    assert result_line(match, ben) == "ann ran out of time — the team lost"
    assert result_line(match, None) == "ann ran out of time — ann and ben lost"


@pytest.mark.parametrize(
    ("ms", "days", "text"),
    [
        (300_000, False, "5:00"),
        (271_400, False, "4:32"),  # rounded up, as the page's clock shows it
        (8_300, False, "0:08.3"),
        (0, False, "0:00.0"),
        (3_723_000, False, "1:02:03"),
        (3 * 86_400_000, True, "3 d 0 h"),
        (5 * 3_600_000 + 12 * 60_000, True, "5 h 12 min"),
        (40 * 60_000, True, "40 min"),
    ],
)
def test_times_read_as_on_the_page(ms, days, text):
    assert clock_text(ms, days) == text


@pytest.mark.parametrize(
    ("control", "text"),
    [
        ({"initial": 300, "increment": 3}, "5+3"),
        ({"initial": 45, "increment": 0}, "0:45+0"),
        ({"initial": 90, "increment": 2}, "1:30+2"),
        ({"days": 1}, "1 day a move"),
        ({"days": 3}, "3 days a move"),
    ],
)
def test_the_time_control_reads_as_on_the_replay_page(control, text):
    assert control_text(control) == text


def test_an_untimed_start_is_untouched():
    match, _, _ = start_match()
    assert transcript(match) == seed_text(match)
