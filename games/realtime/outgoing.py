"""Every message the server sends to a client, on its four sockets, and their one encoder.

The match socket (``/ws/matches/<id>/``), the lobby socket (``/ws/lobby/``), the event
socket (``/ws/events/``) and the tournament socket (``/ws/tournaments/<id>/``) send only the
frames below (``messages`` holds what clients send).
Each is a small frozen dataclass whose fields are the frame's keys, ``type`` first;
:func:`encode` turns one into its JSON text with orjson, which serialises dataclasses
natively: no per-frame validation, no conversion to a dict on the way. ``SENT_ON`` says which
socket sends which, and ``ERROR_CODES`` lists the codes of ``error``;
``tests/architecture/test_protocol_doc.py`` checks both against ``docs/protocol.md``, the
contract that clients depend on (fields may be added there, never renamed or removed).

>>> encode(Error("stale_ply", "Someone moved first."))
'{"type":"error","code":"stale_ply","message":"Someone moved first."}'
>>> encode(MatchStarted(MatchLink.of("ab12", "reversi", 1)))
'{"type":"match_started","match":{"id":"ab12","game":"reversi","url":"/m/ab12/","ws_url":"/ws/matches/ab12/","you":1}}'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

import orjson

MATCH_SOCKET = "/ws/matches/<id>/"
LOBBY_SOCKET = "/ws/lobby/"
EVENTS_SOCKET = "/ws/events/"
TOURNAMENT_SOCKET = "/ws/tournaments/<id>/"
PUZZLE_SOCKET = "/ws/puzzles/"

# The codes of ``error``. The lobby and event sockets only ever send the first two;
# the others answer the match socket's extension messages.
ErrorCode = Literal[
    "bad_message",
    "rate_limited",
    "not_a_player",
    "not_your_turn",
    "stale_ply",
    "illegal_move",
    "match_over",
    "cannot_abort",
    "cannot_claim",
    "cannot_offer_draw",
    "no_draw_offer",
    "cannot_take_back",
    "no_takeback_offer",
    "no_chat_line",
]
ERROR_CODES: frozenset[str] = frozenset(get_args(ErrorCode))

# ``type`` is a field (not a ClassVar) so that orjson writes it; ``init=False`` keeps it out
# of the constructor, and declared first it comes first in the frame, as it always has.


@dataclass(frozen=True, slots=True)
class State:
    """Match socket: the match as this viewer sees it (on connect, after a change or a refusal)."""

    type: Literal["state"] = field(default="state", init=False)
    match: dict[str, Any]  # selectors.for_seat's match object


@dataclass(frozen=True, slots=True)
class MoveList:
    """Match socket, to a client keeping the move list (``?moves=1``): the list whole, as of
    ``ply`` (on connect, after the first state and its chat history; again only if the socket
    missed a change of it). Each later change rides on its ``state`` (:func:`with_fields`:
    ``moves_added`` or ``moves_taken_back``), one frame a change as for any client."""

    type: Literal["move_list"] = field(default="move_list", init=False)
    ply: int
    moves: list[dict[str, Any]]  # {"ply", "seat", "forced", "label"}, the moves in play
    takebacks: list[dict[str, Any]]  # {"ply", "by", "after", "moves"}, oldest first


@dataclass(frozen=True, slots=True)
class Error:
    """Every socket: why the client's last frame was refused, to that socket only."""

    type: Literal["error"] = field(default="error", init=False)
    code: ErrorCode
    message: str  # for people: clients decide by ``code``


@dataclass(frozen=True, slots=True)
class Pong:
    """Every socket: the answer to the client's ``ping``."""

    type: Literal["pong"] = field(default="pong", init=False)


@dataclass(frozen=True, slots=True)
class Lobby:
    """Lobby socket: these sections of the lobby page changed (``open``, ``mine``, ...)."""

    type: Literal["lobby"] = field(default="lobby", init=False)
    changed: list[str]


# The lobby socket's pushed frames (``?push=lobby``: the lobby page; ``?push=bell``: ``unread``
# only), built by ``lobby_push`` and ``lobby_rows``: each row carries its fields and ``html``.


@dataclass(frozen=True, slots=True)
class LobbySnapshot:
    """Lobby socket (``?push=lobby``), on connect: everything the lobby shows this visitor."""

    type: Literal["lobby_snapshot"] = field(default="lobby_snapshot", init=False)
    open: list[dict[str, Any]]  # lobby_rows.open_row
    mine: list[dict[str, Any]]  # lobby_rows.my_row
    finished: list[dict[str, Any]]  # lobby_rows.finished_row
    challenges: list[dict[str, Any]]  # lobby_rows.challenge_rows
    following: list[dict[str, Any]]  # lobby_rows.person_rows
    pools: dict[str, Any]  # {"pools": [{"key", "waiting", "playing"}], "mine": {"waiting", "match"}}
    unread: int | None  # None: logged out


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """Lobby socket (``?push=lobby``): a listed match waiting for players, new or changed."""

    type: Literal["open_seat"] = field(default="open_seat", init=False)
    seat: dict[str, Any]


@dataclass(frozen=True, slots=True)
class OpenSeatClosed:
    """Lobby socket (``?push=lobby``): this match is no longer an open seat for you."""

    type: Literal["open_seat_closed"] = field(default="open_seat_closed", init=False)
    id: str


@dataclass(frozen=True, slots=True)
class MyMatch:
    """Lobby socket (``?push=lobby``): one of your ongoing matches, new or changed."""

    type: Literal["my_match"] = field(default="my_match", init=False)
    match: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MyMatchOver:
    """Lobby socket (``?push=lobby``): this match of yours is over (finished or aborted)."""

    type: Literal["my_match_over"] = field(default="my_match_over", init=False)
    id: str


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """Lobby socket (``?push=lobby``): a match you may see finished (worded for you)."""

    type: Literal["finished_match"] = field(default="finished_match", init=False)
    match: dict[str, Any]


@dataclass(frozen=True, slots=True)
class PoolCounts:
    """Lobby socket (``?push=lobby``): these quick-pairing pools' counts changed."""

    type: Literal["pool_counts"] = field(default="pool_counts", init=False)
    pools: list[dict[str, Any]]  # {"key", "waiting", "playing"}


@dataclass(frozen=True, slots=True)
class PoolPlace:
    """Lobby socket (``?push=lobby``): you were paired in a pool (``mine`` as ``GET /api/pools/``)."""

    type: Literal["pool_place"] = field(default="pool_place", init=False)
    mine: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Challenges:
    """Lobby socket (``?push=lobby``): the open challenges to you, all of them, after a change."""

    type: Literal["challenges"] = field(default="challenges", init=False)
    challenges: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Following:
    """Lobby socket (``?push=lobby``): the people you follow, all of them, after one of them
    started or ended a match that is not private."""

    type: Literal["following"] = field(default="following", init=False)
    people: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Checked:
    """Puzzle socket: the answer to a ``check``, the one the POST of that check would give
    (``status`` its HTTP status, ``answer`` its JSON: the verdict, or ``error``, ``message``
    and ``field``), for the puzzle named as the check named it."""

    type: Literal["checked"] = field(default="checked", init=False)
    game: Any
    id: Any
    status: int
    answer: dict[str, Any]


@dataclass(frozen=True, slots=True)
class NextPuzzle:
    """Puzzle socket: the next puzzle a ``next`` asked for: its link (``url``), its page's
    ``title``, its side card (``side``, HTML) and ``data`` (the page's ``puzzle-data``). With
    no puzzle to send here (none left, a visitor's session gone), only ``url``, the page to
    open instead (the others null)."""

    type: Literal["puzzle"] = field(default="puzzle", init=False)
    game: str
    url: str
    title: str | None
    side: str | None
    data: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class Unread:
    """Lobby socket (``?push=lobby`` and ``?push=bell``) and match socket (``?bell=1``): your
    unread notifications, counted."""

    type: Literal["unread"] = field(default="unread", init=False)
    unread: int


@dataclass(frozen=True, slots=True)
class Tournament:
    """Tournament socket: the tournament as ``GET /api/tournaments/<id>/`` (on connect, after a change)."""

    type: Literal["tournament"] = field(default="tournament", init=False)
    tournament: dict[str, Any]  # tournaments.selectors.tournament_json


@dataclass(frozen=True, slots=True)
class Challenge:
    """Event socket, the bell (``?push=bell``) and match socket (``?bell=1``): someone
    challenged you."""

    type: Literal["challenge"] = field(default="challenge", init=False)
    challenge: dict[str, Any]  # games.matches.challenges.selectors.challenge_json


@dataclass(frozen=True, slots=True)
class MatchLink:
    """Not a message: a match of yours in ``match_started`` and ``tournament_round``."""

    id: str
    game: str
    url: str
    ws_url: str
    you: int  # your seat

    @classmethod
    def of(cls, match_id: str, game: str, seat: int) -> MatchLink:
        """The link to match ``match_id`` of ``game`` for the player in ``seat``."""
        return cls(match_id, game, f"/m/{match_id}/", f"/ws/matches/{match_id}/", seat)


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """Event socket: a match you sit in has started."""

    type: Literal["match_started"] = field(default="match_started", init=False)
    match: MatchLink


@dataclass(frozen=True, slots=True)
class TournamentLink:
    """Not a message: the tournament of ``tournament_round``."""

    id: int
    name: str
    round: int  # the round that began
    url: str


@dataclass(frozen=True, slots=True)
class TournamentRound:
    """Event socket: a round of a tournament you play in began; ``match`` is your game."""

    type: Literal["tournament_round"] = field(default="tournament_round", init=False)
    tournament: TournamentLink
    match: MatchLink


@dataclass(frozen=True, slots=True)
class Chat:
    """Match socket: a line said in a room this viewer reads."""

    type: Literal["chat"] = field(default="chat", init=False)
    line: dict[str, Any]  # {"id", "room", "username", "text", "at"}


@dataclass(frozen=True, slots=True)
class ChatHistory:
    """Match socket: the last 50 lines of each room this viewer reads (on connect)."""

    type: Literal["chat_history"] = field(default="chat_history", init=False)
    lines: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class ChatRefused:
    """Match socket: this socket's chat line was refused (``reason``: a code, ``message``: why)."""

    type: Literal["chat_refused"] = field(default="chat_refused", init=False)
    reason: str
    message: str


@dataclass(frozen=True, slots=True)
class ChatHidden:
    """Match socket: staff hid these lines (``ids``); they are no longer shown."""

    type: Literal["chat_hidden"] = field(default="chat_hidden", init=False)
    ids: list[int]


Message = (
    State
    | MoveList
    | Error
    | Pong
    | Lobby
    | Challenge
    | MatchStarted
    | TournamentRound
    | Chat
    | ChatHistory
    | ChatRefused
    | ChatHidden
    | LobbySnapshot
    | OpenSeat
    | OpenSeatClosed
    | MyMatch
    | MyMatchOver
    | FinishedMatch
    | PoolCounts
    | PoolPlace
    | Challenges
    | Following
    | Unread
    | Tournament
    | Checked
    | NextPuzzle
)

# Which socket sends which message (docs/protocol.md has a "Server to client" part for each).
SENT_ON: dict[str, tuple[type[Message], ...]] = {
    MATCH_SOCKET: (
        State,
        MoveList,
        Error,
        Pong,
        Chat,
        ChatHistory,
        ChatRefused,
        ChatHidden,
        Unread,  # this and the next on ?bell=1: the socket carries its page's header bell
        Challenge,
    ),
    LOBBY_SOCKET: (
        Lobby,
        Error,
        Pong,
        LobbySnapshot,
        OpenSeat,
        OpenSeatClosed,
        MyMatch,
        MyMatchOver,
        FinishedMatch,
        PoolCounts,
        PoolPlace,
        Challenges,
        Following,
        Unread,
        Challenge,  # on ?push=bell: someone challenged you (the page shows it at once)
    ),
    EVENTS_SOCKET: (Challenge, MatchStarted, TournamentRound, Error, Pong),
    TOURNAMENT_SOCKET: (Tournament, Error, Pong),
    PUZZLE_SOCKET: (Checked, NextPuzzle, Error, Pong, Unread, Challenge),  # the last two: on ?bell=1
}


def type_of(message_class: type[Message]) -> str:
    """The ``type`` that a message class writes, e.g. ``"state"`` for :class:`State`."""
    return message_class.__dataclass_fields__["type"].default


def encode(message: Message) -> str:
    """The JSON text of one frame (orjson: compact, UTF-8, dataclasses as objects)."""
    return orjson.dumps(message).decode()


def line_fields(change: dict[str, Any]) -> str:
    """The fields a ``state`` gains for a client keeping the move list, as JSON text made
    once for every socket: ``moves_added`` (``{"moves": [...]}``) or ``moves_taken_back``
    (``{"takeback": <mark>}``).

    >>> line_fields({"moves": [{"ply": 3, "seat": 0, "forced": False, "label": "D3"}]})
    ',"moves_added":[{"ply":3,"seat":0,"forced":false,"label":"D3"}]'
    """
    if "takeback" in change:
        return ',"moves_taken_back":' + orjson.dumps(change["takeback"]).decode()
    return ',"moves_added":' + orjson.dumps(change["moves"]).decode()


def with_fields(frame: str, fields: str) -> str:
    """``frame`` (a frame's JSON text, an object) with ``fields`` (``line_fields``) added."""
    return f"{frame[:-1]}{fields}}}" if fields else frame
