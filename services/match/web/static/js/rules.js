// A game's "how to play" page (#/rules/<game>): its goal and flow in a few lines, written from
// its rules notes, then every move a player can make as the game declares it (GET
// /v1/games/{game}/glossary's `commands`, each citing the rulebook), and its options.

import { call } from "./api.js";
import { h, mount } from "./dom.js";
import { titleOf } from "./games/index.js";
import { language, t } from "./i18n.js";
import { choiceLabel, optionLabel } from "./options.js";

const SUMMARY = {
  tictactoe: {
    en: ["Two players take turns marking an empty cell of a 3×3 grid, X first.", "Three marks in a row, column or diagonal win; a full grid without one is a draw."],
    es: ["Dos jugadores marcan por turnos una casilla vacía de una cuadrícula de 3×3; empieza X.", "Tres marcas en fila, columna o diagonal ganan; la cuadrícula llena sin ninguna es empate."],
  },
  exordium: {
    en: ["Two players explore a 5×5 grid of face-down Terrain cards around the Artifact, each from a starting Outpost.",
         "On your turn you play one of the three Action cards to explore a Terrain card next to you, extract a Resource from a Terrain card you hold, or examine; the card you play is used until all three are.",
         "The game ends when a deck runs out or no Terrain card is left to explore; the higher score wins."],
    es: ["Dos jugadores exploran una cuadrícula de 5×5 cartas de terreno boca abajo alrededor del Artefacto, cada uno desde un Puesto inicial.",
         "En tu turno juegas una de las tres cartas de acción para explorar una carta de terreno junto a ti, extraer un recurso de una carta tuya o examinar; la carta jugada queda usada hasta que lo estén las tres.",
         "La partida termina cuando se acaba un mazo o no queda terreno por explorar; gana la puntuación más alta."],
  },
  exile_sun: {
    en: ["Each player leads a colony whose home System joins the others on a ring of Systems linked by Keys.",
         "Every cycle: draft an Initiative card, set a secret Budget (Overhead, Fuel, Ships, Tech), move fleets, fight battles where fleets meet, then regroup.",
         "Planets and completed Agendas give victory points: the first to 10 (15 in The Long War) at the end of a cycle wins; holding five planets also ends the game."],
    es: ["Cada jugador dirige una colonia cuyo Sistema natal se une a los demás en un anillo de Sistemas unidos por Llaves.",
         "Cada ciclo: se reparten las cartas de Iniciativa, se fija en secreto el presupuesto (Gastos generales, Combustible, Naves, Tecnología), se mueven las flotas, se luchan las batallas donde se encuentran y se reagrupa.",
         "Los planetas y las Agendas cumplidas dan puntos de victoria: gana quien llegue a 10 (15 en La Guerra Larga) al final de un ciclo; tener cinco planetas también termina la partida."],
  },
  exsilium: {
    en: ["Each player leads a faction of four miniatures on Eris, whose tiles are revealed as miniatures reach them.",
         "On your turn you play cards from your hand to activate, move and fight with your miniatures, drop cards on the board, take terminals and buy upgraded cards; Newaru roam the tiles and fight whoever comes near.",
         "Collect Baralytas from the deposits: the first to gather the goal (10 with 2 players, 8 with 3, 6 with 4) wins."],
    es: ["Cada jugador dirige una facción de cuatro miniaturas en Eris, cuyas losetas se revelan cuando las miniaturas llegan a ellas.",
         "En tu turno juegas cartas de tu mano para activar, mover y combatir con tus miniaturas, soltar cartas en el tablero, tomar terminales y comprar cartas mejoradas; los Newaru recorren las losetas y combaten a quien se acerque.",
         "Recoge Baralytas de los yacimientos: gana el primero en reunir el objetivo (10 con 2 jugadores, 8 con 3, 6 con 4)."],
  },
  nexum: {
    en: ["Each faction spreads its ships over the sector's systems: stars and planets linked to each other, with the Asteroid Cloud in the middle.",
         "Every round each player secretly chooses a phase card (Movement, Management or both) with a bid; in turn order they move and attack, replicate ships, extract energy, capture asteroids and research technologies, while events and the AI strike the planets.",
         "Victory points come from stars and battles; the match ends by victory points, relics, the last faction standing or the round limit."],
    es: ["Cada facción extiende sus naves por los sistemas del sector: estrellas y planetas unidos entre sí, con la Nube de Asteroides en el centro.",
         "Cada ronda cada jugador elige en secreto una carta de fase (Movimiento, Gestión o ambas) con una puja; por turnos mueven y atacan, replican naves, extraen energía, capturan asteroides e investigan tecnologías, mientras los eventos y la IA golpean los planetas.",
         "Los puntos de victoria vienen de las estrellas y las batallas; la partida termina por puntos de victoria, reliquias, la última facción en pie o el límite de rondas."],
  },
};

export class RulesPage {
  constructor(root, game) { this.root = root; this.game = game; }

  async start() {
    const [hosted, glossary] = await Promise.all([call("GET", "/v1/games"), call("GET", `/v1/games/${this.game}/glossary`)]);
    const game = hosted.games.find((g) => g.name === this.game);
    const lang = language();
    const summary = (SUMMARY[this.game] || {})[lang] || (SUMMARY[this.game] || {}).en || [];
    const options = Object.entries(game.options || {});
    document.title = `${t("howToPlay")}: ${titleOf(this.game)} · Orrery`;
    mount(this.root, h("article", { class: "card rules", "data-role": "rules", "data-game": this.game },
      h("h1", {}, `${t("howToPlay")}: ${titleOf(this.game)}`),
      h("p", {}, t("playersRange", { min: game.min_players, max: game.max_players })),
      summary.map((line) => h("p", {}, line)),
      h("h2", {}, t("yourMoves")),
      lang !== "en" ? h("p", { class: "hint" }, t("movesInEnglish")) : null,
      h("ul", { class: "rules-moves", "data-role": "rules-moves" }, Object.entries(glossary.commands || {}).map(([, doc]) => h("li", {}, doc))),
      options.length ? [h("h2", {}, t("options")), h("ul", {}, options.map(([name, spec]) => {
        const fallback = spec.type === "bool" ? (spec.default ? t("yes") : t("no")) : String(spec.default);
        return h("li", {}, `${optionLabel(this.game, name, lang) || name}: ${choiceLabel(this.game, name, spec.default, lang) ?? fallback}`);
      }))] : null,
      h("p", {}, h("a", { href: "#/" }, t("home")))));
  }

  stop() {}
}
