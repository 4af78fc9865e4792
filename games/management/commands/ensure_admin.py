"""Create the first staff account on a fresh site, so the admin can be opened at once."""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create a superuser 'admin' if there is none (password: $DJANGO_SUPERUSER_PASSWORD or 'admin')."

    def handle(self, *args, **options) -> None:
        users = get_user_model()
        if users.objects.filter(is_superuser=True).exists():
            return
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD", "admin")
        users.objects.create_superuser("admin", "", password)
        self.stdout.write(f"Created the staff account 'admin', password '{password}' (change it).")
