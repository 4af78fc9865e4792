"""WebSocket Origin check: a browser page of another site may not open a match socket."""

from channels.security.websocket import OriginValidator
from django.conf import settings


class SameSiteOriginValidator(OriginValidator):
    """Accept sockets whose Origin is one of ALLOWED_HOSTS (any port), refuse foreign ones.

    A socket without an Origin header (a bot, a test client) is accepted: browsers always
    send Origin, so a missing one cannot be a cross-site page riding on a user's cookie.
    """

    def valid_origin(self, parsed_origin) -> bool:
        if parsed_origin is None:
            return True
        return self.validate_origin(parsed_origin)


def origin_checked(application):
    """Wrap a WebSocket application with the ALLOWED_HOSTS origin check."""
    allowed = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not allowed:
        allowed = ["localhost", "127.0.0.1", "[::1]"]
    return SameSiteOriginValidator(application, allowed)
