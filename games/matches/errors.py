"""The one exception type services raise: an error code from protocol.md and a message."""

from typing import Any


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
