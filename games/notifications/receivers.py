"""Notifications from what happened in a match, each a subscriber of one kind of event:

- ``joined`` (``PlayerJoined``): someone took a seat in a match you created (not a rematch:
  that is an offer they accept);
- ``turn`` (``MatchStarted``, ``MoveMade``): your turn in a correspondence match (time
  control ``{"days": n}``), unless you are on the match's page right now (you see it there);
- ``ended`` (``MatchEnded``): a match of yours finished ("Reversi vs bob: You won") or was
  aborted;
- ``rematch`` (``RematchOffered``): the other player offers a rematch (it links to it);
- ``tournament`` (``tournaments.events.RoundStarted``): your game of a round begins; and
  (``TournamentCreated``) someone you follow created a tournament you may enter;
- ``invited`` (``games.matches.challenges.events.ChallengeMade``): someone challenged you by name;
- ``declined`` (``games.matches.challenges.events.ChallengeDeclined``): the one you challenged said no;
- ``low_time`` (``ClockLow``): in ``low_time``.

Each notification is keyed by what identifies it in the match (the joiner, the ply, the
rematch's id) and the row is unique on that key (``services.notify``): an event delivered
twice writes one row. New notifications are announced as ``Notified`` (the bell rings) and,
in a correspondence match, the e-mail of a turn or low time is queued (``tasks``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import override

from accounts import language
from accounts.models import Account, Follow
from games.matches import wording
from games.matches.challenges.events import ChallengeDeclined, ChallengeMade
from games.matches.events import MatchEnded, MatchStarted, MoveMade, PlayerJoined, RematchOffered, announce
from games.matches.models import Match
from games.matches.selectors import seat_rows
from games.tournaments.events import RoundStarted, TournamentCreated
from games.tournaments.models import Tournament

from . import services, tasks
from .events import Notified
from .models import Notification

Kind = Notification.Kind


@dataclass(frozen=True)
class Notice:
    """A notification to create (``services.notify``)."""

    user_id: int
    kind: str
    key: str
    text: str
    url: str


def deliver(match: Match, found: list[Notice]) -> list[Notification]:
    """Create each notice that is new; announce ``Notified``; queue the e-mail of those that
    may go by e-mail (in a correspondence match: a realtime one is over before mail is read).
    Returns the notifications created."""
    created = [n for notice in found if (n := services.notify(match=match, **vars(notice))) is not None]
    if created:
        announce(Notified(user_ids=sorted({n.user_id for n in created})))
        if "days" in (match.time_control or {}):  # by e-mail: correspondence only
            for notification in created:
                if notification.kind in services.EMAIL_KINDS:
                    tasks.email_later(notification)
    return created


def _humans(match: Match) -> dict[int, str]:
    return {uid: name for _, _, uid, name in seat_rows(match) if uid is not None}


def on_joined(event: PlayerJoined) -> None:
    """Tell the creator of a match (not of a rematch) who joined it."""
    match, creator = event.match, event.match.created_by_id
    if match.rematch_of_id is not None or creator is None or event.user_id == creator:
        return
    with override(language.for_users([creator])[creator]):
        name = wording.title(match.game, [], creator)
        joiner = _humans(match).get(event.user_id) or _("Someone")
        text = _("%(player)s joined your %(game)s match") % {"player": joiner, "game": name}
    deliver(match, [Notice(creator, Kind.JOINED, str(event.user_id), text, match.get_absolute_url())])


def on_turn(event: MatchStarted | MoveMade) -> None:
    """Your turn in a correspondence match (not for the one whose act made it so)."""
    match, public = event.match, event.public
    if "days" not in (match.time_control or {}) or public["status"] != Match.Status.ACTIVE:
        return
    acting = event.by if isinstance(event, MatchStarted) else event.user_id
    seats = seat_rows(match)
    ids = {name: uid for _, _, uid, name in seats if uid is not None}
    told = [
        uid
        for player in public["players"]
        if (uid := ids.get(player["username"])) is not None
        and uid != acting
        and player["seat"] in public["to_move"]
        and not player["connected"]
    ]
    languages = language.for_users(told)
    found = []
    for uid in told:
        with override(languages[uid]):
            text = _("Your turn in %(title)s") % {"title": wording.title(match.game, seats, uid)}
        found.append(Notice(uid, Kind.TURN, str(public["ply"]), text, public["url"]))
    deliver(match, found)


def on_ended(event: MatchEnded) -> None:
    """Tell each person seated how the match ended (an abort only when two people sat)."""
    match = event.match
    humans = _humans(match)
    if match.status == Match.Status.ABORTED and len(humans) < 2:
        return  # a match you aborted alone: nothing to tell
    seats = seat_rows(match)
    aborted = match.status == Match.Status.ABORTED
    languages = language.for_users(humans)
    found = []
    for uid in humans:
        with override(languages[uid]):
            text = wording.ended(match.game, match.result, seats, uid, aborted=aborted)
        found.append(Notice(uid, Kind.ENDED, "end", text, match.get_absolute_url()))
    deliver(match, found)


def on_rematch(event: RematchOffered) -> None:
    """Tell the others of a finished match that ``by`` offers a rematch (the notice links
    the rematch, whose kept seat they take to accept it)."""
    match, new = event.match, event.rematch
    humans = _humans(match)
    others = [uid for uid in humans if uid != event.by]
    languages = language.for_users(others)
    found = []
    for uid in others:
        with override(languages[uid]):
            text = _("%(player)s offers a rematch of %(title)s") % {
                "player": humans.get(event.by) or _("Your opponent"),
                "title": wording.title(match.game, [], uid),
            }
        found.append(Notice(uid, Kind.REMATCH, new.pk, text, new.get_absolute_url()))
    deliver(match, found)


def on_tournament_created(event: TournamentCreated) -> None:
    """Tell the people following its creator that a tournament they may enter is open."""
    tournament = event.tournament
    creator = tournament.created_by.username if tournament.created_by_id else None
    followers = Follow.objects.filter(followed_id=event.by).values_list("follower_id", flat=True)
    bots = set(Account.objects.filter(user_id__in=followers, bot=True).values_list("user_id", flat=True))
    allowed = {
        Tournament.Entry.ANYONE: lambda uid: True,
        Tournament.Entry.HUMANS: lambda uid: uid not in bots,
        Tournament.Entry.BOTS: lambda uid: uid in bots,
    }[tournament.entry]
    told = [uid for uid in followers if allowed(uid)]
    languages = language.for_users(told)
    texts: dict[str, str] = {}  # by language: the same words for all who read it
    for code in set(languages.values()):
        with override(code):
            texts[code] = _("%(player)s created the tournament %(tournament)s: join it before it starts.") % {
                "player": creator or _("Someone"),
                "tournament": tournament.name,
            }
    created = [
        n
        for uid in told
        if (
            n := services.notify(
                user_id=uid,
                kind=Kind.TOURNAMENT,
                match=None,
                key=f"new{tournament.pk}",
                text=texts[languages[uid]],
                url=f"/t/{tournament.pk}/",
            )
        )
        is not None
    ]
    if created:
        announce(Notified(user_ids=sorted({n.user_id for n in created})))


def on_round_started(event: RoundStarted) -> None:
    """Round N of a tournament begins: tell each person playing this match."""
    languages = language.for_users(event.seats)
    found = []
    for user_id in sorted(event.seats):
        with override(languages[user_id]):
            text = _("Round %(round)s of %(tournament)s begins.") % {
                "round": event.round,
                "tournament": event.tournament.name,
            }
        found.append(
            Notice(user_id, Kind.TOURNAMENT, f"round{event.round}", text, event.match.get_absolute_url())
        )
    deliver(event.match, found)


def on_declined(event: ChallengeDeclined) -> None:
    """Your challenge was declined: its match is called off, you hear who said no."""
    challenge = event.challenge
    match = challenge.match
    with override(language.for_users([challenge.from_user_id])[challenge.from_user_id]):
        text = _("%(player)s declined your challenge to %(game)s") % {
            "player": challenge.to_user.username,
            "game": _(match.rules.name),  # marked by its kit
        }
    url = match.get_absolute_url()
    deliver(match, [Notice(challenge.from_user_id, Notification.Kind.DECLINED, "", text, url)])


def on_challenged(event: ChallengeMade) -> None:
    """You were challenged (invited by name): answer it on your profile."""
    challenge = event.challenge
    match = challenge.match
    with override(language.for_users([challenge.to_user_id])[challenge.to_user_id]):
        text = _("%(player)s challenged you to %(game)s") % {
            "player": challenge.from_user.username,
            "game": _(match.rules.name),  # marked by its kit
        }
    url = f"/u/{challenge.to_user.username}/#challenges"
    deliver(match, [Notice(challenge.to_user_id, Notification.Kind.INVITED, "", text, url)])
