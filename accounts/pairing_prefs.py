"""Each account's quick-pairing choice (``Account.pair_with_bots``, read by
``games.matches.pairing.matchmaking``): a person accepts bots as opponents in the pools; a bot may enter
the pools at all. Set on the own profile (a bot's owner sets it before making the account a
bot: a bot logs in with tokens only)."""

from __future__ import annotations

from .models import Account


def pair_with_bots_of(user) -> bool:
    """Does ``user`` allow quick pairing with bots (no account row: no)?"""
    return bool(Account.objects.filter(user_id=user.pk).values_list("pair_with_bots", flat=True).first())


def pair_with_bots_set(*, user, allow: bool) -> None:
    """Choose whether ``user`` is paired with bots (a bot: may enter the pools)."""
    Account.objects.update_or_create(user=user, defaults={"pair_with_bots": bool(allow)})
