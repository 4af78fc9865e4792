"""The puzzle socket (``/ws/puzzles/``, docs/protocol.md "Puzzles"): a ``check`` frame is answered
with a ``checked`` frame carrying exactly what the POST of that check answers (its status and
JSON), for an account and for a visitor whose session has begun; the session comes from the
handshake's cookie, as a browser's page opens it (Channels' session and auth middleware).

A visitor without a session is told ``no_session`` (their page checks by the POST, which starts
it) and nothing changes; a frame that is not a check gets ``bad_message`` and the socket stays
open; an unknown puzzle is the POST's ``no_puzzle``; a try counts once, whichever way it came;
logging out closes an account's socket (4401)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games.notifications.models import Notification
from games.notifications.services import notify
from games.puzzles.models import Puzzle, PuzzleTry
from games.realtime.routing import websocket_urlpatterns
from games.realtime.sessions import close_sockets_of

from .test_solving import GAMES, check, mark_tried, puzzle_in, rating_of, stored, streak_puzzle, wrong_move

pytestmark = pytest.mark.django_db(transaction=True)
TIMEOUT = 5
db = database_sync_to_async


async def opened(client: Client, query: str = "", language: str = "") -> WebsocketCommunicator:
    """The puzzle socket of ``client``'s browser: its session cookie in the handshake (and the
    browser's ``language``, when given)."""
    key = client.cookies.get(settings.SESSION_COOKIE_NAME)
    headers = [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={key.value}".encode())] if key else []
    headers += [(b"accept-language", language.encode())] if language else []
    app = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
    ws = WebsocketCommunicator(app, f"/ws/puzzles/{query}", headers)
    connected, _ = await ws.connect(TIMEOUT)
    assert connected
    return ws


async def ask(ws: WebsocketCommunicator, frame: Any) -> dict[str, Any]:
    await ws.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
    return json.loads(await ws.receive_from(TIMEOUT))


def sent(puzzle: Puzzle, line: list[Any], **flags: Any) -> dict[str, Any]:
    return {"type": "check", "game": puzzle.game, "id": puzzle.pk, "line": line, **flags}


def notify_once(user_id: int) -> None:
    notify(user_id=user_id, kind=Notification.Kind.JOINED, match=None, key="k", text="Ben joined.", url="/")


def account() -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user("ann"))
    return client


@pytest.mark.parametrize("game", GAMES)
async def test_a_check_on_the_socket_answers_as_the_post_and_counts_once(game):
    client = await db(account)()
    puzzle = await db(puzzle_in)(game)
    wrong = await db(wrong_move)(puzzle)
    ws = await opened(client)
    frame = await ask(ws, sent(puzzle, [wrong]))
    assert frame["type"] == "checked"
    assert (frame["game"], frame["id"], frame["status"]) == (game, puzzle.pk, 200)
    answer = frame["answer"]
    assert (answer["correct"], answer["solved"], answer["rated"]) == (False, False, True)
    assert answer["rating"]["after"] < answer["rating"]["before"] == 1500
    assert await db(PuzzleTry.objects.filter(puzzle=puzzle).count)() == 1
    # The same again, by the socket and by the POST: the POST's 409, and nothing moves.
    before = await db(stored)(client)
    again = await ask(ws, sent(puzzle, [wrong]))
    posted = await db(check)(client, puzzle, [wrong])
    assert again["status"] == posted.status_code == 409
    assert again["answer"] == posted.json()
    assert again["answer"]["error"] == "already_tried"
    assert await db(stored)(client) == before
    # Practice (``again``) is answered and counts for nothing, as by the POST.
    practice = await ask(ws, sent(puzzle, [wrong], again=True))
    assert (practice["status"], practice["answer"]["rated"]) == (200, False)
    assert await db(stored)(client) == before
    await ws.disconnect()


async def test_a_visitor_checks_by_the_socket_once_their_session_has_begun():
    visitor = Client()
    first, second = await db(puzzle_in)("connect_four"), None
    second = await db(puzzle_in)("connect_four", exclude=(first.pk,))
    # No session yet: told so, nothing stored, no session made.
    ws = await opened(visitor)
    before = await db(stored)(visitor)
    frame = await ask(ws, sent(first, [await db(wrong_move)(first)]))
    assert (frame["type"], frame["status"], frame["answer"]["error"]) == ("checked", 409, "no_session")
    assert isinstance(frame["answer"]["message"], str) and frame["answer"]["message"]
    assert await db(stored)(visitor) == before
    await ws.disconnect()
    # The POST begins the session; the socket opened with its cookie then checks and keeps the
    # visitor's rating in it, beside what the POST kept.
    posted = await db(check)(visitor, first, [await db(wrong_move)(first)])
    assert posted.status_code == 200
    after_post = await db(rating_of)(visitor, "connect_four")
    ws = await opened(visitor)
    frame = await ask(ws, sent(second, [await db(wrong_move)(second)]))
    assert (frame["status"], frame["answer"]["rated"]) == (200, True)
    assert frame["answer"]["rating"]["before"] == round(after_post)
    session = await db(lambda: visitor.session.get("puzzles"))()
    assert set(session["tried"]) == {str(first.pk), str(second.pk)}
    assert round(session["ratings"]["connect_four"][0]) == frame["answer"]["rating"]["after"]
    await ws.disconnect()


async def test_bad_frames_are_refused_and_the_socket_stays_open():
    client = await db(account)()
    puzzle = await db(puzzle_in)("connect_four")
    ws = await opened(client)
    before = await db(stored)(client)
    for frame in ("not json", {"type": "move"}, [1, 2]):
        answer = await ask(ws, frame)
        assert (answer["type"], answer["code"]) == ("error", "bad_message"), frame
    unknown = (("connect_four", 10**9), ("chess", puzzle.pk), ("connect_four", str(puzzle.pk)), (None, None))
    for game, pk in unknown:
        answer = await ask(ws, {"type": "check", "game": game, "id": pk, "line": [puzzle.solution[0]]})
        assert (answer["type"], answer["status"], answer["answer"]["error"]) == ("checked", 404, "no_puzzle")
        assert (answer["game"], answer["id"]) == (game, pk)
    for flags, code in (({"again": "yes"}, "bad_request"), ({"line": []}, "bad_line")):
        answer = await ask(ws, {**sent(puzzle, [puzzle.solution[0]]), **flags})
        assert (answer["status"], answer["answer"]["error"]) == (400, code), flags
    assert await db(stored)(client) == before
    assert (await ask(ws, {"type": "ping"}))["type"] == "pong"
    await ws.disconnect()


async def test_logging_out_closes_an_accounts_puzzle_socket():
    client = await db(account)()
    ws = await opened(client)
    assert (await ask(ws, {"type": "ping"}))["type"] == "pong"  # connected and in its groups
    user_id = await db(lambda: int(client.session["_auth_user_id"]))()
    await db(close_sockets_of)(user_id)
    out = await ws.receive_output(TIMEOUT)
    assert (out["type"], out["code"]) == ("websocket.close", 4401)


async def test_an_accounts_socket_carries_its_pages_bell_when_asked():
    """``?bell=1``: the unread count on connect (the page opens no bell socket of its own);
    without it, an outside client gets no frame it did not ask for."""
    client = await db(account)()
    user_id = await db(lambda: int(client.session["_auth_user_id"]))()
    await db(notify_once)(user_id)
    ws = await opened(client, "?bell=1")
    assert await ws.receive_json_from(TIMEOUT) == {"type": "unread", "unread": 1}
    assert (await ask(ws, {"type": "ping"}))["type"] == "pong"
    await ws.disconnect()
    plain = await opened(client)
    assert (await ask(plain, {"type": "ping"}))["type"] == "pong"  # nothing came before it
    await plain.disconnect()


async def test_a_streak_goes_on_over_the_socket_in_the_session_the_page_began():
    """The streak the page began (its session, by HTTP) goes on by the socket: the socket
    reads the session at the check and saves what the check changed, so the next page sees
    the next puzzle of the streak."""
    client = await db(account)()
    game = GAMES[0]
    assert (await db(client.get)(f"/puzzles/{game}/streak/")).status_code == 200
    first = await db(streak_puzzle)(client, game)
    ws = await opened(client)
    for k in range(0, len(first.solution), 2):
        frame = await ask(ws, sent(first, first.solution[: k + 1], streak=True))
        assert frame["status"] == 200, frame
    assert frame["answer"]["streak"] == {"count": 1, "over": False, "best": 1}
    second = await db(streak_puzzle)(client, game)
    assert second is not None and second != first
    frame = await ask(ws, sent(first, first.solution[:1], streak=True))
    assert (frame["status"], frame["answer"]["error"]) == (409, "not_in_streak")
    await ws.disconnect()


# -- the next puzzle ---------------------------------------------------------------------------
async def test_next_sends_an_untried_puzzle_as_its_page_shows_it():
    client = await db(account)()
    game = GAMES[0]
    tried = await db(puzzle_in)(game)
    await db(mark_tried)(client, [tried])
    ws = await opened(client)
    frame = await ask(ws, {"type": "next", "game": game, "streak": False})
    assert frame["type"] == "puzzle" and frame["game"] == game
    data = frame["data"]
    assert data["game"] == game and data["id"] != tried.pk and data["tried"] is False
    assert frame["url"] == f"/puzzles/{game}/{data['id']}/"
    # the page of that link says the same: its data, title and card
    page = (await db(client.get)(frame["url"])).content.decode()
    embedded = re.search(r'<script id="puzzle-data" type="application/json">(.*?)</script>', page)
    shown = json.loads(embedded.group(1))
    assert {**shown, "socket": None} == data
    assert f"<title>{frame['title']} · " in page
    assert frame["side"].strip() in page
    await ws.disconnect()


async def test_next_in_a_streak_is_the_streaks_puzzle_and_keeps_its_page():
    client = await db(account)()
    game = GAMES[0]
    assert (await db(client.get)(f"/puzzles/{game}/streak/")).status_code == 200
    current = await db(streak_puzzle)(client, game)
    ws = await opened(client)
    frame = await ask(ws, {"type": "next", "game": game, "streak": True})
    assert (frame["data"]["id"], frame["url"]) == (current.pk, f"/puzzles/{game}/streak/")
    assert frame["data"]["streak"] == {"count": 0, "best": 0}
    await ws.disconnect()


async def test_next_with_none_to_send_names_the_page_to_open():
    client = await db(account)()
    game = GAMES[0]
    await db(lambda: mark_tried(client, list(Puzzle.objects.filter(game=game))))()
    ws = await opened(client)
    frame = await ask(ws, {"type": "next", "game": game, "streak": False})
    nothing = {"title": None, "side": None, "data": None}
    assert frame == {"type": "puzzle", "game": game, "url": f"/puzzles/{game}/", **nothing}
    for bad in ("chess", None, 7):
        refused = await ask(ws, {"type": "next", "game": bad})
        assert (refused["type"], refused["code"]) == ("error", "bad_message"), bad
    await ws.disconnect()


async def test_the_next_puzzles_card_is_in_the_sockets_language():
    client = await db(account)()
    ws = await opened(client, language="de")
    frame = await ask(ws, {"type": "next", "game": GAMES[0], "streak": False})
    assert "Nächste Aufgabe" in frame["side"] and "Next puzzle" not in frame["side"], frame["side"]
    assert "Aufgabe" in frame["title"]
    await ws.disconnect()
