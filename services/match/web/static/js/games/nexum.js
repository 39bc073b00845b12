// Nexum: the sector's systems (a star and its planets) on a ring, their links, the cloud in
// the middle, ships by faction, asteroids and relics; each faction's energy, reserve, points,
// technologies and the seat's own hand; the Action Row. In a multi-battle table the cloud's
// place holds the Wormhole instead (a jump to another table targets it). Places are the click targets:
// a move is chosen by its destination (then its origin and ship count), a capture or a
// replication by its planet.
//
// The sector's layout is a graph without coordinates (shared/games/nexum/data/sectors.json),
// so the systems are spread on a circle in letter order.

import { s } from "../dom.js";
import { symbol } from "./symbols.js";
import { EVENTS } from "./nexum_events.js";
import { explainMove, label as moveLabel, valueLabel as moveValueLabel } from "./nexum_moves.js";
import { language } from "../i18n.js";
import { sayEvent, targetAttributes } from "./common.js";

const SIZE = 560;
const CENTRE = SIZE / 2;
const RING = 205;
const ORBIT = 44;
const DISKS = new Set(["cloud", "wormhole"]);
const FACTION_CLASSES = ["s0", "s1", "s2", "s3", "s4", "s5"];
const WORDS = {
  en: { choose_phase: "Phase card", end_phase: "End the phase", research: "Research", move: "Move",
        replicate: "Replicate on", capture: "Capture", discard_asteroids: "Discard asteroids",
        pass_event: "Pass", play_event: "Play event", bid: "bid", ships: "ship(s)", relics: "relic(s)",
        slot: "slot", energy: "energy", reserve: "reserve", points: "points", techs: "techs",
        hand: "hand", round: "Round", stage: "stage", row: "Action Row", origin: "from", to: "to",
        card: "card", tech: "tech", asteroids: "asteroids", planet: "planet", ai: "AI",
        jump: "Jump", table: "table", cards: "cards", movement: "Movement", management: "Management",
        stage_choose: "choosing phase cards", stage_start: "the Action Row", stage_event_play: "playing events", stage_turn: "turns", stage_over: "the game is over", stage_civilize: "choosing civilizations" },
  es: { choose_phase: "Carta de fase", end_phase: "Terminar la fase", research: "Investigar", move: "Mover",
        replicate: "Replicar en", capture: "Capturar", discard_asteroids: "Descartar asteroides",
        pass_event: "Pasar", play_event: "Jugar evento", bid: "puja", ships: "nave(s)", relics: "reliquia(s)",
        slot: "hueco", energy: "energía", reserve: "reserva", points: "puntos", techs: "tecnologías",
        hand: "mano", round: "Ronda", stage: "etapa", row: "Fila de acción", origin: "desde", to: "hasta",
        card: "carta", tech: "tecnología", asteroids: "asteroides", planet: "planeta", ai: "IA",
        jump: "Saltar", table: "mesa", cards: "cartas", movement: "Movimiento", management: "Gestión",
        stage_choose: "elegir cartas de fase", stage_start: "la Fila de acción", stage_event_play: "jugar eventos", stage_turn: "turnos", stage_over: "la partida ha terminado", stage_civilize: "elegir civilizaciones" },
};

function w(key) { return (WORDS[language()] || WORDS.en)[key] ?? key; }

function layout(view) {
  const letters = Object.keys(view.systems || {}).sort();
  const spots = {};
  letters.forEach((letter, i) => {
    const angle = (2 * Math.PI * i) / letters.length - Math.PI / 2;
    spots[letter] = [CENTRE + RING * Math.cos(angle), CENTRE + RING * Math.sin(angle)];
  });
  spots.cloud = [CENTRE, CENTRE];
  spots.wormhole = spots.cloud;  // the Asteroid Cloud flipped to its Wormhole side
  return spots;
}

function placeXY(spots, view, place) {
  if (place === "cloud" || place === "wormhole") return spots[place];
  const [x, y] = spots[place[0]];
  if (place.endsWith("*")) return [x, y];
  const count = (view.systems[place[0]] || []).length;
  const n = Number(place.slice(1)) - 1;
  const angle = (2 * Math.PI * n) / Math.max(1, count) - Math.PI / 2;
  return [x + ORBIT * Math.cos(angle), y + ORBIT * Math.sin(angle)];
}

function drawLinks(svg, view, spots) {
  const drawn = new Set();
  for (const [a, ends] of Object.entries(view.links || {})) {
    for (const b of ends) {
      const key = [a, b].sort().join("-");
      if (drawn.has(key) || !spots[a] || !spots[b]) continue;
      drawn.add(key);
      svg.append(s("line", { x1: spots[a][0], y1: spots[a][1], x2: spots[b][0], y2: spots[b][1],
                             class: `link${DISKS.has(a) || DISKS.has(b) ? " cloud-link" : ""}` }));
    }
  }
}

function drawShips(svg, x, y, here) {
  Object.entries(here || {}).forEach(([faction, count], i) => {
    const bx = x + 10 + i * 16, by = y - 14;
    const cls = FACTION_CLASSES[faction] || "s5";
    svg.append(s("g", { class: `ships ${cls}` },
      symbol("ship", bx + 7.5, by + 5, 15, cls),
      s("text", { x: bx + 12, y: by + 14, class: "ship-count", "text-anchor": "middle" }, String(count))));
  });
}

function drawPlaces(svg, view, spots, ctx) {
  const destroyed = new Set(view.destroyed || []);
  const asteroids = new Set(view.asteroids || []);
  const loose = view.loose_relics || {};
  const touched = new Set(ctx.lastEvents.flatMap((e) => [e.data.to, e.data.origin, e.data.planet]).filter(Boolean));
  const places = [];
  for (const [letter, sizes] of Object.entries(view.systems || {})) {
    places.push([`${letter}*`, null]);
    sizes.forEach((size, n) => places.push([`${letter}${n + 1}`, size]));
  }
  for (const disk of DISKS) if ((view.links || {})[disk]) places.push([disk, null]);
  for (const [place, size] of places) {
    const [x, y] = placeXY(spots, view, place);
    const label = `${place}${size ? ` (${size})` : ""}`;
    const g = s("g", { "data-place": place, ...targetAttributes(ctx, `place:${place}`, label) });
    const cls = `${touched.has(place) ? " last" : ""}${destroyed.has(place) ? " destroyed" : ""}`;
    if (DISKS.has(place)) g.append(s("ellipse", { cx: x, cy: y, rx: 34, ry: 22, class: `cloud ${place}${cls}` }));
    else if (place.endsWith("*")) g.append(s("circle", { cx: x, cy: y, r: 14, class: `star${cls}` }));
    else g.append(s("circle", { cx: x, cy: y, r: 6 + size * 3, class: `planet size-${size}${cls}` }));
    g.append(s("text", { x, y: y + 4, "text-anchor": "middle", class: "place-name" }, place === "cloud" ? "☁" : place === "wormhole" ? `⊛ ${(view.wormhole || {}).table ?? ""}` : place));
    if (asteroids.has(place)) g.append(symbol("asteroid", x - 13, y + 13, 11, "asteroid"));
    if (loose[place] && loose[place].length) {
      g.append(symbol("relic", x - 16, y - 13, 11, "relic"), s("text", { x: x - 9, y: y - 9, class: "relic-count" }, String(loose[place].length)));
    }
    svg.append(g);
    drawShips(svg, x, y, (view.ships || {})[place]);
  }
}

function drawFactions(svg, view, ctx, top) {
  const name = (id) => (ctx.name ? ctx.name(id) : String(id));
  const phases = (card) => String(card).split("_").map((p) => w(p)).join(" + ");
  const lines = [`${w("round")} ${view.round}/${view.max_rounds} · ${w(`stage_${view.stage}`)}${view.winner !== null && view.winner !== undefined ? ` · ${ctx.who(view.winner)}` : ""}`];
  (view.factions || []).forEach((f, i) => {
    const who = f.kind === "ai" ? `${w("ai")} ${i + 1}` : ctx.who(i);
    const hand = f.hand ? ` · ${w("hand")}: ${f.hand.join(", ") || "—"}` : ` · ${w("hand")} ${f.hand_size}`;
    // An asteroid's crystals are its owner's to see (A p.5), spent ones too: others see its id.
    const loaded = (f.asteroids || []).map((a) => (f.crystals && f.crystals[a] ? `${a}:${f.crystals[a]}` : `${a}`)).join(", ");
    const phase = f.phase_card ? ` · ${phases(f.phase_card)}${f.bid !== undefined && f.bid !== null ? ` (${w("bid")} ${f.bid})` : ""}` : "";
    lines.push([i, `${who} (Tann ${f.tann}): ${f.victory_points} ${w("points")}, ${f.energy} ${w("energy")}, ${w("reserve")} ${f.reserve}, ${w("techs")} ${f.techs.map(name).join(", ") || "—"}${hand}${loaded ? ` · ${w("asteroids")} ${loaded}` : ""}${phase}`]);
  });
  const row = (view.action_row || []).map((stack) => stack.map((c) => c.card).join("+")).join(" | ");
  if (row) lines.push(`${w("row")}: ${row}`);
  lines.forEach((line, n) => {
    const [faction, text] = Array.isArray(line) ? line : [null, line];
    svg.append(s("text", { x: 12, y: top + 16 + n * 18, class: `side-line${faction !== null ? ` ${FACTION_CLASSES[faction]}-text` : ""}` }, text));
  });
  return top + 16 + lines.length * 18;
}

export default {
  name: "nexum",
  keyOrder: { choose_phase: ["card", "bid"], move: ["to", "origin", "ships", "relics"], play_event: ["card", "slot"],
              jump: ["origin", "table", "ships"],
              research: ["tech", "asteroids"] },
  draw(view, ctx) {
    const svg = s("svg", { class: "board nexum", role: "group", "aria-label": "Nexum" });
    if (!view.systems) return svg;
    const spots = layout(view);
    drawLinks(svg, view, spots);
    drawPlaces(svg, view, spots, ctx);
    const bottom = drawFactions(svg, view, ctx, SIZE - 10);
    svg.setAttribute("viewBox", `0 0 ${SIZE} ${bottom + 10}`);
    return svg;
  },
  highlights(command) { return command.origin ? [`place:${command.origin}`] : []; },
  /** What a civilization, skill or tech does and costs, where it is chosen. */
  explain(command, ctx) { return explainMove(command, ctx); },
  targets(command) {
    if (command.type === "move") return [`place:${command.to}`];
    if (command.type === "jump") return ["place:wormhole"];
    if (command.planet) return [`place:${command.planet}`];
    return [];
  },
  label(command, ctx) { return moveLabel(command, ctx); },
  valueLabel(key, value, ctx) { return moveValueLabel(key, value, ctx); },
  describe(event, ctx) { return sayEvent(EVENTS, event, ctx); },
  events: EVENTS,
};
