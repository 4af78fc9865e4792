"""A synthetic, full-size, Bible-like translation from a fixed seed (no internet needed).

66 books with the real chapter counts (1,189 chapters), about 31,000 verses and 800,000
whitespace tokens: stop words about half of the tokens (as in English Bibles), a Zipf-shaped
vocabulary of some 12,000 other words (some capitalised, some names), punctuation attached at
either end, a few non-ASCII marks (’ “ ”), stray spaces and line breaks around some verses.
"""

from __future__ import annotations

import random
from itertools import accumulate
from pathlib import Path

CHAPTERS = [
    # Old Testament (929 chapters)
    50, 40, 27, 36, 34, 24, 21, 4, 31, 24, 22, 25, 29, 36, 10, 13, 10, 42, 150, 31, 12, 8, 66, 52,
    5, 48, 12, 14, 3, 9, 1, 4, 7, 3, 3, 3, 2, 14, 4,
    # New Testament (260 chapters)
    28, 16, 24, 21, 28, 16, 16, 13, 6, 6, 4, 4, 5, 3, 6, 4, 3, 1, 13, 5, 5, 3, 5, 1, 1, 1, 22,
]  # fmt: skip
assert len(CHAPTERS) == 66 and sum(CHAPTERS) == 1189

STOPWORDS = (Path(__file__).resolve().parents[1] / "games" / "bible" / "stopwords.txt").read_text().split()
COMMON = "the and of to that in he shall unto for his a they be is him not them it with all thou was".split()
SYLLABLES = "ab el ra mo sa ki de an or ul ta ne is ho ma ru be ze li go na pe thi sha ja".split()


def vocabulary(rng: random.Random, size: int = 12_000) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
    ordered = sorted(words)
    rng.shuffle(ordered)
    # About one word in twelve is a name (capitalised); a few more have a capitalised twin.
    return [w.capitalize() if i % 12 == 1 else w for i, w in enumerate(ordered)]


def tokens(count: int = 800_000, seed: int = 1611) -> list[str]:
    """``count`` Bible-like tokens, with punctuation, always the same for one seed."""
    rng = random.Random(seed)
    content = vocabulary(rng)
    function = COMMON + STOPWORDS
    words = (
        function + content + [w.upper() for w in content[:50]] + [w.capitalize() for w in content[1:400:3]]
    )
    weights = (
        [4000 / (i + 1) for i in range(len(COMMON))]
        + [2.0] * len(STOPWORDS)
        + [1300 / (i + 3) for i in range(len(content))]
        + [3.0] * 50
        + [5.0] * len(range(1, 400, 3))
    )
    cum = list(accumulate(weights))
    out = rng.choices(words, cum_weights=cum, k=count)
    marks = rng.choices(
        ["", ",", ".", ";", ":", "?", "!", "’s", "’", "(", "“", ")."],
        weights=[820, 90, 40, 15, 15, 3, 3, 4, 2, 3, 3, 2],
        k=count,
    )
    for i, mark in enumerate(marks):
        if mark:
            out[i] = mark + out[i] if mark in ("(", "“") else out[i] + mark
    return out


def bible(seed: int = 1611, tokens_total: int = 800_000) -> list[tuple[int, str, dict[int, dict[int, str]]]]:
    """``[(book_nr, name, {chapter: {verse: text}})]`` for 66 books, as the mirror takes it."""
    rng = random.Random(seed + 1)
    verses_per_chapter = [[rng.randint(12, 40) for _ in range(n)] for n in CHAPTERS]
    verse_total = sum(map(sum, verses_per_chapter))
    stream = tokens(tokens_total, seed)
    books = []
    done = 0  # verses made so far; verse k gets tokens [k * len // total, (k + 1) * len // total)
    for nr, chapters in enumerate(verses_per_chapter, start=1):
        chapter_map = {}
        for ch, verse_count in enumerate(chapters, start=1):
            verse_map = {}
            for v in range(1, verse_count + 1):
                start, end = done * len(stream) // verse_total, (done + 1) * len(stream) // verse_total
                done += 1
                text = " ".join(stream[start:end])
                if v % 17 == 0:
                    text = " " + text + "\n"  # the stray whitespace of the real files
                verse_map[v] = text
            chapter_map[ch] = verse_map
        books.append((nr, f"Book {nr}", chapter_map))
    return books


def text(seed: int = 1611, count: int = 800_000) -> str:
    return " ".join(tokens(count, seed))
