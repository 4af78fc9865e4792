"""What runs in the computer's search process besides the search: pure Python, no Django
(multiprocessing's fork server imports it to start the process)."""

from __future__ import annotations

import os
import threading
import time


def end_with_server(server_pid: int) -> None:
    """Exit once the server that started this process is gone. A server stopped normally
    stops it; after a ``kill -9`` nobody would, and multiprocessing's fork server lives as long
    as its children: two processes left behind per crash."""

    def watch() -> None:
        while True:
            time.sleep(1)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="end-with-server", daemon=True).start()
