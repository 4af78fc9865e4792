"""Chat on a real daphne (issue 25): two people, a spectator and a bot talk over real
sockets; each hears the rooms it may read; flood control and every refusal reason come back
on the sender's socket only, which stays open; history on reconnect.
"""

from __future__ import annotations

import asyncio

from tests.live.helpers import Table, settle
from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player


async def said(sock, text: str) -> dict:
    """Wait for the ``chat`` line ``text`` on ``sock``; return the line."""
    message = await sock.wait_for(lambda m: m["type"] == "chat" and m["line"]["text"] == text)
    return message["line"]


async def refusal(sock, frame: dict, reason: str) -> None:
    await sock.send(frame)
    got = await sock.wait_for(lambda m: m["type"] in ("chat_refused", "chat", "error"))
    assert got["type"] == "chat_refused" and got["reason"] == reason and got["message"], got
    assert [m["type"] for m in await sock.barrier()] == []  # open, and nothing else came


async def test_two_people_and_a_spectator_talk_and_flood_control_holds(site):
    table: Table = await site.table({"size": 6})
    carl = site.player("carl")
    watcher = await table.watch(carl)
    visitor = await table.watch()
    await table.sa.send({"type": "chat", "room": "players", "text": "Good luck"})
    lines = await asyncio.gather(*(said(s, "Good luck") for s in table.sockets))
    assert {(line["room"], line["username"]) for line in lines} == {("players", table.a.username)}
    await watcher.send({"type": "chat", "room": "spectators", "text": "who wins?"})
    await asyncio.gather(said(watcher, "who wins?"), said(visitor, "who wins?"))
    heard = [m for s in (table.sa, table.sb) for m in await s.barrier() if m["type"] == "chat"]
    assert heard == []  # players do not hear the spectators while they play

    chat = {"type": "chat", "room": "players"}
    await refusal(table.sb, {**chat, "text": "z" * 141}, "too_long")
    await refusal(table.sb, {**chat, "room": "spectators", "text": "hi"}, "not_your_room")
    await refusal(table.sa, {**chat, "text": "good luck"}, "repeated")
    await refusal(visitor, {"type": "chat", "room": "spectators", "text": "hi"}, "log_in")
    await refusal(watcher, {**chat, "text": "hi"}, "not_your_room")
    for text in ("one", "two", "three"):
        await table.sa.send({**chat, "text": text})
        await said(table.sa, text)
    await refusal(table.sa, {**chat, "text": "four"}, "too_fast")

    again = await site.socket(table.b, table.id)  # a reconnect: the players' room, last lines
    history = await again.wait_for(lambda m: m["type"] == "chat_history")
    assert [line["text"] for line in history["lines"]] == ["Good luck", "one", "two", "three"]
    late = await site.socket(site.anon(), table.id)
    history = await late.wait_for(lambda m: m["type"] == "chat_history")
    assert [line["text"] for line in history["lines"]] == ["Good luck", "who wins?", "one", "two", "three"]
    await settle(table.sockets)


async def test_a_bot_chats_through_the_same_message(site):
    person = site.player("ann")
    bot = site.player("bot")
    token = issue_token(bot, "chat bot")
    become_bot(bot)
    match = person.create(options={"size": 6}, side=0)
    r = Player(site.server.url).http.post(
        f"{site.server.url}/api/matches/{match['id']}/join/", headers=bearer(token), timeout=10
    )
    assert r.status_code == 200, r.text
    ann = await site.socket(person, match["id"])
    robot = await site.socket(Player(site.server.url), match["id"], headers=bearer(token))
    await ann.wait_state(lambda m: all(p["connected"] for p in m["players"]))
    await robot.send({"type": "chat", "room": "players", "text": "Have fun"})
    line = await said(ann, "Have fun")
    assert line["username"] == bot.username
    await ann.send({"type": "chat", "room": "players", "text": "You too"})
    await said(robot, "You too")
    await robot.send({"type": "chat_report", "id": line["id"] + 10_000})
    error = await robot.wait_for(lambda m: m["type"] == "error")
    assert error["code"] == "no_chat_line"
