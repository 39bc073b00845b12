"""Tokens own what they made (issue 23, item 6): a player lists and deletes their webhooks;
revoking tokens (a rotation with revoke_others, or DELETE /v1/players/me/tokens) drops the
webhooks those tokens registered and ends the live streams they opened within a second;
each webhook signs with a secret of its own."""
from __future__ import annotations

import threading
import time

import requests

from services.match.api.app import create_app
from services.turns.projection import project_match
from tests.served import Caller, served
from tests.services.match.conftest import Player, new_match

HOOK = "http://93.184.216.34/hook"


def _hooks(client, player, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else player.headers
    return client.get("/v1/players/me/webhooks", headers=headers)


def test_a_player_lists_and_deletes_their_webhooks(client, ana, bo):
    made = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": HOOK})
    hook_id = made.get_json()["webhook_id"]
    assert [h["url"] for h in _hooks(client, ana).get_json()["webhooks"]] == [HOOK]
    assert _hooks(client, bo).get_json()["webhooks"] == []
    theirs = client.delete(f"/v1/players/me/webhooks/{hook_id}", headers=bo.headers)
    assert theirs.status_code == 404  # Bo cannot delete (or learn of) Ana's webhook
    assert len(_hooks(client, ana).get_json()["webhooks"]) == 1
    assert client.delete(f"/v1/players/me/webhooks/{hook_id}",
                         headers=ana.headers).status_code == 204
    assert _hooks(client, ana).get_json()["webhooks"] == []
    again = client.delete(f"/v1/players/me/webhooks/{hook_id}", headers=ana.headers)
    assert again.status_code == 404 and again.get_json()["error"] == "not_found"
    assert client.get("/v1/players/me/webhooks").status_code == 401


def test_five_webhooks_at_most_and_the_same_url_replaces_its_registration(client, ana):
    ids = [client.post("/v1/players/me/webhooks", headers=ana.headers,
                       json={"url": f"{HOOK}/{i}"}).get_json()["webhook_id"] for i in range(5)]
    full = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": HOOK})
    assert full.status_code == 409 and full.get_json()["error"] == "too_many_webhooks"
    again = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": f"{HOOK}/0"})
    assert again.status_code == 201 and again.get_json()["webhook_id"] not in ids
    assert len(_hooks(client, ana).get_json()["webhooks"]) == 5


def test_a_rotation_drops_the_webhooks_of_the_revoked_tokens(client, ctx, ana, bo):
    """The issue's case: a leaked token's webhooks kept receiving the victim's turns after
    revoke_others, and blocked the victim's own (409)."""
    for i in range(5):  # the thief's, with the leaked token
        assert client.post("/v1/players/me/webhooks", headers=bo.headers,
                           json={"url": f"{HOOK}/{i}"}).status_code == 201
    fresh = client.post("/v1/players/me/tokens", headers=bo.headers,
                        json={"revoke_others": True}).get_json()["token"]
    assert _hooks(client, bo, fresh).get_json()["webhooks"] == []
    assert ctx.redis.hlen(ctx.keys.player_webhooks(bo.player_id)) == 0
    mine = client.post("/v1/players/me/webhooks", headers={"Authorization": f"Bearer {fresh}"},
                       json={"url": HOOK})
    assert mine.status_code == 201
    late = client.post("/v1/players/me/webhooks", headers=bo.headers, json={"url": HOOK + "/x"})
    assert late.status_code == 401  # the revoked token registers nothing more
    # Bo's turn now: the only webhook told is Bo's new one.
    bo.token, bo.headers = fresh, {"Authorization": f"Bearer {fresh}"}
    match_id = new_match(client, ana, [ana, bo])
    client.post(f"/v1/matches/{match_id}/commands", headers=ana.headers,
                json={"command": {"type": "mark", "cell": 4}})
    told = project_match(ctx, match_id)
    assert [w.webhook_id for w in told] == [mine.get_json()["webhook_id"]]
    client.delete("/v1/players/me/tokens", headers={"Authorization": f"Bearer {fresh}"})
    assert ctx.redis.hlen(ctx.keys.player_webhooks(bo.player_id)) == 0


def _read_until_closed(response, closed: dict, name: str) -> None:
    try:
        for _ in response.iter_content(chunk_size=None):
            pass
    except Exception:  # noqa: BLE001 - closed under the reader: closed all the same
        pass
    closed[name] = time.monotonic()


def test_live_streams_opened_with_revoked_tokens_end_within_a_second(settings):
    app = create_app(settings)
    # A reader blocked on a quiet stream holds its socket until the next heartbeat: beat
    # often, so the streams left open are closed quickly at the end.
    app.config["SSE_HEARTBEAT_SECONDS"] = 0.5
    with served(app) as base:
        ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
        test_client = app.test_client()
        match_id = new_match(test_client, _as_player(ana), [_as_player(ana), _as_player(bo)])
        opened, closed = {}, {}
        streams = {"match": (f"/v1/matches/{match_id}/live", ana.headers),
                   "feed": ("/v1/players/me/live", ana.headers),
                   "spectator": (f"/v1/matches/{match_id}/live", {}),
                   "other player": ("/v1/players/me/live", bo.headers)}
        for name, (path, headers) in streams.items():
            opened[name] = requests.get(base + path, headers=headers, stream=True, timeout=30)
            assert opened[name].status_code == 200
            threading.Thread(target=_read_until_closed, args=(opened[name], closed, name),
                             daemon=True).start()
        time.sleep(0.5)
        assert closed == {}
        # Rotated through another API process (its own tokens cache), as behind a balancer.
        other_process = create_app(settings).test_client()
        rotated = other_process.post("/v1/players/me/tokens", headers=ana.headers,
                                     json={"revoke_others": True})
        assert rotated.status_code == 201
        revoked_at = time.monotonic()
        deadline = revoked_at + 3.0
        while len(closed) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert set(closed) == {"match", "feed"}
        print({name: round(at - revoked_at, 3) for name, at in closed.items()})
        assert max(closed.values()) - revoked_at < 1.0, closed
        new_stream = requests.get(base + "/v1/players/me/live", stream=True, timeout=30,
                                  headers={"Authorization":
                                           f"Bearer {rotated.get_json()['token']}"})
        assert new_stream.status_code == 200
        time.sleep(1.0)
        assert set(closed) == {"match", "feed"}  # the others, and the new token's, stay open
        for response in [*opened.values(), new_stream]:
            response.close()


def _as_player(caller: Caller) -> Player:
    """A served Caller as the test client's Player (same id and token)."""
    player = Player.__new__(Player)
    player.player_id, player.name, player.token = caller.player_id, "", caller.token
    player.headers = caller.headers
    return player


def test_webhooks_kept_in_the_old_format_are_never_served_and_give_way(client, ctx, ana):
    """Before webhooks had ids and secrets of their own the hash held url -> time."""
    ctx.redis.hset(ctx.keys.player_webhooks(ana.player_id),
                   mapping={f"{HOOK}/{i}": 1700000000.0 for i in range(5)})
    assert _hooks(client, ana).get_json()["webhooks"] == []
    made = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": HOOK})
    assert made.status_code == 201
    assert ctx.redis.hkeys(ctx.keys.player_webhooks(ana.player_id)) == [
        made.get_json()["webhook_id"].encode()]
