"""Helpers shared by the browser tests (Debian's chromium, driven by Playwright).

The fixtures (``browser``, ``person``) are in ``conftest.py``; these are the plain
functions: accounts, screenshots to ``test-artifacts/`` (git-ignored), waiting for plies.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 30_000  # the machine is slow and shared
PASSWORD = "Correct-Horse-42"
PLY = "Number(document.getElementById('match').dataset.ply)"
SETTLED = "!document.getElementById('match').dataset.pending"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


def shot(page, name: str, prefix: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{prefix}-{name}.png"), full_page=True)


@contextlib.contextmanager
def screenshots_on_failure(name: str, prefix: str, **pages) -> Iterator[None]:
    try:
        yield
    except BaseException:
        for who, page in pages.items():
            with contextlib.suppress(Exception):
                shot(page, f"{name}-FAILED-{who}", prefix)
        raise


def username(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def fill_signup(page, name: str) -> None:
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def signup(page, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    fill_signup(page, name)
    page.wait_for_url(base + "/")


def ply(page) -> int:
    return int(page.get_attribute("#match", "data-ply"))


def wait_ply_above(page, old: int) -> None:
    page.wait_for_function(f"old => {PLY} > old && {SETTLED}", arg=old)


def wait_ply(page, n: int) -> None:
    page.wait_for_function(f"n => {PLY} === n && {SETTLED}", arg=n)
