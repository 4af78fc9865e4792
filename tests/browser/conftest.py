"""Fixtures of the browser tests: one chromium per module, people as browser contexts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, TIMEOUT_MS


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def person(browser):
    """A factory of people: each one a separate browser context (own cookies).

    Keyword arguments go to ``browser.new_context`` (e.g. ``**PHONE``); the page records
    uncaught JavaScript errors in ``page.js_errors``.
    """
    contexts = []

    def new(**options):
        context = browser.new_context(**{"viewport": DESKTOP, **options})
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        return page

    yield new
    for context in contexts:
        context.close()
