"""The secret key of a site started by ``make run``: made once, kept in a file outside the
repository (``python -m site_config.secret_key PATH``), read by the settings through
``DJANGO_SECRET_KEY_FILE``. The development key committed in the settings is public: anything
it signs (sessions, password-reset and e-mail links) anyone could forge.

This module imports no Django: ``make run`` runs it before any settings exist.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path


def read(path: str | Path) -> str:
    """The key kept in ``path`` (surrounding white space aside); OSError when unreadable,
    ValueError when it is too short to be a key."""
    key = Path(path).read_text().strip()
    if len(key) < 50:
        raise ValueError(f"{path} holds no secret key (fewer than 50 characters)")
    return key


def ensure(path: str | Path) -> bool:
    """Write a new random key to ``path`` (mode 0600, its folder made 0700) unless the file
    exists; True when it was written. A key made once keeps sessions valid across restarts."""
    path = Path(path).expanduser()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        # O_EXCL: two starts at once never overwrite each other's key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_urlsafe(50) + "\n")
    return True


def main(argv: list[str]) -> int:
    """``python -m site_config.secret_key PATH``: make the key file once."""
    if len(argv) != 1:
        print("usage: python -m site_config.secret_key PATH", file=sys.stderr)
        return 2
    if ensure(argv[0]):
        print(f"Made a secret key for this site in {argv[0]} (keep it: sessions and links use it).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
