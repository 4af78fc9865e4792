"""Finding 4: bad input on the HTTP API and odd socket paths answered 500 (or crashed the
socket's application). Every one must get a 4xx with the JSON error body, or a socket closed
with 4404, and leave the server log clean."""

from __future__ import annotations

from urllib.parse import quote

import pytest
import websockets

from tests.support.client import Player

DEEP = 1100  # past orjson's 1024 and Python's default recursion limit


@pytest.fixture(scope="module")
def player(live) -> Player:
    return Player(live.url).signup()


@pytest.mark.parametrize(
    "body",
    [
        {"game": ["reversi"], "opponent": "open"},
        {"game": {"slug": "reversi"}, "opponent": "open"},
        {"game": "reversi", "opponent": "open", "side": "\u00b2"},  # "²".isdigit() is True
        {"game": "reversi", "opponent": "open", "side": "\u0661"},  # ARABIC-INDIC DIGIT ONE
    ],
    ids=["game-list", "game-dict", "side-superscript-two", "side-arabic-one"],
)
def test_wrongly_typed_fields_are_bad_options(player, clean_log, body):
    r = player.api("POST", "/api/matches/", body)
    assert r.status_code == 400, r.text[:300]
    assert r.json()["error"] == "bad_options" and r.json()["message"]
    clean_log()


@pytest.mark.parametrize(
    "data, content_type",
    [
        (b'{"game": ' + b"[" * DEEP + b"]" * DEEP + b"}", "application/json"),
        (b"[" * DEEP + b"]" * DEEP, "application/json"),
        (
            b'--XyZ\r\nContent-Disposition: form-data; name="game"\r\n\r\nreversi\r\n--XyZ--\r\n',
            "multipart/form-data; boundary=XyZ",
        ),
        (b"game=reversi&opponent=open", "application/x-www-form-urlencoded"),
    ],
    ids=["deep-in-object", "deep-list", "multipart", "urlencoded"],
)
def test_unreadable_bodies_are_4xx_json(player, clean_log, data, content_type):
    headers = {"X-CSRFToken": player.http.cookies["csrftoken"], "Content-Type": content_type}
    r = player.http.post(player.base + "/api/matches/", data=data, headers=headers, timeout=10)
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) >= {"error", "message"} and body["error"] == "bad_request", body
    clean_log()


@pytest.mark.parametrize(
    "path",
    [
        "/ws/matches/" + "x" * 300 + "/",
        "/ws/matches/" + quote("ñandú") + "/",
        "/ws/matches/a%00b/",
        "/ws/nothing/",
        "/ws/matches/",
    ],
    ids=["300-chars", "non-ascii", "nul", "unknown-path", "no-id"],
)
async def test_odd_socket_paths_close_with_4404(live, clean_log, path):
    async with websockets.connect(live.ws_url + path) as conn:  # the handshake succeeds
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await conn.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    clean_log()
