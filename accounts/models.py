"""What accounts add to Django's users: the bot flag, who may challenge them, personal API
tokens, challenges and follows."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TOKEN_PREFIX = "bgt_"  # recognisable in logs and by secret scanners
TOKEN_SHOWN = 8  # characters of a token kept in the clear, to tell tokens apart
TOUCH_EVERY = timedelta(minutes=1)  # ``last_used_at`` is written at most this often


class Account(models.Model):
    """Per-user facts Django's user has no field for. No row: a person (``bot`` False)."""

    class Challengers(models.TextChoices):
        EVERYONE = "everyone", _("Everyone")
        FOLLOWING = "following", _("Only people I follow")
        NOBODY = "nobody", _("Nobody")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account")
    # A bot plays only through API tokens: password logins are refused (accounts.tokens).
    bot = models.BooleanField(default=False)
    # The e-mail address its user confirmed by opening the link mailed to it
    # (accounts.addresses). ``user.email`` counts as confirmed only while it equals this, so an
    # address changed anywhere (settings page, admin, shell) gets no mail until confirmed.
    email_confirmed = models.EmailField(blank=True, default="")
    # The secret of the links in mail to that address (one-click unsubscribe): one per
    # confirmed address, a new one each time an address is confirmed (old links die).
    email_key = models.CharField(max_length=64, null=True, blank=True, unique=True, editable=False)
    # When the last confirmation mail went: "send again" waits a while after it.
    confirmation_sent_at = models.DateTimeField(null=True, blank=True)
    # Who may challenge this user (``services.challenge_create``); no row: everyone.
    challengers = models.CharField(
        _("Who may challenge me"), max_length=10, choices=Challengers.choices, default=Challengers.EVERYONE
    )

    # Off: no chat in any match, neither read nor written (``games.matches.talking.chat``).
    chat = models.BooleanField(_("Chat in matches"), default=True)
    # Quick pairing (games.matches.pairing.matchmaking): a person accepts bots as opponents in the pools;
    # a bot may enter the pools at all (and meets only people who accept bots, and bots).
    pair_with_bots = models.BooleanField(_("Quick pairing with bots"), default=False)
    # The language chosen in the header's menu ("": the browser's): accounts.language.
    language = models.CharField(max_length=8, blank=True, default="", choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user_id} bot={self.bot}"


def is_bot(user) -> bool:
    """Is ``user`` (any user object, or None) a bot account?"""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Account.objects.filter(user_id=user.pk, bot=True).exists()


def digest(raw: str) -> str:
    """The stored form of a token: its SHA-256 in hex (the token itself is never stored)."""
    return hashlib.sha256(raw.encode()).hexdigest()


class ApiTokenQuerySet(models.QuerySet):
    def active(self) -> ApiTokenQuerySet:
        return self.filter(revoked_at__isnull=True)

    def active_token(self, raw: str) -> ApiToken | None:
        """The active token ``raw`` is, its ``user`` loaded (None: unknown, revoked, or its
        user deactivated); notes when it was last used."""
        if not isinstance(raw, str) or not raw.startswith(TOKEN_PREFIX) or len(raw) > 200:
            return None
        # Found by digest: the database compares hashes, never the secret itself.
        token = self.active().select_related("user").filter(digest=digest(raw)).first()
        if token is None or not token.user.is_active:
            return None
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at >= TOUCH_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token


class ApiToken(models.Model):
    """A personal API token: ``Authorization: Bearer <token>`` acts as its user."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    digest = models.CharField(max_length=64, unique=True)  # sha256 hex of the token; unique: indexed
    prefix = models.CharField(max_length=TOKEN_SHOWN)  # its first characters, to recognise it
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}...)"

    @classmethod
    def issue(cls, *, user, name: str) -> tuple[ApiToken, str]:
        """A new token for ``user``: (its row, the token itself: shown once, never stored)."""
        raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name, digest=digest(raw), prefix=raw[:TOKEN_SHOWN])
        return token, raw


class Follow(models.Model):
    """``follower`` follows ``followed`` (from ``followed``'s profile). Someone who accepts
    challenges only from people they follow (``Account.challengers``) reads these rows."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=models.F("followed")), name="follow_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"
