"""Chat (issue 25): two rooms per match, who reads and writes which, flood control, mute,
reports, staff bars and the chat-off setting; through the services, then the match socket
(``WebsocketCommunicator``) with players, a spectator and a visitor.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Account
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.selectors import public_of
from games.matches.talking import chat
from games.matches.talking.chat_models import ChatBar, ChatLine, ChatReport
from games.realtime import messages

from .conftest import db, make_user, seat_table, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def refused(reason: str, **kwargs) -> str:
    with pytest.raises(chat.ChatRefused) as err:
        chat.chat_say(**kwargs)
    assert (err.value.code, err.value.reason) == ("chat_refused", reason), err.value.message
    return err.value.message


def test_players_write_in_theirs_spectators_in_theirs_and_read_both():
    match, ann, ben = start_match("reversi", {"size": 6})
    carl = make_user("carl")
    line = chat.chat_say(match_id=match.pk, user=ann, room="players", text="  Good   luck ")
    assert set(line) == {"id", "room", "username", "text", "at"}
    assert (line["room"], line["username"], line["text"]) == ("players", "ann", "Good luck")
    chat.chat_say(match_id=match.pk, user=carl, room="spectators", text="go ben")
    refused("not_your_room", match_id=match.pk, user=carl, room="players", text="hi")
    refused("not_your_room", match_id=match.pk, user=ben, room="spectators", text="hi")
    public = public_of(match.pk)
    assert chat.rooms_read(public, "ann") == {"players"}  # lichess's rule while they play
    assert chat.rooms_read(public, "carl") == chat.rooms_read(public, None) == {"players", "spectators"}
    services.match_resign(match_id=match.pk, user=ben)
    public = public_of(match.pk)
    assert chat.rooms_read(public, "ann") == {"players", "spectators"}  # after the game
    chat.chat_say(match_id=match.pk, user=ben, room="spectators", text="thanks for watching")
    texts = [line["text"] for line in chat.history(match_id=match.pk, rooms={"players", "spectators"})]
    assert texts == ["Good luck", "go ben", "thanks for watching"]


def test_flood_control_length_repeats_and_five_in_ten_seconds():
    match, ann, _ = start_match("reversi", {"size": 6})
    say = {"match_id": match.pk, "user": ann, "room": "players"}
    refused("empty", text="   ", **say)
    refused("too_long", text="x" * 141, **say)
    chat.chat_say(text="x" * 140, **say)
    refused("repeated", text="X" * 140, **say)  # the same line, whatever its case
    for text in ("one", "two", "three"):
        chat.chat_say(text=text, **say)
    assert "4 lines in 10 seconds" in refused("too_fast", text="four", **say)
    ChatLine.objects.update(at=timezone.now() - timedelta(seconds=11))
    chat.chat_say(text="four", **say)


def test_barred_users_and_chat_off_are_refused_and_no_room_for_the_computer():
    match, ann, ben = start_match("reversi", {"size": 6})
    ChatBar.objects.create(user=ann, reason="insults", until=timezone.now() + timedelta(days=3))
    assert "insults" in refused("barred", match_id=match.pk, user=ann, room="players", text="hi")
    Account.objects.create(user=ben, chat=False)
    refused("chat_off", match_id=match.pk, user=ben, room="players", text="hi")
    assert not chat.chat_on(ben)
    dora = make_user("dora")
    solo = services.match_create(
        user=dora, game="reversi", options={"size": 6}, opponent="computer", side=0, level="random"
    )
    refused("not_your_room", match_id=solo.pk, user=dora, room="players", text="hi")
    assert chat.rooms_read(public_of(solo.pk), "dora") == set()
    services.match_resign(match_id=solo.pk, user=dora)  # after the game: still nobody to talk to
    assert chat.rooms_read(public_of(solo.pk), "dora") == set()
    said = refused("not_your_room", match_id=solo.pk, user=dora, room="spectators", text="gg")
    assert "nobody to talk to" in said
    assert chat.rooms_read(public_of(solo.pk), None) == {"spectators"}  # its spectators still talk


def test_journey_allies_share_the_players_room():
    match, ann, ben = start_match("journey", {"players": 2})
    chat.chat_say(match_id=match.pk, user=ben, room="players", text="left path?")
    assert [line["username"] for line in chat.history(match_id=match.pk, rooms={"players"})] == ["ben"]


def test_reports_and_hidden_lines():
    match, ann, ben = start_match("reversi", {"size": 6})
    line = chat.chat_say(match_id=match.pk, user=ann, room="players", text="bad words")
    chat.chat_report(match_id=match.pk, user=ben, line_id=line["id"])
    chat.chat_report(match_id=match.pk, user=ben, line_id=line["id"])  # once per person
    assert ChatReport.objects.filter(line_id=line["id"], by=ben).count() == 1
    ChatLine.objects.filter(pk=line["id"]).update(hidden=True)
    assert chat.history(match_id=match.pk, rooms={"players"}) == []
    with pytest.raises(ServiceError) as err:
        chat.chat_report(match_id=match.pk, user=ben, line_id=line["id"])
    assert err.value.code == "no_chat_line"


def test_the_bar_ending_last_is_told_and_only_the_last_lines_of_this_match_repeat():
    match, ann, ben = start_match("reversi", {"size": 6})
    now = timezone.now()
    ChatBar.objects.create(user=ann, reason="over", until=now - timedelta(minutes=1))
    say = {"match_id": match.pk, "user": ann, "room": "players"}
    chat.chat_say(text="an old bar is over", **say)
    ChatBar.objects.create(user=ann, reason="spam", until=now + timedelta(days=1))
    ChatBar.objects.create(user=ann, reason="insults", until=now + timedelta(days=7))
    message = refused("barred", text="hi", **say)
    assert "insults" in message and (now + timedelta(days=7)).strftime("%Y-%m-%d %H:%M UTC") in message
    ChatBar.objects.all().delete()
    other, _, _ = start_match("reversi", {"size": 6}, names=("cid", "dee"))
    chat.chat_say(match_id=other.pk, user=ann, room="spectators", text="two")  # in another match
    chat.chat_say(match_id=match.pk, user=ben, room="players", text="three")  # someone else's
    ChatLine.objects.update(at=timezone.now() - timedelta(seconds=11))  # out of the window
    for text in ("two", "three", "four"):
        chat.chat_say(text=text, **say)
    chat.chat_say(text="An old bar is over", **say)  # the fourth line back: no longer "just now"
    refused("repeated", text="THREE", **say)  # (also a fifth in 10 s: a repeat is told first)
    refused("too_fast", text="five", **say)
    with pytest.raises(ServiceError) as err:
        chat.chat_say(match_id="nosuchmatch", user=ann, room="players", text="hi")
    assert err.value.code == "not_found"


def test_a_line_is_stored_as_the_orm_stores_it():
    match, ann, _ = start_match("reversi", {"size": 6})
    line = chat.chat_say(match_id=match.pk, user=ann, room="players", text="stored")
    row = ChatLine.objects.get(pk=line["id"])
    assert (row.match_id, row.room, row.user_id, row.text, row.hidden) == (
        match.pk,
        "players",
        ann.pk,
        "stored",
        False,
    )
    assert row.at.isoformat() == line["at"]
    assert chat.history(match_id=match.pk, rooms={"players"}) == [line]


def test_a_line_costs_two_statements_besides_begin_and_commit():
    """The facts the rules ask about in one SELECT, then the INSERT (on PostgreSQL the user's
    row is locked first); nothing else is read to announce it."""
    match, ann, _ = start_match("reversi", {"size": 6})
    with CaptureQueriesContext(connection) as queries:
        chat.chat_say(match_id=match.pk, user=ann, room="players", text="cheap")
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    besides = [s for s in statements if s not in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")]
    lock = ["SELECT"] if connection.features.has_select_for_update else []
    assert besides == [*lock, "SELECT", "INSERT"], statements


def test_parse_chat_messages():
    assert messages.parse({"type": "chat", "room": "players", "text": "hi"}) == messages.Chat("players", "hi")
    assert messages.parse({"type": "chat_mute", "mute": True}) == messages.MuteChat(True)
    assert messages.parse({"type": "chat_report", "id": 3}) == messages.ReportChat(3)
    for bad in (
        {"type": "chat", "room": "all", "text": "hi"},
        {"type": "chat", "room": "players", "text": 3},
        {"type": "chat", "room": "players"},
        {"type": "chat_mute", "mute": 1},
        {"type": "chat_report", "id": "3"},
    ):
        with pytest.raises(messages.BadMessage):
            messages.parse(bad)


# -- the match socket ---------------------------------------------------------------------
async def chat_frame(client, kind: str = "chat") -> dict:
    message = await client.recv()
    assert message["type"] == kind, message
    return message


async def test_lines_reach_who_reads_their_room_and_history_on_connect(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    carl = await db(make_user)("carl")
    spectator = await sockets.connect(table.id, carl)
    visitor = await sockets.connect(table.id, AnonymousUser())
    await spectator.ping()  # their connect is over: no history (nothing said yet)
    await visitor.ping()
    await table.sa.send({"type": "chat", "room": "players", "text": "Hello"})
    for client in (table.sa, table.sb, spectator, visitor):
        line = (await chat_frame(client))["line"]
        assert (line["room"], line["username"], line["text"]) == ("players", "ann", "Hello")
    await spectator.send({"type": "chat", "room": "spectators", "text": "nice"})
    assert (await chat_frame(spectator))["line"]["text"] == "nice"
    assert (await chat_frame(visitor))["line"]["text"] == "nice"
    await table.sa.quiet()  # players do not hear the spectators while they play
    await table.sb.quiet()
    late = await sockets.connect(table.id, table.ben)
    assert [line["text"] for line in (await chat_frame(late, "chat_history"))["lines"]] == ["Hello"]
    watcher = await sockets.connect(table.id, AnonymousUser())
    lines = (await chat_frame(watcher, "chat_history"))["lines"]
    assert [line["text"] for line in lines] == ["Hello", "nice"]


async def test_refusals_keep_the_socket_open(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    visitor = await sockets.connect(table.id, AnonymousUser())
    for client, frame, reason in (
        (table.sa, {"type": "chat", "room": "players", "text": "y" * 141}, "too_long"),
        (table.sa, {"type": "chat", "room": "spectators", "text": "hi"}, "not_your_room"),
        (visitor, {"type": "chat", "room": "spectators", "text": "hi"}, "log_in"),
    ):
        await client.send(frame)
        refusal = await chat_frame(client, "chat_refused")
        assert refusal["reason"] == reason and refusal["message"], refusal
        await client.ping()
    await table.sa.send({"type": "chat", "room": "loud", "text": "hi"})
    assert (await table.sa.recv())["code"] == "bad_message"
    await table.sa.recv_state()
    await table.sa.refused({"type": "chat_report", "id": 999}, "no_chat_line")


async def test_a_player_mutes_the_other_side_and_sees_the_spectators_after_the_game(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    await table.sa.send({"type": "chat", "room": "players", "text": "gl"})
    await chat_frame(table.sa)
    await chat_frame(table.sb)
    await table.sb.send({"type": "chat_mute", "mute": True})
    assert (await chat_frame(table.sb, "chat_history"))["lines"] == []
    await table.sa.send({"type": "chat", "room": "players", "text": "still there?"})
    await chat_frame(table.sa)
    await table.sb.quiet()
    carl = await db(make_user)("carl")
    spectator = await sockets.connect(table.id, carl)
    await chat_frame(spectator, "chat_history")
    await spectator.send({"type": "chat", "room": "spectators", "text": "wp"})
    await chat_frame(spectator)
    await table.sa.send({"type": "resign"})
    assert (await table.sa.recv_state())["status"] == "aborted"  # before any move: over all the same
    history = await chat_frame(table.sa, "chat_history")
    assert [line["text"] for line in history["lines"]] == ["gl", "still there?", "wp"]


async def test_a_line_staff_hide_leaves_the_open_sockets(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    visitor = await sockets.connect(table.id, AnonymousUser())
    await visitor.ping()
    await table.sa.send({"type": "chat", "room": "players", "text": "rude"})
    line = (await chat_frame(table.sa))["line"]
    await chat_frame(table.sb)
    await chat_frame(visitor)
    assert await db(chat.chat_hide)(line_ids=[line["id"], line["id"]]) == 1
    for client in (table.sa, table.sb, visitor):
        assert (await chat_frame(client, "chat_hidden"))["ids"] == [line["id"]]
    assert await db(chat.chat_hide)(line_ids=[line["id"]]) == 0  # hidden once: nothing sent again
    await table.sa.quiet()
    late = await sockets.connect(table.id, AnonymousUser())
    await late.ping()  # its history: nothing shown, so no frame


# -- the pages ----------------------------------------------------------------------------
def test_the_match_page_has_the_chat_card_and_the_profile_turns_chat_off(client):
    match, ann, _ = start_match("reversi", {"size": 6})
    client.force_login(ann)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert 'id="chat"' in page and 'data-chat-on="1"' in page and "Rematch?" in page
    assert 'name="chat" value="on" checked' in client.get(f"/u/{ann.username}/").content.decode()
    client.post("/accounts/chat/", {})  # the box unticked: off
    assert not chat.chat_on(ann)
    assert 'data-chat-on="0"' in client.get(f"/m/{match.pk}/").content.decode()
    client.post("/accounts/chat/", {"chat": "on"})
    assert chat.chat_on(ann)


def test_staff_see_reported_lines_and_hide_them(admin_client):
    match, ann, ben = start_match("reversi", {"size": 6})
    line = chat.chat_say(match_id=match.pk, user=ann, room="players", text="rude")
    chat.chat_report(match_id=match.pk, user=ben, line_id=line["id"])
    listing = admin_client.get("/admin/games/chatline/?reports__isempty=0").content.decode()
    assert "rude" in listing
    admin_client.post("/admin/games/chatline/", {"action": "hide_lines", "_selected_action": [line["id"]]})
    assert ChatLine.objects.get(pk=line["id"]).hidden
    assert admin_client.get("/admin/games/chatbar/add/").status_code == 200


def test_the_replay_shows_the_players_room_only(client):
    match, ann, ben = start_match("reversi", {"size": 6})
    chat.chat_say(match_id=match.pk, user=ann, room="players", text="good luck ben")
    chat.chat_say(match_id=match.pk, user=make_user("carl"), room="spectators", text="carl watching")
    first = client.get(f"/r/{match.replay_slug}/")
    page = first.content.decode()
    assert "good luck ben" in page and "carl watching" not in page
    chat.chat_say(match_id=match.pk, user=ben, room="players", text="thanks")
    again = client.get(f"/r/{match.replay_slug}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and "thanks" in again.content.decode()  # a new line: a new page
