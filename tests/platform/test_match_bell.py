"""The match page's socket carries the page's header bell (``?bell=1``), so the page opens no
bell socket of its own: its person's unread count once connected and after each change, a
challenge to them, and nothing of anyone else. A socket that did not ask gets none of it,
and neither does a visitor's."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts.services import challenge_create
from games.notifications.models import Notification
from games.notifications.services import mark_read

from .conftest import db, make_user, start_match

pytestmark = pytest.mark.django_db(transaction=True)

PAGE = "moves=1&bell=1"  # as static/js/match.js opens it for a logged-in person


def unread_of(user) -> int:
    """The user's unread notifications, counted from the table (not through the services)."""
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def of_type(frames: list[dict], *kinds: str) -> list[dict]:
    return [f for f in frames if f["type"] in kinds]


async def test_a_page_socket_brings_its_persons_count_once_connected_and_then_each_change(sockets):
    match, ann, ben = await db(start_match)("reversi", {"size": 6})
    page = await sockets.connect(match.pk, ann, PAGE)
    frames = await page.until_marker()
    assert [f["type"] for f in frames][-2:] == ["move_list", "unread"]  # after what the page shows
    assert frames[-1]["unread"] == await db(unread_of)(ann) > 0  # "ben joined your match"
    theirs = await sockets.connect(match.pk, ben, PAGE)
    counted = await db(unread_of)(ben)
    assert of_type(await theirs.until_marker(), "unread") == [{"type": "unread", "unread": counted}]
    bare = await sockets.connect(match.pk, ann, "moves=1")  # a page of an older script, a bot
    assert of_type(await bare.until_marker(), "unread", "challenge") == []

    carol = await db(make_user)("carol")
    challenge = await db(challenge_create)(user=carol, to="ann", game="reversi", options={"size": 6})
    got = of_type(await page.until_marker(), "unread", "challenge")
    assert sorted(f["type"] for f in got) == ["challenge", "unread"]
    pushed = next(f for f in got if f["type"] == "challenge")["challenge"]
    assert pushed["id"] == challenge.pk and pushed["from"] == "carol"
    assert next(f for f in got if f["type"] == "unread")["unread"] == await db(unread_of)(ann)
    assert of_type(await theirs.until_marker(), "unread", "challenge") == []  # nothing of ann's
    assert of_type(await bare.until_marker(), "unread", "challenge") == []

    await db(mark_read)(user=ann)  # read on another page: this page's bell counts down
    assert of_type(await page.until_marker(), "unread") == [{"type": "unread", "unread": 0}]


async def test_a_visitors_page_socket_carries_no_bell(sockets):
    match, ann, _ = await db(start_match)("reversi", {"size": 6})
    visitor = await sockets.connect(match.pk, AnonymousUser(), PAGE)
    assert of_type(await visitor.until_marker(), "unread", "challenge") == []
    carol = await db(make_user)("carol")
    await db(challenge_create)(user=carol, to="ann", game="reversi", options={"size": 6})
    assert of_type(await visitor.until_marker(), "unread", "challenge") == []
