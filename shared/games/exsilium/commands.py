"""Exsilium commands: the exact keys and JSON types of each command (checked before any rule).

`decide` refuses a command of the wrong shape with IllegalCommand, so a command from the bus
(bots) that skipped the HTTP schema can never be half-read with defaults.
"""
_INT, _BOOL, _STR, _LIST = "int", "bool", "str", "list"
_NULL_INT, _NULL_STR = "int|null", "str|null"

SHAPES = {
    "choose_faction": {"faction": _STR}, "bid": {"amount": _INT}, "choose_start": {"node": _INT},
    "move": {"card": _STR, "mini": _INT, "path": _LIST, "action": _BOOL, "control": _BOOL},
    "activate": {"card": _STR, "node": _INT},
    "drop": {"card": _STR, "node": _INT, "face": _STR}, "remove_card": {"card": _STR},
    "activate_terminal": {"node": _INT}, "access_upgrades": {}, "leave_upgrades": {},
    "buy": {"slots": _LIST, "paid": _LIST}, "end_turn": {},
    "commit": {"cards": _LIST}, "discard": {"cards": _LIST}, "dodge": {"card": _STR},
    "evade": {"card": _STR}, "favorable_zone": {"card": _STR},
    "concede": {"card": _NULL_STR, "node": _NULL_INT, "baralytas": _NULL_INT},
    "leave_conflict": {"card": _STR, "path": _LIST}, "stay": {}, "displace": {"node": _INT},
}
# `play` and `ability` carry the parameters of the card or faction; they are compared whole
# with the legal ones. `cycle_upgrades` names a slot only when one card is discarded.
FREE_FORM = ("play", "ability", "cycle_upgrades")


def _fits(value, kind):
    if value is None:
        return kind.endswith("|null")
    base = kind.split("|")[0]
    if base == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if base == _BOOL:
        return isinstance(value, bool)
    if base == _STR:
        return isinstance(value, str)
    return isinstance(value, list) and all(
        isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)


def shape_problem(command, upgrade_discard="one"):
    """None if the command has exactly its type's keys with the right JSON types."""
    kind = command.get("type")
    if kind == "cycle_upgrades":
        shape = {"slot": _INT} if upgrade_discard == "one" else {}
    elif kind in FREE_FORM:
        return None
    else:
        shape = SHAPES.get(kind)
    if shape is None:
        return "type"
    keys = set(command) - {"type"}
    if keys != set(shape):
        return "keys"
    bad = [k for k, t in shape.items() if not _fits(command[k], t)]
    return "types" if bad else None
