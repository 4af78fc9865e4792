"""The real client's address behind trusted reverse proxies (``TRUSTED_PROXIES``).

Behind nginx every connection comes from the proxy, so the per-address limits (django-axes's
login lockout, the sockets' caps and rates) would count the whole site as one address. The
proxy names the client in ``X-Forwarded-For``; anyone else can write that header too, so it
is read only when the connecting peer is a trusted proxy, and only as far as trusted proxies
wrote it: from the right, each trusted hop vouches for the entry before it, and the first
address not trusted is the client.

``ForwardedClientMiddleware`` wraps the whole ASGI application and puts that address in
``scope["client"]``: Django's ``REMOTE_ADDR`` and the sockets' limits read it from there, so
every part of the site sees the same address. The proxy also says whether the client came
over HTTPS (``X-Forwarded-Proto``, Django's ``SECURE_PROXY_SSL_HEADER``); the middleware
drops that header from any other peer, so that ``request.is_secure()`` is the proxy's word or
the connection's own. (daphne's own ``--proxy-headers`` takes the
left-most entry from any peer: a client could pick its own address.)
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def trusted_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Parse addresses and CIDR networks (``10.0.0.5``, ``10.0.0.0/8``, ``::1``)."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ImproperlyConfigured(f"TRUSTED_PROXIES: {entry!r} is not an address or network") from None
    return tuple(networks)


def _address(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d: one client, one key.
    return getattr(address, "ipv4_mapped", None) or address


def _trusted(address: Address, networks: tuple[Network, ...]) -> bool:
    return any(address in network for network in networks)


def client_address(peer: str, forwarded_for: str, networks: tuple[Network, ...]) -> str:
    """The client's address: ``peer`` itself unless it is a trusted proxy; else the right-most
    entry of ``forwarded_for`` (comma-separated) that is not a trusted proxy.

    An entry that is not an address stops the walk at the last hop known good (trusted proxies
    write addresses, so it came from the client's side); a chain of trusted proxies only gives
    its left-most one.
    """
    current = _address(peer)
    if current is None or not _trusted(current, networks):
        return peer
    for entry in reversed(forwarded_for.split(",")):
        hop = _address(entry)
        if hop is None:
            break
        current = hop
        if not _trusted(hop, networks):
            break
    return str(current)


class ForwardedClientMiddleware:
    """ASGI middleware (HTTP and WebSocket): ``scope["client"]`` becomes the real client's
    address when the peer is one of ``networks``; otherwise the scope is left as it is."""

    def __init__(self, app, networks: tuple[Network, ...]) -> None:
        self.app, self.networks = app, networks

    async def __call__(self, scope, receive, send) -> None:
        client = scope.get("client")
        if scope["type"] in ("http", "websocket"):
            peer, headers = str(client[0]) if client else "", scope.get("headers", ())
            if _trusted_peer(peer, self.networks):
                forwarded = b",".join(v for k, v in headers if k.lower() == b"x-forwarded-for")
                address = client_address(peer, forwarded.decode("latin-1"), self.networks)
                if address != peer:
                    # the port was the proxy's connection's: meaningless for the client
                    scope = {**scope, "client": (address, 0)}
            elif any(_is_proto(name) for name, _ in headers):
                # not a proxy's word: the scheme is the connection's own (scope["scheme"])
                scope = {**scope, "headers": [(k, v) for k, v in headers if not _is_proto(k)]}
        await self.app(scope, receive, send)


def _trusted_peer(peer: str, networks: tuple[Network, ...]) -> bool:
    address = _address(peer)
    return address is not None and _trusted(address, networks)


def _is_proto(name: bytes) -> bool:
    """Is this header Django's ``HTTP_X_FORWARDED_PROTO``? Django reads ``_`` as ``-`` too."""
    return name.lower().replace(b"_", b"-") == b"x-forwarded-proto"


def remote_addr(request: HttpRequest) -> str | None:
    """django-axes's client address (``AXES_CLIENT_IP_CALLABLE``): ``REMOTE_ADDR`` alone, which
    the middleware above set; never a header the client wrote (django-ipware, if installed,
    would read ``X-Forwarded-For`` from anyone)."""
    return request.META.get("REMOTE_ADDR")
