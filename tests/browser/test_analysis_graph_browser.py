"""Issue 40 (1 and a minor): the computer analysis graph of a 60-move Othello-size game is
readable. A lost position's estimate (-1000) no longer flattens the real values (+2 to -40, a
proved -4 at the end) onto the axis, and every one of the many moves stays clickable: no two
points overlap, and a click anywhere in a move's column goes to that move.

The finished game is played at random through the services, and its analysis row is written
with the values a walk found (the page draws what the server stored, whatever computed it).
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.browser.helpers import PASSWORD, expect, screenshots_on_failure, shot, username
from tests.support.server import ROOT

MAKE = """
import json, os, random, sys
from django.contrib.auth import get_user_model
from games.matches import services
from games.matches.study.analysis_models import MatchAnalysis
from games.matches.models import Match
from games.catalog.registry import GAMES

names, password = os.environ["GRAPH_NAMES"].split(), os.environ["GRAPH_PASSWORD"]
users = [get_user_model().objects.create_user(n, password=password) for n in names]
match = services.match_create(user=users[0], game="reversi", options={}, opponent="invite", side=0)
services.match_join(match_id=match.pk, user=users[1])
rng, rules = random.Random(5), GAMES["reversi"]
while (now := Match.objects.get(pk=match.pk)).status == "active":
    seat = now.state["turn"]
    move = rules.random_move(now.state, seat, rng)
    services.move_play(match_id=match.pk, user=users[seat], ply=now.ply, move=move)
chosen = [m for m in now.moves.order_by("ply") if not m.forced]
real = [2, -5, -12, -40, 3, -1, -8, -20]
plies = []
for number, move in enumerate(chosen, 1):
    if number > len(chosen) - 4:
        value, proved = -4, True  # the end, proved
    elif number % 9 == 0:
        value, proved = -1000, False  # a lost position's estimate
    else:
        value, proved = real[number % len(real)], False
    plies.append({"ply": move.ply, "seat": move.seat, "value": value, "proved": proved, "best": None,
                  "best_label": None, "loss": 0, "mark": "best"})
row = {"accuracy": 90, "moves": 30, "inaccuracy": 0, "mistake": 0, "blunder": 0}
summary = [{"seat": s, **row} for s in (0, 1)]
MatchAnalysis.objects.create(match=now, status="done", done=len(plies), total=len(plies), plies=plies,
                             summary=summary)
sys.stdout.write(json.dumps({"slug": now.replay_slug, "moves": len(plies)}))
"""

POINTS = """() => {
  const axis = document.querySelector('#analysis-graph line.axis').getBoundingClientRect();
  const svg = document.querySelector('#analysis-graph svg').getBoundingClientRect();
  return [...document.querySelectorAll('#analysis-graph circle')].map((c) => {
    const r = c.getBoundingClientRect();
    return {ply: Number(c.dataset.ply), value: Number(c.dataset.value), x: r.x + r.width / 2,
            y: r.y + r.height / 2, radius: r.width / 2, axis: axis.y, half: svg.height / 2};
  });
}"""


def test_the_graph_spreads_real_values_and_keeps_every_move_clickable(daphne_server, person):
    base = daphne_server.url
    names = [username("gia"), username("hal")]
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", MAKE],
        cwd=ROOT,
        env={**daphne_server.env, "GRAPH_NAMES": " ".join(names), "GRAPH_PASSWORD": PASSWORD},
        check=True,
        capture_output=True,
        text=True,
    )
    game = json.loads(made.stdout.strip().splitlines()[-1])
    assert game["moves"] >= 50
    page = person()
    with screenshots_on_failure("analysis-graph", "replay", page=page):
        page.goto(f"{base}/r/{game['slug']}/")
        card = page.locator("#computer-analysis")
        expect(card).to_have_attribute("data-status", "done")
        expect(card.locator("circle")).to_have_count(game["moves"])
        expect(page.locator("#moves button[data-ply]").first).to_be_attached()  # the list is built
        page.locator("#analysis-graph svg").scroll_into_view_if_needed()
        points = page.evaluate(POINTS)  # where they stand in the window now
        for p in points:
            off = abs(p["y"] - p["axis"])
            assert off <= p["half"], p  # inside the graph
            if abs(p["value"]) >= 2:
                assert off >= 0.1 * p["half"], p  # a real value stands off the axis
        lost = [abs(p["y"] - p["axis"]) for p in points if p["value"] == -1000]
        assert lost and min(lost) > max(abs(p["y"] - p["axis"]) for p in points if abs(p["value"]) < 1000)
        for left, right in zip(points, points[1:], strict=False):
            assert right["x"] - left["x"] >= left["radius"] + right["radius"], (left, right)  # apart
        for p in points[::7] + points[-1:]:
            step = points[1]["x"] - points[0]["x"]
            page.mouse.click(p["x"] + step / 3, p["axis"])  # beside its point, in its column
            expect(page.locator("#replay")).to_have_attribute("data-ply", str(p["ply"]))
        shot(page, "analysis-graph-60-moves", "replay")
        assert page.js_errors == []
