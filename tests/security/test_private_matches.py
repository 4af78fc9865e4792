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


def _rated_game(first: Player, second: Player, opponent: str) -> dict:
    """A rated Reversi match of ``first`` and ``second``: one move each, then ``second`` resigns."""
    match = first.create("reversi", {"size": 6}, opponent=opponent, side=0, rated=True)
    second.join(match["id"])
    first.move_once(match["id"])
    second.move_once(match["id"])
    resigned = second.api("POST", f"/api/matches/{match['id']}/resign/")
    assert resigned.status_code == 200 and resigned.json()["status"] == "finished", resigned.text
    return match


def _graph(viewer: Player, person: Player) -> str:
    """The rating graph of ``person``'s profile as ``viewer`` sees it."""
    page = viewer.get(f"/u/{person.username}/")
    assert page.status_code == 200
    start = page.text.index('<svg class="rating-graph"')
    return page.text[start : page.text.index("</svg>", start)]


def test_rating_graph_tells_a_private_match_only_to_its_players_and_staff(live):
    """Finding 6 of issue 50: the public rating graph named a private rated match's opponent
    and result. Others see the rating after it, as "a private match"; an open one stays told."""
    alice, bob, carol, dave = (Player(live.url, unique_name(p)).signup() for p in ("a", "b", "c", "d"))
    _rated_game(alice, bob, "invite")  # private: alice won against bob
    _rated_game(alice, dave, "open")  # public: alice won against dave

    for viewer in (Player(live.url), carol):  # logged out; another user
        graph = _graph(viewer, alice)
        assert bob.username not in graph and graph.count('class="rg-point won"') == 1, graph
        assert "a private match</title>" in graph and f"won against {dave.username}</title>" in graph
    for viewer in (alice, bob, make_staff(live)[0]):
        graph = _graph(viewer, alice)
        assert f"won against {bob.username}" in graph and "a private match" not in graph
    assert f"lost to {alice.username}" in _graph(bob, bob)
    assert "a private match" in _graph(carol, bob) and alice.username not in _graph(carol, bob)
