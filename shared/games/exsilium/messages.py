"""Texts players see when a command is refused, in English and Spanish (option `language`).

One kit Catalogue: every key has both texts (checked at import); the refusals every game
shares (not your turn, the match is over, not possible now) come from the kit.
"""
from shared.games.exsilium.state import lang
from shared.games.kit import Catalogue

CATALOGUE = Catalogue({
    "shape": {
        "en": "The {kind!r} command has missing, extra or mistyped fields.",
        "es": "La orden {kind!r} tiene campos que faltan, sobran o tienen un tipo erróneo."},
    "faction_taken": {
        "en": "Each player chooses a different faction (rulebook, Setup 1).",
        "es": "Cada jugador elige una facción distinta (reglamento, Preparación 1)."},
    "bid_range": {
        "en": "Bid between 0 and {tokens} faction tokens: one more marks your starting tile "
              "(rulebook, Setup 3 and 4).",
        "es": "Apuesta entre 0 y {tokens} tokens de facción: otro marca tu loseta inicial "
              "(reglamento, Preparación 3 y 4)."},
    "start_slot": {
        "en": "Choose a free starting tile's activation node (rulebook, Setup 4).",
        "es": "Elige el nodo de activación de una loseta inicial libre (reglamento, Preparación "
              "4)."},
    "no_card": {
        "en": "That card is not in your hand.",
        "es": "Esa carta no está en tu mano."},
    "no_mini": {
        "en": "That miniature is not on the board or cannot move (rulebook, Movement).",
        "es": "Esa miniatura no está en el tablero o no puede moverse (reglamento, Movimientos)."},
    "path_len": {
        "en": "With this card a miniature moves 1 to {n} nodes (rulebook, Actions).",
        "es": "Con esta carta una miniatura mueve de 1 a {n} nodos (reglamento, Acciones)."},
    "step": {
        "en": "Node {node} cannot be reached: miniatures move one node in 8 directions, never "
              "through crystal deposits, holes, missing nodes or other miniatures (rulebook, "
              "Movement).",
        "es": "No se puede llegar al nodo {node}: las miniaturas avanzan un nodo en 8 "
              "direcciones, nunca a través de yacimientos, socavones, huecos u otras miniaturas "
              "(reglamento, Movimientos)."},
    "controlled": {
        "en": "Node {node} is a connection terminal another faction controls: only a Cracking "
              "card opens it (rulebook, Interaction and Cracking).",
        "es": "El nodo {node} es un terminal de conexión que controla otra facción: sólo una "
              "carta de Cracking lo abre (reglamento, Interacción y Cracking)."},
    "frontier": {
        "en": "Crossing this frontier of {f} needs {f} of your miniatures on the tile (rulebook, "
              "Frontiers).",
        "es": "Cruzar esta frontera de {f} requiere {f} miniaturas tuyas en la loseta "
              "(reglamento, Fronteras)."},
    "stops": {
        "en": "The move stops at node {node} ({why}); leave out the later steps.",
        "es": "El movimiento se detiene en el nodo {node} ({why}); quita los pasos siguientes."},
    "sandstorm": {
        "en": "Sandstorm: a move starting on this tile goes at most 1 node (terrain effect).",
        "es": "Tormenta de arena: un movimiento que empieza en esta loseta avanza 1 nodo como "
              "mucho (efecto de terreno)."},
    "interference": {
        "en": "Interference: nothing can be dropped on this tile (terrain effect).",
        "es": "Interferencia: no se puede soltar nada en esta loseta (efecto de terreno)."},
    "activate": {
        "en": "Activating needs a miniature on your player board and a free activation node on "
              "your starting tile's activation side (rulebook, Gameplay).",
        "es": "Activar requiere una miniatura en tu tablero y un nodo de activación libre en el "
              "lado de activación de tu loseta inicial (reglamento, Desarrollo)."},
    "tokens": {
        "en": "You need {n} faction token(s) for this (rulebook, Faction tokens).",
        "es": "Necesitas {n} token(s) de facción para esto (reglamento, Tokens de facción)."},
    "no_action": {
        "en": "This card's action cannot be used now: {why} (rulebook, Cards).",
        "es": "La acción de esta carta no se puede usar ahora: {why} (reglamento, Cartas)."},
    "faction_card": {
        "en": "Only a {faction} player can use this card's action (rulebook, Faction type "
              "cards).",
        "es": "Sólo un jugador {faction} puede usar la acción de esta carta (reglamento, Cartas "
              "de tipo facción)."},
    "drop_where": {
        "en": "Drop a card with the drop icon on a free node next to one of your miniatures "
              "(rulebook, Drop card).",
        "es": "Suelta una carta con el icono de soltar en un nodo libre junto a una de tus "
              "miniaturas (reglamento, Soltar carta)."},
    "remove": {
        "en": "Only a card with the remove icon can be removed from the game (rulebook, "
              "Secondary action).",
        "es": "Sólo una carta con el icono de eliminar puede eliminarse de la partida "
              "(reglamento, Acción secundaria)."},
    "terminal": {
        "en": "You need a miniature on a connection terminal you may use (rulebook, Upgrades "
              "board).",
        "es": "Necesitas una miniatura sobre un terminal de conexión que puedas usar "
              "(reglamento, Tablero de mejoras)."},
    "session": {
        "en": "Finish the purchase on the upgrades board first (buy or leave).",
        "es": "Termina primero la compra en el tablero de mejoras (comprar o salir)."},
    "no_session": {
        "en": "Access the upgrades board first (1 faction token).",
        "es": "Accede primero al tablero de mejoras (1 token de facción)."},
    "cycled": {
        "en": "Once per upgrade the board may be refreshed (rulebook, Upgrades board).",
        "es": "Una vez por compra se puede renovar el tablero (reglamento, Tablero de mejoras)."},
    "buy_cost": {
        "en": "The cards paid ({value} with terminal tokens) must reach the cost ({cost}) of the "
              "cards bought (rulebook, Acquire upgraded cards).",
        "es": "Las cartas pagadas ({value} con tokens de terminal) deben alcanzar el coste "
              "({cost}) de las cartas compradas (reglamento, Adquirir cartas mejoradas)."},
    "slot": {
        "en": "Choose face-up upgraded cards on the board.",
        "es": "Elige cartas mejoradas boca arriba del tablero."},
    "ability_now": {
        "en": "The ability cannot be used now: {why} (rulebook, Factions).",
        "es": "La habilidad no se puede usar ahora: {why} (reglamento, Facciones)."},
    "combat_action": {
        "en": "A combat has begun: before revealing, only card actions on your hand (draw, swap, "
              "remove) may still be used; then commit your cards (rulebook, Combat summary).",
        "es": "Ha comenzado un combate: antes de revelar sólo se pueden usar acciones de cartas "
              "sobre tu mano (robar, intercambiar, eliminar); después compromete tus cartas "
              "(reglamento, Resumen de combate)."},
    "commit_count": {
        "en": "Commit between {lo} and {hi} cards of your hand (rulebook, Combat phases).",
        "es": "Compromete entre {lo} y {hi} cartas de tu mano (reglamento, Fases del combate)."},
    "commit_placed": {
        "en": "Place your cards one by one (place_card), then commit exactly the {n} cards "
              "placed, between {lo} and {hi} in all: your hand has too many sets of cards to "
              "list each (rulebook, Combat phases).",
        "es": "Coloca tus cartas una a una (place_card) y compromete exactamente las {n} cartas "
              "colocadas, entre {lo} y {hi} en total: tu mano tiene demasiados conjuntos de "
              "cartas para listarlos (reglamento, Fases del combate)."},
    "react": {
        "en": "That card cannot do this now (rulebook, Glossary).",
        "es": "Esa carta no puede hacer esto ahora (reglamento, Glosario)."},
    "concede_choice": {
        "en": "Choose one card {source}, a free node on the tile where your miniature fell, and "
              "a Baralytas token you hold (rulebook, Discard rules).",
        "es": "Elige una carta {source}, un nodo libre de la loseta donde cayó tu miniatura y un "
              "token Baralytas tuyo (reglamento, Reglas de descarte)."},
    "escape": {
        "en": "As the winner you may stay, or use one card of your hand to move this miniature "
              "up to 2 nodes out of the conflict zone (rulebook, Combat, Conclusion).",
        "es": "Como vencedor puedes quedarte, o usar una carta de tu mano para mover esta "
              "miniatura hasta 2 nodos fuera de la zona de conflicto (reglamento, Combate, "
              "Conclusión)."},
    "onward": {
        "en": "You revealed a tile with {n} node(s) of your move left: go on along a path of "
              "at most {n} node(s) you may take, or stay (rulebook, Movement).",
        "es": "Has revelado una loseta con {n} nodo(s) de movimiento por hacer: sigue por un "
              "camino de {n} nodo(s) como mucho que puedas recorrer, o quédate (reglamento, "
              "Movimiento)."},
    "ward": {
        "en": "An effect would defeat your miniatures: play a {ward} card you hold to ward it "
              "off, or endure it (rulebook, Glossary: Dodge; Keber: \"can be dodged with "
              "Dive\").",
        "es": "Un efecto derrotaría a tus miniaturas: juega una carta {ward} que tengas para "
              "esquivarlo, o asúmelo (reglamento, Glosario: Esquiva; Keber: \"puede ser "
              "esquivada con Arremetida\")."},
    "displace_node": {
        "en": "Move the miniature from the hole to a free node next to it (rulebook, Vinsan).",
        "es": "Desplaza la miniatura del socavón a un nodo libre adyacente (reglamento, Vinsan)."},
    "discard_one": {
        "en": "As the winner discard one card at a time, {n} in all: your hand has too many "
              "sets of cards to list each (rulebook, Discard after combat).",
        "es": "Como vencedor descarta una carta cada vez, {n} en total: tu mano tiene demasiados "
              "conjuntos de cartas para listarlos (reglamento, Descartes tras un combate)."},
    "discard_count": {
        "en": "As the winner discard exactly {n} card(s) of your hand (rulebook, Discard after "
              "combat).",
        "es": "Como vencedor descarta exactamente {n} carta(s) de tu mano (reglamento, Descartes "
              "tras un combate)."},
    "hand_not_empty": {
        "en": "Your turn ends when your hand is empty; use your cards (rulebook, Actions).",
        "es": "Tu turno termina cuando no te quedan cartas; úsalas (reglamento, Acciones)."},
    "terminal_activate": {
        "en": "Activate on a free connection terminal you control (rulebook, Faction tokens).",
        "es": "Activa sobre un terminal de conexión libre que controles (reglamento, Tokens de "
              "facción)."},
    "control": {
        "en": "You may control a terminal only the first time you leave it, if nobody controls "
              "it (rulebook, Control a terminal).",
        "es": "Sólo puedes controlar un terminal la primera vez que lo abandonas, si nadie lo "
              "controla (reglamento, Controlar terminal)."},
}, languages=("en", "es"))


def text(state, key, **values):
    """The message `key` in the match's language."""
    return CATALOGUE.text(key, _language(state), **values)


def refuse(state, key, **values):
    """Refuse the command with the rule `key`, in the match's language."""
    CATALOGUE.refuse(key, _language(state), **values)


def not_your_turn(state, over=False):
    CATALOGUE.not_your_turn(_language(state), over=over)


def _language(state):
    return lang(state) if state is not None else None
