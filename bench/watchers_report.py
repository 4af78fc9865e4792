"""``bench/watchers.py``'s report: per tree and S, the match's and the bare relay's figures;
the added CPU per spectator per ply against the relay's per frame; the verdicts."""

from __future__ import annotations

import math

from bench.loadkit.fanout import slope, steps
from bench.stats import percentile

BAR = 0.250  # s: p99 of every spectator's delay for every move, at BAR_AT spectators
BAR_AT = 1000
RATIO_BAR = 1.5  # a spectator's added CPU a ply / one relay frame's
INF = float("inf")
LISTS = ("delays", "last")  # per (spectator, move) and per move: pooled over rounds
COLUMNS = (  # (heading, key, width)
    ("S", "spectators", 5),
    ("moves", "moves", 5),
    ("CPU ms/ply", "cpu ms/ply", 10),
    ("p50 ms", "p50 ms", 7),
    ("p99 ms", "p99 ms", 7),
    ("max ms", "max ms", 7),
    ("missing", "missing", 7),
    ("frames/mv", "frames/spectator/move", 9),
    ("lists short", "lists short", 11),
    ("state B", "state bytes", 7),
    ("relay ms/msg", "relay cpu_ms", 12),
    ("relay p50", "relay p50 ms", 9),
    ("relay p99", "relay p99 ms", 9),
    ("relay miss", "relay missing", 10),
    ("busy %", "busy %", 6),
)


def num(v: float | None) -> str:
    if v is None:
        return "-"
    if not math.isfinite(v) or v != int(v):
        return f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}"
    return f"{v:.0f}"


def pct(values: list[float], q: float) -> float:
    """The percentile in ms (inf when a missing delivery falls there, nan when no values)."""
    v = percentile(values, q)
    return float("nan") if v is None else v * 1000


def pooled(runs: list[dict]) -> dict:
    """One S of one tree over its rounds: the percentiles over all deliveries, the rest averaged."""
    f = {k: sum(r[k] for r in runs) / len(runs) for k in runs[0] if k not in (*LISTS, "relay")}
    delays = [d for r in runs for d in r["delays"]]
    f.update({"p50 ms": pct(delays, 50), "p99 ms": pct(delays, 99)})
    f["max ms"] = max(delays, default=0.0) * 1000
    f["last p99 ms"] = pct([d for r in runs for d in r["last"]], 99)
    relays = [r["relay"] for r in runs if "relay" in r]
    if relays:
        f["relay cpu_ms"] = sum(r["cpu_ms"] for r in relays) / len(relays)
        f["relay missing"] = sum(r["missing"] for r in relays) / len(relays)
        rd = [d for r in relays for d in r["delays"]] + [INF] * round(f["relay missing"])
        f["relay p50 ms"], f["relay p99 ms"] = pct(rd, 50), pct(rd, 99)
    return f


def slopes(figs: dict[int, dict], key: str) -> tuple[float | None, list[tuple[float, float, float]]]:
    """The slope of ``key`` against S (least squares) and per step, over the S that have it."""
    xs = [s for s in figs if key in figs[s]]
    ys = [figs[s][key] for s in xs]
    return slope(xs, ys), steps(xs, ys)


def tree_report(name: str, figs: dict[int, dict], clients: str) -> list[str]:
    """The table of one tree, its slopes and verdicts (returned as the verdict lines)."""
    print(f"\n[{name}] {clients} clients; CPU: the daphne process's; relay: one sender, S members")
    print(" ".join(f"{h:>{w}}" for h, _, w in COLUMNS))
    for s in sorted(figs):
        print(" ".join(f"{num(figs[s].get(k)):>{w}}" for _, k, w in COLUMNS))
    odd = [
        f"S={s}: {k} {num(f[k])}"
        for s, f in figs.items()
        for k in (
            "failed to connect",
            "pages not 200",
            "closed early",
            "error frames",
            "tracebacks",
            "move_list resent",
            "list gaps",
        )
        if f.get(k)
    ]
    if odd:
        print(f"[{name}] note: " + "; ".join(odd))
    spec, spec_steps = slopes(figs, "cpu ms/ply")
    relay, relay_steps = slopes(figs, "relay cpu_ms")
    lines = []
    if spec is not None:
        each = ", ".join(f"{a:.0f}->{b:.0f}: {v:.4f}" for a, b, v in spec_steps)
        lines.append(f"[{name}] added CPU per spectator per ply: {spec:.4f} ms (least squares; steps {each})")
    if relay is not None:
        each = ", ".join(f"{a:.0f}->{b:.0f}: {v:.4f}" for a, b, v in relay_steps)
        lines.append(f"[{name}] bare relay, added CPU per member per message: {relay:.4f} ms (steps {each})")
    if spec is not None and relay:
        each = ", ".join(
            f"{a:.0f}->{b:.0f}: {v / r:.2f}x" if r > 0 else f"{a:.0f}->{b:.0f}: -"
            for (a, b, v), (_, _, r) in zip(spec_steps, relay_steps, strict=False)
        )
        ratio = spec / relay
        verdict = "PASS" if ratio <= RATIO_BAR else "FAIL"
        lines.append(
            f"[{name}] spectator / relay frame: {ratio:.2f}x (bar <= {RATIO_BAR}x): {verdict} "
            f"(per step {each})"
        )
    at = BAR_AT if BAR_AT in figs else max(figs)
    f = figs[at]
    ok = f["p99 ms"] < BAR * 1000 and f["moves"] > 0
    note = "" if at == BAR_AT else f" (the bar is at {BAR_AT}: information only)"
    lost = f", {f['missing']:.0f} deliveries missing" if f["missing"] else ""
    lines.append(
        f"[{name}] p99 with {at} {clients} spectators {f['p99 ms']:.1f} ms "
        f"(bar < {BAR * 1000:.0f} ms{lost}): {'PASS' if ok else 'FAIL'}{note}"
    )
    return lines


def report(results: dict[str, dict[int, list[dict]]], clients: str) -> None:
    """Each tree's table and verdicts; with a baseline (or bot-like clients), this/that per S."""
    figs = {name: {s: pooled(runs) for s, runs in by_s.items() if runs} for name, by_s in results.items()}
    kinds = {name: "bot-like" if name == "bot-like" else clients for name in figs}
    verdicts = [line for name in figs for line in tree_report(name, figs[name], kinds[name])]
    this, keys = figs["this"], ("cpu ms/ply", "p99 ms")
    for other in (n for n in ("baseline", "bot-like") if n in figs):
        base = figs[other]
        print(f"\nthis / {other}, per S: CPU a ply, p99")
        for s in sorted(set(base) & set(this)):
            ratios = [this[s][k] / base[s][k] if base[s][k] not in (0, INF) else math.nan for k in keys]
            print(f"S={s:<5} " + "  ".join(f"{r:.2f}x" for r in ratios))
    print()
    for line in verdicts:
        print(line)
