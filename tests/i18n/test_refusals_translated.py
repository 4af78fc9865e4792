"""The rules' refusals in the reader's language (issue 52): an illegal move's reason and a bad
option's, worded by the rules in English (``IllegalMove``, ``OptionError``: a template and its
values) and said by the platform in the language of the request or socket; the error codes and
fields stay as they are. Expected words come from the catalogs, never written here."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from games.catalog.registry import GAMES
from games.matches import services
from games.matches.errors import ServiceError, told
from games.rules.base import IllegalMove, OptionError
from tests.platform.conftest import make_user

pytestmark = pytest.mark.django_db
LANGUAGES = ["fr", "de", "es", "ru"]


def in_language(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_told_with_its_values_in_the_language_of_now(language):
    inner = IllegalMove("Column %(column)s is full.", column=3)
    outer = OptionError("%(label)s must be at least %(low)s.", "size", label="Board size", low=4)
    assert str(outer) == "Board size must be at least 4." and str(inner) == "Column 3 is full."
    with translation.override(language):
        said = told(outer)
    assert said != str(outer) and in_language(language, "Board size") in said and "4" in said
    nested = IllegalMove("Move %(number)s (%(token)s) is not legal: %(why)s", number=2, token="c7", why=inner)
    with translation.override(language):
        assert told(inner) in told(nested) and told(inner) != str(inner)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_option_is_refused_in_the_requests_language(language):
    ann = make_user("ann")
    body = json.dumps({"game": "reversi", "opponent": "invite", "options": {"size": 2}})
    answers = {}
    for asked in ("en", language):
        client = Client(headers={"accept-language": asked})
        client.force_login(ann)
        answer = client.post("/api/matches/", body, content_type="application/json")
        assert answer.status_code == 400
        answers[asked] = answer.json()
    english, translated = answers["en"], answers[language]
    assert english["error"] == translated["error"] == "bad_options"
    assert english["field"] == translated["field"] == "size"
    assert english["message"].startswith("Board size") and translated["message"] != english["message"]
    assert in_language(language, "Board size") in translated["message"]
    form = Client(headers={"accept-language": language})
    form.force_login(ann)
    page = form.post("/m/new/", {"game": "reversi", "reversi__size": "2", "opponent": "invite"})
    assert page.status_code == 200 and translated["message"] in page.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_illegal_move_is_refused_in_the_sockets_language(language):
    ann, bob = make_user("ann"), make_user("bob")
    match = services.match_create(user=ann, game="connect_four", options={}, opponent="open", side=0)
    services.match_join(match_id=match.pk, user=bob)
    refused = {}
    for asked in ("en", language):
        with translation.override(asked), pytest.raises(ServiceError) as caught:
            services.move_play(match_id=match.pk, user=ann, ply=0, move={"action": "drop", "column": 99})
        refused[asked] = caught.value
    assert refused["en"].code == refused[language].code == "illegal_move"
    assert refused["en"].message == "There is no column 99: columns are 0 to 6."
    assert refused[language].message != refused["en"].message and "99" in refused[language].message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_note_on_an_edited_position_is_said_in_the_readers_language(language):
    reversi = GAMES["reversi"]
    _state, notes = reversi.position(reversi.clean_options({"size": 4}), ["....", ".X..", "..O.", "...."], 0)
    assert str(notes[0]) == "A centre cell has no disc: this position cannot arise from the start."
    with translation.override(language):
        said = told(notes[0])
    assert said == in_language(language, notes[0].template) and said != str(notes[0])
