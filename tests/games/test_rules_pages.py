"""How to play (in process, Django's test client): a rules page per game with its sections,
every option of its engine explained by its label and example positions for the game's
renderer; unknown games answer 404; ``?panel=1`` answers the fragment the match page's
dialog shows; the lobby, the create form and the match page link to the rules."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from games.catalog.registry import GAMES
from games.matches import services
from games.web.rules_pages import diagrams

pytestmark = pytest.mark.django_db

SECTIONS = ("Goal", "A turn", "How it ends", "Options")
# Words of the console programs and the course the games come from: never on a page.
NOT_FOR_PEOPLE = (
    "Task 3",
    "Task 4",
    "seed program",
    "Input 'x y'",
    "Question 1",
    "starter code",
    "assignment",
)


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def headings(text: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", text, re.S)]


def diagram_data(text: str) -> list[dict]:
    found = re.search(r'<script[^>]*type="application/json"[^>]*>(.*?)</script>', text, re.S)
    assert found, "the fragment carries its positions"
    return json.loads(found.group(1))


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_game_has_a_rules_page_with_its_sections_and_options(client, slug):
    game = GAMES[slug]
    response = client.get(f"/games/{slug}/rules/")
    assert response.status_code == 200
    assert reverse("game_rules", args=[slug]) == f"/games/{slug}/rules/"
    text = page_text(response)
    assert f"How to play {game.name}</h1>" in text
    titles = headings(text)
    for section in SECTIONS:
        assert any(title.startswith(section) for title in titles), (slug, section, titles)
    assert "Time" in titles, f"{slug}: no Time section"  # how the clocks work
    timing = text[text.index(">Time</h2>") : text.index(">Options</h2>")]
    for words in ("untimed", "realtime", "correspondence", "runs out", "computer"):
        assert words in timing.lower(), f"{slug}: the Time section does not say {words!r}"
    options = text[text.index(">Options</h2>") :]
    for name, option in game.options.items():
        assert f"<dt>{option.label}</dt>" in options, f"{slug}: option {name} ({option.label}) not explained"
    if not game.options:
        assert "has no options" in options
    # (the positions' data may hold the console's lines: the renderer words them for people)
    prose = re.sub(r"<script.*?</script>", "", text, flags=re.S).lower()
    for words in NOT_FOR_PEOPLE:
        assert words.lower() not in prose, f"{slug}: {words!r} on the page"
    # a link to play it and the rules of every other game
    assert f"{reverse('match_new')}?game={slug}" in text
    for other in GAMES:
        assert f'href="/games/{other}/rules/"' in text


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_diagrams_are_positions_of_the_game_each_with_its_caption(client, slug):
    text = page_text(client.get(f"/games/{slug}/rules/"))
    data = diagram_data(text)
    placed = re.findall(r'data-diagram="([^"]+)"', text)
    assert placed and sorted(placed) == sorted(d["name"] for d in data), "every position is drawn once"
    for d in data:
        match = d["match"]
        assert match["game"] == slug and match["id"] == f"rules-{slug}-{d['name']}"
        assert match["board"] and match["players"]
        assert d["caption"] and d["caption"] in text
        if d["legal"]:
            assert match["legal_moves"] and match["you"] in match["to_move"]
        else:
            assert match["legal_moves"] == []
    assert len({d["match"]["id"] for d in data}) == len(data)


def test_the_captions_tell_what_the_positions_show():
    reversi = {d.name: d for d in diagrams("reversi")}
    assert reversi["flip"].match["board"]["flipped"] == ["C2", "C3"]
    assert reversi["pass"].match["last_move"]["move"] == {"pass": True}
    assert reversi["pass"].match["to_move"] == [1]
    one_d = {d.name: d for d in diagrams("reversi_1d")}
    assert one_d["before"].match["board"]["board"] == list(" OXX    X  O")  # the seed's example
    assert one_d["flip"].match["board"]["flipped"] == [3, 4]
    assert one_d["no_flip"].match["board"]["flipped"] == []
    connect = {d.name: d for d in diagrams("connect_four")}
    assert connect["win"].match["result"]["winner"] == 0
    assert connect["pop_tie"].match["board"]["status"] == "tie!"
    assert connect["pop_tie"].match["result"]["draw"] is True
    (battle,) = diagrams("alpha_battle")
    assert battle.match["board"]["score"] == {"P": 64, "Q": 96}  # the seed's worked example
    journey = {d.name: d for d in diagrams("journey")}
    assert journey["monster"].match["board"]["question"]["speaker"] == "M0"
    assert journey["fought"].match["board"]["monsters_left"] == 1
    elf = journey["elf"].match["board"]["warriors"][0]
    fought = journey["fought"].match["board"]["warriors"][0]
    assert elf["pos"] == fought["pos"]  # an elf's help never moves the warrior
    assert elf["crystals"] < fought["crystals"] and elf["health"] > fought["health"]
    assert len(journey["alliance"].match["players"]) == 2


def time_section(client, slug: str) -> str:
    text = page_text(client.get(f"/games/{slug}/rules/"))
    return re.sub(r"<[^>]+>", "", text[text.index(">Time</h2>") : text.index(">Options</h2>")])


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_time_section_says_how_each_games_clocks_run(client, slug):
    """What the section says follows from the rules: the seats play together, or move at
    once from the start, or one at a time."""
    game = GAMES[slug]
    start = game.setup(game.clean_options({}), 0)
    section = time_section(client, slug)
    if game.cooperative:
        assert "clock of his own" in section and "the whole team loses" in section
    elif len(game.to_move(start)) > 1:
        assert "both clocks run at once" in section and "days to set up" in section
    else:
        assert "Only the clock of the player to move runs" in section


def test_an_unknown_game_has_no_rules(client):
    assert client.get("/games/chess/rules/").status_code == 404
    assert client.get("/games/chess/rules/?panel=1").status_code == 404


def test_the_panel_is_the_fragment_alone(client):
    response = client.get("/games/connect_four/rules/?panel=1")
    assert response.status_code == 200
    text = page_text(response)
    assert text.lstrip().startswith('<article class="rules card" data-rules="connect_four"')
    assert "<html" not in text and "site-header" not in text
    assert ">Pop-out</h2>" in text and len(diagram_data(text)) == 3
    # the page is the same fragment in the site's frame
    full = page_text(client.get("/games/connect_four/rules/"))
    assert "<html" in full and 'data-rules="connect_four"' in full
    assert "css/rules.css" in full and "js/rules.js" in full


def test_the_rules_are_only_read(client):
    assert client.post("/games/reversi/rules/").status_code == 405


def test_the_lobby_links_every_games_rules(client):
    text = page_text(client.get(reverse("lobby")))
    for slug in GAMES:
        assert f'href="/games/{slug}/rules/"' in text


def test_the_create_form_links_the_rules_in_each_games_options(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("rosa"))
    text = page_text(client.get(reverse("match_new")))
    for slug, game in GAMES.items():
        fieldset = re.search(
            rf'<fieldset class="card game-options" data-game="{slug}">(.*?)</fieldset>', text, re.S
        )
        assert fieldset, slug
        assert f'href="/games/{slug}/rules/"' in fieldset.group(1)
        assert f"How to play {game.name}" in fieldset.group(1)


def test_the_match_page_has_a_rules_button_for_its_game(client, django_user_model):
    user = django_user_model.objects.create_user("mira")
    match = services.match_create(user=user, game="alpha_battle", options={}, opponent="invite", side=0)
    client.force_login(user)
    text = page_text(client.get(match.get_absolute_url()))
    button = re.search(r'<button[^>]*id="rules-open"[^>]*>Rules</button>', text)
    assert button, "a Rules button"
    assert 'data-rules-url="/games/alpha_battle/rules/"' in button.group(0)
    assert 'aria-haspopup="dialog"' in button.group(0)
    assert re.search(r'<script type="module" src="[^"]*js/rules_panel\.js"></script>', text)
