"""Ratings: Glicko-2 against the paper's worked example; which matches may be rated; a rated
match's end changes both players' ratings once, in the transaction that ends it; ratings
beside names in the state; the leaderboard."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.catalog.registry import GAMES
from games.matches import rematches, services
from games.matches.errors import ServiceError
from games.matches.models import Match, Rating, RatingChange
from games.matches.ratings import standings as ratings
from games.matches.ratings.glicko2 import Rating as Glicko
from games.matches.ratings.glicko2 import update

from .conftest import fresh, make_user
from .test_selectors import view

pytestmark = pytest.mark.django_db(transaction=True)


def test_glicko2_matches_the_papers_worked_example():
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, with
    the system constant 0.5: 1464.06 / 151.52 / 0.05999 (the paper rounds as it goes)."""
    after = update(
        Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)]
    )
    assert abs(after.rating - 1464.06) < 0.01
    assert abs(after.deviation - 151.52) < 0.01
    assert abs(after.volatility - 0.05999) < 0.00001
    assert Glicko().provisional and not Glicko(1500, 100).provisional
    assert update(Glicko(1500, 200, 0.06), []).deviation > 200  # no games: less certain


def rated_match(names=("ann", "ben"), game="reversi", options=None):
    ann, ben = (make_user(n) for n in names)
    match = services.match_create(
        user=ann, game=game, options=options or {"size": 6}, opponent="invite", side=0, rated=True
    )
    services.match_join(match_id=match.pk, user=ben)
    return fresh(match), ann, ben


def first_move(match, user):
    match = fresh(match)
    move = match.rules.legal_moves(match.state, 0)[0]
    services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)


@pytest.mark.parametrize(
    "game, options, opponent, rated, reason",
    [
        ("reversi", {}, "computer", True, "Matches against the computer are casual."),
        ("journey", {}, "invite", True, "The Journey is played together: it is never rated."),
        ("connect_four", {"start": "....\n....\n....\nR..."}, "invite", True, "custom start"),
        ("alpha_battle", {"seed": "7"}, "invite", True, "custom start"),
        ("reversi", {}, "invite", "yes", "Rated must be true or false."),
        ("reversi", {}, "invite", 1, "Rated must be true or false."),
    ],
)
def test_only_matches_between_people_from_the_games_start_are_rated(game, options, opponent, rated, reason):
    ann = make_user("ann")
    with pytest.raises(ServiceError) as refused:
        services.match_create(
            user=ann, game=game, options=options, opponent=opponent, side=0, level="random", rated=rated
        )
    assert (refused.value.code, refused.value.field) == ("bad_options", "rated")
    assert reason in refused.value.message and not Match.objects.exists()


@pytest.mark.parametrize("game", ["reversi", "othello", "connect_four", "reversi_1d", "alpha_battle"])
def test_every_game_of_opponents_may_be_rated_from_its_own_start(game):
    """An empty start option is the game's own start (Alpha Battle's empty seed was taken for
    a chosen deal: none of its matches could be rated, nor its tournaments)."""
    match = services.match_create(
        user=make_user("ann"), game=game, options={}, opponent="invite", side=0, rated=True
    )
    assert match.rated and not match.takebacks and not match.rules.custom_start(match.options)


def test_the_create_page_carries_the_servers_reasons_for_a_casual_match():
    """The create form's script greys Rated and takebacks with these words (create.js): they
    are the words of the refusal a post gets, and which game is which comes from the rules."""
    client = Client()
    client.force_login(make_user("ann"))
    page = unescape(client.get("/m/new/").content.decode())
    post = {"game": "reversi", "opponent": "computer", "side": "0", "level": "random", "rated": "on"}
    refused = unescape(client.post("/m/new/", post).content.decode())
    assert 'data-computer="Matches against the computer are casual."' in page
    assert "Matches against the computer are casual." in refused
    assert 'data-custom-start="Matches from a custom start position are casual."' in page
    assert 'data-rated="Rated matches allow no takebacks."' in page
    for slug, game in GAMES.items():
        radio = re.search(rf'<input type="radio" name="game" value="{slug}"[^>]*>', page).group(0)
        assert f'data-start-option="{game.start_option or ""}"' in radio
        never = "The Journey is played together: it is never rated." if slug == "journey" else ""
        assert f'data-never-rated="{never}"' in radio
        none = {"journey": "Allies do not take moves back.", "alpha_battle": game.no_takebacks}.get(slug, "")
        assert f'data-no-takebacks="{none}"' in radio
    assert GAMES["alpha_battle"].start_option == "seed" and GAMES["othello"].start_option == "start"


def test_a_rated_match_changes_both_ratings_once():
    match, ann, ben = rated_match()
    state = view(match, ann)
    assert state["rated"] is True
    assert [(p["rating"], p["provisional"]) for p in state["players"]] == [(1500, True), (1500, True)]
    first_move(match, ann)
    services.match_resign(match_id=match.pk, user=ben)
    won, lost = Rating.objects.get(user=ann, game="reversi"), Rating.objects.get(user=ben, game="reversi")
    assert won.rating > 1500 > lost.rating and abs((won.rating - 1500) - (1500 - lost.rating)) < 0.01
    assert won.deviation < 350 and (won.games, lost.games) == (1, 1)
    changes = RatingChange.objects.filter(match=match)
    assert changes.count() == 2 and {c.before for c in changes} == {1500.0}
    with pytest.raises(ServiceError):
        services.match_resign(match_id=match.pk, user=ann)  # over: nothing rates it again
    assert RatingChange.objects.filter(match=match).count() == 2

    # The result says the change, stored with it: the result panel shows it, the viewer first.
    new = {"ann": round(won.rating), "ben": round(lost.rating)}
    stored = fresh(match).result["ratings"]
    assert stored == [
        {"seat": 0, "before": 1500, "after": new["ann"]},
        {"seat": 1, "before": 1500, "after": new["ben"]},
    ]
    ann_line, ben_line = f"{new['ann']} (+{new['ann'] - 1500})", f"{new['ben']} (−{1500 - new['ben']})"
    assert view(match, ben)["result_lines"]["ratings"] == f"Ratings: you {ben_line}, ann {ann_line}"
    assert view(match, None)["result_lines"]["ratings"] == f"Ratings: ann {ann_line}, ben {ben_line}"

    # The next match shows the new ratings beside the names (taken when the seat is taken).
    again = rematches.match_rematch(match_id=match.pk, user=ann)
    rematches.match_rematch(match_id=match.pk, user=ben)  # accepted
    shown = {p["username"]: p["rating"] for p in view(again, ann)["players"]}
    assert shown == {"ann": round(won.rating), "ben": round(lost.rating)}


def test_a_draw_moves_the_ratings_towards_each_other():
    match, ann, ben = rated_match()
    Rating.objects.create(user=ann, game="reversi", rating=1700, deviation=80, games=30)
    match = fresh(match)
    services.match_abort(match_id=match.pk, user=ann)  # aborted: unrated
    assert not RatingChange.objects.exists()
    match = services.match_create(
        user=ann, game="reversi", options={"size": 6}, opponent="invite", side=0, rated=True
    )
    services.match_join(match_id=match.pk, user=ben)
    first_move(match, ann)
    match = fresh(match)
    match.status, match.result = Match.Status.FINISHED, {"winner": None, "winners": [], "draw": True}
    ratings.rate(match)
    assert Rating.objects.get(user=ann).rating < 1700 and Rating.objects.get(user=ben).rating > 1500


def test_casual_matches_change_nothing():
    ann, ben = make_user("ann"), make_user("ben")
    match = services.match_create(user=ann, game="reversi", options={"size": 6}, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=ben)
    first_move(match, ann)
    services.match_resign(match_id=match.pk, user=ben)
    assert view(match, ann)["rated"] is False and not Rating.objects.exists()
    assert "ratings" not in fresh(match).result and view(match, ann)["result_lines"]["ratings"] == ""


def test_the_leaderboard_lists_active_players_by_rating():
    for names in (("ann", "ben"), ("cat", "dan")):
        match, winner, loser = rated_match(names)
        first_move(match, winner)
        services.match_resign(match_id=match.pk, user=loser)
    board = ratings.leaderboard("reversi")
    assert [row["rank"] for row in board] == [1, 2, 3, 4]
    assert [row["username"] for row in board[:2]] in (["ann", "cat"], ["cat", "ann"])
    assert all(row["provisional"] and row["games"] == 1 for row in board)
    assert ratings.leaderboard("othello") == []
    mine = ratings.ratings_of(make_user("eve"))
    assert mine == []


def test_leaderboard_page_api_and_profile():
    match, ann, ben = rated_match()
    first_move(match, ann)
    services.match_resign(match_id=match.pk, user=ben)
    client = Client()
    page = client.get("/leaderboard/reversi/").content.decode()
    assert (
        page.index(">ann<") < page.index(">ben<") and f"{round(Rating.objects.get(user=ann).rating)}?" in page
    )
    body = client.get("/api/leaderboard/reversi/").json()
    assert body["game"] == "reversi" and [p["username"] for p in body["players"]] == ["ann", "ben"]
    assert set(body["players"][0]) == {"rank", "username", "rating", "deviation", "provisional", "games"}
    missing = client.get("/api/leaderboard/journey/")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    assert client.get("/leaderboard/nope/").status_code == 404
    profile = client.get("/u/ann/").content.decode()
    assert "Ratings" in profile and "rating-graph" in profile and "1 rated match" in profile
    assert client.get("/m/" + match.pk + "/").content.decode().count(">Rated<") == 1


def test_the_cached_leaderboard_shows_a_new_result_at_once_and_marks_each_viewers_own_row():
    match, ann, ben = rated_match()
    first_move(match, ann)
    services.match_resign(match_id=match.pk, user=ben)
    visitor, player = Client(), Client()
    player.force_login(ben)
    assert ">cat<" not in visitor.get("/leaderboard/reversi/").content.decode()  # cached now
    assert 'class="you"' in player.get("/leaderboard/reversi/").content.decode()
    match, cat, dan = rated_match(("cat", "dan"))
    first_move(match, cat)
    services.match_resign(match_id=match.pk, user=dan)
    page = visitor.get("/leaderboard/reversi/").content.decode()
    assert ">cat<" in page and ">dan<" in page and 'class="you"' not in page
    assert player.get("/leaderboard/reversi/").content.decode().count('class="you"') == 1
