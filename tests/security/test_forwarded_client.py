"""Issue 24 (4), in-process: behind a trusted proxy the client's address comes from
``X-Forwarded-For`` (site_config/proxy.py); from anyone else the header is ignored.

The middleware wraps an ASGI app that only records the scope it is given: what daphne's
connection and the proxy's header make of ``scope["client"]``, which Django's ``REMOTE_ADDR``
and the sockets' limits read. The whole chain through a real nginx: test_behind_nginx.py."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.asgi import ASGIRequest

from site_config.proxy import ForwardedClientMiddleware, trusted_networks

PROXIES = trusted_networks(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])


async def seen_client(peer: str, *forwarded: str, kind: str = "http", networks=PROXIES) -> tuple[str, int]:
    """The ``scope["client"]`` the application sees for a connection from ``peer`` carrying
    one ``X-Forwarded-For`` header per ``forwarded`` value."""
    seen = {}

    async def app(scope, receive, send) -> None:
        seen.update(scope)

    headers = [(b"host", b"games.example.org")]
    headers += [(b"X-Forwarded-For", value.encode()) for value in forwarded]
    scope = {"type": kind, "client": (peer, 51234), "headers": headers, "path": "/"}
    await ForwardedClientMiddleware(app, networks)(scope, None, None)
    assert scope["client"] == (peer, 51234)  # the server's own scope is not changed
    return seen["client"]


@pytest.mark.parametrize("kind", ["http", "websocket"])
async def test_a_trusted_proxy_names_the_client(kind):
    assert await seen_client("127.0.0.1", "203.0.113.7", kind=kind) == ("203.0.113.7", 0)


async def test_anyone_else_cannot_choose_an_address():
    assert await seen_client("198.51.100.9", "203.0.113.7") == ("198.51.100.9", 51234)
    # nor with nobody trusted (the default: TRUSTED_PROXIES empty)
    assert await seen_client("127.0.0.1", "203.0.113.7", networks=()) == ("127.0.0.1", 51234)


async def test_entries_a_client_wrote_before_the_proxys_are_ignored():
    # The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the address it saw.
    assert (await seen_client("127.0.0.1", "1.2.3.4, 203.0.113.7"))[0] == "203.0.113.7"


async def test_a_chain_of_trusted_proxies_is_walked_from_the_right():
    # client -> load balancer 10.1.2.3 -> nginx 127.0.0.1 -> daphne
    assert (await seen_client("127.0.0.1", "6.6.6.6, 203.0.113.7, 10.1.2.3"))[0] == "203.0.113.7"
    # two header lines count as one list, in order
    assert (await seen_client("127.0.0.1", "6.6.6.6, 203.0.113.7", "10.1.2.3"))[0] == "203.0.113.7"
    # IPv6 hops and clients
    assert (await seen_client("127.0.0.1", "2001:db8::1, fd00::5"))[0] == "2001:db8::1"
    # only trusted proxies: the left-most of them
    assert (await seen_client("127.0.0.1", "10.9.9.9, 10.1.2.3"))[0] == "10.9.9.9"


@pytest.mark.parametrize(
    "header, expected",
    [
        ("", "127.0.0.1"),
        ("not-an-address", "127.0.0.1"),
        ("203.0.113.7:4000", "127.0.0.1"),
        ("203.0.113.7, <script>", "127.0.0.1"),  # garbage after the client: stop at the proxy
        ("<script>, 10.1.2.3", "10.1.2.3"),  # garbage behind a trusted hop: that hop
        ("1.2.3.4, ::ffff:203.0.113.7", "203.0.113.7"),  # IPv4 written as IPv6 is one address
    ],
)
async def test_a_malformed_header_never_yields_a_made_up_address(header, expected):
    assert (await seen_client("127.0.0.1", header))[0] == expected


async def test_no_header_keeps_the_peer():
    assert await seen_client("127.0.0.1") == ("127.0.0.1", 51234)


async def test_other_scopes_pass_untouched():
    seen = []

    async def app(scope, receive, send) -> None:
        seen.append(scope)

    scope = {"type": "lifespan"}
    await ForwardedClientMiddleware(app, PROXIES)(scope, None, None)
    assert seen == [scope]


def test_a_bad_trusted_proxies_entry_stops_the_start():
    with pytest.raises(ImproperlyConfigured, match="nowhere"):
        trusted_networks(["127.0.0.1", "nowhere"])


async def is_secure(peer: str, proto_header: bytes = b"X-Forwarded-Proto", networks=PROXIES) -> bool:
    """Django's ``request.is_secure()`` (``SECURE_PROXY_SSL_HEADER``) for a plain-HTTP
    connection from ``peer`` that says it came over HTTPS."""
    seen = {}

    async def app(scope, receive, send) -> None:
        seen.update(scope)

    headers = [(b"host", b"games.example.org"), (proto_header, b"https")]
    scope = {"type": "http", "client": (peer, 51234), "headers": headers, "path": "/", "method": "GET"}
    scope.update(scheme="http", query_string=b"", root_path="")
    await ForwardedClientMiddleware(app, networks)(scope, None, None)
    return ASGIRequest(seen, io.BytesIO()).is_secure()


async def test_only_a_trusted_proxy_says_the_client_came_over_https():
    """Issue 50: ``X-Forwarded-Proto`` was believed from anyone."""
    assert await is_secure("127.0.0.1") and await is_secure("10.1.2.3")
    assert not await is_secure("198.51.100.9")
    assert not await is_secure("198.51.100.9", b"x_forwarded_proto")  # Django reads _ as - too
    assert not await is_secure("127.0.0.1", networks=())  # nobody trusted: the default
