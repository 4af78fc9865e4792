"""The example bot of docs/bots.md (``docs/examples/random_bot.py``), run as its own program
against the live server: a person challenges it through the API and plays a whole match
against it over a socket; the bot accepts and plays its moves. The guide shows the program
verbatim."""

from __future__ import annotations

import asyncio
import os
import random
import re
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.support.bots import become_bot, issue_token
from tests.support.client import Player

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "random_bot.py"
GUIDE = ROOT / "docs" / "bots.md"


def test_the_guide_shows_the_example_verbatim():
    text = GUIDE.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert EXAMPLE.read_text() in blocks


@pytest.fixture
def bot(daphne_server):
    """A bot account (token made on its profile, then marked a bot) and its program running."""
    account = Player(daphne_server.url).signup()
    account.token = issue_token(account, "example bot")
    become_bot(account)
    account.log = open(daphne_server.workdir / f"bot-{account.username}.log", "w+")
    account.proc = start_bot(daphne_server, account)
    yield account
    account.proc.kill()
    account.proc.wait(timeout=10)
    account.log.close()


def start_bot(server, account: Player) -> subprocess.Popen:
    """The example program, as its guide runs it: the token in BOT_TOKEN."""
    return subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--url", server.url],
        env={**os.environ, "BOT_TOKEN": account.token, "PYTHONUNBUFFERED": "1"},
        stdout=account.log,
        stderr=subprocess.STDOUT,
    )


def human_move(match: dict) -> dict:
    """A random move from ``legal_moves`` (Alpha Battle's described setup filled in)."""
    move = random.choice(match["legal_moves"])
    if isinstance(move.get("indices"), str):
        return {
            "letters": "".join(random.sample(string.ascii_uppercase, 26)),
            "indices": random.sample(range(26), 10),
        }
    return move


async def play_out(person: Player, match_id: str, timeout: float = 90) -> dict:
    """Play random moves on a socket until the match is over; return the last state."""
    sock = await person.socket(match_id)
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        state = await sock.wait_state(lambda m: m["status"] != "waiting", timeout=20)
        moved_at = None
        while state["status"] == "active":
            if state["legal_moves"] and state["ply"] != moved_at:
                moved_at = state["ply"]
                await sock.move(human_move(state))
            state = await sock.wait_state(timeout=max(0.1, deadline - loop.time()))
        return state
    finally:
        await sock.close()


@pytest.mark.parametrize(("game", "options"), [("reversi", {"size": 6}), ("alpha_battle", {})])
async def test_the_example_bot_accepts_a_challenge_and_plays_it_out(daphne_server, bot, game, options):
    person = Player(daphne_server.url).signup()
    r = await asyncio.to_thread(
        person.api,
        "POST",
        "/api/challenges/",
        {"to": bot.username, "game": game, "options": options, "side": 0},
    )
    assert r.status_code == 201, r.text
    challenge = r.json()
    final = await play_out(person, challenge["match_id"])
    assert final["status"] == "finished", final
    assert [p["bot"] for p in final["players"]] == [False, True]
    replay = await asyncio.to_thread(person.replay, final)
    bot_moves = [m for m in replay["moves"] if m["seat"] == 1 and not m["forced"]]
    assert bot_moves, replay["moves"]
    bot.log.flush()
    output = Path(bot.log.name).read_text()
    assert f"accepted challenge {challenge['id']}" in output and challenge["match_id"] in output
    assert bot.proc.poll() is None, output  # still running, for the next challenge


def test_a_restarted_bot_catches_up_with_an_open_challenge(daphne_server, bot):
    bot.proc.kill()
    bot.proc.wait(timeout=10)
    person = Player(daphne_server.url).signup()
    r = person.api("POST", "/api/challenges/", {"to": bot.username, "game": "reversi_1d"})
    assert r.status_code == 201, r.text
    match_id = r.json()["match_id"]
    bot.proc = start_bot(daphne_server, bot)  # it hears of the challenge on connecting
    deadline = time.monotonic() + 20
    while person.match(match_id)["status"] == "waiting":
        assert time.monotonic() < deadline, "the restarted bot did not accept the open challenge"
        time.sleep(0.2)
    final = asyncio.run(play_out(person, match_id))
    assert final["status"] == "finished"


def test_two_bots_play_each_other(daphne_server, bot, tmp_path):
    """One example bot challenges another on start (``--challenge``); they play it out."""
    other = Player(daphne_server.url).signup()
    other.token = issue_token(other, "challenger")
    become_bot(other)
    other.log = open(tmp_path / "challenger.log", "w+")
    proc = subprocess.Popen(
        [
            sys.executable,
            str(EXAMPLE),
            "--url",
            daphne_server.url,
            "--challenge",
            bot.username,
            "--game",
            "connect_four",
        ],
        env={**os.environ, "BOT_TOKEN": other.token, "PYTHONUNBUFFERED": "1"},
        stdout=other.log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while not re.search(r"\n\S+ finished ", "\n" + Path(other.log.name).read_text()):
            assert time.monotonic() < deadline, Path(other.log.name).read_text()
            assert proc.poll() is None, Path(other.log.name).read_text()
            time.sleep(0.2)
        output = Path(other.log.name).read_text()
        assert f"challenged {bot.username} to connect_four -> 201" in output
        match_id = re.search(r"playing connect_four (\S+) as seat", output).group(1)
        assert f"playing connect_four {match_id}" in Path(bot.log.name).read_text()
        final = requests.get(f"{daphne_server.url}/api/matches/{match_id}/", timeout=10).json()
        assert final["status"] == "finished" and [p["bot"] for p in final["players"]] == [True, True]
    finally:
        proc.kill()
        proc.wait(timeout=10)
        other.log.close()


async def test_the_example_bot_accepts_a_takeback(daphne_server, bot):
    """A person asks the example bot to take back their move and its reply: it says yes."""
    person = Player(daphne_server.url).signup()
    r = await asyncio.to_thread(
        person.api, "POST", "/api/challenges/", {"to": bot.username, "game": "reversi", "side": 0}
    )
    assert r.status_code == 201, r.text
    sock = await person.socket(r.json()["match_id"])
    try:
        start = await sock.wait_state(lambda m: m["status"] == "active" and bool(m["legal_moves"]), 20)
        assert start["takebacks"] is True
        await sock.move(start["legal_moves"][0])
        await sock.wait_state(lambda m: m["ply"] == 2 and bool(m["legal_moves"]), 20)
        await sock.send({"type": "propose_takeback"})
        back = await sock.wait_state(lambda m: m["ply"] == 3, 20)
        assert back["board"] == start["board"] and back["last_move"] is None and back["to_move"] == [0]
    finally:
        await sock.close()
