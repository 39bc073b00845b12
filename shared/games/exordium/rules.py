"""Exordium rules: setup, decide, and the queries over state (to_act, legal_commands)."""
from shared.games.api import IllegalCommand, NotYourTurn
from shared.games.exordium import events
from shared.games.exordium.actions import after, choices, perform
from shared.games.exordium.board import AROUND_ARTIFACT, TERRAIN_CELLS, adjacent
from shared.games.exordium.components import (
    ACTION_CARDS, DRONE_VALUES, RESOURCES_FOR_BOTH_ACTIONS, TERRAIN_COUNTS)
from shared.games.exordium.spec import PURPLE, SEAT_COLOURS
from shared.games.exordium.state import OVER, SETUP, resource_count
from shared.games.exordium.vocabulary import CHOOSE_START, PLAY_ACTION_CARD


def setup(options, seats, rng):
    """Set up: shuffle the 24 Terrain cards onto the board and each player's 12-card deck."""
    terrain = [colour for colour, n in TERRAIN_COUNTS.items() for _ in range(n)]
    rng.shuffle(terrain)
    decks = []
    for _ in range(seats):
        deck = list(DRONE_VALUES)
        rng.shuffle(deck)
        decks.append(deck)
    return [events.terrain_dealt(dict(zip(TERRAIN_CELLS, terrain))),
            events.decks_shuffled(decks)]


def to_act(state):
    """The seat that must act now, or () once the game is over."""
    return () if state is None or state.phase == OVER else (state.turn,)


def start_options(state, seat):
    """Cells the seat may choose for its starting Outpost (rulebook, Set up)."""
    taken = [p.outposts[0] for p in state.players if p.outposts]
    return [cell for cell in AROUND_ARTIFACT
            if cell in state.board and not any(adjacent(cell, t) for t in taken)]


def _orders(player, card):
    """The Action sequences the player may use from `card` (one, or both in either order)."""
    first, second = ACTION_CARDS[card]
    orders = [(first,), (second,)]
    if resource_count(player, card) >= RESOURCES_FOR_BOTH_ACTIONS:
        orders += [(first, second), (second, first)]
    return orders


def _sequences(board, player, names):
    """Every list of concrete Actions for `names`, each done before the next is chosen."""
    if len(names) == 1:
        return [[action] for action in choices(board, player, names[0])]
    return [[action] + rest for action in choices(board, player, names[0])
            for rest in _sequences(*after(board, player, action), names[1:])]


def legal_commands(state, seat):
    """Every command the seat may send now; empty when it is not to act."""
    if seat not in to_act(state):
        return []
    if state.phase == SETUP:
        return [CHOOSE_START(cell=c) for c in start_options(state, seat)]
    board, player = state.board, state.players[seat]
    return [PLAY_ACTION_CARD(card=card, actions=actions)
            for card in state.face_up for names in _orders(player, card)
            for actions in _sequences(board, player, names)]


def decide(state, seat, command, rng):
    """Check a command from `seat` and return the events it causes."""
    if seat not in to_act(state):
        raise NotYourTurn("The game is over." if state is not None and state.phase == OVER
                          else "It is not your turn.")
    # The command's shape was checked against the vocabulary before (kit.checked_decide).
    return _COMMANDS[command["type"]](state, seat, command)


def _text(value):
    """A name field as text, or None: a list or a number is no name (and is never hashed)."""
    return value if isinstance(value, str) else None


def _choose_start(state, seat, command):
    if state.phase != SETUP:
        raise IllegalCommand("Starting spaces are chosen only during set up.")
    cell = _text(command.get("cell"))
    if cell not in AROUND_ARTIFACT:
        raise IllegalCommand("Your starting Outpost goes on one of the 8 Terrain spaces around "
                             "the Artifact (rulebook, Set up).")
    if cell not in state.board:
        raise IllegalCommand(f"{cell} already holds the other player's starting Outpost.")
    if cell not in start_options(state, seat):
        raise IllegalCommand(f"{SEAT_COLOURS[seat].capitalize()}'s starting space must be at "
                             "least 2 Terrain cards away from purple's Outpost: not "
                             "orthogonally next to it (rulebook, Set up).")
    return [events.start_chosen(seat, cell)]


def _play_action_card(state, seat, command):
    if state.phase == SETUP:
        raise IllegalCommand("Choose your starting space first (rulebook, Set up).")
    card = _face_up_card(state, _text(command.get("card")))
    names = _action_names(state, seat, card, command.get("actions"))
    board, player = state.board, state.players[seat]
    out = []
    for action, name in zip(command["actions"], names):
        action = {**action, "action": name}
        out += perform(state, seat, action, board, player)
        board, player = after(board, player, action)
    players = state.players[:seat] + (player,) + state.players[seat + 1:]
    return out + _end_of_turn(state, seat, card, board, players)


def _face_up_card(state, card):
    """The chosen Action card, which must be face up (rulebook, Turn)."""
    if card not in ACTION_CARDS:
        raise IllegalCommand(f"The Action cards are {list(ACTION_CARDS)}; got {card!r}.")
    if card not in state.face_up:
        raise IllegalCommand(f"The {card} Action card is face down; choose a face-up one "
                             "(rulebook, Turn).")
    return card


def _action_names(state, seat, card, actions):
    """The Actions chosen, checked against the card and the both-actions rule (rulebook, Turn)."""
    offered = ACTION_CARDS[card]
    if not isinstance(actions, list) or not 1 <= len(actions) <= 2 \
            or not all(isinstance(a, dict) for a in actions):
        raise IllegalCommand("Choose one Action of the card, or both if you may.")
    names = [_text(a.get("action")) for a in actions]
    if any(name not in offered for name in names):
        raise IllegalCommand(f"The {card} Action card offers {offered[0]} and {offered[1]} "
                             "only.")
    if len(names) == 2 and names[0] == names[1]:
        raise IllegalCommand("Each Action of the card may be used once.")
    held = resource_count(state.players[seat], card)
    if len(names) == 2 and held < RESOURCES_FOR_BOTH_ACTIONS:
        raise IllegalCommand(f"Using both Actions of the {card} card needs 2 or more {card} "
                             f"Resources; you have {held} (rulebook, Turn).")
    return names


def end_triggers(state):
    """The end game triggers that have occurred (rulebook, End game triggers)."""
    return _triggers(state.board, state.players)


def _triggers(board, players):
    found = []
    if any(not player.deck for player in players):
        found.append("deck_empty")
    if not board:
        found.append("board_empty")
    return found


def _end_of_turn(state, seat, card, board, players):
    """Flip the used card; when none is face up, end the game or turn all 3 face up.

    `board` and `players` are the table after the turn's Actions (decks and board are all
    the triggers read; the Actions never change which cards are face up).
    """
    flipped = events.action_card_flipped(seat, card)
    if any(face_up != card for face_up in state.face_up):
        return [flipped]
    triggers = _triggers(board, players)
    if triggers:
        return [flipped, events.game_ended(triggers)]
    return [flipped, events.action_cards_refreshed()]


_COMMANDS = {CHOOSE_START.name: _choose_start, PLAY_ACTION_CARD.name: _play_action_card}
