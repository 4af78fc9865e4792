"""The events of ``bench/lobby.py``: matches opened, started and ended through the site's
real paths (the JSON API, one move over the match socket before a resignation), at a pace,
each recorded with the frame every lobby page should get for it."""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from dataclasses import dataclass, field

from bench.loadkit.lobby_clients import Player

CLOSED, ENDED = "open_seat_closed", "finished_match"


@dataclass
class Event:
    """One open, start or end: the frame every page should get for it, and when it was answered."""

    kind: str  # "open" | "start" | "end"
    frame: str  # the frame type that shows it
    match: str = ""
    sent: float = 0.0  # the request's send (the end's: its resignation's, after the move)
    answered: float = 0.0


@dataclass
class Game:
    """A match under way: who made it, who joins it, how far it is."""

    n: int
    creator: Player
    joiner: Player
    match: str = ""
    step: int = 0  # 0: to create, 1: waiting (join or abort), 2: active (resign)
    busy: bool = True


@dataclass
class Flow:
    """The events of one lobby window."""

    events: list[Event] = field(default_factory=list)
    refused: Counter = field(default_factory=Counter)
    skipped: int = 0  # ticks with every match under way waiting for its answer (the server behind)
    tasks: set[asyncio.Task] = field(default_factory=set)


async def act(
    base: str, ws_base: str, game: Game, flow: Flow, abort_every: int, under_way: list[Game]
) -> None:
    """The next step of ``game``: create, join (or abort), resign; its event once answered."""
    loop = asyncio.get_running_loop()
    if game.step == 0:
        path, body, who = "/api/matches/", {"game": "reversi", "opponent": "open", "side": 0}, game.creator
        event = Event("open", "open_seat")
    elif game.step == 1 and abort_every and game.n % abort_every == 0:
        path, body, who, event = f"/api/matches/{game.match}/abort/", {}, game.creator, Event("end", CLOSED)
        game.step = 2  # nothing after it
    elif game.step == 1:
        path, body, who, event = f"/api/matches/{game.match}/join/", {}, game.joiner, Event("start", CLOSED)
    else:  # a match nobody moved in is aborted by a resignation, and unlisted: one move first
        path, body, who, event = f"/api/matches/{game.match}/resign/", {}, game.creator, Event("end", ENDED)
    try:
        if event.frame == ENDED:
            for mover in (game.creator, game.joiner):
                if await mover.move_once(base, ws_base, game.match):
                    break
            else:
                raise RuntimeError("nobody could move")
        event.sent = loop.time()
        answer = await who.post(base, path, body)
    except (OSError, ValueError, IndexError, RuntimeError, TimeoutError) as exc:
        flow.refused[f"{event.kind}: {type(exc).__name__}"] += 1
        under_way.remove(game)
        return
    at = loop.time()
    if answer.status not in (200, 201):
        flow.refused[f"{event.kind}: {answer.status} {answer.body[:80]!r}"] += 1
        under_way.remove(game)
        return
    if game.step == 0:
        game.match = str(answer.json()["id"])
    event.match, event.answered = game.match, at
    flow.events.append(event)
    game.step += 1
    if game.step > 2 or event.kind == "end":
        under_way.remove(game)
    game.busy = False


async def drive(
    base: str, ws_base: str, players: list[Player], args: argparse.Namespace, duration: float, flow: Flow
) -> None:
    """``args.rate`` steps a second for ``duration`` s; at most ``args.in_flight`` matches
    under way, the oldest ready one stepped first; the answers awaited at the end."""
    loop = asyncio.get_running_loop()
    under_way: list[Game] = []
    start, n, tick = loop.time(), 0, 0
    while loop.time() < start + duration:
        ready = [g for g in under_way if not g.busy]
        if len(under_way) < args.in_flight or (not ready and len(under_way) < 3 * args.in_flight):
            game = Game(n, players[n % len(players)], players[(n + 1 + n // len(players)) % len(players)])
            under_way.append(game)
            n += 1
        elif ready:
            game = ready[0]
        else:  # every match under way waits for an answer: the server is behind
            flow.skipped += 1
            tick += 1
            await asyncio.sleep(max(0.0, start + tick / args.rate - loop.time()))
            continue
        game.busy = True
        task = asyncio.create_task(act(base, ws_base, game, flow, args.abort_every, under_way))
        flow.tasks.add(task)
        task.add_done_callback(flow.tasks.discard)
        tick += 1
        await asyncio.sleep(max(0.0, start + tick / args.rate - loop.time()))
    await asyncio.gather(*list(flow.tasks))
