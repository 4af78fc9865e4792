"""docs/protocol.md, the contract clients depend on, documents exactly the socket messages of
the code: the server-to-client ones of ``games/realtime/outgoing.py`` (per socket, with their
fields and the match socket's error codes) and the client-to-server ones of
``games/realtime/messages.py``; and each outgoing message encodes as the frame it has always
been.

The document is read as it is written: each socket has a section ``## WebSocket `<path>` ``
with the parts ``### Server to client`` and ``### Client to server``; a message type is
written ``"type": "<name>"`` (in a code block or inline), a field ``"<name>"``, and the error
codes are the rows ``| `<code>` | ... |`` of the match socket's table.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

import orjson
import pytest

from games.realtime import messages, outgoing

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
TYPE = re.compile(r'"type":\s*"([a-z_]+)"')
CODE_ROW = re.compile(r"^\| `([a-z_]+)` \|", re.M)
SERVER, CLIENT = "Server to client", "Client to server"

# What clients send on each socket: the lobby, event and tournament sockets take a ping only,
# the puzzle socket a check and a next too.
CLIENT_TYPES = {
    outgoing.MATCH_SOCKET: messages.TYPES,
    outgoing.LOBBY_SOCKET: frozenset({"ping"}),
    outgoing.EVENTS_SOCKET: frozenset({"ping"}),
    outgoing.TOURNAMENT_SOCKET: frozenset({"ping"}),
    outgoing.PUZZLE_SOCKET: frozenset({"check", "next", "ping"}),
}


def socket_sections() -> dict[str, dict[str, str]]:
    """Each ``## WebSocket `<path>` `` section of the document: its path -> its ``###``
    parts (title -> text); the text before the first part is under ``""``."""
    found = {}
    for chunk in re.split(r"^## ", DOC.read_text(), flags=re.M)[1:]:
        heading, _, body = chunk.partition("\n")
        if not (path := re.match(r"WebSocket `(/ws/[^`]+)`", heading)):
            continue
        pieces = re.split(r"^### ", body, flags=re.M)
        parts = {"": pieces[0]}
        for piece in pieces[1:]:
            title, _, text = piece.partition("\n")
            parts[title.strip()] = text
        found[path.group(1)] = parts
    return found


SECTIONS = socket_sections()


def server_types(socket: str) -> set[str]:
    return {outgoing.type_of(cls) for cls in outgoing.SENT_ON[socket]}


def field_names(cls: type) -> set[str]:
    """A message's keys, those of the objects nested in it (``MatchLink``...) included."""
    hints = typing.get_type_hints(cls)
    names = set()
    for f in dataclasses.fields(cls):
        names.add(f.name)
        if dataclasses.is_dataclass(hints[f.name]):
            names |= field_names(hints[f.name])
    return names


def test_the_document_has_a_section_for_each_socket_with_both_parts() -> None:
    assert set(SECTIONS) == set(outgoing.SENT_ON)
    for socket, parts in SECTIONS.items():
        assert {SERVER, CLIENT} <= set(parts), socket


def test_every_message_is_sent_on_some_socket_under_its_own_type() -> None:
    sent = {cls for classes in outgoing.SENT_ON.values() for cls in classes}
    assert sent == set(typing.get_args(outgoing.Message))
    assert len({outgoing.type_of(cls) for cls in sent}) == len(sent)
    # One type both ways, as issue 25 asks: a client's "chat" line comes back to everyone as "chat".
    assert {outgoing.type_of(cls) for cls in sent} & messages.TYPES == {"chat"}


@pytest.mark.parametrize("socket", list(outgoing.SENT_ON))
def test_server_to_client_lists_exactly_the_outgoing_types(socket: str) -> None:
    documented = set(TYPE.findall(SECTIONS[socket][SERVER]))
    assert documented == server_types(socket), (
        f"{socket}: documented but not in outgoing.py: {documented - server_types(socket)}; "
        f"sent but not documented: {server_types(socket) - documented}"
    )


@pytest.mark.parametrize("socket", list(outgoing.SENT_ON))
def test_every_field_of_an_outgoing_message_is_documented(socket: str) -> None:
    text = SECTIONS[socket][SERVER]
    for cls in outgoing.SENT_ON[socket]:
        missing = {name for name in field_names(cls) if f'"{name}"' not in text}
        assert not missing, f"{socket}: {outgoing.type_of(cls)}'s fields {missing} are not documented"


@pytest.mark.parametrize("socket", list(outgoing.SENT_ON))
def test_client_to_server_lists_exactly_the_parsed_types(socket: str) -> None:
    """The client part names every client message; any other type it names (``pong`` in
    "the server answers ...") is one the socket sends. So is every type of the section."""
    client = CLIENT_TYPES[socket]
    assert client <= set(TYPE.findall(SECTIONS[socket][CLIENT])), socket
    named = {kind for text in SECTIONS[socket].values() for kind in TYPE.findall(text)}
    assert named - client - server_types(socket) == set(), socket


def test_the_match_socket_error_codes_are_the_documented_ones() -> None:
    documented = set(CODE_ROW.findall(SECTIONS[outgoing.MATCH_SOCKET][SERVER]))
    assert documented == outgoing.ERROR_CODES


LINK = outgoing.MatchLink.of("ab", "reversi", 1)
LINK_FRAME = {"id": "ab", "game": "reversi", "url": "/m/ab/", "ws_url": "/ws/matches/ab/", "you": 1}
ROUND = outgoing.TournamentLink(3, "Cup", 2, "/t/3/")
ROUND_FRAME = {"id": 3, "name": "Cup", "round": 2, "url": "/t/3/"}
TRIED = {"error": "already_tried", "message": "Tried.", "field": "again"}


@pytest.mark.parametrize(
    ("message", "frame"),
    [
        (outgoing.State({"id": "ab"}), {"type": "state", "match": {"id": "ab"}}),
        (outgoing.Error("stale_ply", "Late."), {"type": "error", "code": "stale_ply", "message": "Late."}),
        (outgoing.Pong(), {"type": "pong"}),
        (outgoing.Lobby(["mine", "finished"]), {"type": "lobby", "changed": ["mine", "finished"]}),
        (outgoing.Challenge({"id": 7}), {"type": "challenge", "challenge": {"id": 7}}),
        (outgoing.MatchStarted(LINK), {"type": "match_started", "match": LINK_FRAME}),
        (
            outgoing.TournamentRound(ROUND, LINK),
            {"type": "tournament_round", "tournament": ROUND_FRAME, "match": LINK_FRAME},
        ),
        # (added) the pushed lobby and the tournament page
        (outgoing.OpenSeatClosed("ab"), {"type": "open_seat_closed", "id": "ab"}),
        (outgoing.MyMatchOver("ab"), {"type": "my_match_over", "id": "ab"}),
        (outgoing.Unread(2), {"type": "unread", "unread": 2}),
        (
            outgoing.PoolCounts([{"key": "k", "waiting": 1, "playing": 0}]),
            {"type": "pool_counts", "pools": [{"key": "k", "waiting": 1, "playing": 0}]},
        ),
        (outgoing.Tournament({"id": 3}), {"type": "tournament", "tournament": {"id": 3}}),
        (
            outgoing.Checked("gomoku", 5, 409, TRIED),
            {"type": "checked", "game": "gomoku", "id": 5, "status": 409, "answer": TRIED},
        ),
    ],
)
def test_each_message_encodes_as_the_frame_it_has_always_been(message: outgoing.Message, frame: dict) -> None:
    # Byte for byte, keys in the order the dict literals had them (type first).
    assert outgoing.encode(message) == orjson.dumps(frame).decode()
