"""A player to move who left: after ABANDON_SECONDS (realtime clock) or
ABANDON_UNTIMED_SECONDS (untimed) the others may claim the match, as a victory or a draw;
the claim is gone when that player comes back; correspondence matches leave it to the clock
and The Journey to its skip of an absent warrior. Over the socket too."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser

from games.matches import presence, services
from games.matches.errors import ServiceError
from games.matches.models import Match, Presence
from games.notifications.models import Notification

from .conftest import db, fresh, make_user, presence_rewritten, seat_table, start_match
from .test_selectors import view

pytestmark = pytest.mark.django_db(transaction=True)


def seated(clock=None, game="reversi", options=None, names=("ann", "ben")):
    ann, ben = (make_user(n) for n in names)
    match = services.match_create(
        user=ann, game=game, options=options or {"size": 6}, opponent="invite", side=0, clock=clock
    )
    services.match_join(match_id=match.pk, user=ben)
    return fresh(match), ann, ben


def leaves(match: Match, user, seconds_ago: float) -> None:
    """``user`` opened the match and left ``seconds_ago``."""
    channel = f"test.{user.username}"
    presence.join(match_id=match.pk, user=user, channel_name=channel)
    presence.leave(match_id=match.pk, channel_name=channel)
    when = Presence.objects.get(channel_name=channel).left_at - timedelta(seconds=seconds_ago)
    Presence.objects.filter(channel_name=channel).update(left_at=when, seen_at=when)
    presence_rewritten(match.pk)


def refused_claim(match: Match, user, draw: bool = False) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        services.match_claim(match_id=match.pk, user=user, draw=draw)
    assert refused.value.code == "cannot_claim" and refused.value.status == 409
    assert fresh(match).status == Match.Status.ACTIVE
    return refused.value


def test_untimed_the_opponent_to_move_gone_two_minutes_can_be_claimed(settings):
    match, ann, ben = seated()  # ann (seat 0) is to move
    leaves(match, ann, settings.ABANDON_UNTIMED_SECONDS - 5)
    claim_at = datetime.fromisoformat(view(match, ben)["claim_at"])
    left = Presence.objects.get(match=match, user=ann).left_at
    assert abs((claim_at - left).total_seconds() - settings.ABANDON_UNTIMED_SECONDS) < 0.01
    assert "You may claim from" in refused_claim(match, ben).message
    leaves(match, ann, settings.ABANDON_UNTIMED_SECONDS + 1)
    services.match_claim(match_id=match.pk, user=ben)
    result = fresh(match).result
    assert (result["winner"], result["reason"], result["abandoned"], result["draw"]) == (
        1,
        "abandoned",
        [0],
        False,
    )
    assert fresh(match).status == Match.Status.FINISHED and view(match, ben)["claim_at"] is None


def test_a_draw_may_be_claimed_instead(settings):
    match, ann, ben = seated({"initial": 300, "increment": 0})
    leaves(match, ann, settings.ABANDON_SECONDS + 1)  # realtime: 30 s
    services.match_claim(match_id=match.pk, user=ben, draw=True)
    match = fresh(match)
    assert (match.result["winner"], match.result["draw"], match.result["reason"]) == (None, True, "abandoned")
    assert match.deadline is None  # the clocks stopped


@pytest.mark.parametrize("draw", [False, True])
def test_a_claimed_match_says_who_left(settings, draw):
    """The notifications (and the lobby and profile, with the same words) name who left, as
    the live page does; the reason needs no more words (``result.reason_text`` "")."""
    match, ann, ben = seated()
    leaves(match, ann, settings.ABANDON_UNTIMED_SECONDS + 1)
    services.match_claim(match_id=match.pk, user=ben, draw=draw)
    ended = Notification.objects.filter(match=match, kind=Notification.Kind.ENDED)
    assert {n.user.username: n.text for n in ended} == {
        "ann": f"Reversi vs ben: You left the game — {'a draw' if draw else 'ben won'}",
        "ben": f"Reversi vs ann: ann left the game — {'a draw' if draw else 'you won'}",
    }
    assert view(match, ben)["result"]["reason_text"] == ""


def test_no_claim_while_the_player_to_move_is_here_or_came_back(settings):
    match, ann, ben = seated()
    refused_claim(match, ben)  # never left
    leaves(match, ann, settings.ABANDON_UNTIMED_SECONDS + 60)
    presence.join(match_id=match.pk, user=ann, channel_name="test.back")  # back first
    assert view(match, ben)["claim_at"] is None
    refused_claim(match, ben)
    refused_claim(match, ann)  # and nobody claims against the player who is not to move


def test_only_the_other_players_claim_and_not_against_the_waiting_player(settings):
    match, ann, ben = seated()
    leaves(match, ben, settings.ABANDON_UNTIMED_SECONDS + 60)  # ben left, but ann is to move
    refused_claim(match, ann)
    leaves(match, ann, settings.ABANDON_UNTIMED_SECONDS + 60)
    with pytest.raises(ServiceError) as refused:
        services.match_claim(match_id=match.pk, user=make_user("carl"))
    assert refused.value.code == "not_a_player"


def test_correspondence_leaves_it_to_the_clock_and_the_journey_to_its_skip(settings):
    match, ann, ben = seated({"days": 3})
    leaves(match, ann, 10 * 86_400)
    assert view(match, ben)["claim_at"] is None
    refused_claim(match, ben)
    journey, cat, dan = seated(
        game="journey", options={"mode": "alliance", "players": 2}, names=("cat", "dan")
    )
    to_move = journey.rules.to_move(journey.state)[0]
    gone, other = (cat, dan) if to_move == 0 else (dan, cat)
    leaves(journey, gone, settings.ABANDON_UNTIMED_SECONDS + 60)
    refused_claim(journey, other)


async def test_claim_victory_over_the_socket(settings, sockets):
    table = await seat_table(sockets)  # both connected; ann (seat 0) to move
    await sockets.close(table.sa)
    await table.sb.recv_state()
    state = await table.sb.refused({"type": "claim_victory"}, "cannot_claim")
    assert state["claim_at"] is not None and state["status"] == "active"

    def long_gone() -> None:
        when = Presence.objects.get(match_id=table.id, user=table.ann).left_at - timedelta(seconds=121)
        Presence.objects.filter(match_id=table.id, user=table.ann).update(left_at=when, seen_at=when)
        presence_rewritten(table.id)

    await db(long_gone)()
    await table.sb.send({"type": "claim_victory"})
    end = await table.sb.recv_state()
    assert (end["status"], end["result"]["winner"], end["result"]["reason"]) == ("finished", 1, "abandoned")
    watcher = await sockets.connect(table.id, AnonymousUser())
    assert watcher.state["result"]["abandoned"] == [0]


def test_claim_draw_parses_and_unknown_claims_do_not():
    from games.realtime.messages import BadMessage, ClaimDraw, ClaimVictory, parse

    assert parse({"type": "claim_victory"}) == ClaimVictory()
    assert parse({"type": "claim_draw"}) == ClaimDraw()
    with pytest.raises(BadMessage):
        parse({"type": "claim_defeat"})


def test_every_match_object_has_claim_at():
    match, ann, _ = start_match()
    assert view(match, ann)["claim_at"] is None
