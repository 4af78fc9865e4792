"""Draw offers on a real daphne (issue 25): two people and a spectator over real sockets, then
a bot (its API token on the socket) and a person. Every socket sees ``draw_offer``; every
refusal code comes back on the sender's socket only, which stays open, and changes nothing.
"""

from __future__ import annotations

import asyncio

from tests.live.helpers import Table, refused, settle
from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player


async def offer_seen(sockets, seat) -> list[dict]:
    """Every socket's next state with ``draw_offer`` == ``seat``."""
    return await asyncio.gather(*(s.wait_state(lambda m: m["draw_offer"] == seat) for s in sockets))


async def test_offer_decline_then_agree_between_two_people_and_a_spectator(site):
    table: Table = await site.table({"size": 6})
    watcher = await table.watch(site.player("carl"))
    assert table.sa.state["draw_offer"] is None
    await refused(table, table.sa, {"type": "offer_draw"}, "cannot_offer_draw")  # nobody moved yet
    await refused(table, table.sb, {"type": "accept_draw"}, "no_draw_offer")
    for _ in range(2):
        await table.play(table.seat_socket(table.sa.state["turn"]).state["legal_moves"][0])

    await table.sa.send({"type": "offer_draw"})
    states = await offer_seen(table.sockets, 0)
    assert all(state["status"] == "active" for state in states)
    await refused(table, table.sa, {"type": "offer_draw"}, "cannot_offer_draw")  # hers stands
    await refused(table, table.sa, {"type": "accept_draw"}, "no_draw_offer")  # her own offer
    await refused(table, watcher, {"type": "decline_draw"}, "not_a_player")
    await table.sb.send({"type": "decline_draw"})
    await offer_seen(table.sockets, None)
    await refused(table, table.sa, {"type": "offer_draw"}, "cannot_offer_draw")  # within 20 moves

    await table.sb.send({"type": "offer_draw"})
    await offer_seen(table.sockets, 1)
    await table.sa.send({"type": "accept_draw"})
    finals = await asyncio.gather(*(s.wait_state(lambda m: m["status"] == "finished") for s in table.sockets))
    for final in finals:
        assert final["result"]["draw"] and final["result"]["reason"] == "agreement", final["result"]
        assert final["draw_offer"] is None
    assert table.replay()["match"]["result"]["reason"] == "agreement"
    await settle(table.sockets)


async def test_a_bot_offers_through_the_same_message_and_a_move_declines_it(site):
    person = site.player("ann")
    bot = site.player("bot")
    token = issue_token(bot, "draw bot")
    become_bot(bot)
    match = person.create(options={"size": 6}, side=0)
    r = Player(site.server.url).http.post(
        f"{site.server.url}/api/matches/{match['id']}/join/", headers=bearer(token), timeout=10
    )
    assert r.status_code == 200, r.text
    ann = await site.socket(person, match["id"])
    robot = await site.socket(Player(site.server.url), match["id"], headers=bearer(token))
    await ann.wait_state(lambda m: all(p["connected"] for p in m["players"]))
    for sock in (ann, robot, ann):  # ann, the bot, ann: both have moved
        ply = sock.state["ply"]
        await sock.move(sock.state["legal_moves"][0])
        await asyncio.gather(*(s.wait_state(lambda m, ply=ply: m["ply"] > ply) for s in (ann, robot)))

    await robot.send({"type": "offer_draw"})
    await offer_seen([ann, robot], 1)
    ply = ann.state["ply"]
    await robot.send({"type": "accept_draw"})  # its own offer: nothing to accept
    error = await robot.wait_for(lambda m: m["type"] == "error")
    assert error["code"] == "no_draw_offer"
    await robot.move(robot.state["legal_moves"][0])  # the bot's move leaves its offer standing
    after = await ann.wait_state(lambda m: m["ply"] > ply)
    assert after["draw_offer"] == 1
    await ann.move(ann.state["legal_moves"][0])  # ann's move declines it
    after = await robot.wait_state(lambda m: m["ply"] > ply + 1)
    assert after["draw_offer"] is None and after["status"] == "active"
    await settle([ann, robot])
