"""The profile's API tokens and the bot switch (pages; the owner only, session and CSRF).

A token is made with a name and shown once, in the answer to the form that made it (never
in a cookie, a message or the database: only its SHA-256 and first characters are kept,
``accounts.models.ApiToken``). Revoking keeps the row (its name, when it was last used) and
refuses the token from then on: new API requests and socket handshakes with it fail (401 /
403); an event socket opened with it closes (4401).

Marking an account as a bot cannot be undone here: a bot plays only through its tokens, so
its password stops working (made unusable, and refused by ``backends.NoPasswordForBots``),
which also ends its browser sessions. Staff can turn it back with a shell or the database.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from games.matches.challenges.selectors import open_challenges
from games.matches.errors import ServiceError
from games.matches.events import announce

from .events import TokenRevoked
from .follows import challenge_allowed, challengers_of, chat_is_on, is_following
from .models import Account, ApiToken, is_bot
from .pairing_prefs import pair_with_bots_of
from .selectors import record_page

MAX_TOKENS = 20  # active tokens one account may hold


def profile_extras(request: HttpRequest, user) -> dict[str, Any]:
    """What the profile page adds for bots, tokens and challenges, for this visitor."""
    viewer = request.user
    own = viewer.is_authenticated and viewer.pk == user.pk
    bot = is_bot(user)
    extras: dict[str, Any] = {"profile_bot": bot, "own_profile": own}
    if own:
        extras["api_tokens"] = list(user.api_tokens.active())
        extras["challenges_received"] = list(open_challenges(to_user=user)[:50])
        extras["challengers"] = challengers_of(user)
        extras["challenger_choices"] = Account.Challengers.choices
        extras["chat_on"] = chat_is_on(user)
        extras["pair_with_bots"] = pair_with_bots_of(user)
    elif viewer.is_authenticated:
        extras["following"] = is_following(viewer, user)
        try:  # the Challenge button, or why there is none
            challenge_allowed(challenger=viewer, target=user)
            extras["challenge_refused"] = ""
        except ServiceError as exc:
            extras["challenge_refused"] = exc.message
    return extras


def _own_profile(request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
    user = request.user
    context = {"profile_user": user, **record_page(user, user), **profile_extras(request, user), **extra}
    return render(request, "accounts/profile.html", context, status=status)


@never_cache  # the answer holds the new token: no cache may keep it
@require_POST
@login_required
def token_create(request: HttpRequest) -> HttpResponse:
    """Make a token with a name; the page shows it this once."""
    name = (request.POST.get("name") or "").strip()[:60]
    if not name:
        return _own_profile(request, 400, token_error=_("Give the token a name (where it is used)."))
    if request.user.api_tokens.active().count() >= MAX_TOKENS:
        return _own_profile(
            request,
            400,
            token_error=ngettext(
                "At most %(count)d token: revoke one first.",
                "At most %(count)d tokens: revoke one first.",
                MAX_TOKENS,
            )
            % {"count": MAX_TOKENS},
        )
    token, raw = ApiToken.issue(user=request.user, name=name)
    return _own_profile(request, new_token=raw, new_token_name=token.name)


@require_POST
@login_required
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of your own tokens (another user's is a 404: it is not yours to see)."""
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    if token.revoked_at is None:
        with transaction.atomic():
            ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
            announce(TokenRevoked(token_id=token.pk))
        messages.success(request, _("Token “%(name)s” revoked: it no longer works.") % {"name": token.name})
    return redirect("profile", username=request.user.username)


@require_POST
@login_required
def become_bot(request: HttpRequest) -> HttpResponse:
    """Mark your account as a bot (for good): it then plays only through its tokens."""
    user = request.user
    if not request.POST.get("confirm"):
        messages.error(
            request, _("Tick the box to confirm: a bot account can no longer log in with a password.")
        )
        return redirect("profile", username=user.username)
    if not user.api_tokens.active().exists():
        messages.error(request, _("Create an API token first: a bot account plays only through its tokens."))
        return redirect("profile", username=user.username)
    # Read through the user's reverse relation (tournaments sit above accounts): a player of a
    # humans-only tournament that is not over stays human until it is (issue 24).
    humans_only = user.entrant_set.filter(
        tournament__entry="humans", tournament__status__in=("upcoming", "running")
    )
    if humans_only.exists():
        messages.error(
            request,
            _("You are entered in a tournament for humans only: a bot may not play it. Try again after it."),
        )
        return redirect("profile", username=user.username)
    with transaction.atomic():
        Account.objects.update_or_create(user=user, defaults={"bot": True})
        user.set_unusable_password()  # ends its sessions (their hash no longer matches)
        user.save(update_fields=["password"])
    logout(request)
    messages.success(
        request,
        _("%(username)s is now a bot: it plays through its API tokens only.") % {"username": user.username},
    )
    return redirect("profile", username=user.username)
