"""A log set up under another edition of Exile Sun's rules and authored components is not
re-executed (it would not give its own events again) but is refused, saying why; it still
folds as it was played (RULES_NOTES.md, "Logs of earlier editions")."""
import json
import random

import pytest

from services.match.verify import LogRefused, verify
from shared.games.exile_sun import GAME
from shared.games.exile_sun.components import EDITION
from shared.games.replay import apply
from tests.games.exile_sun.golden import LOG_FILE


def _golden():
    return [json.loads(line) for line in LOG_FILE.read_text(encoding="utf-8").splitlines()]


def _as_edition(events, edition):
    """The log with its GameSetUp written under `edition` (None: before editions were)."""
    out = []
    for event in events:
        if event["type"] == "GameSetUp":
            data = {k: v for k, v in event["data"].items() if k != "edition"}
            event = {**event, "data": data if edition is None else {**data, "edition": edition}}
        out.append(event)
    return out


def test_todays_setup_writes_the_edition():
    setup = GAME.setup(GAME.spec.resolve_options({}), 2, random.Random(0))
    assert setup[0]["type"] == "GameSetUp" and setup[0]["data"]["edition"] == EDITION


@pytest.mark.parametrize("edition, named", [(None, 1), (EDITION - 1, EDITION - 1)])
def test_a_log_of_an_earlier_edition_is_refused_re_execution_and_still_folds(edition, named):
    """Given the golden match's log with its GameSetUp written under an earlier edition (or
    none, as before editions were written), when it is verified from its seed, then it is
    refused at GameSetUp, naming both editions; folded, it ends as it was played."""
    events = _as_edition(_golden(), edition)
    version = next(e["v"] for e in events if e["type"] == "GameSetUp")
    with pytest.raises(LogRefused) as refused:
        verify(events, events[0]["seed"])
    assert refused.value.version == version
    assert f"edition {named} of Exile Sun's rules" in refused.value.why
    assert f"plays edition {EDITION}" in refused.value.why
    state = None
    for event in events:
        state = apply(state, event)
    assert GAME.outcome(state.game_state)["reason"] == events[-1]["data"]["reason"]
