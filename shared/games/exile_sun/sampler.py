"""Determinization for bots: a full state consistent with what `seat` sees, hidden parts
redrawn. Hidden from `seat` (view.py): other players' hands, Tech cards and agendas; every
deck's undecided contents (its own Reserve and Overhead too); the values of enemy fleets it
has not seen; secret allocations, commits and tactics not yet revealed."""
from shared.games.exile_sun.state import Deck, replace, with_player


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
    """Unseen enemy fleet values shuffled with that player's unseen supply."""
    fleets = list(state.fleets)
    for p in state.players:
        if p.seat == seat:
            continue
        hidden = [i for i, f in enumerate(fleets) if f.owner == p.seat
                  and f.kind not in ("scout",) and f.id not in state.revealed
                  and (seat, f.id) not in state.known]
        supply = dict(p.supply)
        kinds = [fleets[i].kind for i in hidden]
        kinds += [k for k in ("heavy", "medium", "light", "decoy") for _ in range(supply.get(k, 0))]
        rng.shuffle(kinds)
        for i, kind in zip(hidden, kinds):
            fleets[i] = replace(fleets[i], kind=kind)
        rest = kinds[len(hidden):]
        counts = {k: rest.count(k) for k in ("heavy", "medium", "light", "decoy")}
        counts["scout"] = supply.get("scout", 0)
        state = with_player(state, p.seat, supply=tuple(sorted(counts.items())))
    return replace(state, fleets=tuple(fleets))


def _secrets(state, seat):
    """Choices others made in secret and not yet revealed are forgotten: they choose again."""
    for p in state.players:
        if p.seat != seat:
            state = with_player(state, p.seat, allocation=None, budget_tech=None,
                                discard_choice=None)
    b = state.battle
    if b is not None:
        hide = [side for side in (0, 1) if b.seats[side] != seat]
        commits = tuple(None if side in hide else c for side, c in enumerate(b.commits))
        tactics = tuple(None if side in hide else t for side, t in enumerate(b.tactics))
        state = replace(state, battle=replace(b, commits=commits, tactics=tactics))
    return state


def sample(state, seat, rng):
    """A state `seat` cannot tell from the real one."""
    if state.result is not None:
        return state
    return _secrets(_tokens(_cards(_ships(state, seat, rng), seat, rng), seat, rng), seat)
