"""The live server answers HTTP and a player can create a match."""

from tests.support.client import Player


def test_create_and_fetch(daphne_server):
    alice = Player(daphne_server.url).signup()
    created = alice.create(options={"size": 6})
    assert created["ws_url"] == f"/ws/matches/{created['id']}/"
    got = alice.api("GET", f"/api/matches/{created['id']}/").json()
    assert got["status"] == "waiting" and got["you"] == 0
