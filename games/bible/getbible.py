"""Bible text from the getBible API v2: the seed's ``get_text`` and the pieces it is made of.

The API serves static JSON files under a base URL (setting ``GETBIBLE_BASE_URL``):
``{base}/{ver}.json`` (a whole translation), ``{base}/{ver}/{bk}.json`` (a book),
``{base}/{ver}/{bk}/{ch}.json`` (a chapter) and ``{base}/translations.json``.

Every failure raises a subclass of :class:`GetBibleError` whose text is a readable message:
:class:`Unreachable`, :class:`Timeout`, :class:`HTTPStatusError` (and :class:`NotFound` for an
unknown translation, book or chapter), :class:`NotJSON` and :class:`BadShape`.

Requests go through a ``requests.Session`` with connect/read timeouts and a few retries with
exponential backoff on connection errors, read errors and 5xx answers. The knobs are read from
settings of the same name (read from the environment): ``GETBIBLE_CONNECT_TIMEOUT`` (5 s),
``GETBIBLE_READ_TIMEOUT`` (30 s), ``GETBIBLE_RETRIES`` (3), ``GETBIBLE_BACKOFF`` (0.3: waits
0, 0.6, 1.2 s between attempts).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter
from urllib3.exceptions import ReadTimeoutError
from urllib3.util.retry import Retry


class GetBibleError(Exception):
    """Text could not be had from the API; ``str(error)`` says why, for people."""

    def __init__(self, message: str, url: str = "") -> None:
        super().__init__(message)
        self.url = url


class Unreachable(GetBibleError):
    """No connection (refused, unknown host, dropped) after the retries."""


class Timeout(GetBibleError):
    """The host did not accept the connection or did not answer in time."""


class HTTPStatusError(GetBibleError):
    """The API answered with an HTTP error status (after the retries for 5xx)."""

    def __init__(self, message: str, url: str = "", status: int = 0) -> None:
        super().__init__(message, url)
        self.status = status


class NotFound(HTTPStatusError):
    """HTTP 404: no such translation, book or chapter."""


class NotJSON(GetBibleError):
    """The answer is not JSON."""


class BadShape(GetBibleError):
    """The answer is JSON, but not shaped as the getBible v2 files are."""


@dataclass(frozen=True)
class Chapter:
    """One chapter: its book, its number and the text of each of its verses, in order."""

    book_nr: int
    book_name: str
    chapter: int
    verses: tuple[str, ...]

    @property
    def text(self) -> str:
        """The chapter's verses joined with one space."""
        return " ".join(self.verses)


def join_text(chapter_texts) -> str:
    """The text of consecutive chapters: every verse joined with one space between verses.

    Takes each chapter's ``text`` (its verses already joined); chapters without verses add
    nothing. ``get_text`` and the import (which may read chapters it stored earlier) both use it.
    """
    return " ".join(text for text in chapter_texts if text)


# --- configuration and HTTP -------------------------------------------------------------------


def _knob(name: str, default: float) -> float:
    """A tuning setting (site_config.settings, from the environment), or its default."""
    return float(getattr(settings, name, default))


def base_url() -> str:
    return settings.GETBIBLE_BASE_URL.rstrip("/")


def url_for(ver: str, bk: int | None = None, ch: int | None = None) -> str:
    """The file of a whole translation (``{base}/kjv.json``), a book (``{base}/kjv/1.json``) or a
    chapter (``{base}/kjv/1/3.json``)."""
    if ch is not None and bk is None:
        raise ValueError("a chapter needs a book")
    parts = [base_url(), ver] + [str(part) for part in (bk, ch) if part is not None]
    return "/".join(parts) + ".json"


def new_session() -> requests.Session:
    """A session that retries connection errors, read errors and 5xx answers with backoff."""
    retries = int(_knob("GETBIBLE_RETRIES", 3))
    retry = Retry(
        total=retries,
        connect=retries,
        read=retries,
        status=retries,
        other=0,
        backoff_factor=_knob("GETBIBLE_BACKOFF", 0.3),
        status_forcelist=(500, 502, 503, 504),
        allowed_methods=frozenset({"GET"}),
        raise_on_status=False,
        respect_retry_after_header=False,
    )
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers.update({"Accept": "application/json", "User-Agent": "boardgames-bible-import/1.0"})
    return session


def _reason(exc: BaseException) -> str:
    """The useful end of a requests/urllib3 error ("Connection refused", not the whole chain)."""
    text = str(exc)
    for pattern in (
        r"\[Errno -?\d+\] ([^'\"()]+)",
        r"RemoteDisconnected\('([^']+)'",
        r"Caused by \w+\('([^']+)'",
    ):
        if match := re.search(pattern, text):
            return match.group(1).strip().rstrip(".")
    return text


def _is_read_timeout(exc: requests.ConnectionError) -> bool:
    arg = exc.args[0] if exc.args else None
    return isinstance(arg, ReadTimeoutError) or isinstance(getattr(arg, "reason", None), ReadTimeoutError)


def fetch_json(url: str, *, session: requests.Session | None = None) -> Any:
    """GET ``url`` and decode its JSON, or raise the matching :class:`GetBibleError`."""
    session = session or new_session()
    connect, read = _knob("GETBIBLE_CONNECT_TIMEOUT", 5.0), _knob("GETBIBLE_READ_TIMEOUT", 30.0)
    try:
        response = session.get(url, timeout=(connect, read))
    except requests.ConnectTimeout:
        raise Timeout(f"Timed out after {connect:g} s connecting to {url}", url) from None
    except requests.ReadTimeout:
        raise Timeout(f"No answer within {read:g} s from {url}", url) from None
    except requests.ConnectionError as exc:
        if _is_read_timeout(exc):
            raise Timeout(f"No answer within {read:g} s from {url}", url) from None
        raise Unreachable(f"Cannot reach the getBible API at {url}: {_reason(exc)}", url) from None
    except requests.RequestException as exc:
        raise Unreachable(f"The connection to {url} broke: {_reason(exc)}", url) from None
    if response.status_code == 404:
        raise NotFound(f"Not found (HTTP 404): {url}", url, 404)
    if response.status_code >= 400:
        raise HTTPStatusError(
            f"The getBible API answered HTTP {response.status_code} {response.reason or ''}".rstrip()
            + f" for {url}",
            url,
            response.status_code,
        )
    try:
        return json.loads(response.content)
    except ValueError:
        start = response.content[:40].decode("utf-8", "replace")
        kind = response.headers.get("Content-Type", "no content type")
        raise NotJSON(f"The answer from {url} is not JSON ({kind}): {start!r}", url) from None


# --- the shapes of the files ------------------------------------------------------------------


def _get(obj: Any, key: str, kind: type, where: str, url: str) -> Any:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        what = {int: "an integer", str: "a string", list: "a list", dict: "an object"}[kind]
        found = "missing" if value is None else f"a {type(value).__name__}"
        raise BadShape(f"Unexpected JSON from {url}: {where}{key} should be {what}, found {found}", url)
    return value


def _chapter(obj: Any, book_nr: int, book_name: str, where: str, url: str) -> Chapter:
    number = _get(obj, "chapter", int, where, url)
    verses = _get(obj, "verses", list, where, url)
    texts = []
    for i, verse in enumerate(verses):
        text = verse.get("text") if isinstance(verse, dict) else None
        if not isinstance(text, str):
            _get(verse, "text", str, f"{where}verses[{i}].", url)
        texts.append(text)
    return Chapter(book_nr, book_name, number, tuple(texts))


def _book(obj: Any, where: str, url: str) -> list[Chapter]:
    nr = _get(obj, "nr", int, where, url)
    name = _get(obj, "name", str, where, url)
    chapters = _get(obj, "chapters", list, where, url)
    return [_chapter(c, nr, name, f"{where}chapters[{i}].", url) for i, c in enumerate(chapters)]


def parse_chapters(
    data: Any, bk: int | None = None, ch: int | None = None, *, url: str = ""
) -> list[Chapter]:
    """The chapters in a decoded file: a whole translation, a book (``bk``) or a chapter (``ch``)."""
    if bk is None:
        books = _get(data, "books", list, "", url)
        return [chapter for i, book in enumerate(books) for chapter in _book(book, f"books[{i}].", url)]
    if ch is None:
        chapters = _book(data, "", url)
        if data["nr"] != bk:
            raise BadShape(f"Unexpected JSON from {url}: asked for book {bk}, got book {data['nr']}", url)
        return chapters
    chapter = _chapter(
        data, _get(data, "book_nr", int, "", url), _get(data, "book_name", str, "", url), "", url
    )
    if (chapter.book_nr, chapter.chapter) != (bk, ch):
        raise BadShape(
            f"Unexpected JSON from {url}: asked for {bk}:{ch}, got {chapter.book_nr}:{chapter.chapter}", url
        )
    return [chapter]


def get_chapters(
    ver: str = "akjv",
    bk: int | None = None,
    ch: int | None = None,
    *,
    session: requests.Session | None = None,
) -> list[Chapter]:
    """Download a whole translation, one book or one chapter (one request) as its chapters."""
    url = url_for(ver, bk, ch)
    return parse_chapters(fetch_json(url, session=session), bk, ch, url=url)


def get_text(ver: str = "akjv", bk: int | None = None, ch: int | None = None) -> str:
    """The text of a whole translation, of book ``bk``, or of chapter ``ch`` of book ``bk``:
    the ``text`` of every verse of every chapter requested, in order, one space between verses."""
    return join_text(chapter.text for chapter in get_chapters(ver, bk, ch))


def translations(*, session: requests.Session | None = None) -> dict[str, dict]:
    """The API's translations: ``{abbreviation: metadata}`` from ``translations.json``."""
    url = f"{base_url()}/translations.json"
    data = fetch_json(url, session=session)
    if not isinstance(data, dict) or not data or not all(isinstance(v, dict) for v in data.values()):
        raise BadShape(f"Unexpected JSON from {url}: expected an object of translations by abbreviation", url)
    return data
