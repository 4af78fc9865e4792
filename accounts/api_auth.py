"""What every JSON API view shares: who is calling (an API token, or a session with CSRF),
the protocol's error body, and the request's JSON object.

These helpers live in ``accounts`` (next to the tokens they check) and not in
``games.web.api``: ``accounts.api`` uses them too, and ``accounts`` may not import
``games.web``. ``games.web`` imports them from here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import orjson
from django.http import HttpRequest, JsonResponse, RawPostDataException
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.translation import gettext as _

from games.matches.errors import ServiceError

from .backends import bearer_token, token_for


def error(code: str, message: str, status: int, field: str | None = None) -> JsonResponse:
    """The protocol's error body with a 4xx status; ``field`` names the one field at fault."""
    return JsonResponse(ServiceError(code, message, status, field).as_dict(), status=status)


_csrf = CsrfViewMiddleware(lambda request: None)


def api_view(view: Callable) -> Callable:
    """Turn ServiceError into the JSON error body; require login for unsafe methods.

    ``Authorization: Bearer <token>`` (an API token, ``accounts.models.ApiToken``) acts as
    the token's user, without a session and without CSRF: a browser never attaches that
    header to another site's request by itself, so it cannot be forged the way a cookie is.
    An unknown or revoked token is 401. Every other request keeps Django's CSRF check (the
    view is marked exempt only so that this wrapper can tell the two apart)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        raw = bearer_token(request.headers.get("Authorization"))
        if raw is not None:
            token = token_for(raw)
            if token is None:
                return error("not_authenticated", _("Unknown or revoked API token."), 401)
            request.user = token.user
        else:
            refused = _csrf.process_view(request, None, (), {})
            if refused is not None:
                return refused
            if request.method != "GET" and not request.user.is_authenticated:
                return error("not_authenticated", _("Log in first (session cookie or API token)."), 401)
        try:
            return view(request, *args, **kwargs)
        except ServiceError as exc:
            return JsonResponse(exc.as_dict(), status=exc.status)

    wrapper.csrf_exempt = True  # checked above, for every request without a token
    return wrapper


def json_body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object (orjson: it also refuses NaN and nesting past 1024)."""
    try:
        body = orjson.loads(request.body or b"{}")
    except (orjson.JSONDecodeError, RawPostDataException):  # the latter: a form body already read
        raise ServiceError("bad_request", _("The body is not JSON."), 400) from None
    if not isinstance(body, dict):
        raise ServiceError("bad_request", _("The body must be a JSON object."), 400)
    return body
