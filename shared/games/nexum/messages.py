"""Nexum's refusals, each naming the rule it enforces (English: the only book we have)."""
from shared.games.kit import Catalogue

MESSAGES = Catalogue({
    "wrong_stage": {"en": "That command is not possible now: {now}."},
    "not_in_phase": {"en": "That needs your {phase} phase; you are in your {current} phase."},
    "phase_used": {"en": "You already used the {card} phase card this cycle: each of the four "
                         "is used once before all return."},
    "bid_too_high": {"en": "You bid {bid} energy but have {energy}."},
    "already_chosen": {"en": "You already chose your phase card this round."},
    "no_such_card": {"en": "Card {card} is not in your hand."},
    "no_place": {"en": "{place} is not a place of this sector (or it was destroyed)."},
    "no_ships": {"en": "You have no ships at {place} that may still move this phase "
                       "({movable} may)."},
    "same_place": {"en": "A fleet must move to another place."},
    "relics_count": {"en": "The fleet can take {most} relic(s) at most: each ship carries one, "
                           "and the ships left behind must carry the rest."},
    "star_relic": {"en": "A ship carrying a relic cannot enter a star."},
    "star_full": {"en": "At most {most} ships may be on a star."},
    "star_majority": {"en": "You may only hold the star of system {letter} while you hold at "
                            "least half of its planets."},
    "unreachable": {"en": "{to} is not adjacent to {origin}, and you cannot jump through "
                          "hyperspace (research Hyperspace first)."},
    "energy": {"en": "That costs {cost} energy and you have {energy}."},
    "attack_weak": {"en": "An attack of {attack} does not beat a defence of {defence} at "
                          "{planet}: attacks without enough ships are not possible."},
    "replicate_where": {"en": "Ships are replicated on a planet you hold that is not dead "
                              "and has no No Management marker."},
    "replicate_twice": {"en": "You already replicated on {planet} this phase: new ships go on "
                              "different planets."},
    "replicate_limit": {"en": "You may replicate {limit} ships per turn."},
    "reserve_empty": {"en": "Your reserve has no ships left."},
    "no_asteroid": {"en": "There is no asteroid on {planet} or you have no ship there."},
    "no_processing": {"en": "Capturing asteroids needs Processing I ({loaded} loaded of "
                            "capacity {capacity})."},
    "discard_after_capture": {"en": "Asteroids are discarded once per turn, before capturing."},
    "not_loaded": {"en": "Asteroid {asteroid} is not loaded on your Processing card."},
    "asteroid_twice": {"en": "Each asteroid may be named once."},
    "paid_in_energy": {"en": "{tech} is paid in energy, not with asteroids."},
    "one_tech": {"en": "You may acquire one technology card per turn."},
    "tech_owned": {"en": "You already have {tech}."},
    "tech_order": {"en": "{tech} needs {before} first."},
    "tech_cost": {"en": "{tech} costs {cost}; the asteroids given do not pay it."},
    "tech_mode": {"en": "Technology and asteroids belong to the Asteroids mode."},
    # Multi-battle (wormholes.py)
    "no_wormhole": {"en": "This match is not part of a multi-battle: it has no wormhole."},
    "wormhole_jump": {"en": "Ships enter the wormhole with a jump (they come out at another "
                            "table), not with a move."},
    "no_table": {"en": "There is no other table {table}: this battle group has tables 0 to "
                       "{last}, and this match is table {own}."},
    "cargo_energy": {"en": "{ships} ship(s) carry at most {most} energy."},
    "cargo_cards": {"en": "{ships} ship(s) carry at most {most} event card(s)."},
    "cargo_asteroids": {"en": "{ships} ship(s) carry at most {most} asteroid(s)."},
    "transfer_arrived": {"en": "Transfer {transfer} already came through the wormhole."},
    "transfer_faction": {"en": "Faction {faction} has no seat at this table."},
    "exotic_off": {"en": "{tech} is not played in this match (option exotic_exploration is "
                         "false: research stops at Hyperspace)."},
    # Exotic systems, exploration and cloaking (Asteroids pp.9-12)
    "exploring": {"en": "Finish your exploration first: extend it or end it."},
    "not_exploring": {"en": "You are not exploring."},
    "needs_tech": {"en": "That needs the {tech} technology."},
    "no_explorer": {"en": "You have no ship at {place} that may move this phase and carries "
                          "no relic (an explorer carries none)."},
    "trapped": {"en": "No ship can escape Exotic System {system} ({name}), not even cloaked."},
    "giant_field": {"en": "Ships on the Giant Star cannot abandon its gravitational field: "
                          "they may only move to the planets of J."},
    "giant_attack": {"en": "The Giant Star can only be attacked from one of J's planets."},
    "neutron_star": {"en": "A Neutron Star cannot be occupied."},
    "exploration_failed_nothing_to_place": {"en": "This exploration failed: there is no system "
                                                  "to place (end it with no links and no planet)."},
    "exotic_links": {"en": "Name each system once, {most} at most (a disk touches six)."},
    "exotic_link_where": {"en": "The new exotic system cannot touch {system}: {rule}."},
    "exotic_link_needed": {"en": "Exploration places it next to an exotic system already "
                                 "explored ({systems})."},
    "exotic_link_full": {"en": "{system} already touches {most} systems: a disk has no room "
                               "for more."},
    "wormhole_bounce": {"en": "Ships on {place} cannot enter the other end of the linked "
                              "Wormholes: it would bring them back onto {place}."},
    "processing_needed": {"en": "Asteroids pay for {tech} only once you have learnt the "
                                "Processing technology."},
    "exotic_landing": {"en": "The explorer lands on a planet of the new system ({places}), "
                             "not {planet}."},
    "cloak_solo": {"en": "Cloaking has no effect in solo mode."},
    "cloak_relic": {"en": "The cloaking ship must carry a relic (you have none at {place})."},
    "cloak_where": {"en": "Card {card} names no planet where you may cloak: {why}."},
    "cloak_one": {"en": "You already have a cloaked ship in that system."},
    "no_cloaked": {"en": "You have no cloaked ship at {place}."},
    # Civilization cards (Asteroids p.13)
    "civ_taken": {"en": "{civ} is not left to choose."},
    "no_civ": {"en": "This match is played without civilization cards."},
    "civ_evolved": {"en": "Your civilization evolves once: it already has its 2nd Generation."},
    "civ_cost": {"en": "Evolving the {civ} costs {cost} from your loaded asteroids."},
    "civ_skill": {"en": "{skill} is a skill of the {civ}, not of your civilization."},
    "civ_generation": {"en": "{skill} needs your 2nd Generation (evolve first)."},
    "skill_once": {"en": "Your civilization's skill is used once per turn (one generation's)."},
    "skill_target": {"en": "The skill cannot act on {target}: {why}."},
    # Campaign mode (Asteroids pp.14-17)
    "campaign_marker": {"en": "No campaign marker to play: {why}."},
})
