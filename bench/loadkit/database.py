"""Users, sessions and matches made directly in the server's database (fast set-up), and the stored plies."""

from __future__ import annotations

import os
import random


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()


def session_key(user) -> str:
    """The key of a new session logging ``user`` in, made directly in the session store."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def make_pairs(count: int, size: int) -> tuple[list[dict], str]:
    """``count`` pairs of users with sessions, each pair seated in a new active match."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    User = get_user_model()
    tag = f"bench{os.getpid()}x{random.randrange(16**6):06x}"
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"{tag}u{i}", password=make_password(None)) for i in range(2 * count)]
        )
        if users[0].pk is None:  # a backend without RETURNING
            users = list(User.objects.filter(username__startswith=f"{tag}u").order_by("pk"))
        keys = [session_key(user) for user in users]
    cfg = {"size": size}
    rng = random.Random(count)
    cells = size * size - 4
    pairs = []
    for i in range(count):
        a, b = users[2 * i], users[2 * i + 1]
        pairs.append(
            {
                "index": i,
                "a": a.pk,
                "b": b.pk,
                "keys": [keys[2 * i], keys[2 * i + 1]],
                "match_id": new_match(a.pk, b.pk, cfg, advance=rng.randrange(cells * 4 // 5), rng=rng),
            }
        )
    return pairs, settings.SESSION_COOKIE_NAME


def new_match(a_id: int, b_id: int, cfg: dict, advance: int = 0, rng: random.Random | None = None) -> str:
    """A Reversi match with A on seat 0 and B on seat 1, started (through the services); with
    ``advance``, that many random moves are played in at once (set-up, not measured), so that
    the matches of a run are at different stages and end at different times."""
    from django.contrib.auth import get_user_model

    from games import services

    User = get_user_model()
    a, b = User.objects.get(pk=a_id), User.objects.get(pk=b_id)
    match = services.match_create(
        user=a, game="reversi", options={"size": cfg["size"]}, opponent="invite", side=0
    )
    services.match_join(match_id=match.pk, user=b)
    match.refresh_from_db()
    for _ in range(advance):
        if match.status != match.Status.ACTIVE:
            break
        seat = match.state["turn"]
        move = rng.choice(match.rules.legal_moves(match.state, seat))
        match = services.move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
    return match.pk


def stored_plies(match_ids: list[str]) -> dict[str, set[int]]:
    """The plies of the stored (non-forced) moves of these matches."""
    from games.models import Move

    out: dict[str, set[int]] = {}
    for i in range(0, len(match_ids), 400):
        rows = Move.objects.filter(match_id__in=match_ids[i : i + 400], forced=False).values_list(
            "match_id", "ply"
        )
        for match_id, ply in rows:
            out.setdefault(match_id, set()).add(ply)
    return out
