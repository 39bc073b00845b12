// Exile Sun: the map drawn from the view's templates (map.system, map.key_shapes, map.keys and
// the naming rule the view states: s{slot}.{space}; a System's e2 is x{slot} and its e1
// x{slot-1}; k{key}.{space} on a Key, whose attach spaces join s{system}.n3). The Systems sit
// on a ring, each space at an authored place in its System (the rulebook's map pictures are
// lost: shared/games/exile_sun/data/map.json is authored too), split border spaces between
// two Systems, Keys in the middle. Planets are ringed in their holder's colour; fleets are
// tokens in their owner's colour showing what this seat may know (H/M/L/S/D, "?" face down,
// ×n scouts); the battle being fought is outlined. Spaces and fleets are the click targets:
// a move, deployment or battle choice by its space, a scan by its target, forming a fleet by
// its scouts. The side lines give each colony's public facts and this seat's own cards.

import { s } from "../dom.js";
import { symbol } from "./symbols.js";
import { EVENTS, phaseName, space, stepName } from "./exile_sun_events.js";
import { cost as moveCost, label as moveLabel, valueLabel as moveValueLabel } from "./exile_sun_moves.js";
import { language } from "../i18n.js";
import { sayEvent, targetAttributes } from "./common.js";

const UNIT = 30;                 // one step of the System template, in SVG units
const SIZE = 760;
const CENTRE = SIZE / 2;
// The ring's radius at a System's outer row (y = 0), by player count: room for the Systems.
const OUTER = { 2: 200, 3: 280, 4: 320, 5: 340, 6: 340 };
const SEAT_CLASSES = ["s0", "s1", "s2", "s3", "s4", "s5"];
const TOKEN_LETTER = { heavy: "H", medium: "M", light: "L", shipyard: "S", decoy: "D" };

// Where each space of a System is drawn: x along the ring (towards the next System), y inwards.
// The map in use sends its own (map.system.places); these are the first map's, which sends none.
const SYSTEM_PLACES = {
  t1: [-2.2, 0], t2: [0, 0], t3: [2.2, 0], e1: [-3.6, 1.2], e2: [3.6, 1.2],
  p1: [-1.4, 1.4], m: [0, 1.2], p2: [1.4, 1.4], a1: [-2.7, 2.3], a2: [2.7, 2.3],
  n1: [-1.1, 2.8], n2: [1.1, 2.8], g: [0, 2.4], n3: [0, 3.8],
};

const WORDS = {
  en: { move: "Move", scan: "Scan", deploy: "Deploy", place_fleet: "Place", fight: "Fight on",
        form_fleet: "Form", pass: "Pass", commit: "Commit", tactics: "Tactics", allocate: "Allocate",
        choose_initiative: "Initiative", regroup: "End of cycle", cycle: "Cycle", phase: "phase",
        vp: "VP", hand: "hand", techs: "techs", agendas: "agendas", initiative: "initiative",
        battle: "Battle", round: "round", you: "you", budgets: "Budgets", planets: "planets",
        with: "with", discard: "discard hand", keep: "keep hand", to: "to", over: "the game is over", faceDown: "face-down fleet", token_heavy: "heavy fleet", token_medium: "medium fleet", token_light: "light fleet", token_shipyard: "shipyard", token_decoy: "decoy",
        ships: "ships", committed: "committed", choosing: "choosing" },
  es: { move: "Mover", scan: "Escanear", deploy: "Desplegar", place_fleet: "Colocar", fight: "Luchar en",
        form_fleet: "Formar", pass: "Pasar", commit: "Comprometer", tactics: "Tácticas", allocate: "Asignar",
        choose_initiative: "Iniciativa", regroup: "Fin de ciclo", cycle: "Ciclo", phase: "fase",
        vp: "PV", hand: "mano", techs: "técnicas", agendas: "agendas", initiative: "iniciativa",
        battle: "Batalla", round: "ronda", you: "tú", budgets: "Presupuestos", planets: "planetas",
        with: "con", discard: "descartar mano", keep: "guardar mano", to: "a", over: "la partida ha terminado", faceDown: "flota boca abajo", token_heavy: "flota pesada", token_medium: "flota media", token_light: "flota ligera", token_shipyard: "astillero", token_decoy: "señuelo",
        ships: "naves", committed: "comprometido", choosing: "eligiendo" },
};

function w(key) { return (WORDS[language()] || WORDS.en)[key] ?? key; }

/** Every space's name -> [x, y], and the board's edges, expanded from the view's templates. */
export function layout(map) {
  const n = map.players;
  const places = map.system.places || SYSTEM_PLACES;
  const spots = {};
  const edges = [];
  const systemName = (slot, space) => (space === "e2" ? `x${slot}` : space === "e1" ? `x${(slot - 1 + n) % n}` : `s${slot}.${space}`);
  const place = (slot, [x, y]) => {
    const angle = (2 * Math.PI * slot) / n - Math.PI / 2;
    const radius = (OUTER[n] || 340) - y * UNIT;
    return [CENTRE + radius * Math.cos(angle) - x * UNIT * Math.sin(angle),
            CENTRE + radius * Math.sin(angle) + x * UNIT * Math.cos(angle)];
  };
  for (let slot = 0; slot < n; slot += 1) {
    for (const space of Object.keys(map.system.spaces)) {
      if (space === "e1" || space === "e2") continue;
      spots[`s${slot}.${space}`] = place(slot, places[space] || [0, 2]);
    }
    for (const [a, b] of map.system.edges) edges.push([systemName(slot, a), systemName(slot, b)]);
  }
  for (let slot = 0; slot < n; slot += 1) {   // a split border space: between its two Systems
    const [ax, ay] = place(slot, places.e2);
    const [bx, by] = place((slot + 1) % n, places.e1);
    spots[`x${slot}`] = [(ax + bx) / 2, (ay + by) / 2];
  }
  map.keys.forEach((key, index) => {
    const shape = map.key_shapes[key.shape];
    const anchors = key.systems.map((slot) => spots[`s${slot}.n3`]);
    const mid = [anchors.reduce((t, p) => t + p[0], 0) / anchors.length, anchors.reduce((t, p) => t + p[1], 0) / anchors.length];
    // Keys joining the same Systems would share a centre: each is set off in its own direction.
    const turn = (2 * Math.PI * index) / map.keys.length + Math.PI / 4;
    const centre = [(mid[0] * 2 + CENTRE) / 3 + 60 * Math.cos(turn), (mid[1] * 2 + CENTRE) / 3 + 60 * Math.sin(turn)];
    const attach = shape.attach.slice(0, key.systems.length);   // as board.py zips them
    const attached = new Map(attach.map((space, i) => [space, anchors[i]]));
    const loose = Object.keys(shape.spaces).filter((space) => !attached.has(space));
    for (const [space, anchor] of attached) {
      spots[`k${index}.${space}`] = [centre[0] + (anchor[0] - centre[0]) * 0.45, centre[1] + (anchor[1] - centre[1]) * 0.45];
    }
    loose.forEach((space, i) => {
      spots[`k${index}.${space}`] = [centre[0] + (loose.length > 1 ? (i - (loose.length - 1) / 2) * UNIT : 0), centre[1]];
    });
    for (const [a, b] of shape.edges) edges.push([`k${index}.${a}`, `k${index}.${b}`]);
    attach.forEach((space, i) => edges.push([`k${index}.${space}`, `s${key.systems[i]}.n3`]));
  });
  return { spots, edges };
}

function kindOf(map, name) {
  if (name.startsWith("x")) return "border";
  const [tile, space] = name.split(".");
  if (tile.startsWith("s")) return map.system.spaces[space];
  const key = map.keys[Number(tile.slice(1))];
  return map.key_shapes[key.shape].spaces[space];
}

function drawSpaces(svg, view, spots, edges, ctx) {
  for (const [a, b] of edges) {
    if (!spots[a] || !spots[b]) continue;
    svg.append(s("line", { x1: spots[a][0], y1: spots[a][1], x2: spots[b][0], y2: spots[b][1], class: "lane" }));
  }
  const touched = new Set(ctx.lastEvents.flatMap((e) => [e.data.space, ...(e.data.path || [])]).filter(Boolean));
  const battle = view.battle ? view.battle.space : null;
  for (const [name, [x, y]] of Object.entries(spots)) {
    const kind = kindOf(view.map, name);
    const holder = (view.planets || {})[name];
    const cls = `space ${kind}${touched.has(name) ? " last" : ""}${name === battle ? " fighting" : ""}${holder !== undefined && holder !== null ? ` held ${SEAT_CLASSES[holder]}` : ""}`;
    const g = s("g", { "data-space": name, ...targetAttributes(ctx, `space:${name}`, space(language(), name)) });
    g.append(s("circle", { cx: x, cy: y, r: kind === "planet" ? 13 : 9, class: cls }));
    if (kind === "planet" || kind === "gateway") {
      g.append(s("text", { x, y: y + 3, "text-anchor": "middle", class: "space-name" }, kind === "planet" ? "◉" : "⊛"));
    }
    svg.append(g);
  }
}

const TOKEN_W = 15, TOKEN_H = 21;
// Where a space's row of fleet tokens may go, tried in this order: [dx, dy] of the first
// token's corner from the space's centre, and the way the row grows (+1 right, -1 left).
const TOKEN_PLACES = [[6, -24, 1], [-21, -24, -1], [6, 3, 1], [-21, 3, -1], [11, -10, 1], [-26, -10, -1],
                      [null, -35, 1], [null, 14, 1]];

function rectHitsDisc(r, [cx, cy], radius) {
  const nx = Math.max(r.x, Math.min(cx, r.x + r.w)), ny = Math.max(r.y, Math.min(cy, r.y + r.h));
  return (nx - cx) ** 2 + (ny - cy) ** 2 < radius * radius;
}

function rectsMeet(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Each space's fleet tokens as rectangles beside it, placed where they cover no other
 * space (nor tokens placed before) when the map leaves room: on the crowded maps a token
 * beside one space would otherwise hide the next space, the very place a move may name. */
export function tokenPlaces(map, spots, counts) {
  const discs = Object.entries(spots).map(([name, at]) => [name, at, (kindOf(map, name) === "planet" ? 13 : 9) + 2]);
  const placed = [], out = {};
  for (const [space, n] of Object.entries(counts).sort()) {
    const [x, y] = spots[space] || [0, 0];
    let best = null;
    for (const [dx, dy, grow] of TOKEN_PLACES) {
      const left = dx === null ? x - (n * TOKEN_W) / 2 : x + dx;
      const rects = Array.from({ length: n }, (_, i) => ({ x: left + grow * i * TOKEN_W, y: y + dy, w: TOKEN_W, h: TOKEN_H }));
      const cost = rects.reduce((sum, r) => sum + discs.filter(([name, at, radius]) => name !== space && rectHitsDisc(r, at, radius)).length * 10
        + placed.filter((other) => rectsMeet(r, other)).length, 0);
      if (best === null || cost < best.cost) best = { cost, rects };
      if (cost === 0) break;
    }
    placed.push(...best.rects);
    out[space] = best.rects;
  }
  return out;
}

function drawFleets(svg, view, spots, ctx) {
  const here = {};
  for (const fleet of view.fleets || []) (here[fleet.space] = here[fleet.space] || []).push(fleet);
  const places = tokenPlaces(view.map, spots, Object.fromEntries(Object.entries(here).map(([space, fleets]) => [space, fleets.length])));
  for (const [space, fleets] of Object.entries(here)) {
    fleets.forEach((fleet, i) => {
      const { x: bx, y: top } = places[space][i];
      const by = top + 6;
      const letter = fleet.kind === "scout" ? `×${fleet.count}` : fleet.kind ? TOKEN_LETTER[fleet.kind] : "?";
      const label = `${ctx.who(fleet.owner)}: ${fleet.kind === "scout" ? `${fleet.count} ×` : fleet.kind ? w(`token_${fleet.kind}`) : w("faceDown")}`;
      const target = targetAttributes(ctx, `fleet:${fleet.id}`, label);
      svg.append(s("g", { "data-fleet": fleet.id, ...target,
                          class: `fleet ${SEAT_CLASSES[fleet.owner] || "s5"}${target.class ? ` ${target.class}` : ""}` },
        s("title", {}, label),
        s("rect", { x: bx, y: top, width: TOKEN_W, height: TOKEN_H, rx: 3 }),
        symbol(fleet.kind === "scout" ? "ship" : "fleet", bx + 7.5, by + 1, 12),
        s("text", { x: bx + 7.5, y: by + 13, "text-anchor": "middle" }, letter)));
    });
  }
}

function sideLines(view, ctx) {
  const lang = language();
  const name = (id) => (ctx.name ? ctx.name(id) : String(id));
  const names = (ids) => (ids && ids.length ? ids.map(name).join(", ") : "—");
  const lines = [`${w("cycle")} ${view.cycle} · ${phaseName(lang, view.phase)}${view.outcome ? ` · ${w("over")}` : ""}`];
  const held = {};
  for (const holder of Object.values(view.planets || {})) if (holder !== null) held[holder] = (held[holder] || 0) + 1;
  for (const p of view.players || []) {
    const mine = p.hand !== undefined;
    const vp = mine && p.private_vp !== undefined ? `${p.public_vp}+${p.private_vp}` : `${p.public_vp}`;
    const counts = `${w("hand")} ${p.hand_size} · ${w("techs")} ${p.tech_count} · ${w("agendas")} ${p.agenda_count}`;
    lines.push([p.seat, `${ctx.who(p.seat)} · ${p.colony ? name(p.colony) : "—"} · ${w("initiative")} ${p.initiative ?? "—"} · ${w("vp")} ${vp} · ${w("planets")} ${held[p.seat] || 0} · ${counts}`]);
    if (mine) {   // this seat's own cards, one kind a line so nothing runs off the board
      lines.push([p.seat, `   ${w("hand")}: ${names(p.hand)}`]);
      lines.push([p.seat, `   ${w("techs")}: ${names(p.techs)}`]);
      lines.push([p.seat, `   ${w("agendas")}: ${names(p.agendas)}`]);
    }
  }
  const revealed = (view.budgets || {}).revealed || [];
  if (revealed.length) lines.push(`${w("budgets")}: ${revealed.map((b, i) => `${ctx.who(i)} ${b.join("/")}`).join(" · ")}`);
  const b = view.battle;
  if (b) {
    const ships = b.ships ? ` · ${b.ships.map((side) => side.map(([card, damage]) => `${name(card)}${damage ? ` (-${damage})` : ""}`).join(", ")).join(" vs ")}` : "";
    // A fleet's size is seen once both sides chose their Ship cards (p10): until then, only
    // which side has committed; the tactics of a round once it is fought (p11).
    const sizes = b.ships ? ` · ${b.ships.map((side) => side.length).join(" vs ")} ${w("ships")}`
      : ` · ${b.committed.map((done) => w(done ? "committed" : "choosing")).join(" / ")}`;
    lines.push(`${w("battle")}: ${space(lang, b.space)} · ${b.seats.map((seat) => ctx.who(seat)).join(" vs ")} · ${stepName(lang, b.step)} · ${w("round")} ${b.round}${sizes}${ships}`);
    if ((b.last_tactics || []).length) {
      lines.push(`   ${w("tactics")}: ${b.last_tactics.map((side) => side.map(([role, ship, power]) => `${role} ${name(ship)} ${power}`).join(", ")).join(" vs ")}`);
    }
  }
  return lines;
}

export default {
  name: "exile_sun",
  keyOrder: { move: ["to", "fleet"], scan: ["target", "fleet", "tech"], deploy: ["space", "token"],
              place_fleet: ["space", "token"], commit: ["hand", "strike_craft", "flagship", "tech"],
              allocate: ["overhead", "fuel", "ships", "tech", "tech_card"] },
  draw(view, ctx) {
    const svg = s("svg", { class: "board exile-sun", role: "group", "aria-label": "Exile Sun" });
    if (!view.map) return svg;
    const { spots, edges } = layout(view.map);
    drawSpaces(svg, view, spots, edges, ctx);
    drawFleets(svg, view, spots, ctx);
    // The board's own box (two Systems leave the ring's sides empty), the lines below it.
    const xs = Object.values(spots).map((p) => p[0]), ys = Object.values(spots).map((p) => p[1]);
    const width = Math.max(Math.max(...xs) - Math.min(...xs) + 70, 560);
    const left = (Math.max(...xs) + Math.min(...xs)) / 2 - width / 2;
    const top = Math.min(...ys) - 30, bottom = Math.max(...ys) + 20;
    const lines = sideLines(view, ctx);
    lines.forEach((line, n) => {
      const [seat, text] = Array.isArray(line) ? line : [null, line];
      svg.append(s("text", { x: left + 8, y: bottom + 16 + n * 18, class: `side-line${seat !== null ? ` ${SEAT_CLASSES[seat]}-text` : ""}` }, text));
    });
    svg.setAttribute("viewBox", `${left} ${top} ${width} ${bottom - top + 26 + lines.length * 18}`);
    return svg;
  },
  highlights(command) { return command.fleet ? [`fleet:${command.fleet}`] : []; },
  /** What a move costs, and what a colony, tech or Initiative card does, where it is chosen. */
  explain(command, ctx) {
    const ids = [command.colony, command.tech, command.booster, command.tech_card, command.type === "choose_initiative" ? `initiative-${command.card}` : null];
    const texts = ids.map((id) => (id && ctx.text ? ctx.text(id) : null));
    return [moveCost(command, ctx), ...texts].filter(Boolean).join(" ");
  },
  targets(command) {
    if (command.type === "move") return [`space:${command.to}`];
    if (["deploy", "place_fleet", "fight"].includes(command.type)) return [`space:${command.space}`];
    if (command.type === "scan") return [`fleet:${command.target}`];
    if (command.type === "form_fleet" || command.type === "boost") return [`fleet:${command.fleet}`];
    return [];
  },
  label(command, ctx) { return moveLabel(command, ctx); },
  valueLabel(key, value, ctx) { return moveValueLabel(key, value, ctx); },
  describe(event, ctx) { return sayEvent(EVENTS, event, ctx); },
  events: EVENTS,
};
