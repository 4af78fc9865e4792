"""The profile's record is cached per viewer under the version of the user's matches
(accounts.selectors.record_page): any change of those matches shows at once, and a cached
fragment never reaches another viewer (private matches, "You won" wording)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.matches import services
from games.matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def page(user, viewer=None) -> str:
    client = Client()
    if viewer is not None:
        client.force_login(viewer)
    answer = client.get(f"/u/{user.username}/")
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_change_of_the_users_matches_shows_at_once_to_every_viewer():
    ada, ben = (get_user_model().objects.create_user(n) for n in ("ada", "ben"))
    assert "Nothing going on." in page(ada)  # cached now
    match = services.match_create(user=ada, game="reversi", options={}, opponent="open", side=0)
    assert f'href="/m/{match.pk}/"' in page(ada)  # a new match: a new version
    services.match_join(match_id=match.pk, user=ben)
    services.match_resign(match_id=match.pk, user=ben)  # before any move: aborted
    assert "Nothing going on." in page(ada)
    finished = services.match_create(user=ada, game="reversi", options={}, opponent="open", side=0)
    services.match_join(match_id=finished.pk, user=ben)
    state = Match.objects.get(pk=finished.pk)
    services.move_play(match_id=finished.pk, user=ada, ply=0, move=state.rules.legal_moves(state.state, 0)[0])
    services.match_resign(match_id=finished.pk, user=ben)
    assert "ben resigned — you won" in page(ada, ada)
    assert "ben resigned — ada won" in page(ada, ben)  # ada's profile: her record, named
    assert "You resigned" not in page(ada, ben)
    assert "ben resigned — ada won" in page(ada)
    assert "ben resigned — you won" in page(ada, ada)  # each viewer keeps their own fragment


def test_a_private_match_cached_for_its_player_never_shows_to_others():
    ada, ben, cy = (get_user_model().objects.create_user(n) for n in ("ada", "ben", "cy"))
    private = services.match_create(user=ada, game="reversi", options={}, opponent="invite", side=0)
    services.match_join(match_id=private.pk, user=ben)
    assert f'href="/m/{private.pk}/"' in page(ada, ada)
    assert f'href="/m/{private.pk}/"' in page(ada, ben)  # ben plays in it
    assert f'href="/m/{private.pk}/"' not in page(ada, cy)
    assert f'href="/m/{private.pk}/"' not in page(ada)
