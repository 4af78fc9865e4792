""" "Play a match from here" on the analysis board (issue "Study a game"): the position shown
(reached along a line, or edited) fills the create form's start position, and the match
made from it starts there, casual, against the computer or a person."""

from __future__ import annotations

import base64
import json
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client

from games.catalog.registry import GAMES
from games.matches.models import Match

from .conftest import make_user

pytestmark = pytest.mark.django_db

LINES = {  # a main line and a variation, as the analysis board keeps them
    "reversi": [[{"cell": "E3"}, {"cell": "D3"}, {"cell": "C3"}], [{"cell": "E3"}, {"cell": "F5"}]],
    "othello": [[{"cell": "D3"}, {"cell": "C3"}, {"cell": "C4"}]],
    "connect_four": [[{"action": "drop", "column": c} for c in (3, 3, 2)]],
    "reversi_1d": [[{"position": 3}, {"position": 4}]],
}


def encode(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def board_link(slug: str, at: str, **extra) -> str:
    return f"/analysis/{slug}/play/?{urlencode({'lines': encode(LINES[slug]), 'at': at, **extra})}"


def shown(slug: str, line: int, ply: int):
    game = GAMES[slug]
    state = game.setup(game.clean_options({}), 0)
    for move in LINES[slug][line][:ply]:
        state = game.play(state, state["turn"], move)
    return state


@pytest.mark.parametrize("slug", list(LINES))
def test_the_shown_position_fills_the_form_and_the_match_starts_there(slug):
    client = Client()
    client.force_login(make_user("ann"))
    line, ply = (1, 2) if len(LINES[slug]) > 1 else (0, 2)
    response = client.get(board_link(slug, f"{line}.{ply}"))
    assert response.status_code == 302
    target = urlsplit(response["Location"])
    assert target.path == "/m/new/"
    query = {k: v[0] for k, v in parse_qs(target.query, keep_blank_values=True).items()}
    assert query["game"] == slug
    expected = shown(slug, line, ply)
    start = query[f"{slug}__start"]
    assert GAMES[slug].setup(GAMES[slug].clean_options({"start": start}), 0)["board"] == expected["board"]

    page = client.get(response["Location"]).content.decode()
    area = re.search(rf'<textarea name="{slug}__start"[^>]*>(.*?)</textarea>', page, re.S)
    assert area and unescape(area.group(1)).strip() == start.strip()

    rated = client.post("/m/new/", {**query, "opponent": "invite", "side": "0", "rated": "on"})
    assert "Matches from a custom start position are casual." in unescape(rated.content.decode())
    created = client.post("/m/new/", {**query, "opponent": "computer", "side": "0"})
    assert created.status_code == 302, re.findall(r"<li>[^<]*</li>", created.content.decode())
    match = Match.objects.latest("pk")
    assert match.game == slug and not match.rated
    assert match.rules.custom_start(match.options)
    assert match.state["board"] == expected["board"]
    assert ("Start position", "custom") in match.option_labels  # the board shows it, not the text
    assert client.get(match.get_absolute_url()).status_code == 200


def test_an_edited_position_with_blocks_and_white_to_move():
    client = Client()
    client.force_login(make_user("bob"))
    position = {"board": ["#.....", "......", "..XO..", "..OX..", "......", "......"], "to_move": 1}
    query = {"size": 6, "position": encode(position), "lines": encode([[]])}
    link = f"/analysis/reversi/play/?{urlencode(query)}"
    query = parse_qs(urlsplit(client.get(link)["Location"]).query, keep_blank_values=True)
    assert query["reversi__start"] == ["#.....\n......\n..XO..\n..OX..\n......\n......\nO to move"]
    assert query["reversi__size"] == ["6"] and query["reversi__blocks"] == [""]


def test_a_finished_position_goes_back_to_the_board_with_the_reason():
    client = Client()
    client.force_login(make_user("cid"))
    full = "XXXXXXXXXXXO"
    link = f"/analysis/reversi_1d/play/?{urlencode({'position': encode({'board': full, 'to_move': 0})})}"
    response = client.get(link)
    assert response.status_code == 302 and response["Location"].startswith("/analysis/reversi_1d/?")
    page = client.get(response["Location"]).content.decode()
    assert "No match can start from this position: the game is over there." in unescape(page)
    assert not Match.objects.exists()


def test_a_game_without_an_analysis_board_has_no_such_page():
    assert Client().get("/analysis/journey/play/").status_code == 404


def test_the_board_links_to_it():
    page = Client().get("/analysis/othello/").content.decode()
    assert 'id="play-here" href="/analysis/othello/play/"' in page


def test_a_start_where_the_first_to_move_must_pass_is_passed_by_the_server():
    from games.matches import services
    from games.matches.models import Move

    ann = make_user("ann")
    start = "OX..\n....\n....\n...."  # X (to move) flanks nothing; O can take B1
    match = services.match_create(
        user=ann, game="reversi", options={"start": start}, opponent="computer", side=1, level="random"
    )
    match.refresh_from_db()
    assert match.status == "active" and match.state["turn"] == 1 and match.ply == 1
    assert list(Move.objects.filter(match=match).values_list("seat", "move", "forced")) == [
        (0, {"pass": True}, True)
    ]
