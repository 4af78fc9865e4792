"""The match object of protocol.md as the selectors build it: its fields, the per-viewer
parts (``you``, ``board``, ``legal_moves``, ``hint``), presence, ``can_abort``,
``rematch_url``, and Alpha Battle's secret setup."""

from __future__ import annotations

import json
import random
from datetime import UTC, timedelta

import orjson
import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import F
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import presence, rematches, services, wording
from games.matches.models import Match, Presence
from games.matches.replays import replay_json
from games.matches.selectors import for_seat, match_for_user, match_public, match_rows, players

from .conftest import fresh, make_user, start_match

pytestmark = pytest.mark.django_db(transaction=True)

# protocol.md's required fields, and those docs/protocol.md adds
REQUIRED = {"id", "game", "options", "status", "players", "ply", "to_move", "turn", "you", "board"}
REQUIRED |= {"legal_moves", "last_move", "result"}
EXTENDED = {"name", "hint", "url", "invite_url", "replay_url", "can_abort", "rematch_url"}
PLAYER_FIELDS = {"seat", "username", "connected", "computer", "label", "away_since", "rating", "provisional"}
PLAYER_FIELDS |= {"bot"}  # players[].bot (bot accounts)
PLAYER_FIELDS |= {"invited"}  # players[].invited (a free seat kept for someone)


def view(match: Match, user) -> dict:
    return match_for_user(fresh(match), user)


def mark_present(match: Match, user, age_seconds: float = 0, channel: str | None = None) -> None:
    seen = timezone.now() - timedelta(seconds=age_seconds)
    channel = channel or f"test.{user.username}.{age_seconds}"
    Presence.objects.create(channel_name=channel, match=match, user=user, seen_at=seen)
    # as ``presence.join`` does: what the cache holds of the match's presence is out of date
    Match.objects.filter(pk=match.pk).update(presence_version=F("presence_version") + 1)
    match.presence_version = Match.objects.get(pk=match.pk).presence_version


# -- the fields ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_match_object_has_every_field_of_the_protocol(game):
    match, ann, ben = start_match(game)
    rules = match.rules
    for user, you in ((ann, 0), (ben, 1), (AnonymousUser(), None)):
        data = view(match, user)
        assert REQUIRED | EXTENDED <= set(data), REQUIRED | EXTENDED - set(data)
        assert "state" not in data  # the raw state never leaves the server
        assert data["id"] == match.pk and data["game"] == game and data["name"] == rules.name
        assert data["options"] == match.options and data["status"] == "active" and data["ply"] == 0
        assert data["you"] == you and data["result"] is None and data["last_move"] is None
        assert data["board"] == rules.view(match.state, you)
        assert data["url"] == f"/m/{match.pk}/" and data["invite_url"] == f"/m/{match.pk}/join/"
        assert data["replay_url"] == f"/r/{match.replay_slug}/"
        assert [set(p) for p in data["players"]] == [PLAYER_FIELDS] * 2
        assert [(p["seat"], p["username"], p["computer"]) for p in data["players"]] == [
            (0, "ann", None),
            (1, "ben", None),
        ]
        assert [p["label"] for p in data["players"]] == list(rules.seat_names[:2])
        json.dumps(data)  # plain JSON


def test_a_free_seat_has_no_username_and_a_computer_seat_names_its_level():
    ann = make_user("ann")
    waiting = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=1)
    assert [(p["username"], p["computer"]) for p in view(waiting, ann)["players"]] == [
        (None, None),
        ("ann", None),
    ]
    computer = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side=0, level="greedy"
    )
    seat = view(computer, ann)["players"][1]
    assert (seat["username"], seat["computer"], seat["connected"]) == (None, "greedy", True)


def test_you_is_the_viewers_seat_or_null():
    match, ann, ben = start_match()
    carl = make_user("carl")
    assert [view(match, u)["you"] for u in (ann, ben, carl, AnonymousUser(), None)] == [
        0,
        1,
        None,
        None,
        None,
    ]


# -- whose turn, and what they may play -----------------------------------------------------
def test_legal_moves_only_for_the_seat_to_move():
    match, ann, ben = start_match("reversi", {"size": 6})
    rules, carl = match.rules, make_user("carl")
    data = view(match, ann)
    assert data["legal_moves"] == rules.legal_moves(match.state, 0) != []
    for user in (ben, carl, AnonymousUser()):
        assert view(match, user)["legal_moves"] == []
    services.move_play(match_id=match.pk, user=ann, ply=0, move=data["legal_moves"][0])
    match = fresh(match)
    assert view(match, ann)["legal_moves"] == []
    assert view(match, ben)["legal_moves"] == rules.legal_moves(match.state, 1) != []


def test_turn_and_to_move_follow_the_rules():
    match, ann, _ = start_match("reversi", {"size": 6})
    rules = match.rules
    for _ in range(3):
        data = view(match, ann)
        assert data["to_move"] == rules.to_move(match.state)
        assert data["turn"] == data["to_move"][0]
        mover = data["to_move"][0]
        services.move_play(
            match_id=match.pk,
            user=match.seats.get(seat=mover).user,
            ply=match.ply,
            move=rules.legal_moves(match.state, mover)[0],
        )
        match = fresh(match)


def test_nobody_moves_before_the_start():
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    assert match.rules.legal_moves(fresh(match).state, 0)  # the rules would allow moves ...
    data = view(match, ann)
    assert (data["status"], data["to_move"], data["turn"], data["legal_moves"]) == ("waiting", [], None, [])


def test_both_seats_move_during_alpha_battles_setup():
    match, ann, ben = start_match("alpha_battle")
    data = view(match, ann)
    assert data["to_move"] == match.rules.to_move(match.state) == [0, 1] and data["turn"] is None
    assert data["legal_moves"] == match.rules.legal_moves(match.state, 0) == view(match, ben)["legal_moves"]
    setup = match.rules.random_move(match.state, 0, random.Random(3))
    services.move_play(match_id=match.pk, user=ann, ply=0, move=setup)
    data = view(match, ben)
    assert data["to_move"] == [1] and data["turn"] == 1 and data["legal_moves"]
    assert view(match, ann)["legal_moves"] == []


@pytest.mark.parametrize("end", ["resign", "abort"])
def test_nobody_moves_once_the_match_is_over(end):
    match, ann, ben = start_match()
    if end == "resign":  # after a move (before any, resigning aborts)
        services.move_play(match_id=match.pk, user=ann, ply=0, move=view(match, ann)["legal_moves"][0])
    getattr(services, f"match_{end}")(match_id=match.pk, user=ann)
    assert fresh(match).status == ("finished" if end == "resign" else "aborted")
    for user in (ann, ben):
        data = view(match, user)
        assert (data["to_move"], data["turn"], data["legal_moves"], data["hint"]) == ([], None, [], None)
    stored = fresh(match).result
    result = view(match, ben)["result"]
    if end == "abort":
        assert result is None and stored is None
    else:  # the stored result, plus its reason in words (nothing more to say: "resign")
        assert result == {**stored, "reason_text": ""}


def test_the_result_carries_its_reason_in_the_servers_words():
    """``result.reason_text``: worded when the match object is built (results stored without
    it have it), the same for every viewer and the replay, from ``wording.REASONS``, and
    added to a copy (the public data is shared by every viewer)."""
    match, ann, ben = start_match()
    match = fresh(match)
    match.status = Match.Status.FINISHED  # stored as results were before reason_text
    match.result = {"winner": 0, "winners": [0], "draw": False, "reason": "board full", "score": {}}
    match.save()
    public = match_public(fresh(match))
    for username in ("ann", "ben", None):
        assert for_seat(public, username)["result"]["reason_text"] == "the board is full"
    assert "reason_text" not in public["result"]
    summary = json.loads(replay_json(fresh(match)))["match"]
    assert summary["result"]["reason_text"] == wording.REASONS["board full"] == "the board is full"
    assert match_for_user(fresh(match), AnonymousUser())["result"]["reason"] == "board full"


WINNABLE = {"start": ".....\n.....\nYYY..\nRRR.."}  # Red to move wins in column 3


def test_hint_against_the_computer_for_the_player_to_move_only():
    ann = make_user("ann")
    match = services.match_create(
        user=ann, game="connect_four", options=WINNABLE, opponent="computer", side=0, level="random"
    )
    rules = match.rules
    assert rules.hint(match.state, 0) is not None
    assert view(match, ann)["hint"] == rules.hint(match.state, 0)
    assert view(match, AnonymousUser())["hint"] is None


def test_no_hint_between_people():
    """A hint in a game between people would play the winning move for one of them."""
    match, ann, ben = start_match("connect_four", WINNABLE)
    assert match.rules.hint(match.state, 0) is not None
    assert view(match, ann)["legal_moves"] and view(match, ann)["hint"] is None
    assert view(match, ben)["hint"] is None and view(match, AnonymousUser())["hint"] is None


# -- last_move ----------------------------------------------------------------------------
def test_last_move_is_null_then_the_latest_stored_move():
    match, ann, ben = start_match("reversi", {"size": 6})
    assert view(match, ann)["last_move"] is None
    move = view(match, ann)["legal_moves"][0]
    services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
    for user in (ann, ben, AnonymousUser()):
        assert view(match, user)["last_move"] == {"ply": 1, "seat": 0, "move": move}


def test_last_move_given_by_the_service_is_used_as_is():
    match, ann, _ = start_match()
    given = {"ply": 7, "seat": 1, "move": {"cell": "A1"}}
    assert for_seat(match_public(match, last_move=given), "ann")["last_move"] == given
    assert for_seat(match_public(match, last_move=None), "ann")["last_move"] is None


def test_last_move_after_a_forced_pass_is_the_pass():
    match, ann, _ = start_match("reversi", {"size": 4, "blocks": "A2 A4 C4"})
    rules = match.rules
    move = next(m for m in rules.legal_moves(match.state, 0) if rules.forced(rules.play(match.state, 0, m)))
    seat, pass_move = rules.forced(rules.play(match.state, 0, move))
    services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
    assert view(match, ann)["last_move"] == {"ply": 2, "seat": seat, "move": pass_move}


# -- presence -----------------------------------------------------------------------------
def connected(match: Match) -> list[bool]:
    return [p["connected"] for p in players(fresh(match))]


def test_connected_comes_from_presence_rows(settings):
    match, ann, ben = start_match()
    assert connected(match) == [False, False]
    mark_present(match, ann)
    assert connected(match) == [True, False]
    mark_present(match, ben, age_seconds=settings.PRESENCE_TIMEOUT_SECONDS / 2)
    assert connected(match) == [True, True]
    assert [p["connected"] for p in view(match, AnonymousUser())["players"]] == [True, True]


def test_stale_presence_rows_count_as_gone(settings):
    match, ann, ben = start_match()
    mark_present(match, ann, age_seconds=settings.PRESENCE_TIMEOUT_SECONDS + 5)
    assert connected(match) == [False, False]
    mark_present(match, ann, age_seconds=1)  # a second socket, live
    assert connected(match) == [True, False]


def test_a_touched_stale_socket_is_live_again_and_leaving_removes_it(settings):
    match, ann, _ = start_match()
    mark_present(match, ann, age_seconds=settings.PRESENCE_TIMEOUT_SECONDS + 5, channel="test.ann")
    presence.touch(channel_names=["test.ann"])  # (what a ping and the heartbeat do)
    assert connected(match) == [True, False]
    presence.leave(match_id=match.pk, channel_name="test.ann")
    assert connected(match) == [False, False]
    assert not Presence.objects.filter(left_at__isnull=True).exists()


def test_away_since_is_when_the_last_socket_closed_or_its_process_stopped(settings):
    match, ann, ben = start_match()
    away = lambda: [p["away_since"] for p in players(fresh(match))]  # noqa: E731
    assert away() == [None, None]  # never came: not "away" (nothing to count from)
    mark_present(match, ann, channel="test.ann")
    mark_present(match, ann, channel="test.ann2")
    presence.leave(match_id=match.pk, channel_name="test.ann")
    assert away() == [None, None]  # another socket of hers is open
    presence.leave(match_id=match.pk, channel_name="test.ann2")
    left = Presence.objects.get(match=match, user=ann).left_at
    assert away()[0] == left.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert Presence.objects.filter(match=match, user=ann).count() == 1  # one record of leaving

    stale = settings.PRESENCE_TIMEOUT_SECONDS + 5  # ben's server died: away since last seen
    mark_present(match, ben, age_seconds=stale, channel="test.ben")
    seen = Presence.objects.get(channel_name="test.ben").seen_at
    assert away()[1] == seen.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert [p["connected"] for p in players(fresh(match))] == [False, False]

    presence.join(match_id=match.pk, user=ann, channel_name="test.ann3")  # back
    assert away()[0] is None and Presence.objects.filter(match=match, user=ann).count() == 1


def test_presence_elsewhere_does_not_count():
    match, ann, ben = start_match()
    other, _, _ = start_match("reversi", None, ("cid", "dan"))
    mark_present(other, ann)  # Ann is on another match's page
    mark_present(match, make_user("carl"))  # a spectator is here
    assert connected(match) == [False, False]


# -- can_abort and rematch_url --------------------------------------------------------------
def test_can_abort_until_the_second_players_first_move():
    ann = make_user("ann")
    waiting = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    assert view(waiting, ann)["can_abort"] is True
    match, ann, ben = start_match("reversi", None, ("cid", "dan"))
    rules, seen = match.rules, []
    for user, seat in ((ann, 0), (ben, 1)):
        seen.append(view(match, user)["can_abort"])
        services.move_play(
            match_id=match.pk, user=user, ply=match.ply, move=rules.legal_moves(match.state, seat)[0]
        )
        match = fresh(match)
    seen.append(view(match, ann)["can_abort"])
    assert seen == [True, True, False]
    services.match_resign(match_id=match.pk, user=ann)
    assert view(match, ann)["can_abort"] is False


def test_cannot_abort_an_aborted_match():
    match, ann, ben = start_match()
    services.match_abort(match_id=match.pk, user=ann)
    assert view(match, ann)["can_abort"] is False and view(match, ben)["status"] == "aborted"


def test_rematch_url_points_to_the_rematch():
    match, ann, ben = start_match()
    assert view(match, ann)["rematch_url"] is None
    services.move_play(match_id=match.pk, user=ann, ply=0, move=view(match, ann)["legal_moves"][0])
    services.match_resign(match_id=match.pk, user=ann)
    assert fresh(match).status == Match.Status.FINISHED
    assert view(match, ann)["rematch_url"] is None
    new = rematches.match_rematch(match_id=match.pk, user=ben)
    for user in (ann, ben, AnonymousUser()):
        assert view(match, user)["rematch_url"] == f"/m/{new.pk}/"
    assert view(new, ann)["rematch_url"] is None


def test_match_rows_list_a_players_matches():
    match, ann, ben = start_match()
    rows = match_rows(Match.objects.of_user(ann), ann)
    assert [r["id"] for r in rows] == [match.pk]
    (row,) = rows
    assert (row["you"], row["to_move"], row["ply"], row["status"]) == (
        0,
        match.rules.to_move(match.state),
        0,
        "active",
    )
    assert [p["username"] for p in row["players"]] == ["ann", "ben"]
    assert match_rows(Match.objects.of_user(ben), ben)[0]["you"] == 1


# -- Alpha Battle: a setup stays secret until both are in -------------------------------------
def secret_texts(setup: dict) -> list[str]:
    """Seat 0's setup as it could appear in JSON text: its letters, its indices."""
    indices = setup["indices"]
    return [setup["letters"].lower(), json.dumps(indices), orjson.dumps(indices).decode()]


def assert_hidden(data, setup: dict) -> None:
    text = json.dumps(data).lower()
    for secret in secret_texts(setup):
        assert secret.lower() not in text, secret


def committed_by_seat_0():
    match, ann, ben = start_match("alpha_battle")
    setup = match.rules.random_move(match.state, 0, random.Random(11))
    setup = {**setup, "letters": setup["letters"].lower()}  # accepted in lower case too
    services.move_play(match_id=match.pk, user=ann, ply=0, move=setup)
    return fresh(match), ann, ben, setup


def test_alpha_battle_setup_is_hidden_from_the_opponent_and_spectators():
    match, ann, ben, setup = committed_by_seat_0()
    assert match.status == "active" and match.rules.to_move(match.state) == [1]
    for user in (ben, make_user("carl"), AnonymousUser()):
        data = view(match, user)
        assert_hidden(data, setup)
        assert data["last_move"] == {"ply": 1, "seat": 0, "move": {"committed": True}}
        assert data["board"]["setups"] == [None, None] and data["board"]["committed"] == [True, False]


def test_alpha_battle_setup_is_hidden_in_the_state_announced_with_the_move(changes):
    match, ann, ben = start_match("alpha_battle")
    setup = match.rules.random_move(match.state, 0, random.Random(12))
    changes.clear()
    services.move_play(match_id=match.pk, user=ann, ply=0, move=setup)
    (change,) = changes.seen
    assert change.public["last_move"]["move"] == setup  # what the service knows ...
    for username in ("ben", None):  # ... is not what the others are shown
        data = for_seat(change.public, username)
        assert_hidden(data, setup)
        assert data["last_move"]["move"] == {"committed": True}


def test_alpha_battle_seat_0_sees_its_own_setup():
    match, ann, _, setup = committed_by_seat_0()
    data = view(match, ann)
    normalised = {**setup, "letters": setup["letters"].upper()}
    assert data["board"]["setups"][0] == normalised and data["board"]["setups"][1] is None
    assert data["last_move"]["move"]["letters"].upper() == normalised["letters"]
    text = json.dumps(data).lower()
    # (what the others must not see, in the form assert_hidden looks for)
    assert setup["letters"].lower() in text and json.dumps(setup["indices"]) in text


def test_alpha_battle_setup_is_hidden_in_the_replay():
    match, _, _, setup = committed_by_seat_0()
    text = replay_json(match).lower()
    for secret in secret_texts(setup):
        assert secret not in text


def test_alpha_battle_setup_stays_hidden_when_the_match_ends_before_both_are_in():
    match, ann, ben, setup = committed_by_seat_0()
    services.match_resign(match_id=match.pk, user=ben)
    match = fresh(match)
    for user in (ben, AnonymousUser()):
        assert_hidden(view(match, user), setup)
    text = replay_json(match).lower()
    assert all(secret not in text for secret in secret_texts(setup))


def test_alpha_battle_both_setups_are_shown_once_both_are_in():
    match, ann, ben, setup = committed_by_seat_0()
    other = match.rules.random_move(match.state, 1, random.Random(13))
    services.move_play(match_id=match.pk, user=ben, ply=1, move=other)
    match = fresh(match)
    assert match.status == "finished"
    data = view(match, AnonymousUser())
    assert data["board"] == match.rules.view(match.state, None)
    assert data["board"]["setups"][0]["letters"] == setup["letters"].upper()
    assert data["board"]["setups"][1] == other
    assert data["last_move"] == {"ply": 2, "seat": 1, "move": other}


def test_players_opening_a_finished_match_are_shown_connected():
    """Presence is read again when a player comes or goes, over or not (not only while the
    match is live, when it is also announced): the second player sees themselves there."""
    match, ann, ben = start_match("reversi", {"size": 4})
    services.match_resign(match_id=match.pk, user=ann)  # before a move: aborted
    presence.join(match_id=match.pk, user=ann, channel_name="ann-socket")
    public = presence.join(match_id=match.pk, user=ben, channel_name="ben-socket")
    assert [p["connected"] for p in public["players"]] == [True, True]
    presence.leave(match_id=match.pk, channel_name="ann-socket")
    assert [p["connected"] for p in match_public(fresh(match))["players"]] == [False, True]
