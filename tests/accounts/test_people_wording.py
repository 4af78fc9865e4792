"""People, not seats, in the server-rendered pages (issue items 2-4), in-process.

The Journey is co-operative: a victory counts as a win for every warrior and a defeat (or a
player giving up) as a loss for every warrior, never a draw; the lobby and the profile name
allies ("alice and bob"), read each result from the reader's side ("You all won"), and
``GET /api/games/`` says which games are co-operative. No page shows console or development
text (the seed program's prompts, "Task 3", "as the seed program does").

The Journeys are played through the services, from worlds prepared in the stored state
(every monster already gone: the round's end is a victory; warriors on their last health
facing a monster: a defeat).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from games.catalog.registry import GAMES
from games.matches import services, wording
from games.matches.models import Match
from games.notifications.models import Notification
from games.rules.journey import SIZE, occupants

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def user(name: str):
    return get_user_model().objects.create_user(name)


def journey_of_two(alice, bob) -> Match:
    """An open two-warrior alliance of alice (W0) and bob (W1), started."""
    match = services.match_create(
        user=alice, game="journey", options={"mode": "alliance", "players": 2}, opponent="open", side=0
    )
    services.match_join(match_id=match.pk, user=bob)
    return Match.objects.get(pk=match.pk)


def empty_cell(state) -> list[int]:
    taken = occupants(state)
    return next([x, y] for x in range(SIZE) for y in range(SIZE) if (x, y) not in taken)


def play(match: Match, who, move) -> Match:
    match = Match.objects.get(pk=match.pk)
    return services.move_play(match_id=match.pk, user=who, ply=match.ply, move=move)


def victory(alice, bob) -> Match:
    match = journey_of_two(alice, bob)
    # Both targets are empty at the match's real start too: its replay plays the moves again
    # from that start, monsters and all, and must meet nobody on the way (a first empty cell
    # chosen after the monsters went was sometimes a monster's at the start, as the random
    # start had it: the replay then refused bob's move, "It is not your turn").
    taken = occupants(match.state)
    first, second = [[x, y] for x in range(SIZE) for y in range(SIZE) if (x, y) not in taken][:2]
    for monster in match.state["monsters"]:
        monster["pos"] = None  # every monster is gone: the round's end is the victory
    match.save()
    play(match, alice, {"target": first})
    match = play(match, bob, {"target": second})
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "victory", match.result
    return match


def defeat(alice, bob) -> Match:
    match = journey_of_two(alice, bob)
    for warrior in match.state["warriors"]:
        warrior["health"] = 1  # any monster's blow is the last
    match.save()
    for who in (alice, bob):
        monster = next(m["pos"] for m in Match.objects.get(pk=match.pk).state["monsters"] if m["pos"])
        play(match, who, {"target": monster})
        match = play(match, who, {"answer": "yes"})
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "defeat", match.result
    return match


def given_up(alice, bob) -> Match:
    match = journey_of_two(alice, bob)
    play(match, alice, {"target": empty_cell(match.state)})  # a move: resigning no longer aborts
    match = services.match_resign(match_id=match.pk, user=bob)
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "resign", match.result
    return match


def text_of(response) -> str:
    """The page's text as read: tags dropped, spaces collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_the_journey_counts_a_victory_as_a_win_and_a_defeat_as_a_loss_for_every_warrior(client):
    alice, bob, carol = user("alice"), user("bob"), user("carol")
    victory(alice, bob)
    defeat(alice, bob)
    given_up(alice, bob)

    for name in ("alice", "bob"):
        client.force_login(carol)
        page = client.get(f"/u/{name}/")
        assert page.status_code == 200
        rows = {row["game"]: row for row in page.context["record"]}
        assert rows["The Journey"] == {"game": "The Journey", "played": 3, "wins": 1, "losses": 2, "draws": 0}
        assert page.context["totals"]["draws"] == 0
        text = text_of(page)
        assert "alice and bob" in text and "alice vs bob" not in text
        # carol reads the results with their names
        assert "alice and bob won: every monster is gone" in text
        assert "alice and bob lost: every warrior has fallen" in text
        assert "bob gave up — alice and bob lost" in text
        badges = re.findall(r'class="badge badge-(win|loss)"', page.content.decode())
        assert sorted(badges) == ["loss", "loss", "win"]

    client.force_login(alice)
    page = client.get("/u/alice/")
    text = text_of(page)
    assert "You all won: every monster is gone" in text
    assert "You all lost: every warrior has fallen" in text
    assert "bob gave up — the team lost" in text
    assert '<span class="badge">draw</span>' not in page.content.decode()


def test_the_lobby_names_allies_and_reads_results_from_each_side(client):
    alice, bob, carol = user("alice"), user("bob"), user("carol")
    victory(alice, bob)
    waiting = services.match_create(
        user=alice, game="journey", options={"mode": "alliance", "players": 3}, opponent="open", side=0
    )
    services.match_join(match_id=waiting.pk, user=bob)

    client.force_login(alice)
    text = text_of(client.get("/"))
    assert "You all won: every monster is gone" in text
    assert "alice and bob" in text  # the finished row's players
    assert "with bob and an open seat" in text  # your match: allies, not opponents
    assert "waiting for allies" in text
    assert "vs bob" not in text and "alice vs bob" not in text

    client.force_login(carol)
    text = text_of(client.get("/"))
    assert "alice and bob won: every monster is gone" in text
    assert " draw" not in text.lower()


def test_versus_results_on_the_lobby_from_each_side(client):
    alice, bob, carol = user("alice"), user("bob"), user("carol")
    match = services.match_create(user=alice, game="reversi", options={"size": 4}, opponent="open", side=0)
    services.match_join(match_id=match.pk, user=bob)
    move = GAMES["reversi"].legal_moves(Match.objects.get(pk=match.pk).state, 0)[0]
    play(match, alice, move)
    services.match_resign(match_id=match.pk, user=bob)
    expected = {
        alice: "bob resigned — you won",
        bob: "You resigned — alice won",
        carol: "bob resigned — alice won",
    }
    for who, line in expected.items():
        client.force_login(who)
        assert line in text_of(client.get("/")), who.username
    client.force_login(carol)
    assert "alice 1500? vs bob 1500?" in text_of(client.get("/u/alice/"))  # ratings when seated


def embedded(response, element_id: str) -> dict:
    """The JSON a page embeds in ``<script id="element_id" type="application/json">``."""
    found = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert found, element_id
    return json.loads(found.group(1))


def test_the_live_and_replay_pages_get_the_reasons_words_from_the_server(client):
    """The scripts of the live and replay pages word a result's reason with the server's
    ``result.reason_text``, the very words the lobby, the profile and the notifications
    use; they keep no table of their own."""
    alice, bob = user("alice"), user("bob")
    match = victory(alice, bob)
    client.force_login(alice)
    live = embedded(client.get(match.get_absolute_url()), "initial-state")
    replay = embedded(client.get(f"/r/{match.replay_slug}/"), "replay-data")["match"]
    assert live["result"]["reason_text"] == replay["result"]["reason_text"] == "every monster is gone"
    assert live["result"]["reason_text"] == wording.reason_text(match.result["reason"])
    assert f"You all won: {live['result']['reason_text']}" in text_of(client.get("/"))
    assert Notification.objects.get(user=alice, kind=Notification.Kind.ENDED).text.endswith(
        f"You all won: {live['result']['reason_text']}"
    )

    scripts = {path: path.read_text() for path in (ROOT / "static").rglob("*.js")}
    assert "reason_text" in scripts[ROOT / "static" / "js" / "match_info.js"]
    quoted = [
        (str(path.relative_to(ROOT)), words)
        for path, text in scripts.items()
        for words in filter(None, wording.REASONS.values())
        for quote in "\"'`"
        if f"{quote}{words}{quote}" in text
    ]
    assert not quoted, quoted  # a reason worded in a script: a second table
    assert not [path for path, text in scripts.items() if "REASONS" in text]


def test_the_games_api_says_which_games_are_cooperative(client):
    games = {g["slug"]: g for g in client.get("/api/games/").json()}
    assert games["journey"]["cooperative"] is True
    assert {slug for slug, g in games.items() if g["cooperative"]} == {"journey"}
    assert all(isinstance(g["cooperative"], bool) for g in games.values())


# -- no console or development text on the pages ------------------------------------------
CONSOLE = [
    "Specify your target",
    "(Input 'x y')",
    "> 1 (Yes)",
    "1 (Yes)",
    "(Task 3)",
    "Task 3",
    "as the seed program does",
    "seed program",
    "stdin",
    "has no valid moves — pass!",
    "Player P:",
    "Player Q:",
]


def test_no_page_shows_console_or_development_text(client):
    alice, bob = user("alice"), user("bob")
    client.force_login(alice)
    pages = [client.get("/m/new/")]
    journey = journey_of_two(alice, bob)
    play(journey, alice, {"target": empty_cell(journey.state)})
    battle = services.match_create(
        user=alice, game="alpha_battle", options={"seed": "7"}, opponent="invite", side=0
    )
    services.match_join(match_id=battle.pk, user=bob)
    for match in (journey, battle):
        match = Match.objects.get(pk=match.pk)
        pages += [client.get(match.get_absolute_url()), client.get(f"/r/{match.replay_slug}/")]
    for page in pages:
        assert page.status_code == 200
        shown = text_of(page)
        found = [phrase for phrase in CONSOLE if phrase in shown]
        assert not found, (page.request["PATH_INFO"], found)
    # the create form's option help, word for word from the engines
    for game in GAMES.values():
        for option in game.options.values():
            for words in (option.label, option.help, game.description):
                assert not re.search(r"\bTask \d|seed program|stdin|\(Input|^> ", words), (game.slug, words)


def test_the_pages_scripts_compose_no_console_text():
    """The JavaScript that draws the pages builds none of the console's lines any more."""
    scripts = sorted((ROOT / "static").rglob("*.js"))
    assert scripts
    forbidden = [
        "Specify your target position (Input 'x y').",
        '"1 (Yes)"',
        "`> ${",
        "has no valid moves — pass!",
        "Player ${",
        "`Player ",
        "wins!`",
        "Draw game!",
        "seed program",
    ]
    found = [
        (str(path.relative_to(ROOT)), phrase)
        for path in scripts
        for phrase in forbidden
        if phrase in path.read_text()
    ]
    assert not found, found
