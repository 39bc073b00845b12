"""Text that is not valid Unicode is a 400 everywhere (issue 25, item 4): every string field
of every route of both APIs (from their own /openapi.json), every query parameter and
path parameter, carries in turn a lone surrogate (escaped, or encoded in UTF-8) or bytes
that are not UTF-8; each request is answered 400 `invalid_request` and changes no key."""
from __future__ import annotations

import json
import re
import uuid

import pytest

from services.match.api.app import create_app as match_app
from services.matchmaking.app import create_app as matchmaking_app
from shared.config import Settings

MARK = "\ue000MARK\ue000"  # stands for the bad text until the body is written out
# Each spelling of bad text, as the bytes of a JSON string's content.
BODY_SPELLINGS = {
    "escaped lone high surrogate": b"\\ud800",
    "escaped lone low surrogate": b"\\udfff",
    "escaped surrogates reversed": b"\\udc00\\ud800",
    "UTF-8-encoded surrogate": b"\xed\xa0\x80",
    "invalid UTF-8 byte": b"ab\xff",
    "overlong UTF-8": b"\xc0\xaf",
}
URL_SPELLINGS = {"UTF-8-encoded surrogate": b"\xed\xa0\x80", "invalid UTF-8 byte": b"\xff",
                 "truncated UTF-8": b"\xe2\x82"}


def _resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    if "allOf" in schema:
        merged = {"type": "object", "properties": {}}
        for part in schema["allOf"]:
            merged["properties"].update(_resolve(spec, part).get("properties", {}))
        return merged
    for choice in ("oneOf", "anyOf"):
        if choice in schema:
            return _resolve(spec, schema[choice][0])
    return schema


def _instance(spec: dict, schema: dict, depth: int = 0):
    """A value of `schema` with every property present (strings "x")."""
    schema = _resolve(spec, schema)
    kind = schema.get("type")
    if depth > 6:
        return None
    if kind == "object" or "properties" in schema:
        value = {name: _instance(spec, inner, depth + 1)
                 for name, inner in schema.get("properties", {}).items()}
        if not value and schema.get("additionalProperties") is not False:
            value = {"x": "x"}
        return value
    if kind == "array":
        return [_instance(spec, schema.get("items", {}), depth + 1)]
    if kind == "integer":
        return 1
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    return "x"


def _string_paths(value, path=()):
    """Where `value` holds a string, and where a dict key could be one."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        yield path + (("<key>",),)
        for key, inner in value.items():
            yield from _string_paths(inner, path + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _string_paths(inner, path + (i,))


def _with_mark(value, path):
    """A copy of `value` with the string (or a new key) at `path` replaced by MARK."""
    if not path:
        return MARK
    head, rest = path[0], path[1:]
    if head == ("<key>",):
        return {**value, MARK: "x"}
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[head] = _with_mark(value[head], rest)
    return copy


def _bodies(spec: dict, operation: dict):
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if not content:
        return
    base = _instance(spec, content["schema"])
    for path in _string_paths(base):
        text = json.dumps(_with_mark(base, path), ensure_ascii=False).encode()
        for spelling, bad in BODY_SPELLINGS.items():
            yield f"{'.'.join(map(str, path))} ({spelling})", text.replace(MARK.encode(), bad)


def _routes(spec: dict):
    for route, item in spec["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield route, method, operation


def _url(route: str) -> str:
    return re.sub(r"\{[^}]+\}", lambda m: "a" * 32 if "id" in m.group(0) else "x", route)


@pytest.fixture(params=["match", "matchmaking"])
def service(request, redis_url, namespace, redis_client):
    settings = Settings.from_env(redis_url=redis_url, namespace=namespace,
                                 secret="test-secret-" + namespace, rate_limit_per_minute=0)
    factory = match_app if request.param == "match" else matchmaking_app
    return factory(settings).test_client()


def _keys(redis_client, namespace) -> set:
    return set(redis_client.scan_iter(match=f"{namespace}*", count=1000))


def test_every_string_of_every_route_refuses_invalid_unicode(service, redis_client, namespace):
    spec = service.get("/openapi.json").get_json()
    token = service.application.extensions.get(
        "orrery.match", service.application.extensions.get("orrery.matchmaking")
    ).tokens.issue(uuid.uuid4().hex)
    headers = {"Authorization": f"Bearer {token}"}
    before = _keys(redis_client, namespace)
    tried = 0
    for route, method, operation in _routes(spec):
        url = _url(route)
        cases = [(f"body {name}", dict(data=body, content_type="application/json"))
                 for name, body in _bodies(spec, operation)]
        for parameter in operation.get("parameters", []) + spec["paths"][route].get(
                "parameters", []):
            for spelling, bad in URL_SPELLINGS.items():
                encoded = "".join(f"%{b:02X}" for b in bad)
                if parameter["in"] == "query":
                    cases.append((f"query {parameter['name']} ({spelling})",
                                  dict(query_string=f"{parameter['name']}={encoded}")))
                elif parameter["in"] == "path":
                    raw = re.sub(r"\{" + parameter["name"] + r"\}", "a" + bad.decode("latin-1"),
                                 route)
                    raw = re.sub(r"\{[^}]+\}", "x", raw)
                    cases.append((f"path {parameter['name']} ({spelling})",
                                  dict(environ_overrides={"PATH_INFO": raw})))
        for what, request in cases:
            answer = service.open(url, method=method.upper(), headers=headers, **request)
            assert answer.status_code == 400, (method, route, what, answer.status_code,
                                               answer.get_data()[:300])
            assert answer.get_json()["error"] == "invalid_request", (method, route, what)
            tried += 1
    assert tried > 40  # the routes were reached, not a few
    assert _keys(redis_client, namespace) == before  # nothing was written


def test_a_valid_surrogate_pair_is_text(service):
    """An emoji escaped as a UTF-16 pair is valid JSON text: the check refuses only what
    cannot be encoded."""
    if "orrery.match" not in service.application.extensions:
        pytest.skip("names are created on the match service")
    answer = service.post("/v1/players", data=b'{"name": "Ana \\ud83d\\ude00"}',
                          content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["name"] == "Ana \U0001F600"
