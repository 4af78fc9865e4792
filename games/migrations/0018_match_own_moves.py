"""Each match keeps, per seat, its own moves made and still in play (``Match.moves_made``,
``Match.moves_in_play``): counted here once from the stored moves."""

from django.db import migrations, models


def count(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Move = apps.get_model("games", "Move")
    Seat = apps.get_model("games", "Seat")
    for match in Match.objects.filter(ply__gt=0).only("pk").iterator():
        seats = Seat.objects.filter(match=match).count()
        made, in_play = [0] * seats, [0] * seats
        rows = Move.objects.filter(match=match, forced=False).values_list("seat", "takeback_id")
        for seat, takeback in rows:
            if seat < seats:
                made[seat] += 1
                in_play[seat] += takeback is None
        Match.objects.filter(pk=match.pk).update(moves_made=made, moves_in_play=in_play)


class Migration(migrations.Migration):
    dependencies = [("games", "0017_match_analysis")]

    operations = [
        migrations.AddField(
            model_name="match", name="moves_made", field=models.JSONField(blank=True, default=list)
        ),
        migrations.AddField(
            model_name="match", name="moves_in_play", field=models.JSONField(blank=True, default=list)
        ),
        migrations.RunPython(count, migrations.RunPython.noop),
    ]
