"""Notifications, in-process: each event of a match (joined, your correspondence turn, rematch
offered, ended, low time) creates exactly one notification for the right user, announcing a
change again (in this process or "another": its memory cleared) adds nothing, nobody reads or
marks another's notifications, an unsubscribe token works only for its own user and kind (and
shows no user id; it dies with the address it was mailed to), and a correspondence turn's
e-mail goes out (to confirmed addresses only: ``accounts.addresses``) through the task (run
at once here: Django's locmem mail backend and django-tasks' ImmediateBackend).

Time passes by moving stored clock times into the past (``elapse``, as in ``test_clocks``)."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core import mail, signing
from django.test import Client

from accounts import addresses
from games.matches import events, presence, rematches, services, sweeps
from games.matches.models import Match
from games.notifications import mail as notification_mail
from games.notifications import services as notes
from games.notifications.models import EmailPreferences, Notification
from games.realtime.lobby_events import LOBBY_GROUP
from games.realtime.routing import websocket_urlpatterns

from .conftest import TIMEOUT, db, fresh, make_user, marker_of, send_marker
from .test_clocks import elapse, move
from .test_selectors import mark_present

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: events go out on commit

Kind = Notification.Kind
DAYS = {"days": 3}


@pytest.fixture
def mailbox(settings):
    """Mail into ``django.core.mail.outbox``; tasks run as they are enqueued."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SITE_URL = "https://games.example.org"
    mail.outbox = []
    return mail.outbox


def confirmed_user(name: str, email: str):
    """A user whose address is confirmed (as opening the mailed link does)."""
    user = make_user(name, email=email)
    addresses.confirm(user=user)
    return user


def pair(clock=None, email: bool = False, names=("alice", "bob"), join: bool = True):
    """alice creates (seat 0, to move first), bob joins: (match, alice, bob); with ``email``,
    each has a confirmed address."""
    alice, bob = (confirmed_user(n, f"{n}@example.org") if email else make_user(n) for n in names)
    match = services.match_create(
        user=alice, game="reversi", options={"size": 4}, opponent="invite", side=0, clock=clock
    )
    if join:
        services.match_join(match_id=match.pk, user=bob)
    return fresh(match), alice, bob


def of(user, kind: str | None = None) -> list[Notification]:
    rows = Notification.objects.filter(user=user)
    return list(rows.filter(kind=kind) if kind else rows)


def texts(user) -> list[str]:
    return sorted(n.text for n in of(user))


def play_out(match: Match, players: dict[int, object]) -> Match:
    """Play the first legal move until the match is over."""
    match = fresh(match)
    while match.status == Match.Status.ACTIVE:
        seat = match.rules.to_move(match.state)[0]
        match = move(match, players[seat], seat)
    return fresh(match)


# -- each event, once, for the right user ------------------------------------------------------
def test_joining_tells_the_creator_once():
    match, alice, bob = pair(join=False)
    assert of(alice) == [] and of(bob) == []
    services.match_join(match_id=match.pk, user=bob)
    (joined,) = of(alice)
    assert (joined.kind, joined.text, joined.url, joined.match_id) == (
        Kind.JOINED,
        "bob joined your Reversi match",
        f"/m/{match.pk}/",
        match.pk,
    )
    assert joined.read_at is None
    assert of(bob) == []  # untimed: no "your turn"; he joined himself
    services.match_join(match_id=match.pk, user=bob)  # joining twice is a no-op
    assert len(of(alice)) == 1


def test_the_end_tells_each_player_their_own_result():
    match, alice, bob = pair()
    match = play_out(match, {0: alice, 1: bob})
    winner = match.result["winner"]
    (for_alice,), (for_bob,) = of(alice, Kind.ENDED), of(bob, Kind.ENDED)
    if winner is None:
        assert for_alice.text.startswith("Reversi vs bob: Draw") and for_bob.text.startswith(
            "Reversi vs alice: Draw"
        )
    else:
        won, lost = (for_alice, for_bob) if winner == 0 else (for_bob, for_alice)
        other = {for_alice: "alice", for_bob: "bob"}
        assert won.text.split(": ", 1)[1].startswith("You won")
        assert lost.text.split(": ", 1)[1].startswith(f"{other[won]} won")
    assert {for_alice.url, for_bob.url} == {f"/m/{match.pk}/"}


def test_resigning_and_running_out_of_time_are_worded_for_each_player():
    match, alice, bob = pair()
    move(match, alice, 0)
    services.match_resign(match_id=match.pk, user=bob)
    assert [n.text for n in of(alice, Kind.ENDED)] == ["Reversi vs bob: bob resigned — you won"]
    assert [n.text for n in of(bob, Kind.ENDED)] == ["Reversi vs alice: You resigned — alice won"]

    timed, carol, dave = pair({"initial": 60, "increment": 0}, names=("carol", "dave"))
    timed = move(move(timed, carol, 0), dave, 1)  # both have moved: running out loses
    elapse(timed, 61)
    assert sweeps.end_timed_out() == 1
    assert [n.text for n in of(carol, Kind.ENDED)] == ["Reversi vs dave: You ran out of time — dave won"]
    assert [n.text for n in of(dave, Kind.ENDED)] == ["Reversi vs carol: carol ran out of time — you won"]


def test_an_abort_tells_both_players_and_a_lonely_abort_nobody():
    match, alice, bob = pair()
    services.match_abort(match_id=match.pk, user=alice)
    assert [n.text for n in of(bob, Kind.ENDED)] == ["Reversi vs alice was aborted"]
    assert len(of(alice, Kind.ENDED)) == 1
    alone = services.match_create(user=alice, game="reversi", options={}, opponent="open", side=0)
    services.match_abort(match_id=alone.pk, user=alice)
    assert len(of(alice, Kind.ENDED)) == 1  # nothing about the match nobody joined


def test_a_rematch_is_offered_to_the_other_player_only():
    match, alice, bob = pair()
    move(match, alice, 0)
    services.match_resign(match_id=match.pk, user=bob)
    rematch = rematches.match_rematch(match_id=match.pk, user=alice)
    (offer,) = of(bob, Kind.REMATCH)
    assert (offer.text, offer.url, offer.match_id) == (
        "alice offers a rematch of Reversi",
        f"/m/{rematch.pk}/",
        match.pk,
    )
    assert of(alice, Kind.REMATCH) == []
    assert rematches.match_rematch(match_id=match.pk, user=bob).pk == rematch.pk  # accepted
    assert len(of(bob, Kind.REMATCH)) == 1
    assert Notification.objects.filter(kind=Kind.JOINED, match=rematch).count() == 0  # no "bob joined"


def test_a_correspondence_turn_tells_the_player_to_move_once_per_move():
    match, alice, bob = pair(DAYS)
    # It starts: alice (the creator, away from the page) is to move; bob just joined himself.
    assert [(n.key, n.text) for n in of(alice, Kind.TURN)] == [("0", "Your turn in Reversi vs bob")]
    assert of(bob, Kind.TURN) == []
    match = move(match, alice, 0)
    assert [(n.key, n.text) for n in of(bob, Kind.TURN)] == [("1", "Your turn in Reversi vs alice")]
    move(match, bob, 1)
    assert sorted(n.key for n in of(alice, Kind.TURN)) == ["0", "2"]
    assert len(of(bob, Kind.TURN)) == 1


def test_no_turn_notice_for_a_realtime_match_nor_for_a_player_on_the_match_page():
    match, alice, bob = pair({"initial": 300, "increment": 0})
    move(match, alice, 0)
    assert Notification.objects.filter(kind=Kind.TURN).count() == 0
    match, carol, dave = pair(DAYS, names=("carol", "dave"))
    mark_present(match, dave)  # dave watches the match: he sees the move happen
    move(match, carol, 0)
    assert of(dave, Kind.TURN) == []


def test_delivering_the_same_events_again_creates_nothing(changes):
    """An event delivered twice (by this process, or a second one) writes each row once."""
    match, alice, bob = pair(DAYS, join=False)
    changes.clear()
    services.match_join(match_id=match.pk, user=bob)
    (join,) = changes.seen
    assert changes.kinds == [["PlayerJoined", "MatchStarted"]]
    before = list(Notification.objects.values_list("user", "kind", "key"))
    assert sorted(before) == sorted([(alice.pk, Kind.JOINED, str(bob.pk)), (alice.pk, Kind.TURN, "0")])
    events.deliver([join, *join.happened])
    events.deliver([join, *join.happened])
    assert list(Notification.objects.values_list("user", "kind", "key")) == before


def test_a_player_coming_and_going_tells_nothing(changes):
    """A socket opening or closing is a fact of its own (PlayerConnected, PlayerLeft): no
    notification reads it as a join, a turn or an end."""
    match, alice, bob = pair(DAYS)
    Notification.objects.all().delete()
    mark_present(match, bob, channel="bob-socket")
    presence.leave(match_id=match.pk, channel_name="bob-socket")
    assert ["PlayerLeft"] in changes.kinds
    assert Notification.objects.count() == 0


def test_a_user_keeps_only_the_newest_notifications(monkeypatch):
    monkeypatch.setattr(notes, "KEEP", 5)
    match, alice, bob = pair()
    other = make_user("carol")
    made = [
        notes.notify(user_id=alice.pk, kind=Kind.INVITED, match=match, key=str(n), text=f"n{n}", url="/")
        for n in range(8)
    ]
    notes.notify(user_id=other.pk, kind=Kind.INVITED, match=match, key="0", text="c0", url="/")
    kept = Notification.objects.filter(user=alice, kind=Kind.INVITED)
    assert sorted(kept.values_list("text", flat=True)) == ["n3", "n4", "n5", "n6", "n7"]
    assert {n.pk for n in made[3:]} == set(kept.values_list("pk", flat=True))
    assert Notification.objects.filter(user=other).count() == 1  # nobody else's rows go


# -- low time ------------------------------------------------------------------------------
def warn_low_time() -> int:
    """One low-clock sweep; how many low-time notifications it wrote."""
    before = Notification.objects.filter(kind=Kind.LOW_TIME).count()
    sweeps.announce_low_clocks()
    return Notification.objects.filter(kind=Kind.LOW_TIME).count() - before


def test_low_time_warns_the_player_to_move_once_per_move():
    match, alice, bob = pair({"initial": 60, "increment": 0})
    assert warn_low_time() == 0
    elapse(match, 45)  # alice has 15 s left
    assert warn_low_time() == 1
    (warning,) = of(alice, Kind.LOW_TIME)
    assert re.fullmatch(r"Time is running low in Reversi vs bob: 1[45] s left", warning.text), warning.text
    assert (warning.key, warning.url) == ("0", f"/m/{match.pk}/")
    assert warn_low_time() == 0 and len(of(alice, Kind.LOW_TIME)) == 1  # once per move
    match = move(match, alice, 0)
    assert warn_low_time() == 0  # bob still has a minute
    elapse(match, 50)
    assert warn_low_time() == 1
    assert [n.key for n in of(bob, Kind.LOW_TIME)] == ["1"]
    assert len(of(alice, Kind.LOW_TIME)) == 1


def test_low_time_in_correspondence_is_under_six_hours(mailbox):
    match, alice, bob = pair({"days": 1}, email=True)
    elapse(match, 17 * 3600)  # 7 hours left
    assert warn_low_time() == 0
    elapse(match, 2 * 3600)  # 5 hours left
    assert warn_low_time() == 1
    assert [n.text for n in of(alice, Kind.LOW_TIME)] == [
        "Time is running low in Reversi vs bob: 5 hours left"
    ]
    assert [m.subject for m in mailbox if m.to == ["alice@example.org"]][-1].startswith("Time is running low")


def test_a_computer_seat_low_on_time_warns_nobody():
    alice = make_user("alice")
    match = services.match_create(
        user=alice,
        game="reversi",
        options={"size": 4},
        opponent="computer",
        side=1,
        level="random",
        clock={"initial": 60, "increment": 0},
    )
    elapse(match, 50)
    assert warn_low_time() == 0 and Notification.objects.count() == 0


# -- who may see what ------------------------------------------------------------------------
def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_nobody_reads_or_marks_anothers_notifications():
    match, alice, bob = pair(join=False)
    services.match_join(match_id=match.pk, user=bob)
    carol = make_user("carol")
    as_carol, as_alice = logged_in(carol), logged_in(alice)
    assert as_carol.get("/notifications/count/").json() == {"unread": 0}
    page = as_carol.get("/notifications/")
    assert page.status_code == 200 and "bob joined" not in page.content.decode()
    assert notes.mark_read(user=carol) == 0
    assert Notification.objects.get(user=alice).read_at is None  # carol's list marked nothing of hers
    assert as_alice.get("/notifications/count/").json() == {"unread": 1}
    assert 'data-unread="1"' in as_alice.get("/").content.decode()  # the bell's count
    page = as_alice.get("/notifications/")
    assert "bob joined your Reversi match" in page.content.decode()
    assert f'href="/m/{match.pk}/"' in page.content.decode()
    assert as_alice.get("/notifications/count/").json() == {"unread": 0}  # read on opening the list
    anonymous = Client()
    assert anonymous.get("/notifications/").status_code == 302
    assert anonymous.get("/notifications/count/").status_code == 401
    assert anonymous.get("/notifications/settings/").status_code == 302


def test_the_settings_page_saves_preferences_and_asks_the_password_for_a_new_address():
    user = make_user("erin", password="Correct-Horse-42")
    client = logged_in(user)
    assert notes.email_address_for(user.pk, Kind.TURN) is None  # no address yet
    form = {"email": "erin@example.org", "password": "wrong", "turn": "on"}
    page = client.post("/notifications/settings/", form)
    assert page.status_code == 200 and "Enter your password" in page.content.decode()
    mail.outbox = []
    page = client.post("/notifications/settings/", {**form, "password": "Correct-Horse-42"}, follow=True)
    assert "Check your inbox: we sent a link to erin@example.org" in page.content.decode()
    assert "erin@example.org is not confirmed yet" in page.content.decode()
    assert notes.email_address_for(user.pk, Kind.TURN) is None  # not before it is confirmed
    (sent,) = mail.outbox
    assert sent.to == ["erin@example.org"]
    link = re.search(r"http://testserver(/accounts/email/confirm/\S+/)", sent.body).group(1)
    assert Client().post(link).status_code == 200  # opened anywhere, logged in or not
    assert notes.email_address_for(user.pk, Kind.TURN) == "erin@example.org"
    assert notes.email_address_for(user.pk, Kind.LOW_TIME) is None  # unticked
    # the address unchanged: no password needed to tick a box
    assert (
        client.post("/notifications/settings/", {"email": "erin@example.org", "low_time": "on"}).status_code
        == 302
    )
    prefs = EmailPreferences.objects.get(user=user)
    assert (prefs.turn, prefs.low_time) == (False, True)
    assert "erin@example.org is confirmed" in client.get("/notifications/settings/").content.decode()


def test_an_unsubscribe_token_works_for_its_own_user_and_kind_only():
    alice, bob = confirmed_user("alice", "a@example.org"), confirmed_user("bob", "b@example.org")
    token = notes.unsubscribe_token(user_id=alice.pk, kind=Kind.TURN)
    bob_token = notes.unsubscribe_token(user_id=bob.pk, kind=Kind.TURN)
    forged = [
        signing.dumps({"u": bob.pk, "k": "turn"}, salt="games.notifications.unsubscribe", compress=True),
        signing.dumps({"u": bob.pk, "k": "turn"}),  # what the old, signed links looked like
        notes.unsubscribe_token(user_id=bob.pk, kind=Kind.ENDED),  # not a kind of e-mail
        "turn." + bob_token.partition(".")[2][:-2] + ("AA" if not bob_token.endswith("AA") else "BB"),
        "turn.",
        "turn",
        "nonsense",
    ]
    anonymous = Client()
    for bad in forged:
        assert anonymous.get(f"/notifications/unsubscribe/{bad}/").status_code == 404, bad
        assert anonymous.post(f"/notifications/unsubscribe/{bad}/").status_code == 404, bad
    assert notes.email_address_for(bob.pk, Kind.TURN) == "b@example.org"
    page = anonymous.get(f"/notifications/unsubscribe/{token}/")
    assert page.status_code == 200 and main_of(page.content.decode()).count('<button type="submit"') == 1
    assert notes.email_address_for(alice.pk, Kind.TURN) == "a@example.org"  # a GET changes nothing
    page = anonymous.post(
        f"/notifications/unsubscribe/{token}/",
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert page.status_code == 200 and "Unsubscribed" in page.content.decode()
    assert notes.email_address_for(alice.pk, Kind.TURN) is None
    assert notes.email_address_for(alice.pk, Kind.LOW_TIME) == "a@example.org"  # the other kind stays
    assert notes.email_address_for(bob.pk, Kind.TURN) == "b@example.org"  # and so does bob


def decodable(token: str) -> list[bytes]:
    """Every piece of ``token`` read as (zlib-compressed) URL-safe base64, as
    ``django.core.signing`` writes values."""
    found = []
    for piece in re.split(r"[.:]", token):
        try:
            raw = base64.urlsafe_b64decode(piece + "=" * (-len(piece) % 4))
        except (ValueError, binascii.Error):
            continue
        found.append(raw)
        try:
            found.append(zlib.decompress(raw))
        except zlib.error:
            pass
    return found


def test_an_unsubscribe_token_shows_no_user_id():
    for name in ("alice", "bob", "carol"):
        user = confirmed_user(name, f"{name}@example.org")
        token = notes.unsubscribe_token(user_id=user.pk, kind=Kind.TURN)
        assert str(user.pk) not in token.partition(".")[0]
        for raw in decodable(token):
            assert b'"u"' not in raw and f":{user.pk},".encode() not in raw, (token, raw)


def test_an_unsubscribe_link_dies_with_the_address_it_was_mailed_to():
    alice = confirmed_user("alice", "alice@example.org")
    old = notes.unsubscribe_token(user_id=alice.pk, kind=Kind.TURN)
    notes.preferences_set(user=alice, turn=True, low_time=True, email="alice@example.net")
    assert notes.unsubscribe_token(user_id=alice.pk, kind=Kind.TURN) is None  # no mail goes there yet
    page = Client().post(f"/notifications/unsubscribe/{old}/")
    assert page.status_code == 404 and "This link is no longer valid" in page.content.decode()
    addresses.confirm(user=alice)
    new = notes.unsubscribe_token(user_id=alice.pk, kind=Kind.TURN)
    assert new != old and Client().post(f"/notifications/unsubscribe/{old}/").status_code == 404
    assert Client().post(f"/notifications/unsubscribe/{new}/").status_code == 200
    assert notes.email_address_for(alice.pk, Kind.TURN) is None


# -- e-mail ------------------------------------------------------------------------------------
def test_a_correspondence_turn_is_mailed_through_the_task_with_a_one_click_unsubscribe(mailbox):
    match, alice, bob = pair(DAYS, email=True)
    assert [m.to for m in mailbox] == [["alice@example.org"]]  # her turn, as the match starts
    mailbox.clear()
    match = move(match, alice, 0)
    (sent,) = mailbox
    assert sent.to == ["bob@example.org"] and sent.subject == "Your turn in Reversi vs alice"
    assert f"https://games.example.org/m/{match.pk}/" in sent.body
    unsubscribe = re.search(r"https://games\.example\.org(/notifications/unsubscribe/[^/\s]+/)", sent.body)
    assert unsubscribe and sent.extra_headers["List-Unsubscribe"] == f"<{unsubscribe.group(0)}>"
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert Notification.objects.get(user=bob, kind=Kind.TURN).emailed_at is not None

    # One click (as a mail client does it: no session, no CSRF token), then no more turn mail.
    reply = Client(enforce_csrf_checks=True).post(
        unsubscribe.group(1), "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert reply.status_code == 200
    mailbox.clear()
    match = move(match, bob, 1)
    match = move(match, alice, 0)
    assert [m.to for m in mailbox] == [["alice@example.org"]]  # alice still gets hers; bob none
    assert len(of(bob, Kind.TURN)) == 2  # the bell still tells him


def test_no_mail_without_an_address_or_for_a_read_notification(mailbox):
    match, alice, bob = pair(DAYS)  # no addresses
    move(match, alice, 0)
    assert mailbox == [] and len(of(bob, Kind.TURN)) == 1
    bob.email = "bob@example.org"
    bob.save()
    addresses.confirm(user=bob)
    turn = of(bob, Kind.TURN)[0]
    notes.mark_read(user=bob)
    assert notification_mail.send(turn.pk) is False and mailbox == []


# -- the bell's hint ---------------------------------------------------------------------------
async def test_a_new_notification_hints_the_users_lobby_sockets(transactional_db):
    match, alice, bob = await db(pair)(join=False)
    carol = await db(make_user)("carol")
    sockets = []
    for user in (alice, carol, AnonymousUser()):
        ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/lobby/")
        ws.scope["user"] = user
        assert (await ws.connect(TIMEOUT))[0]
        sockets.append(ws)
    try:
        await db(services.match_join)(match_id=match.pk, user=bob)
        got = [json.loads(await sockets[0].receive_from(TIMEOUT)) for _ in range(2)]
        assert {"type": "lobby", "changed": ["notifications"]} in got
        marker = send_marker(LOBBY_GROUP)  # behind anything sent to the lobby before it
        for ws in sockets[1:]:
            assert marker_of(json.loads(await ws.receive_from(TIMEOUT))) == marker
    finally:
        for ws in sockets:
            await ws.disconnect()


def test_a_challenge_notifies_the_player_challenged_once():
    from accounts.services import challenge_create

    ann, bob = make_user("cha"), make_user("chb")
    challenge_create(user=ann, to="chb", game="reversi", options={"size": 6})
    found = Notification.objects.filter(user=bob, kind=Notification.Kind.INVITED)
    assert [(n.text, n.url) for n in found] == [("cha challenged you to Reversi", "/u/chb/#challenges")]
    assert not Notification.objects.filter(user=ann).exists()


def test_staff_read_the_notifications_in_the_admin_but_cannot_write_them():
    match, alice, bob = pair(join=False)
    services.match_join(match_id=match.pk, user=bob)
    staff = get_user_model().objects.create_superuser("root", "", "pw-for-the-test")
    client = Client()
    client.force_login(staff)
    listing = client.get("/admin/games/notification/?kind=joined")
    assert listing.status_code == 200 and "bob joined your Reversi match" in listing.content.decode()
    (joined,) = of(alice, Kind.JOINED)
    page = client.get(f"/admin/games/notification/{joined.pk}/change/")
    assert page.status_code == 200 and "bob joined your Reversi match" in page.content.decode()
    assert client.get("/admin/games/notification/add/").status_code == 403
    client.post(f"/admin/games/notification/{joined.pk}/change/", {"text": "changed"})
    assert of(alice, Kind.JOINED)[0].text == "bob joined your Reversi match"
    player = Client()
    player.force_login(alice)
    assert player.get("/admin/games/notification/").status_code == 302  # to the admin's login


def main_of(html: str) -> str:
    """The page's own part (the header's language menu has a button too)."""
    return html.split("<main", 1)[1]
