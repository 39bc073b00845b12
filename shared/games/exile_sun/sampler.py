"""Determinization for bots: a full state consistent with what `seat` sees, hidden parts
redrawn. Hidden from `seat` (view.py): other players' hands, Tech cards and agendas; every
deck's undecided contents (its own Reserve and Overhead too); the values of enemy fleets it
has not seen; secret allocations, commits and tactics not yet revealed."""
from shared.games.exile_sun.battle import commit_options, committed_cards, tactics_menu
from shared.games.exile_sun.budget import compositions, budget_points
from shared.games.exile_sun.state import ALLOCATE, Deck, replace, with_player


def _deal(pool, sizes, rng):
    rng.shuffle(pool)
    out, at = [], 0
    for n in sizes:
        out.append(tuple(sorted(pool[at:at + n])))
        at += n
    return out


def _ships(state, seat, rng):
    """Hand, Reserve pool and Overhead pool redrawn from their union (for `seat` itself only
    its two decks, whose contents it may not look at)."""
    for p in state.players:
        keep_hand = p.seat == seat
        pool = list(p.reserve.pool) + list(p.overhead.pool) + ([] if keep_hand else list(p.hand))
        sizes = [len(p.reserve.pool), len(p.overhead.pool)] + ([] if keep_hand else [len(p.hand)])
        dealt = _deal(sorted(pool), sizes, rng)
        hand = p.hand if keep_hand else dealt[2]
        state = with_player(state, p.seat, reserve=Deck(dealt[0], p.reserve.bottom),
                            overhead=Deck(dealt[1], p.overhead.bottom), hand=hand)
    return state


def _cards(state, seat, rng):
    """Other players' Tech cards and agendas, with the two decks' pools."""
    others = [p for p in state.players if p.seat != seat]
    tech = sorted(list(state.tech_deck.pool) + [t for p in others for t in p.techs])
    dealt = _deal(tech, [len(state.tech_deck.pool)] + [len(p.techs) for p in others], rng)
    state = replace(state, tech_deck=Deck(dealt[0], state.tech_deck.bottom))
    for p, techs in zip(others, dealt[1:]):
        state = with_player(state, p.seat, techs=techs)
    agenda = sorted(list(state.agenda_deck.pool) + [a for p in others for a in p.agendas])
    dealt = _deal(agenda, [len(state.agenda_deck.pool)] + [len(p.agendas) for p in others], rng)
    state = replace(state, agenda_deck=Deck(dealt[0], state.agenda_deck.bottom))
    for p, cards in zip(others, dealt[1:]):
        state = with_player(state, p.seat, agendas=cards)
    return state


def _tokens(state, seat, rng):
    """Unseen enemy fleet values shuffled with that player's unseen supply, keeping what the
    seat knows: a Shipyard token is on the map (until its card is lost) and a fleet in the
    battle being fought is no decoy (a decoy is removed as its battle begins, p16)."""
    fleets = list(state.fleets)
    fighting = set(state.battle.fleets) if state.battle is not None else set()
    for p in state.players:
        if p.seat == seat:
            continue
        hidden = [i for i, f in enumerate(fleets) if f.owner == p.seat
                  and f.kind != "scout" and f.id not in state.revealed
                  and (seat, f.id) not in state.known]
        supply = dict(p.supply)
        pool = [fleets[i].kind for i in hidden]
        pool += [k for k in ("heavy", "medium", "light", "decoy") for _ in range(supply.get(k, 0))]
        # Sorted first: listed fleet by fleet, the pool's order would carry the hidden values
        # into the shuffle (the bots' choices differed on tables the seat cannot tell apart).
        pool.sort()
        rng.shuffle(pool)
        rng.shuffle(hidden)
        drawn = {}
        if "shipyard" in pool:
            pool.remove("shipyard")
            drawn[hidden[0]] = "shipyard"
        for i in sorted(hidden, key=lambda i: fleets[i].id not in fighting):
            if i in drawn:
                continue
            pick = next((k for k in pool if k != "decoy"), pool[0]) \
                if fleets[i].id in fighting else pool[0]
            pool.remove(pick)
            drawn[i] = pick
        for i, kind in drawn.items():
            fleets[i] = replace(fleets[i], kind=kind)
        counts = {k: pool.count(k) for k in ("heavy", "medium", "light", "decoy")}
        counts["scout"] = supply.get("scout", 0)
        state = with_player(state, p.seat, supply=tuple(sorted(counts.items())))
    b = state.battle
    if b is not None:  # the battle's record of its fleets' values follows the redrawn fleets
        kinds = {f.id: f.kind for f in fleets}
        state = replace(state, battle=replace(b, tokens=tuple(
            kinds.get(fleet_id, token) for fleet_id, token in zip(b.fleets, b.tokens))))
    return replace(state, fleets=tuple(fleets))


def _secrets(state, seat, rng):
    """Choices others made in secret and not yet revealed are redrawn: that they chose is
    public (views show it), what they chose is not. A redrawn choice is one the rules allow
    them (a budget Tech card they may have played is not guessed)."""
    for p in state.players:
        if p.seat == seat:
            continue
        if p.allocation is not None and state.phase == ALLOCATE:   # revealed after it
            shares = list(compositions(budget_points(state, p.seat)))
            state = with_player(state, p.seat, allocation=rng.choice(shares), budget_tech=None)
        if p.discard_choice is not None:
            state = with_player(state, p.seat, discard_choice=(
                bool(p.hand) and rng.random() < 0.5, None))
    b = state.battle
    if b is not None:
        commits, tactics = list(b.commits), list(b.tactics)
        for side in (0, 1):
            other = b.seats[side]
            if other == seat:
                continue
            if commits[side] is not None:
                blank = replace(state, battle=replace(b, commits=(None, None)))
                commits[side] = committed_cards(blank, other,
                                                rng.choice(commit_options(blank, other)))
            if tactics[side] is not None:
                columns = rng.choice(tactics_menu(state, other))["columns"]
                tactics[side] = tuple((c["role"], c["ship"], c["power"]) for c in columns)
        state = replace(state, battle=replace(b, commits=tuple(commits), tactics=tuple(tactics)))
    return state


def sample(state, seat, rng):
    """A state `seat` cannot tell from the real one."""
    if state.result is not None:
        return state
    return _secrets(_tokens(_cards(_ships(state, seat, rng), seat, rng), seat, rng), seat, rng)
