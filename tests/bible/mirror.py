"""A getBible v2 mirror on 127.0.0.1 (a real HTTP server in a thread) that can be told to fail.

``build_files(bibles)`` turns ``{ver: [(book_nr, book_name, {chapter: {verse: text}})]}`` into the
API's files (``translations.json``, ``{ver}.json``, ``{ver}/{bk}.json``, ``{ver}/{bk}/{ch}.json``);
``Mirror(files)`` serves them under ``/v2/``. ``mirror.fail(mode, prefix)`` makes the files whose
path starts with ``prefix`` fail: ``"500"``, ``"404"``, ``"timeout"`` (answers after ``delay``
seconds), ``"garbage"`` (HTML), ``"shape"`` (JSON of the wrong shape) or ``"drop"`` (closes the
connection without an answer); ``times`` limits the failure to the first few requests.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

Chapters = dict[int, dict[int, str]]
Bibles = dict[str, list[tuple[int, str, Chapters]]]

NAMES = {
    "akjv": ("American King James Version", "English"),
    "kjv": ("King James Version", "English"),
    "web": ("World English Bible", "English"),
}


def build_files(bibles: Bibles, names: dict[str, tuple[str, str]] = NAMES) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    meta = {}
    for ver, books in bibles.items():
        title, language = names.get(ver, (ver.upper(), "English"))
        head = {
            "translation": title,
            "abbreviation": ver,
            "lang": "en",
            "language": language,
            "direction": "LTR",
            "encoding": "UTF-8",
        }
        meta[ver] = {
            **head,
            "description": title,
            "url": f"https://api.getbible.net/v2/{ver}.json",
            "sha": "0",
        }
        whole_books = []
        for nr, name, chapters in books:
            chapter_objs = []
            for ch, verses in chapters.items():
                verse_objs = [
                    {"chapter": ch, "verse": v, "name": f"{name} {ch}:{v}", "text": text}
                    for v, text in verses.items()
                ]
                chapter_objs.append({"chapter": ch, "name": f"{name} {ch}", "verses": verse_objs})
                files[f"{ver}/{nr}/{ch}.json"] = _dump(
                    {
                        **head,
                        "book_nr": nr,
                        "book_name": name,
                        "chapter": ch,
                        "name": f"{name} {ch}",
                        "verses": verse_objs,
                    }
                )
            files[f"{ver}/{nr}.json"] = _dump({**head, "nr": nr, "name": name, "chapters": chapter_objs})
            whole_books.append({"nr": nr, "name": name, "chapters": chapter_objs})
        files[f"{ver}.json"] = _dump(
            {**head, "description": title, "books": whole_books, "distribution_about": ""}
        )
    files["translations.json"] = _dump(meta)
    return files


def _dump(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes
    server: _Server

    def log_message(self, format, *args) -> None:  # quiet
        pass

    def _send(self, status: int, body: bytes, content_type: str = "application/json; charset=utf-8") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        mirror = self.server.mirror
        path = urlsplit(self.path).path
        key = path.removeprefix(mirror.prefix + "/")
        mode = mirror.take_fault(key)
        mirror.log.append(key)
        try:
            if mode == "drop":
                self.close_connection = True
                return
            if mode == "timeout":
                mirror.release.wait(mirror.delay)
                mode = None
            if mode == "500":
                self._send(500, b'{"error": "internal server error"}')
            elif mode == "garbage":
                self._send(200, b"<html><body>Service temporarily overloaded</body></html>", "text/html")
            elif mode == "shape":
                self._send(200, b'{"books": {"1": "In the beginning"}, "verses": 3, "book_nr": "one"}')
            elif mode == "404" or not path.startswith(mirror.prefix + "/") or key not in mirror.files:
                self._send(404, b'{"error": "Not found"}')
            else:
                self._send(200, mirror.files[key])
        except (BrokenPipeError, ConnectionResetError):
            pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    mirror: Mirror


class Mirror:
    """The server; ``base_url`` is what ``GETBIBLE_BASE_URL`` should be."""

    def __init__(self, files: dict[str, bytes], prefix: str = "/v2") -> None:
        self.files = files
        self.prefix = prefix
        self.log: list[str] = []
        self.delay = 5.0
        self.release = threading.Event()
        self._lock = threading.Lock()
        self._fault: tuple[str, str, int | None] | None = None
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.mirror = self
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    def fail(self, mode: str, prefix: str = "", times: int | None = None, delay: float = 5.0) -> None:
        with self._lock:
            self.release.clear()
            self.delay = delay
            self._fault = (mode, prefix, times)

    def heal(self) -> None:
        with self._lock:
            self._fault = None
            self.release.set()

    def take_fault(self, key: str) -> str | None:
        with self._lock:
            if self._fault is None or not key.startswith(self._fault[1]):
                return None
            mode, prefix, times = self._fault
            if times is not None:
                self._fault = (mode, prefix, times - 1) if times > 1 else None
            return mode

    def close(self) -> None:
        self.heal()
        self.httpd.shutdown()
        self.httpd.server_close()


# The fixture Bibles: three small books per translation, with the quirks of the real files
# (stray spaces and line breaks, a verse left out, inner and non-ASCII punctuation).
AKJV: list[tuple[int, str, Chapters]] = [
    (
        1,
        "Genesis",
        {
            1: {
                1: "In the beginning God created the heaven and the earth.",
                2: "And the earth was without form, and void; and darkness was on the face of the deep. ",
                3: "And God said, Let there be light: and there was light.",
                5: "And God called the light Day, and the darkness he called Night. And the evening and the "
                "morning were the first day.\n",
            },
            2: {
                1: "Thus the heavens and the earth were finished, and all the host of them.",
                2: " And on the seventh day God ended his work which he had made; and he rested on the "
                "seventh day.",
                3: "And God blessed the seventh day, and sanctified it: because that in it he had rested.",
            },
            3: {
                1: "Now the serpent was more subtle than any beast of the field which the LORD God had made.",
                2: "And the woman said to the serpent, We may eat of the fruit of the trees of the garden:",
            },
        },
    ),
    (
        8,
        "Ruth",
        {
            1: {
                1: "Now it came to pass in the days when the judges ruled, that there was a famine in "
                "the land.",
                2: "And the name of the man was Elimelech, and the name of his wife Naomi, and his two "
                "sons’ names Mahlon and Chilion.",
                3: "And Elimelech Naomi’s husband died; and she was left, and her two sons.",
            },
            2: {
                1: "And Naomi had a kinsman of her husband’s, a mighty man of wealth, and his name was Boaz.",
                2: "Her father-in-law said, Go, my daughter; glean in the field of Boaz, at three o'clock.",
            },
        },
    ),
    (
        57,
        "Philemon",
        {
            1: {
                1: "Paul, a prisoner of Jesus Christ, and Timothy our brother, to Philemon our dearly "
                "beloved.",
                2: "Grace to you, and peace, from God our Father and the Lord Jesus Christ.",
                3: "I thank my God, making mention of you always in my prayers, (hearing of your love).",
            },
        },
    ),
]


def _variant(books, swaps: dict[str, str]):
    out = []
    for nr, name, chapters in books:
        new = {}
        for ch, verses in chapters.items():
            texts = {}
            for v, text in verses.items():
                for old, repl in swaps.items():
                    text = text.replace(old, repl)
                texts[v] = text
            new[ch] = texts
        out.append((nr, name, new))
    return out


FIXTURE: Bibles = {
    "akjv": AKJV,
    "kjv": _variant(
        AKJV, {"on the face": "upon the face", "my prayers": "thy prayers", "to you": "unto thee"}
    ),
    "web": _variant(
        AKJV,
        {
            "the LORD God": "Yahweh God",
            "heaven ": "heavens ",
            "void": "empty",
            "said, Let": "said, “Let",
            "light.": "light.”",
        },
    ),
}


def verse_texts(ver: str, bk: int | None = None, ch: int | None = None) -> list[str]:
    """The fixture's verse texts of a scope, in order (what ``get_text`` must join)."""
    return [
        text
        for nr, _, chapters in FIXTURE[ver]
        if bk in (None, nr)
        for number, verses in chapters.items()
        if ch in (None, number)
        for text in verses.values()
    ]
