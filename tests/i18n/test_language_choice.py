"""Which language a page speaks (issue 52): the browser's Accept-Language first, the header's
menu for everyone (a cookie), an account's saved choice (brought to a new browser at login);
URLs unchanged, the page's ``lang`` attribute set."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from accounts.models import Account
from accounts.services import challenge_create
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db
LANGS = ["en", "fr", "de", "es", "ru"]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def lang_of(page) -> str:
    return re.search(r'<html lang="([^"]+)"', page.content.decode()).group(1)


@pytest.mark.parametrize("language", LANGS)
def test_the_browsers_language_is_the_pages(language):
    page = Client(headers={"accept-language": f"{language},en;q=0.5"}).get("/")
    assert page.status_code == 200 and lang_of(page) == language
    assert f'<option value="{language}" lang="{language}" selected>' in page.content.decode()


def test_an_unknown_language_falls_back_to_english():
    assert lang_of(Client(headers={"accept-language": "tlh"}).get("/")) == "en"


def test_the_menu_sets_this_browsers_language_and_goes_back_to_the_page():
    browser = Client(headers={"accept-language": "de"})
    answer = browser.post("/accounts/language/", {"language": "ru"}, headers={"referer": "/puzzles/"})
    assert answer.status_code == 302 and answer["Location"] == "/puzzles/"
    assert browser.cookies["language"].value == "ru"
    assert lang_of(browser.get("/puzzles/")) == "ru"  # the menu wins over the browser's header


@pytest.mark.parametrize("bad", [{"language": "xx"}, {}, {"language": "fr", "next": "https://evil.example/"}])
def test_a_bad_choice_changes_nothing_and_never_leaves_the_site(bad):
    browser = Client()
    answer = browser.post("/accounts/language/", bad)
    assert answer.status_code == 302 and not answer["Location"].startswith("https://evil")
    if bad.get("language") != "fr":
        assert "language" not in browser.cookies


def test_the_menu_needs_a_post():
    assert Client().get("/accounts/language/").status_code == 405


def test_an_accounts_choice_is_saved_and_follows_it_to_another_browser():
    user = get_user_model().objects.create_user("polyglot", password="pw-for-tests-1")
    first = Client()
    first.force_login(user)
    first.post("/accounts/language/", {"language": "es"})
    assert Account.objects.get(user=user).language == "es"

    second = Client(headers={"accept-language": "en"})
    answer = second.post("/accounts/login/", {"username": "polyglot", "password": "pw-for-tests-1"})
    assert answer.status_code == 302
    assert second.cookies["language"].value == "es"
    assert lang_of(second.get("/")) == "es"


def test_a_person_without_a_saved_choice_keeps_their_browsers():
    get_user_model().objects.create_user("plain", password="pw-for-tests-1")
    browser = Client(headers={"accept-language": "fr"})
    browser.post("/accounts/login/", {"username": "plain", "password": "pw-for-tests-1"})
    assert "language" not in browser.cookies
    assert lang_of(browser.get("/")) == "fr"


@pytest.mark.parametrize("language", LANGS)
def test_urls_stay_the_same_in_every_language(language):
    browser = Client(headers={"accept-language": language})
    for url in ("/", "/puzzles/", "/accounts/login/", "/games/reversi/rules/"):
        assert browser.get(url).status_code == 200, url


def test_the_scripts_catalog_speaks_the_pages_language():
    answer = Client(headers={"accept-language": "de"}).get("/jsi18n/?language=de")
    assert answer.status_code == 200 and answer["Content-Language"] == "de"
    assert "django.gettext" in answer.content.decode()


def test_another_sites_post_sets_no_accounts_language():
    """The visitor's menu has no CSRF token (their pages stay the same for every visitor);
    an account's choice is saved only with the logged-in menu's token."""
    user = get_user_model().objects.create_user("careful", password="pw-for-tests-1")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    browser.post("/accounts/language/", {"language": "de"})
    assert not Account.objects.filter(user=user, language="de").exists()
    page = browser.get("/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    browser.post("/accounts/language/", {"language": "de", "csrfmiddlewaretoken": token})
    assert Account.objects.get(user=user).language == "de"


def test_a_visitors_page_carries_no_csrf_token():
    assert "csrfmiddlewaretoken" not in Client().get("/").content.decode()


def test_a_new_account_keeps_its_sign_up_pages_language_for_what_it_is_sent(
    django_capture_on_commit_callbacks,
):
    browser = Client(headers={"accept-language": "de"})
    browser.post(
        "/accounts/signup/",
        {"username": "dora", "password1": "pw-for-tests-1", "password2": "pw-for-tests-1"},
    )
    dora = get_user_model().objects.get(username="dora")
    assert Account.objects.get(user=dora).language == "de"
    ann = get_user_model().objects.create_user("ann", password="pw-for-tests-1")
    with django_capture_on_commit_callbacks(execute=True):
        challenge_create(user=ann, to="dora", game="reversi", options={}, side=0)
    (told,) = Notification.objects.filter(user=dora).values_list("text", flat=True)
    with translation.override("de"):
        assert told == translation.gettext("%(player)s challenged you to %(game)s") % {
            "player": "ann",
            "game": "Reversi",
        }
