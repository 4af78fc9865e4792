"""A finished Alpha Battle's computer analysis through the API and the real task worker: each
setup judged against the other's (public once the battle is over), in commit order, the
values from the seed's own rounds; the replay page offers it, and no analysis board."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from games.matches import services
from games.matches.models import Match
from games.rules.alpha_battle import alpha_battle

from .conftest import start_match

pytestmark = pytest.mark.django_db(transaction=True)
MOST = sum(map(ord, "QRSTUVWXYZ")) - sum(map(ord, "ABCDEFGHIJ"))  # 160: no reply beats it
P_SETUP = {"letters": "MZNHUVIOEPTWFJCBXKALSDQGYR", "indices": [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]}
Q_SETUP = {"letters": "YFTUCSQOMGKPXNDWHIVJRABZEL", "indices": [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]}


def margin_for_p(p: dict, q: dict) -> int:
    """P's points minus Q's, by the seed's rounds."""
    score = alpha_battle(p["letters"], p["indices"], q["letters"], q["indices"])
    return score["P"] - score["Q"]


def finished_battle() -> Match:
    """Player Q (seat 1) commits first, then Player P: the seed's example, P 64 - Q 96."""
    match, ann, ben = start_match("alpha_battle")
    services.move_play(match_id=match.pk, user=ben, ply=0, move=Q_SETUP)
    services.move_play(match_id=match.pk, user=ann, ply=1, move=P_SETUP)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    return match


def test_a_finished_battle_is_analysed_in_hindsight():
    match = finished_battle()
    client = Client()
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert "Request computer analysis" in page and "Analyse from here" not in page
    replay = client.get(f"/api/replays/{match.replay_slug}/").json()
    assert [(m["ply"], m["seat"], m["move"]) for m in replay["moves"]] == [(1, 1, Q_SETUP), (2, 0, P_SETUP)]

    url = f"/api/replays/{match.replay_slug}/analysis/"
    assert client.post(url).status_code == 201
    call_command("db_worker", batch=True, interval=0, verbosity=0)
    done = client.get(url).json()
    assert (done["status"], done["done"], done["total"]) == ("done", 2, 2)
    first, second = done["plies"]
    final = margin_for_p(P_SETUP, Q_SETUP)
    assert final == 64 - 96
    # Q's setup: won by 32 of the 160 its best reply to P's setup gets: a mistake (loss >= 80)
    assert (first["ply"], first["seat"], first["value"], first["proved"]) == (1, 1, final, True)
    assert margin_for_p(P_SETUP, first["best"]) == -MOST
    assert (first["loss"], first["mark"]) == (MOST + final, "mistake")
    assert first["best_label"].startswith(first["best"]["letters"])
    # P's setup: lost by 32; the best reply to Q's wins by 160: a blunder
    assert (second["ply"], second["seat"], second["value"], second["proved"]) == (2, 0, final, True)
    assert margin_for_p(second["best"], Q_SETUP) == MOST
    assert (second["loss"], second["mark"]) == (MOST - final, "blunder")
    assert done["summary"] == [
        {"seat": 0, "accuracy": 0.0, "moves": 1, "inaccuracy": 0, "mistake": 0, "blunder": 1},
        {
            "seat": 1,
            "accuracy": round(100 * -final / MOST, 1),
            "moves": 1,
            "inaccuracy": 0,
            "mistake": 1,
            "blunder": 0,
        },
    ]
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert 'id="computer-analysis"' in page and '"status": "done"' in page


def test_no_analysis_board_for_alpha_battle():
    client = Client()
    assert client.get("/analysis/alpha_battle/").status_code == 404
    assert client.get("/analysis/reversi_1d/").status_code == 200
    match, _, _ = start_match("alpha_battle")
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert "Analyse from here" not in page and "Request computer analysis" not in page  # not over
