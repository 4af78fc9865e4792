"""Finding 3: a deeply nested JSON frame on the match socket blew Python's recursion limit in
the decoder: the socket died with 1011 and a traceback. It must be an ordinary bad_message,
and the socket (and the player's presence) must live on."""

from __future__ import annotations

import pytest

from tests.live.helpers import stored

DEEP = 1100  # past orjson's 1024 and Python's default recursion limit of 1000

FRAMES = {
    "bare-list": "[" * DEEP + "]" * DEEP,
    "deep-object": '{"a":' * DEEP + "1" + "}" * DEEP,
    "in-move": '{"type": "move", "ply": 0, "move": {"cell": ' + "[" * DEEP + "]" * DEEP + "}}",
    "move-is-deep": '{"type": "move", "ply": 0, "move": ' + "[" * DEEP + "]" * DEEP + "}",
}


@pytest.mark.parametrize("frame", FRAMES.values(), ids=FRAMES.keys())
async def test_deep_nesting_is_a_bad_message(site, clean_log, frame):
    table = await site.table(options={"size": 6})
    before = stored(table)
    await table.sa.send(frame)
    error, state = await table.sa.expect_refusal("bad_message")
    assert state["players"][0]["connected"] is True
    # the socket is still open and answers
    await table.sa.send({"type": "ping"})
    assert await table.sa.wait_for(lambda m: m["type"] == "pong")
    assert stored(table) == before
    # and the player still shows as connected, to the other player and over HTTP
    assert table.b.match(table.id)["players"][0]["connected"] is True
    await table.sb.barrier()
    assert table.sb.state["players"][0]["connected"] is True
    # the same socket can still play
    await table.play(table.sa.state["legal_moves"][0])
    assert stored(table)[0] == before[0] + 1
    clean_log()
