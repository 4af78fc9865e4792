"""Issue "first-time players", item 11 (the smaller things), in-process: the computer level a
newcomer is offered and what each level means, ``/favicon.ico``, and the admin's match pages
(both players in the list; the moves as labels linking to the replay at that ply)."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from games.catalog.computer import NOTES, default_level, levels
from games.catalog.registry import GAMES
from games.matches import services
from games.matches.replays import positions

from .conftest import make_user, start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_default_level_is_the_one_below_strong(slug):
    offered = levels(slug)
    below = [lv for lv in offered if lv not in ("strong", "expert")]
    assert default_level(slug) == below[-1]
    expected = {"reversi": "greedy", "connect_four": "medium", "reversi_1d": "random"}
    assert default_level(slug) == expected.get(slug, default_level(slug))
    assert all(NOTES[slug][lv].endswith(".") and len(NOTES[slug][lv]) > 20 for lv in offered)


def test_the_create_form_selects_the_default_level_and_describes_every_level():
    client = Client()
    client.force_login(make_user("ann"))
    page = client.get("/m/new/").content.decode()
    level_select = re.search(r'<select name="level" id="id_level">(.*?)</select>', page, re.S).group(1)
    # One option selected in the whole select, the chosen game's default: a select with one
    # selected option per game submitted the last game's (Gomoku's "medium" for Reversi)
    # when the form was sent before its script had run.
    selected_in = re.findall(r'data-game="(\w+)">(?:(?!</optgroup>).)*?\bselected>', level_select, re.S)
    assert selected_in == ["reversi"]
    for slug in GAMES:
        found = re.search(rf'<optgroup label="[^"]*" data-game="{slug}">(.*?)</optgroup>', level_select, re.S)
        group = found.group(1)
        marked = re.findall(r'<option value="(\w+)"[^>]*\bdata-default', group)
        assert marked == [default_level(slug)], (slug, marked)
        chosen = re.findall(r'<option value="(\w+)"[^>]*\bselected>', group)
        assert chosen == ([default_level(slug)] if slug == "reversi" else []), (slug, chosen)
        for level in levels(slug):
            assert f'value="{level}" data-note="{NOTES[slug][level]}"' in group.replace("&#x27;", "'")
    assert 'id="level-note"' in page


def test_a_computer_match_made_without_a_level_gets_the_default():
    client = Client()
    client.force_login(make_user("ann"))
    body = {"game": "reversi", "opponent": "computer", "side": "0", "reversi-size": "8", "reversi-blocks": ""}
    response = client.post("/m/new/", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    match_id = response["Location"].strip("/").split("/")[-1]
    assert services.Seat.objects.get(match_id=match_id, seat=1).level == "greedy"


def test_favicon_ico_is_served():
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/img/favicon.ico"
    icon = finders.find("img/favicon.ico")
    with open(icon, "rb") as f:
        assert f.read(4) == b"\x00\x00\x01\x00"  # an ICO header (served by ServeStatic)


def test_admin_lists_both_players_and_labels_every_move_with_a_replay_link():
    match, ann, ben = start_match("reversi", {"size": 6}, names=("alice", "bob"))
    for user, seat in ((ann, 0), (ben, 1), (ann, 0)):
        match.refresh_from_db()
        move = match.rules.legal_moves(match.state, seat)[0]
        services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)
    computer = services.match_create(
        user=ann, game="connect_four", options={}, opponent="computer", side=0, level="random"
    )
    staff = Client()
    staff.force_login(make_user("root", is_staff=True, is_superuser=True))

    listing = staff.get("/admin/games/match/").content.decode()
    assert "alice, bob" in listing and "alice, computer (random)" in listing and computer.pk in listing

    page = staff.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    match.refresh_from_db()
    for played in positions(match)[1]:
        link = f'<a href="/r/{match.replay_slug}/?ply={played["ply"]}">{played["label"]}</a>'
        assert link in page
    assert '{"cell":' not in page.split("Moves")[-1]  # no raw JSON in the move rows
