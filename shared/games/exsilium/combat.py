"""Combats between players and against Newaru (rulebook, Combats; Newaru phases; Discard rules)."""
from shared.games.exsilium.board import tile_pos
from shared.games.exsilium.components import (ENEMY_CARDS, OUTCOME_DECK, card, level_for, strength,
                                              usable_cards)
from shared.games.exsilium.fate import check_win, defeat
from shared.games.exsilium.movement import paths, run_path, with_mini_at
from shared.games.exsilium.state import points
from shared.games.exsilium.table import (
    closest_deposit, figures, foes_of, portal_of, terrain, trapped_set)
from shared.games.exsilium.vocabulary import (
    BARALYTAS_GIVEN, BARALYTAS_RETURNED, CARDS_COMMITTED, CARDS_FATIGUED, CARD_CONCEDED,
    CARD_USED, CHOICE_OWED, COMBAT_AVOIDED, COMBAT_REVEALED, COMBAT_STARTED, COMBAT_WON,
    CONCEDE, DISCARD, DODGE, ENEMY_ACTION_REVEALED, ESCAPE_DECIDED, NEWARU_MOVED,
    NEWARU_REMOVED, OUTCOME_DRAWN, REWARD_TAKEN, TERMINAL_TOKEN_GIVEN, TOKENS_PAID)


def winner_discards(hand_size, reading="table"):
    """Cards the winner discards: 25% of the hand, as the rulebook's table rounds it
    (1 of 4, 1 of 5, 2 of 6, 2 of 7, 2 of 8), and at least 1 of a non-empty hand; with the
    option `winner_discard: quarter_up`, the text's "25% ... rounded up" (2 of 5, 3 of 9)."""
    if hand_size == 0:
        return 0
    if reading == "quarter_up":
        return -(-hand_size // 4)
    return max(1, (hand_size + 2) // 4)


def start(tx, mini, foe, newaru_first):
    """A combat begins between the seat in turn's miniature and a foe next to it."""
    seat = tx.state.active
    if foe[0] == "newaru":
        tx.emit(COMBAT_STARTED, kind="newaru", attacker=seat, mini=mini, foe=list(foe),
                stage="newaru", newaru_first=newaru_first)
        reveal_enemy_action(tx)
        return
    tx.emit(COMBAT_STARTED, kind="player", attacker=seat, mini=mini, foe=list(foe),
            stage="intimidation")
    # Cards a seat may fight with: another faction's type card "can only be used by a player
    # of the represented faction", so a hand of only such cards is no cards in a combat.
    if not fighting_cards(tx.state, foe[1]):
        # Replica: "If the attacked player has no cards, the attacker immediately wins."
        _conclude_players(tx, seat, foe[1], (), ())
    elif not fighting_cards(tx.state, seat):
        # The same rule the other way round (RULES_NOTES.md): an attacker with no cards can
        # propose none, so a defender holding cards wins at once -- the defender's hand counts.
        _conclude_players(tx, foe[1], seat, (), ())


def fighting_cards(state, seat) -> tuple:
    """The cards of the seat's hand it may commit to a combat (its own faction's)."""
    player = state.players[seat]
    return usable_cards(player.hand, player.faction)


def draw_outcome(tx, side, to_bonus=False):
    """Reveal one Outcome card (the deck is reshuffled when it runs out: AUTHORED)."""
    deck = tx.state.outcome_deck
    reshuffled = not deck
    deck = OUTCOME_DECK if reshuffled else deck
    value = tx.rng.choice(sorted(deck))
    tx.emit(OUTCOME_DRAWN, value=value, side=side, reshuffled=reshuffled, deck=list(deck),
            to_bonus=to_bonus)
    return value


def reveal_enemy_action(tx):
    """Newaru phase 1: an enemy action of the level of the player's Baralytas points."""
    combat = tx.state.combat
    level = level_for(points(tx.state.players[combat.attacker]))
    while True:
        deck = tx.state.enemy_decks[level]
        reshuffled = not deck
        if reshuffled:
            deck = tuple(sorted(k for k, c in ENEMY_CARDS.items() if c["level"] == level))
        key = tx.rng.choice(sorted(deck))
        tx.emit(ENEMY_ACTION_REVEALED, level=level, card=key, reshuffled=reshuffled,
                deck=list(deck))
        enemy = ENEMY_CARDS[key]
        if enemy["kind"] == "attack":
            if not fighting_cards(tx.state, combat.attacker):
                # Actions: attacked with no cards in hand, the player directly loses.
                _newaru_outcome(tx, False)
            return
        if enemy["effect"] == "outcome_then_action":
            draw_outcome(tx, "newaru", to_bonus=True)
            continue
        if enemy["effect"] != "lose_token":
            raise NotImplementedError(f"Exsilium: enemy effect {enemy['effect']!r} has no rule")
        if tx.state.players[combat.attacker].tokens:
            tx.emit(TOKENS_PAID, seat=combat.attacker, count=1, why="enemy_effect")
        tx.emit(COMBAT_AVOIDED, mini=combat.mini, foe=list(combat.foe), why="effect")
        return


def commit(tx, seat, cards):
    """Intimidation (attacker) or replica (defender): cards face down; revealed together."""
    combat = tx.state.combat
    if combat.kind == "newaru":
        tx.emit(CARDS_COMMITTED, seat=seat, cards=list(cards), count=len(cards))
        _newaru_reveal(tx, cards)
        return
    tx.emit(CARDS_COMMITTED, seat=seat, cards=list(cards), count=len(cards))
    if seat != combat.attacker:
        _players_reveal(tx, combat.committed, tuple(cards))


def _fight(tx, attack, defend, attacker_side, defender_side):
    """Revelation and Outcome: ties are broken by Outcome cards, attacker first."""
    while attack == defend:
        attack += draw_outcome(tx, attacker_side)
        defend += draw_outcome(tx, defender_side)
    return attack > defend


def _players_reveal(tx, attack_cards, defend_cards):
    combat = tx.state.combat
    a = sum(strength(c) for c in attack_cards)
    d = sum(strength(c) for c in defend_cards)
    tx.emit(COMBAT_REVEALED, attacker_cards=list(attack_cards), defender_cards=list(defend_cards),
            strengths=[a, d])
    attacker_wins = _fight(tx, a, d, "attacker", "defender")
    win, lose = (combat.attacker, combat.foe[1]) if attacker_wins else (combat.foe[1], combat.attacker)
    cards = attack_cards if lose == combat.attacker else defend_cards
    _conclude_players(tx, win, lose, cards, attack_cards if win == combat.attacker else defend_cards)


def _conclude_players(tx, win, lose, loser_cards, _winner_cards):
    """Conclusion: loser's tokens to the winner, a pool token, discards, the loser's miniature dies."""
    combat = tx.state.combat
    loser_mini = combat.mini if lose == combat.attacker else combat.foe[2]
    winner_mini = combat.mini if win == combat.attacker else combat.foe[2]
    tx.emit(COMBAT_WON, winner=win, loser=lose)
    _rewards(tx, win, faction=1, terminal=0)
    if tx.state.players[lose].terminal_tokens:
        tx.emit(TERMINAL_TOKEN_GIVEN, **{"from": lose, "to": win})
    node = defeat(tx, lose, loser_mini)
    tx.emit(CHOICE_OWED, kind=CONCEDE.name, seat=lose, tile=list(tile_pos(node)),
            cards=list(loser_cards), give_to=win, node=node,
            winner_node=tx.state.players[win].minis[winner_mini])
    _owe_discard(tx, win)
    _offer_escape(tx, win, winner_mini)


# --- Conclusion: "All combats are always resolved, but if the winner is still holding cards,
# they can choose one to move out of the conflict zone" (Spanish: "puede elegir moverse para
# abandonar la zona de conflicto") ------------------------------------------------------------

def conflict_foes(state, seat, mini):
    """The figures next to the seat's miniature that would fight it now (the conflict zone):
    for the seat in turn any foe not under truce; for another seat, the miniatures of the seat
    in turn (combats are executed by the player in turn)."""
    node = state.players[seat].minis[mini]
    if node is None or (seat, mini) in trapped_set(state):
        return []
    truce = state.turn.truce
    if seat == state.active:
        return [fig for _, fig in foes_of(state, seat, node) if (mini, fig) not in truce]
    me = ("seat", seat, mini)
    return [fig for _, fig in foes_of(state, seat, node)
            if fig[0] == "seat" and fig[1] == state.active and (fig[2], me) not in truce]


def escape_paths(state, seat, mini):
    """Moves of up to 2 nodes (1 from a sandstorm tile) with one card that end out of the
    conflict zone. The foes being left do not stop the move; any other foe does, and a move
    ending next to a foe is not an escape."""
    start = state.players[seat].minis[mini]
    left = frozenset((mini, fig) for fig in conflict_foes(state, seat, mini))
    length = 1 if terrain(state, tile_pos(start)) == "sandstorm" else 2
    return [p for p in paths(state, seat, mini, length, truce=left)
            if not conflict_foes(with_mini_at(state, seat, mini, p[-1]), seat, mini)]


def _offer_escape(tx, seat, mini):
    """Owe the winner the choice when it applies: the miniature is in a conflict zone, a card
    is left after the winner's discard, and some move leaves the zone."""
    state = tx.state
    player = state.players[seat]
    hand = len(player.hand)
    if hand - winner_discards(hand, state.options["winner_discard"]) <= 0 \
            or not usable_cards(player.hand, player.faction) \
            or not conflict_foes(state, seat, mini) or not escape_paths(state, seat, mini):
        return
    tx.emit(CHOICE_OWED, kind="escape", seat=seat, mini=mini,
            node=state.players[seat].minis[mini])


def escape(tx, seat, cid, path):
    """The winner uses one card to move out of the conflict zone (None: stays and fights)."""
    mini = tx.state.pending[0].mini
    left = frozenset((mini, fig) for fig in conflict_foes(tx.state, seat, mini))
    tx.emit(ESCAPE_DECIDED, seat=seat, mini=mini, leave=cid is not None)
    if cid is None:
        return
    tx.emit(CARD_USED, seat=seat, card=cid, use="move")
    run_path(tx, seat, mini, path, truce=left)


def _rewards(tx, seat, faction, terminal):
    state = tx.state
    got_f = min(faction, state.pool)
    got_t = min(terminal, state.terminal_reserve)
    if got_f or got_t:
        tx.emit(REWARD_TAKEN, seat=seat, faction_tokens=got_f, terminal_tokens=got_t)


def _owe_discard(tx, seat):
    n = winner_discards(len(tx.state.players[seat].hand), tx.state.options["winner_discard"])
    if n:
        tx.emit(CHOICE_OWED, kind=DISCARD.name, seat=seat, count=n)


def _newaru_reveal(tx, cards):
    combat = tx.state.combat
    enemy = ENEMY_CARDS[combat.enemy]
    mine = sum(strength(c) for c in cards)
    theirs = enemy["damage"] + combat.bonus
    tx.emit(COMBAT_REVEALED, attacker_cards=list(cards), defender_cards=[],
            strengths=[mine, theirs])
    if combat.newaru_first:
        won = not _fight(tx, theirs, mine, "newaru", "player")
    else:
        won = _fight(tx, mine, theirs, "player", "newaru")
    _newaru_outcome(tx, won, cards)


def _newaru_outcome(tx, won, cards=()):
    """Newaru conclusion: win a terminal and a faction token; or lose the miniature and a Baralytas."""
    combat = tx.state.combat
    seat, nid = combat.attacker, combat.foe[1]
    tx.emit(COMBAT_WON, winner=seat if won else None, loser=None if won else seat)
    if won:
        _rewards(tx, seat, faction=1, terminal=1)
        _remove_newaru(tx, seat, combat.mini, nid)
        _owe_discard(tx, seat)
        return
    node = defeat(tx, seat, combat.mini)
    tx.emit(CHOICE_OWED, kind=CONCEDE.name, seat=seat, tile=list(tile_pos(node)),
            cards=list(cards), give_to=-1, node=node, winner_node=tx.state.newaru.get(nid))


def _remove_newaru(tx, seat, mini, nid):
    """The Newaru leaves the board; across tiles it goes back to its portal (micro-rule)."""
    state = tx.state
    at = state.newaru[nid]
    mine = state.players[seat].minis[mini]
    portal = portal_of(state, tile_pos(at))
    if tile_pos(at) != tile_pos(mine) and portal is not None and portal not in figures(state):
        tx.emit(NEWARU_MOVED, id=nid, to=portal, why="micro_rule")
    else:
        tx.emit(NEWARU_REMOVED, id=nid)


def _return_from(state, pending):
    """Where "the closest Crystals Deposit" is measured from when a Newaru wins: the Newaru
    (English book, default: it takes the token) or the node where the miniature was defeated
    (Spanish book: "al yacimiento de cristales más cercano al nodo en el que la miniatura fue
    derrotada", option `baralytas_return: fallen`)."""
    if state.options.get("baralytas_return") == "fallen" or pending.winner_node is None:
        return pending.node
    return pending.winner_node


def concede(tx, seat, cid, node, value):
    """Loser's discard rule: a card to the supply deck with a faction token; a Baralytas token."""
    pending = tx.state.pending[0]
    player = tx.state.players[seat]
    if value is not None:
        if pending.give_to == -1:
            tx.emit(BARALYTAS_RETURNED, seat=seat, value=value,
                    node=closest_deposit(tx.state, _return_from(tx.state, pending)))
        else:
            tx.emit(BARALYTAS_GIVEN, **{"from": seat, "to": pending.give_to}, value=value)
    from_pool = player.tokens == 0
    if cid and from_pool and tx.state.pool == 0:
        node = None
    tx.emit(CARD_CONCEDED, seat=seat, card=cid, node=node, from_pool=from_pool)
    if value is not None and pending.give_to not in (-1, None):
        check_win(tx, pending.give_to)


def fatigue(tx, seat, cards, left=0):
    """The winner's discard; `left`: cards still owed (a large hand discards one at a time)."""
    tx.emit(CARDS_FATIGUED, seat=seat, cards=list(cards), left=left)


def dodge(tx, seat, cid):
    """Dodge: the attacked player avoids the fight; the card is discarded (Glossary)."""
    combat = tx.state.combat
    tx.emit(CARD_USED, seat=seat, card=cid, use=DODGE.name)
    tx.emit(COMBAT_AVOIDED, mini=combat.mini, foe=list(combat.foe), why=DODGE.name)


def avoid_newaru(tx, seat, cid, why):
    """Favorable Zone or an evadable attack: the enemy action has no effect."""
    combat = tx.state.combat
    tx.emit(CARD_USED, seat=seat, card=cid, use=why)
    tx.emit(COMBAT_AVOIDED, mini=combat.mini, foe=list(combat.foe), why=why)


def evade_type(state):
    """The card type that evades the revealed enemy attack, or None."""
    combat = state.combat
    if combat is None or combat.enemy is None:
        return None
    return ENEMY_CARDS[combat.enemy].get("evade")


def card_type(cid):
    return card(cid)["type"]
