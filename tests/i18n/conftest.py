"""The language a test's request chose stays with its thread after the response (Django's
LocaleMiddleware activates it and nothing deactivates it): put the default back after each
test here, or the next test in the same worker reads French where it expects English."""

from __future__ import annotations

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language():
    yield
    translation.deactivate()
