"""Create the first staff account on a fresh site, so the admin can be opened at once."""

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Create a superuser 'admin' if there is none, with $DJANGO_SUPERUSER_PASSWORD or a "
        "generated password printed once."
    )

    def handle(self, *args, **options) -> None:
        users = get_user_model()
        if users.objects.filter(is_superuser=True).exists():
            return
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD") or secrets.token_urlsafe(12)
        users.objects.create_superuser("admin", "", password)
        if os.environ.get("DJANGO_SUPERUSER_PASSWORD"):
            self.stdout.write("Created the staff account 'admin' with $DJANGO_SUPERUSER_PASSWORD.")
        else:
            self.stdout.write(
                f"Created the staff account 'admin' with the password {password}\n"
                "It is shown only this once: note it, or set another with "
                "`.venv/bin/python manage.py changepassword admin`."
            )
