"""Issue 40's minor findings of a newcomer's walk, each checked in a browser: the analysis
board is in the menu and on the rules pages; the Leaderboard link opens the game you played;
the account link reads as a name; /bots/' code blocks are keyboard stops; The Journey's chat
speaks to allies."""

from __future__ import annotations

import re

from tests.browser.helpers import create_match, expect, screenshots_on_failure, signup, username


def test_the_analysis_board_is_in_the_menu_and_on_the_rules_pages(daphne_server, person):
    base = daphne_server.url
    page = person()
    with screenshots_on_failure("analysis-menu", "walk", page=page):
        page.goto(base + "/")
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Analysis").click()
        expect(page.locator("h1")).to_have_text("Analysis board")
        page.get_by_role("link", name="Connect Four").click()
        expect(page).to_have_url(re.compile(r"/analysis/connect_four/"))
        page.goto(base + "/games/othello/rules/")
        page.get_by_role("link", name="Analysis board").click()
        expect(page).to_have_url(re.compile(r"/analysis/othello/"))
        assert page.js_errors == []


def test_the_leaderboard_link_opens_the_game_you_played_and_the_account_link_reads_well(
    daphne_server, person
):
    base = daphne_server.url
    page = person()
    name = username("ivy")
    with screenshots_on_failure("leaderboard-menu", "walk", page=page):
        signup(page, base, name)
        nav = page.get_by_role("navigation", name="Main")
        expect(nav.get_by_role("link", name=f"Your profile: {name}")).to_be_visible()
        create_match(page, base, "connect_four", opponent="computer", side="0", level="random")
        nav.get_by_role("link", name="Leaderboard").click()
        expect(page).to_have_url(base + "/leaderboard/connect_four/")
        assert page.js_errors == []


def test_every_code_block_of_the_bots_guide_takes_the_keyboard(daphne_server, person):
    page = person()
    page.goto(daphne_server.url + "/bots/")
    blocks = page.locator("main pre")
    assert blocks.count() >= 4
    for i in range(blocks.count()):
        expect(blocks.nth(i)).to_have_attribute("tabindex", "0")
    blocks.first.focus()
    expect(blocks.first).to_be_focused()


def test_the_journeys_chat_speaks_to_allies(daphne_server, person):
    base = daphne_server.url
    page = person()
    with screenshots_on_failure("journey-chat", "walk", page=page):
        signup(page, base, username("jo"))
        create_match(page, base, "journey", opponent="open", side="0")
        phrases = page.locator("#chat-phrases .chat-phrase")
        expect(phrases.first).to_be_attached()
        assert "Rematch?" not in phrases.all_inner_texts()
        expect(page.locator("#chat-mute-label")).to_have_text("Mute the other players")
        assert page.js_errors == []


def test_the_position_editors_error_is_said_at_the_editor(daphne_server, person):
    page = person()
    page.goto(daphne_server.url + "/analysis/connect_four/")
    expect(page.locator("#analysis")).to_have_attribute("data-ready", "1")
    page.locator("#position-text").fill("\n".join(["......."] * 5 + ["RRRR..."]))  # four reds, no yellow
    page.get_by_role("button", name="Analyse this position").click()
    error = page.locator("#editor #position-error")
    expect(error).to_be_visible()
    expect(page.locator("#position-text")).to_have_attribute("aria-invalid", "true")
    top = page.locator("#editor").bounding_box()["y"]
    assert error.bounding_box()["y"] > top  # at the editor, not at the top of the page
    page.locator("#position-text").fill("\n".join(["......."] * 5 + ["...RY.."]))
    page.select_option("#position-to-move", "")
    page.get_by_role("button", name="Analyse this position").click()
    expect(error).to_be_hidden()
    assert page.js_errors == []


def test_a_newcomer_can_play_the_computer_from_the_top_of_the_front_page(daphne_server, person):
    base = daphne_server.url
    page = person()
    signup(page, base, username("kai"))
    play = page.get_by_role("link", name="Play the computer")
    assert play.bounding_box()["y"] < page.locator("#quick-pairing").bounding_box()["y"]  # before the grid
    play.click()
    expect(page.locator('input[name="opponent"][value="computer"]')).to_be_checked()
    page.get_by_role("button", name="Create match").click()
    expect(page.locator("#match")).to_have_attribute("data-status", "active")
    assert page.js_errors == []
