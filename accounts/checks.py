"""System checks of our settings (``manage.py check --deploy`` runs them): the secret key signs sessions."""

from django.conf import settings
from django.core.checks import Error, register


@register(deploy=True)
def secret_key_is_not_the_development_one(app_configs, **kwargs) -> list[Error]:
    """The development SECRET_KEY is in the repository: production needs its own."""
    if settings.SECRET_KEY == settings.DEVELOPMENT_SECRET_KEY:
        return [
            Error(
                "SECRET_KEY is the development key committed in site_config/settings.py.",
                hint="Set DJANGO_SECRET_KEY to a long random value (see docs/deploy.md).",
                id="accounts.E001",
            )
        ]
    return []
