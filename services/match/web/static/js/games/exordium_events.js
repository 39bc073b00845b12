// Every Exordium event in the game's words (rulebook terms: Terrain cards, Action cards,
// Drones, Resources), in English and Spanish.

const COLOURS = {
  en: { red: "red", green: "green", blue: "blue", purple: "purple", yellow: "yellow" },
  es: { red: "rojo", green: "verde", blue: "azul", purple: "morado", yellow: "amarillo" },
};
const ACTIONS = {
  en: { explore: "explore", extract: "extract", examine: "examine" },
  es: { explore: "explorar", extract: "extraer", examine: "examinar" },
};
const TRIGGERS = {
  en: { deck_empty: "a deck ran out", board_empty: "no Terrain card is left to explore" },
  es: { deck_empty: "se acabó un mazo", board_empty: "no queda carta de terreno por explorar" },
};

const colour = (lang, c) => COLOURS[lang][c] || c;

export const EVENTS = {
  DecksShuffled: { en: () => "Each player's deck was shuffled.", es: () => "Se barajó el mazo de cada jugador." },
  TerrainDealt: { en: () => "The Terrain cards were dealt face down around the Artifact.",
                  es: () => "Se repartieron boca abajo las cartas de terreno alrededor del Artefacto." },
  StartChosen: { en: (d, x) => `${x.who(d.seat)} started next to ${d.cell}.`,
                 es: (d, x) => `${x.who(d.seat)} empezó junto a ${d.cell}.` },
  TerrainExplored: { en: (d, x) => `${x.who(d.seat)} explored ${d.cell} with a ${d.value}.`,
                     es: (d, x) => `${x.who(d.seat)} exploró ${d.cell} con un ${d.value}.` },
  ResourceExtracted: { en: (d, x) => `${x.who(d.seat)} extracted a ${colour("en", d.colour)} Resource from ${d.terrain}.`,
                       es: (d, x) => `${x.who(d.seat)} extrajo un recurso ${colour("es", d.colour)} de ${d.terrain}.` },
  DroneSent: { en: (d, x) => `${x.who(d.seat)} sent a Drone of value ${d.value}.`,
               es: (d, x) => `${x.who(d.seat)} envió un dron de valor ${d.value}.` },
  ActionNotCompleted: { en: (d, x) => `${x.who(d.seat)} could not ${ACTIONS.en[d.action] || "act"}.`,
                        es: (d, x) => `${x.who(d.seat)} no pudo ${ACTIONS.es[d.action] || "actuar"}.` },
  ActionCardFlipped: { en: (d, x) => `${x.who(d.seat)} played the ${colour("en", d.card)} Action card.`,
                       es: (d, x) => `${x.who(d.seat)} jugó la carta de acción ${colour("es", d.card)}.` },
  ActionCardsRefreshed: { en: () => "The Action cards are face up again.", es: () => "Las cartas de acción vuelven a estar boca arriba." },
  GameEnded: { en: (d, x) => `The game is over: ${x.list((d.triggers || []).map((k) => TRIGGERS.en[k] || "the end came"))}.`,
               es: (d, x) => `La partida ha terminado: ${x.list((d.triggers || []).map((k) => TRIGGERS.es[k] || "llegó el final"))}.` },
};
