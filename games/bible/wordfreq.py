"""Word frequencies of a text, exactly as the seed's ``top_words`` defines them.

1. split on whitespace; 2. strip leading and trailing ASCII punctuation (``string.punctuation``)
from each token, leaving inner punctuation and non-ASCII marks alone; 3. drop stop words
(MySQL's default MyISAM full-text list, ``stopwords.txt``), compared case-insensitively;
4. drop one-letter words and tokens left empty; 5. count, case and form kept; 6. order by count
descending, ties in order of first appearance; 7. keep the first ``n``.

>>> top_words("The LORD said, Let there be light: and there was light. God saw the light.")
{'light': 3, 'LORD': 1, 'God': 1}
"""

from __future__ import annotations

import heapq
import string
from collections import Counter
from functools import cache
from itertools import repeat
from operator import itemgetter
from pathlib import Path

STOPWORDS_FILE = Path(__file__).with_name("stopwords.txt")


@cache
def stop_words() -> frozenset[str]:
    """The stop words, lower case (the file is whitespace-separated)."""
    return frozenset(STOPWORDS_FILE.read_text(encoding="utf-8").lower().split())


def count_words(text: str) -> dict[str, int]:
    """Steps 1-5: every counted word and its count, in order of first appearance.

    Tokens are stripped and counted first (in C, by ``Counter``), then stop words and
    one-letter words are dropped from the distinct words only, which is the same result as
    filtering every token but much faster.

    >>> count_words("father-in-law, sons’ (Sons) a I it's It's ... ;")
    {'father-in-law': 1, 'sons’': 1, 'Sons': 1}
    """
    counts = Counter(map(str.strip, text.split(), repeat(string.punctuation)))
    stop = stop_words()
    return {word: count for word, count in counts.items() if len(word) > 1 and word.lower() not in stop}


def rank(counts: dict[str, int], n: int = 10) -> dict[str, int]:
    """Steps 6-7: the ``n`` most frequent words, ties kept in the order of ``counts``.

    >>> rank({"a": 1, "b": 2, "c": 2, "d": 1}, 3)
    {'b': 2, 'c': 2, 'a': 1}
    """
    if n < 0:
        raise ValueError(f"n must be zero or more, not {n}")
    # nlargest is stable: equal counts keep their order (first appearance).
    return dict(heapq.nlargest(n, counts.items(), key=itemgetter(1)))


def top_words(text: str, n: int = 10) -> dict[str, int]:
    """The ``n`` most frequent words of ``text`` and their counts, most frequent first."""
    return rank(count_words(text), n)
