"""``top_words`` on a whole Bible (~800,000 tokens) beside plain ``collections.Counter`` baselines.

Bar (docs: quality.md): ``top_words`` within 1.5x of the fastest plain-Python baseline doing
the same preprocessing (split, strip ``string.punctuation``, drop stop words case-insensitively
and one-letter words), measured in the same run. All functions must return the same dict.

    .venv/bin/python bench/wordfreq.py [--repeat 7] [--tokens 800000] [--file bible.txt]
"""

from __future__ import annotations

import argparse
import statistics
import string
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import synthetic_bible  # noqa: E402

from games.bible import wordfreq  # noqa: E402

PUNCT = string.punctuation


def counter_per_token(text: str, n: int = 10) -> dict[str, int]:
    """The textbook way: filter every token, count with Counter, most_common."""
    stop = wordfreq.stop_words()
    words = (token.strip(PUNCT) for token in text.split())
    return dict(Counter(w for w in words if len(w) > 1 and w.lower() not in stop).most_common(n))


def counter_per_distinct(text: str, n: int = 10) -> dict[str, int]:
    """Counter over the stripped tokens first, then the filter over distinct words only."""
    stop = wordfreq.stop_words()
    counts = Counter(token.strip(PUNCT) for token in text.split())
    for word in [w for w in counts if len(w) <= 1 or w.lower() in stop]:
        del counts[word]
    return dict(counts.most_common(n))


def best_and_median(fn, text: str, repeat: int) -> tuple[float, float, dict]:
    times = []
    result = {}
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn(text)
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--tokens", type=int, default=800_000)
    parser.add_argument("--file", help="a real Bible text instead of the synthetic one")
    args = parser.parse_args()

    started = time.perf_counter()
    text = Path(args.file).read_text() if args.file else synthetic_bible.text(count=args.tokens)
    made = time.perf_counter() - started
    print(f"text: {len(text.split()):,} tokens, {len(text):,} characters (made in {made:.2f} s)")
    wordfreq.stop_words()  # load the file once, outside the timings

    contenders = {
        "top_words": wordfreq.top_words,
        "Counter, filter per token": counter_per_token,
        "Counter, filter per distinct": counter_per_distinct,
    }
    results = {}
    timings = {name: [] for name in contenders}
    for _ in range(args.repeat):  # interleaved, so machine noise hits all alike
        for name, fn in contenders.items():
            best, _, results[name] = best_and_median(fn, text, 1)
            timings[name].append(best)
    reference = results["top_words"]
    for name, result in results.items():
        assert list(result.items()) == list(reference.items()), f"{name} disagrees: {result} != {reference}"
    print(f"top 10: {reference}")
    print(f"{'':30} {'best':>9} {'median':>9}   (best of {args.repeat})")
    for name, times in timings.items():
        print(f"{name:30} {min(times) * 1000:8.1f}ms {statistics.median(times) * 1000:8.1f}ms")
    ours = min(timings["top_words"])
    fastest_name = min((n for n in contenders if n != "top_words"), key=lambda n: min(timings[n]))
    fastest = min(timings[fastest_name])
    ratio = ours / fastest
    print(f"ratio top_words / fastest baseline ({fastest_name}): {ratio:.2f}x (bar: 1.5x)")
    print(f"ratio top_words / per-token baseline: {ours / min(timings['Counter, filter per token']):.2f}x")
    print("PASS" if ratio <= 1.5 else "FAIL")


if __name__ == "__main__":
    main()
