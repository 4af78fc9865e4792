"""A bot for the board-game site: it accepts every challenge and plays every match it is in.

It speaks only docs/protocol.md. The event socket /ws/events/ tells it about challenges and
matches that start; it accepts each challenge over HTTP, and plays each match over that
match's socket by picking a random move from `legal_moves` (filling in the two games whose
`legal_moves` describe the moves instead of listing them). With --level it plays the site's
own computer player's move instead: that needs the site's code (`games.catalog`), so it works only
when run from a checkout of the site (`PYTHONPATH=.`), and falls back to a random move for a
game whose state the bot cannot see whole (Alpha Battle, The Journey).

    pip install requests websockets
    BOT_TOKEN=bgt_... python random_bot.py --url http://127.0.0.1:8000
    BOT_TOKEN=bgt_... python random_bot.py --url http://127.0.0.1:8000 --challenge alice --game othello
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import string
import sys

import requests
import websockets


def log(*words: object) -> None:
    print(*words, flush=True)


class Bot:
    def __init__(self, url: str, token: str, level: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.ws_url = "ws" + self.url.removeprefix("http")  # http -> ws, https -> wss
        self.headers = {"Authorization": f"Bearer {token}"}
        self.level = level
        self.games: dict[str, asyncio.Task] = {}  # match id -> the task playing it

    # -- HTTP (blocking: run in a thread) ----------------------------------------------------
    def post(self, path: str, body: dict | None = None) -> requests.Response:
        return requests.post(self.url + path, json=body, headers=self.headers, timeout=10)

    def challenge(self, username: str, game: str) -> None:
        r = self.post("/api/challenges/", {"to": username, "game": game})
        log("challenged", username, "to", game, "->", r.status_code, r.json().get("message", ""))

    def accept(self, challenge: dict) -> None:
        r = self.post(challenge["accept_url"])  # 409 if it was withdrawn meanwhile
        log("accepted challenge", challenge["id"], "from", challenge["from"], "->", r.status_code)

    # -- the event socket ------------------------------------------------------------------
    async def run(self) -> None:
        """Listen for events; reconnect when the socket drops (the server then sends the
        open challenges and active matches again, so nothing is missed)."""
        async for events in websockets.connect(self.ws_url + "/ws/events/", additional_headers=self.headers):
            try:
                async for frame in events:
                    event = json.loads(frame)
                    if event["type"] == "challenge":
                        await asyncio.to_thread(self.accept, event["challenge"])
                    elif event["type"] == "match_started":
                        self.start(event["match"])
            except websockets.ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code == 4401:
                    raise SystemExit("the server closed the event socket: token revoked?") from None
                log("event socket closed, reconnecting")

    def start(self, match: dict) -> None:
        """Play a match, once (an event may come twice)."""
        task = self.games.get(match["id"])
        if task is None or task.done():
            self.games[match["id"]] = asyncio.create_task(self.play(match))

    # -- one match -------------------------------------------------------------------------
    async def play(self, match: dict) -> None:
        log("playing", match["game"], match["id"], "as seat", match["you"])
        async with websockets.connect(self.ws_url + match["ws_url"], additional_headers=self.headers) as ws:
            moved_at = None  # the ply we last sent a move for
            answered_at = None  # the ply we last answered a takeback request at
            async for frame in ws:
                message = json.loads(frame)
                if message["type"] == "error":  # refused (a fresh state follows): try again
                    log(match["id"], "refused:", message["code"], message["message"])
                    moved_at = None
                if message["type"] != "state":
                    continue
                state = message["match"]
                if state["status"] in ("finished", "aborted"):
                    log(match["id"], state["status"], (state["result"] or {}).get("message", ""))
                    return
                asker = state.get("takeback_offer")
                if asker is not None and asker != state["you"] and state["ply"] != answered_at:
                    answered_at = state["ply"]  # someone asks to take a move back: a friendly yes
                    await ws.send(json.dumps({"type": "accept_takeback"}))
                    continue  # the state after the takeback comes next
                if state["legal_moves"] and state["ply"] != moved_at:
                    moved_at = state["ply"]
                    move = self.choose(state)
                    await ws.send(json.dumps({"type": "move", "ply": state["ply"], "move": move}))
                    log(match["id"], "ply", state["ply"], "played", json.dumps(move))

    def choose(self, state: dict) -> dict:
        if self.level:
            move = level_move(state, self.level)
            if move is not None:
                return move
        return concrete(random.choice(state["legal_moves"]), state)


def concrete(move: dict, state: dict) -> dict:
    """A move from `legal_moves`, with a description filled in at random (protocol.md:
    Alpha Battle's setup, The Journey's target cell)."""
    if isinstance(move.get("letters"), str) and isinstance(move.get("indices"), str):
        letters = "".join(random.sample(string.ascii_uppercase, 26))
        return {"letters": letters, "indices": sorted(random.sample(range(26), 10))}
    if isinstance(move.get("target"), str):
        mine = next((w["pos"] for w in state["board"]["warriors"] if w["seat"] == state["you"]), None)
        cells = [[x, y] for x in range(10) for y in range(10) if [x, y] != mine]
        return {"target": random.choice(cells)}
    return move


def level_move(state: dict, level: str) -> dict | None:
    """The site's computer player's move at `level`, if this runs in a checkout of the site
    and the game shows its whole state to a player (else None: play at random)."""
    try:
        from games.catalog.computer import choose  # the site's own code, not part of the protocol
    except ImportError:
        return None
    try:
        move = choose(state["game"], level, state["board"], state["you"])
    except Exception:  # an unknown level, or a game whose board is not its whole state
        return None
    return move if move in state["legal_moves"] else None


def main() -> None:
    parser = argparse.ArgumentParser(description="Accept every challenge; play every match.")
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the site's address")
    parser.add_argument("--token", default=os.environ.get("BOT_TOKEN"), help="API token (or BOT_TOKEN)")
    parser.add_argument("--level", help="play the site's computer level's moves (from a checkout)")
    parser.add_argument("--challenge", metavar="USERNAME", help="challenge this player on start")
    parser.add_argument("--game", default="reversi", help="the game of --challenge")
    args = parser.parse_args()
    if not args.token:
        sys.exit("Give the bot's API token: --token or the BOT_TOKEN environment variable.")
    bot = Bot(args.url, args.token, args.level)
    if args.challenge:
        bot.challenge(args.challenge, args.game)
    try:
        asyncio.run(bot.run())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
