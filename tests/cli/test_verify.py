"""`orrery verify` and `orrery import` re-execute a log (services/match/verify.py): every
untampered log of every game is accepted and imports and replays identically; a log with
any single event changed, added or removed is refused with the first version that differs,
and nothing is written. Logs are recorded as the match service records them
(tests/cli/recorded.py) and exported as it exports them."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from services.cli import replay_checked
from tests.cli.conftest import keys_of
from tests.cli.recorded import recorded_lines
from tests.contract.playouts import positions, registered_games

LOGS = Path(__file__).parent / "logs"
# Seeds of the random playouts per game, at its fewest seats (recorded.endings: a fifth end
# by a resignation, a fifth are aborted). A game not listed (a new one) gets one match
# played to the end and one resigned: an Exsilium match takes ~20 s to play at random here
# (its legal moves are many) and ~2 s to re-execute. Every other seat count is set up and
# aborted (seed 4 + 5 * seats).
SEEDS = {"tictactoe": range(12), "exordium": range(8), "nexum": range(5)}
# Tamperings of each kind per log, at seeded random places (each one re-executes the log
# up to where it differs); games not listed get one of each.
PER_KIND = {"tictactoe": 3, "exordium": 3, "nexum": 2}


def _untampered():
    for name, game in registered_games():
        low, high = game.spec.min_players, game.spec.max_players
        for seed in SEEDS.get(name, (0, 3)):
            yield name, low, seed
        for seats in range(low + 1, high + 1):
            yield name, seats, 4 + 5 * seats


UNTAMPERED = list(_untampered())
# (game, seats, seed, tamperings per kind): Exordium's seed 1 is the one the rule examples
# below use.
TAMPERED = [(name, game.spec.min_players, 1 if name == "exordium" else 0, PER_KIND.get(name, 1))
            for name, game in registered_games()]


def _lines(redis_url, name, seats, seed) -> list:
    return [json.loads(line) for line in recorded_lines(redis_url, name, seats, seed)]


def _write(tmp_path, lines, name="log.ndjson") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.mark.parametrize("name,seats,seed", [pytest.param(*t, id="{}-{}-{}".format(*t))
                                              for t in UNTAMPERED])
def test_an_untampered_log_verifies_imports_and_replays_identically(
        orrery, redis_url, tmp_path, name, seats, seed):
    lines = _lines(redis_url, name, seats, seed)
    path = _write(tmp_path, lines)
    code, out, err = orrery("verify", str(path))
    assert code == 0, err
    assert json.loads(out) == {"match_id": lines[0]["data"]["match_id"], "verified": True,
                               "re_executed": len(lines), "version": len(lines)}
    code, out, err = orrery("import", str(path))
    assert code == 0, err
    match_id = json.loads(out)["match_id"]
    assert match_id == lines[0]["data"]["match_id"]  # its own id, free here
    assert orrery("verify", match_id)[0] == 0
    code, out, _ = orrery("export", match_id)
    assert code == 0 and [json.loads(line) for line in out.splitlines()] == lines
    for version in (i + 1 for i in positions(len(lines), 8, seed)):
        from_file = orrery("replay", str(path), "--version", str(version))
        stored = orrery("replay", match_id, "--version", str(version))
        assert from_file[0] == 0 and from_file == stored


# -- tampering --------------------------------------------------------------------------

def _renumbered(lines):
    out = [dict(line) for line in lines]
    for v, line in enumerate(out, 1):
        line["v"] = v
    return out


def _changed(value, rng):
    """A different JSON value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-1, 1))
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, dict):
        return {**value, "tampered": True}
    return 0 if value is None else None


def _change(lines, i, rng):
    data = lines[i]["data"]
    key = rng.choice(sorted(data)) if data else None
    tampered = [dict(line) for line in lines]
    tampered[i]["data"] = ({**data, key: _changed(data[key], rng)} if key
                           else {"tampered": True})
    return tampered


def _same(a, b):
    return (a["type"], a["data"], a.get("cause")) == (b["type"], b["data"], b.get("cause"))


def _a_whole_command(lines, i) -> bool:
    """Whether event i is all that its command wrote (it carries the cause, and the next
    event starts another command or there is none). Without it the log is that of a match
    where the command was never sent: re-execution finds it only where the two histories
    part, at the next draw of the server's chance (seeded by version) or never, so it is
    not a removal whose version can be named."""
    return bool(lines[i].get("cause")) and (i + 1 == len(lines) or bool(lines[i + 1].get("cause")))


def tamperings(lines, seed, per_kind):
    """(kind, tampered lines, the first version that differs) at seeded random places:
    an event's data changed, an event added (a copy of one, after it), an event removed,
    and an event added after the end (without and with a cause of its own)."""
    rng = random.Random(seed)
    n = len(lines)
    out = []
    for _ in range(per_kind):
        i = rng.randrange(1, n)  # MatchCreated states what was asked for: not re-executed
        out.append(("changed", _change(lines, i, rng), i + 1))
    for _ in range(per_kind):
        i = rng.randrange(1, n)
        if i + 1 < n and _same({**lines[i], "cause": None}, lines[i + 1]):
            continue  # a copy of an event just before its twin differs only later
        copy = {key: value for key, value in lines[i].items() if key != "cause"}
        out.append(("added", _renumbered(lines[:i + 1] + [copy] + lines[i + 1:]), i + 2))
    for _ in range(per_kind):
        for _ in range(100):
            i = rng.randrange(1, n)
            if not (i + 1 < n and _same(lines[i], lines[i + 1])) and \
                    not _a_whole_command(lines, i):
                break
        else:
            continue
        out.append(("removed", _renumbered(lines[:i] + lines[i + 1:]), i + 1))
    last = {key: value for key, value in lines[-1].items() if key != "cause"}
    out.append(("after the end", lines + [{**last, "v": n + 1}], n + 1))
    resign = {"v": n + 1, "type": "SeatResigned", "schema": 1, "data": {"seat": 0},
              "at": lines[-1]["at"], "cause": {"seat": 0, "command": {"type": "resign"},
                                                "source": "http"}}
    out.append(("a resignation after the end", lines + [resign], n + 1))
    return out


@pytest.mark.parametrize("name,seats,seed,per_kind",
                         [pytest.param(*t, id=f"{t[0]}-{t[2]}") for t in TAMPERED])
def test_every_single_tampering_is_refused_with_the_version_that_differs(
        orrery, redis_url, redis_client, namespace, tmp_path, name, seats, seed, per_kind):
    lines = _lines(redis_url, name, seats, seed)
    for kind, tampered, version in tamperings(lines, seed, per_kind):
        path = _write(tmp_path, tampered)
        code, out, err = orrery("verify", str(path))
        assert code == 1 and out == "", (kind, out)
        assert f"event v{version}:" in err, (kind, version, err)
        code, out, err = orrery("import", str(path))
        assert code == 1 and f"event v{version}:" in err, (kind, err)
        assert keys_of(redis_client, namespace) == [], kind  # nothing written


def _exordium(redis_url):
    return _lines(redis_url, "exordium", 2, 1)


def _first(lines, kind):
    return next(i for i, line in enumerate(lines) if line["type"] == kind)


def test_exordium_a_start_on_the_artifact_is_refused(orrery, redis_url, tmp_path):
    lines = _exordium(redis_url)
    i = _first(lines, "StartChosen")
    tampered = [dict(line) for line in lines]
    tampered[i]["data"] = {**lines[i]["data"], "cell": "c3"}  # the Artifact's cell
    code, _, err = orrery("verify", str(_write(tmp_path, tampered)))
    assert code == 1 and f"event v{i + 1}:" in err and '"cell":"c3"' in err


def test_exordium_a_drawn_colour_that_contradicts_the_deal_is_refused(orrery, redis_url,
                                                                     tmp_path):
    lines = _exordium(redis_url)
    i = _first(lines, "ResourceExtracted")
    data = lines[i]["data"]
    dealt = lines[_first(lines, "TerrainDealt")]["data"]["colours"][data["terrain"]]
    assert data["colour"] == dealt
    other = next(c for c in sorted(set(dealt_colours(lines))) if c != dealt)
    tampered = [dict(line) for line in lines]
    tampered[i]["data"] = {**data, "colour": other}
    replay_checked(tampered)  # the fold alone (import before re-execution) accepted it
    code, _, err = orrery("verify", str(_write(tmp_path, tampered)))
    assert code == 1 and f"event v{i + 1}:" in err


def dealt_colours(lines):
    return lines[_first(lines, "TerrainDealt")]["data"]["colours"].values()


def test_exordium_an_event_after_the_end_that_changes_the_winner_is_refused(
        orrery, redis_url, tmp_path):
    lines = _exordium(redis_url)
    winner = replay_checked(lines).outcome["ranks"].index(1)
    n = len(lines)
    resigned = {"v": n + 1, "type": "SeatResigned", "schema": 1, "data": {"seat": winner},
                "at": lines[-1]["at"],
                "cause": {"seat": winner, "command": {"type": "resign"}, "source": "http"}}
    tampered = lines + [resigned]
    assert replay_checked(tampered).outcome["ranks"][winner] != 1  # the fold would believe it
    code, _, err = orrery("verify", str(_write(tmp_path, tampered)))
    assert code == 1 and f"event v{n + 1}:" in err and "is refused" in err


# -- logs written before this change, and before CellMarked's shape changed --------------

def test_a_log_exported_before_commands_were_recorded_imports_and_says_so(orrery, tmp_path):
    path = LOGS / "tictactoe-before-versions.ndjson"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert all("schema" not in line and "cause" not in line for line in lines)
    code, out, _ = orrery("verify", str(path))
    assert code == 2
    verdict = json.loads(out)
    assert verdict["verified"] is False and verdict["re_executed"] == 0
    assert "written before the commands behind them were recorded" in verdict["not_re_executed"]
    code, out, err = orrery("import", str(path))
    assert code == 0, err
    imported = json.loads(out)
    assert imported["verified"] is False and imported["version"] == len(lines)
    code, out, _ = orrery("export", imported["match_id"])
    exported = [json.loads(line) for line in out.splitlines()]
    assert [e["schema"] for e in exported] == [1] * len(lines)  # no version: version 1
    assert [(e["type"], e["data"], e["at"]) for e in exported[1:]] == \
        [(e["type"], e["data"], e["at"]) for e in lines[1:]]
    final = json.loads(orrery("replay", imported["match_id"])[1])
    assert final == json.loads(orrery("replay", str(path))[1])
    assert final["status"] == "finished" and final["view"]["board"].count(None) == 0


def test_a_log_of_cellmarked_version_1_verifies_through_its_upcaster(orrery, tmp_path):
    """The log was exported (with causes and seed) while CellMarked was {seat, cell}, at
    version 1; CellMarked is now version 2 ({seat, cell, mark}). Re-execution produces
    version 2 events, and the stored ones match them once upcast."""
    path = LOGS / "tictactoe-cellmarked-v1.ndjson"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    marked = [line for line in lines if line["type"] == "CellMarked"]
    assert marked and all(line["schema"] == 1 and "mark" not in line["data"]
                          for line in marked)
    code, out, err = orrery("verify", str(path))
    assert code == 0, err
    assert json.loads(out)["verified"] is True
    code, out, err = orrery("import", str(path))
    assert code == 0, err
    match_id = json.loads(out)["match_id"]
    final = json.loads(orrery("replay", match_id)[1])
    assert final["status"] == "finished" and final["outcome"]["winner"] == 0
    code, out, _ = orrery("export", match_id)
    assert [json.loads(line) for line in out.splitlines()] == lines  # stored as it was
    # Claiming the old shape is already version 2 skips the upcaster: then it differs.
    i = lines.index(marked[0])
    claimed = [dict(line) for line in lines]
    claimed[i]["schema"] = 2
    code, _, err = orrery("verify", str(_write(tmp_path, claimed)))
    assert code == 1 and f"event v{i + 1}:" in err and '"mark":"X"' in err
    unknown = [dict(line) for line in lines]
    unknown[i]["schema"] = 3
    code, _, err = orrery("verify", str(_write(tmp_path, unknown)))
    assert code == 1 and f"event v{i + 1}:" in err and "no schema version 3" in err


def test_a_log_without_its_seed_is_folded_and_says_so(orrery, redis_url, tmp_path):
    lines = _lines(redis_url, "exordium", 2, 2)
    unseeded = [{key: value for key, value in line.items() if key != "seed"}
                for line in lines]
    code, out, _ = orrery("verify", str(_write(tmp_path, unseeded)))
    assert code == 2 and "carries no seed" in json.loads(out)["not_re_executed"]
