"""Setup (rulebook, Setup 1-10): the table, factions, the secret first-player bid, starting tiles."""
from shared.games.api import InvalidOptions
from shared.games.exsilium.board import pos_key, tile_nodes
from shared.games.exsilium.components import (
    BARALYTAS_DECK, ENEMY_CARDS, FACTIONS, OUTCOME_DECK, SCENARIOS, STARTING_TILES,
    TERMINAL_TOKENS, TILES, UPGRADED_CARDS, basic_deck)
from shared.games.exsilium.messages import refuse
from shared.games.exsilium.spec import DEFAULT_SCENARIO, SPEC
from shared.games.exsilium.vocabulary import (
    BID, BIDS_REVEALED, BID_PLACED, CHOOSE_FACTION, CHOOSE_START, FACTION_CHOSEN, MATCH_SET_UP,
    START_CHOSEN)


def setup(options, seats, rng):
    """Lay out the scenario's starting tiles, deal basic decks, reveal 4 upgraded cards."""
    options = SPEC.resolve_options(options)
    if not SPEC.min_players <= seats <= SPEC.max_players:
        raise InvalidOptions({"seats": "Exsilium is for 2 to 4 players."})
    options["scenario"] = options["scenario"] or DEFAULT_SCENARIO[seats]
    layout = SCENARIOS[options["scenario"]]
    if layout["players"] != seats:
        raise InvalidOptions({"scenario": f"Scenario {options['scenario']} is for "
                                          f"{layout['players']} players, not {seats}."})
    placed = {pos_key(pos): tile for tile, pos in layout["starts"]}
    used = set(placed.values())
    stack = sorted(t for t in TILES if t not in used)
    terminals = sorted(n for tile, pos in layout["starts"]
                       for n, k in tile_nodes(tile, tuple(pos)).items() if k == "T")
    deck = sorted(UPGRADED_CARDS)
    row = []
    for _ in range(4):
        row.append(rng.choice(deck))
        deck.remove(row[-1])
    enemy = {}
    for key, c in sorted(ENEMY_CARDS.items()):
        enemy.setdefault(c["level"], []).append(key)
    return [MATCH_SET_UP(seats=seats, options=options, placed=placed,
                         facedown=[pos_key(p) for p in layout["facedown"]], stack=stack,
                         terminal_tokens=terminals,
                         terminal_reserve=TERMINAL_TOKENS - len(terminals),
                         decks={str(s): list(basic_deck(s)) for s in range(seats)},
                         upgrade_deck=deck, row=row, enemy_decks=enemy,
                         outcome=list(OUTCOME_DECK), baralytas=list(BARALYTAS_DECK))]


def start_nodes(state):
    """Activation nodes of the scenario's starting tiles that no player has chosen yet."""
    taken = {p.start for p in state.players}
    return sorted(n for n, k in state.kinds.items() if k == "A" and n not in taken)


def faction_commands(state, seat):
    taken = {p.faction for p in state.players}
    return [CHOOSE_FACTION(faction=f) for f in FACTIONS if f not in taken]


def most_bid(state, seat):
    """A bid keeps back the token that marks the starting tile (Game board; AUTHORED)."""
    return state.players[seat].tokens - 1


def bid_commands(state, seat):
    return [BID(amount=n) for n in range(most_bid(state, seat) + 1)]


def start_commands(state, seat):
    return [CHOOSE_START(node=n) for n in start_nodes(state)]


def do_faction(tx, seat, cmd):
    if cmd not in faction_commands(tx.state, seat):
        refuse(tx.state, "faction_taken")
    tx.emit(FACTION_CHOSEN, seat=seat, faction=cmd["faction"])


# After this many tied reveals in a row, the next tie is settled by lot (RULES_NOTES.md).
MOST_TIED_BIDS = 3


def do_bid(tx, seat, cmd):
    """Setup 3: a closed-hand bet; revealed together once every bidder has bet."""
    amount = cmd.get("amount")
    most = most_bid(tx.state, seat)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= most:
        refuse(tx.state, "bid_range", tokens=most)
    tx.emit(BID_PLACED, seat=seat, amount=amount)
    state = tx.state
    if any(state.players[s].bid is None for s in state.bidders):
        return
    bids = {str(s): state.players[s].bid for s in state.bidders}
    top = max(bids.values())
    best = sorted(int(s) for s, v in bids.items() if v == top)
    tied = best if len(best) > 1 else []
    if tied and state.tied_bids >= MOST_TIED_BIDS:
        # Ours, a safety limit: "a tie means a new bid" has no end of its own, and two
        # players (two bots) who keep bidding alike would never start the match.
        tx.emit(BIDS_REVEALED, bids=bids, first=tx.rng.choice(tied), tied=[], by_lot=tied)
        return
    tx.emit(BIDS_REVEALED, bids=bids, first=None if tied else best[0], tied=tied)


def do_start(tx, seat, cmd):
    if cmd not in start_commands(tx.state, seat):
        refuse(tx.state, "start_slot")
    tx.emit(START_CHOSEN, seat=seat, node=cmd["node"])
