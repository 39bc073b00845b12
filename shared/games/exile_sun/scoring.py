"""Victory points (p14-15), the tie-breaks and the ranks of a finished game."""
from shared.games.exile_sun.board import planets
from shared.games.exile_sun.state import planet_owner, planets_of


def holds_home(state, seat) -> bool:
    """Both planets of the seat's own System (p15: one private VP)."""
    slot = state.players[seat].slot
    if slot is None:
        return False
    return all(planet_owner(state, p) == seat for p in planets(len(state.players), slot))


def capture_vp(state, seat, space) -> int:
    """Public VP for acquiring `space` from an opponent: 1, except for one of the seat's own
    home planets taken back. The book's sources of VP are "destroying other players Flagships
    and Shipyards, by maintaining control of a Colony's home planets, capturing other planets,
    and by accomplishing the objectives listed on Agenda Cards" (p14): one's own home planets
    pay by being held (the private VP for both), the other planets by being captured."""
    slot = state.players[seat].slot
    return 0 if slot is not None and space in planets(len(state.players), slot) else 1


def lost_card(state, seat, kind) -> bool:
    """Whether another player holds this seat's Flagship or Shipyard card as a trophy."""
    return any((kind, seat) in p.trophies for p in state.players)


def private_vp(state, seat) -> int:
    """Flagship, Shipyard, trophies and the home system (p14: 3 at the start)."""
    p = state.players[seat]
    return (int(not lost_card(state, seat, "flagship")) + int(not lost_card(state, seat, "shipyard"))
            + len(p.trophies) + int(holds_home(state, seat)))


def total_vp(state, seat) -> int:
    return state.players[seat].public_vp + private_vp(state, seat)


def rank_key(state, seat, planet_win=False) -> tuple:
    """p14: most VP; tied: both home planets, then own Flagship, then most planets."""
    return (int(planet_win), total_vp(state, seat), int(holds_home(state, seat)),
            int(not lost_card(state, seat, "flagship")), len(planets_of(state, seat)))


def ranks(state, planet_winners=()) -> tuple:
    keys = [rank_key(state, s, s in planet_winners) for s in range(len(state.players))]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
