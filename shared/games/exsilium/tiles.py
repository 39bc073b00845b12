"""Revealing face-down tiles with their tokens (rulebook, Tokens and enemies on tiles)."""
from shared.games.exsilium.board import pos_key, tile_nodes
from shared.games.exsilium.state import figures
from shared.games.exsilium.table import next_newaru_id
from shared.games.exsilium.vocabulary import TILE_REVEALED


def reveal(tx, pos):
    """Draw a tile from the stack for `pos` and place its Baralytas, terminal tokens and Newaru."""
    state, rng = tx.state, tx.rng
    tile = rng.choice(sorted(state.stack))
    nodes = tile_nodes(tile, pos)
    deck = sorted(state.baralytas_deck)
    baralytas = {}
    for n in sorted(n for n, k in nodes.items() if k == "D"):
        if deck:
            value = rng.choice(deck)
            deck.remove(value)
            baralytas[str(n)] = value
    terminals = sorted(n for n, k in nodes.items() if k == "T")[:state.terminal_reserve]
    newaru = {}
    portal = next((n for n, k in nodes.items() if k == "P"), None)
    nid = next_newaru_id(state)
    if portal is not None and nid is not None and portal not in figures(state):
        newaru[str(nid)] = portal
    tx.emit(TILE_REVEALED, pos=pos_key(pos), tile=tile, baralytas=baralytas,
            terminals=terminals, newaru=newaru)
