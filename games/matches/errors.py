"""The one exception type services raise: an error code from protocol.md and a message; and
the rules' refusals said in the reader's language."""

from typing import Any

from django.utils.translation import gettext

from games.rules.base import Refusal, Words


class ServiceError(Exception):
    """A refused request: ``code`` (protocol.md), human ``message``, HTTP ``status``."""

    def __init__(self, code: str, message: Any, status: int = 400, field: str | None = None) -> None:
        message = str(message)  # a lazy translation (gettext_lazy) in the language of now
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.field = field

    def as_dict(self) -> dict[str, str]:
        """The protocol's error body: ``field`` only when one field is at fault."""
        body = {"error": self.code, "message": self.message}
        if self.field is not None:
            body["field"] = self.field
        return body


def told(refusal: Exception | Words) -> str:
    """A refusal of the rules (``IllegalMove``, ``OptionError``) or their ``Words`` in the
    language of now: its template from the catalogs, its values put in (a text value
    translated too, a refusal value told the same way); any other exception: its own words."""
    if not isinstance(refusal, (Refusal, Words)):
        return str(refusal)
    if not refusal.values:
        return gettext(refusal.template)
    values = {name: _told_value(value) for name, value in refusal.values.items()}
    return gettext(refusal.template) % values


def _told_value(value: Any) -> Any:
    if isinstance(value, (Exception, Words)):
        return told(value)
    if isinstance(value, str) and value:  # gettext("") would be the catalog's header
        return gettext(value)
    return value
