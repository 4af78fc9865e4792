"""Tournament services with real commits: entry rules, the start, each round's matches made
and started, results recorded from the matches' own ends (resign, time), the next round
paired by the subscriber of ``MatchEnded``, the finish, and cancelling."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import Account
from games.matches import rematches
from games.matches import services as match_services
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.sweeps import end_timed_out as sweep
from games.notifications.models import Notification
from games.tournaments import selectors, services
from games.tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # events go out on commit

CLOCK = {"initial": 60, "increment": 0}
PAST = (timezone.now() - timedelta(minutes=1)).isoformat()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def user(name: str, bot: bool = False):
    u = get_user_model().objects.create_user(name)
    if bot:
        Account.objects.create(user=u, bot=True)
    return u


def create(creator, **extra):
    fields = {"name": "Spring cup", "game": "reversi", "options": {"size": 6}, "clock": CLOCK, **extra}
    return services.tournament_create(user=creator, **fields)


def begin(t: Tournament) -> Tournament:
    """Its start time comes now: it starts (as the clock watcher would)."""
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    services.tournament_start(tournament_id=t.pk)
    t.refresh_from_db()
    return t


def refused(call, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        call(**kwargs)
    return info.value


def finish(match: Match, loser) -> Match:
    """Whoever is to move plays a legal move; then ``loser`` resigns."""
    match.refresh_from_db()
    seat = match.rules.to_move(match.state)[0]
    mover = match.seats.get(seat=seat).user
    move = match.rules.legal_moves(match.state, seat)[0]
    match_services.move_play(match_id=match.pk, user=mover, ply=match.ply, move=move)
    return match_services.match_resign(match_id=match.pk, user=loser)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"game": "journey", "options": {}}, "game"),
        ({"clock": None}, "clock"),
        ({"clock": {"initial": 0}}, "clock"),
        ({"format": "knockout"}, "format"),
        ({"format": "swiss"}, "rounds"),
        ({"format": "swiss", "rounds": 99}, "rounds"),
        ({"entry": "martians"}, "entry"),
        ({"levels": ["godlike"]}, "levels"),
        ({"entry": "humans", "levels": ["random"]}, "levels"),
        ({"name": ""}, "name"),
        ({"starts_at": "tomorrow"}, "starts_at"),
        ({"starts_at": "0001-01-01T00:30:00+01:00"}, "starts_at"),  # before year 1 in UTC (issue 24)
        ({"starts_at": "9999-12-31T23:30:00-01:00"}, "starts_at"),  # after year 9999 in UTC
        ({"starts_at": "2999-01-01T00:00:00Z"}, "starts_at"),  # more than a year ahead
        ({"rated": "yes"}, "rated"),
        ({"options": {"size": 99}}, "size"),
    ],
)
def test_bad_values_are_refused_with_the_field(extra, field):
    error = refused(create, creator=user("ann"), **extra)
    assert (error.code, error.status, error.field) == ("bad_options", 400, field)
    assert not Tournament.objects.exists()


def test_entry_rules_humans_only_bots_only_full_and_closed():
    ann, ben, robot = user("ann"), user("ben"), user("robot", bot=True)
    humans = create(ann, entry="humans")
    assert refused(services.tournament_join, tournament_id=humans.pk, user=robot).code == "entry_refused"
    services.tournament_join(tournament_id=humans.pk, user=ben)
    services.tournament_join(tournament_id=humans.pk, user=ben)  # twice: a no-op
    assert humans.entrants.count() == 1
    error = refused(services.tournament_join, tournament_id=humans.pk, user=ann, level="random")
    assert error.code == "entry_refused"

    bots = create(ann, entry="bots", max_entrants=2)
    error = refused(services.tournament_join, tournament_id=bots.pk, user=ben)
    assert (error.code, error.status) == ("entry_refused", 409)
    services.tournament_join(tournament_id=bots.pk, user=robot)
    assert refused(services.tournament_join, tournament_id=bots.pk, user=ben, level="random").code == (
        "entry_refused"
    )  # only the creator enters computer players
    services.tournament_join(tournament_id=bots.pk, user=ann, level="random")
    assert refused(services.tournament_join, tournament_id=bots.pk, user=user("r2", bot=True)).code == (
        "tournament_full"
    )
    assert refused(services.tournament_join, tournament_id=999, user=ben).code == "not_found"


def test_a_round_robin_plays_every_round_by_itself_and_finishes():
    ann, ben, cat, dan = (user(n) for n in ("ann", "ben", "cat", "dan"))
    t = create(ann, starts_at=(timezone.now() + timedelta(hours=1)).isoformat())
    for u in (ann, ben, cat, dan):
        services.tournament_join(tournament_id=t.pk, user=u)
    assert services.start_due_tournaments() == 0  # not yet its time
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    assert services.start_due_tournaments() == 1
    t.refresh_from_db()
    assert (t.status, t.round, t.rounds) == ("running", 1, 3)
    assert refused(services.tournament_join, tournament_id=t.pk, user=user("eve")).code == "tournament_closed"
    expected = {u.username: 0 for u in (ann, ben, cat, dan)}
    for number in (1, 2, 3):
        t.refresh_from_db()
        assert t.round == number and t.status == "running"
        games = list(Pairing.objects.filter(tournament=t, round=number).select_related("match"))
        assert len(games) == 2
        for game in games:
            match = game.match
            assert match.status == "active" and match.time_control == CLOCK
            players = {s.seat: s.user for s in match.seats.all()}
            assert (players[0], players[1]) == (game.first.user, game.second.user)
            assert Notification.objects.filter(user=players[0], kind="tournament", match=match).exists()
            loser = players[1] if number % 2 else players[0]  # the first wins odd rounds
            finish(match, loser)
            winner = players[0] if loser == players[1] else players[1]
            expected[winner.username] += 3
    t.refresh_from_db()
    assert t.status == "finished" and t.finished_at is not None
    data = selectors.tournament_json(t)
    assert {row["name"]: row["points"] for row in data["standings"]} == expected
    assert all(row["played"] == 3 for row in data["standings"])
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    assert all(p["result"] in ("1-0", "0-1") for r in data["rounds"] for p in r["pairings"])
    # every pair met once
    met = {frozenset((p["first"], p["second"])) for r in data["rounds"] for p in r["pairings"]}
    assert len(met) == 6
    # recording again changes nothing
    for game in Pairing.objects.filter(tournament=t):
        assert services.record_match(match=game.match) is False


def test_a_player_who_does_not_show_up_loses_by_time_and_the_next_round_follows():
    ann, ben = user("ann"), user("ben")
    t = create(ann, clock={"initial": 1, "increment": 0}, format="swiss", rounds=2, starts_at=PAST)
    services.tournament_join(tournament_id=t.pk, user=ann)
    services.tournament_join(tournament_id=t.pk, user=ben)  # its time has passed: it starts
    game = Pairing.objects.get(tournament=t, round=1)
    time.sleep(1.2)
    assert sweep() == 1  # the clock watcher ends it by time
    game.refresh_from_db()
    assert game.match.result["reason"] == "time"
    assert sorted([game.first_points, game.second_points]) == [0, 3]
    t.refresh_from_db()
    assert t.round == 2  # paired by itself (a rematch: nobody else is left)
    assert Pairing.objects.get(tournament=t, round=2).match.status == "active"


def test_swiss_with_an_odd_number_gives_a_bye_and_ranks_by_buchholz():
    ann, ben, cat = user("ann"), user("ben"), user("cat")
    t = create(ann, format="swiss", rounds=2)
    for u in (ann, ben, cat):
        services.tournament_join(tournament_id=t.pk, user=u)
    begin(t)
    first = list(Pairing.objects.filter(tournament=t, round=1))
    bye = next(p for p in first if p.second_id is None)
    assert bye.first.user == cat and bye.first_points == 3  # the lowest seed; a bye scores a win
    played = next(p for p in first if p.second_id is not None)
    finish(played.match, played.second.user)
    second = list(Pairing.objects.filter(tournament=t, round=2))
    assert len(second) == 2
    assert next(p for p in second if p.second_id is None).first.user != cat  # one bye each
    data = selectors.tournament_json(Tournament.objects.get(pk=t.pk))
    assert data["tiebreak"] == "buchholz" and data["format"] == "swiss"
    assert {row["name"]: row["byes"] for row in data["standings"]}["cat"] == 1


def test_computer_levels_play_as_entrants():
    ann = user("ann")
    t = create(ann, levels=["random", "greedy"], starts_at=PAST)
    services.tournament_join(tournament_id=t.pk, user=ann)
    t.refresh_from_db()
    assert t.status == "running" and t.rounds == 3  # three players: a bye each round
    bye = Pairing.objects.get(tournament=t, round=1, second=None)
    assert bye.match is None and bye.first_points == 0  # a round-robin bye scores nothing
    for game in Pairing.objects.filter(tournament=t, round=1).exclude(second=None).select_related("match"):
        seats = sorted(game.match.seats.values_list("seat", "user_id", "level"))
        wanted = [(0, game.first.user_id, game.first.level), (1, game.second.user_id, game.second.level)]
        assert seats == [(s, u, lv or "") for s, u, lv in wanted]
        assert game.match.status == "active" and not game.match.rated


def test_rated_tournaments_rate_only_games_between_people():
    ann, ben = user("ann"), user("ben")
    t = create(ann, rated=True, levels=["random"])
    for u in (ann, ben):
        services.tournament_join(tournament_id=t.pk, user=u)
    begin(t)
    rated = {
        frozenset(filter(None, (p.first.user_id, p.second.user_id if p.second else None))): p.match.rated
        for p in Pairing.objects.filter(tournament=t).exclude(second=None)
    }
    assert rated.get(frozenset((ann.pk, ben.pk))) in (True, None)
    assert all(r is False for k, r in rated.items() if len(k) < 2)


def test_cancel_aborts_the_matches_being_played():
    ann, ben = user("ann"), user("ben")
    t = create(ann, starts_at=PAST)
    services.tournament_join(tournament_id=t.pk, user=ann)
    assert refused(services.tournament_cancel, tournament_id=t.pk, user=ben).code == "cannot_cancel"
    services.tournament_join(tournament_id=t.pk, user=ben)
    assert (
        refused(services.tournament_cancel, tournament_id=t.pk, user=ann).code == "cannot_cancel"
    )  # started
    services.tournament_cancel(tournament_id=t.pk, user=None, staff=True)
    t.refresh_from_db()
    assert t.status == "cancelled"
    assert Pairing.objects.get(tournament=t).match.status == "aborted"
    assert Pairing.objects.get(tournament=t).first_points is None  # not recorded: cancelled
    services.tournament_cancel(tournament_id=t.pk, user=None, staff=True)  # twice: a no-op


def test_the_creator_cancels_an_upcoming_tournament():
    ann = user("ann")
    t = create(ann)
    services.tournament_cancel(tournament_id=t.pk, user=ann)
    assert Tournament.objects.get(pk=t.pk).status == "cancelled"


def test_nobody_voids_a_tournament_game():
    """Issue 24 (6): either player could abort a tournament game before both had moved, and
    it scored 0-0. Abort is refused there, and resigning before any move loses the game."""
    ann, ben = user("ann"), user("ben")
    t = create(ann)
    for u in (ann, ben):
        services.tournament_join(tournament_id=t.pk, user=u)
    begin(t)
    game = Pairing.objects.select_related("match").get(tournament=t, round=1)
    match = game.match
    for player in (ann, ben):
        assert refused(match_services.match_abort, match_id=match.pk, user=player).code == "cannot_abort"
    ended = match_services.match_resign(match_id=match.pk, user=game.second.user)  # no move yet
    assert ended.status == Match.Status.FINISHED and ended.result["winner"] == 0
    game.refresh_from_db()
    assert game.first_points > game.second_points  # a win for the one who stayed, not 0-0
    # a rematch of it is an ordinary match again
    again = rematches.match_rematch(match_id=match.pk, user=ann)
    assert again.abortable and match_services.match_abort(match_id=again.pk, user=ann).status == "aborted"
