"""Quick pairing on two daphne processes sharing Redis and PostgreSQL (issue 25): 100 people
enter pools at once, half through each process, and the database decides every pairing once:
each person gets exactly one match, shared with exactly one other person of their pool."""

from __future__ import annotations

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.support.client import Player

PEOPLE = 100
POOLS = ("othello-1+0-casual", "reversi-3+2-rated")


def test_a_hundred_people_entering_at_once_on_two_processes_get_one_match_each(cluster):
    one, two = cluster
    with ThreadPoolExecutor(4) as pool:  # signing up hashes a password: CPU-bound
        people = list(pool.map(lambda i: Player((one, two)[i % 2].url).signup(), range(PEOPLE)))
    start = threading.Barrier(PEOPLE)

    def enter(i: int) -> int:
        start.wait(timeout=60)
        # 100 requests at once queue on two processes' database threads: the last answers
        # come after 6-9 s on a slow 2-core machine (each pairing also renders its players'
        # lobby rows: with Redis no process knows whether their pages are open), so they get
        # more than a single request's 10 s. What is asserted is that every entry is answered.
        return people[i].api("POST", f"/api/pools/{POOLS[i // 2 % 2]}/", timeout=30).status_code

    with ThreadPoolExecutor(PEOPLE) as pool:
        statuses = list(pool.map(enter, range(PEOPLE)))
    assert statuses == [201] * PEOPLE

    deadline = time.monotonic() + 60  # what entering did not pair, the watchers pair
    mine: list[dict] = []
    while time.monotonic() < deadline:
        mine = [p.api("GET", "/api/pools/").json()["mine"] for p in people]
        if all(m["match"] for m in mine):
            break
        time.sleep(0.5)
    assert all(m["match"] and m["waiting"] is None for m in mine), mine
    per_match = Counter(m["match"] for m in mine)
    assert len(per_match) == PEOPLE // 2 and set(per_match.values()) == {2}
    for person, place in zip(people[:20], mine[:20], strict=True):
        seen = person.match(place["match"])
        names = [p["username"] for p in seen["players"]]
        assert person.username in names and len(names) == 2 and seen["status"] == "active"
    counts = {p["key"]: p for p in people[0].api("GET", "/api/pools/").json()["pools"]}
    for key in POOLS:
        assert (counts[key]["waiting"], counts[key]["playing"]) == (0, PEOPLE // 4)
