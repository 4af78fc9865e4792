"""Template tags that speak of people, not seats: who played whom (or with whom: a
co-operative game's players are allies), and how a finished match ended for the reader.

``{% load people %}``. A match ``m`` is a ``Match`` (its seats prefetched) or a row of
``games.matches.selectors.match_rows`` (a dict with ``players`` and ``you``). The words are
``games.matches.wording``'s (the live and replay pages get the same from the server's match
object: ``result.reason_text``); these tags read the match and mark the HTML up.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts.selectors import seat_outcome
from games.catalog.registry import GAMES
from games.matches import wording

register = template.Library()


def _rules(m: Any):
    if isinstance(m, dict):
        by_slug = GAMES.get(m.get("game", ""))
        return by_slug or next((g for g in GAMES.values() if g.name == m.get("name")), None)
    return m.rules


def _seats(m: Any) -> list[wording.Person]:
    """(seat, username or None, the computer's level or "") of every seat, in order."""
    if isinstance(m, dict):
        return [(p["seat"], p.get("username"), p.get("computer") or "") for p in m.get("players", [])]
    seats = sorted(m.seats.all(), key=lambda s: s.seat)
    return [(s.seat, s.user.username if s.user_id else None, s.level or "") for s in seats]


def _rating(m: Any, seat: int) -> str:
    """ " 1520" or " 1500?" (provisional): the seat's rating when it was taken, or ""."""
    if isinstance(m, dict):
        player = next((p for p in m.get("players", []) if p["seat"] == seat), {})
        rating, provisional = player.get("rating"), player.get("provisional")
    else:
        found = [s for s in m.seats.all() if s.seat == seat]
        rating, provisional = (found[0].rating, found[0].provisional) if found else (None, False)
    return "" if rating is None else f" {rating}{'?' if provisional else ''}"


def _rated_name(m: Any, seat: int, username: str | None, computer: str) -> str:
    """A name with its rating beside it, as safe HTML."""
    rating = "" if cooperative(m) else _rating(m, seat)  # allies have no rating
    if not rating:
        return format_html("{}", wording.name(username, computer))
    return format_html('{}<span class="rating">{}</span>', wording.name(username, computer), rating)


@register.filter
def cooperative(m: Any) -> bool:
    """True when the match's players are allies (``Game.cooperative``)."""
    rules = _rules(m)
    return bool(rules and rules.cooperative)


def _said(text: str, **parts: Any) -> SafeString:
    """A translated sentence with safe HTML ``parts`` put in (the sentence itself escaped)."""
    return mark_safe(conditional_escape(text) % {k: conditional_escape(v) for k, v in parts.items()})


def _joined(names: list[str], word: str) -> str:
    """Safe HTML names joined: ``a vs b`` (``word`` "vs"), or ``a, b and c`` (``word`` "and")."""
    if len(names) < 2:
        return names[0] if names else ""
    if word == "vs":
        vs = pgettext("between players' names", "vs")
        return format_html_join(f" {vs} ", "{}", ((n,) for n in names))
    firsts = format_html_join(", ", "{}", ((n,) for n in names[:-1]))
    return _said(_("%(names)s and %(last)s"), names=firsts, last=names[-1])


@register.simple_tag
def people(m: Any) -> str:
    """Every seat's player: ``alice vs bob`` (the winner marked), or ``alice and bob``
    for allies; a free seat reads *open seat*, a computer *the computer*."""
    result = getattr(m, "result", None)
    together = cooperative(m)
    # allies win together (a victory) or not at all (a resignation may have named a "winner")
    winners = {
        seat for seat, _, _ in _seats(m) if wording.verdict(result, seat, cooperative=together) == "won"
    }
    names = [
        format_html('<span class="winner" title="{}">{}</span>', _("The winner"), _rated_name(m, seat, u, c))
        if seat in winners
        else format_html("<span>{}</span>", _rated_name(m, seat, u, c))
        if u or c
        else format_html("<em>{}</em>", _("open seat"))
        for seat, u, c in _seats(m)
    ]
    return _joined(names, "and" if together else "vs")


@register.simple_tag
def partners(m: Any) -> str:
    """A row of your own matches: ``vs bob`` (or ``with bob and carol`` for allies)."""
    names = [
        _rated_name(m, seat, u, c)
        if u
        else format_html("{}", _("the computer (%(level)s)") % {"level": _(c)})
        if c
        else format_html("<em>{}</em>", _("an open seat"))
        for seat, u, c in _seats(m)
        if seat != m.get("you")
    ]
    if not names:
        return ""
    if cooperative(m):
        return _said(_("with %(names)s"), names=_joined(names, "and"))
    return _said(_("vs %(names)s"), names=_joined(names, "and"))


@register.filter
def outcome_for(m: Any, user: Any) -> str | None:
    """``won``, ``lost`` or ``draw`` for ``user``'s seat in a finished match (else None)."""
    seat = next((s.seat for s in m.seats.all() if user is not None and s.user_id == user.pk), None)
    return seat_outcome(m, seat)


@register.simple_tag
def result_line(m: Any, viewer: Any = None) -> str:
    """A finished match's end from ``viewer``'s side (``wording.result_line``): ``You won``,
    ``bob won``, ``You resigned — bob won``, ``bob ran out of time — you won``, ``You all
    won`` (allies), ``alice and bob lost`` (a spectator)."""
    authenticated = viewer is not None and getattr(viewer, "is_authenticated", False)
    you = next((s.seat for s in m.seats.all() if authenticated and s.user_id == viewer.pk), None)
    return wording.result_line(m.result, _seats(m), cooperative=cooperative(m), you=you)
