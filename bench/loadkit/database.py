"""Users, sessions and matches made directly in the server's database (fast set-up), and the stored plies.

This module runs inside a tree's agent (``bench/loadkit/tree.py``) with THAT tree's code on
``sys.path``: it imports nothing from ``bench`` and copes with the services' module of
today's tree (``games.services``) and of the rewrite (``games.matches.services``).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import random
from functools import cache


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()


@cache
def services():
    """The tree's match services (``match_create``, ``match_join``, ``move_play``, ...):
    ``games.matches.services`` where the tree has it, else ``games.services``."""
    new = importlib.util.find_spec("games.matches") and importlib.util.find_spec("games.matches.services")
    return importlib.import_module("games.matches.services" if new else "games.services")


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


def signed_in_users(count: int) -> tuple[list, list[str]]:
    """``count`` new users (made at once) and the keys of sessions logging each one in."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    User = get_user_model()
    tag = f"bench{os.getpid()}x{random.randrange(16**6):06x}"
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"{tag}u{i}", password=make_password(None)) for i in range(count)]
        )
        if users[0].pk is None:  # a backend without RETURNING
            users = list(User.objects.filter(username__startswith=f"{tag}u").order_by("pk"))
        return users, [session_key(user) for user in users]


def session_keys(count: int) -> tuple[list[str], str]:
    """``count`` new users' session keys and the session cookie's name."""
    from django.conf import settings

    return signed_in_users(count)[1], settings.SESSION_COOKIE_NAME


def make_pairs(count: int, size: int) -> tuple[list[dict], str]:
    """``count`` pairs of users with sessions, each pair seated in a new active match."""
    from django.conf import settings

    users, keys = signed_in_users(2 * count)
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

    User = get_user_model()
    a, b = User.objects.get(pk=a_id), User.objects.get(pk=b_id)
    match = services().match_create(
        user=a, game="reversi", options={"size": cfg["size"]}, opponent="invite", side=0
    )
    services().match_join(match_id=match.pk, user=b)
    match.refresh_from_db()
    for _ in range(advance):
        if match.status != match.Status.ACTIVE:
            break
        seat = match.state["turn"]
        move = rng.choice(match.rules.legal_moves(match.state, seat))
        match = services().move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
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


def populate_pages(
    finished: int, seed: int, player_matches: int = 0, rated_players: int = 0
) -> tuple[str, str]:
    """For ``bench/pages.py``: users and matches (finished, ongoing, open) played through the
    services, plus ``player_matches`` ongoing matches of the first user (the lobby lists up to
    30 of a player's own) and, first (the oldest finished), rated matches giving
    ``rated_players`` people a rating (``play_rated``); returns the path of a finished replay
    and the Cookie header of that first user ("bench0"), logged in."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from games.models import Match

    rng = random.Random(seed)
    User = get_user_model()
    users = [User.objects.create_user(f"bench{i}", password=None) for i in range(20)]
    if rated_players:
        play_rated(users, rated_players, random.Random(seed + 1))
    replay = ""
    plan = [rng.sample(users, 2) for _ in range(finished + 20 + 10)]
    for _ in range(player_matches):  # the first user on either seat
        pair = [users[0], rng.choice(users[1:])]
        plan.append(pair if rng.random() < 0.5 else pair[::-1])
    for i, (a, b) in enumerate(plan):
        visibility = "open" if i % 3 else "invite"
        match = services().match_create(user=a, game="reversi", options={}, opponent=visibility, side=0)
        if finished + 20 <= i < finished + 30:
            continue  # an open seat (listed in the lobby when public)
        services().match_join(match_id=match.pk, user=b)
        match.refresh_from_db()
        moves = 10**6 if i < finished else rng.randrange(4, 30)
        while match.status == Match.Status.ACTIVE and moves:
            seat = match.state["turn"]
            move = rng.choice(match.rules.legal_moves(match.state, seat))
            match = services().move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
            moves -= 1
        if match.status == Match.Status.FINISHED:
            replay = f"/r/{match.replay_slug}/"
    return replay, f"{settings.SESSION_COOKIE_NAME}={session_key(users[0])}"


def play_rated(users: list, players: int, rng: random.Random) -> None:
    """Rated Reversi matches through the services, so that ``players`` people (``users``,
    then new ones "bench<n>") have a rating: two rounds of random pairings, and 20 more for
    the first user (a rating history and a full page of finished matches on its profile).
    Each is played a few random moves in, then the player to move resigns. Nothing on a tree
    without ratings (its ``match_create`` takes no ``rated``)."""
    from django.contrib.auth import get_user_model

    from games.models import Match

    if "rated" not in inspect.signature(services().match_create).parameters:
        return
    User = get_user_model()
    people = users + [
        User.objects.create_user(f"bench{i}", password=None) for i in range(len(users), players)
    ]
    pairs = []
    for _ in range(2):
        order = rng.sample(people, len(people))
        pairs += zip(order[::2], order[1::2], strict=False)
    pairs += [(people[0], rng.choice(people[1:])) for _ in range(20)]
    for i, pair in enumerate(pairs):
        a, b = pair if rng.random() < 0.5 else pair[::-1]
        visibility = "open" if i % 3 else "invite"
        match = services().match_create(
            user=a, game="reversi", options={}, opponent=visibility, side=0, rated=True
        )
        services().match_join(match_id=match.pk, user=b)
        match.refresh_from_db()
        for _ in range(rng.randrange(4, 40)):
            if match.status != Match.Status.ACTIVE:
                break
            seat = match.state["turn"]
            move = rng.choice(match.rules.legal_moves(match.state, seat))
            match = services().move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
        if match.status == Match.Status.ACTIVE:
            services().match_resign(match_id=match.pk, user=(a, b)[match.state["turn"]])


def page_paths(username: str, game: str) -> tuple[str, str]:
    """For ``bench/pages.py``: the paths of ``username``'s profile and of ``game``'s
    leaderboard ("" when the tree has no leaderboard)."""
    from django.urls import NoReverseMatch, reverse

    try:
        board = reverse("leaderboard", args=[game])
    except NoReverseMatch:
        board = ""
    return reverse("profile", args=[username]), board


def watched_match(size: int) -> tuple[dict, str]:
    """For ``bench/watchers.py``: two new users with sessions, seated in a new public ("open")
    Reversi match with no move played (anyone may watch it); returns ``{"a", "b", "keys",
    "match_id"}`` and the session cookie's name."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    User = get_user_model()
    tag = f"watch{os.getpid()}x{random.randrange(16**6):06x}"
    a, b = (User.objects.create_user(f"{tag}{seat}", password=None) for seat in "ab")
    match = services().match_create(user=a, game="reversi", options={"size": size}, opponent="open", side=0)
    services().match_join(match_id=match.pk, user=b)
    pair = {"a": a.pk, "b": b.pk, "keys": [session_key(a), session_key(b)], "match_id": str(match.pk)}
    return pair, settings.SESSION_COOKIE_NAME


def puzzle_moves() -> dict[str, list[dict]]:
    """For ``bench/puzzles.py``: each game's puzzles, ``{"id", "length", "right", "wrong"}``:
    the solution's length, its first move, and a legal move there that is not it (None: the
    only move)."""
    from games.catalog.puzzle_finder import same
    from games.catalog.registry import KITS
    from games.puzzles.board import position
    from games.puzzles.models import Puzzle

    out: dict[str, list[dict]] = {}
    for puzzle in Puzzle.objects.order_by("pk"):
        kit = KITS[puzzle.game]
        right = puzzle.solution[0]
        legal = kit.game.legal_moves(position(kit, puzzle, []), puzzle.seat)
        wrong = next((move for move in legal if not same(move, right)), None)
        out.setdefault(puzzle.game, []).append(
            {"id": puzzle.pk, "length": len(puzzle.solution), "right": right, "wrong": wrong}
        )
    return out
