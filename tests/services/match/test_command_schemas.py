"""/openapi.json carries each game's commands as its vocabulary declares them (issue 9): one
component per command type, one per game (a oneOf discriminated by `type`), and the command
body of POST /commands is any of them or a platform command. Every command a game lists as
legal fits its documented schema, so clients generated from the contract can send them."""
import jsonschema_rs
import pytest

from services.match.schemas import PLATFORM_COMMANDS
from tests.contract.playouts import played, registered_games

NAMES = [name for name, _ in registered_games()]


@pytest.fixture
def spec(client):
    return client.get("/openapi.json").get_json()


def _json_schema(schema):
    """OpenAPI 3.0's `nullable` back to JSON Schema, to validate with a JSON Schema library."""
    if isinstance(schema, list):
        return [_json_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _json_schema(v) for k, v in schema.items() if k != "nullable"}
    return {"anyOf": [out, {"type": "null"}]} if schema.get("nullable") else out


def validator(spec, component):
    document = {"$ref": f"#/components/schemas/{component}",
                "components": _json_schema(spec["components"])}
    return jsonschema_rs.validator_for(document)


def _component(name):
    return "".join(part.capitalize() for part in name.split("_")) + "Command"


def test_the_command_body_is_any_games_command_or_a_platform_command(spec):
    body = spec["components"]["schemas"]["CommandRequest"]["properties"]["command"]
    refs = {alt["$ref"].rsplit("/", 1)[1] for alt in body["anyOf"]}
    assert refs == {_component(name) for name in NAMES} | {"PlatformCommand"}
    platform = spec["components"]["schemas"]["PlatformCommand"]
    assert platform["properties"]["type"]["enum"] == list(PLATFORM_COMMANDS)


@pytest.mark.parametrize("name,game", registered_games(), ids=NAMES)
def test_each_game_documents_every_declared_command(spec, name, game):
    schema = spec["components"]["schemas"][_component(name)]
    assert schema["discriminator"]["propertyName"] == "type"
    assert set(schema["discriminator"]["mapping"]) == set(game.vocabulary.commands)
    assert len(schema["oneOf"]) == len(game.vocabulary.commands)


@pytest.mark.parametrize("name,game", registered_games(), ids=NAMES)
def test_legal_commands_fit_the_documented_schema_and_malformed_ones_do_not(spec, name, game):
    check = validator(spec, _component(name))
    playout = played(name, game.spec.min_players, 1)
    assert playout.commands
    for version, seat, command in playout.commands[:200]:
        state = playout.states[version - 1].game_state
        for legal in game.legal_commands(state, seat)[:50]:
            assert check.is_valid(legal), (legal, list(check.iter_errors(legal))[:1])
        assert not check.is_valid({**command, "not_a_field": 1})
        assert not check.is_valid({**command, "type": "not_a_command"})
