"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by daphne)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
django.setup(set_prefix=False)

from site_config.http_handler import site_http_handler  # noqa: E402

django_asgi_app = site_http_handler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from games.realtime.origin import origin_checked  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402
from games.realtime.token_auth import TokenAuthMiddleware  # noqa: E402
from site_config.proxy import ForwardedClientMiddleware, trusted_networks  # noqa: E402

if os.environ.get("BENCH_RELAY") == "1":
    # bench/load.py's bare relay baseline, behind the same middleware; never in production.
    from django.urls import path  # noqa: E402

    from site_config.bench_relay import RelayConsumer  # noqa: E402

    websocket_urlpatterns = [
        path("ws/bench/relay/<str:group>/", RelayConsumer.as_asgi()),
        *websocket_urlpatterns,
    ]

from games import subscribers  # noqa: E402
from games.autoplay import clock_watch  # noqa: E402

clock_watch.start(subscribers.SWEEPS)  # clocks that run out end their match, connected or not

from site_config.startup import when_serving  # noqa: E402

when_serving()  # the computer's owed turns, once daphne's loop runs

# Outermost: behind a trusted proxy, every part below sees the real client's address.
application = ForwardedClientMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            # The session's user, unless an API token (Authorization: Bearer) names another.
            "websocket": origin_checked(
                AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
            ),
        }
    ),
    trusted_networks(settings.TRUSTED_PROXIES),
)
