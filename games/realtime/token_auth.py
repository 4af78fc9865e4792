"""API tokens on WebSockets: a handshake with ``Authorization: Bearer <token>`` is that token's
user (``scope["user"]``, and ``scope["api_token"]``: the token's id), whatever its cookies say.

It sits inside Channels' ``AuthMiddlewareStack`` (which sets the session's user first) and
outside the routes (``site_config.asgi``). An unknown or revoked token refuses the handshake
(HTTP 403), as a bot asked to be someone it is not. Without the header nothing changes: the
session cookie decides, and the Origin check (``origin``) still keeps other sites' pages out.
A browser cannot add this header to a WebSocket it opens, so a page of another site cannot
use a token; a bot sends no Origin and is let in by the Origin check as before.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import WebsocketDenier

from accounts.backends import bearer_token, token_for


def token_group(token_id: int) -> str:
    """The channel group of every socket opened with one API token (revoking it closes them)."""
    return f"events-token-{token_id}"


def _header(scope, name: bytes) -> bytes | None:
    return next((value for key, value in scope.get("headers", ()) if key.lower() == name), None)


class TokenAuthMiddleware(BaseMiddleware):
    """Set ``scope["user"]`` from a Bearer token; refuse the handshake for a bad one."""

    async def __call__(self, scope, receive, send):
        raw = bearer_token(_header(scope, b"authorization"))
        if raw is None:
            return await self.inner(scope, receive, send)
        token = await database_sync_to_async(token_for)(raw)
        if token is None:
            return await WebsocketDenier()(scope, receive, send)
        return await self.inner({**scope, "user": token.user, "api_token": token.pk}, receive, send)
