"""Issue 24 (13): mail went to any address a user typed, before anyone proved it was theirs.
Now an address is confirmed by opening a link mailed to it, and until then nothing else goes
there: no notification, no password reset. A link confirms only the address it was mailed
to, a tampered one nothing; "send again" is a POST, at most once a minute.

In-process: Django's locmem mail backend, django-tasks' ImmediateBackend (the mail task runs
as it is queued)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from accounts import addresses
from accounts.models import Account
from games.matches import services
from games.notifications import services as notes
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: the turn's mail goes on commit

PASSWORD = "Correct-Horse-42"
LINK = r"http://testserver(/accounts/email/confirm/[^/\s]+/[^/\s]+/)"


@pytest.fixture(autouse=True)
def mailbox(settings) -> list:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    mail.outbox = []
    return mail.outbox


def person(name: str) -> tuple:
    """A new user, logged in on a client of their own: (user, client)."""
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    client = Client()
    client.force_login(user)
    return user, client


def set_address(client: Client, address: str):
    """Enter ``address`` on the e-mail settings page; returns the page shown next."""
    form = {"email": address, "password": PASSWORD, "turn": "on", "low_time": "on"}
    return client.post("/notifications/settings/", form, follow=True)


def link_in(message) -> str:
    return re.search(LINK, message.body).group(1)


def reset_mails(address: str) -> list:
    """Ask for a password reset for ``address``; the mails that went."""
    before = len(mail.outbox)
    assert Client().post("/accounts/password_reset/", {"email": address}).status_code == 302
    return mail.outbox[before:]


def test_an_unconfirmed_address_gets_no_mail_until_its_link_is_opened(mailbox):
    ann, ann_client = person("ann")
    ben, _ = person("ben")
    page = set_address(ann_client, "ann@example.org")
    text = page.content.decode()
    assert "Check your inbox: we sent a link to ann@example.org" in text
    assert "ann@example.org is not confirmed yet" in text and "Send the link again" in text
    (confirmation,) = mailbox
    assert confirmation.to == ["ann@example.org"] and confirmation.subject == "Confirm your e-mail address"
    assert str(ann.pk) not in confirmation.subject

    # Not confirmed: no password reset mail, no mail of her correspondence turn (the bell has it).
    assert reset_mails("ann@example.org") == []
    match = services.match_create(
        user=ann, game="reversi", options={"size": 4}, opponent="invite", side=0, clock={"days": 3}
    )
    services.match_join(match_id=match.pk, user=ben)
    assert Notification.objects.filter(user=ann, kind="turn").count() == 1
    assert mailbox == [confirmation]

    # The link: a GET shows a button and changes nothing, the POST confirms.
    link = link_in(confirmation)
    opened = Client().get(link)
    assert opened.status_code == 200 and "ann@example.org" in opened.content.decode()
    assert notes.email_address_for(ann.pk, "turn") is None
    done = Client().post(link)
    assert done.status_code == 200 and "Address confirmed" in done.content.decode()
    assert notes.email_address_for(ann.pk, "turn") == "ann@example.org"
    assert "ann@example.org is confirmed" in ann_client.get("/notifications/settings/").content.decode()
    assert [m.to for m in reset_mails("ann@example.org")] == [["ann@example.org"]]


def test_a_link_for_an_old_address_does_not_confirm_the_new_one(mailbox):
    ann, client = person("ann")
    set_address(client, "ann@example.org")
    old_link = link_in(mailbox[-1])
    Account.objects.filter(user=ann).update(confirmation_sent_at=None)  # past the minute
    set_address(client, "ann@example.net")
    assert mailbox[-1].to == ["ann@example.net"]
    new_link = link_in(mailbox[-1])
    refused = Client().post(old_link)
    assert refused.status_code == 404 and "This link is no longer valid" in refused.content.decode()
    assert notes.email_address_for(ann.pk, "turn") is None
    assert Client().post(new_link).status_code == 200
    assert notes.email_address_for(ann.pk, "turn") == "ann@example.net"

    # Changing it again makes it unconfirmed again, and sends a new link.
    Account.objects.filter(user=ann).update(confirmation_sent_at=None)
    set_address(client, "ann@example.com")
    assert mailbox[-1].to == ["ann@example.com"]
    assert notes.email_address_for(ann.pk, "turn") is None
    assert Client().post(new_link).status_code == 404


def test_a_tampered_link_confirms_nothing(mailbox):
    ann, client = person("ann")
    ben, ben_client = person("ben")
    set_address(client, "ann@example.org")
    set_address(ben_client, "ben@example.org")
    ann_link, ben_link = link_in(mailbox[0]), link_in(mailbox[1])
    _, _, _, _, ann_uid, ann_token, _ = ann_link.split("/")
    _, _, _, _, ben_uid, ben_token, _ = ben_link.split("/")
    flipped = ann_token[:-1] + ("a" if ann_token[-1] != "a" else "b")
    for bad in (
        f"/accounts/email/confirm/{ben_uid}/{ann_token}/",  # ann's token on ben's account
        f"/accounts/email/confirm/{ann_uid}/{flipped}/",
        f"/accounts/email/confirm/{ann_uid}/nonsense/",
        f"/accounts/email/confirm/{'9' * 30}/{ann_token}/",
        "/accounts/email/confirm/%C2%B2/x-y/",
    ):
        page = Client().post(bad)
        assert page.status_code == 404 and "This link is no longer valid" in page.content.decode(), bad
    assert notes.email_address_for(ann.pk, "turn") is None and notes.email_address_for(ben.pk, "turn") is None


def test_send_again_is_a_post_with_csrf_and_waits_a_minute(mailbox):
    ann, client = person("ann")
    set_address(client, "ann@example.org")
    assert len(mailbox) == 1
    page = client.post("/accounts/email/send/", follow=True)
    assert len(mailbox) == 1 and "Try &quot;Send again&quot; in a minute" in page.content.decode()
    assert client.get("/accounts/email/send/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    assert strict.post("/accounts/email/send/").status_code == 403
    sent_at = Account.objects.get(user=ann).confirmation_sent_at
    Account.objects.filter(user=ann).update(confirmation_sent_at=sent_at - timedelta(seconds=61))
    page = client.post("/accounts/email/send/", follow=True)
    assert "Check your inbox: we sent a link to ann@example.org" in page.content.decode()
    assert [m.to for m in mailbox] == [["ann@example.org"]] * 2
    assert Client().post(link_in(mailbox[0])).status_code == 200  # either link works


def test_one_address_gets_a_few_confirmation_mails_a_day_whoever_asks(mailbox):
    """Issue 50: the limit was per account only, so many accounts (each once a minute) could
    fill a stranger's inbox. Now one address gets at most ``PER_ADDRESS`` a day."""
    spellings = ["victim@example.org", "Victim@Example.org"]  # one inbox
    for number in range(addresses.PER_ADDRESS):
        set_address(person(f"spammer{number}")[1], spellings[number % 2])
    assert len(mailbox) == addresses.PER_ADDRESS
    page = set_address(person("one_more")[1], "VICTIM@example.org")
    assert len(mailbox) == addresses.PER_ADDRESS and "We could not send a link" in page.content.decode()
    set_address(person("ann")[1], "ann@example.org")  # another address: not counted with it
    assert mailbox[-1].to == ["ann@example.org"]
