"""Challenging someone by name: who they are, and whether they take challenges from you
(``follows.challenge_allowed``: each person's choice). The challenge itself, a match that
waits for them, is the match domain's (``games.matches.challenges``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games.matches.challenges import services as challenges
from games.matches.challenges.models import Challenge
from games.matches.errors import ServiceError

from .follows import challenge_allowed


def challenge_create(*, user, to: Any, **match: Any) -> Challenge:
    """Challenge the player named ``to`` to a match of two (``match``: the game, options,
    clock, rated, side and takebacks as ``POST /api/matches/`` takes them); refused with a
    ServiceError: among others ``challenges_refused`` (``to`` takes none from ``user``) and
    ``too_many_challenges``."""
    target = (
        get_user_model().objects.filter(username=to, is_active=True).first() if isinstance(to, str) else None
    )
    if target is None:
        raise ServiceError("not_found", _("No player named %(name)r.") % {"name": to}, 404, field="to")
    if target.pk == user.pk:
        raise ServiceError("bad_options", _("Challenge someone else."), 400, field="to")
    challenge_allowed(challenger=user, target=target)
    return challenges.make(user=user, target=target, **match)
