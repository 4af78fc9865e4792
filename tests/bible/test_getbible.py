"""``get_text`` and its errors against the local mirror (no test reaches the internet)."""

from __future__ import annotations

import socket
import time

import pytest

from games.bible import getbible
from games.bible.getbible import get_text
from tests.bible.mirror import FIXTURE, verse_texts


def test_a_chapter_is_its_verses_joined_with_one_space(api):
    text = get_text("akjv", 1, 1)
    assert text == " ".join(verse_texts("akjv", 1, 1))
    assert text.startswith("In the beginning God created the heaven and the earth. And the earth was")
    # The stray space and line break of the files stay; verse 4 is absent from the file.
    assert "the deep.  And God said" in text and text.endswith("the first day.\n")
    assert api.log == ["akjv/1/1.json"]


def test_a_book_and_a_whole_translation(api):
    assert get_text("akjv", 8) == " ".join(verse_texts("akjv", 8))
    whole = get_text("web")
    assert whole == " ".join(verse_texts("web"))
    assert "Yahweh God" in whole and whole.endswith("(hearing of your love).")
    assert get_text("kjv") != get_text("akjv")
    assert api.log == ["akjv/8.json", "web.json", "kjv.json", "akjv.json"]


def test_default_translation_is_akjv(api):
    assert get_text(bk=57, ch=1) == " ".join(verse_texts("akjv", 57, 1))


def test_chapters_carry_book_names_and_numbers(api):
    chapters = getbible.get_chapters("kjv")
    assert [(c.book_nr, c.book_name, c.chapter) for c in chapters] == [
        (1, "Genesis", 1),
        (1, "Genesis", 2),
        (1, "Genesis", 3),
        (8, "Ruth", 1),
        (8, "Ruth", 2),
        (57, "Philemon", 1),
    ]
    assert sum(len(c.verses) for c in chapters) == sum(
        len(verses) for _, _, chs in FIXTURE["kjv"] for verses in chs.values()
    )


def test_translations_list(api):
    found = getbible.translations()
    assert set(found) == {"akjv", "kjv", "web"}
    assert found["web"]["translation"] == "World English Bible"


def test_unknown_translation_book_and_chapter_are_not_found(api):
    for args in (("xyz",), ("akjv", 2), ("akjv", 1, 99)):
        with pytest.raises(getbible.NotFound, match=r"Not found \(HTTP 404\): http://127\.0\.0\.1:\d+/v2/"):
            get_text(*args)


@pytest.mark.parametrize(
    ("mode", "error", "message"),
    [
        ("500", getbible.HTTPStatusError, r"answered HTTP 500 Internal Server Error for http://127"),
        ("404", getbible.NotFound, r"Not found \(HTTP 404\)"),
        ("garbage", getbible.NotJSON, r"is not JSON \(text/html\): '<html><body>Service"),
        (
            "shape",
            getbible.BadShape,
            r"Unexpected JSON from .*/v2/web/1/1\.json: book_nr should be an integer",
        ),
        ("drop", getbible.Unreachable, r"Cannot reach the getBible API at .*: Remote end closed connection"),
        ("timeout", getbible.Timeout, r"No answer within 0\.5 s from http://127"),
    ],
)
def test_each_failure_has_its_own_error_and_message(api, settings, mode, error, message):
    if mode != "timeout":  # on a loaded machine the mirror may answer after the short 0.5 s
        settings.GETBIBLE_READ_TIMEOUT = 5.0
    api.fail(mode, "web/")
    with pytest.raises(error, match=message):
        get_text("web", 1, 1)


def test_5xx_and_dropped_connections_are_retried(api):
    api.fail("500", "kjv/", times=2)
    assert get_text("kjv", 1, 1) == " ".join(verse_texts("kjv", 1, 1))
    assert api.log == ["kjv/1/1.json"] * 3
    api.log.clear()
    api.fail("drop", "kjv/", times=1)
    assert get_text("kjv", 1, 2) == " ".join(verse_texts("kjv", 1, 2))
    assert api.log == ["kjv/1/2.json"] * 2


def test_gives_up_after_the_retries(api):
    api.fail("500", "kjv/")
    with pytest.raises(getbible.HTTPStatusError):
        get_text("kjv", 1, 1)
    assert api.log == ["kjv/1/1.json"] * 3  # GETBIBLE_RETRIES = 2


def test_unreachable_host(api, settings):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings.GETBIBLE_BASE_URL = f"http://127.0.0.1:{port}/v2"
    started = time.monotonic()
    with pytest.raises(
        getbible.Unreachable, match=r"Cannot reach the getBible API at .*: Connection refused"
    ):
        get_text("akjv", 1, 1)
    assert time.monotonic() - started < 5


def test_wrong_shapes_are_named(api):
    url = "http://x/v2/akjv.json"
    with pytest.raises(getbible.BadShape, match=r"books should be a list, found missing"):
        getbible.parse_chapters({"translation": "x"}, url=url)
    bad_verse = {
        "books": [{"nr": 1, "name": "Genesis", "chapters": [{"chapter": 1, "verses": [{"verse": 1}]}]}]
    }
    with pytest.raises(
        getbible.BadShape, match=r"books\[0\]\.chapters\[0\]\.verses\[0\]\.text should be a string"
    ):
        getbible.parse_chapters(bad_verse, url=url)
    with pytest.raises(getbible.BadShape, match=r"nr should be an integer, found a str"):
        getbible.parse_chapters({"nr": "1", "name": "Genesis", "chapters": []}, 1, url=url)
    with pytest.raises(getbible.BadShape, match=r"asked for book 2, got book 1"):
        getbible.parse_chapters({"nr": 1, "name": "Genesis", "chapters": []}, 2, url=url)
    chapter = {"book_nr": 1, "book_name": "Genesis", "chapter": 3, "verses": []}
    with pytest.raises(getbible.BadShape, match=r"asked for 1:2, got 1:3"):
        getbible.parse_chapters(chapter, 1, 2, url=url)


def test_urls_follow_the_base_setting(settings):
    settings.GETBIBLE_BASE_URL = "https://mirror.example/v2/"
    assert getbible.url_for("kjv") == "https://mirror.example/v2/kjv.json"
    assert getbible.url_for("kjv", 1) == "https://mirror.example/v2/kjv/1.json"
    assert getbible.url_for("kjv", 1, 3) == "https://mirror.example/v2/kjv/1/3.json"
    with pytest.raises(ValueError):
        getbible.url_for("kjv", None, 3)
