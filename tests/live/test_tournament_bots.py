"""A whole round robin through the live server: two example bots (``docs/examples/random_bot.py``
as their own programs, with tokens) and two computer levels, on a short clock. The server
starts it at its start time, pairs and starts every round by itself, the bots hear of their
games on the event socket; at the end the standings equal the points of its matches' stored
results. Then the API's refusals (full, closed, not allowed) and the pages."""

from __future__ import annotations

import itertools
import subprocess
import time
from datetime import UTC, datetime, timedelta

import pytest
import requests

from tests.live.test_example_bot import start_bot
from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player

pytestmark = pytest.mark.live
POINTS = {"win": 3, "draw": 1, "loss": 0}


@pytest.fixture
def bots(daphne_server):
    """Two bot accounts, each with a token and the example program running."""
    made = []
    for _ in range(2):
        account = Player(daphne_server.url).signup()
        account.token = issue_token(account, "tournament bot")
        become_bot(account)
        account.log = open(daphne_server.workdir / f"bot-{account.username}.log", "w+")
        account.proc = start_bot(daphne_server, account)
        made.append(account)
    yield made
    for account in made:
        account.proc.kill()
        account.proc.wait(timeout=10)
        account.log.close()


def api(url: str, method: str, path: str, token: str, body=None) -> requests.Response:
    return requests.request(method, url + path, json=body, headers=bearer(token), timeout=10)


def test_a_round_robin_of_two_bots_and_two_computer_levels(daphne_server, bots):
    url = daphne_server.url
    organizer = Player(url).signup()
    starts = datetime.now(UTC) + timedelta(seconds=3)
    r = organizer.api(
        "POST",
        "/api/tournaments/",
        {
            "name": "Bots cup",
            "game": "reversi",
            "options": {"size": 6},
            "clock": {"initial": 20, "increment": 1},
            "format": "round_robin",
            "entry": "bots",
            "starts_at": starts.isoformat(),
            "levels": ["random", "greedy"],
        },
    )
    assert r.status_code == 201, r.text
    tournament = r.json()
    assert (tournament["status"], tournament["entry"]) == ("upcoming", "bots")
    tid = tournament["id"]
    assert organizer.api("POST", f"/api/tournaments/{tid}/join/").json()["error"] == "entry_refused"
    for bot in bots:
        r = api(url, "POST", f"/api/tournaments/{tid}/join/", bot.token)
        assert r.status_code == 200, r.text
    assert len(r.json()["standings"]) == 4 and r.json()["status"] == "upcoming"

    deadline = time.monotonic() + 90  # the server's clock watcher starts it; rounds follow
    while (data := requests.get(f"{url}/api/tournaments/{tid}/", timeout=10).json())["status"] != "finished":
        assert time.monotonic() < deadline, data
        for bot in bots:
            assert bot.proc.poll() is None, open(bot.log.name).read()
        time.sleep(0.5)

    assert data["round"] == data["rounds_total"] == 3 and len(data["rounds"]) == 3
    names = {row["name"] for row in data["standings"]}
    assert names == {bots[0].username, bots[1].username, "Computer (random)", "Computer (greedy)"}
    expected = dict.fromkeys(names, 0)
    met = []
    for rnd in data["rounds"]:
        assert len(rnd["pairings"]) == 2
        for p in rnd["pairings"]:
            match = requests.get(f"{url}/api/matches/{p['match_id']}/", timeout=10).json()
            assert match["status"] == "finished", match
            assert match["clock"] is not None
            seated = [pl.get("username") or pl.get("level") for pl in match["players"]]
            assert len(seated) == 2, match["players"]
            result = match["result"]
            first, second = (1, 1) if result["draw"] else (3, 0) if result["winner"] == 0 else (0, 3)
            expected[p["first"]] += first
            expected[p["second"]] += second
            met.append(frozenset((p["first"], p["second"])))
            assert p["result"] == {(3, 0): "1-0", (0, 3): "0-1", (1, 1): "½-½"}[(first, second)]
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(names, 2))))
    assert {row["name"]: row["points"] for row in data["standings"]} == expected
    assert all(row["played"] == 3 for row in data["standings"])
    assert [row["points"] for row in data["standings"]] == sorted(expected.values(), reverse=True)
    for bot in bots:  # the bots played their games themselves, over the event socket
        assert "playing reversi" in open(bot.log.name).read()

    # closed now; the pages show it
    r = api(url, "POST", f"/api/tournaments/{tid}/join/", bots[0].token)
    assert r.status_code == 200  # already in: a no-op
    late = Player(url).signup()
    assert late.api("POST", f"/api/tournaments/{tid}/join/").json()["error"] in (
        "tournament_closed",
        "entry_refused",
    )
    page = requests.get(f"{url}/t/{tid}/", timeout=10)
    assert page.status_code == 200 and "Bots cup" in page.text and "Sonneborn-Berger" in page.text
    first = requests.get(f"{url}/api/tournaments/{tid}/", timeout=10).json()["rounds"][0]["pairings"][0]
    assert first["replay_url"] in page.text  # a game that has ended links its replay
    assert "Bots cup" in requests.get(f"{url}/t/", timeout=10).text


def test_api_refusals(daphne_server):
    url = daphne_server.url
    ann = Player(url).signup()
    r = ann.api("POST", "/api/tournaments/", {"name": "x", "game": "reversi", "clock": None})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    assert requests.post(f"{url}/api/tournaments/", json={}, timeout=10).status_code in (401, 403)
    r = ann.api(
        "POST",
        "/api/tournaments/",
        {"name": "Duo", "game": "othello", "clock": {"initial": 60}, "max_entrants": 2, "entry": "humans"},
    )
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    assert ann.api("POST", f"/api/tournaments/{tid}/join/").status_code == 200
    assert Player(url).signup().api("POST", f"/api/tournaments/{tid}/join/").status_code == 200
    third = Player(url).signup().api("POST", f"/api/tournaments/{tid}/join/")
    assert (third.status_code, third.json()["error"]) == (409, "tournament_full")
    assert requests.get(f"{url}/api/tournaments/999999/", timeout=10).status_code == 404
    subprocess.run(["true"], check=True)
