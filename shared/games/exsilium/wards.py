"""Effects that defeat miniatures outside a combat, and the cards that ward them off
(rulebook, Glossary: Dodge -- "avoid a fight or the effect of a faction-type card"; Keber,
Attention -- "This ability can be dodged with Dive").

A player whose miniatures an effect that can be warded off would defeat is asked (`ChoiceOwed`
kind `ward`): play the card (`dive` / `dodge`) and every one of their miniatures the effect
hits survives, or `endure` it (and keep the card if they hold one). Every player hit is asked,
holding the card or not, and the choice is never made for them: asking only the holders, or
answering at once for the others, would tell the table who holds a Dive or a Dodge. One card
wards off the whole effect for its player, as one action ("dodge a specific action by another
player ... It is discarded after use").
"""
from shared.games.exsilium.board import tile_pos
from shared.games.exsilium.components import kind_of
from shared.games.exsilium.fate import defeat
from shared.games.exsilium.vocabulary import (
    CARD_USED, CHOICE_OWED, CONCEDE, DIVE, DODGE, ENDURE, WARD_DECIDED)

def ward_cards(state, seat, ward):
    """One of the seat's cards that ward off an effect of kind `ward` (cards of one kind are
    interchangeable), or none."""
    seen = {}
    for cid in sorted(state.players[seat].hand):
        if kind_of(cid) == ward:
            seen.setdefault(kind_of(cid), cid)
    return list(seen.values())


def strike(tx, victims, by, ward=None, concede=True):
    """Defeat `victims` ((seat, mini) pairs), owner by owner in seat order. `by`: the seat
    whose ability or card this is (its own miniatures cannot ward it off: the card dodges an
    action "by another player"); `ward`: the card kind that wards it off, if any; `concede`:
    the losers follow the loser's discard rule (abilities), or not (mines)."""
    owners = {}
    for s, m in victims:
        owners.setdefault(s, []).append(m)
    for seat in sorted(owners):
        minis = sorted(owners[seat])
        if ward and seat != by:
            tx.emit(CHOICE_OWED, kind="ward", seat=seat, ward=ward, concede=concede,
                    victims=[[seat, m] for m in minis])
        else:
            _fall(tx, seat, minis, concede)


def _fall(tx, seat, minis, concede):
    for m in minis:
        if tx.state.players[seat].minis[m] is None:
            continue
        where = defeat(tx, seat, m)
        if concede:
            tx.emit(CHOICE_OWED, kind=CONCEDE.name, seat=seat, tile=list(tile_pos(where)),
                    cards=[], give_to=None, node=where, winner_node=None)


def options(state, pending):
    """`endure`, or one command per warding card design the seat holds."""
    kind = {DIVE.name: DIVE, DODGE.name: DODGE}[pending.ward]
    return [ENDURE()] + [kind(card=c) for c in ward_cards(state, pending.seat, pending.ward)]


def decide(tx, seat, card):
    """Play the warding card (None: endure the effect)."""
    pending = tx.state.pending[0]
    if card is not None:
        tx.emit(CARD_USED, seat=seat, card=card, use=pending.ward)
    tx.emit(WARD_DECIDED, seat=seat, card=card, ward=pending.ward,
            victims=[list(v) for v in pending.victims])
    if card is None:
        _fall(tx, seat, [m for _, m in pending.victims], pending.concede)
