"""Follows and who may challenge whom: following someone from their profile (the writes and
the one read), and each user's choice of who may challenge them (``Account.challengers``).

``challenge_allowed`` is what ``services.challenge_create`` asks before a challenge is made;
``following`` is the lobby's card of the people one follows: who is online, who is playing
(their game to watch), and whether one may challenge them.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.catalog.registry import GAMES
from games.matches.errors import ServiceError
from games.matches.models import Match

from .models import Account, Follow
from .online import online


def follow(*, follower, followed) -> Follow:
    """``follower`` follows ``followed``; following twice is a no-op."""
    if follower.pk == followed.pk:
        raise ServiceError("bad_options", _("Follow someone else."), 400)
    with transaction.atomic():
        row, _created = Follow.objects.get_or_create(follower=follower, followed=followed)
    return row


def unfollow(*, follower, followed) -> None:
    """``follower`` no longer follows ``followed`` (a no-op if they did not)."""
    Follow.objects.filter(follower=follower, followed=followed).delete()


def is_following(follower, followed) -> bool:
    """Does ``follower`` follow ``followed``?"""
    if follower is None or not getattr(follower, "is_authenticated", False):
        return False
    return Follow.objects.filter(follower_id=follower.pk, followed_id=followed.pk).exists()


def challengers_of(user) -> str:
    """Who may challenge ``user``: an ``Account.Challengers`` value (no row: everyone)."""
    value = Account.objects.filter(user_id=user.pk).values_list("challengers", flat=True).first()
    return value or Account.Challengers.EVERYONE


def challengers_set(*, user, challengers: str) -> None:
    """Choose who may challenge ``user``: everyone, only people they follow, or nobody."""
    if challengers not in Account.Challengers.values:
        raise ServiceError(
            "bad_options", _("Choose everyone, following or nobody."), 400, field="challengers"
        )
    Account.objects.update_or_create(user=user, defaults={"challengers": challengers})


def chat_set(*, user, on: bool) -> None:
    """``user`` turns chat in matches on or off (``games.matches.talking.chat`` reads it)."""
    Account.objects.update_or_create(user=user, defaults={"chat": on})


def chat_is_on(user) -> bool:
    """Has ``user`` chat on? (no row: on)"""
    return Account.objects.filter(user_id=user.pk, chat=False).first() is None


def challenge_allowed(*, challenger, target) -> None:
    """Refuse (403 ``challenges_refused``) a challenge ``target`` does not accept from
    ``challenger``: they take none, or only from people they follow."""
    choice = challengers_of(target)
    if choice == Account.Challengers.NOBODY:
        raise ServiceError(
            "challenges_refused",
            _("%(username)s does not accept challenges.") % {"username": target.username},
            403,
        )
    if choice == Account.Challengers.FOLLOWING and not is_following(target, challenger):
        raise ServiceError(
            "challenges_refused",
            _("%(username)s accepts challenges only from people they follow.")
            % {"username": target.username},
            403,
        )


def following(user, limit: int = 50) -> list[dict]:
    """The people ``user`` follows, for the lobby (online first, then by name): each with
    ``online``, ``playing`` (the url and game of a match of theirs going on that ``user`` may
    see, or None) and ``can_challenge``."""
    rows = Follow.objects.filter(follower=user).select_related("followed").order_by("followed__username")
    people = [row.followed for row in rows[:limit]]
    here = online(p.pk for p in people)
    games = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user__in=people)
        .listed_for(user)
        .values_list("seats__user_id", "id", "game")
        .order_by("-updated_at")
    )
    playing: dict[int, tuple[str, str]] = {}
    for uid, match_id, game in games:
        playing.setdefault(uid, (match_id, game))
    found = []
    for person in people:
        try:
            challenge_allowed(challenger=user, target=person)
            allowed = True
        except ServiceError:
            allowed = False
        game = playing.get(person.pk)
        found.append(
            {
                "username": person.username,
                "online": person.pk in here or game is not None,
                "playing": {"url": f"/m/{game[0]}/", "game": GAMES[game[1]].name} if game else None,
                "can_challenge": allowed,
            }
        )
    found.sort(key=lambda r: (not r["online"], r["username"].lower()))
    return found
