"""Takebacks: a player asks to undo their last move (and the reply since); the other side
accepts or declines, a move withdraws the request; against the computer it is granted at
once. Nothing is lost (the moves stay stored, marked), the replay is the game as finally
played with the takebacks marked, the clocks go back, the ply never goes back (a move sent
before a takeback is stale), and every refusal has its code.

Services in-process, then the match socket (``WebsocketCommunicator``). The live tests on
daphne are ``tests/live/test_takebacks_live.py``.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import rematches, services
from games.matches.errors import ServiceError
from games.matches.models import Match, Move, Takeback
from games.matches.offers import draws as offers
from games.matches.offers import takebacks
from games.matches.replays import replay_json, transcript
from games.matches.selectors import for_seat, public_of

from .conftest import db, fresh, make_user, seat_table, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def play(match: Match, *cells: str) -> Match:
    """Play ``cells`` in turn, each by the player to move (a person)."""
    for cell in cells:
        match = fresh(match)
        seat = match.rules.to_move(match.state)[0]
        user = match.seats.get(seat=seat).user
        services.move_play(match_id=match.pk, user=user, ply=match.ply, move={"cell": cell})
    return fresh(match)


def refusal(code: str, service, **kwargs) -> str:
    with pytest.raises(ServiceError) as err:
        service(**kwargs)
    assert err.value.code == code, (err.value.code, err.value.message)
    return err.value.message


def start_state(game: str = "reversi", options: dict | None = None) -> dict:
    rules = GAMES[game]
    return rules.setup(rules.clean_options(options or {}), 0)


def test_asked_on_your_turn_it_undoes_your_move_and_the_reply():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3")  # ann, then ben's reply: ann to move
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    public = public_of(match.pk)
    assert (public["takeback_offer"], public["takeback_to"], public["ply"]) == (0, 0, 2)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    # the takeback takes a ply of its own; the board is the start again, ann to move
    assert match.ply == 3 and match.state["board"] == start_state()["board"]
    assert match.rules.to_move(match.state) == [0]
    assert (match.takeback_offer, match.takeback_to) == (None, None)
    record = Takeback.objects.get(match=match)
    assert (record.ply, record.seat, record.back_to) == (3, 0, 0)
    # nothing is lost: both moves stay stored, marked as taken back
    assert list(Move.objects.filter(match=match).values_list("ply", "move", "takeback_id")) == [
        (1, {"cell": "E3"}, record.pk),
        (2, {"cell": "D3"}, record.pk),
    ]
    public = public_of(match.pk)
    assert public["last_move"] is None and public["takeback_offer"] is None
    match = play(match, "F4")  # the game goes on at the new ply
    assert list(Move.objects.filter(match=match, takeback=None).values_list("ply", "seat")) == [(4, 0)]
    assert public_of(match.pk)["last_move"] == {"ply": 4, "seat": 0, "move": {"cell": "F4"}}


def test_asked_on_the_others_turn_it_undoes_only_your_move():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3", "C2")  # ann, ben, ann: ben to move
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    assert public_of(match.pk)["takeback_to"] == 2
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    assert match.ply == 4 and match.rules.to_move(match.state) == [0]
    assert public_of(match.pk)["last_move"] == {"ply": 2, "seat": 1, "move": {"cell": "D3"}}
    assert Move.objects.filter(match=match, takeback__isnull=False).get().ply == 3


def test_a_move_sent_before_a_takeback_is_stale_and_never_applied_after_it():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3")
    seen = fresh(match).ply  # ben sees ply 1 and thinks
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    # ben's reply, made on ply 1, arrives after the takeback; ann's taken-back move resent too
    refusal("stale_ply", services.move_play, match_id=match.pk, user=ben, ply=seen, move={"cell": "D3"})
    refusal("stale_ply", services.move_play, match_id=match.pk, user=ann, ply=0, move={"cell": "E3"})
    match = fresh(match)
    assert match.ply == 2 and Move.objects.filter(match=match).count() == 1


def test_declined_by_an_answer_or_withdrawn_by_a_move():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3")
    takebacks.takeback_propose(match_id=match.pk, user=ben)  # ben's own move (and none since)
    assert public_of(match.pk)["takeback_to"] == 1
    takebacks.takeback_answer(match_id=match.pk, user=ann, accept=False)
    assert public_of(match.pk)["takeback_offer"] is None and fresh(match).ply == 2
    refusal("no_takeback_offer", takebacks.takeback_answer, match_id=match.pk, user=ann, accept=True)
    takebacks.takeback_propose(match_id=match.pk, user=ben)
    match = play(match, "C2")  # ann moves on instead: the request is gone
    assert public_of(match.pk)["takeback_offer"] is None
    refusal("no_takeback_offer", takebacks.takeback_answer, match_id=match.pk, user=ann, accept=True)
    assert Takeback.objects.count() == 0 and Move.objects.filter(takeback__isnull=False).count() == 0


def test_every_refusal_has_its_code():
    match, ann, ben = start_match("reversi")
    assert "no move" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=match.pk, user=ann)
    refusal("no_takeback_offer", takebacks.takeback_answer, match_id=match.pk, user=ben, accept=True)
    match = play(match, "E3", "D3")
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    assert "already" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=match.pk, user=ann)
    assert "answer it" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=match.pk, user=ben)
    refusal("no_takeback_offer", takebacks.takeback_answer, match_id=match.pk, user=ann, accept=True)
    spectator = make_user("cy")
    refusal("not_a_player", takebacks.takeback_propose, match_id=match.pk, user=spectator)
    refusal("not_a_player", takebacks.takeback_answer, match_id=match.pk, user=spectator, accept=True)
    services.match_resign(match_id=match.pk, user=ben)
    assert public_of(match.pk)["takeback_offer"] is None  # the end withdraws it
    refusal("match_over", takebacks.takeback_answer, match_id=match.pk, user=ben, accept=True)
    refusal("match_over", takebacks.takeback_propose, match_id=match.pk, user=ann)
    refusal("not_found", takebacks.takeback_propose, match_id="nope", user=ann)
    waiting = services.match_create(user=ann, game="reversi", options={}, opponent="invite", side=0)
    assert "not started" in refusal(
        "cannot_take_back", takebacks.takeback_propose, match_id=waiting.pk, user=ann
    )


def test_whether_a_match_allows_takebacks():
    ann, ben = make_user("ann"), make_user("ben")

    def create(**kwargs) -> Match:
        return services.match_create(user=ann, options={}, opponent="invite", side=0, **kwargs)

    assert create(game="reversi").takebacks is True  # casual: on by default
    assert create(game="reversi", rated=True).takebacks is False  # rated: off
    assert create(game="reversi", takebacks=False).takebacks is False
    assert create(game="journey").takebacks is False  # allies: never
    for kwargs, why in (
        ({"rated": True, "takebacks": True}, "Rated"),
        ({"game": "journey", "takebacks": True}, "Allies"),
        ({"takebacks": "yes"}, "true or false"),
    ):
        with pytest.raises(ServiceError) as err:
            create(**{"game": "reversi", **kwargs})
        assert (err.value.code, err.value.field) == ("bad_options", "takebacks") and why in err.value.message
    off = create(game="reversi", takebacks=False)
    services.match_join(match_id=off.pk, user=ben)
    play(off, "E3")
    assert "off" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=off.pk, user=ann)
    assert public_of(off.pk)["takebacks"] is False
    rated = create(game="reversi", rated=True)
    services.match_join(match_id=rated.pk, user=ben)
    play(rated, "E3")
    assert "Rated" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=rated.pk, user=ann)
    journey = services.match_create(
        user=ann,
        game="journey",
        options={"mode": "alliance", "players": 2, "seed": "9"},
        opponent="invite",
        side=0,
    )
    services.match_join(match_id=journey.pk, user=ben)
    assert "Allies" in refusal("cannot_take_back", takebacks.takeback_propose, match_id=journey.pk, user=ann)
    # a rematch keeps the setting
    services.match_resign(match_id=off.pk, user=ann)
    assert rematches.match_rematch(match_id=off.pk, user=ann).takebacks is False


def test_against_the_computer_granted_at_once_and_its_stale_reply_refused():
    ann = make_user("ann")
    match = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side=0, level="random"
    )
    match = play(match, "E3")
    # outside a server the computer's turn is dropped: play its reply as it would
    computer_ply = fresh(match).ply
    services.move_play(match_id=match.pk, user=None, ply=computer_ply, move={"cell": "D3"}, seat=1)
    match = play(match, "C2")
    thinking_ply = fresh(match).ply  # the computer starts to think on ply 3
    takebacks.takeback_propose(match_id=match.pk, user=ann)  # granted at once: C2 taken back
    match = fresh(match)
    assert match.ply == 4 and match.rules.to_move(match.state) == [0] and match.takeback_offer is None
    # the reply it was thinking over arrives: made on ply 3, refused, never applied
    refusal(
        "stale_ply",
        services.move_play,
        match_id=match.pk,
        user=None,
        ply=thinking_ply,
        move={"cell": "D2"},
        seat=1,
    )
    takebacks.takeback_propose(match_id=match.pk, user=ann)  # again: E3 and the computer's D3
    match = fresh(match)
    assert match.ply == 5 and match.state["board"] == start_state()["board"]
    assert list(Takeback.objects.filter(match=match).values_list("ply", "back_to")) == [(4, 2), (5, 0)]
    assert Move.objects.filter(match=match, takeback=None).count() == 0


def test_clocks_go_back_to_the_time_each_seat_had():
    match, ann, ben = start_match("reversi")
    Match.objects.filter(pk=match.pk).update(
        time_control={"initial": 300, "increment": 2}, clock_ms=[300_000, 300_000], clock_since=timezone.now()
    )
    match = play(match, "E3", "D3")
    after_reply = list(fresh(match).clock_ms)
    assert after_reply == Move.objects.get(match=match, ply=2).clock_ms
    # ann thinks for a minute, plays; ben thinks for a minute; ann asks to take hers back
    Match.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(seconds=60))
    match = play(match, "C2")
    Match.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(seconds=60))
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    assert match.rules.to_move(match.state) == [0]
    assert match.clock_ms == after_reply  # both minutes given back
    clock = public_of(match.pk)["clock"]
    assert clock["running"] == 0 and clock["remaining"][0] > after_reply[0] - 1000
    # back to the start: the full banks
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    assert fresh(match).clock_ms == [300_000, 300_000]


def test_a_takeback_after_the_time_ran_out_ends_the_match_by_time():
    match, ann, ben = start_match("reversi")
    Match.objects.filter(pk=match.pk).update(
        time_control={"initial": 60, "increment": 0}, clock_ms=[60_000, 60_000], clock_since=timezone.now()
    )
    match = play(match, "E3", "D3")
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    refusal("match_over", takebacks.takeback_answer, match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "time"
    assert Takeback.objects.count() == 0


def test_a_takeback_withdraws_a_draw_offer():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3")
    offers.draw_offer(match_id=match.pk, user=ben)
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    assert public_of(match.pk)["draw_offer"] is None


def test_the_replay_is_the_game_as_played_with_the_takebacks_marked():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3")
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    match = play(match, "F4", "F5")
    takebacks.takeback_propose(match_id=match.pk, user=ben)  # F5 only
    takebacks.takeback_answer(match_id=match.pk, user=ann, accept=True)
    match = play(match, "F3")
    body = json.loads(replay_json(match))
    assert [(m["ply"], m["label"]) for m in body["moves"]] == [(4, "F4"), (7, "F3")]
    assert len(body["states"]) == 3
    assert [(t["ply"], t["by"], t["after"], [m["label"] for m in t["moves"]]) for t in body["takebacks"]] == [
        (3, 0, 0, ["E3", "D3"]),
        (6, 1, 1, ["F5"]),
    ]
    text = transcript(match)
    game, marks = text.split("Takebacks")
    assert "F3" in game and "F5" not in game and "E3" not in game
    assert "Black (X) took back E3, D3" in marks and "White (O) took back F5" in marks


def test_a_nested_takeback_goes_back_before_an_earlier_one():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3", "C2", "D2")
    takebacks.takeback_propose(match_id=match.pk, user=ann)  # C2 and D2
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    takebacks.takeback_propose(match_id=match.pk, user=ann)  # at once again: E3 and D3
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    match = fresh(match)
    assert match.ply == 6 and match.state["board"] == start_state()["board"]
    marks = json.loads(replay_json(match))["takebacks"]
    assert [(t["after"], [m["ply"] for m in t["moves"]]) for t in marks] == [(0, [3, 4]), (0, [1, 2])]


def test_a_committed_secret_setup_is_not_taken_back():
    """Alpha Battle has no takebacks (issue 50): a committed setup is final, in the matches
    stored as allowing takebacks too; the other's setup on the older ply is still accepted
    (only the others acted since)."""
    match, ann, ben = start_match("alpha_battle")
    assert match.takebacks is False
    Match.objects.filter(pk=match.pk).update(takebacks=True)  # made before the game said so
    setup = {"letters": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "indices": list(range(10))}
    services.move_play(match_id=match.pk, user=ann, ply=0, move=setup)
    said = refusal("cannot_take_back", takebacks.takeback_propose, match_id=match.pk, user=ann)
    assert said == GAMES["alpha_battle"].no_takebacks
    services.move_play(match_id=match.pk, user=ben, ply=0, move=setup)
    assert fresh(match).status == Match.Status.FINISHED


async def test_takebacks_over_the_match_socket(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    assert table.sa.state["takebacks"] is True and table.sa.state["takeback_offer"] is None
    await table.sa.refused({"type": "propose_takeback"}, "cannot_take_back")
    await table.sb.refused({"type": "accept_takeback"}, "no_takeback_offer")
    await table.sa.move(table.sa.state["legal_moves"][0])
    reply = await table.sb.wait_state(lambda m: m["ply"] == 1)
    await table.sb.move(reply["legal_moves"][0])
    await table.sa.wait_state(lambda m: m["ply"] == 2)
    await table.sa.send({"type": "propose_takeback"})
    for client in (table.sa, table.sb):
        asked = await client.wait_state(lambda m: m["takeback_offer"] is not None)
        assert (asked["takeback_offer"], asked["takeback_to"]) == (0, 0)
    await table.sb.send({"type": "decline_takeback"})
    await table.sa.wait_state(lambda m: m["takeback_offer"] is None)
    await table.sa.send({"type": "propose_takeback"})
    await table.sb.wait_state(lambda m: m["takeback_offer"] == 0)
    await table.sb.send({"type": "accept_takeback"})
    for client in (table.sa, table.sb):
        back = await client.wait_state(lambda m: m["ply"] == 3)
        assert back["last_move"] is None and back["to_move"] == [0] and back["takeback_offer"] is None
    assert table.sa.state["legal_moves"] and not table.sb.state["legal_moves"]
    # a spectator may not ask
    cy = await db(make_user)("cy")
    spectator = await sockets.connect(table.id, cy)
    await spectator.refused({"type": "propose_takeback"}, "not_a_player")
    # bad frames keep the socket open
    await table.sa.refused({"type": "propose_take_back"}, "bad_message")
    await table.sa.ping()
    mine = for_seat(await db(public_of)(table.id), table.ann.username)
    assert mine["takebacks"] is True


def test_the_api_the_create_form_and_the_match_page_say_it():
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)

    def api(**extra) -> dict:
        body = {"game": "reversi", "opponent": "invite", **extra}
        return client.post("/api/matches/", json.dumps(body), content_type="application/json").json()

    assert api()["takebacks"] is True
    assert api(takebacks=False)["takebacks"] is False
    assert api(rated=True)["takebacks"] is False
    refused = api(rated=True, takebacks=True)
    assert refused["error"] == "bad_options" and "Rated" in refused["message"]
    form = client.get("/m/new/").content.decode()
    assert 'name="allow_takebacks" id="id_allow_takebacks" checked' in form
    body = {"game": "reversi", "opponent": "invite", "side": "0", "reversi__size": "8"}
    for extra, allowed in (
        ({"allow_takebacks": "on"}, True),
        ({}, False),
        ({"allow_takebacks": "on", "rated": "on"}, False),
    ):
        response = client.post("/m/new/", {**body, **extra})
        assert response.status_code == 302, response.content.decode()[:2000]
        match = Match.objects.get(pk=response["Location"].strip("/").split("/")[-1])
        assert match.takebacks is allowed
        page = client.get(match.get_absolute_url()).content.decode()
        assert ('id="takebacks-opt">Takebacks<' in page) is allowed
        assert ('id="takebacks-opt">No takebacks<' in page) is not allowed
        assert 'id="propose-takeback"' in page


def test_a_rated_match_with_takebacks_is_refused_by_the_database():
    match, _, _ = start_match("reversi")
    assert match.takebacks is True
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(rated=True)


def test_the_migration_turns_takebacks_off_where_they_were_never_allowed():
    """Matches made before takebacks: rated ones, tournament games (not abortable) and
    co-operative games get none; the others keep the default (on)."""
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0015_pool_entries")])
    old = executor.loader.project_state([("games", "0015_pool_entries")]).apps.get_model("games", "Match")
    made = {
        "casual": old.objects.create(game="reversi"),
        "rated": old.objects.create(game="reversi", rated=True),
        "tournament": old.objects.create(game="reversi", abortable=False),
        "allies": old.objects.create(game="journey"),
    }
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    allowed = {name: Match.objects.get(pk=m.pk).takebacks for name, m in made.items()}
    assert allowed == {"casual": True, "rated": False, "tournament": False, "allies": False}


def test_staff_see_the_moves_taken_back_in_the_admin():
    match, ann, ben = start_match("reversi")
    match = play(match, "E3", "D3")
    takebacks.takeback_propose(match_id=match.pk, user=ann)
    takebacks.takeback_answer(match_id=match.pk, user=ben, accept=True)
    staff = make_user("staff", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(staff)
    page = client.get(f"/admin/games/match/{match.pk}/change/")
    assert page.status_code == 200
    assert page.content.decode().count(f"{match.pk} takeback #3 to 0") == 2  # both moves
