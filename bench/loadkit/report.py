"""The table of figures and the verdicts against quality.md's bars."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bench.loadkit import (
    CHAT_LINE_BAR,
    P99_BAR_200,
    P99_SATURATION,
    SAT_PAGE_BAR,
    SAT_RATIO_BAR,
    SAT_VS_BASELINE_BAR,
    SCALE_OUT_BAR,
)


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


HEADER = (
    f"{'setup':<10} {'kind':<5} {'phase':<10} {'N':>4} {'target/s':>8} {'moves/s':>8} {'p50 ms':>7} "
    f"{'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} {'lost':>4} {'dup':>4} {'err':>4} "
    f"{'srvCPU ms':>9} {'pg+redis':>8} {'srv cores':>9} {'cli cores':>9} {'busy':>5}"
)


def format_row(r: dict) -> str:
    if "failed" in r:
        return f"{r['setup']:<10} {r['kind']:<5} {'-':<10} {r['matches']:>4} failed: {r['failed']}"
    num = lambda v, w, d=1: f"{'-':>{w}}" if v is None else f"{v:>{w}.{d}f}"  # noqa: E731
    errors = sum(r["errors"].values()) + r["unanswered"]
    return (
        f"{r['setup']:<10} {r['kind']:<5} {r['phase']:<10} {r['matches']:>4} {num(r['target'], 8)} "
        f"{num(r['per_second'], 8)} {num(r['p50'], 7)} {num(r['p95'], 7)} {num(r['p99'], 7)} "
        f"{num(r['max'], 7)} {r['lost']:>4} {r['dup']:>4} {errors:>4} "
        f"{num(r['server_cpu_ms_per_msg'], 9, 2)} {num(r.get('backing_cpu_ms_per_msg'), 8, 2)} "
        f"{num(r['server_cpu_cores'], 9, 2)} "
        f"{num(r['client_cpu_cores'], 9, 2)} {num(r['machine_busy'], 5, 2)}"
    )


def chat_lines(results: list[dict], setup: str) -> list[str]:
    """The chat load (``--chat``): for each N, the move p99 without and with chat lines, and
    the server CPU of a line beside a move's."""
    lines = []
    fixed = [
        r for r in results if r.get("setup") == setup and r.get("phase") == "fixed" and "failed" not in r
    ]
    for chat in (r for r in fixed if r["kind"] == "chat"):
        game = next((r for r in fixed if r["kind"] == "game" and r["matches"] == chat["matches"]), None)
        without = f"{game['p99']:.1f} ms" if game and game.get("p99") is not None else "n/a"
        heard = f"{chat['chat_delivered']}/{chat['chat_sent']} lines heard"
        line_p99 = f", line p99 {chat['chat_p99']:.1f} ms" if chat.get("chat_p99") is not None else ""
        lines.append(
            f"[{setup}] chat load at {chat['matches']} matches: move p99 {without} without chat, "
            f"{chat['p99']:.1f} ms with chat lines beside the moves ({heard}{line_p99}){p99_verdict(chat)}"
        )
    for talk in (r for r in fixed if r["kind"] == "talk"):
        game = next((r for r in fixed if r["kind"] == "game" and r["matches"] == talk["matches"]), None)
        if game is None or (cost := line_cost(game, talk)) is None:
            continue
        per_move, per_line = cost
        verdict = "PASS" if per_line <= CHAT_LINE_BAR * per_move else "FAIL"
        lines.append(
            f"[{setup}] server CPU at {talk['matches']} matches: {per_move:.2f} ms a move (game phase), "
            f"{per_line:.2f} ms a chat line (talk phase), the open sockets' own "
            f"{talk['idle_cpu_cores']:.3f} cores taken off both: {per_line / per_move:.2f}x a move "
            f"(bar <= {CHAT_LINE_BAR:.1f}x): {verdict}"
        )
    return lines


def p99_verdict(chat: dict) -> str:
    """The move p99 with chat against the 200 matches bar (other sizes: no verdict)."""
    if chat["matches"] != 200 or chat.get("p99") is None:
        return ""
    bar = P99_BAR_200 * 1000
    return f": {'PASS' if chat['p99'] < bar else 'FAIL'} (bar < {bar:.0f} ms)"


def line_cost(game: dict, talk: dict) -> tuple[float, float] | None:
    """(ms a move, ms a chat line) of server CPU, from the game and talk phases of the same N
    (the same run, so the same machine): each phase's CPU less what its open sockets cost
    doing nothing (measured first in the talk phase), over the moves stored or lines sent."""
    if not game.get("accepted") or not talk.get("chat_sent") or talk.get("idle_cpu_cores") is None:
        return None
    idle = talk["idle_cpu_cores"]
    per_move = (game["server_cpu_s"] - idle * game["duration"]) * 1000 / game["accepted"]
    per_line = (talk["server_cpu_s"] - idle * talk["duration"]) * 1000 / talk["chat_sent"]
    return per_move, per_line


def saturation_of(results: list[dict], setup: str, kind: str) -> tuple[dict | None, bool]:
    """The passing point with the highest moves/s (p99 under 250 ms and the target reached),
    and whether the search found the limit (a failing point at a higher pace)."""
    points = [
        r
        for r in results
        if r.get("setup") == setup
        and r.get("kind") == kind
        and "failed" not in r
        and (r["phase"] == "saturation" or r.get("sat_first"))
    ]

    def passes(r: dict) -> bool:
        return (
            r["p99"] is not None and r["p99"] < P99_SATURATION * 1000 and r["per_second"] >= 0.8 * r["target"]
        )

    passing = [r for r in points if passes(r)]
    if not passing:
        return None, bool(points)
    best = max(passing, key=lambda r: r["per_second"])
    return best, any(not passes(r) and r["target"] > best["target"] for r in points)


def report(results: list[dict], args: argparse.Namespace, load_before: str) -> None:
    print()
    print(
        "Load client and servers share this machine: " + f"{os.cpu_count()} cores; load before: {load_before}"
    )
    print(f"Load after: {Path('/proc/loadavg').read_text().strip()}")
    print(
        "moves/s: stored moves (game) or messages (relay) per second; latency: A sends -> B receives; "
        "lost/dup over both sockets; err: refusals + unanswered; srvCPU ms: daphne CPU per move/message; "
        "pg+redis: the same for PostgreSQL and Redis (--redis); "
        "srv/cli cores: CPU of daphne / of this client; busy: whole machine"
    )
    print(HEADER)
    for r in results:
        print(format_row(r))
    for r in results:
        if "failed" not in r and r.get("list_gaps"):
            print(
                f"  {r['setup']} {r['kind']} {r['phase']} N={r['matches']}: {r['list_gaps']} move-list gaps"
            )
        if "failed" not in r and (r["lost"] or r["dup"] or r["errors"] or r["unanswered"]):
            print(
                f"  {r['setup']} {r['kind']} {r['phase']} N={r['matches']} target {r['target']}: "
                f"lost {r['lost']} ({r['lost_to_opponent']} to the opponent), dup {r['dup']} "
                f"(repeated {r['repeats']}, older after newer {r['regressions']}), "
                f"errors {r['errors']}, unanswered {r['unanswered']}"
            )
    print()
    verdicts = []
    setups = list(dict.fromkeys(r["setup"] for r in results))
    for setup in setups:
        for kind in ("game", "relay"):
            at200 = [
                r
                for r in results
                if r.get("setup") == setup
                and r.get("kind") == kind
                and r.get("matches") == 200
                and r.get("phase") == "fixed"
            ]
            if at200 and kind == "game" and at200[0].get("p99") is not None:
                p99 = at200[0]["p99"]
                verdict = "PASS" if p99 < P99_BAR_200 * 1000 else "FAIL"
                if setup == "baseline":
                    verdict = f"{verdict} (the baseline tree: information only)"
                elif setup == "bot-like":
                    verdict = f"{verdict} (bot-like clients: information only)"
                elif setup != "1 process":
                    verdict = "(the bar is for one process: information only)"
                verdicts.append(
                    f"[{setup}] p99 at 200 matches (1 move/s each): {p99:.1f} ms "
                    f"(bar < {P99_BAR_200 * 1000:.0f} ms): {verdict}"
                )
        verdicts += chat_lines(results, setup)
    sats: dict[tuple[str, str], float] = {}
    unsaturated: set[tuple[str, str]] = set()
    if not args.no_saturation:
        for setup in setups:
            for kind in ("game", "relay"):
                best, found = saturation_of(results, setup, kind)
                if best is not None:
                    sats[setup, kind] = best["per_second"]
                    limit = "" if found else " (NOT saturated: the search stopped first; raise --sat-steps)"
                    print(
                        f"[{setup}] {kind} saturation: {best['per_second']:.1f}/s "
                        f"at {best['matches']} matches (p99 {best['p99']:.1f} ms){limit}"
                    )
                    if not found:
                        unsaturated.add((setup, kind))
            if (setup, "game") in sats and (setup, "relay") in sats:
                if unsaturated & {(setup, "game"), (setup, "relay")}:
                    verdicts.append(
                        f"[{setup}] saturation game/relay: inconclusive (a search did not saturate)"
                    )
                    continue
                ratio = sats[setup, "game"] / sats[setup, "relay"]
                verdicts.append(
                    f"[{setup}] saturation game/relay: {ratio:.2f}x (bar >= {SAT_RATIO_BAR}x): "
                    f"{'PASS' if ratio >= SAT_RATIO_BAR else 'FAIL'}"
                )
        this, bot, two = ("1 process", "game"), ("bot-like", "game"), ("2 procs", "game")
        if bot in sats and this in sats:
            label = "saturation page-faithful / bot-like clients"
            verdicts.append(ratio_verdict(label, sats, unsaturated, this, bot, SAT_PAGE_BAR))
        if two in sats and this in sats:
            label = "scale-out: 2 processes / 1 process game saturation"
            verdicts.append(ratio_verdict(label, sats, unsaturated, two, this, SCALE_OUT_BAR))
            if ("2 procs", "relay") in sats and ("1 process", "relay") in sats:
                relay_ratio = sats["2 procs", "relay"] / sats["1 process", "relay"]
                print(
                    f"(the bare relay on the same two processes: {relay_ratio:.2f}x its one-process figure)"
                )
    measured = [r for r in results if "failed" not in r and r["kind"] == "game"]
    lost = sum(r["lost"] for r in measured)
    dup = sum(r["dup"] for r in measured)
    moves = sum(r["accepted"] for r in measured)
    verdicts.append(
        f"exactly once: {moves} stored moves, {lost} lost, {dup} duplicated deliveries: "
        f"{'PASS' if lost == 0 and dup == 0 else 'FAIL'}"
    )
    relay = [r for r in results if "failed" not in r and r["kind"] == "relay"]
    if relay:
        print(
            f"(relay: {sum(r['accepted'] for r in relay)} messages, {sum(r['lost'] for r in relay)} lost, "
            f"{sum(r['dup'] for r in relay)} duplicated)"
        )
    if "baseline" in setups:
        verdicts += versus_baseline(results, sats, unsaturated)
    print()
    for line in verdicts:
        print(line)


def ratio_verdict(
    label: str,
    sats: dict[tuple[str, str], float],
    unsaturated: set[tuple[str, str]],
    num: tuple[str, str],
    den: tuple[str, str],
    bar: float,
) -> str:
    """``label: <num/den>x (bar >= <bar>x): PASS | FAIL | inconclusive`` of two saturations."""
    ratio = sats[num] / sats[den]
    verdict = "PASS" if ratio >= bar else "FAIL"
    if unsaturated & {num, den}:
        verdict = "inconclusive (not saturated)"
    return f"{label}: {ratio:.2f}x (bar >= {bar}x): {verdict}"


def versus_baseline(
    results: list[dict], sats: dict[tuple[str, str], float], unsaturated: set[tuple[str, str]]
) -> list[str]:
    """This tree ("1 process") beside the baseline tree, phase by phase; returns the verdicts."""
    this, base = "1 process", "baseline"
    print("\nThis tree beside the baseline tree (same run, phases alternating); ratio = this / baseline")
    print(
        f"{'kind':<5} {'N':>4} {'target/s':>8} | {'baseline moves/s':>16} {'p99 ms':>8} | "
        f"{'this moves/s':>12} {'p99 ms':>8} | {'p99 ratio':>9}"
    )
    fixed = lambda r: "failed" not in r and r["phase"] == "fixed"  # noqa: E731
    for b in (r for r in results if r.get("setup") == base and fixed(r)):
        t = next(
            (
                r
                for r in results
                if r.get("setup") == this
                and fixed(r)
                and (r["kind"], r["matches"]) == (b["kind"], b["matches"])
            ),
            None,
        )
        if t is None:
            continue
        num = lambda v, w: f"{'-':>{w}}" if v is None else f"{v:>{w}.1f}"  # noqa: E731
        ratio = t["p99"] / b["p99"] if t["p99"] and b["p99"] else None
        print(
            f"{b['kind']:<5} {b['matches']:>4} {b['target']:>8.1f} | {num(b['per_second'], 16)} "
            f"{num(b['p99'], 8)} | {num(t['per_second'], 12)} {num(t['p99'], 8)} | "
            f"{'-' if ratio is None else f'{ratio:.2f}x':>9}"
        )
    verdicts = []
    for kind in ("game", "relay"):
        if (this, kind) not in sats or (base, kind) not in sats:
            continue
        ratio = sats[this, kind] / sats[base, kind]
        line = (
            f"{kind} saturation: this tree {sats[this, kind]:.1f}/s, baseline {sats[base, kind]:.1f}/s: "
            f"{ratio:.2f}x"
        )
        if kind == "game":
            verdict = "PASS" if ratio >= SAT_VS_BASELINE_BAR else "FAIL"
            if unsaturated & {(this, kind), (base, kind)}:
                verdict = "inconclusive (a search did not saturate)"
            line += f" (bar >= {SAT_VS_BASELINE_BAR}x): {verdict}"
        verdicts.append(line)
    return verdicts
