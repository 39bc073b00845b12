"""The engine kit's declarations: shapes checked from the declaration alone, upcasters,
message catalogues and the decide-by-evolving transaction."""
import random

import pytest

from shared.games.api import IllegalCommand, MalformedCommand
from shared.games.kit import (Catalogue, CommandType, EventType, Transaction, Vocabulary,
                              anything, choice, flag, integer, listing, text, variant)

MOVE = CommandType("move", {"to": integer(0, 9), "fast": flag(required=False),
                            "path": listing(integer(0, 9), max_length=3, required=False)})
SAY = CommandType("say", {"words": text(max_length=5, nullable=True),
                          "how": choice("loud", "soft")})
ACT = CommandType("act", {"steps": listing(variant("do", {"walk": {"to": integer(0, 3)},
                                                            "wait": {}}), max_length=2),
                          "extra": anything(required=False)})
MOVED = EventType("Moved")
VOCABULARY = Vocabulary("Test game", [MOVE, SAY, ACT], [MOVED])


@pytest.mark.parametrize("command", [
    {"type": "move", "to": 3}, {"type": "move", "to": 0, "fast": True, "path": [1, 2]},
    {"type": "say", "words": None, "how": "loud"}, {"type": "say", "words": "hi", "how": "soft"},
    {"type": "act", "steps": [{"do": "walk", "to": 2}, {"do": "wait"}]},
    {"type": "act", "steps": [], "extra": {"a": [1, "b", None]}},
])
def test_well_formed_commands_pass(command):
    assert VOCABULARY.command_problems(command) == {}
    VOCABULARY.check_command(command)


@pytest.mark.parametrize("command, field", [
    ({"type": "fly"}, "type"), ({"to": 1}, "type"), ([], "command"),
    ({"type": "move"}, "to"), ({"type": "move", "to": 10}, "to"),
    ({"type": "move", "to": True}, "to"), ({"type": "move", "to": 1, "x": 1}, "x"),
    ({"type": "move", "to": 1, "path": [1, 2, 3, 4]}, "path"),
    ({"type": "move", "to": 1, "path": ["a"]}, "path"),
    ({"type": "say", "words": "toolong", "how": "loud"}, "words"),
    ({"type": "say", "words": "hi", "how": "shout"}, "how"),
    ({"type": "act", "steps": [{"do": "walk"}]}, "steps"),
    ({"type": "act", "steps": [{"do": "wait", "to": 1}]}, "steps"),
    ({"type": "act", "steps": [{"do": "run"}]}, "steps"),
    ({"type": "act", "steps": [], "extra": [[[[[[1]]]]]]}, "extra"),
    ({"type": "act", "steps": [], "extra": list(range(100))}, "extra"),
])
def test_malformed_commands_name_the_field(command, field):
    assert field in VOCABULARY.command_problems(command)
    with pytest.raises(MalformedCommand) as refusal:
        VOCABULARY.check_command(command)
    assert field in refusal.value.fields


def test_json_schema_is_discriminated_by_type():
    schema = VOCABULARY.command_json_schema()
    assert schema["discriminator"] == {"propertyName": "type"}
    assert [s["properties"]["type"]["enum"] for s in schema["oneOf"]] == [["act"], ["move"],
                                                                         ["say"]]


def test_types_are_declared_once():
    with pytest.raises(ValueError, match="declared twice"):
        Vocabulary("Twice", [MOVE, MOVE], [])


def test_upcasters_carry_old_data_to_todays_shape():
    scored = EventType("Scored", version=3, upcasters=(
        lambda d: {"points": d["pts"]}, lambda d: {**d, "bonus": 0}))
    vocabulary = Vocabulary("Up", [], [scored])
    old = {"type": "Scored", "data": {"pts": 4}}
    assert vocabulary.current(old, None) == {"type": "Scored", "data": {"points": 4, "bonus": 0}}
    assert vocabulary.current(old, 1) == vocabulary.current(old, None)
    now = {"type": "Scored", "data": {"points": 1, "bonus": 2}}
    assert vocabulary.current(now, 3) is now
    with pytest.raises(ValueError):
        vocabulary.current(old, 4)
    with pytest.raises(ValueError, match="upcaster"):
        EventType("Broken", version=2)


def test_catalogue_needs_every_language_and_refuses_in_the_players():
    with pytest.raises(ValueError, match="nope/es"):
        Catalogue({"nope": {"en": "No."}}, languages=("en", "es"))
    catalogue = Catalogue({"far": {"en": "{n} is too far.", "es": "{n} está lejos."}},
                          languages=("en", "es"))
    with pytest.raises(IllegalCommand) as refusal:
        catalogue.refuse("far", "es", n=3)
    assert (refusal.value.rule, refusal.value.key) == ("3 está lejos.", "far")
    assert catalogue.text("far", "xx", n=1) == "1 is too far."
    assert catalogue.text("over", "es") == "La partida ha terminado."


def test_transaction_folds_each_event_as_it_is_emitted():
    tx = Transaction(0, random.Random(1), lambda total, e: total + e["data"]["by"])
    tx.emit(EventType("Added"), by=2)
    tx.emit(EventType("Added"), by=3)
    assert tx.state == 5 and [e["data"]["by"] for e in tx.events] == [2, 3]
