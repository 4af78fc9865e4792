"""Who hears which event, in this order, and what every process sweeps. The one place the
wiring is written down: ``GamesConfig.ready`` calls :func:`connect`, and ``site_config.asgi``
starts the clock watcher with :data:`SWEEPS`.

The order: what people feel first (their sockets), then what the server must do next (the
computer's turn, absence timers, tournament rounds), then what tells people later (the
bell, e-mail). Each subscriber is called once per event of its kind, after the commit, in the
thread that committed (``games.matches.events``).
"""

from __future__ import annotations

from accounts.events import TokenRevoked
from games import leases
from games.autoplay import absence, computer, level_ratings
from games.bible import services as bible_services
from games.matches import events, sweeps
from games.matches.challenges.events import ChallengeDeclined, ChallengeMade
from games.matches.events import (
    ChatHidden,
    ChatSaid,
    ClockLow,
    DrawOffered,
    MatchEnded,
    MatchStarted,
    MoveMade,
    MovesTakenBack,
    PlayerJoined,
    PlayerLeft,
    RematchOffered,
    StateChanged,
)
from games.matches.pairing import matchmaking as pairing
from games.matches.pairing.pools import PoolsChanged
from games.matches.study import computer_analysis
from games.notifications import low_time, receivers
from games.notifications.events import NotificationsRead, Notified
from games.realtime import broadcast, chat_events, events_socket, lobby_events, lobby_push, tournament_push
from games.tournaments import receivers as tournament_receivers
from games.tournaments import services as tournament_services
from games.tournaments.events import RoundStarted, TournamentChanged, TournamentCreated

SUBSCRIPTIONS: list[tuple[type[events.Event], events.Subscriber]] = [
    # the sockets: the match's new state, the lobbies' hints and deltas, the bots' event
    # sockets, the tournament pages
    (StateChanged, broadcast.send_state),
    (StateChanged, lobby_events.send_hints),
    (StateChanged, lobby_push.push_match),
    (ChatSaid, chat_events.send_line),
    (ChatHidden, chat_events.send_hidden),
    (MatchStarted, events_socket.on_match_started),
    (RoundStarted, events_socket.on_round_started),
    (ChallengeMade, events_socket.on_challenge),
    (ChallengeMade, lobby_push.push_challenge),
    (TokenRevoked, events_socket.on_token_revoked),
    (Notified, lobby_events.bell_rings),
    (Notified, lobby_push.push_unread),
    (NotificationsRead, lobby_push.push_unread),
    (PoolsChanged, lobby_events.pools_changed),
    (PoolsChanged, lobby_push.push_pools),
    (TournamentChanged, tournament_push.push_tournament),
    # what the server does next
    (MatchStarted, computer.computer_to_move),
    (MoveMade, computer.computer_to_move),
    (MovesTakenBack, computer.computer_to_move),  # a computer to move in the position restored
    (DrawOffered, computer.computer_answers_draw),
    (MatchStarted, absence.watch_absent),
    (MoveMade, absence.watch_absent),
    (PlayerLeft, absence.watch_absent),
    (MatchEnded, tournament_receivers.on_match_ended),
    # what tells people later: the bell (and e-mail)
    (PlayerJoined, receivers.on_joined),
    (MatchStarted, receivers.on_turn),
    (MoveMade, receivers.on_turn),
    (MatchEnded, receivers.on_ended),
    (RematchOffered, receivers.on_rematch),
    (RoundStarted, receivers.on_round_started),
    (TournamentCreated, receivers.on_tournament_created),
    (ChallengeMade, receivers.on_challenged),
    (ChallengeDeclined, receivers.on_declined),
    (ClockLow, low_time.on_clock_low),
]

# Every process's clock watcher runs these every CLOCK_SWEEP_SECONDS, in order.
SWEEPS = [
    sweeps.end_timed_out,  # clocks that ran out end their match, connected or not
    sweeps.announce_low_clocks,  # "time is running low", once per move
    sweeps.lapse_rematch_offers,  # rematch offers nobody answered are withdrawn
    sweeps.abort_unstarted,  # untimed matches whose first move never came
    pairing.pair_waiting,  # quick pairing, as waiting players' rating gaps widen
    tournament_services.start_due_tournaments,  # and tournament results a stopped process missed
    # long tasks whose worker stopped beating: to the next worker (games.leases)
    leases.every_beat(
        computer_analysis.take_up_lapsed, bible_services.take_up_lapsed, level_ratings.take_up_lapsed
    ),
]


def connect() -> None:
    """Subscribe everything above, once."""
    if not events.subscribed():
        for kind, subscriber in SUBSCRIPTIONS:
            events.subscribe(kind, subscriber)
