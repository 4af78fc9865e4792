"""The report of ``bench/lobby.py``: a line a phase, the table, the slopes against the bare
relay and the verdicts."""

from __future__ import annotations

import argparse
import math

from bench.watchers_report import num

BAR = 1.5  # a lobby page's CPU per event / a relay member's per message


def phase_line(f: dict) -> str:
    """One phase in a line, for the log."""
    return (
        f"[{f['kind']} {f['n']}] {f['events']} events ({f['events/s']:.1f}/s),"
        f" server {f['srv ms/event']:.2f} ms an event ({f['srv cores']:.2f} cores),"
        f" {f['frames/page/event']:.2f} frames a page an event,"
        f" p50/p99 {f['p50 ms']:.1f}/{f['p99 ms']:.1f} ms, {f['missing']}/{f['expected']} missing,"
        f" client {f['cli cores']:.2f} cores, machine busy {f['busy %']:.0f}%"
    )


def slope(rows: list[dict]) -> tuple[float | None, str]:
    """µs of server CPU per event per page (member): least squares over the phases with N > 0
    when there are two or more, else against N = 0; and which points it used."""
    points = [(r["n"], r["net ms/event"]) for r in rows if r["n"] > 0]
    if len(points) < 2:
        points = [(r["n"], r["net ms/event"]) for r in rows]
    if len({n for n, _ in points}) < 2:
        return None, "one size only"
    mean_n = sum(n for n, _ in points) / len(points)
    mean_c = sum(c for _, c in points) / len(points)
    num_ = sum((n - mean_n) * (c - mean_c) for n, c in points)
    den = sum((n - mean_n) ** 2 for n, _ in points)
    return num_ / den * 1000, "N = " + ", ".join(str(n) for n, _ in points)


COLUMNS = [  # (figure, width, decimals)
    ("kind", 6, None),
    ("n", 5, 0),
    ("events", 6, 0),
    ("events/s", 8, 1),
    ("srv ms/event", 12, 2),
    ("net ms/event", 12, 2),
    ("window s", 8, 1),
    ("srv cores", 9, 2),
    ("idle cores", 10, 3),
    ("frames/page/event", 17, 2),
    ("frame bytes", 11, 0),
    ("p50 ms", 7, 1),
    ("p99 ms", 7, 1),
    ("max ms", 7, 1),
    ("missing", 7, 0),
    ("repeats", 7, 0),
    ("tracebacks", 10, 0),
    ("cli cores", 9, 2),
    ("busy %", 6, 0),
]


def cell(value, width: int, decimals: int | None) -> str:
    if decimals is None:
        return f"{value:<{width}}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value!s:>{width}}"
    return f"{value:>{width}.{decimals}f}"


def report(rows: list[dict], args: argparse.Namespace) -> bool:
    """The table, the slopes and the verdicts; True when both pass."""
    print("\n" + " ".join(f"{name:<{w}}" if d is None else f"{name:>{w}}" for name, w, d in COLUMNS))
    for r in rows:
        print(" ".join(cell(r[name], w, d) for name, w, d in COLUMNS))
    lobby = [r for r in rows if r["kind"] == "lobby"]
    relay = [r for r in rows if r["kind"] == "relay"]
    print()
    for r in lobby:
        print(
            f"lobby {r['n']}: events {r['by kind']}, frames by type {r['frame types']},"
            f" refused {r['refused']}, {r['skipped ticks']} ticks skipped (every match under way"
            f" waiting for its answer),"
            f" {r['failed to connect']} pages failed to connect, {r['closed early']} closed early,"
            f" pages loaded in {r['connect s']:.1f} s; answers p50 by kind (ms) {r['answer ms']};"
            f" frames before their answer {r['before answer %']:.0f}%, from the request's send"
            f" p50/p99 {r['from request p50 ms']:.1f}/{r['from request p99 ms']:.1f} ms"
        )
    page, used = slope(lobby)
    member, used_relay = slope(relay)
    print()
    bare = next((r["net ms/event"] for r in lobby if r["n"] == 0), float("nan"))
    print(f"server CPU per event with no page (idle taken off): {bare:.2f} ms")
    print(f"a lobby page's server CPU per event: {'-' if page is None else num(page)} µs ({used})")
    print(
        "a relay member's server CPU per message (one extra frame): "
        f"{'-' if member is None else num(member)} µs ({used_relay})"
    )
    ok_cost = None
    if page is not None and member:
        ratio = page / member
        ok_cost = ratio <= BAR
        print(f"lobby page / relay member: {ratio:.2f}x (bar <= {BAR}x): {'PASS' if ok_cost else 'FAIL'}")
    expected = sum(r["expected"] for r in lobby)
    missing = sum(r["missing"] for r in lobby)
    tracebacks = sum(r["tracebacks"] for r in rows)
    refused = sum(sum(r["refused"].values()) for r in lobby)
    ok_all = missing == 0 and tracebacks == 0 and refused == 0
    print(
        f"every page got every open/start/end: {expected - missing}/{expected} deliveries, {missing} missing;"
        f" {refused} requests refused; {tracebacks} tracebacks in the server log:"
        f" {'PASS' if ok_all else 'FAIL'}"
    )
    big = max(lobby, key=lambda r: r["n"], default=None)
    if big:
        p50, p99 = big["p50 ms"], big["p99 ms"]
        print(
            f"at {big['n']} pages: {big['events/s']:.1f} events/s of the {args.rate:g} asked;"
            f" from an event's answer to a page's frame p50 {p50:.1f} ms, p99 {p99:.1f} ms"
            f" ({big['before answer %']:.0f}% came before their answer), from its request's send"
            f" p50 {big['from request p50 ms']:.1f} ms, p99 {big['from request p99 ms']:.1f} ms"
        )
    return bool(ok_cost) and ok_all
