"""Setting a Nexum sector up: factions on their Tann systems, relics, asteroids, the event
deck, and the first round's Action Row (drawn by flow.advance)."""
from __future__ import annotations

from shared.games.api import InvalidOptions
from shared.games.kit import Transaction
from shared.games.nexum import board, campaign, exotic, wormholes
from shared.games.nexum.components import (ALL_CARDS, ASTEROIDS, CORE_CARDS, RULES,
                                           SECTORS)
from shared.games.nexum.evolve import evolve
from shared.games.nexum.flow import advance
from shared.games.nexum.spec import SPEC
from shared.games.nexum.vocabulary import (ASTEROIDS_PLACED, OPTIONAL_RULES_CHOSEN,
                                           SECTOR_LAID_OUT)

MAX_FACTIONS = 4


def ai_count(options: dict, seats: int) -> int:
    """"auto": one AI civilisation unless four seats play or the mode has no events."""
    if options["ai"] != "auto":
        return int(options["ai"])
    return 0 if seats >= MAX_FACTIONS or options["mode"] == "eventless" else 1


def check_options(options: dict, seats: int) -> int:
    """The number of AIs; raises InvalidOptions for a table the rules do not allow."""
    problems = {}
    problems.update(wormholes.option_problems(options))
    ais = ai_count(options, seats)
    if options["mode"] == "eventless" and ais:
        problems["ai"] = "The AI civilisations play with event cards: none in eventless mode."
    if seats + ais > MAX_FACTIONS:
        problems["ai"] = f"At most {MAX_FACTIONS} factions: {seats} seats leave room for " \
                         f"{MAX_FACTIONS - seats} AI."
    if seats + ais < 2:
        problems["ai"] = "A solo player needs at least one AI civilisation."
    problems.update(campaign.options_problems(options, seats))
    flips = flipped(options)
    if flips and options["mode"] != "asteroids":
        problems["flip"] = "Exotic faces belong to the Asteroids mode."
    if options["civilization_cards"] and options["mode"] != "asteroids":
        problems["civilization_cards"] = "Civilization cards belong to the Asteroids mode (they " \
                                         "evolve with NEXUM crystals)."
    tann = SECTORS[options["sector"]]["tann"][:seats + ais]
    if set(flips) & set(tann):
        problems["flip"] = f"A Tann system in use ({', '.join(sorted(set(flips) & set(tann)))}) " \
                           "keeps its planetary face."
    if problems:
        raise InvalidOptions(problems)
    return ais


def flipped(options: dict) -> list:
    return [] if options["flip"] == "none" else options["flip"].split(",")


# The exotic face of a planetary system disk: "flip over the System disks: H, I, K, and L
# (to their faces B, C, E and F)" (A p.20) pairs four; the others' pairs are pictures we
# lack, and system X shows Exotic System X (AUTHORED).
FACES = {"B": "H", "C": "I", "E": "K", "F": "L"}


def exotic_face(letter: str) -> str:
    return FACES.get(letter, letter)


def _flip(sizes: dict, links: dict, relics: list, flips: list) -> tuple:
    """Systems shown on their exotic face: key in lower case, the exotic disk's planets;
    a relic whose planet the exotic face lacks is not used."""
    rename = {letter: exotic_face(letter).lower() for letter in flips}
    sizes = {rename.get(k, k): (list(exotic.EXOTICS[exotic_face(k)]["sizes"])
                                if k in rename else v)
             for k, v in sizes.items()}
    links = {rename.get(k, k): {rename.get(x, x) for x in v} for k, v in links.items()}
    kept = []
    for place, relic in relics:
        letter = rename.get(place[0], place[0])
        if int(place[1:]) <= len(sizes[letter]):
            kept.append([letter + place[1:], relic])
    return sizes, links, kept


def _reconquest_ship(options: dict, tann: list, sector: dict) -> list:
    """Campaign "Reconquest": the sector's owner has 1 additional ship on its Tann planet."""
    owner = campaign.setup_part(options, 0).get("owner") if options["campaign"] else None
    if owner is None:
        return []
    return [[f"{tann[owner]}{sector['tann_planet']}", owner, 1]]


def _reserves(options: dict, on_board: list) -> list:
    """25 ships less those on the board; in a campaign, less the ships the civilization
    keeps on the campaign map or lost for good (never below 0)."""
    withheld = [options[f"campaign_withheld_{s}"] if options["campaign"] and s < 4 else 0
                for s in range(len(on_board))]
    return [max(0, RULES["reserve"] - n - w) for n, w in zip(on_board, withheld)]


def _energies(options: dict, factions: int) -> list:
    """Campaign: an Energetic Sector's First Player and a Reconquest's owner get 1 more."""
    energy = [RULES["starting_energy"]] * factions
    if options["campaign"]:
        if options["campaign_sector"] == "energetic":
            energy[options["campaign_first_player"]] += 1
        if options["campaign_owner"] != "none":
            energy[int(options["campaign_owner"])] += 1
    return energy


def _optional_rules(options: dict) -> dict:
    """The optional parts on (an empty dict: none, as in matches before they existed)."""
    out = {}
    if options["mode"] == "asteroids" and options["exotic_exploration"]:
        out["exotic_exploration"] = True
    if flipped(options):
        out["flip"] = flipped(options)
    if options["civilization_cards"]:
        out["civilizations"] = True
    if options["campaign"]:
        out["campaign"] = campaign.setup_part(options, 4)
    return out


def setup(options, seats, rng):
    options = SPEC.resolve_options(options)
    ais = check_options(options, seats)
    sector = SECTORS[options["sector"]]
    kinds = ["seat"] * seats + ["ai"] * ais
    tann = sector["tann"][:len(kinds)]
    asteroids = options["mode"] == "asteroids"
    multi_battle = wormholes.enabled(options)
    with_cloud = asteroids and not multi_battle  # the Cloud is flipped to the Wormhole
    links = {letter: set() for letter in sector["sizes"]}
    for a, b in sector["links"]:
        links[a].add(b)
        links[b].add(a)
    if with_cloud:
        links[board.CLOUD] = set(sector["cloud_links"])
        for letter in sector["cloud_links"]:
            links[letter].add(board.CLOUD)
    if multi_battle:
        wormholes.lay_out(links, sector["cloud_links"])
    ships = []
    for faction, letter in enumerate(tann):
        per_planet = sector["ships_per_tann_planet"]
        if per_planet:
            ships += [[f"{letter}{n}", faction, per_planet]
                      for n in range(1, len(sector["sizes"][letter]) + 1)]
        else:
            count = RULES["ai_starting_ships"] if kinds[faction] == "ai" else RULES["starting_ships"]
            ships.append([f"{letter}{sector['tann_planet']}", faction, count])
    ships += _reconquest_ship(options, tann, sector)
    on_board = [sum(c for _, f, c in ships if f == faction) for faction in range(len(kinds))]
    relics = [[place, relic] for place, relic in sorted(sector["relics"].items())
              if place[0] not in tann]
    sizes, links, relics = _flip(sector["sizes"], links, relics, flipped(options))
    tx = Transaction(None, rng, evolve)
    # "Human vs Human vs Human vs Human (with Events): Aggressiveness 3" (A p.22): with no AI
    # to run the level's cards, a round reveals that many Action Rows (an AI runs 3 cards,
    # a row's worth, per level). Only written when it is not 1: older logs replay as they were.
    rows = options["aggressiveness"] if not ais and options["mode"] != "eventless" else 1
    # Destroyed and Dead Planets are the expansion's (A p.6): the core game's markers never
    # ruin a planet. Written for the modes without them only, as above.
    ruin = {} if asteroids else {"markers_ruin": False}
    tx.emit(SECTOR_LAID_OUT, **({"action_rows": rows} if rows != 1 else {}), **ruin,
            sector=options["sector"], mode=options["mode"], seats=seats,
            kinds=kinds, tann=tann, aggressiveness=options["aggressiveness"],
            max_rounds=options["max_rounds"], rules=dict(RULES),
            systems={k: list(v) for k, v in sizes.items()},
            links={k: sorted(v) for k, v in links.items()}, ships=ships, relics=relics,
            reserve=_reserves(options, on_board), energy=_energies(options, len(kinds)),
            deck=list(CORE_CARDS if options["mode"] == "core" else
                      () if options["mode"] == "eventless" else ALL_CARDS))
    if multi_battle:
        wormholes.open_wormhole(tx, options)
    if _optional_rules(options):
        tx.emit(OPTIONAL_RULES_CHOSEN, **_optional_rules(options))
    if asteroids:
        relic_places = {place for place, _ in relics}
        planets = [p for letter in sorted(sizes) if letter not in tann
                   for p in board.planets_of(tx.state, letter) if p not in relic_places]
        markers = list(ASTEROIDS)
        rng.shuffle(markers)  # face down: nobody knows a marker's crystals (view.py)
        tx.emit(ASTEROIDS_PLACED, planets=dict(zip(planets, markers)),
                pool=sorted(markers[len(planets):]))
        campaign.give_asteroid(tx)
    advance(tx)
    return tx.events
