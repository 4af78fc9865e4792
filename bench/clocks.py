"""Clocks waiting on their deadlines cost nothing while nobody moves: one daphne, measured
with no timed matches and with 10,000 correspondence + 1,000 realtime matches waiting.

Bars (the clock issue: "no per-match task or thread"): with 11,000 matches waiting, the
server's CPU within +2 percentage points of one core and its RSS within +10 MB of the same
server with no timed matches (measured in the same run, before the matches are added); one
``sweeps.end_timed_out()`` (the query every process runs every ``CLOCK_SWEEP_SECONDS``) under
5 ms (median); and the sweeper still acts: 100 realtime clocks made to run out during a
check window each end the match exactly once, by time, within a sweep interval or so.

    .venv/bin/python bench/clocks.py [--window 20] [--correspondence 10000] [--realtime 1000]
        [--flag 100] [--sweeps 300] [--seed 1] [--json out.json]

It starts its own daphne (``tests/support/server.py``: fresh SQLite database, in-memory
channel layer, the clock watcher as in production) and does everything in the database through
a child process running this tree's code on the server's ``SQLITE_PATH`` (this script with
``--child``): the matches are made directly with ``bulk_create`` (users, two seats each,
ACTIVE, Reversi's starting position, the clock fields set as the services would have them:
correspondence 1..14 days a move with deadlines hours to days ahead, realtime banks of 5..60
minutes with deadlines 5..60 minutes ahead). Nobody connects during the quiet windows.

What is measured, in this order:
- sweep, no timed matches: ``sweep()`` called ``--sweeps`` times in the child (median, p99);
- quiet window, no timed matches: the daphne process's CPU (utime + stime of
  ``/proc/<pid>/stat``, all its threads, as % of one core; the spread of 5 s slices shows the
  noise) and RSS (``VmRSS``) over ``--window`` seconds;
- the 11,000 matches are created; sweep and quiet window again, with them waiting;
- the sweep's query plan, and how much longer a sweep takes per 10,000 waiting matches;
- the check (its own window, so its work is not charged to the quiet one): ``--flag``
  realtime matches get a deadline 5 s ahead, a spectator socket watches each; reported:
  how many ended, by time, how late (``finished_at`` - deadline, and the socket's receipt of
  the finished state - deadline), how many finished states each socket got (one), and that
  every other match is still waiting.
The client shares the machine (and other work may run on it: the load average is printed);
the CPU figures are the server process's own, so they are less sensitive to that.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

CPU_BAR_PP = 2.0  # percentage points of one core
RSS_BAR_MB = 10.0
SWEEP_BAR_MS = 5.0
SLICE_S = 5.0  # the CPU noise: the spread of these slices of a window


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# -- the child: this tree's Django on the server's database --------------------------------------
def child_populate(correspondence: int, realtime: int, seed: int) -> dict[str, Any]:
    """Users and ACTIVE two-seat Reversi matches with running clocks, made with bulk_create;
    returns the ids of the realtime ones."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.utils import timezone

    from games.catalog.registry import GAMES
    from games.matches.clocks import DAY_MS, DAYS
    from games.matches.models import Match, Seat

    rng = random.Random(seed)
    rules = GAMES["reversi"]
    options = rules.clean_options({})
    User = get_user_model()
    started = time.monotonic()
    now = timezone.now()
    people = max(2, (correspondence + realtime) // 5)  # each plays about ten matches
    with transaction.atomic():
        User.objects.bulk_create(
            [User(username=f"clock{seed}u{i}", password=make_password(None)) for i in range(people)],
            batch_size=2000,
        )
        users = list(User.objects.filter(username__startswith=f"clock{seed}u").values_list("pk", flat=True))
        matches: list[Match] = []
        for i in range(correspondence + realtime):
            seed_i = rng.randrange(2**31)
            state = rules.setup(options, seed_i)
            running = rules.to_move(state)[0]
            if i < correspondence:
                days = rng.choice(DAYS)
                control = {"days": days}
                bank = days * DAY_MS
                left = int(bank * rng.uniform(0.1, 1.0))  # moved some time ago: hours to days left
                clock_ms = [bank, bank]
            else:
                control = {
                    "initial": rng.choice((5, 10, 15, 30, 60)) * 60,
                    "increment": rng.choice((0, 2, 5)),
                }
                bank = control["initial"] * 1000
                left = rng.randrange(5 * 60_000, min(bank, 60 * 60_000) + 1)  # 5..60 minutes ahead
                clock_ms = [rng.randrange(left, bank + 1), rng.randrange(left, bank + 1)]
                clock_ms[running] = bank
            since = now - timedelta(milliseconds=clock_ms[running] - left)
            matches.append(
                Match(
                    game="reversi",
                    options=options,
                    seed=seed_i,
                    status=Match.Status.ACTIVE,
                    visibility=Match.Visibility.INVITE,
                    state=state,
                    created_by_id=users[i % people],
                    time_control=control,
                    clock_ms=clock_ms,
                    clock_since=since,
                    deadline=since + timedelta(milliseconds=clock_ms[running]),
                )
            )
        Match.objects.bulk_create(matches, batch_size=1000)
        seats = []
        for match in matches:
            a, b = rng.sample(users, 2)
            seats += [Seat(match=match, seat=0, user_id=a), Seat(match=match, seat=1, user_id=b)]
        Seat.objects.bulk_create(seats, batch_size=2000)
    return {
        "created": len(matches),
        "users": people,
        "seconds": round(time.monotonic() - started, 2),
        "realtime_ids": [m.pk for m in matches[correspondence:]],
    }


def child_sweep_time(repeats: int) -> dict[str, Any]:
    """``sweeps.end_timed_out()`` timed ``repeats`` times (after a warm-up), and its query plan."""
    from django.db import connection
    from django.utils import timezone

    from games.matches import sweeps
    from games.matches.models import Match

    for _ in range(5):  # the connection opened, the statement prepared, pages cached
        sweeps.end_timed_out()
    times, ended = [], 0
    for _ in range(repeats):
        started = time.perf_counter()
        ended += sweeps.end_timed_out()
        times.append((time.perf_counter() - started) * 1000)
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=timezone.now())
    query = due.order_by("deadline").values_list("pk", flat=True)[: sweeps.BATCH]
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        prefix = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
        cursor.execute(prefix + sql, params)
        plan = [" ".join(str(c) for c in row) for row in cursor.fetchall()]
    return {
        "waiting": Match.objects.filter(status=Match.Status.ACTIVE, deadline__isnull=False).count(),
        "ended": ended,
        "median_ms": statistics.median(times),
        "p99_ms": sorted(times)[max(0, int(len(times) * 0.99) - 1)],
        "max_ms": max(times),
        "plan": plan,
    }


def child_run_out(match_ids: list[str], seconds: float) -> dict[str, float]:
    """Give these matches a deadline ``seconds`` from now (their running clock's time left
    shrunk to match); returns each deadline as a Unix time."""
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from games.matches.models import Match

    deadline = timezone.now() + timedelta(seconds=seconds)
    with transaction.atomic():
        for match in Match.objects.filter(pk__in=match_ids):
            running = match.rules.to_move(match.state)[0]
            since = deadline - timedelta(milliseconds=match.clock_ms[running])
            Match.objects.filter(pk=match.pk).update(clock_since=since, deadline=deadline)
    return dict.fromkeys(match_ids, deadline.timestamp())


def child_outcome(match_ids: list[str]) -> dict[str, Any]:
    """How these matches ended, and how many matches are still waiting on a clock."""
    from games.matches.models import Match

    rows = Match.objects.filter(pk__in=match_ids).values_list(
        "pk", "status", "result", "finished_at", "deadline"
    )
    return {
        "matches": {
            pk: {
                "status": status,
                "reason": (result or {}).get("reason"),
                "finished_at": finished_at.timestamp() if finished_at else None,
                "deadline": deadline.timestamp() if deadline else None,
            }
            for pk, status, result, finished_at, deadline in rows
        },
        "waiting": Match.objects.filter(status=Match.Status.ACTIVE, deadline__isnull=False).count(),
    }


CHILD = {
    "populate": child_populate,
    "sweep_time": child_sweep_time,
    "run_out": child_run_out,
    "outcome": child_outcome,
}


def child_main(name: str, args: str) -> None:
    """Run one child function; its JSON result is the last line of stdout."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()
    result = CHILD[name](*json.loads(args))
    print(json.dumps(result), flush=True)


def child(server, name: str, *args: Any) -> Any:
    """Call a child function in a new process on ``server``'s database."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", name, json.dumps(args)],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"child {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# -- the parent: the server's process figures ------------------------------------------------------
def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system, every thread) spent so far by ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def quiet_window(pid: int, seconds: float) -> dict[str, Any]:
    """The server's CPU (% of one core) and RSS over ``seconds`` in which nobody does anything."""
    samples = [(time.monotonic(), proc_cpu(pid), proc_rss_mb(pid))]
    end = samples[0][0] + seconds
    while (now := time.monotonic()) < end:
        time.sleep(min(1.0, end - now))
        samples.append((time.monotonic(), proc_cpu(pid), proc_rss_mb(pid)))
    (t0, c0, _), (t1, c1, _) = samples[0], samples[-1]
    slices = []
    start = samples[0]
    for sample in samples[1:]:
        if sample[0] - start[0] >= SLICE_S - 0.01:
            slices.append(100 * (sample[1] - start[1]) / (sample[0] - start[0]))
            start = sample
    rss = [s[2] for s in samples]
    return {
        "seconds": round(t1 - t0, 2),
        "cpu_pct": 100 * (c1 - c0) / (t1 - t0),
        "cpu_slices_pct": [round(s, 2) for s in slices],
        "rss_mb": rss[-1],
        "rss_max_mb": max(rss),
    }


async def watch_finished(ws_url: str, match_ids: list[str], until: float) -> dict[str, dict[str, Any]]:
    """A spectator socket on each match until ``until`` (monotonic): when each saw its first
    finished state (Unix time), how many finished states it got, and their results."""
    import websockets

    seen: dict[str, dict[str, Any]] = {m: {"finished": 0, "first_at": None, "results": []} for m in match_ids}

    async def spectate(match_id: str, conn) -> None:
        try:
            while (left := until - time.monotonic()) > 0:
                try:
                    msg = json.loads(await asyncio.wait_for(conn.recv(), left))
                except TimeoutError:
                    break
                match = msg.get("match") if msg.get("type") == "state" else None
                if match and match["status"] == "finished":
                    entry = seen[match_id]
                    entry["finished"] += 1
                    entry["results"].append(match["result"])
                    entry["first_at"] = entry["first_at"] or time.time()
        finally:
            await conn.close()

    conns = [await websockets.connect(f"{ws_url}/ws/matches/{m}/") for m in match_ids]
    await asyncio.gather(*(spectate(m, c) for m, c in zip(match_ids, conns, strict=True)))
    return seen


def check_window(server, match_ids: list[str], ahead: float, watch: float) -> dict[str, Any]:
    """Make ``match_ids`` run out ``ahead`` s from now with a spectator on each; how they ended."""
    pid = server.proc.pid
    cpu0, t0 = proc_cpu(pid), time.monotonic()

    async def run() -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
        loop = asyncio.get_running_loop()
        until = time.monotonic() + ahead + watch + 3  # +3: the child's start-up
        watching = asyncio.ensure_future(watch_finished(server.ws_url, match_ids, until))
        await asyncio.sleep(1)  # the sockets are open (and have their first state) before the change
        deadlines = await loop.run_in_executor(None, child, server, "run_out", match_ids, ahead)
        return deadlines, await watching

    deadlines, seen = asyncio.run(run())
    cpu = 100 * (proc_cpu(pid) - cpu0) / (time.monotonic() - t0)
    ended = child(server, "outcome", match_ids)
    rows = ended["matches"]
    late_db = [1000 * (rows[m]["finished_at"] - deadlines[m]) for m in match_ids if rows[m]["finished_at"]]
    late_ws = [1000 * (seen[m]["first_at"] - deadlines[m]) for m in match_ids if seen[m]["first_at"]]
    return {
        "matches": len(match_ids),
        "finished": sum(rows[m]["status"] == "finished" for m in match_ids),
        "by_time": sum(rows[m]["reason"] == "time" for m in match_ids),
        "deadline_cleared": sum(rows[m]["deadline"] is None for m in match_ids),
        "late_db_max_ms": max(late_db, default=None),
        "late_db_median_ms": statistics.median(late_db) if late_db else None,
        "late_socket_max_ms": max(late_ws, default=None),
        "early": sum(x < 0 for x in late_db),
        "finished_states_per_socket": sorted({seen[m]["finished"] for m in match_ids}),
        "sockets_with_one_finished_state": sum(seen[m]["finished"] == 1 for m in match_ids),
        "differing_results": sum(
            len({json.dumps(r, sort_keys=True) for r in seen[m]["results"]}) > 1 for m in match_ids
        ),
        "still_waiting": ended["waiting"],
        "cpu_pct": cpu,
    }


# -- the report -----------------------------------------------------------------------------------
def report(fig: dict[str, Any], args: argparse.Namespace) -> bool:
    """Print the table and the verdicts; True when every bar is met."""
    base, load = fig["idle"], fig["waiting"]
    sb, sl = fig["sweep_idle"], fig["sweep_waiting"]
    check = fig["check"]
    label = f"{args.correspondence + args.realtime:,} waiting"

    def spread(window: dict[str, Any]) -> str:
        slices = window["cpu_slices_pct"] or [0.0]
        return f"({min(slices):.2f}..{max(slices):.2f})"

    cpu_ok = load["cpu_pct"] - base["cpu_pct"] <= CPU_BAR_PP
    rss_ok = load["rss_mb"] - base["rss_mb"] <= RSS_BAR_MB
    sweep_ok = sl["median_ms"] < SWEEP_BAR_MS
    check_ok = (
        check["finished"] == check["by_time"] == check["deadline_cleared"] == check["matches"]
        and check["sockets_with_one_finished_state"] == check["matches"]
        and check["differing_results"] == 0
        and check["early"] == 0
        and check["still_waiting"] == fig["created"] - check["matches"]
    )
    rows = [
        (
            "server CPU, % of a core (5 s slices)",
            f"{base['cpu_pct']:.2f} {spread(base)}",
            f"{load['cpu_pct']:.2f} {spread(load)}",
            f"+{CPU_BAR_PP:g} pp: {'ok' if cpu_ok else 'FAIL'} ({load['cpu_pct'] - base['cpu_pct']:+.2f})",
        ),
        (
            "server RSS, MB (end / max)",
            f"{base['rss_mb']:.1f} / {base['rss_max_mb']:.1f}",
            f"{load['rss_mb']:.1f} / {load['rss_max_mb']:.1f}",
            f"+{RSS_BAR_MB:g} MB: {'ok' if rss_ok else 'FAIL'} ({load['rss_mb'] - base['rss_mb']:+.1f})",
        ),
        (
            "sweep(), ms (median / p99)",
            f"{sb['median_ms']:.2f} / {sb['p99_ms']:.2f}",
            f"{sl['median_ms']:.2f} / {sl['p99_ms']:.2f}",
            f"< {SWEEP_BAR_MS:g} ms: {'ok' if sweep_ok else 'FAIL'}",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"\n{'figure':<{width}} | {'no timed matches':>22} | {label:>22} | bar")
    print(f"{'-' * width}-+-{'-' * 22}-+-{'-' * 22}-+-{'-' * 30}")
    for name, a, b, bar in rows:
        print(f"{name:<{width}} | {a:>22} | {b:>22} | {bar}")
    waiting = args.correspondence + args.realtime
    print(f"\nsweep query plan ({waiting:,} waiting): {'; '.join(sl['plan'])}")
    # What "nothing" costs per match: the sweep's growth, times the sweeps a second.
    per_10k = (sl["median_ms"] - sb["median_ms"]) / waiting * 10_000
    print(
        f"sweep() grows {per_10k:.2f} ms per 10,000 waiting matches: "
        f"{per_10k / fig['sweep_seconds'] / 10:.2f}% of a core per 10,000 at one sweep every "
        f"{fig['sweep_seconds']:g} s"
    )
    print(
        f"check: {check['matches']} realtime clocks run out 5 s into a window, "
        "a spectator socket on each:\n"
        f"  finished {check['finished']}, by time {check['by_time']}, deadline cleared "
        f"{check['deadline_cleared']}; ended before the deadline {check['early']}\n"
        f"  late (finished_at - deadline): median {check['late_db_median_ms']:.0f} ms, "
        f"max {check['late_db_max_ms']:.0f} ms; socket receipt - deadline max "
        f"{check['late_socket_max_ms']:.0f} ms "
        f"(sweep every {fig['sweep_seconds']:g} s)\n"
        f"  finished states per socket {check['finished_states_per_socket']} "
        f"({check['sockets_with_one_finished_state']} sockets with exactly one), sockets with two "
        f"different results {check['differing_results']}; still waiting {check['still_waiting']:,} "
        f"of {fig['created'] - check['matches']:,}: {'ok' if check_ok else 'FAIL'}"
    )
    print(f"  (server CPU during the check: {check['cpu_pct']:.1f}% of a core)")
    return cpu_ok and rss_ok and sweep_ok and check_ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--window", type=float, default=20.0, help="s per quiet window")
    parser.add_argument("--correspondence", type=int, default=10_000)
    parser.add_argument("--realtime", type=int, default=1_000)
    parser.add_argument("--flag", type=int, default=100, help="realtime matches made to run out in the check")
    parser.add_argument("--sweeps", type=int, default=300, help="sweep() calls timed per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)  # name, JSON args
    args = parser.parse_args()
    if args.child:
        child_main(*args.child)
        return 0
    from bench.loadkit.tree import live_server, tree_label

    log(
        f"bench/clocks.py: {tree_label(ROOT)}; {os.cpu_count()} cores, "
        f"load {Path('/proc/loadavg').read_text().strip()}"
    )
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="bench-clocks-"))
    server = live_server(ROOT, workdir / "this")
    fig: dict[str, Any] = {"sweep_seconds": float(server.env.get("CLOCK_SWEEP_SECONDS", "0.5"))}
    try:
        server.migrate()
        server.start()
        pid = server.proc.pid
        time.sleep(3)  # start-up done, the watcher sweeping
        log("sweep(), no timed matches ...")
        fig["sweep_idle"] = child(server, "sweep_time", args.sweeps)
        log(f"quiet window, no timed matches ({args.window:g} s) ...")
        fig["idle"] = quiet_window(pid, args.window)
        log(f"creating {args.correspondence:,} correspondence + {args.realtime:,} realtime matches ...")
        made = child(server, "populate", args.correspondence, args.realtime, args.seed)
        fig["created"], fig["populate_seconds"] = made["created"], made["seconds"]
        log(f"  {made['created']:,} matches, {made['users']:,} users in {made['seconds']:.1f} s")
        log(f"sweep(), {made['created']:,} waiting ...")
        fig["sweep_waiting"] = child(server, "sweep_time", args.sweeps)
        time.sleep(2)
        log(f"quiet window, {made['created']:,} waiting ({args.window:g} s) ...")
        fig["waiting"] = quiet_window(pid, args.window)
        log(f"check: {args.flag} realtime clocks run out 5 s from now ...")
        flagged = random.Random(args.seed).sample(made["realtime_ids"], args.flag)
        fig["check"] = check_window(server, flagged, ahead=5.0, watch=5.0)
        errors = [line for line in server.log().splitlines() if "Traceback" in line or "ERROR" in line]
        fig["server_errors"] = len(errors)
    finally:
        server.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    ok = report(fig, args) and not fig["server_errors"]
    print(f"server log errors: {fig['server_errors']}; wall time {time.monotonic() - started:.0f} s")
    print("verdict:", "every bar met" if ok else "a bar FAILED")
    if args.json:
        fig["verdict_ok"] = ok
        fig["at"] = datetime.now().isoformat(timespec="seconds")
        Path(args.json).write_text(json.dumps(fig, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
