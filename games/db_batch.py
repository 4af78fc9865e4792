"""The sockets' service calls on SQLite, run in batches.

SQLite takes one writer at a time, so every socket's move already runs on one database
thread, one transaction each. Under load most of a move's cost was not the move but the trip:
the hop to that thread and back, BEGIN IMMEDIATE and COMMIT (``bench/load.py``). Here calls
that arrive while the thread is busy wait together and then run as one batch: one hop, one
transaction, each call inside its own savepoint (the service's own ``transaction.atomic()``,
nested), so a refused or failing call changes nothing and does not disturb the others. The
new states are sent to the groups after the commit, in the order the calls ran, and only
then does each caller learn its outcome, exactly as with one call at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from channels.layers import get_channel_layer
from django.db import transaction

from .broadcast import collecting_group_sends, deferring
from .db_threads import db_async, single_writer

Call = tuple[Callable[..., Any], dict[str, Any]]


def _run(calls: list[Call]) -> tuple[list[tuple[bool, Any]], list[tuple[str, dict]]]:
    """Run ``calls`` in one transaction (a savepoint each); their outcomes (True and the value
    returned, or False and the exception raised) and the group sends their commit produced."""
    outcomes: list[tuple[bool, Any]] = []
    # One call alone is its own transaction (no savepoint around it: two statements fewer).
    together = transaction.atomic() if len(calls) > 1 else nullcontext()
    with collecting_group_sends() as sends, together:
        for service, kwargs in calls:
            try:
                outcomes.append((True, service(**kwargs)))
            except Exception as exc:  # noqa: BLE001 - handed to that call's caller
                outcomes.append((False, exc))
    return outcomes, sends


class Batcher:
    """Collects service calls from the sockets of this process and runs them in batches."""

    def __init__(self) -> None:
        self.pending: list[tuple[Callable[..., Any], dict[str, Any], asyncio.Future]] = []
        self.drainer: asyncio.Task | None = None

    async def call(self, service: Callable[..., Any], **kwargs: Any) -> Any:
        """Run ``service(**kwargs)`` in the next batch: what it returned, or raise what it
        raised. The new state has been sent to the match's group when this returns."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self.pending.append((service, kwargs, future))
        if self.drainer is None:
            self.drainer = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    outcomes, sends = await db_async(_run)([(s, k) for s, k, _ in batch])
                except BaseException as exc:  # the batch as a whole failed: tell every caller
                    for *_, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                layer = get_channel_layer()
                for group, event in sends:
                    await layer.group_send(group, event)
                for (*_, future), (ok, outcome) in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if ok:
                        future.set_result(outcome)
                    else:
                        future.set_exception(outcome)
        finally:
            self.drainer = None


BATCHER = Batcher()


async def call_service(service: Callable[..., Any], **kwargs: Any) -> Any:
    """A socket's service call (what it returns): batched on SQLite; on a server database one
    call per worker thread of the pool (``db_threads``), where calls of different matches run
    side by side."""
    if single_writer():
        return await BATCHER.call(service, **kwargs)
    return await deferring(db_async(service), **kwargs)
