"""The Challenge model joins the match domain (``games.matches.challenges``) from accounts,
keeping its table (``accounts_challenge``), indexes and constraint: a change of state only,
nothing of the database changes."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_notification_declined"),
        ("accounts", "0006_challenge_moves_to_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Challenge",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("answered_at", models.DateTimeField(blank=True, null=True)),
                        ("accepted", models.BooleanField(blank=True, null=True)),
                        (
                            "from_user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "match",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="challenge",
                                to="games.match",
                            ),
                        ),
                        (
                            "to_user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="challenges_received",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "accounts_challenge",
                        "ordering": ["created_at"],
                        "indexes": [
                            models.Index(fields=["to_user", "answered_at"], name="challenge_to_open")
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("from_user", models.F("to_user")), _negated=True),
                                name="challenge_not_self",
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
