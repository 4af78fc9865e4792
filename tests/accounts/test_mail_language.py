"""E-mail to an account is written in the account's saved language (issue 52), whatever
language the page or process that sends it is in: a correspondence turn's mail (its subject
is the notification's text, made in the reader's language, and its body rendered in it) and
an address's confirmation mail. Someone without a saved language is written to in English.

In-process, with Django's own translation machinery: a French catalog of a few of our
strings is compiled into a temporary locale folder put first in ``LOCALE_PATHS`` (the
project's catalogs may not be filled yet; this one wins over them either way). Django's
locmem mail backend and django-tasks' ImmediateBackend (the mail task runs as it is queued).
"""

from __future__ import annotations

import array
import struct
from pathlib import Path

import pytest
from django.core import mail
from django.utils import translation

from accounts import addresses
from accounts.models import Account
from games.matches import services
from games.notifications.models import Notification
from tests.platform.conftest import fresh, make_user
from tests.platform.test_clocks import move

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: the turn's mail goes on commit

FRENCH = {
    "Your turn in %(title)s": "À vous de jouer : %(title)s",
    "Your turn in a correspondence match": "À vous de jouer dans une partie par correspondance",
    "Confirm your e-mail address": "Confirmez votre adresse e-mail",
}


def write_mo(path: Path, catalog: dict[str, str]) -> None:
    """A GNU .mo file of ``catalog`` (the format CPython's Tools/i18n/msgfmt.py writes)."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **catalog}
    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for key in keys:
        msgid, msgstr = key.encode(), entries[key].encode()
        offsets.append((len(ids), len(msgid), len(strs), len(msgstr)))
        ids += msgid + b"\0"
        strs += msgstr + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table: list[int] = []
    for id_at, id_len, _str_at, _str_len in offsets:
        table += [id_len, id_at + key_start]
    for _id_at, _id_len, str_at, str_len in offsets:
        table += [str_len, str_at + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    path.parent.mkdir(parents=True)
    path.write_bytes(header + array.array("i", table).tobytes() + ids + strs)


@pytest.fixture(autouse=True)
def french(settings, tmp_path):
    """A French catalog of ``FRENCH`` first in LOCALE_PATHS (Django drops its cached catalogs
    when the setting changes, and again when the test puts it back)."""
    write_mo(tmp_path / "fr" / "LC_MESSAGES" / "django.mo", FRENCH)
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]
    with translation.override("fr"):
        assert translation.gettext("Confirm your e-mail address") == FRENCH["Confirm your e-mail address"]


@pytest.fixture(autouse=True)
def mailbox(settings) -> list:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SITE_URL = "https://games.example.org"
    mail.outbox = []
    return mail.outbox


def confirmed(name: str, language: str = ""):
    user = make_user(name, email=f"{name}@example.org")
    addresses.confirm(user=user)
    if language:
        Account.objects.filter(user=user).update(language=language)
    return user


def mails_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def test_a_turn_email_is_written_in_the_saved_language_of_its_reader(mailbox):
    alice, bob = confirmed("alice", "fr"), confirmed("bob")  # bob saved none: English
    with translation.override("de"):  # the acting side's page is in German: it does not matter
        match = services.match_create(
            user=alice, game="reversi", options={"size": 4}, opponent="invite", side=0, clock={"days": 3}
        )
        services.match_join(match_id=match.pk, user=bob)  # alice to move: her turn's mail
        (sent,) = mails_to(alice)
        assert translation.get_language() == "de"  # the process's language is left as it was

    # the bell's text and the mail's subject, written in French when the turn came
    note = Notification.objects.get(user=alice, kind=Notification.Kind.TURN)
    assert note.text.startswith("À vous de jouer : ") and "bob" in note.text
    assert sent.subject == note.text
    assert sent.extra_headers["Content-Language"] == "fr"
    # the body rendered in French too: the e-mail preference it names is in French
    assert FRENCH["Your turn in a correspondence match"] in sent.body
    assert "Your turn" not in sent.body

    with translation.override("fr"):  # alice moves from a French page: bob's mail stays English
        move(fresh(match), alice, 0)
        (to_bob,) = mails_to(bob)
    assert to_bob.subject.startswith("Your turn in ") and "alice" in to_bob.subject
    assert to_bob.extra_headers["Content-Language"] == "en"
    assert "Your turn in a correspondence match" in to_bob.body


def test_a_confirmation_email_is_written_in_the_saved_language(mailbox):
    claire = make_user("claire", email="claire@example.org")
    Account.objects.create(user=claire, language="fr")
    assert addresses.send_confirmation(user=claire, link="https://games.example.org/confirm/")
    dan = make_user("dan", email="dan@example.org")
    with translation.override("en"):
        assert addresses.send_confirmation(user=dan, link="https://games.example.org/confirm/")
    assert [m.subject for m in mail.outbox] == [
        FRENCH["Confirm your e-mail address"],
        "Confirm your e-mail address",
    ]
