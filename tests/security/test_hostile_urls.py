"""Issue 24 (7): every endpoint answers hostile path values and bodies with a 4xx (or a
page), never a 500. The test walks every URL pattern of the site (the admin's too, as staff)
with odd values in each path parameter (superscript and Arabic-Indic digits, huge numbers,
long and markup-laden text) and, for every endpoint, a GET and POSTs of hostile JSON and form
bodies (a year-one or year-9999 start time, a start ten billion minutes away). A new
endpoint is walked the day it is added."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

VALUES = {
    "int": ["0", "1", "9223372036854775808", "9" * 30],
    "str": ["\u00b2", "\u0661", "9" * 30, "x" * 300, "<b>null</b>"],
}
BODIES = [
    ("json", {}),
    (
        "json",
        {
            "name": "walk",
            "game": "reversi",
            "clock": {"initial": 60, "increment": 0},
            "starts_at": "0001-01-01T00:30:00+01:00",
            "opponent": "\u00b2",
            "side": "\u0661",
            "to": "\u00b2",
        },
    ),
    (
        "json",
        {
            "name": "walk",
            "game": "reversi",
            "clock": {"initial": 60},
            "starts_at": "9999-12-31T23:30:00-01:00",
        },
    ),
    (
        "form",
        {"name": "walk", "game": "reversi", "starts_in": "10000000000", "initial": "1", "increment": "0"},
    ),
]
PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


def patterns(resolvers=None, prefix: str = ""):
    """Every URL pattern of the site as (route text, its converters' kinds)."""
    for entry in get_resolver().url_patterns if resolvers is None else resolvers:
        if isinstance(entry, URLResolver):
            yield from patterns(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def urls(route: str) -> list[str]:
    """``route`` with every parameter set to each hostile value of its kind (routes given as
    regular expressions, the admin's, get their path with the parameters left out)."""
    if route.startswith("^") or "(?P" in route:
        return []
    found = PARAMETER.findall(route)
    if not found:
        return ["/" + route]
    out = []
    for kind, _ in found:
        for value in VALUES["int" if kind == "int" else "str"]:
            path = route
            for other_kind, other in found:
                sample = value if (other_kind, other) == found[0] or len(found) == 1 else "1"
                path = path.replace(
                    f"<{other_kind + ':' if other_kind else ''}{other}>", quote(sample, safe=""), 1
                )
            out.append("/" + path)
        break  # the first parameter varies, the others stay plain
    return out


def walk(client: Client, route: str) -> list[str]:
    """Every request of ``route`` that answered 500 (as "METHOD path body")."""
    failed = []
    for url in urls(route):
        for query in ("", "?ids=%C2%B2,%D9%A1," + "9" * 30):  # the admin's JSON views read ?ids=
            response = client.get(url + query)
            if response.status_code >= 500:
                failed.append(f"GET {url}{query}")
        if route.startswith("admin/"):
            continue  # the admin's own forms: GET only (a POST there changes what it names)
        for kind, body in BODIES:
            if kind == "json":
                response = client.post(url, json.dumps(body), content_type="application/json")
            else:
                response = client.post(url, body)
            if response.status_code >= 500:
                failed.append(f"POST {url} {body}")
    return failed


def test_no_endpoint_answers_hostile_input_with_a_500():
    users = get_user_model()
    person = users.objects.create_user("walker", password="x-walk-x")
    staff = users.objects.create_user("staffwalker", password="x-walk-x", is_staff=True, is_superuser=True)
    failed = []
    routes = [r for r in patterns() if "logout" not in r]
    assert len(routes) > 40  # the walk reaches the site, not an empty resolver
    for route in routes:
        client = Client(raise_request_exception=False)
        client.force_login(staff if route.startswith("admin/") else person)
        failed += walk(client, route)
    assert failed == [], "\n".join(failed)
