"""Exile Sun through matchmaking (issue 11, "created through the API (and matchmaking)"):
three players ask for a 3-player Exile Sun table, are seated together in one match the match
service creates, and each is offered its own commands; the spectator sees no one's hand.
The pairing loop, the dispatcher and the match service's formed-group consumer are the real
objects, driven a step at a time in-process, on a real Redis."""
import time

from services.match.api.app import create_app as create_match_app
from services.match.bus.formed import FormedConsumer
from services.matchmaking.consumer import Dispatcher
from services.matchmaking.loop import PairingLoop
from services.matchmaking.tasks import make_celery


def test_three_players_are_seated_at_one_exile_sun_table(settings, mm, mm_ctx):
    match_app = create_match_app(settings)
    api = match_app.test_client()
    loop = PairingLoop(mm_ctx)
    formed = FormedConsumer(match_app.extensions["orrery.match"], "test")
    dispatcher = Dispatcher(mm_ctx, celery=make_celery(settings), name="test")
    players = []
    for name in ("Ana", "Bo", "Cy"):
        body = api.post("/v1/players", json={"name": name}).get_json()
        players.append({"Authorization": f"Bearer {body['token']}"})
    tickets = [mm.post("/v1/tickets", headers=h, json={"game": "exile_sun", "players": 3,
                                                       "mode": "casual"}).get_json()["ticket_id"]
               for h in players]
    deadline, shown = time.monotonic() + 30, []
    while time.monotonic() < deadline:
        loop.run_once()
        formed.run_once(block_ms=10)
        dispatcher.run_once(block_ms=10)
        shown = [mm.get(f"/v1/tickets/{t}", headers=h).get_json() for t, h in zip(tickets, players)]
        if all(s["match_id"] for s in shown):
            break
        time.sleep(0.1)
    assert len({s["match_id"] for s in shown}) == 1 and shown[0]["match_id"], shown
    match_id = shown[0]["match_id"]
    match = api.get(f"/v1/matches/{match_id}", headers=players[0]).get_json()
    assert match["game"] == "exile_sun" and len(match["seats"]) == 3
    assert match["view"]["phase"] == "place_system"
    acting = [h for h in players
              if api.get(f"/v1/matches/{match_id}/legal", headers=h).get_json()["commands"]]
    assert len(acting) == 1                      # systems are placed in initiative order
    spectator = api.get(f"/v1/matches/{match_id}").get_json()["view"]
    assert all("hand" not in p and p["hand_size"] == 4 for p in spectator["players"])
