"""Turn flow and end game triggers (rulebook, after a card is used; END GAME TRIGGERS)."""
from dataclasses import replace

from shared.games.exordium import GAME
from shared.games.exordium.state import with_player
from tests.games.exordium.helpers import (
    EXAMINE, PURPLE, YELLOW, card, extract, given, table, types, when)


def _round_until_last(state):
    """Yellow uses blue, purple uses green: one face-up card (red) remains, yellow to act."""
    for seat, name in ((YELLOW, "blue"), (PURPLE, "green")):
        state = _apply(state, when(state, seat, card(name, EXAMINE)))
    return state


def _apply(state, evts):
    for event in evts:
        state = GAME.evolve(state, event)
    return state


def test_a_used_action_card_is_flipped_and_the_other_player_takes_a_turn():
    """After use the card is flipped; if face-up cards remain, the other player takes a turn."""
    evts = when(given(table()), YELLOW, card("blue", EXAMINE))
    assert evts[-1] == {"type": "ActionCardFlipped", "data": {"seat": YELLOW, "card": "blue"}}
    after = given(table(), evts)
    assert after.face_up == ("red", "green") and GAME.to_act(after) == (PURPLE,)


def test_when_no_card_is_face_up_and_no_trigger_all_three_flip_up_and_turn_passes():
    """If no end trigger has occurred, flip all 3 Action cards face up; the other player acts."""
    state = _round_until_last(given(table()))
    evts = when(state, YELLOW, card("red", extract("d4")))
    assert types(evts) == ["ResourceExtracted", "ActionCardFlipped", "ActionCardsRefreshed"]
    after = _apply(state, evts)
    assert after.face_up == ("red", "blue", "green") and GAME.to_act(after) == (PURPLE,)


def test_an_empty_deck_ends_the_game_when_the_last_card_is_flipped():
    """END GAME TRIGGERS: a player has no cards remaining in their deck."""
    state = with_player(_round_until_last(given(table())), PURPLE, deck=())
    evts = when(state, YELLOW, card("red", extract("d4")))
    assert evts[-1] == {"type": "GameEnded", "data": {"triggers": ["deck_empty"]}}
    after = _apply(state, evts)
    assert GAME.to_act(after) == () and GAME.outcome(after) is not None


def test_an_empty_board_ends_the_game_when_the_last_card_is_flipped():
    """END GAME TRIGGERS: there are no Terrain cards remaining on the board."""
    state = _round_until_last(given(table()))
    state = replace(state, board=frozenset())
    evts = when(state, YELLOW, card("red", extract("d4")))
    assert evts[-1] == {"type": "GameEnded", "data": {"triggers": ["board_empty"]}}


def test_triggers_are_only_checked_when_no_action_card_is_face_up():
    """A trigger mid-round does not end the game: the remaining face-up cards are played."""
    state = with_player(given(table()), PURPLE, deck=())
    evts = when(state, YELLOW, card("blue", EXAMINE))
    assert "GameEnded" not in types(evts)
    assert GAME.to_act(_apply(state, evts)) == (PURPLE,)


def test_no_one_acts_once_the_game_is_over():
    """The game ends and scoring takes place: nobody has a legal command."""
    state = with_player(_round_until_last(given(table())), PURPLE, deck=())
    after = _apply(state, when(state, YELLOW, card("red", extract("d4"))))
    assert GAME.legal_commands(after, PURPLE) == GAME.legal_commands(after, YELLOW) == []
