"""The puzzle socket (``/ws/puzzles/``): a puzzle page's checks, without an HTTP request each.

A client sends ``{"type": "check", "game", "id", "line", "again", "streak"}`` and gets
``{"type": "checked", "game", "id", "status", "answer"}``: exactly what ``POST
/puzzles/<game>/<id>/check/`` would answer (docs/protocol.md, "Puzzles"). ``{"type": "next",
"game", "streak"}`` gets the next puzzle, ``{"type": "puzzle", ...}``: its link, its page's
title, side card (rendered) and data, so that the page shows it without loading again. The account and the
session are the handshake's, read once for the socket; the session's data (a visitor's
ratings and tries, a streak) is read again at each check that needs it and saved when the
check changed it, so a page's POSTs and other tabs are never overwritten with an old copy.
A visitor whose session has not begun (nothing solved yet: no cookie to keep it in) is
answered ``no_session``: their page checks by the POST, which starts it.

With ``?bell=1`` an account's socket also carries its page's header bell, as the match
socket's does (``bell_socket``: ``unread`` on connect and after each new notification, a
``challenge`` to them), so that the page holds one socket, not two.

Anyone may connect. The same per-socket, per-user and per-address limits as the other
sockets apply (``ratelimit``); an account's socket closes on logout or a password change
(4401), as the lobby's does.
"""

from __future__ import annotations

import asyncio
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase, UpdateError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.catalog.registry import KITS
from games.puzzles.models import Puzzle
from games.puzzles.page import shown, side
from games.puzzles.selectors import next_for
from games.puzzles.services import PuzzleError, check_sent
from games.puzzles.solvers import Solver
from games.puzzles.streaks import Streak

from . import outgoing
from .bell_socket import BellSocket
from .lobby_events import user_group
from .outbox import serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .token_auth import token_group

EXPECTED = gettext_lazy(
    'The puzzle socket answers {"type": "check", ...}, {"type": "next", ...} and {"type": "ping"}.'
)


def _no_session() -> PuzzleError:
    why = _("Your visit has no session yet: check by the POST, which starts it.")
    return PuzzleError("no_session", why, None, 409)


def checked(user: Any, session_key: str | None, sent: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """One check sent on the socket, as the POST answers it: its status and JSON."""
    store: SessionBase = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    try:
        if user is None:
            store.keys()  # read now: a session gone (ended, expired) loses its key
            if store.session_key is None:
                raise _no_session()
        answer = check_sent(Solver(user, store), sent.get("game"), sent.get("id"), sent)
        if store.modified:
            try:
                store.save()
            except UpdateError:  # the session ended (a logout elsewhere) while the check ran
                raise _no_session() from None
    except PuzzleError as exc:
        return exc.status, exc.as_dict()
    return 200, answer


def next_puzzle(user: Any, session_key: str | None, sent: dict[str, Any]) -> outgoing.NextPuzzle | None:
    """The next puzzle a ``next`` asks for, as its page would show it: the streak's, or an
    untried one near the person's rating (None: ``game`` has no puzzles). Without one to send
    here (none left, a visitor's session gone) only its page's ``url``, to open instead."""
    game, in_streak = sent.get("game"), sent.get("streak") is True
    kit = KITS.get(game) if isinstance(game, str) else None
    if kit is None or kit.puzzles is None:
        return None
    fallback = reverse("puzzle_streak" if in_streak else "puzzle_next", args=[game])
    store: SessionBase = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    if user is None:
        store.keys()  # read now: a session gone (ended, expired) loses its key
        if store.session_key is None:
            return outgoing.NextPuzzle(game, fallback, None, None, None)
    solver, run = Solver(user, store), Streak(store, game) if in_streak else None
    if run is not None:
        pk = run.current or run.start()
        puzzle = Puzzle.objects.filter(pk=pk).first() if pk is not None else None
    else:
        puzzle = next_for(solver, game)
    if puzzle is None:
        return outgoing.NextPuzzle(game, fallback, None, None, None)
    if store.modified:
        try:
            store.save()
        except UpdateError:  # the session ended (a logout elsewhere) meanwhile
            return outgoing.NextPuzzle(game, fallback, None, None, None)
    context = shown(solver, puzzle, run)
    url = fallback if run is not None else context["url"]  # a streak's page stays the streak's
    return outgoing.NextPuzzle(game, url, context["title"], side(context), context["data"])


class PuzzleConsumer(BellSocket, PingSocket, AsyncWebsocketConsumer):
    """A puzzle page's socket: ``check`` frames answered by ``checked``; with ``?bell=1``, an
    account's socket carries its page's bell too (``bell_socket``: one socket a page)."""

    EXPECTED = EXPECTED

    async def connect(self) -> None:
        """Accept within the socket limits; an account's socket joins ``user-<id>`` (its
        logout closes it), and its bell's group when it carries the bell."""
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        wants_bell = self.user is not None and query.get("bell") == ["1"]
        self.bucket = socket_bucket()
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        if not self.hold(ADDRESSES, str((self.scope.get("client") or ["?"])[0])) or (
            self.user is not None and not self.hold(USERS, str(self.user.pk))
        ):
            await self.close(code=4429)  # too many sockets open
            return
        serve_on(asyncio.get_running_loop())
        if self.user is not None:
            token = self.scope.get("api_token")
            await self.join(token_group(token) if token is not None else user_group(self.user.pk))
        if wants_bell:
            await self.carry_bell()

    async def other(self, content: Any) -> None:
        """A ``check`` (answered with the POST's answer, in a ``checked`` frame) or a ``next``
        (answered with the next puzzle)."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "next":
            await self.send_next(content)
            return
        if kind != "check":
            await self.error("bad_message", self.EXPECTED)
            return
        session = self.scope.get("session")
        key = session.session_key if session is not None else None
        status, answer = await database_sync_to_async(checked)(self.user, key, content)
        await self.send_message(outgoing.Checked(content.get("game"), content.get("id"), status, answer))

    async def send_next(self, content: dict[str, Any]) -> None:
        session = self.scope.get("session")
        key = session.session_key if session is not None else None
        message = await database_sync_to_async(next_puzzle)(self.user, key, content)
        if message is None:
            await self.error("bad_message", _("There are no puzzles of that game."))
        else:
            await self.send_message(message)
