// Exordium: the 5x5 grid of Terrain cards with the Artifact at c3, the three Action cards,
// and each player's deck (its public top), Drones and Resources — from the seat's own view.
// Cells and Action cards are the click targets of the commands that name them.

import { s } from "../dom.js";
import { EVENTS } from "./exordium_events.js";
import { language } from "../i18n.js";
import { sayEvent, targetAttributes } from "./common.js";

const COLUMNS = "abcde";
const CELL = 64;
const ORIGIN = 24;
const WORDS = {
  en: { explore: "explore", extract: "extract from", examine: "examine", card: "card",
        start: "Start on", extractNothing: "extract nothing (no Terrain card to extract from)",
        play_action_card: "Play an Action card", choose_start: "Choose where to start", then: "then", deck: "deck", top: "top", drones: "Drones",
        resources: "Resources", faceDown: "used", score: "score",
        StartChosen: "started on", TerrainExplored: "explored", ResourceExtracted: "extracted",
        DroneSent: "sent a drone of", ActionNotCompleted: "could not", ActionCardFlipped: "played the",
        ActionCardsRefreshed: "The Action cards are face up again.", GameEnded: "The game is over." },
  es: { explore: "explorar", extract: "extraer de", examine: "examinar", card: "carta",
        start: "Empezar en", extractNothing: "no extraer (ninguna carta de terreno de la que extraer)",
        play_action_card: "Jugar una carta de acción", choose_start: "Elegir dónde empezar", then: "y luego", deck: "mazo", top: "arriba", drones: "Drones",
        resources: "Recursos", faceDown: "usada", score: "puntos",
        StartChosen: "empezó en", TerrainExplored: "exploró", ResourceExtracted: "extrajo",
        DroneSent: "envió un dron de", ActionNotCompleted: "no pudo", ActionCardFlipped: "jugó la carta",
        ActionCardsRefreshed: "Las cartas de acción vuelven a estar boca arriba.", GameEnded: "La partida ha terminado." },
};
const COLOUR_NAMES = {
  en: { red: "red", green: "green", blue: "blue", purple: "purple", yellow: "yellow" },
  es: { red: "roja", green: "verde", blue: "azul", purple: "morado", yellow: "amarillo" },
};

function w(key) { return (WORDS[language()] || WORDS.en)[key]; }
function colour(name) { return (COLOUR_NAMES[language()] || COLOUR_NAMES.en)[name] || name; }

function cellXY(cell) {
  const col = COLUMNS.indexOf(cell[0]);
  const row = Number(cell.slice(1)) - 1;
  return [ORIGIN + col * CELL, ORIGIN + (4 - row) * CELL];   // row 1 at the bottom
}

function actionWords(action) {
  if (action.action === "explore") return `${w("explore")} ${action.cell}`;
  if (action.action === "extract") return action.terrain ? `${w("extract")} ${action.terrain}` : w("extractNothing");
  return w("examine");
}

function resourceOn(view) {
  const out = {};
  for (const player of view.players || []) {
    for (const r of player.resources) out[r.terrain] = r.colour;
  }
  return out;
}

function drawGrid(svg, view, ctx) {
  const resources = resourceOn(view);
  const revealed = view.terrain_colours || {};
  const touched = new Set(ctx.lastEvents.flatMap((e) => [e.data.cell, e.data.terrain]).filter(Boolean));
  for (const [cell, occupant] of Object.entries(view.board)) {
    const [x, y] = cellXY(cell);
    const label = `${cell}: ${occupant}${resources[cell] ? `, ${colour(resources[cell])}` : ""}`;
    const g = s("g", { "data-cell": cell, ...targetAttributes(ctx, `cell:${cell}`, label) });
    g.append(s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6,
                         class: `cell occ-${occupant}${touched.has(cell) ? " last" : ""}` }));
    if (occupant === "artifact") {
      g.append(s("polygon", { class: "artifact", points: `${x + 32},${y + 12} ${x + 52},${y + 32} ${x + 32},${y + 52} ${x + 12},${y + 32}` }));
    }
    const known = resources[cell] || revealed[cell];
    if (known) g.append(s("circle", { cx: x + CELL - 16, cy: y + 16, r: 8, class: `res res-${known}` }));
    else if (occupant === "purple" || occupant === "yellow") {
      g.append(s("text", { x: x + CELL - 16, y: y + 21, class: "hidden-mark", "text-anchor": "middle" }, "?"));
    }
    g.append(s("text", { x: x + 8, y: y + CELL - 9, class: "coord" }, cell));
    svg.append(g);
  }
}

function drawActionCards(svg, view, ctx, top) {
  ["red", "green", "blue"].forEach((card, i) => {
    const x = ORIGIN + i * 110, up = view.action_cards ? view.action_cards[card] : true;
    const label = `${w("card")} ${colour(card)}${up ? "" : ` (${w("faceDown")})`}`;
    const g = s("g", { "data-card": card, ...targetAttributes(ctx, `card:${card}`, label) });
    g.append(s("rect", { x, y: top, width: 100, height: 54, rx: 6,
                         class: `action-card ac-${card}${up ? "" : " down"}` }));
    g.append(s("text", { x: x + 50, y: top + 32, "text-anchor": "middle", class: "card-text" }, colour(card)));
    svg.append(g);
  });
}

function drawPlayers(svg, view, ctx, top) {
  (view.players || []).forEach((player, i) => {
    const y = top + i * 62;
    const mine = player.seat === view.you;
    svg.append(s("rect", { x: ORIGIN, y, width: 320, height: 54, rx: 6,
                           class: `player-band band-${player.colour}${mine ? " mine" : ""}` }));
    svg.append(s("text", { x: ORIGIN + 8, y: y + 20, class: "band-title" },
      `${ctx.who(player.seat)} · ${w("deck")} ${player.deck_size}${player.deck_top ? ` (${w("top")} ${player.deck_top})` : ""}`));
    svg.append(s("text", { x: ORIGIN + 8, y: y + 42, class: "band-text" },
      `${w("drones")}: ${player.drones.join(" ") || "—"}`));
    player.resources.forEach((r, k) => {
      svg.append(s("circle", { cx: ORIGIN + 170 + k * 18, cy: y + 37, r: 7, class: `res res-${r.colour}` }));
    });
    if (view.outcome && view.outcome.scores) {
      svg.append(s("text", { x: ORIGIN + 312, y: y + 20, "text-anchor": "end", class: "band-title" },
        `${view.outcome.scores[player.seat]} ${w("score")}`));
    }
  });
}

export default {
  name: "exordium",
  keyOrder: { play_action_card: ["card", "actions"] },
  draw(view, ctx) {
    const players = (view.players || []).length;
    const height = ORIGIN * 2 + CELL * 5 + 70 + players * 62;
    const svg = s("svg", { viewBox: `0 0 ${ORIGIN * 2 + CELL * 5} ${height}`, class: "board exordium",
                           role: "group", "aria-label": "Exordium" });
    if (!view.board) return svg;
    drawGrid(svg, view, ctx);
    drawActionCards(svg, view, ctx, ORIGIN + CELL * 5 + 8);
    drawPlayers(svg, view, ctx, ORIGIN + CELL * 5 + 74);
    return svg;
  },
  targets(command) {
    if (command.type === "choose_start") return [`cell:${command.cell}`];
    if (command.type !== "play_action_card") return [];
    const cells = command.actions.map((a) => a.cell || a.terrain).filter(Boolean);
    return [`card:${command.card}`, ...cells.map((c) => `cell:${c}`)];
  },
  label(command) {
    if (command.type === "choose_start") return `${w("start")} ${command.cell}`;
    if (command.type === "play_action_card") {
      return `${w("card")} ${colour(command.card)}: ${command.actions.map(actionWords).join(`, ${w("then")} `)}`;
    }
    return command.type;
  },
  valueLabel(key, value) {
    if (key === "type") return w(value) ?? String(value);
    if (key === "card") return `${w("card")} ${colour(value)}`;
    if (key === "actions") return value.map(actionWords).join(`, ${w("then")} `);
    return String(value);
  },
  describe(event, ctx) { return sayEvent(EVENTS, event, ctx); },
  events: EVENTS,

};
