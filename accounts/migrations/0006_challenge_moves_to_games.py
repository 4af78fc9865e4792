"""The Challenge model moves to the match domain (``games.matches.challenges``): the model
leaves this app's state; its table, ``accounts_challenge``, stays as it is (the games app's
0021 takes it over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_pair_with_bots"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Challenge")],
            database_operations=[],
        ),
    ]
