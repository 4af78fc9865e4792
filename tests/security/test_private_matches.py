"""Finding 1: invite-only matches were listed on their players' profiles (``/u/<name>/``) to
everyone. They must appear only to their players and staff; open matches stay listed."""

from __future__ import annotations

from tests.support.client import Player, unique_name

from .conftest import make_staff


def test_invite_matches_are_listed_only_to_their_players_and_staff(live):
    alice, bob, carol = (Player(live.url, unique_name(p)).signup() for p in ("a", "b", "c"))
    waiting = alice.create(opponent="invite")  # ongoing, private
    done = alice.create(opponent="invite", side=0)  # finished, private
    bob.join(done["id"])
    alice.move_once(done["id"])  # before any move, resigning would abort
    resigned = alice.api("POST", f"/api/matches/{done['id']}/resign/")
    assert resigned.status_code == 200 and resigned.json()["status"] == "finished", resigned.text
    lobby = alice.create(opponent="open")  # ongoing, public

    profile = f"/u/{alice.username}/"
    # the ongoing list links the match page, the recent list the replay
    private_links = (f"/m/{waiting['id']}/", done["replay_url"])
    for viewer in (Player(live.url), carol):  # logged out; another user
        page = viewer.get(profile)
        assert page.status_code == 200
        leaked = [link for link in (*private_links, f"/m/{done['id']}/") if link in page.text]
        assert not leaked, f"{viewer.username if viewer is carol else 'anonymous'} sees {leaked}"
        assert f"/m/{lobby['id']}/" in page.text  # open matches are still listed

    own = alice.get(profile).text
    assert all(link in own for link in private_links)
    assert f"/m/{lobby['id']}/" in own
    assert done["replay_url"] in bob.get(profile).text  # the other player of that match
    assert f"/m/{waiting['id']}/" not in bob.get(profile).text  # ... but not of this one
    staff = make_staff(live)[0].get(profile).text
    assert all(link in staff for link in private_links)
