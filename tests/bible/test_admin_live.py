"""The admin flow end to end: a real daphne server and a real ``db_worker`` process, both
pointed at the local getBible mirror. Staff start imports through the admin form, watch them,
retry failed ones, read and compare the reports."""

from __future__ import annotations

import html
import re
import signal
import subprocess
import sys
import time

import pytest
import requests

from games.bible.wordfreq import count_words, top_words
from tests.bible.conftest import FAST
from tests.bible.mirror import verse_texts
from tests.support.server import ROOT, LiveServer

pytestmark = pytest.mark.live

PASSWORD = "Correct-Horse-42"


@pytest.fixture(scope="module")
def site(mirror, tmp_path_factory):
    """daphne + one worker, sharing a fresh database, with the mirror as the getBible API."""
    workdir = tmp_path_factory.mktemp("bible-live")
    env = {"GETBIBLE_BASE_URL": mirror.base_url, **{k: str(v) for k, v in FAST.items()}}
    server = LiveServer(workdir, env=env)
    server.migrate()
    server.start()
    code = (
        "from django.contrib.auth import get_user_model as g; "
        f"g().objects.create_superuser('boss', '', {PASSWORD!r}); "
        f"g().objects.create_user('visitor', '', {PASSWORD!r})"
    )
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=server.env, check=True)
    log = open(workdir / "worker.log", "ab")
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.1", "--no-startup-delay", "--no-reload"],
        cwd=ROOT,
        env=server.env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    server.worker = worker
    yield server
    worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()
    log.close()
    server.kill()


@pytest.fixture
def healthy(mirror):
    mirror.heal()
    yield mirror
    mirror.heal()


def login(site, username: str = "boss") -> requests.Session:
    s = requests.Session()
    s.get(site.url + "/admin/login/", timeout=10)
    r = s.post(
        site.url + "/admin/login/?next=/admin/",
        data={"username": username, "password": PASSWORD, "csrfmiddlewaretoken": s.cookies["csrftoken"]},
        timeout=10,
    )
    assert r.status_code == 200
    return s


@pytest.fixture(scope="module")
def staff(site) -> requests.Session:
    s = login(site)
    assert "Bible reports" in s.get(site.url + "/admin/", timeout=10).text
    return s


ADD = "/admin/bible/import/add/"


def start(site, s, translation, book="", chapter="", top_n=10, redownload=False) -> requests.Response:
    s.get(site.url + ADD, timeout=10)
    data = {
        "translation": translation,
        "book": book,
        "chapter": chapter,
        "top_n": top_n,
        "csrfmiddlewaretoken": s.cookies["csrftoken"],
        "_save": "Save",
    }
    if redownload:
        data["redownload"] = "on"
    return s.post(site.url + ADD, data=data, timeout=10, allow_redirects=False)


def start_import(site, s, translation, **kwargs) -> int:
    started = time.monotonic()
    r = start(site, s, translation, **kwargs)
    assert r.status_code == 302, re.findall(r'<ul class="errorlist[^"]*">.*?</ul>', r.text) or r.text[:500]
    assert time.monotonic() - started < 3  # the page returns at once; the worker does the work
    return int(re.search(r"/admin/bible/import/(\d+)/change/", r.headers["Location"]).group(1))


def status(site, s, *ids: int) -> list[dict]:
    r = s.get(site.url + "/admin/bible/import/status/", params={"ids": ",".join(map(str, ids))}, timeout=10)
    assert r.status_code == 200
    return r.json()["imports"]


def wait_for(site, s, pk: int, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    seen = set()
    while time.monotonic() < deadline:
        (st,) = status(site, s, pk)
        seen.add(st["state"])
        if not st["active"]:
            st["seen"] = seen
            return st
        time.sleep(0.1)
    raise AssertionError(f"import {pk} still {seen} after {timeout} s; worker log: {worker_log(site)}")


def worker_log(site) -> str:
    return (site.workdir / "worker.log").read_text(errors="replace")[-2000:]


def report_page(site, s, pk: int) -> str:
    r = s.get(site.url + f"/admin/bible/report/{pk}/change/", timeout=10)
    assert r.status_code == 200
    return r.text


def ranked(page: str) -> list[tuple[str, int]]:
    rows = re.findall(r'<td class="bible-word">(.*?)</td><td class="bible-count">(\d+)</td>', page)
    return [(html.unescape(word), int(count)) for word, count in rows]


def readonly(page: str, field: str) -> str:
    match = re.search(rf'field-{field}">.*?<div class="readonly">(.*?)</div>', page, re.S)
    return html.unescape(match.group(1)).strip()


def test_staff_import_whole_translation_and_read_the_report(site, staff, healthy):
    add = staff.get(site.url + ADD, timeout=10).text
    for option in ("akjv - American King James Version (English)", "kjv - King James", "web - World English"):
        assert option in add
    pk = start_import(site, staff, "akjv", top_n=5)
    st = wait_for(site, staff, pk)
    assert st["state"] == "done" and (st["done"], st["total"], st["unit"]) == (3, 3, "books")
    assert st["percent"] == 100 and st["duration"].endswith(" s") and st["error"] == ""

    change = staff.get(site.url + f"/admin/bible/import/{pk}/change/", timeout=10).text
    assert "bible/progress.js" in change and 'data-status-url="/admin/bible/import/status/"' in change
    assert f"Read report {st['report']}" in change and ">Retry<" not in change
    listing = staff.get(site.url + "/admin/bible/import/", timeout=10).text
    assert f'data-bible-import="{pk}"' in listing and "3 of 3 books" in listing

    text = " ".join(verse_texts("akjv"))
    counts = count_words(text)
    page = report_page(site, staff, st["report"])
    assert ranked(page) == list(top_words(text, 5).items())
    assert ranked(page)[0] == ("God", 8)
    assert readonly(page, "tokens") == str(sum(counts.values()))
    assert readonly(page, "distinct_words") == str(len(counts))
    assert readonly(page, "scope") == "akjv whole Bible" and readonly(page, "top_n") == "5"
    assert page.count('class="bible-bar"') == 5 and 'style="width: 100.0%"' in page
    assert '<script src="http' not in page and "cdn" not in page.lower()
    # Immutable: no form to change it.
    assert 'name="tokens"' not in page and 'name="_save"' not in page


def test_compare_reports_side_by_side(site, staff, healthy):
    reports = []
    for ver in ("akjv", "kjv", "web"):
        pk = start_import(site, staff, ver, top_n=4)
        reports.append(wait_for(site, staff, pk)["report"])
    r = staff.post(
        site.url + "/admin/bible/report/",
        data={
            "action": "compare_reports",
            "_selected_action": reports,
            "csrfmiddlewaretoken": staff.cookies["csrftoken"],
        },
        timeout=10,
    )
    assert r.status_code == 200 and r.url.startswith(site.url + "/admin/bible/report/compare/?ids=")
    for ver in ("akjv", "kjv", "web"):
        assert f"{ver} whole Bible</a>" in r.text
        for word, count in top_words(" ".join(verse_texts(ver)), 4).items():
            word_html = f'<span class="bible-word">{html.escape(word)}</span>'
            assert f'{word_html} <span class="bible-count">{count}</span>' in r.text
    table = r.text[r.text.index("bible-compare") :]
    assert table.count("<tr>") == 1 + 4, table  # header + one row per rank


FAILURES = [
    ("drop", {}, "Cannot reach the getBible API at"),
    ("timeout", {}, "No answer within 0.5 s from"),
    ("500", {}, "answered HTTP 500 Internal Server Error"),
    ("garbage", {}, "is not JSON (text/html)"),
    ("shape", {}, "Unexpected JSON from"),
]


@pytest.mark.parametrize(("mode", "scope", "message"), FAILURES, ids=[f[0] for f in FAILURES])
def test_failed_import_shows_its_error_and_retry_succeeds(site, staff, healthy, mode, scope, message):
    reports_before = report_ids(site, staff)
    healthy.fail(mode, "kjv/1", delay=3)
    pk = start_import(site, staff, "kjv", book=1, top_n=3, redownload=True)
    st = wait_for(site, staff, pk)
    assert st["state"] == "failed" and message in st["error"] and st["report"] is None
    assert "/v2/kjv/1.json" in st["error"]
    assert report_ids(site, staff) == reports_before  # nothing partial

    page = staff.get(site.url + f"/admin/bible/import/{pk}/change/", timeout=10).text
    assert html.escape(message) in page and ">Retry</button>" in page
    listing = staff.get(site.url + "/admin/bible/import/?state__exact=failed", timeout=10).text
    assert f'data-bible-import="{pk}"' in listing

    healthy.heal()
    retry = staff.post(
        site.url + f"/admin/bible/import/{pk}/retry/",
        data={"csrfmiddlewaretoken": staff.cookies["csrftoken"]},
        timeout=10,
    )
    assert retry.status_code == 200 and "is queued again" in retry.text
    st = wait_for(site, staff, pk)
    assert st["state"] == "done" and st["error"] == "" and (st["done"], st["total"]) == (3, 3)
    assert ranked(report_page(site, staff, st["report"])) == list(
        top_words(" ".join(verse_texts("kjv", 1)), 3).items()
    )


def report_ids(site, s) -> set[int]:
    page = s.get(site.url + "/admin/bible/report/", timeout=10).text
    return {int(pk) for pk in re.findall(r'name="_selected_action" value="(\d+)"', page)}


def test_unknown_book_or_chapter_fails_readably(site, staff, healthy):
    book = wait_for(site, staff, start_import(site, staff, "web", book=2))
    assert book["state"] == "failed" and book["error"].startswith("Not found (HTTP 404): http://127.0.0.1:")
    # Ruth 4: a chapter the book has (the form lets it through) that the mirror lacks
    chapter = wait_for(site, staff, start_import(site, staff, "web", book=8, chapter=4))
    assert chapter["state"] == "failed" and chapter["error"].endswith("/v2/web/8/4.json")


def test_retry_action_from_the_list(site, staff, healthy):
    healthy.fail("500", "akjv/8")
    pk = start_import(site, staff, "akjv", book=8, chapter=2, redownload=True)
    assert wait_for(site, staff, pk)["state"] == "failed"
    healthy.heal()
    r = staff.post(
        site.url + "/admin/bible/import/",
        data={
            "action": "retry_imports",
            "_selected_action": [pk],
            "csrfmiddlewaretoken": staff.cookies["csrftoken"],
        },
        timeout=10,
    )
    assert "Queued 1 import(s) again" in r.text
    assert wait_for(site, staff, pk)["state"] == "done"
    page = staff.get(site.url + f"/admin/bible/import/{pk}/change/", timeout=10).text
    assert readonly(page, "book_named") == "8 Ruth" and readonly(page, "chapter") == "2"  # named


def test_one_scope_is_never_started_twice(site, staff, healthy):
    healthy.fail("timeout", "web/57", delay=3)
    pk = start_import(site, staff, "web", book=57, redownload=True)
    again = start(site, staff, "web", book=57, top_n=20)
    assert again.status_code == 200 and f"Import {pk} of web Philemon is already" in html.unescape(again.text)
    assert wait_for(site, staff, pk)["state"] == "failed"
    healthy.heal()
    assert wait_for(site, staff, start_import(site, staff, "web", book=57))["state"] == "done"


def test_form_refuses_bad_input_and_explains_an_unreachable_api(site, staff, healthy):
    r = start(site, staff, "nope")
    assert (
        r.status_code == 200 and "Select a valid choice. nope is not one of the available choices." in r.text
    )
    r = start(site, staff, "akjv", chapter=3)
    assert r.status_code == 200 and "A chapter needs a book." in r.text
    r = start(site, staff, "akjv", book=1, chapter=60)  # refused here, not a 404 of the API later
    assert r.status_code == 200 and "Genesis has 50 chapters." in r.text
    for bad in (-3, 0):  # one reason for both: the least it may be
        r = start(site, staff, "akjv", top_n=bad)
        assert r.status_code == 200 and "Ensure this value is greater than or equal to 1." in r.text
        assert "greater than or equal to 0" not in r.text
    r = start(site, staff, "akjv", book=67)
    assert r.status_code == 200 and "Select a valid choice" in r.text
    healthy.fail("500", "translations.json")
    page = staff.get(site.url + ADD, timeout=10).text
    assert 'class="errornote"' in page
    assert "The list of translations could not be loaded, so no import can start" in page
    r = start(site, staff, "akjv")
    assert r.status_code == 200 and "answered HTTP 500" in r.text


def test_staff_only(site, healthy):
    urls = [
        ADD,
        "/admin/bible/import/",
        "/admin/bible/import/status/?ids=1",
        "/admin/bible/report/",
        "/admin/bible/report/compare/?ids=1",
        "/admin/bible/chaptertext/",
    ]
    s = requests.Session()  # a signed-up user without staff status cannot log into the admin
    s.get(site.url + "/admin/login/", timeout=10)
    r = s.post(
        site.url + "/admin/login/",
        data={"username": "visitor", "password": PASSWORD, "csrfmiddlewaretoken": s.cookies["csrftoken"]},
        timeout=10,
    )
    assert "Please enter the correct username and password for a staff account" in r.text
    for url in urls:
        for client in (requests, s):
            r = client.get(site.url + url, timeout=10, allow_redirects=False)
            assert r.status_code == 302 and "/admin/login/" in r.headers["Location"], url
    r = requests.post(site.url + "/admin/bible/import/1/retry/", timeout=10, allow_redirects=False)
    assert r.status_code == 403  # CSRF first, then staff-only
