"""Refusals in the player's words (English: the rulebook has no other language)."""
from shared.games.kit import Catalogue

MESSAGES = Catalogue({
    "not_your_turn": {"en": "It is not your turn."},
    "over": {"en": "The game is over."},
    "wrong_step": {"en": "That is not something you can do now (the game is in its {phase} step)."},
    "tile_taken": {"en": "That System tile is already on the map."},
    "colony_taken": {"en": "That Colony or Colonial Technology stack is already taken."},
    "token_not_yours": {"en": "You have no {token} token left to place."},
    "space_not_allowed": {"en": "A fleet cannot be placed on {space} now (p7, p9: inside your System; next to a planet you hold or your shipyard; never a gateway or an occupied space)."},
    "initiative_taken": {"en": "Initiative card #{card} is not available."},
    "no_such_tech": {"en": "You do not hold a Tech card {card} usable for this."},
    "budget_sum": {"en": "Allocate exactly {total} Budget points (you allocated {given})."},
    "bad_shift": {"en": "Initiative #5 moves one point from a category that has one to another category."},
    "not_over_limit": {"en": "You may only put cards back while over your hand limit."},
    "no_such_card": {"en": "You do not hold {card}."},
    "no_deploys": {"en": "You have no Fuel Supply fleets left to deploy."},
    "must_trim": {"en": "First bring your hands down to their limits (p9)."},
    "no_such_fleet": {"en": "You have no fleet {fleet} that can act now (fleets in a battle may do nothing, p9)."},
    "bad_path": {"en": "That path is not a legal move: {why}."},
    "bad_scan": {"en": "That scan is not allowed: {why}."},
    "no_review": {"en": "Only the holder of Initiative #6 may draw Agenda cards, once per cycle, with 2 in the deck."},
    "must_return_agendas": {"en": "Put {count} Agenda card(s) under the deck first."},
    "bad_commit": {"en": "Those Ship cards cannot go to this battle: {why}."},
    "bad_tactics": {"en": "Those tactics are not allowed: {why}."},
    "bad_repair": {"en": "Repair Bots heal one of your ships destroyed this round."},
    "cannot_pass": {"en": "There is nothing optional to decline now."},
}, languages=("en",))
