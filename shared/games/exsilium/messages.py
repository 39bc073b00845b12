"""Texts players see when a command is refused, in English and Spanish (option `language`)."""
from shared.games.api import IllegalCommand, NotYourTurn
from shared.games.exsilium.state import lang

MESSAGES = {
    "unknown": ("Exsilium has no command {kind!r}.", "Exsilium no tiene la orden {kind!r}."),
    "shape": ("The {kind!r} command has missing, extra or mistyped fields.",
              "La orden {kind!r} tiene campos que faltan, sobran o tienen un tipo erróneo."),
    "over": ("The match is over.", "La partida ha terminado."),
    "not_turn": ("It is not your turn to act.", "No te toca actuar."),
    "phase": ("That command is not possible now ({phase}).",
              "Esa orden no es posible ahora ({phase})."),
    "faction_taken": ("Each player chooses a different faction (rulebook, Setup 1).",
                      "Cada jugador elige una facción distinta (reglamento, Preparación 1)."),
    "bid_range": ("Bid between 0 and {tokens} faction tokens: one more marks your starting "
                  "tile (rulebook, Setup 3 and 4).",
                  "Apuesta entre 0 y {tokens} tokens de facción: otro marca tu loseta inicial "
                  "(reglamento, Preparación 3 y 4)."),
    "start_slot": ("Choose a free starting tile's activation node (rulebook, Setup 4).",
                   "Elige el nodo de activación de una loseta inicial libre (reglamento, "
                   "Preparación 4)."),
    "no_card": ("That card is not in your hand.", "Esa carta no está en tu mano."),
    "no_mini": ("That miniature is not on the board or cannot move (rulebook, Movement).",
                "Esa miniatura no está en el tablero o no puede moverse (reglamento, "
                "Movimientos)."),
    "path_len": ("With this card a miniature moves 1 to {n} nodes (rulebook, Actions).",
                 "Con esta carta una miniatura mueve de 1 a {n} nodos (reglamento, Acciones)."),
    "step": ("Node {node} cannot be reached: miniatures move one node in 8 directions, never "
             "through crystal deposits, holes, missing nodes or other miniatures (rulebook, "
             "Movement).",
             "No se puede llegar al nodo {node}: las miniaturas avanzan un nodo en 8 "
             "direcciones, nunca a través de yacimientos, socavones, huecos u otras miniaturas "
             "(reglamento, Movimientos)."),
    "frontier": ("Crossing this frontier of {f} needs {f} of your miniatures on the tile "
                 "(rulebook, Frontiers).",
                 "Cruzar esta frontera de {f} requiere {f} miniaturas tuyas en la loseta "
                 "(reglamento, Fronteras)."),
    "stops": ("The move stops at node {node} ({why}); leave out the later steps.",
              "El movimiento se detiene en el nodo {node} ({why}); quita los pasos siguientes."),
    "sandstorm": ("Sandstorm: a move starting on this tile goes at most 1 node (terrain effect).",
                  "Tormenta de arena: un movimiento que empieza en esta loseta avanza 1 nodo "
                  "como mucho (efecto de terreno)."),
    "interference": ("Interference: nothing can be dropped on this tile (terrain effect).",
                     "Interferencia: no se puede soltar nada en esta loseta (efecto de "
                     "terreno)."),
    "activate": ("Activating needs a miniature on your player board and a free activation "
                 "node on your starting tile's activation side (rulebook, Gameplay).",
                 "Activar requiere una miniatura en tu tablero y un nodo de activación libre "
                 "en el lado de activación de tu loseta inicial (reglamento, Desarrollo)."),
    "tokens": ("You need {n} faction token(s) for this (rulebook, Faction tokens).",
               "Necesitas {n} token(s) de facción para esto (reglamento, Tokens de facción)."),
    "no_action": ("This card's action cannot be used now: {why} (rulebook, Cards).",
                  "La acción de esta carta no se puede usar ahora: {why} (reglamento, Cartas)."),
    "faction_card": ("Only a {faction} player can use this card's action (rulebook, Faction "
                     "type cards).",
                     "Sólo un jugador {faction} puede usar la acción de esta carta (reglamento, "
                     "Cartas de tipo facción)."),
    "drop": ("Drop a card with the drop icon on a free node next to one of your miniatures "
             "(rulebook, Drop card).",
             "Suelta una carta con el icono de soltar en un nodo libre junto a una de tus "
             "miniaturas (reglamento, Soltar carta)."),
    "remove": ("Only a card with the remove icon can be removed from the game (rulebook, "
               "Secondary action).",
               "Sólo una carta con el icono de eliminar puede eliminarse de la partida "
               "(reglamento, Acción secundaria)."),
    "terminal": ("You need a miniature on a connection terminal you may use (rulebook, "
                 "Upgrades board).",
                 "Necesitas una miniatura sobre un terminal de conexión que puedas usar "
                 "(reglamento, Tablero de mejoras)."),
    "session": ("Finish the purchase on the upgrades board first (buy or leave).",
                "Termina primero la compra en el tablero de mejoras (comprar o salir)."),
    "no_session": ("Access the upgrades board first (1 faction token).",
                   "Accede primero al tablero de mejoras (1 token de facción)."),
    "cycled": ("Once per upgrade the board may be refreshed (rulebook, Upgrades board).",
               "Una vez por compra se puede renovar el tablero (reglamento, Tablero de mejoras)."),
    "buy": ("The cards paid ({value} with terminal tokens) must reach the cost ({cost}) of the "
            "cards bought (rulebook, Acquire upgraded cards).",
            "Las cartas pagadas ({value} con tokens de terminal) deben alcanzar el coste "
            "({cost}) de las cartas compradas (reglamento, Adquirir cartas mejoradas)."),
    "slot": ("Choose face-up upgraded cards on the board.",
             "Elige cartas mejoradas boca arriba del tablero."),
    "ability": ("The ability cannot be used now: {why} (rulebook, Factions).",
                "La habilidad no se puede usar ahora: {why} (reglamento, Facciones)."),
    "combat_action": ("A combat has begun: before revealing, only card actions on your hand "
                      "(draw, swap, remove) may still be used; then commit your cards "
                      "(rulebook, Combat summary).",
                      "Ha comenzado un combate: antes de revelar sólo se pueden usar acciones "
                      "de cartas sobre tu mano (robar, intercambiar, eliminar); después "
                      "compromete tus cartas (reglamento, Resumen de combate)."),
    "commit": ("Commit between {lo} and {hi} cards of your hand (rulebook, Combat phases).",
               "Compromete entre {lo} y {hi} cartas de tu mano (reglamento, Fases del combate)."),
    "react": ("That card cannot do this now (rulebook, Glossary).",
              "Esa carta no puede hacer esto ahora (reglamento, Glosario)."),
    "concede": ("Choose one card {source}, a free node on the tile where your miniature fell, "
                "and a Baralytas token you hold (rulebook, Discard rules).",
                "Elige una carta {source}, un nodo libre de la loseta donde cayó tu miniatura y "
                "un token Baralytas tuyo (reglamento, Reglas de descarte)."),
    "escape": ("As the winner you may stay, or use one card of your hand to move this miniature "
               "up to 2 nodes out of the conflict zone (rulebook, Combat, Conclusion).",
               "Como vencedor puedes quedarte, o usar una carta de tu mano para mover esta "
               "miniatura hasta 2 nodos fuera de la zona de conflicto (reglamento, Combate, "
               "Conclusión)."),
    "displace": ("Move the miniature from the hole to a free node next to it (rulebook, Vinsan).",
                 "Desplaza la miniatura del socavón a un nodo libre adyacente (reglamento, "
                 "Vinsan)."),
    "discard": ("As the winner discard exactly {n} card(s) of your hand (rulebook, Discard after "
                "combat).",
                "Como vencedor descarta exactamente {n} carta(s) de tu mano (reglamento, "
                "Descartes tras un combate)."),
    "end_turn": ("Your turn ends when your hand is empty; use your cards (rulebook, Actions).",
                 "Tu turno termina cuando no te quedan cartas; úsalas (reglamento, Acciones)."),
    "terminal_activate": ("Activate on a free connection terminal you control (rulebook, "
                          "Faction tokens).",
                          "Activa sobre un terminal de conexión libre que controles "
                          "(reglamento, Tokens de facción)."),
    "control": ("You may control a terminal only the first time you leave it, if nobody "
                "controls it (rulebook, Control a terminal).",
                "Sólo puedes controlar un terminal la primera vez que lo abandonas, si nadie lo "
                "controla (reglamento, Controlar terminal)."),
}


def text(state, key, **values):
    """The message `key` in the match's language."""
    en, es = MESSAGES[key]
    return (es if state is not None and lang(state) == "es" else en).format(**values)


def refuse(state, key, **values):
    raise IllegalCommand(text(state, key, **values))


def not_your_turn(state, key="not_turn"):
    raise NotYourTurn(text(state, key))
