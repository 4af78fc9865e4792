"""Quick pairing: players wait in a pool (``pools.POOLS``) and are paired into a new match,
closest ratings first, the accepted gap widening the longer they wait (``pools.allowed_gap``).

Pairing is decided once, by the database: each pairing runs in one transaction that locks
the pool's waiting entries (``select_for_update``, in id order, so two pairers never
deadlock) and marks the two entries with their match; an entry with a match is no longer
waiting, and the unique constraint ``pool_one_wait`` lets a player wait once. Entering a pool
pairs at once when it can; every process's clock watcher pairs again (``pair_waiting``) as
the gaps widen. A bot enters only if its account allows it (``Account.pair_with_bots``), and
meets a person only if that person's account allows bots.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import quotas, services
from ..errors import ServiceError
from ..events import announce
from ..models import Match, PoolEntry
from ..ratings import standings as ratings
from .pools import POOLS, Pool, PoolsChanged, allowed_gap

STALE_SECONDS = 600  # a realtime pool forgets a player waiting this long (gone without leaving)
CORRESPONDENCE = [key for key, pool in POOLS.items() if "days" in pool.clock]  # never forgotten


def pool_of(key: Any) -> Pool:
    """The pool named ``key``; ServiceError ``unknown_pool`` (404) otherwise."""
    pool = POOLS.get(key) if isinstance(key, str) else None
    if pool is None:
        raise ServiceError(
            "unknown_pool", _("No such pool: %(key)r. GET /api/pools/ lists them.") % {"key": key}, 404
        )
    return pool


def _account_flags(user) -> tuple[bool, bool]:
    """(is a bot, allows quick pairing with bots) from the user's account row (none: a person
    who does not)."""
    rows = get_user_model().objects.filter(pk=user.pk)
    row = rows.values("account__bot", "account__pair_with_bots").first()
    return bool(row and row["account__bot"]), bool(row and row["account__pair_with_bots"])


def pool_enter(*, user, pool: Any) -> PoolEntry:
    """``user`` waits in ``pool`` (leaving any other pool), then is paired at once if someone
    fits; if a pairer paired them in the pool they leave meanwhile, that entry (its match
    stands) and nothing else. Refusals: ``unknown_pool``, ``bots_not_pooled`` (a bot whose
    account does not allow pools), the quota of waiting matches (``too_many_open_matches``),
    ``already_waiting``."""
    chosen = pool_of(pool)
    bot, with_bots = _account_flags(user)
    if bot and not with_bots:
        raise ServiceError(
            "bots_not_pooled",
            _("This bot may not enter the pools: its owner turns on Quick pairing with bots on its profile."),
            403,
        )
    try:
        with transaction.atomic():
            quotas.check_match(user, opponent=Match.Visibility.OPEN, watch=False)
            # One pool at a time: entering another moves you. The entries are locked first,
            # so a pairer holding one decides before (PostgreSQL reads a row again after the
            # wait): one paired meanwhile in the pool being left is that person's match.
            seen = set(PoolEntry.objects.filter(user=user, match__isnull=True).values_list("pk", flat=True))
            waiting = list(PoolEntry.objects.select_for_update().filter(pk__in=seen, match__isnull=True))
            paired = PoolEntry.objects.filter(pk__in=seen, match__isnull=False).first()
            if paired is not None:
                return paired
            left = [entry.pool for entry in waiting]
            PoolEntry.objects.filter(pk__in=[entry.pk for entry in waiting]).delete()
            entry = PoolEntry.objects.create(
                pool=chosen.key,
                user=user,
                rating=ratings.current(user, chosen.game)[0],
                bot=bot,
                with_bots=with_bots,
            )
            announce(PoolsChanged(pools=sorted({*left, chosen.key})))
    except IntegrityError:  # the same player entering twice at once (staff skip the lock)
        raise ServiceError("already_waiting", _("You are entering a pool already."), 409) from None
    pair_pool(chosen.key)
    entry.refresh_from_db()
    return entry


def pool_leave(*, user, realtime_only: bool = False) -> bool:
    """``user`` (a user or its pk) stops waiting (in whatever pool; ``realtime_only``: not in a
    correspondence pool, whose players need not stay); False if they were not waiting (or
    were paired meanwhile: the match stands)."""
    waiting = PoolEntry.objects.filter(user=user, match__isnull=True)
    if realtime_only:
        waiting = waiting.exclude(pool__in=CORRESPONDENCE)
    if not waiting.exists():  # the usual call, a lobby socket closing: no write lock taken
        return False
    with transaction.atomic():
        left = list(waiting.values_list("pool", flat=True))
        gone, _ = waiting.delete()
        if gone:
            announce(PoolsChanged(pools=left))
    return bool(gone)


def _fits(a: PoolEntry, b: PoolEntry) -> bool:
    """May these two be paired, whatever their ratings? A bot meets bots, and people who
    allow bots."""
    if a.user_id == b.user_id:
        return False
    if a.bot != b.bot:
        return (b if a.bot else a).with_bots
    return True


def choose_pairs(waiting: list[PoolEntry], now: datetime) -> list[tuple[PoolEntry, PoolEntry]]:
    """The pairs to make among ``waiting`` (oldest first): closest ratings first, each pair
    within the gap its more recent player's wait allows. Pure, for the tests."""
    candidates = []
    for i, a in enumerate(waiting):
        for j in range(i + 1, len(waiting)):
            b = waiting[j]
            gap = abs(a.rating - b.rating)
            waited = (now - max(a.created_at, b.created_at)).total_seconds()
            if _fits(a, b) and gap <= allowed_gap(waited):
                candidates.append((gap, i, j))
    taken: set[int] = set()
    pairs = []
    for _gap, i, j in sorted(candidates):
        if i not in taken and j not in taken:
            taken |= {i, j}
            pairs.append((waiting[i], waiting[j]))
    return pairs


def pair_pool(key: str) -> list[Match]:
    """Pair whoever fits in pool ``key``, once (the locked rows decide); the new matches."""
    pool = POOLS[key]
    made = []
    with transaction.atomic():
        waiting = list(
            PoolEntry.objects.select_for_update(of=("self",))
            .select_related("user")
            .filter(pool=key, match__isnull=True)
            .order_by("pk")
        )
        for a, b in choose_pairs(waiting, timezone.now()):
            match = services.match_create(
                user=a.user,
                game=pool.game,
                options=dict(pool.options),
                opponent=Match.Visibility.OPEN,
                clock=dict(pool.clock),
                rated=pool.rated,
                quota=False,  # counted when they entered
            )
            services.match_join(match_id=match.pk, user=b.user)
            PoolEntry.objects.filter(pk__in=[a.pk, b.pk]).update(match=match)
            made.append(match)
        if made:
            announce(PoolsChanged(pools=[key]))
    return made


def pair_waiting() -> int:
    """(Every process's clock watcher.) Forget realtime entries waiting too long, then pair
    every pool with players waiting; returns how many matches this call made."""
    stale = timezone.now() - timedelta(seconds=STALE_SECONDS)
    old = PoolEntry.objects.filter(match__isnull=True, created_at__lte=stale).exclude(pool__in=CORRESPONDENCE)
    forgotten = sorted(set(old.values_list("pool", flat=True)))
    if forgotten and old.delete()[0]:
        announce(PoolsChanged(pools=forgotten))
    keys = PoolEntry.objects.filter(match__isnull=True).order_by().values_list("pool", flat=True).distinct()
    return sum(len(pair_pool(key)) for key in sorted(set(keys)) if key in POOLS)


# -- reading ------------------------------------------------------------------------------
def pool_counts(keys: list[str] | None = None) -> dict[str, dict[str, int]]:
    """The players waiting and matches playing now in each pool (``keys``: only these), in
    one query."""
    keys = list(POOLS) if keys is None else [k for k in keys if k in POOLS]
    counts = {key: {"waiting": 0, "playing": 0} for key in keys}
    rows = (
        PoolEntry.objects.filter(pool__in=keys)
        .filter(Q(match__isnull=True) | Q(match__status=Match.Status.ACTIVE))
        .values("pool")
        .annotate(
            waiting=Count("pk", filter=Q(match__isnull=True)),
            playing=Count("pk", filter=Q(match__status=Match.Status.ACTIVE)),
        )
        .order_by()
    )
    for row in rows:
        counts[row["pool"]] = {"waiting": row["waiting"], "playing": row["playing"] // 2}  # two a match
    return counts


def pools_public(user=None) -> dict[str, Any]:
    """``GET /api/pools/``: every pool with its counts, and the caller's own place: the pool
    they wait in, or their newest pool match still being played."""
    counts = pool_counts()
    pools = [
        {
            "key": p.key,
            "game": p.game,
            "options": p.options,
            "clock": p.clock,
            "label": p.label,
            "rated": p.rated,
            **counts[p.key],
        }
        for p in POOLS.values()
    ]
    mine: dict[str, Any] = {"waiting": None, "match": None}
    if user is not None and user.is_authenticated:
        entry = PoolEntry.objects.filter(user=user).order_by("-pk").first()
        if entry is not None and entry.match_id is None:
            mine["waiting"] = entry.pool
        elif entry is not None and entry.match.status == Match.Status.ACTIVE:
            mine["match"] = entry.match_id
    return {"pools": pools, "mine": mine}
