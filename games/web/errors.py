"""Error pages: the site's own for people, the protocol's JSON error for the API."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from accounts.api_auth import error

log = logging.getLogger(__name__)

PAGES = {
    400: (
        "bad_request",
        _("That request could not be understood"),
        _("Something in the address or the form was not right."),
    ),
    403: (
        "forbidden",
        _("You may not open this page"),
        _("It belongs to someone else, or you need to log in first."),
    ),
    404: (
        "not_found",
        _("Nothing here"),
        _("There is no page at this address: a match, replay or player may have a different link."),
    ),
    500: (
        "server_error",
        _("Something went wrong on our side"),
        _("Nothing you did: try again in a moment."),
    ),
}


def _answer(request: HttpRequest, status: int) -> HttpResponse:
    code, title, text = (str(said) for said in PAGES[status])  # in the language of the request
    if request.path.startswith("/api/"):
        return error(code, title + ".", status)
    try:
        return render(request, "errors/page.html", {"title": title, "text": text}, status=status)
    except Exception:  # the page itself failed (a 500 while the database is down): plain text
        log.exception("the %s page could not be rendered", status)
        return HttpResponse(f"{title}. {text}", status=status, content_type="text/plain; charset=utf-8")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(request, 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    return _answer(request, 500)
