"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by daphne)."""

import asyncio
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games import broadcast  # noqa: E402
from games.origin import origin_checked  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from site_config.front import Front, static_paths  # noqa: E402

if os.environ.get("BENCH_RELAY") == "1":
    # bench/load.py's bare relay baseline, behind the same middleware; never in production.
    from django.urls import path  # noqa: E402

    from site_config.bench_relay import RelayConsumer  # noqa: E402

    websocket_urlpatterns = [
        *websocket_urlpatterns,
        path("ws/bench/relay/<str:group>/", RelayConsumer.as_asgi()),
    ]

# Everything loaded so far lives as long as the process: keep the cyclic collector off it,
# and collect less often (full collections walk every socket's objects and stall the loop).
gc.freeze()
gc.set_threshold(20_000, 50, 1000)

router = ProtocolTypeRouter(
    {
        "http": Front(django_asgi_app, static_paths()),
        "websocket": origin_checked(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)


async def application(scope, receive, send):
    """The router, recording the server's event loop for sends from worker threads."""
    if broadcast.MAIN_LOOP is None:
        broadcast.MAIN_LOOP = asyncio.get_running_loop()
    await router(scope, receive, send)
