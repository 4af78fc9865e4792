"""Issue 24 (12): look-alike usernames. A name is ASCII letters, digits, _ and -, and unique
without regard to case, so that nobody passes for staff or a bot (``аdmin`` with a Cyrillic
а, ``stáffer``, digits of another script, ``Admin`` beside ``admin``)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase-9"


def signup(name: str):
    return Client().post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )


@pytest.mark.parametrize("name", ["\u0430dmin", "st\u00e1ffer", "\u0661\u0662\u0663abc", "bob.smith", "a b"])
def test_a_name_outside_ascii_letters_digits_and_dashes_is_refused(name):
    response = signup(name)
    assert response.status_code == 200  # the form again, with the reason
    assert "Use only letters A-Z, digits, _ and -" in response.content.decode()
    assert not get_user_model().objects.filter(username=name).exists()


def test_a_name_differing_only_in_case_is_taken():
    get_user_model().objects.create_user("admin")
    response = signup("Admin")
    assert response.status_code == 200 and "already exists" in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_a_plain_name_signs_up():
    assert signup("Ann_Lee-2").status_code == 302
    assert get_user_model().objects.filter(username="Ann_Lee-2").exists()
