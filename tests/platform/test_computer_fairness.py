"""The computer is shared fairly: its searches wait in a queue served a person first, the
accounts in turn, only the newest position of a match's seat, and the creator of a match
between two computer levels may stop it at any time.

The queue runs real jobs in a real executor (a thread pool: the same interface as the search
processes); the live tests (``tests/games/test_computer_fairness_live.py``) run it in the
server with its search process.
"""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from accounts.models import Account
from games.autoplay.search_queue import (
    ANALYSIS,
    BOT,
    NOBODY,
    PERSON,
    SearchQueue,
    Superseded,
    account_waiting,
    waiting_on,
)
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.selectors import for_seat, public_of

from .conftest import fresh, make_user, start_match


@pytest.fixture
def pool():
    executor = ThreadPoolExecutor(max_workers=2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


async def test_a_person_waiting_goes_before_computer_games_queued_earlier(pool):
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, order = threading.Event(), []

    def job(name: str) -> str:
        if name == "first":
            gate.wait(5)  # holds the only worker while the others queue
        order.append(name)
        return name

    tasks = [asyncio.create_task(queue.run(NOBODY, job, "first"))]
    await asyncio.sleep(0.05)
    tasks += [asyncio.create_task(queue.run(NOBODY, job, f"watch {i}")) for i in range(5)]
    tasks.append(asyncio.create_task(queue.run(BOT, job, "bot")))
    tasks.append(asyncio.create_task(queue.run(PERSON, job, "person")))
    await asyncio.sleep(0.05)
    assert queue.running == 1 and len(queue) == 7
    gate.set()
    assert await asyncio.gather(*tasks) == ["first", *[f"watch {i}" for i in range(5)], "bot", "person"]
    assert order == ["first", "person", "bot", *[f"watch {i}" for i in range(5)]]
    assert queue.running == 0 and len(queue) == 0


def held_first(order: list[str], gate: threading.Event):
    """A job that records its name; the one named "first" holds its worker until ``gate``."""

    def job(name: str) -> str:
        if name.startswith("first"):
            gate.wait(5)
        order.append(name)
        return name

    return job


async def test_another_account_waits_for_at_most_one_search_of_an_account_with_ten(pool):
    """Ann's ten computer matches each ask for a search; Ben's one search, asked last, runs
    right after the one of hers already running, and so does his next one."""
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, order = threading.Event(), []
    job = held_first(order, gate)
    ann = [asyncio.create_task(queue.run(PERSON, job, "first ann", account="ann"))]
    await asyncio.sleep(0.05)
    ann += [asyncio.create_task(queue.run(PERSON, job, f"ann {i}", account="ann")) for i in range(1, 10)]

    async def ben() -> list[str]:
        return [await queue.run(PERSON, job, f"ben {i}", account="ben") for i in range(2)]

    bens = asyncio.create_task(ben())
    await asyncio.sleep(0.05)
    assert queue.running == 1 and len(queue) == 10
    gate.set()
    assert await bens == ["ben 0", "ben 1"]
    await asyncio.gather(*ann)
    assert order[:4] == ["first ann", "ben 0", "ann 1", "ben 1"]
    assert [name for name in order if name.startswith("ann")] == [f"ann {i}" for i in range(1, 10)]
    assert queue.running == 0 and len(queue) == 0


async def test_accounts_take_turns_within_a_priority_and_priority_comes_first(pool):
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, order = threading.Event(), []
    job = held_first(order, gate)
    tasks = [asyncio.create_task(queue.run(NOBODY, job, "first", account="cy"))]
    await asyncio.sleep(0.05)
    for name in ("ann", "ben", "cy"):
        tasks += [asyncio.create_task(queue.run(NOBODY, job, f"{name} {i}", account=name)) for i in range(3)]
    tasks.append(asyncio.create_task(queue.run(PERSON, job, "dan", account="dan")))
    await asyncio.sleep(0.05)
    gate.set()
    await asyncio.gather(*tasks)
    rounds = [f"{name} {i}" for i in range(3) for name in ("ann", "ben", "cy")]
    assert order == ["first", "dan", *rounds]


async def test_a_takeback_burst_leaves_one_search_waiting_for_the_match(pool):
    """Ann moves and takes back twenty times while the computer's worker is busy: each move
    asks for a search of a newer position of the same seat. Only the newest waits (the
    others end with Superseded, never run): Ben's search waits for that one only."""
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, order = threading.Event(), []
    job = held_first(order, gate)
    busy = asyncio.create_task(queue.run(PERSON, job, "first", account="cy"))
    await asyncio.sleep(0.05)
    seat = ("move", "ann's match", 1)
    burst = [
        asyncio.create_task(queue.run(PERSON, job, f"ply {ply}", account="ann", position=(seat, ply)))
        for ply in range(1, 40, 2)
    ]
    await asyncio.sleep(0.05)
    ben = asyncio.create_task(queue.run(PERSON, job, "ben", account="ben"))
    await asyncio.sleep(0.05)
    assert len(queue) == 2
    gate.set()
    assert (await busy, await ben, await burst[-1]) == ("first", "ben", "ply 39")
    for stale in burst[:-1]:
        with pytest.raises(Superseded):
            await stale
    assert order == ["first", "ply 39", "ben"]


async def test_a_search_for_an_older_position_than_one_waiting_is_refused(pool):
    """A retry of an old turn, asked after a newer position of the same seat, never runs."""
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, order = threading.Event(), []
    job = held_first(order, gate)
    busy = asyncio.create_task(queue.run(PERSON, job, "first"))
    await asyncio.sleep(0.05)
    seat = ("move", "a match", 0)
    newer = asyncio.create_task(queue.run(PERSON, job, "ply 6", position=(seat, 6)))
    await asyncio.sleep(0.05)
    with pytest.raises(Superseded):
        await queue.run(PERSON, job, "ply 4", position=(seat, 4))
    gate.set()
    assert (await busy, await newer) == ("first", "ply 6")
    assert order == ["first", "ply 6"] and len(queue) == 0


def test_a_search_left_running_on_an_ended_loop_holds_no_worker_of_the_next(pool):
    """A test's event loop ends with its match's search still running (resigned meanwhile):
    that search never reports back. The next loop's searches still get the worker."""
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate = threading.Event()

    async def leave_one_running() -> None:
        asyncio.get_running_loop().create_task(queue.run(PERSON, gate.wait, 5))
        await asyncio.sleep(0.05)
        assert queue.running == 1

    asyncio.run(leave_one_running())  # its loop closes with the search running
    gate.set()

    async def next_one() -> str:
        return await asyncio.wait_for(queue.run(PERSON, str, "answered"), 5)

    assert asyncio.run(next_one()) == "answered"
    assert queue.running == 0


async def test_no_more_searches_run_at_once_than_workers(pool):
    queue = SearchQueue(lambda: pool, workers=2, timeout=10)
    lock, now, most = threading.Lock(), [0], [0]

    def job() -> None:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.02)
        with lock:
            now[0] -= 1

    await asyncio.gather(*(queue.run(NOBODY, job) for _ in range(12)))
    assert most[0] == 2


async def test_analyses_never_take_the_last_free_worker(pool):
    """Two workers: one analysis runs, the next waits, and a person's search arriving then
    starts at once in the worker kept free."""
    queue = SearchQueue(lambda: pool, workers=2, timeout=10)
    gate, started = threading.Event(), []

    def job(name: str) -> str:
        started.append(name)
        if name.startswith("analysis"):
            gate.wait(5)
        return name

    analyses = [asyncio.create_task(queue.run(ANALYSIS, job, f"analysis {i}")) for i in range(2)]
    await asyncio.sleep(0.05)
    assert (queue.running, len(queue), started) == (1, 1, ["analysis 0"])
    assert await asyncio.wait_for(queue.run(PERSON, job, "person"), 2) == "person"
    gate.set()
    assert await asyncio.gather(*analyses) == ["analysis 0", "analysis 1"]
    assert started == ["analysis 0", "person", "analysis 1"]


async def test_a_search_given_up_while_waiting_never_runs(pool):
    queue = SearchQueue(lambda: pool, workers=1, timeout=10)
    gate, ran = threading.Event(), []
    first = asyncio.create_task(queue.run(NOBODY, gate.wait, 5))
    waiting = asyncio.create_task(queue.run(NOBODY, ran.append, "given up"))
    await asyncio.sleep(0.05)
    waiting.cancel()
    gate.set()
    assert await first is True
    assert await queue.run(PERSON, ran.append, "wanted") is None
    assert ran == ["wanted"] and len(queue) == 0


async def test_a_search_that_runs_too_long_times_out_and_its_error_reaches_the_caller(pool):
    queue = SearchQueue(lambda: pool, workers=1, timeout=0.1)
    with pytest.raises(TimeoutError):
        await queue.run(PERSON, time.sleep, 0.5)
    with pytest.raises(ZeroDivisionError):
        await queue.run(PERSON, divmod, 1, 0)
    await asyncio.sleep(0.5)  # the long one ends: its worker is free again
    assert queue.running == 0
    assert await queue.run(PERSON, divmod, 7, 2) == (3, 1)


@pytest.mark.django_db(transaction=True)
def test_who_waits_on_the_computer():
    ann, bot = make_user("ann"), make_user("tinbot")
    Account.objects.create(user=bot, bot=True)
    person = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side=0, level="random"
    )
    assert waiting_on(public_of(person.pk)) == PERSON
    watch = services.match_create(
        user=ann, game="reversi", options={}, opponent="computer", side="watch", level=["greedy", "random"]
    )
    assert waiting_on(public_of(watch.pk)) == NOBODY
    against_bot = services.match_create(
        user=bot, game="reversi", options={}, opponent="computer", side=0, level="random"
    )
    assert waiting_on(public_of(against_bot.pk)) == BOT
    # whose turn their searches take: the person, the creator watching, the bot
    assert account_waiting(public_of(person.pk)) == ("user", "ann")
    assert account_waiting(public_of(watch.pk)) == ("user", "ann")
    assert account_waiting(public_of(against_bot.pk)) == ("user", "tinbot")


def watch_match(user, plies: int = 0) -> Match:
    """A Reversi match between two computer levels created by ``user``, ``plies`` moves in
    (played here as the computer plays them: through the service, seat by seat)."""
    match = services.match_create(
        user=user,
        game="reversi",
        options={"size": 6},
        opponent="computer",
        side="watch",
        level=["greedy", "random"],
    )
    for _ in range(plies):
        match = fresh(match)
        seat = match.rules.to_move(match.state)[0]
        move = match.rules.legal_moves(match.state, seat)[0]
        services.move_play(match_id=match.pk, user=None, ply=match.ply, move=move, seat=seat)
    return fresh(match)


@pytest.mark.django_db(transaction=True)
def test_the_creator_stops_a_computer_match_at_any_time():
    ann, ben = make_user("ann"), make_user("ben")
    match = watch_match(ann, plies=4)
    public = public_of(match.pk)
    assert public["stoppable_by"] == "ann" and public["can_abort"] is False
    assert for_seat(public, "ben")["stoppable_by"] == "ann"
    with pytest.raises(ServiceError) as err:
        services.match_abort(match_id=match.pk, user=ben)
    assert (err.value.code, err.value.status) == ("not_a_player", 403)
    assert fresh(match).status == Match.Status.ACTIVE
    services.match_abort(match_id=match.pk, user=ann)
    match = fresh(match)
    assert match.status == Match.Status.ABORTED and match.ply == 4
    assert public_of(match.pk)["stoppable_by"] is None
    with pytest.raises(ServiceError) as err:
        services.match_abort(match_id=match.pk, user=ann)
    assert err.value.code == "match_over"


@pytest.mark.django_db(transaction=True)
def test_a_match_with_a_person_in_it_is_not_stoppable_by_its_creator():
    match, _, _ = start_match("reversi")
    assert public_of(match.pk)["stoppable_by"] is None
    against = services.match_create(
        user=make_user("cy"), game="reversi", options={}, opponent="computer", side=0, level="random"
    )
    assert public_of(against.pk)["stoppable_by"] is None
