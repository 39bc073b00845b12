"""Live streams are a bounded resource (issue 14, item 3): a cap per client and per process,
idle streams closed, and each stream's Redis connection closed with it."""
from __future__ import annotations

import time

from services.match.api.streams import WAITER_NAME
from services.match.api.app import create_app
from tests.services.match.conftest import Player, new_match


def _app(settings, **config):
    app = create_app(settings)
    app.config.update(SSE_MAX_SECONDS=30, SSE_HEARTBEAT_SECONDS=0.2, **config)
    app.extensions["orrery.live"].per_client = config.get("LIVE_PER_CLIENT", 20)
    app.extensions["orrery.live"].per_process = config.get("LIVE_PER_PROCESS", 1500)
    return app


def _open(client, path, **kwargs):
    response = client.get(path, buffered=False, **kwargs)
    if response.status_code == 200:
        next(iter(response.response))  # the stream has started
    return response


def _live_connections(redis_client, namespace) -> int:
    return sum(1 for c in redis_client.client_list() if c.get("name") == WAITER_NAME + namespace)


def test_a_client_gets_at_most_its_cap_of_streams(settings):
    client = _app(settings, LIVE_PER_CLIENT=2).test_client()
    ana = Player(client, "Ana")
    match_id = new_match(client, ana, [{"player_id": ana.player_id}, {"bot": "random"}])
    path = f"/v1/matches/{match_id}/live"
    first, second = _open(client, path, headers=ana.headers), _open(client, path, headers=ana.headers)
    refused = _open(client, path, headers=ana.headers)
    assert (first.status_code, second.status_code, refused.status_code) == (200, 200, 429)
    assert refused.get_json()["error"] == "too_many_streams"
    assert _open(client, path).status_code == 200  # another client (anonymous) still may
    first.close()
    again = _open(client, path, headers=ana.headers)
    assert again.status_code == 200
    for response in (second, again):
        response.close()


def test_a_process_holds_at_most_its_cap_of_streams(settings):
    client = _app(settings, LIVE_PER_PROCESS=2).test_client()
    players = [Player(client, name) for name in ("Ana", "Bo", "Cy")]
    opened = [_open(client, "/v1/players/me/live", headers=p.headers) for p in players]
    assert [r.status_code for r in opened] == [200, 200, 503]
    assert opened[2].get_json()["error"] == "unavailable"
    assert client.get("/healthz").status_code == 200  # everything else is still served
    opened[0].close()
    assert _open(client, "/v1/players/me/live", headers=players[2].headers).status_code == 200


def test_an_idle_stream_ends_after_its_idle_timeout(settings):
    client = _app(settings, SSE_IDLE_SECONDS=0.5).test_client()
    ana = Player(client, "Ana")
    started = time.monotonic()
    text = client.get("/v1/players/me/live", headers=ana.headers).get_data(as_text=True)
    assert ": heartbeat" in text and time.monotonic() - started < 5


def test_every_stream_of_a_process_waits_on_one_redis_connection(settings, redis_client):
    """Five streams of one process hold one Redis connection between them (the live hub's,
    services/match/api/live_hub.py), not one each; closing them gives back their slots."""
    client = _app(settings).test_client()
    players = [Player(client, f"p{i}") for i in range(5)]
    before = _live_connections(redis_client, settings.namespace)
    opened = [_open(client, "/v1/players/me/live", headers=p.headers) for p in players]
    deadline = time.monotonic() + 5
    while _live_connections(redis_client, settings.namespace) == before and \
            time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_connections(redis_client, settings.namespace) == before + 1
    for response in opened:
        response.close()
    slots = client.application.extensions["orrery.live"]
    assert slots.open == 0
    assert not any(redis_client.scan_iter(match=f"{settings.namespace}live:*"))
    hub = client.application.extensions["orrery.live-hub"]
    assert all(not reader.following for reader in hub.readers.values())
    hub.close()
