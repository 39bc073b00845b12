"""Defeat of miniatures, ability release, and the win check (rulebook, Winning the game)."""
from shared.games.exsilium.components import RELEASE
from shared.games.exsilium.state import goal, points
from shared.games.exsilium.vocabulary import ABILITY_RELEASED, MATCH_ENDED, MINIATURE_DEFEATED


def defeat(tx, seat, mini):
    """The miniature returns to its player board; the ability may be released (Factions)."""
    node = tx.state.players[seat].minis[mini]
    tx.emit(MINIATURE_DEFEATED, seat=seat, mini=mini, node=node)
    # A trapped miniature that dies frees the Wardun token's hold (it no longer exists).
    for owner, player in enumerate(tx.state.players):
        if player.trapped == (seat, mini):
            tx.emit(ABILITY_RELEASED, seat=owner, freed=[seat, mini], reason="trapped_died")
    # Release ability: "when 2 miniatures from the Wardun faction have been defeated" --
    # defeated ones, lying on the player board; a miniature never deployed does not count.
    player = tx.state.players[seat]
    if player.slots and len(player.fallen) >= RELEASE[player.faction]:
        tx.emit(ABILITY_RELEASED, seat=seat,
                freed=list(player.trapped) if player.trapped else None, reason="release")
    return node


def result(state, winner, reason):
    """Ranks and scores by Baralytas points; the winner (if any) ranks first. Without a
    winner (our round limit: the book has no such ending) every seat draws (RULES_NOTES.md)."""
    scores = [points(p) for p in state.players]
    if winner is None:
        return {"ranks": [1] * state.seats, "scores": scores, "winner": None, "reason": reason}
    keyed = sorted(range(state.seats), key=lambda s: (s != winner, -scores[s]))
    ranks = [0] * state.seats
    for place, seat in enumerate(keyed):
        same = place and seat != winner and scores[seat] == scores[keyed[place - 1]] \
            and keyed[place - 1] != winner
        ranks[seat] = ranks[keyed[place - 1]] if same else place + 1
    return {"ranks": ranks, "scores": scores, "winner": winner, "reason": reason}


def check_win(tx, seat):
    """Reaching the goal of Baralytas points wins the game immediately."""
    state = tx.state
    if state.result is None and points(state.players[seat]) >= goal(state):
        tx.emit(MATCH_ENDED, result=result(state, seat, "goal"))
        return True
    return False
