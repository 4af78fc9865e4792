"""Users are managed with Django's own UserAdmin (registered by django.contrib.auth)."""
