"""Finding 6: nothing throttled password guessing. django-axes now locks a username from one
address after 5 wrong passwords (15 minutes): the next attempt, even with the right password,
gets 429 and a page that says why. The admin's login is covered too; other names are not."""

from __future__ import annotations

import re

import pytest

from tests.support.client import PASSWORD, Player

from .conftest import login, make_staff

LOCKED = "Too many wrong passwords"


def guess_wrong(live, username: str, path: str, times: int = 5) -> list[int]:
    return [login(live.url, username, "wrong-" + PASSWORD, path)[1].status_code for _ in range(times)]


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_sixth_attempt_after_five_wrong_passwords_is_locked(live, path):
    if path.startswith("/admin/"):  # only staff get past the admin's form
        victim, bystander = make_staff(live, 2, log_in=False)
    else:
        victim, bystander = Player(live.url).signup(), Player(live.url).signup()
    statuses = guess_wrong(live, victim.username, path)
    assert statuses[:4] == [200] * 4  # the form again, with an error
    _, r = login(live.url, victim.username, PASSWORD, path)  # the right password, too late
    assert r.status_code == 429, (statuses, r.status_code, r.text[:300])
    assert LOCKED in r.text
    assert re.search(r"paused for \d+ minutes? after", r.text), r.text  # in words, not "PT15M"
    # another username from the same address is not locked
    _, r = login(live.url, bystander.username, PASSWORD, path)
    assert r.status_code == 302 and LOCKED not in r.text
