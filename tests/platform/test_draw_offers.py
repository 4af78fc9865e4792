"""Draw offers (issue 25): offered once every player has moved and at most once every 20 of
one's own moves, accepted (a draw by agreement, rated as a draw) or declined, declined by a
move too; refused with codes; never in a co-operative game; the computer judges its answer.

Services in-process, then the match socket (``WebsocketCommunicator``); the computer's
judgement is the pure function of ``games.catalog.judge`` (the live test plays it on daphne).
"""

from __future__ import annotations

import pytest

from games.catalog.judge import accepts_draw, judge, judgement
from games.catalog.registry import GAMES, KITS
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match, Rating
from games.matches.offers import draws as offers
from games.matches.selectors import for_seat, public_of

from .conftest import db, fresh, make_user, seat_table, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def play_first(match: Match, times: int = 1) -> Match:
    """Play the first legal move of the player to move, ``times`` times."""
    for _ in range(times):
        match = fresh(match)
        seat = match.rules.to_move(match.state)[0]
        user = match.seats.get(seat=seat).user
        move = match.rules.legal_moves(match.state, seat)[0]
        services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)
    return fresh(match)


def refusal(code: str, service, **kwargs) -> str:
    with pytest.raises(ServiceError) as err:
        service(**kwargs)
    assert err.value.code == code and err.value.status == 409, err.value.message
    return err.value.message


def test_a_draw_is_offered_once_both_have_moved_and_accepted():
    match, ann, ben = start_match("reversi")
    assert "every player has made a move" in refusal(
        "cannot_offer_draw", offers.draw_offer, match_id=match.pk, user=ann
    )
    match = play_first(match, 2)
    offers.draw_offer(match_id=match.pk, user=ann)
    assert public_of(match.pk)["draw_offer"] == 0
    refusal("cannot_offer_draw", offers.draw_offer, match_id=match.pk, user=ann)  # it stands already
    refusal("no_draw_offer", offers.draw_answer, match_id=match.pk, user=ann, accept=True)  # not to yourself
    offers.draw_answer(match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.ply == 2
    assert (match.result["draw"], match.result["winner"], match.result["reason"]) == (True, None, "agreement")
    public = public_of(match.pk)
    assert public["draw_offer"] is None
    mine = for_seat(public, ann.username)
    assert mine["result"]["reason_text"] == "agreed by both"
    assert mine["result_lines"]["sentence"] == "A draw with ben: agreed by both"


def test_declined_by_answer_or_by_a_move_and_offered_again_only_20_moves_later():
    match, ann, ben = start_match("reversi")
    match = play_first(match, 2)
    offers.draw_offer(match_id=match.pk, user=ann)
    offers.draw_answer(match_id=match.pk, user=ben, accept=False)
    assert public_of(match.pk)["draw_offer"] is None
    refusal("no_draw_offer", offers.draw_answer, match_id=match.pk, user=ben, accept=False)
    offers.draw_offer(match_id=match.pk, user=ben)  # ben's first offer
    match = play_first(match)  # ann moves: that declines it
    assert public_of(match.pk)["draw_offer"] is None
    message = refusal("cannot_offer_draw", offers.draw_offer, match_id=match.pk, user=ann)
    assert "after 19 more moves of yours" in message  # ann has moved once since her offer
    match = play_first(match, 38)  # 19 more moves each
    assert match.status == Match.Status.ACTIVE
    offers.draw_offer(match_id=match.pk, user=ann)
    assert public_of(match.pk)["draw_offer"] == 0


def test_offering_while_the_other_offers_accepts():
    match, ann, ben = start_match("connect_four")
    match = play_first(match, 2)
    offers.draw_offer(match_id=match.pk, user=ann)
    offers.draw_offer(match_id=match.pk, user=ben)
    assert fresh(match).result["reason"] == "agreement"


def test_no_draws_between_allies_nor_from_spectators():
    match, ann, ben = start_match("journey", {"mode": "alliance", "players": 2, "seed": "9"})
    assert "Allies" in refusal("cannot_offer_draw", offers.draw_offer, match_id=match.pk, user=ann)
    reversi, _, _ = start_match("reversi", names=("cy", "di"))
    with pytest.raises(ServiceError) as err:
        offers.draw_offer(match_id=reversi.pk, user=ben)
    assert err.value.code == "not_a_player"


def test_a_rated_draw_by_agreement_moves_the_ratings_towards_each_other():
    ann, ben = make_user("ann"), make_user("ben")
    Rating.objects.create(user=ann, game="reversi", rating=1700, deviation=80, games=30)
    match = services.match_create(user=ann, game="reversi", options={}, opponent="invite", side=0, rated=True)
    services.match_join(match_id=match.pk, user=ben)
    match = play_first(match, 2)
    offers.draw_offer(match_id=match.pk, user=ben)
    offers.draw_answer(match_id=match.pk, user=ann, accept=True)
    after = {r.user_id: r.rating for r in Rating.objects.filter(game="reversi")}
    assert after[ann.pk] < 1700 and after[ben.pk] > 1500


def test_the_computer_judges_a_draw_by_the_value_of_the_position():
    """1-D Reversi is solved exactly: the judgement is the perfect-play value, and the
    computer accepts a draw exactly when that is a draw or a loss for it."""
    game = GAMES["reversi_1d"]
    state = game.setup(game.clean_options({}), 0)
    seen = set()
    for _ in range(6):  # along a game: each position from both sides
        for seat in (0, 1):
            value = judge("reversi_1d", state, seat)
            assert value == -judge("reversi_1d", state, 1 - seat)
            assert accepts_draw("reversi_1d", state, seat) is (value <= 0)
            seen.add((value > 0, value < 0))
        mover = game.to_move(state)[0]
        state = game.play(state, mover, game.legal_moves(state, mover)[0])
    assert (True, False) in seen and (False, True) in seen  # won and lost positions met
    assert judge("alpha_battle", GAMES["alpha_battle"].setup({}, 0), 0) is None  # no judgement: declines


def gomoku_state(cells: tuple[str, ...], **options) -> dict:
    game = GAMES["gomoku"]
    state = game.setup(game.clean_options(options), 0)
    for cell in cells:
        state = game.play(state, game.to_move(state)[0], {"cell": cell})
    return state


def test_gomokus_computer_declines_a_draw_in_an_open_game_and_takes_one_when_lost_or_drawn():
    """Issue 50: after three moves its search only estimates the position (a shade worse for
    White): the game is open, so neither side's computer takes a draw. It does when the
    position is proved lost (Black's open four) or drawn (tic-tac-toe)."""
    opening = gomoku_state(("H8", "H9", "I9"))
    for seat in (0, 1):
        proved, _ = judgement("gomoku", opening, seat)
        assert not proved and not accepts_draw("gomoku", opening, seat)
    four = gomoku_state(("F2", "E3", "G2", "F3", "H2", "G3", "I2"))  # XXXX on row 2, both ends open
    assert judgement("gomoku", four, 1) == (True, -1.0) and accepts_draw("gomoku", four, 1)
    assert not accepts_draw("gomoku", four, 0)  # won: no draw
    tic_tac_toe = gomoku_state((), rows=3, columns=3, in_a_row=3)
    assert judgement("gomoku", tic_tac_toe, 0) == (True, 0.0)
    assert accepts_draw("gomoku", tic_tac_toe, 0) and accepts_draw("gomoku", tic_tac_toe, 1)


@pytest.mark.parametrize("slug", [slug for slug, kit in KITS.items() if kit.judge is not None])
def test_every_games_computer_takes_a_draw_only_when_proved_drawn_or_lost_or_far_behind(slug):
    """The same rule for every judged game, through its kit (no game's name): three moves in,
    a draw is taken exactly when the position is proved drawn or lost for the computer, or its
    estimate is a blunder's worth behind (the analysis' largest mark): never in an even,
    open game."""
    game = GAMES[slug]
    state = game.setup(game.clean_options({}), 0)
    for _ in range(3):
        seat = game.to_move(state)[0]
        moves = game.legal_moves(state, seat)
        state = game.play(state, seat, moves[len(moves) // 2])
    blunder = KITS[slug].analysis.thresholds[-1]
    for seat in (0, 1):
        proved, value = judgement(slug, state, seat, 0.2)
        if not proved:
            assert abs(value) < blunder, (slug, value)  # three moves in: nobody is far behind
        assert accepts_draw(slug, state, seat, 0.2) is (proved and value <= 0), (slug, seat, proved, value)


async def test_a_draw_offer_over_the_match_socket(sockets):
    table = await seat_table(sockets, "reversi")
    await table.sa.refused({"type": "offer_draw"}, "cannot_offer_draw")
    first = table.sa.state["legal_moves"][0]
    await table.sa.move(first)
    reply = await table.sb.wait_state(lambda m: m["ply"] == 1)
    await table.sb.move(reply["legal_moves"][0])
    await table.sa.wait_state(lambda m: m["ply"] == 2)
    await table.sb.send({"type": "offer_draw"})
    for client in (table.sa, table.sb):
        assert (await client.wait_state(lambda m: m["draw_offer"] is not None))["draw_offer"] == 1
    await table.sb.refused({"type": "accept_draw"}, "no_draw_offer")
    await table.sa.send({"type": "accept_draw"})
    for client in (table.sa, table.sb):
        over = await client.wait_state(lambda m: m["status"] == "finished")
        assert over["result"]["reason"] == "agreement" and over["draw_offer"] is None
    assert (await db(fresh)(table.match)).result["draw"] is True
