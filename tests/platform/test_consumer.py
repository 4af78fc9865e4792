"""The match socket in-process: Channels' communicator on the real routing and the in-memory
channel layer. The consumer's database work runs in another thread, hence real commits."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import datetime

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client as DjangoClient
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import services
from games.matches.models import Match, Presence
from games.realtime.routing import websocket_urlpatterns
from games.rules import IllegalMove

from .conftest import (
    TIMEOUT,
    Client,
    Table,
    communicator,
    db,
    fresh,
    make_user,
    seat_table,
    start_match,
    stored,
)

pytestmark = pytest.mark.django_db(transaction=True)

REVERSI = GAMES["reversi"]


def both_connected(match: dict) -> bool:
    return all(p["connected"] for p in match["players"])


async def check_refused(table: Table, client: Client, message, code: str, others=()) -> dict:
    """``message`` is refused with ``code`` on ``client`` only, followed by a fresh state;
    nothing stored changes, the socket stays open."""
    before = await db(stored)(table.id)
    seen = client.state
    state = await client.refused(message, code)
    assert (state["ply"], state["status"], state["you"]) == (seen["ply"], seen["status"], seen["you"])
    assert state["legal_moves"] == seen["legal_moves"]
    await client.quiet()
    for other in {table.sa, table.sb, *others} - {client}:
        await other.quiet()
    assert await db(stored)(table.id) == before
    await client.ping()
    return state


# -- arriving -------------------------------------------------------------------------------
async def test_first_frame_is_the_state_once_and_the_opponent_sees_the_arrival(sockets):
    match, ann, ben = await db(start_match)()
    sa = await sockets.connect(match.pk, ann)
    assert sa.state["you"] == 0 and sa.state["id"] == match.pk
    assert [p["connected"] for p in sa.state["players"]] == [True, False]
    assert sa.state["legal_moves"] == REVERSI.legal_moves(match.state, 0)
    await sa.quiet()
    sb = await sockets.connect(match.pk, ben)
    assert sb.state["you"] == 1 and both_connected(sb.state) and sb.state["legal_moves"] == []
    await sb.quiet()  # its own arrival is not sent to it again
    arrival = await sa.recv_state()
    assert both_connected(arrival) and arrival["you"] == 0
    await sa.quiet()  # exactly one new state
    assert len(sa.frames) == 2 and len(sb.frames) == 1


async def test_a_spectator_arriving_changes_nothing_for_the_players(sockets, table):
    carl = await db(make_user)("carl")
    for user in (carl, AnonymousUser()):
        watcher = await sockets.connect(table.id, user)
        assert (watcher.state["you"], watcher.state["legal_moves"]) == (None, [])
        assert watcher.state["board"] == table.sa.state["board"] and both_connected(watcher.state)
        await watcher.quiet()
    await table.sa.quiet()
    await table.sb.quiet()


async def test_unknown_match_closes_4404(transactional_db):
    ann = await db(make_user)("ann")
    for user in (ann, AnonymousUser()):
        ws = communicator("no-such-match", user)
        await ws.connect()
        closed = await ws.receive_output(1)
        assert closed == {"type": "websocket.close", "code": 4404}
        await ws.disconnect()
    assert not await db(Presence.objects.exists)()  # nothing recorded, nothing left behind


@pytest.mark.parametrize(
    "path",
    ["/ws/matches/bad!id/", "/ws/matches/café/", f"/ws/matches/{'x' * 100}/", "/ws/elsewhere/"],
    ids=["punctuation", "non_ascii", "long", "other_path"],
)
async def test_unknown_match_closes_4404_whatever_the_path(transactional_db, path):
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    ws.scope["user"] = AnonymousUser()
    assert (await ws.connect())[0]
    assert await ws.receive_output(1) == {"type": "websocket.close", "code": 4404}
    await ws.disconnect()


# -- moves ----------------------------------------------------------------------------------
async def test_a_move_is_stored_and_both_players_get_the_new_state(table):
    move = table.sa.state["legal_moves"][0]
    await table.sa.move(move)
    seen = [await table.sa.recv_state(), await table.sb.recv_state()]
    after = await db(fresh)(table.match)
    assert after.ply == 1 and after.state == REVERSI.play(table.match.state, 0, move)
    assert await db(lambda: list(after.moves.values_list("ply", "seat", "move")))() == [(1, 0, move)]
    for seat, (state, client) in enumerate(zip(seen, (table.sa, table.sb), strict=True)):
        assert (state["ply"], state["you"], state["turn"]) == (1, seat, 1)
        assert state["last_move"] == {"ply": 1, "seat": 0, "move": move}
        assert state["board"] == REVERSI.view(after.state, seat)
        assert state["legal_moves"] == REVERSI.legal_moves(after.state, seat)
        await client.quiet()
    assert table.sb.state["legal_moves"]


async def test_a_spectator_gets_every_state_but_its_moves_are_refused(sockets, table):
    watcher = await sockets.connect(table.id, AnonymousUser())
    move = table.sa.state["legal_moves"][0]
    await check_refused(table, watcher, {"type": "move", "ply": 0, "move": move}, "not_a_player", [watcher])
    await table.sa.move(move)
    state = await watcher.recv_state()
    assert (state["ply"], state["you"], state["legal_moves"]) == (1, None, [])
    assert state["last_move"] == {"ply": 1, "seat": 0, "move": move}


async def test_every_watcher_gets_the_spectators_view_and_each_player_their_own(sockets, table):
    carl = await db(make_user)("carl")  # logged in, not a player: a spectator too
    watchers = [await sockets.connect(table.id, who) for who in (AnonymousUser(), AnonymousUser(), carl)]
    move = table.sa.state["legal_moves"][0]
    await table.sa.move(move)
    seen = [await w.recv_state() for w in watchers]
    assert seen[0] == seen[1]  # one frame, made once for all the visitors
    # a logged-in spectator's (also made once) differs only in where it may chat
    assert seen[2] == {**seen[0], "chat": {"read": ["players", "spectators"], "write": ["spectators"]}}
    assert seen[0]["chat"]["write"] == []
    assert (seen[0]["ply"], seen[0]["you"], seen[0]["legal_moves"], seen[0]["hint"]) == (1, None, [], None)
    late = await sockets.connect(table.id, AnonymousUser())  # its first state is rendered for it
    assert late.state == {**seen[0], "players": late.state["players"]}
    other = await table.sb.recv_state()  # the player to move: their own seat and moves
    assert (other["you"], other["ply"]) == (1, 1) and other["legal_moves"] != []


# -- bad_message ----------------------------------------------------------------------------
def bad_frames(move: dict) -> dict[str, str | bytes]:
    """Frames that are not a message: each would be a legal move if it were read as one."""
    ok = {"type": "move", "ply": 0, "move": move}
    frames = {
        "not_json": "this is not JSON",
        "binary": b'{"type": "ping"}',
        "json_array": json.dumps([ok]),
        "json_string": json.dumps("move"),
        "json_null": "null",
        "unknown_type": json.dumps({"type": "dance"}),
        "type_not_a_string": json.dumps({"type": ["move"]}),
        "no_type": json.dumps({"ply": 0, "move": move}),
        "missing_ply": json.dumps({"type": "move", "move": move}),
        "missing_move": json.dumps({"type": "move", "ply": 0}),
        "extra_field": json.dumps({**ok, "extra": 1}),
        "ply_string": json.dumps({**ok, "ply": "0"}),
        "ply_float": json.dumps({**ok, "ply": 0.0}),
        "ply_bool": json.dumps({**ok, "ply": False}),
        "ply_null": json.dumps({**ok, "ply": None}),
        "move_not_an_object": json.dumps({**ok, "move": move["cell"]}),
        "move_a_list": json.dumps({**ok, "move": [move]}),
        "nan": f'{{"type": "move", "ply": NaN, "move": {json.dumps(move)}}}',
        "infinity": f'{{"type": "move", "ply": Infinity, "move": {json.dumps(move)}}}',
        "minus_infinity": f'{{"type": "move", "ply": -Infinity, "move": {json.dumps(move)}}}',
        "nested_deep": "[" * 1100 + "]" * 1100,
        "nested_deep_in_a_move": '{"type": "move", "ply": 0, "move": {"a": ' + "[" * 1100 + "]" * 1100 + "}}",
        "over_64_kib_move": json.dumps({**ok, "pad": "x" * (64 * 1024)}),
        "over_64_kib_ping": json.dumps({"type": "ping", "pad": "x" * (64 * 1024)}),
    }
    return frames


BAD_FRAMES = list(bad_frames({"cell": "A1"}))


@pytest.mark.parametrize("kind", BAD_FRAMES)
async def test_bad_message_is_refused_and_the_socket_stays_open(table, kind):
    frame = bad_frames(table.sa.state["legal_moves"][0])[kind]
    await check_refused(table, table.sa, frame, "bad_message")


async def test_bad_message_for_a_frame_over_64_kib_of_utf8(table):
    frame = json.dumps({"type": "ping", "pad": "é" * (33 * 1024)}, ensure_ascii=False)
    assert len(frame.encode()) > 64 * 1024 > len(frame)
    await check_refused(table, table.sa, frame, "bad_message")


# -- refusals of the rules and of the match ---------------------------------------------------
@pytest.mark.parametrize("message", [{"type": "move", "ply": 0}, {"type": "resign"}, {"type": "abort"}])
@pytest.mark.parametrize("who", ["spectator", "anonymous"])
async def test_not_a_player_for_a_spectator_or_a_visitor(sockets, table, who, message):
    user = await db(make_user)("carl") if who == "spectator" else AnonymousUser()
    watcher = await sockets.connect(table.id, user)
    if "ply" in message:
        message = {**message, "move": table.sa.state["legal_moves"][0]}
    await check_refused(table, watcher, message, "not_a_player", [watcher])


async def test_not_your_turn_on_the_opponents_turn(table):
    move = table.sa.state["legal_moves"][0]
    await check_refused(table, table.sb, {"type": "move", "ply": 0, "move": move}, "not_your_turn")
    await table.sa.move(move)
    await table.sa.recv_state()
    await table.sb.recv_state()
    reply = table.sb.state["legal_moves"][0]
    await check_refused(table, table.sa, {"type": "move", "ply": 1, "move": reply}, "not_your_turn")


async def test_not_your_turn_before_the_match_starts(sockets):
    ann = await db(make_user)("ann")
    match = await db(services.match_create)(user=ann, game="reversi", options={}, opponent="open", side=0)
    sa = await sockets.connect(match.pk, ann)
    assert sa.state["status"] == "waiting" and sa.state["legal_moves"] == []
    move = REVERSI.legal_moves(match.state, 0)[0]
    before = await db(stored)(match.pk)
    await sa.refused({"type": "move", "ply": 0, "move": move}, "not_your_turn")
    assert await db(stored)(match.pk) == before
    await sa.ping()


@pytest.mark.parametrize("ply", [0, 2, 99, -1, 2**40])
async def test_stale_ply(table, ply):
    await table.sa.move(table.sa.state["legal_moves"][0])
    await table.sa.recv_state()
    await table.sb.recv_state()
    reply = table.sb.state["legal_moves"][0]
    await check_refused(table, table.sb, {"type": "move", "ply": ply, "move": reply}, "stale_ply")


async def test_stale_ply_for_the_same_move_sent_twice(table):
    message = {"type": "move", "ply": 0, "move": table.sa.state["legal_moves"][0]}
    await table.sa.send(message)
    await table.sa.recv_state()
    await table.sb.recv_state()
    await check_refused(table, table.sa, message, "stale_ply")
    assert await db(lambda: fresh(table.match).moves.count())() == 1


ILLEGAL = [
    {"cell": "A1"},
    {"cell": "Z99"},
    {"cell": ""},
    {"cell": 5},
    {},
    {"pass": True},
    {"cell": "C3", "x": 1},
]


@pytest.mark.parametrize("move", ILLEGAL, ids=json.dumps)
async def test_illegal_move(table, move):
    with pytest.raises(IllegalMove):
        REVERSI.play(table.match.state, 0, move)
    state = await check_refused(table, table.sa, {"type": "move", "ply": 0, "move": move}, "illegal_move")
    assert state["legal_moves"] == REVERSI.legal_moves(table.match.state, 0) != []


@pytest.mark.parametrize("message", [{"type": "move", "ply": 0}, {"type": "resign"}, {"type": "abort"}])
async def test_match_over(table, message):
    await table.sa.move(table.sa.state["legal_moves"][0])
    await table.sb.wait_state(lambda m: m["ply"] == 1)
    move = table.sb.state["legal_moves"][0]
    await table.sb.send({"type": "resign"})
    for client in (table.sa, table.sb):
        await client.wait_state(lambda m: m["status"] == "finished")
    if "ply" in message:
        message = {**message, "ply": 1, "move": move}
    for client in (table.sa, table.sb):
        await check_refused(table, client, message, "match_over")


async def test_rate_limited_after_a_burst(settings, table):
    burst, rate = settings.MOVE_RATE_BURST, settings.MOVE_RATE_PER_SECOND
    before = await db(stored)(table.id)
    flood = {"type": "move", "ply": 999, "move": table.sa.state["legal_moves"][0]}
    count = burst + 15
    for _ in range(count):
        await table.sa.send(flood)
    answers = [await table.sa.recv() for _ in range(2 * count)]
    assert [m["type"] for m in answers] == ["error", "state"] * count
    codes = [m["code"] for m in answers[::2]]
    assert codes[:burst] == ["stale_ply"] * burst  # the burst allowance comes first
    assert "rate_limited" in codes and set(codes) == {"stale_ply", "rate_limited"}
    assert all(m["match"]["ply"] == 0 for m in answers[1::2])
    await table.sa.quiet()
    await table.sb.quiet()
    assert await db(stored)(table.id) == before
    await asyncio.sleep(1.5 / rate)  # a token comes back
    await table.sa.ping()


# -- resign and abort -------------------------------------------------------------------------
async def test_resign_over_the_socket(table):
    await table.sa.move(table.sa.state["legal_moves"][0])
    for client in (table.sa, table.sb):
        await client.wait_state(lambda m: m["ply"] == 1)
    await table.sa.send({"type": "resign"})
    for client in (table.sa, table.sb):
        state = await client.recv_state()
        assert (state["status"], state["to_move"], state["legal_moves"]) == ("finished", [], [])
        assert (state["result"]["winner"], state["result"]["resigned"]) == (1, 0)
        assert state["result"]["reason"] == "resign"
        await client.quiet()
    assert (await db(fresh)(table.match)).status == Match.Status.FINISHED


async def test_resign_before_any_move_aborts(table):
    """Nobody has moved: there is nothing to lose, so resigning aborts the match."""
    await table.sb.send({"type": "resign"})
    for client in (table.sa, table.sb):
        state = await client.recv_state()
        assert (state["status"], state["result"], state["to_move"]) == ("aborted", None, [])
        await client.quiet()
    assert (await db(fresh)(table.match)).status == Match.Status.ABORTED


async def test_abort_over_the_socket_before_the_second_players_first_move(table):
    await table.sa.move(table.sa.state["legal_moves"][0])
    await table.sa.recv_state()
    await table.sb.recv_state()
    assert table.sb.state["can_abort"] is True
    await table.sb.send({"type": "abort"})
    for client in (table.sa, table.sb):
        state = await client.recv_state()
        assert (state["status"], state["legal_moves"], state["result"]) == ("aborted", [], None)
        await client.quiet()


async def test_cannot_abort_over_the_socket_after_both_moved(table):
    for client in (table.sa, table.sb):
        await client.move(client.state["legal_moves"][0])
        await table.sa.recv_state()
        await table.sb.recv_state()
    assert table.sa.state["can_abort"] is False
    for client in (table.sa, table.sb):
        state = await check_refused(table, client, {"type": "abort"}, "cannot_abort")
        assert state["status"] == "active"


# -- leaving --------------------------------------------------------------------------------
async def test_disconnect_closes_the_presence_row_and_the_opponent_sees_when(sockets, table):
    ann_rows = Presence.objects.filter(match_id=table.id, user=table.ann)
    open_rows = ann_rows.filter(left_at__isnull=True)
    assert await db(open_rows.count)() == 1
    assert [p["away_since"] for p in table.sb.state["players"]] == [None, None]
    before = timezone.now().replace(microsecond=0)
    await sockets.close(table.sa)
    gone = await table.sb.recv_state()
    assert [p["connected"] for p in gone["players"]] == [False, True]
    since = datetime.fromisoformat(gone["players"][0]["away_since"])
    assert before <= since <= timezone.now() and gone["players"][1]["away_since"] is None
    await table.sb.quiet()
    assert await db(open_rows.count)() == 0 and await db(ann_rows.count)() == 1  # when she left

    back = await sockets.connect(table.id, table.ann)  # she is back: no longer away
    state = await table.sb.recv_state()
    assert [p["away_since"] for p in state["players"]] == [None, None] and both_connected(state)
    assert back.state["players"][0]["away_since"] is None
    assert await db(ann_rows.count)() == 1  # the record of leaving is gone


async def test_closing_one_of_two_sockets_keeps_the_player_connected(sockets, table):
    second = await sockets.connect(table.id, table.ann)
    await table.sb.wait_state(both_connected)  # (her arrival again)
    await sockets.close(second)
    state = await table.sb.recv_state()
    assert both_connected(state)
    await table.sb.quiet()


# -- Alpha Battle -------------------------------------------------------------------------------
async def test_alpha_battle_setup_never_reaches_the_opponent_before_both_are_in(sockets):
    table = await seat_table(sockets, "alpha_battle")
    watcher = await sockets.connect(table.id, AnonymousUser())
    rules, rng = GAMES["alpha_battle"], random.Random(5)
    setups = [rules.random_move(table.match.state, seat, rng) for seat in (0, 1)]
    secret = setups[0]["letters"]
    await table.sa.move(setups[0], ply=0)
    own = await table.sa.recv_state()
    assert own["board"]["setups"][0] == setups[0] and own["legal_moves"] == []
    for client in (table.sb, watcher):
        state = await client.recv_state()
        assert state["ply"] == 1 and state["last_move"]["move"] == {"committed": True}
        assert state["board"]["committed"] == [True, False] and state["board"]["setups"] == [None, None]
        await client.quiet()
    assert table.sb.state["legal_moves"] and table.sb.state["to_move"] == [1]
    hidden = {id(c): len(c.frames) for c in (table.sb, watcher)}
    # Ben commits on the ply he saw first: only the other seat acted since, so it counts
    await table.sb.move(setups[1], ply=0)
    for client in (table.sa, table.sb, watcher):
        state = await client.wait_state(lambda m: m["status"] == "finished")
        assert state["board"]["setups"] == setups and state["result"] is not None
    for client in (table.sb, watcher):
        before_reveal = "".join(client.frames[: hidden[id(client)]])
        indices = json.dumps(setups[0]["indices"], separators=(",", ":"))  # as the frames write it
        assert secret not in before_reveal and indices not in before_reveal
        assert secret in client.frames[-1] and indices in client.frames[-1]  # (the checks would see it)


# -- the computer ---------------------------------------------------------------------------
@pytest.mark.parametrize("side", [0, 1])
async def test_a_computer_opponent_answers_by_itself(settings, sockets, side):
    settings.COMPUTER_MOVE_DELAY = 0
    ann = await db(make_user)("ann")
    match = await db(services.match_create)(
        user=ann, game="reversi", options={"size": 4}, opponent="computer", side=side, level="random"
    )
    sa = await sockets.connect(match.pk, ann)
    if side == 0:
        assert sa.state["turn"] == 0
        await sa.move(sa.state["legal_moves"][0], ply=0)

    def answered(m: dict) -> bool:  # Ann's turn again after the computer's move (or the end)
        return m["status"] != "active" or (m["turn"] == side and m["ply"] >= 2 - side)

    state = sa.state if side == 1 and answered(sa.state) else await sa.wait_state(answered, timeout=20)
    stored_match = await db(fresh)(match)
    moves = await db(lambda: list(stored_match.moves.values_list("ply", "seat", "forced")))()
    assert (1 - side) in {seat for _, seat, forced in moves if not forced}  # the computer played
    assert state["ply"] == stored_match.ply == len(moves)
    assert state["legal_moves"] == REVERSI.legal_moves(stored_match.state, side)


# -- absent players -----------------------------------------------------------------------------
async def test_a_player_with_no_socket_is_skipped_after_absent_skip_seconds(settings, sockets):
    settings.ABSENT_SKIP_SECONDS = 0.2
    match, ann, _ = await db(start_match)("journey", {"players": 2, "seed": 3})  # a fixed world
    sa = await sockets.connect(match.pk, ann)  # Ben never connects
    rules, rng = GAMES["journey"], random.Random(1)
    while sa.state["status"] == "active" and sa.state["to_move"] == [0]:
        state = (await db(fresh)(match)).state
        await sa.move(rules.random_move(state, 0, rng))
        await sa.recv_state()
    before = await db(fresh)(match)
    assert rules.to_move(before.state) == [1]
    started = asyncio.get_running_loop().time()
    skipped = await sa.recv_state(timeout=5)
    assert asyncio.get_running_loop().time() - started >= settings.ABSENT_SKIP_SECONDS * 0.9
    skip = rules.skip_move(before.state, 1)
    assert skipped["last_move"] == {"ply": before.ply + 1, "seat": 1, "move": skip}
    moves = await db(lambda: list(before.moves.values_list("seat", "move")))()
    assert [move for seat, move in moves if seat == 0 and move == skip] == []  # Ann, connected, never was


# -- closing --------------------------------------------------------------------------------------
async def closed_with(client: Client) -> int:
    output = await client.ws.receive_output(TIMEOUT)
    assert output["type"] == "websocket.close", output
    return output["code"]


async def test_logout_closes_every_socket_of_the_user_4401(sockets, table):
    second = await sockets.connect(table.id, table.ann)
    for client in (table.sa, table.sb):  # (the second socket's arrival)
        await client.recv_state()

    def log_out() -> int:
        browser = DjangoClient()
        browser.force_login(table.ann)
        return browser.post("/accounts/logout/").status_code

    assert await db(log_out)() == 302
    assert [await closed_with(c) for c in (table.sa, second)] == [4401, 4401]
    await table.sb.ping()  # Ben's socket stays open


async def test_a_password_change_closes_the_users_sockets_4401(table):
    def change_password() -> None:
        table.ann.set_password("another secret")
        table.ann.save()

    await db(change_password)()
    assert await closed_with(table.sa) == 4401
    await table.sb.ping()


async def test_too_many_sockets_of_one_user_close_4429(settings, sockets, table):
    for _ in range(settings.MAX_SOCKETS_PER_USER - 1):  # Ann has one already
        await sockets.connect(table.id, table.ann)
    ws = communicator(table.id, table.ann)
    assert (await ws.connect())[0]
    assert await ws.receive_output(TIMEOUT) == {"type": "websocket.close", "code": 4429}
    await ws.disconnect()
    rows = Presence.objects.filter(match_id=table.id, user=table.ann)
    assert await db(rows.count)() == settings.MAX_SOCKETS_PER_USER  # the refused one was not recorded
