"""Finding new puzzles (issue 51): ``manage.py find_puzzles`` stores new proved puzzles, from
a stored public match first (never a private one), else from the computer levels' games; the
admin's "Find new puzzles" queues the same search for the task worker, for staff only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django_tasks_db.models import DBTaskResult

from games.catalog.puzzle_finder import check, shipped
from games.catalog.registry import KITS
from games.matches import services
from games.matches.models import Match, Move
from games.puzzles.models import Puzzle

WITH_PUZZLES = sorted(slug for slug, kit in KITS.items() if kit.puzzles is not None)
RESULTS = {"win": 1, "draw": 0}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def proved(puzzle: Puzzle) -> str:
    kit = KITS[puzzle.game]
    return check(kit, [tuple(p) for p in puzzle.moves], RESULTS[puzzle.result], puzzle.solution)


def played_out(slug: str, record: dict, opponent: str) -> Match:
    """A finished match of two people (``opponent``: "open" or "invite") that went through
    ``record``'s moves, then one resigned."""
    names = [f"{opponent}{slug}{n}" for n in (0, 1)]
    people = [get_user_model().objects.create_user(name) for name in names]
    options = KITS[slug].puzzles.options
    match = services.match_create(user=people[0], game=slug, options=options, opponent=opponent, side=0)
    services.match_join(match_id=match.pk, user=people[1])
    for i, (seat, move) in enumerate(record["moves"]):
        if Move.objects.filter(match_id=match.pk).count() > i:
            continue  # a forced move (a pass) the server played itself
        ply = Match.objects.get(pk=match.pk).ply
        services.move_play(match_id=match.pk, user=people[seat], ply=ply, move=move)
    services.match_resign(match_id=match.pk, user=people[1 - record["seat"]])
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", WITH_PUZZLES)
def test_a_puzzle_is_found_in_a_public_match_and_never_in_a_private_one(slug):
    record = shipped(KITS[slug])[0]
    Puzzle.objects.filter(game=slug).delete()  # the shipped ones would be known already
    private = played_out(slug, record, "invite")
    public = played_out(slug, record, "open")
    assert public.status == private.status == Match.Status.FINISHED

    call_command("find_puzzles", game=slug, count=1, seed=3, verbosity=0)

    (found,) = Puzzle.objects.filter(game=slug)
    assert found.source == f"the match {public.pk}"
    assert proved(found) == ""


@pytest.mark.django_db
@pytest.mark.parametrize("slug", WITH_PUZZLES)
def test_the_command_adds_new_proved_puzzles_from_the_computer_levels_games(slug, capsys):
    before = set(Puzzle.objects.filter(game=slug).values_list("pk", flat=True))
    call_command("find_puzzles", game=slug, count=2, seed=11)
    new = list(Puzzle.objects.filter(game=slug).exclude(pk__in=before))
    assert len(new) == 2
    assert all(p.source.startswith("a game of the computer levels") and proved(p) == "" for p in new)
    assert "2 puzzles to the database in" in capsys.readouterr().out


def test_the_command_names_the_games_with_puzzles_when_asked_for_another():
    without = next(slug for slug, kit in KITS.items() if kit.puzzles is None)
    with pytest.raises(CommandError) as refused:
        call_command("find_puzzles", game=without)
    assert ", ".join(slug for slug in KITS if slug in WITH_PUZZLES) in str(refused.value)


@pytest.mark.django_db(transaction=True)
def test_staff_start_the_search_from_the_admin_and_the_worker_stores_it(client):
    url = "/admin/puzzles/puzzle/"
    player = get_user_model().objects.create_user("player", is_staff=True)
    client.force_login(player)  # staff without the right to add puzzles
    assert client.post(url, {"action": "find_puzzles"}).status_code == 403
    assert not DBTaskResult.objects.exists()

    client.force_login(get_user_model().objects.create_superuser("boss", ""))
    answer = client.post(url, {"action": "find_puzzles"}, follow=True)
    assert f"in each of {len(WITH_PUZZLES)} games in the background" in answer.content.decode()
    queued = DBTaskResult.objects.filter(status="READY").order_by("enqueued_at")
    assert [t.args_kwargs["args"][0] for t in queued] == [s for s in KITS if s in WITH_PUZZLES]

    stored = Puzzle.objects.count()
    call_command("db_worker", batch=True, interval=0, max_tasks=1, verbosity=0)
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 1
    assert Puzzle.objects.count() > stored
