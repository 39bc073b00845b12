"""Campaign mode across matches (Asteroids pp.14-17, optional), made small.

A campaign is a series of matches ("battles", one per Galactic Sector). What one battle
carries to the next is match options, so each match's log still replays and verifies on its
own:

- `campaign_withheld_<seat>`: ships the seat's civilization keeps on the campaign map
  (starting and conquered sectors) or lost for good (black holes, failed explorations):
  taken off its reserve;
- `campaign_first_player`: the seat that picked this sector (the First Player: it plays
  first on tied bids and takes the special sector's bonus);
- `campaign_sector`: the sector's special type (energetic, mining, ice, scorching);
- `campaign_owner`: the seat controlling the sector (a "Reconquest": +1 ship and +1 energy
  on its Tann planet).

When a campaign match ends, its outcome carries `campaign`: the battle's result and
`next_options`, the options of the next battle (the next seat is First Player; the sector's
type and owner are what the next First Player picks on the campaign map, which the clients
keep: "take a picture of the map")."""
from __future__ import annotations

from shared.games.nexum import board
from shared.games.nexum.effects import place_marker
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.vocabulary import (CAMPAIGN_ASTEROID_GIVEN, CAMPAIGN_MARKER_EXPIRED,
                                           CAMPAIGN_MARKER_PLAYED, PLAY_CAMPAIGN_MARKER)

refuse = MESSAGES.refuse

SPECIALS = ("none", "energetic", "mining", "ice", "scorching", "destroyed")
OWNERS = ("none", "0", "1", "2", "3")
SEATS = 4


def options_problems(options: dict, seats: int) -> dict:
    if not options["campaign"]:
        return {}
    problems = {}
    if options["campaign_first_player"] >= seats:
        problems["campaign_first_player"] = f"Must be a seat: 0 to {seats - 1}."
    if options["campaign_owner"] != "none" and int(options["campaign_owner"]) >= seats:
        problems["campaign_owner"] = f"Must be none or a seat: 0 to {seats - 1}."
    if options["campaign_sector"] == "destroyed":
        problems["campaign_sector"] = "Destroyed Sectors are inaccessible (A p.15)."
    return problems


def setup_part(options: dict, seats: int) -> dict:
    """The campaign's part of OptionalRulesChosen (empty when not a campaign battle)."""
    if not options["campaign"]:
        return {}
    owner = options["campaign_owner"]
    return {"first_player": options["campaign_first_player"],
            "sector": options["campaign_sector"],
            "owner": None if owner == "none" else int(owner),
            "withheld": [options[f"campaign_withheld_{s}"] for s in range(seats)]}


def give_asteroid(tx) -> None:
    """Mining Sector: "the First Player receives 1 random Asteroid, which they can use once
    they learn the Processing Technology" (its crystals seen by it only)."""
    part = tx.state.optional.get("campaign")
    if not part or part["sector"] != "mining" or not tx.state.pool:
        return
    crystals = tx.rng.choice(sorted(tx.state.pool))
    tx.emit(CAMPAIGN_ASTEROID_GIVEN, faction=part["first_player"],
            asteroid=tx.state.next_asteroid, crystals=crystals)


def marker_kind(state):
    part = state.optional.get("campaign")
    if not part:
        return None
    return {"ice": "no_management", "scorching": "no_movement"}.get(part["sector"])


def check_marker(state, faction: int, planet: str) -> str:
    """Ice / Scorching Sector: "the First Player receives 1 No Management (No Movement)
    marker that they can play once during the game, in their turn, on a planet"."""
    kind = marker_kind(state)
    if kind is None or state.optional["campaign"]["first_player"] != faction:
        refuse("campaign_marker", why="only the First Player of an Ice or Scorching Sector has one")
    if state.campaign_marker_used:
        refuse("campaign_marker", why="it is played once during the game")
    if not board.is_planet(planet) or planet not in board.places(state):
        refuse("campaign_marker", why=f"{planet} is not a planet in play")
    return kind


def play_marker(tx, faction: int, planet: str) -> None:
    kind = check_marker(tx.state, faction, planet)
    tx.emit(CAMPAIGN_MARKER_PLAYED, faction=faction, planet=planet, kind=kind,
            round=tx.state.round)
    place_marker(tx, planet, kind)


def legal_actions(state, faction: int) -> list:
    if marker_kind(state) is None or state.campaign_marker_used \
            or state.optional["campaign"]["first_player"] != faction:
        return []
    return [PLAY_CAMPAIGN_MARKER(planet=p) for p in board.places(state) if board.is_planet(p)]


def expire_markers(tx, ended: int) -> None:
    """A campaign marker "will remain for 1 full round": off at the end of the round after
    the one it was played in."""
    for planet, kind, played in tx.state.campaign_markers:
        if played < ended:
            tx.emit(CAMPAIGN_MARKER_EXPIRED, planet=planet, kind=kind)


def outcome_part(state, ranking: list) -> dict:
    """What this battle carries over: the next battle's options and the battle's score."""
    part = state.optional.get("campaign")
    if not part:
        return {}
    seats = state.seats
    lost = [state.lost[s] if state.lost else 0 for s in range(seats)]
    withheld = [part["withheld"][s] + lost[s] for s in range(seats)]
    winner = state.winner if state.winner is not None and state.winner < seats else None
    if winner is not None and part["owner"] != winner:
        withheld[winner] += 1  # "a Ship marker of the winner is placed on the conquered sector"
        if part["owner"] is not None:  # "the player who loses the sector will recover the ship"
            withheld[part["owner"]] = max(0, withheld[part["owner"]] - 1)
    nxt = {"campaign": True, "campaign_first_player": (part["first_player"] + 1) % seats,
           "campaign_sector": "none", "campaign_owner": "none",
           **{f"campaign_withheld_{s}": min(25, withheld[s]) if s < seats else 0
              for s in range(SEATS)}}
    return {"campaign": {"sector_won_by": winner, "victory_points": list(state.vp[:seats]),
                         "lost_for_good": lost, "next_options": nxt}}

