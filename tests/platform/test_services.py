"""Every service and every refusal, called in-process.

Each accepted change announces its events exactly once (after the commit); a refusal
raises ``ServiceError`` with the protocol's code and HTTP status, stores nothing and
announces nothing. Expected positions and results come from ``games.catalog.registry.GAMES``.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games.autoplay.turns import start_once
from games.catalog.computer import levels as computer_levels
from games.catalog.registry import GAMES
from games.matches import rematches, services, sweeps
from games.matches.errors import ServiceError
from games.matches.models import Match, Move
from games.matches.selectors import public_of
from games.rules import IllegalMove, OptionError

from .conftest import fresh, make_user, start_match, stored

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: events go out on commit

REVERSI = GAMES["reversi"]


def refused(changes, code: str, status: int, service, **kwargs) -> ServiceError:
    """Call ``service(**kwargs)``: it must refuse with ``code``/``status``, change nothing
    stored and announce nothing."""
    match_id = kwargs.get("match_id")
    before = stored(match_id)
    changes.clear()
    with pytest.raises(ServiceError) as err:
        service(**kwargs)
    assert (err.value.code, err.value.status) == (code, status), err.value.message
    assert err.value.message
    named = {"field": err.value.field} if err.value.field else {}  # the one field at fault, if any
    assert err.value.as_dict() == {"error": code, "message": err.value.message, **named}
    assert stored(match_id) == before
    assert changes.seen == []
    return err.value


def play(match: Match, user, move: dict) -> Match:
    return services.move_play(match_id=match.pk, user=user, ply=fresh(match).ply, move=move)


def first_legal(match: Match, seat: int) -> dict:
    match = fresh(match)
    return match.rules.legal_moves(match.state, seat)[0]


def move_forcing_a_pass(options: dict) -> dict:
    """Seat 0's first move after which seat 1 has to pass (found with the rules)."""
    state = REVERSI.setup(REVERSI.clean_options(options), 0)
    return next(m for m in REVERSI.legal_moves(state, 0) if REVERSI.forced(REVERSI.play(state, 0, m)))


# Blocks on 4x4 that leave a first move after which White has no move.
PASS_BOARD = {"size": 4, "blocks": "A2 A4 C4"}
# Blocks around the four centre discs: nobody can move at all.
DEAD_BOARD = {"size": 4, "blocks": "B1 C1 A2 D2 A3 D3 B4 C4"}


# -- match_create -------------------------------------------------------------------------
def test_create_seats_the_creator_and_waits_for_an_opponent(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={"size": 6}, opponent="invite", side=0)
    match = fresh(match)
    assert match.status == Match.Status.WAITING and match.ply == 0
    assert match.options == REVERSI.clean_options({"size": 6})
    assert match.state == REVERSI.setup(match.options, match.seed)
    assert list(match.seats.values_list("seat", "user_id", "level")) == [(0, ann.pk, ""), (1, None, "")]
    assert match.created_by == ann and match.visibility == "invite"
    assert changes.ids == [match.pk]


def test_create_fills_missing_options_with_defaults():
    ann = make_user("ann")
    for slug, rules in GAMES.items():
        for options in (None, {}):
            match = services.match_create(user=ann, game=slug, options=options, opponent="open", side=0)
            assert fresh(match).options == rules.clean_options({}), slug
            services.match_abort(match_id=match.pk, user=ann)  # within ann's quota of waiting matches


@pytest.mark.parametrize("game", ["chess", "", None, "Reversi", ["reversi"], {"slug": "reversi"}, 5])
def test_create_unknown_game_is_bad_options_400(changes, game):
    ann = make_user("ann")
    error = refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game=game,
        options={},
        opponent="invite",
        side=0,
    )
    assert error.field == "game"


BAD_OPTIONS = [
    ("reversi", {"size": 3}),
    ("reversi", {"size": 28}),
    ("reversi", {"size": 5}),
    ("reversi", {"size": "big"}),
    ("reversi", {"size": True}),
    ("reversi", {"colour": "red"}),
    ("reversi", {"size": 4, "blocks": "B2"}),  # a centre cell
    ("reversi", {"size": 6, "blocks": "A1 A1"}),  # twice
    ("reversi", {"size": 4, "blocks": "A1 B1 C1 D1 A4 B4 C4 D4 A2"}),  # more than size*size/2
    ("reversi", {"blocks": "Z9"}),
    ("reversi", {"blocks": 5}),
    ("othello", {"size": 6}),
    ("connect_four", {"rows": 3}),
    ("connect_four", {"pop_out": "maybe"}),
    ("connect_four", {"start": "RRRR"}),
    ("reversi_1d", {"size": 12}),
    ("alpha_battle", {"seed": "1.5"}),
    ("journey", {"players": 5}),
    ("journey", {"mode": "chess"}),
]


@pytest.mark.parametrize(("game", "options"), BAD_OPTIONS)
def test_create_bad_options_is_bad_options_400_with_the_rules_reason(changes, game, options):
    with pytest.raises(OptionError) as why:
        GAMES[game].clean_options(options)
    ann = make_user("ann")
    error = refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game=game,
        options=options,
        opponent="invite",
        side=0,
    )
    assert (error.message, error.field) == (str(why.value), why.value.field)


@pytest.mark.parametrize("options", [[["size", 4]], "size=4", 4])
def test_create_options_that_are_not_an_object_are_bad_options_400(changes, options):
    ann = make_user("ann")
    refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game="reversi",
        options=options,
        opponent="invite",
        side=0,
    )


@pytest.mark.parametrize(
    "side", [2, -1, "2", "-1", "²", "٣", "1.0", 1.0, True, False, [0], {"seat": 0}, "watch"]
)
def test_create_bad_side_is_bad_options_400(changes, side):
    ann = make_user("ann")
    error = refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game="reversi",
        options={},
        opponent="invite",
        side=side,
    )
    assert error.field == "side"


def test_create_side_is_a_seat_number_or_random():
    ann = make_user("ann")
    for side, seats in ((0, {0}), (1, {1}), ("1", {1}), ("random", {0, 1}), (None, {0, 1}), ("", {0, 1})):
        match = services.match_create(user=ann, game="reversi", options={}, opponent="invite", side=side)
        assert match.seats.get(user=ann).seat in seats, side


@pytest.mark.parametrize("opponent", ["friend", "", None, "COMPUTER", ["open"]])
def test_create_bad_opponent_is_bad_options_400(changes, opponent):
    ann = make_user("ann")
    error = refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game="reversi",
        options={},
        opponent=opponent,
        side=0,
    )
    assert error.field == "opponent"


@pytest.mark.parametrize("game", list(GAMES))
def test_create_against_the_computer_starts_at_once_at_every_level(changes, game):
    ann = make_user("ann")
    for level in computer_levels(game):
        changes.clear()
        match = services.match_create(
            user=ann, game=game, options={}, opponent="computer", side=0, level=level
        )
        match = fresh(match)
        assert match.status == Match.Status.ACTIVE
        assert list(match.seats.values_list("seat", "user_id", "level")) == [
            (0, ann.pk, ""),
            (1, None, level),
        ]
        # one change for the creation; outside a server no computer turn is played
        # (test_a_turn_started_outside_a_server_is_dropped)
        assert changes.ids == [match.pk] and not match.moves.exists()


@pytest.mark.parametrize("level", ["", None, "godlike", "RANDOM", ["random"], ["random", "nope"]])
def test_create_bad_computer_level_is_bad_options_400(changes, level):
    ann = make_user("ann")
    error = refused(
        changes,
        "bad_options",
        400,
        services.match_create,
        user=ann,
        game="reversi",
        options={},
        opponent="computer",
        side=0,
        level=level,
    )
    assert error.field == "level"


def test_create_watch_seats_only_computers():
    ann = make_user("ann")
    levels = computer_levels("reversi")[:2]
    match = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side="watch", level=levels
    )
    match = fresh(match)
    assert match.status == Match.Status.ACTIVE or match.moves.exists()  # (it may have been played out)
    assert list(match.seats.values_list("seat", "user_id", "level")) == [
        (0, None, levels[0]),
        (1, None, levels[1]),
    ]


def test_create_a_one_seat_game_starts_at_once():
    ann = make_user("ann")
    options = {"mode": "classic"}
    assert GAMES["journey"].seat_count(GAMES["journey"].clean_options(options)) == 1
    match = fresh(services.match_create(user=ann, game="journey", options=options, opponent="invite", side=0))
    assert match.status == Match.Status.ACTIVE
    assert list(match.seats.values_list("seat", "user_id")) == [(0, ann.pk)]


# -- match_join ---------------------------------------------------------------------------
def test_join_takes_the_free_seat_and_starts_the_match(changes):
    ann, ben = make_user("ann"), make_user("ben")
    match = services.match_create(user=ann, game="reversi", options={"size": 6}, opponent="open", side=1)
    changes.clear()
    joined = services.match_join(match_id=match.pk, user=ben)
    match = fresh(match)
    assert joined.pk == match.pk and match.status == Match.Status.ACTIVE and match.ply == 0
    assert list(match.seats.values_list("seat", "user_id")) == [(0, ben.pk), (1, ann.pk)]
    assert match.rules.to_move(match.state) == [0]
    assert changes.ids == [match.pk]


def test_join_twice_is_a_no_op(changes):
    match, ann, ben = start_match("reversi", {"size": 6})
    for user in (ben, ann):
        before = stored(match.pk)
        changes.clear()
        assert services.match_join(match_id=match.pk, user=user).pk == match.pk
        assert stored(match.pk) == before and changes.seen == []


def test_join_own_waiting_match_is_a_no_op(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    before = stored(match.pk)
    changes.clear()
    services.match_join(match_id=match.pk, user=ann)
    assert stored(match.pk) == before and changes.seen == []
    assert fresh(match).status == Match.Status.WAITING


def test_join_a_full_match_is_match_full_409(changes):
    match, _, _ = start_match()
    refused(changes, "match_full", 409, services.match_join, match_id=match.pk, user=make_user("carl"))


def test_join_a_computer_match_is_match_full_409(changes):
    ann = make_user("ann")
    match = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side=1, level="random"
    )
    refused(changes, "match_full", 409, services.match_join, match_id=match.pk, user=make_user("carl"))


def test_join_an_aborted_match_is_match_full_409(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    services.match_abort(match_id=match.pk, user=ann)
    refused(changes, "match_full", 409, services.match_join, match_id=match.pk, user=make_user("carl"))


def test_join_unknown_match_is_not_found_404(changes):
    refused(changes, "not_found", 404, services.match_join, match_id="nope", user=make_user("carl"))


def test_join_starts_the_match_only_when_every_seat_is_taken(changes):
    users = [make_user(n) for n in ("ann", "ben", "cid")]
    options = {"players": 3}
    match = services.match_create(user=users[0], game="journey", options=options, opponent="open", side=0)
    services.match_join(match_id=match.pk, user=users[1])
    assert fresh(match).status == Match.Status.WAITING
    changes.clear()
    services.match_join(match_id=match.pk, user=users[2])
    match = fresh(match)
    assert match.status == Match.Status.ACTIVE
    assert list(match.seats.values_list("user_id", flat=True)) == [u.pk for u in users]
    assert changes.ids == [match.pk]


def test_join_plays_the_passes_the_server_must_make_and_can_finish(changes):
    ann, ben = make_user("ann"), make_user("ben")
    match = services.match_create(user=ann, game="reversi", options=DEAD_BOARD, opponent="invite", side=0)
    changes.clear()
    services.match_join(match_id=match.pk, user=ben)
    match = fresh(match)
    # what the rules do: pass while nobody can move
    state, passes = match.rules.setup(match.options, match.seed), []
    while (forced := REVERSI.forced(state)) is not None:
        passes.append((len(passes) + 1, *forced, True))
        state = REVERSI.play(state, *forced)
    outcome = REVERSI.outcome(state)
    assert passes and outcome is not None
    assert list(match.moves.values_list("ply", "seat", "move", "forced")) == passes
    assert match.ply == len(passes) and match.state == state
    assert match.status == Match.Status.FINISHED and match.finished_at is not None
    assert match.result == {**outcome.as_dict(), "message": REVERSI.result_message(outcome)}
    assert changes.ids == [match.pk]


# -- move_play ----------------------------------------------------------------------------
def test_move_is_stored_and_announced_once(changes):
    match, ann, _ = start_match("reversi", {"size": 6})
    move = first_legal(match, 0)
    changes.clear()
    returned = services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
    after = fresh(match)
    assert returned.ply == after.ply == 1
    assert after.state == REVERSI.play(match.state, 0, move)
    assert list(Move.objects.filter(match=match).values_list("ply", "seat", "move", "forced")) == [
        (1, 0, move, False)
    ]
    assert changes.ids == [match.pk]
    assert changes.seen[0].public["last_move"] == {"ply": 1, "seat": 0, "move": move}
    assert changes.seen[0].public["ply"] == 1


@pytest.mark.parametrize("who", ["carl", "anonymous", "none"])
def test_move_by_a_spectator_is_not_a_player_403(changes, who):
    match, _, _ = start_match()
    user = {"carl": lambda: make_user("carl"), "anonymous": AnonymousUser, "none": lambda: None}[who]()
    refused(
        changes,
        "not_a_player",
        403,
        services.move_play,
        match_id=match.pk,
        user=user,
        ply=0,
        move=first_legal(match, 0),
    )


def test_move_in_a_waiting_match_is_not_your_turn_409(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="invite", side=0)
    move = REVERSI.legal_moves(fresh(match).state, 0)[0]
    refused(changes, "not_your_turn", 409, services.move_play, match_id=match.pk, user=ann, ply=0, move=move)


def test_move_on_the_opponents_turn_is_not_your_turn_409(changes):
    match, ann, ben = start_match()
    refused(
        changes,
        "not_your_turn",
        409,
        services.move_play,
        match_id=match.pk,
        user=ben,
        ply=0,
        move=first_legal(match, 0),
    )
    play(match, ann, first_legal(match, 0))
    state = fresh(match).state
    reply = REVERSI.legal_moves(state, 1)[0]
    refused(changes, "not_your_turn", 409, services.move_play, match_id=match.pk, user=ann, ply=1, move=reply)


@pytest.mark.parametrize("ply", [0, 2, 99, -1, "1", "x", None, 1.0, True, [1], {"ply": 1}])
def test_move_on_another_ply_is_stale_ply_409(changes, ply):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))  # the match is at ply 1, Ben to move
    reply = first_legal(match, 1)
    refused(changes, "stale_ply", 409, services.move_play, match_id=match.pk, user=ben, ply=ply, move=reply)


def test_the_same_move_sent_twice_is_stored_once(changes):
    match, ann, _ = start_match()
    move = first_legal(match, 0)
    services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
    refused(changes, "stale_ply", 409, services.move_play, match_id=match.pk, user=ann, ply=0, move=move)
    assert fresh(match).moves.count() == 1


ILLEGAL = [
    {"cell": "A1"},
    {"cell": "Z99"},
    {"cell": ""},
    {"cell": 5},
    {},
    {"pass": True},
    {"cell": "D3", "x": 1},
]


@pytest.mark.parametrize("move", [*ILLEGAL, "D3", ["D3"], 5])
def test_illegal_move_is_illegal_move_400_with_the_rules_reason(changes, move):
    match, ann, _ = start_match("reversi", {"size": 8})
    with pytest.raises(IllegalMove) as why:
        REVERSI.play(match.state, 0, move)
    error = refused(
        changes, "illegal_move", 400, services.move_play, match_id=match.pk, user=ann, ply=0, move=move
    )
    assert error.message == str(why.value)


def test_illegal_move_null_gets_the_rules_reason(changes):
    match, ann, _ = start_match("reversi", {"size": 8})
    with pytest.raises(IllegalMove) as why:
        REVERSI.play(match.state, 0, None)
    error = refused(
        changes, "illegal_move", 400, services.move_play, match_id=match.pk, user=ann, ply=0, move=None
    )
    assert error.message == str(why.value)


def test_a_players_own_skip_is_illegal_move_400(changes):
    match, ann, _ = start_match("journey", {"players": 2, "seed": 3})
    skip = match.rules.skip_move(match.state, 0)
    assert skip is not None
    refused(changes, "illegal_move", 400, services.move_play, match_id=match.pk, user=ann, ply=0, move=skip)


def test_a_move_is_stored_in_its_canonical_form(changes):
    match, ann, _ = start_match("reversi", {"size": 6})
    move = first_legal(match, 0)
    sent = {"cell": f" {move['cell'].lower()} "}
    services.move_play(match_id=match.pk, user=ann, ply=0, move=sent)
    canonical = REVERSI.canonical(match.state, 0, sent)
    assert canonical == move
    assert list(fresh(match).moves.values_list("move", flat=True)) == [canonical]
    assert changes.seen[-1].public["last_move"]["move"] == canonical


def test_occupied_cells_are_illegal_moves(changes):
    match, ann, _ = start_match("reversi", {"size": 8})
    rows = match.state["board"]
    occupied = [f"{chr(65 + x)}{y + 1}" for y, row in enumerate(rows) for x, c in enumerate(row) if c != "."]
    assert occupied
    for cell in occupied:
        refused(
            changes,
            "illegal_move",
            400,
            services.move_play,
            match_id=match.pk,
            user=ann,
            ply=0,
            move={"cell": cell},
        )


def test_move_in_a_finished_match_is_match_over_409(changes):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    move = first_legal(match, 1)
    services.match_resign(match_id=match.pk, user=ben)
    assert fresh(match).status == Match.Status.FINISHED
    for user in (ann, ben):
        refused(
            changes, "match_over", 409, services.move_play, match_id=match.pk, user=user, ply=1, move=move
        )


def test_move_in_an_aborted_match_is_match_over_409(changes):
    match, ann, _ = start_match()
    services.match_abort(match_id=match.pk, user=ann)
    refused(
        changes,
        "match_over",
        409,
        services.move_play,
        match_id=match.pk,
        user=ann,
        ply=0,
        move=first_legal(match, 0),
    )


def test_forced_passes_are_stored_as_forced_moves(changes):
    match, ann, _ = start_match("reversi", PASS_BOARD)
    move = move_forcing_a_pass(PASS_BOARD)
    after_move = REVERSI.play(match.state, 0, move)
    seat, pass_move = REVERSI.forced(after_move)
    changes.clear()
    services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
    match = fresh(match)
    assert list(match.moves.values_list("ply", "seat", "move", "forced")) == [
        (1, 0, move, False),
        (2, seat, pass_move, True),
    ]
    assert match.ply == 2 and match.state == REVERSI.play(after_move, seat, pass_move)
    assert changes.ids == [match.pk]  # one change for the move and its pass
    assert changes.seen[0].public["last_move"] == {"ply": 2, "seat": seat, "move": pass_move}


def test_a_finished_game_has_its_result(changes):
    match, ann, ben = start_match("reversi", {"size": 4})
    users, rng, announced = {0: ann, 1: ben}, random.Random(7), 0
    match = fresh(match)
    changes.clear()
    while match.status == Match.Status.ACTIVE:
        (seat,) = REVERSI.to_move(match.state)
        play(match, users[seat], rng.choice(REVERSI.legal_moves(match.state, seat)))
        announced += 1
        match = fresh(match)
    outcome = REVERSI.outcome(match.state)
    assert outcome is not None and match.status == Match.Status.FINISHED and match.finished_at
    assert match.result == {**outcome.as_dict(), "message": REVERSI.result_message(outcome)}
    assert match.ply == match.moves.count()
    assert changes.ids == [match.pk] * announced
    refused(
        changes, "match_over", 409, services.move_play, match_id=match.pk, user=ann, ply=match.ply, move={}
    )


def test_alpha_battle_setup_made_on_an_older_ply_is_accepted(changes):
    match, ann, ben = start_match("alpha_battle")
    rules, rng = match.rules, random.Random(1)
    setups = [rules.random_move(match.state, seat, rng) for seat in (0, 1)]
    services.move_play(match_id=match.pk, user=ann, ply=0, move=setups[0])
    # Ben committed on ply 0 too: only the other seat acted since
    changes.clear()
    services.move_play(match_id=match.pk, user=ben, ply=0, move=setups[1])
    match = fresh(match)
    state = rules.play(rules.play(rules.setup(match.options, match.seed), 0, setups[0]), 1, setups[1])
    outcome = rules.outcome(state)
    assert match.state == state and match.status == Match.Status.FINISHED
    assert match.result == {**outcome.as_dict(), "message": rules.result_message(outcome)}
    assert changes.ids == [match.pk]


def test_alpha_battle_a_second_setup_of_the_same_seat_is_refused(changes):
    match, ann, _ = start_match("alpha_battle")
    rules, rng = match.rules, random.Random(2)
    services.move_play(match_id=match.pk, user=ann, ply=0, move=rules.random_move(match.state, 0, rng))
    again = rules.random_move(match.state, 0, rng)
    refused(changes, "stale_ply", 409, services.move_play, match_id=match.pk, user=ann, ply=0, move=again)
    refused(changes, "not_your_turn", 409, services.move_play, match_id=match.pk, user=ann, ply=1, move=again)


# -- match_resign -------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_resign_the_other_side_wins(changes, seat):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    state = fresh(match).state
    changes.clear()
    services.match_resign(match_id=match.pk, user=(ann, ben)[seat])
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.finished_at is not None
    result = match.result
    assert (result["winner"], result["winners"], result["draw"]) == (1 - seat, [1 - seat], False)
    assert (result["reason"], result["resigned"], result["score"]) == ("resign", seat, {})
    assert result["message"] == f"{REVERSI.player_label(seat)} resigned."
    assert match.state == state and match.moves.count() == 1
    assert changes.ids == [match.pk]


@pytest.mark.parametrize("seat", [0, 1])
def test_resign_before_any_move_aborts(changes, seat):
    """Nobody has moved yet: nothing to lose, so the match is aborted and counts for nobody."""
    match, ann, ben = start_match()
    changes.clear()
    services.match_resign(match_id=match.pk, user=(ann, ben)[seat])
    match = fresh(match)
    assert match.status == Match.Status.ABORTED and match.result is None and match.finished_at
    assert changes.ids == [match.pk]


def test_resign_before_the_start_aborts(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    changes.clear()
    services.match_resign(match_id=match.pk, user=ann)
    match = fresh(match)
    assert match.status == Match.Status.ABORTED and match.result is None
    assert changes.ids == [match.pk]


def test_resign_by_a_spectator_is_not_a_player_403(changes):
    match, _, _ = start_match()
    refused(changes, "not_a_player", 403, services.match_resign, match_id=match.pk, user=make_user("carl"))


def test_resign_after_the_end_is_match_over_409(changes):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    services.match_resign(match_id=match.pk, user=ann)
    assert fresh(match).status == Match.Status.FINISHED
    for user in (ann, ben):
        refused(changes, "match_over", 409, services.match_resign, match_id=match.pk, user=user)


# -- match_abort --------------------------------------------------------------------------
def test_abort_before_the_start(changes):
    ann = make_user("ann")
    match = services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)
    changes.clear()
    services.match_abort(match_id=match.pk, user=ann)
    match = fresh(match)
    assert match.status == Match.Status.ABORTED and match.finished_at is not None and match.result is None
    assert changes.ids == [match.pk]


@pytest.mark.parametrize("who", [0, 1])
def test_abort_allowed_until_the_second_players_first_move(changes, who):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    changes.clear()
    services.match_abort(match_id=match.pk, user=(ann, ben)[who])
    assert fresh(match).status == Match.Status.ABORTED
    assert changes.ids == [match.pk]


def test_abort_after_both_moved_is_cannot_abort_409(changes):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    play(match, ben, first_legal(match, 1))
    for user in (ann, ben):
        refused(changes, "cannot_abort", 409, services.match_abort, match_id=match.pk, user=user)


def test_abort_a_forced_pass_is_not_the_second_players_first_move(changes):
    match, ann, ben = start_match("reversi", PASS_BOARD)
    play(match, ann, move_forcing_a_pass(PASS_BOARD))
    assert fresh(match).moves.filter(seat=1, forced=True).exists()
    services.match_abort(match_id=match.pk, user=ben)
    assert fresh(match).status == Match.Status.ABORTED


def test_abort_by_a_spectator_is_not_a_player_403(changes):
    match, _, _ = start_match()
    refused(changes, "not_a_player", 403, services.match_abort, match_id=match.pk, user=make_user("carl"))


def test_abort_after_the_end_is_match_over_409(changes):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    services.match_resign(match_id=match.pk, user=ben)
    assert fresh(match).status == Match.Status.FINISHED
    refused(changes, "match_over", 409, services.match_abort, match_id=match.pk, user=ann)


def test_abort_an_aborted_match_is_match_over_409(changes):
    match, ann, ben = start_match()
    services.match_abort(match_id=match.pk, user=ann)
    refused(changes, "match_over", 409, services.match_abort, match_id=match.pk, user=ben)


def test_staff_abort_any_time(changes):
    match, ann, ben = start_match()
    play(match, ann, first_legal(match, 0))
    play(match, ben, first_legal(match, 1))
    staff = make_user("root", is_staff=True)
    changes.clear()
    services.match_abort(match_id=match.pk, user=staff, staff=True)
    assert fresh(match).status == Match.Status.ABORTED
    assert changes.ids == [match.pk]


def test_staff_abort_of_a_finished_match_changes_nothing(changes):
    match, ann, _ = start_match()
    play(match, ann, first_legal(match, 0))
    services.match_resign(match_id=match.pk, user=ann)
    assert fresh(match).status == Match.Status.FINISHED
    before = stored(match.pk)
    changes.clear()
    services.match_abort(match_id=match.pk, user=make_user("root", is_staff=True), staff=True)
    assert stored(match.pk) == before and changes.seen == []


# -- match_rematch ------------------------------------------------------------------------
def finished_match(options=None, names=("ann", "ben")):
    match, ann, ben = start_match("reversi", options or {"size": 6, "blocks": "A1 F6"}, names=names)
    play(match, ann, first_legal(match, 0))
    services.match_resign(match_id=match.pk, user=ben)
    return fresh(match), ann, ben


def test_a_rematch_is_an_offer_that_seats_only_the_asker(changes):
    """Issue 24 (3): a rematch no longer seats the other player (nor starts their clock)."""
    old, ann, ben = finished_match()
    changes.clear()
    new = fresh(rematches.match_rematch(match_id=old.pk, user=ann))
    assert new.pk != old.pk and new.rematch_of_id == old.pk
    assert new.game == old.game and new.options == old.options and new.visibility == old.visibility
    assert list(new.seats.values_list("seat", "user_id", "reserved_for_id")) == [
        (0, None, ben.pk),
        (1, ann.pk, None),
    ]
    assert new.status == Match.Status.WAITING and new.ply == 0 and new.moves.count() == 0
    assert new.state == new.rules.setup(new.options, new.seed)
    assert sorted(changes.ids) == sorted([new.pk, old.pk])  # the new match, and the old page learns of it
    assert public_of(old.pk)["rematch"] == {"url": f"/m/{new.pk}/", "by": 0, "status": "offered"}


def test_the_other_player_accepts_by_asking_too(changes):
    old, ann, ben = finished_match()
    offered = rematches.match_rematch(match_id=old.pk, user=ann)
    changes.clear()
    accepted = fresh(rematches.match_rematch(match_id=old.pk, user=ben))
    assert accepted.pk == offered.pk and accepted.status == Match.Status.ACTIVE
    assert list(accepted.seats.values_list("seat", "user_id")) == [(0, ben.pk), (1, ann.pk)]
    assert sorted(set(changes.ids)) == sorted({old.pk, accepted.pk})
    assert public_of(old.pk)["rematch"]["status"] == "accepted"


def test_the_other_player_accepts_by_joining():
    old, ann, ben = finished_match()
    offered = rematches.match_rematch(match_id=old.pk, user=ann)
    assert fresh(services.match_join(match_id=offered.pk, user=ben)).status == Match.Status.ACTIVE
    with pytest.raises(ServiceError) as err:  # a stranger cannot take the kept seat
        services.match_join(
            match_id=rematches.match_rematch(match_id=old.pk, user=ann).pk, user=make_user("cy")
        )
    assert err.value.code == "match_full"


def test_rematch_asked_twice_returns_the_same(changes):
    old, ann, ben = finished_match()
    first = rematches.match_rematch(match_id=old.pk, user=ann)
    before = stored(first.pk)
    changes.clear()
    assert rematches.match_rematch(match_id=old.pk, user=ann).pk == first.pk
    assert stored(first.pk) == before and changes.seen == []


def test_a_rematch_turned_down_or_taken_back_is_aborted(changes):
    old, ann, ben = finished_match()
    offered = rematches.match_rematch(match_id=old.pk, user=ann)
    changes.clear()
    rematches.rematch_decline(match_id=old.pk, user=ben)
    assert fresh(offered).status == Match.Status.ABORTED
    assert sorted(set(changes.ids)) == sorted({old.pk, offered.pk})
    assert public_of(old.pk)["rematch"]["status"] == "declined"
    refused(changes, "no_rematch_offer", 409, rematches.rematch_decline, match_id=old.pk, user=ann)
    refused(changes, "not_a_player", 403, rematches.rematch_decline, match_id=old.pk, user=make_user("cy"))
    # the asker withdraws a second match's offer by aborting the rematch itself
    old2, dee, eve = finished_match(names=("dee", "eve"))
    offer2 = rematches.match_rematch(match_id=old2.pk, user=dee)
    services.match_abort(match_id=offer2.pk, user=dee)
    assert public_of(old2.pk)["rematch"]["status"] == "declined"


def test_an_offer_nobody_answers_lapses(settings, changes):
    old, ann, ben = finished_match()
    offered = rematches.match_rematch(match_id=old.pk, user=ann)
    assert sweeps.lapse_rematch_offers() == 0  # not yet
    settings.REMATCH_OFFER_SECONDS = 0
    changes.clear()
    assert sweeps.lapse_rematch_offers() == 1
    assert fresh(offered).status == Match.Status.ABORTED
    assert public_of(old.pk)["rematch"]["status"] == "lapsed"
    assert old.pk in changes.ids
    assert sweeps.lapse_rematch_offers() == 0


def test_rematch_against_the_computer_starts_at_once():
    ann = make_user("ann")
    match = services.match_create(
        user=ann, game="reversi", options={"size": 4}, opponent="computer", side=0, level="random"
    )
    services.match_resign(match_id=match.pk, user=ann)
    new = fresh(rematches.match_rematch(match_id=match.pk, user=ann))
    assert new.status == Match.Status.ACTIVE
    assert list(new.seats.values_list("seat", "user_id", "level")) == [(0, None, "random"), (1, ann.pk, "")]


def test_rematch_of_an_aborted_match(changes):
    match, ann, ben = start_match()
    services.match_abort(match_id=match.pk, user=ann)
    new = fresh(rematches.match_rematch(match_id=match.pk, user=ben))
    assert list(new.seats.values_list("seat", "user_id", "reserved_for_id")) == [
        (0, ben.pk, None),
        (1, None, ann.pk),
    ]
    assert new.status == Match.Status.WAITING


def test_rematch_of_a_match_still_going_is_not_over_409(changes):
    match, ann, _ = start_match()
    refused(changes, "not_over", 409, rematches.match_rematch, match_id=match.pk, user=ann)


def test_rematch_by_a_spectator_is_not_a_player_403(changes):
    old, _, _ = finished_match()
    refused(changes, "not_a_player", 403, rematches.match_rematch, match_id=old.pk, user=make_user("carl"))


@pytest.mark.parametrize(
    "service", [services.move_play, services.match_resign, services.match_abort, rematches.match_rematch]
)
def test_unknown_match_is_not_found_404(changes, service):
    extra = {"ply": 0, "move": {}} if service is services.move_play else {}
    refused(changes, "not_found", 404, service, match_id="nope", user=make_user("ann"), **extra)


# -- what a change starts outside a server ----------------------------------------------------
def test_a_turn_started_outside_a_server_is_dropped():
    ran = []

    async def turn() -> None:
        ran.append("started")
        await asyncio.sleep(0)
        ran.append("finished")

    start_once(("tests.platform", "outside a server"), turn)
    assert ran == []


def test_a_move_is_stored_and_announced_in_its_canonical_form(changes):
    """Issue 14 (10): a Reversi cell sent padded and in lower case is stored as the rules
    name it; the state announced carries the same form."""
    match, ann, _ = start_match("reversi", {"size": 8})
    cell = first_legal(match, 0)["cell"]
    sent = {"cell": " " * 60_000 + cell.lower() + "\t"}
    played = services.move_play(match_id=match.pk, user=ann, ply=0, move=sent)
    assert Move.objects.get(match=match, ply=1).move == {"cell": cell}
    assert played.moves.get(ply=1).move == {"cell": cell}


def test_an_alpha_battle_setup_is_stored_with_its_letters_upper_case(changes):
    match, ann, _ = start_match("alpha_battle", {})
    setup = GAMES["alpha_battle"].random_move(match.state, 0, random.Random(5))
    services.move_play(
        match_id=match.pk, user=ann, ply=0, move={**setup, "letters": setup["letters"].lower()}
    )
    assert Move.objects.get(match=match, ply=1).move == {**setup, "letters": setup["letters"].upper()}
