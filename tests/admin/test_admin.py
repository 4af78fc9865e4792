"""Staff manage matches in the Django admin of the live server: filters, moves, abort."""

from __future__ import annotations

import re
import subprocess
import sys

import requests
from django.contrib.admin.utils import quote  # the admin's own escaping of a pk in its URLs

from tests.support.client import PASSWORD, Player, unique_name
from tests.support.server import ROOT


def make_staff(server, username: str) -> None:
    code = (
        "from django.contrib.auth import get_user_model as g; "
        f"g().objects.create_superuser({username!r}, '', {PASSWORD!r})"
    )
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=server.env, check=True)


def admin_session(server, username: str) -> requests.Session:
    s = requests.Session()
    s.get(server.url + "/admin/login/", timeout=10)
    r = s.post(
        server.url + "/admin/login/?next=/admin/",
        data={
            "username": username,
            "password": PASSWORD,
            "csrfmiddlewaretoken": s.cookies["csrftoken"],
            "next": "/admin/",
        },
        timeout=10,
    )
    assert r.status_code == 200 and "Site administration" in r.text, r.text[:300]
    return s


def test_staff_filter_inspect_and_abort(daphne_server):
    alice = Player(daphne_server.url).signup()
    bob = Player(daphne_server.url).signup()
    match = alice.create(options={"size": 6})
    bob.join(match["id"])
    state = alice.api("GET", f"/api/matches/{match['id']}/").json()
    staff = unique_name("staff")
    make_staff(daphne_server, staff)
    s = admin_session(daphne_server, staff)

    url = daphne_server.url + "/admin/games/match/"
    listing = s.get(url + "?status__exact=active&game__exact=reversi", timeout=10)
    assert listing.status_code == 200 and match["id"] in listing.text
    finished = s.get(daphne_server.url + "/admin/games/match/?status__exact=finished", timeout=10)
    assert match["id"] not in finished.text

    page = s.get(daphne_server.url + f"/admin/games/match/{quote(match['id'])}/change/", timeout=10)
    assert page.status_code == 200
    assert alice.username in page.text and bob.username in page.text
    assert 'name="moves-0-ply"' not in page.text  # moves are read-only

    r = s.post(
        daphne_server.url + "/admin/games/match/",
        data={
            "action": "abort_matches",
            "_selected_action": [match["id"]],
            "csrfmiddlewaretoken": s.cookies["csrftoken"],
        },
        timeout=10,
    )
    assert r.status_code == 200 and re.search(r"Aborted 1 match", r.text)
    after = alice.api("GET", f"/api/matches/{match['id']}/").json()
    assert state["status"] == "active" and after["status"] == "aborted"


def test_admin_is_staff_only(daphne_server):
    carol = Player(daphne_server.url).signup()
    r = carol.http.get(daphne_server.url + "/admin/games/match/", timeout=10, allow_redirects=False)
    assert r.status_code == 302 and "/admin/login/" in r.headers["Location"]
    anon = requests.get(daphne_server.url + "/admin/", timeout=10, allow_redirects=False)
    assert anon.status_code == 302
