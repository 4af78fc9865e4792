"""WebSocket routes."""

from django.urls import path

from .consumer import MatchConsumer

websocket_urlpatterns = [path("ws/matches/<str:match_id>/", MatchConsumer.as_asgi())]
