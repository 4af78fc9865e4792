"""A bare group relay for ``bench/load.py``'s baseline; routed only when ``BENCH_RELAY=1``.

``/ws/bench/relay/<group>/`` joins the group named in the URL and sends every text frame to
the group; each member sends it on to its client. No database, no JSON, no rules: the cost
of Channels + daphne alone, behind the same origin check and auth middleware as the game.
"""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"bench-relay-{self.scope['url_route']['kwargs']['group']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            await self.channel_layer.group_send(self.group, {"type": "relay.message", "text": text_data})

    async def relay_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])
