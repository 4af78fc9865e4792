"""JSON for the frames the sockets send: orjson (several times faster than ``json``, which
showed up as a tenth of the server's time per move in ``bench/load.py``), with ``json`` as
the fallback for what orjson refuses (integers beyond 64 bits)."""

from __future__ import annotations

import json
from typing import Any

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS  # as json.dumps: {1: x} becomes {"1": x}


def dumps(value: Any) -> str:
    """Compact JSON text of ``value``."""
    try:
        return orjson.dumps(value, option=OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"))


loads = orjson.loads


class Encoder(json.JSONEncoder):
    """An encoder for ``connection.ops.adapt_json_value``: the JSON text a move stores (the
    match's state) comes from ``dumps``, several times faster than ``json``."""

    def encode(self, o: Any) -> str:
        return dumps(o)


_last_shared: tuple[str, Any] = ("", None)


def loads_shared(text: str) -> Any:
    """``loads(text)``, decoded once for all the sockets that got this same string object (a
    group event of the in-memory layer reaches every member as one string). The value is
    shared: read it, never change it."""
    global _last_shared
    if _last_shared[0] is text:
        return _last_shared[1]
    value = loads(text)
    _last_shared = (text, value)
    return value
