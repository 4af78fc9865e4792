"""The puzzle socket (``/ws/puzzles/``): a puzzle page's checks, without an HTTP request each.

A client sends ``{"type": "check", "game", "id", "line", "again", "streak"}`` and gets
``{"type": "checked", "game", "id", "status", "answer"}``: exactly what ``POST
/puzzles/<game>/<id>/check/`` would answer (docs/protocol.md, "Puzzles"). ``{"type": "next",
"game", "streak"}`` gets the next puzzle, ``{"type": "puzzle", ...}``: its link, its page's
title, side card (rendered) and data, so that the page shows it without loading again.

The account and the session are the handshake's, read once for the socket; the session's data
(a visitor's ratings and tries, a streak) is read again at each check or next and saved when
it changed, so that a page's POSTs and other tabs are never overwritten with an old copy.
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


def _session(user: Any, session_key: str | None) -> SessionBase | None:
    """The socket's session, read afresh at each use (None: a visitor whose session has not
    begun, or has ended: there is nothing to keep their puzzles in)."""
    store: SessionBase = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    if user is None:
        store.keys()  # read now: a session gone (ended, expired) loses its key
        if store.session_key is None:
            return None
    return store


def _kept(store: SessionBase) -> bool:
    """Save what was changed in the session; False when it ended meanwhile (a logout elsewhere)."""
    if store.modified:
        try:
            store.save()
        except UpdateError:
            return False
    return True


def checked(user: Any, session_key: str | None, sent: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """One check sent on the socket, as the POST answers it: its status and JSON."""
    try:
        store = _session(user, session_key)
        if store is None:
            raise _no_session()
        answer = check_sent(Solver(user, store), sent.get("game"), sent.get("id"), sent)
        if not _kept(store):
            raise _no_session()
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
    page = reverse("puzzle_streak" if in_streak else "puzzle_next", args=[game])
    elsewhere = outgoing.NextPuzzle(game, page, None, None, None)
    store = _session(user, session_key)
    if store is None:
        return elsewhere
    solver, run = Solver(user, store), Streak(store, game) if in_streak else None
    if run is not None:
        pk = run.current or run.start()
        puzzle = Puzzle.objects.filter(pk=pk).first() if pk is not None else None
    else:
        puzzle = next_for(solver, game)
    if puzzle is None or not _kept(store):
        return elsewhere
    context = shown(solver, puzzle, run)
    url = page if run is not None else context["url"]  # a streak's page stays the streak's
    return outgoing.NextPuzzle(game, url, context["title"], side(context), context["data"])


class PuzzleConsumer(BellSocket, PingSocket, AsyncWebsocketConsumer):
    """A puzzle page's socket: ``check`` and ``next`` frames answered; with ``?bell=1``, an
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

    @property
    def session_key(self) -> str | None:
        """The key of the handshake's session (None: none came with it)."""
        session = self.scope.get("session")
        return session.session_key if session is not None else None

    async def other(self, content: Any) -> None:
        """A ``check`` (answered with the POST's answer, in a ``checked`` frame) or a ``next``
        (answered with the next puzzle, ``puzzle``)."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "check":
            status, answer = await database_sync_to_async(checked)(self.user, self.session_key, content)
            await self.send_message(outgoing.Checked(content.get("game"), content.get("id"), status, answer))
        elif kind == "next":
            message = await database_sync_to_async(next_puzzle)(self.user, self.session_key, content)
            if message is None:
                await self.error("bad_message", _("There are no puzzles of that game."))
            else:
                await self.send_message(message)
        else:
            await self.error("bad_message", self.EXPECTED)
