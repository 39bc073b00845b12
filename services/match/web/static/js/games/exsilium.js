// Exsilium: Eris's tiles (face down until revealed) with their nodes, deposits, terminals,
// holes, markers, miniatures and Newaru; the seat's hand, the upgrade row, the combat under
// way and what is owed — all from the seat's own view, in the match's language.
//
// Geometry (shared/games/exsilium/board.py): node id = y * 100 + x on a global grid, each
// tile a 5x5 block of positions at "row,col". The tiles are drawn as they lie on the table,
// edge to edge, so that nodes facing each other across a tile edge are one step apart as on
// the tile itself; a line joins every two nodes a miniature may step between (8 directions,
// on one tile or across the edge two tiles share: tiles meeting at a corner do not connect),
// and an edge bearing a frontier is marked with its number. Hundreds of legal commands are
// narrowed by clicking: a hand card (its commands), then a node (the commands ending there).

import { s } from "../dom.js";
import { symbol } from "./symbols.js";
import { EVENTS } from "./exsilium_events.js";
import { cardById, explain } from "./exsilium_costs.js";
import { language } from "../i18n.js";
import { capitalise, commandWords, fieldWords, sayEvent, targetAttributes } from "./common.js";

const STEP = 24;          // px between nodes
const TILE = STEP * 5;    // px of a tile
const GAP = 0;            // px between tiles: none, they touch
const PAD = 10;
const SEAT_CLASSES = ["s0", "s1", "s2", "s3"];

const WORDS = {
  en: {
    choose_faction: "Choose faction", bid: "Bid", choose_start: "Start at node", activate: "Activate",
    ability: "Faction ability", move: "Move", drop: "Drop", remove_card: "Remove card",
    activate_terminal: "Activate terminal", access_upgrades: "Access upgrades",
    leave_upgrades: "Leave upgrades", buy: "Buy", cycle_upgrades: "Cycle upgrades",
    end_turn: "End turn", commit: "Commit", place_card: "Place face down", discard: "Discard", dodge: "Dodge", evade: "Evade",
    favorable_zone: "Favourable zone", concede: "Concede", leave_conflict: "Leave the conflict",
    stay: "Stay", displace: "Displace", play: "Play", dive: "Dive", endure: "Endure it",
    phase_faction: "choosing factions", phase_bid: "bidding", phase_start: "choosing starting tiles", phase_play: "playing", phase_over: "the match is over", phase_setup: "setting up",
    stage_newaru: "against a Newaru", stage_intimidation: "intimidation", stage_replica: "replica", stage_reveal: "reveal", stage_commit: "committing cards",
    move_on: "Go on", atNode: "at node", from: "from", portal: "through a portal", give: "giving", take: "taking",
    zone: "zone", tile: "tile", face_up: "face up", face_down: "face down", face_supply: "to the supply",
    mini: "miniature", node: "node", path: "path", card: "card", amount: "amount", faction: "faction",
    face: "face", action: "use its action", control: "take control", cards: "cards", slots: "slots",
    paid: "paid with", slot: "slot", baralytas: "Baralytas", yes: "yes", no: "no", none: "none",
    hand: "Hand", upgrades: "Upgrade row", combat: "Combat", pending: "Owed", round: "Round",
    tokens: "tokens", points: "points", deck: "deck", discardPile: "discard", strength: "strength",
    cost: "cost", stage: "stage", foe: "foe", committed: "committed", placed: "placed face down", enemy: "enemy action",
    frontier: "Frontier",
  },
  es: {
    choose_faction: "Elegir facción", bid: "Apostar", choose_start: "Empezar en el nodo", activate: "Activar",
    ability: "Habilidad de facción", move: "Mover", drop: "Soltar", remove_card: "Eliminar carta",
    activate_terminal: "Activar terminal", access_upgrades: "Acceder a las mejoras",
    leave_upgrades: "Salir de las mejoras", buy: "Comprar", cycle_upgrades: "Renovar mejoras",
    end_turn: "Terminar turno", commit: "Comprometer", place_card: "Colocar boca abajo", discard: "Descartar", dodge: "Esquivar", evade: "Evadir",
    favorable_zone: "Zona favorable", concede: "Ceder", leave_conflict: "Abandonar el conflicto",
    stay: "Quedarse", displace: "Desplazar", play: "Jugar", dive: "Arremetida", endure: "Asumirlo",
    phase_faction: "elegir facciones", phase_bid: "apuestas", phase_start: "elegir losetas iniciales", phase_play: "en juego", phase_over: "la partida ha terminado", phase_setup: "preparación",
    stage_newaru: "contra un Newaru", stage_intimidation: "intimidación", stage_replica: "réplica", stage_reveal: "revelación", stage_commit: "comprometer cartas",
    move_on: "Seguir", atNode: "en el nodo", from: "desde", portal: "por un portal", give: "dando", take: "tomando",
    zone: "zona", tile: "loseta", face_up: "boca arriba", face_down: "boca abajo", face_supply: "a la reserva",
    mini: "miniatura", node: "nodo", path: "camino", card: "carta", amount: "cantidad", faction: "facción",
    face: "cara", action: "usar su acción", control: "tomar el control", cards: "cartas", slots: "huecos",
    paid: "pagado con", slot: "hueco", baralytas: "Baralytas", yes: "sí", no: "no", none: "ninguno",
    hand: "Mano", upgrades: "Fila de mejoras", combat: "Combate", pending: "Pendiente", round: "Ronda",
    tokens: "tokens", points: "puntos", deck: "mazo", discardPile: "descarte", strength: "fuerza",
    cost: "coste", stage: "fase", foe: "rival", committed: "comprometidas", placed: "colocadas boca abajo", enemy: "acción enemiga",
    frontier: "Frontera",
  },
};
const COMPASS = {
  en: { "-1,0": "north", "-1,1": "north-east", "0,1": "east", "1,1": "south-east", "1,0": "south", "1,-1": "south-west", "0,-1": "west", "-1,-1": "north-west" },
  es: { "-1,0": "norte", "-1,1": "noreste", "0,1": "este", "1,1": "sureste", "1,0": "sur", "1,-1": "suroeste", "0,-1": "oeste", "-1,-1": "noroeste" },
};

/** A path as the steps a player sees: "north, north-east ×2", a portal's jump by name.
 * Nodes are y * 100 + x (board.py); `start` is where the miniature stands, when known. */
function pathWords(path, start) {
  const words = COMPASS[language()] || COMPASS.en;
  const steps = [];
  let from = start;
  for (const node of path) {
    if (from === null || from === undefined) { steps.push(`${w("from")} ${w("node")} ${node}`); from = node; continue; }
    const dy = Math.floor(node / 100) - Math.floor(from / 100), dx = (node % 100) - (from % 100);
    steps.push(words[`${dy},${dx}`] || w("portal"));
    from = node;
  }
  const runs = [];
  for (const step of steps) {
    const last = runs[runs.length - 1];
    if (last && last[0] === step) last[1] += 1; else runs.push([step, 1]);
  }
  return runs.map(([step, n]) => (n > 1 ? `${step} ×${n}` : step)).join(", ");
}

const KEY_WORDS = () => ({ card: "", cards: w("cards"), mini: w("mini"), node: w("atNode"), target: "", give: w("give"), take: w("take"),
                           zone: w("zone"), tile: w("tile"), faction: "", slots: w("slots"), paid: w("paid"), slot: w("slot"), baralytas: w("baralytas") });

/** Exsilium's own words for a field's value (cards from this seat's view, miniatures, tiles). */
function fieldThing(view) {
  return (key, value) => {
    if ((key === "card" || key === "give" || key === "take") && typeof value === "string") return cardName(view, value);
    if ((key === "cards" || key === "paid") && Array.isArray(value)) return value.map((c) => cardName(view, c)).join(", ") || w("none");
    if (key === "mini" && typeof value === "number") return String(value + 1);
    if ((key === "slot") && typeof value === "number") return String(value + 1);
    if (key === "slots" && Array.isArray(value)) return value.map((n) => n + 1).join(", ");
    if (key === "tile" && typeof value === "string") return value.replace(",", "-");
    if (key === "tile" && Array.isArray(value)) return value.join("-");
    return undefined;
  };
}

function w(key) { return (WORDS[language()] || WORDS.en)[key] ?? key; }

function tileOrigin(r, c) { return [PAD + c * (TILE + GAP), PAD + r * (TILE + GAP)]; }

function nodeXY(id) {
  const n = Number(id), y = Math.floor(n / 100), x = n % 100;
  const [ox, oy] = tileOrigin(Math.floor(y / 5), Math.floor(x / 5));
  return [ox + (x % 5) * STEP + STEP / 2, oy + (y % 5) * STEP + STEP / 2];
}

function extent(view) {
  const positions = [...Object.keys(view.tiles || {}), ...(view.facedown || [])].map((k) => k.split(",").map(Number));
  const rows = Math.max(1, ...positions.map(([r]) => r + 1));
  const cols = Math.max(1, ...positions.map(([, c]) => c + 1));
  return [PAD * 2 + cols * TILE + (cols - 1) * GAP, PAD * 2 + rows * TILE + (rows - 1) * GAP];
}

function cardName(view, id) {
  if (id === null || id === undefined) return w("none");
  const c = cardById(view, id);
  return c ? `${c.name} (${c.strength})` : String(id);
}

function miniNode(view, seat, mini) {
  const p = (view.players || [])[seat];
  return p ? p.miniatures[mini] : null;
}

/** Lines between nodes a miniature may step between: one step apart in 8 directions, on
 * one tile or on two tiles sharing an edge (board.py touching); deposits and holes are
 * stepped over by no one, so no line reaches them. */
function drawLanes(svg, view) {
  const nodes = view.nodes || {};
  const closed = new Set((view.holes || []).map(String));
  const open = (id) => nodes[id] !== undefined && nodes[id] !== "D" && !closed.has(String(id));
  const tileOf = (id) => [Math.floor(Math.floor(id / 100) / 5), Math.floor((id % 100) / 5)];
  for (const key of Object.keys(nodes)) {
    const id = Number(key);
    if (!open(id)) continue;
    const [ax, ay] = nodeXY(id);
    const [ra, ca] = tileOf(id);
    for (const [dy, dx] of [[0, 1], [1, -1], [1, 0], [1, 1]]) {
      const y = Math.floor(id / 100) + dy, x = (id % 100) + dx;
      if (x < 0) continue;
      const other = y * 100 + x;
      if (!open(other)) continue;
      const [rb, cb] = tileOf(other);
      if (Math.abs(ra - rb) + Math.abs(ca - cb) > 1) continue;
      const [bx, by] = nodeXY(other);
      svg.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "x-lane" }));
    }
  }
}

/** A shared tile edge bearing a frontier (view.frontiers: "r,c|r,c" -> 2 or 3): a band along
 * the edge and its number, what crossing it asks of a card. */
function drawFrontiers(svg, view) {
  for (const [edge, value] of Object.entries(view.frontiers || {})) {
    const [[r1, c1], [r2, c2]] = edge.split("|").map((k) => k.split(",").map(Number));
    const [x, y] = tileOrigin(r2, c2);
    const across = r1 === r2;   // side by side: the edge is upright
    const band = across ? { x: x - 2, y: y + TILE * 0.1, width: 4, height: TILE * 0.8 }
      : { x: x + TILE * 0.1, y: y - 2, width: TILE * 0.8, height: 4 };
    svg.append(s("rect", { ...band, class: `frontier f${value}`, "data-frontier": edge },
      s("title", {}, `${w("frontier")} ${value}`)));
    const [tx, ty] = across ? [x, y + TILE / 2] : [x + TILE / 2, y];
    svg.append(s("circle", { cx: tx, cy: ty, r: 7, class: `frontier-mark f${value}` }));
    svg.append(s("text", { x: tx, y: ty + 3.5, class: "frontier-value", "text-anchor": "middle" }, String(value)));
  }
}

function drawTiles(svg, view) {
  for (const [key, tile] of Object.entries(view.tiles || {})) {
    const [x, y] = tileOrigin(...key.split(",").map(Number));
    svg.append(s("rect", { x, y, width: TILE, height: TILE, rx: 4, class: "tile", "data-tile": key }));
    svg.append(s("text", { x: x + 3, y: y + 10, class: "tile-name" }, tile));
  }
  for (const key of view.facedown || []) {
    const [x, y] = tileOrigin(...key.split(",").map(Number));
    svg.append(s("rect", { x, y, width: TILE, height: TILE, rx: 4, class: "tile facedown", "data-tile": key }));
    svg.append(s("text", { x: x + TILE / 2, y: y + TILE / 2 + 8, class: "facedown-mark", "text-anchor": "middle" }, "?"));
  }
}

function drawNodes(svg, view, ctx) {
  const holes = new Set((view.holes || []).map(String));
  const terminals = new Set((view.terminal_tokens || []).map(String));
  const deposits = view.deposits || {};
  const control = view.control || {};
  // The last move's places: the nodes walked, and the node a miniature arrived on or a card was dropped on.
  const moved = new Set(ctx.lastEvents.flatMap((e) => [...((e.data && e.data.path) || []), e.data && e.data.node])
    .filter((n) => typeof n === "number").map(String));
  for (const [id, kind] of Object.entries(view.nodes || {})) {
    const [x, y] = nodeXY(id);
    const label = `${w("node")} ${id}`;
    const g = s("g", { "data-node": id, ...targetAttributes(ctx, `node:${id}`, label) });
    g.append(s("circle", { cx: x, cy: y, r: 10, class: "node-hit" }));
    const owner = control[id];
    const cls = `node kind-${kind === "." ? "plain" : kind}${owner !== undefined ? ` ctl-${SEAT_CLASSES[owner]}` : ""}${moved.has(id) ? " last" : ""}`;
    if (holes.has(id)) g.append(s("text", { x, y: y + 4, class: "hole", "text-anchor": "middle" }, "✕"));
    else if (kind === "D") g.append(s("rect", { x: x - 6, y: y - 6, width: 12, height: 12, class: cls, transform: `rotate(45 ${x} ${y})` }));
    else if (kind === "T") g.append(s("rect", { x: x - 5, y: y - 5, width: 10, height: 10, class: cls }));
    else if (kind === "P") g.append(s("circle", { cx: x, cy: y, r: 6, class: `${cls} portal` }));
    else if (kind === "A") g.append(s("polygon", { points: `${x},${y - 6} ${x + 6},${y + 5} ${x - 6},${y + 5}`, class: cls }));
    else g.append(s("circle", { cx: x, cy: y, r: 3, class: cls }));
    if (deposits[id] && deposits[id].length) {
      g.append(s("text", { x, y: y + 3, class: "deposit-value", "text-anchor": "middle" }, deposits[id].join("+")));
    }
    if (terminals.has(id)) g.append(s("circle", { cx: x + 7, cy: y - 7, r: 3, class: "terminal-token" }));
    svg.append(g);
  }
}

function drawFigures(svg, view) {
  for (const marker of view.markers || []) {
    const [x, y] = nodeXY(marker.node);
    svg.append(s("rect", { x: x - 9, y: y + 3, width: 8, height: 6, class: `marker ${SEAT_CLASSES[marker.owner]} face-${marker.face}` },
      s("title", {}, `${marker.face}${marker.card ? ` ${cardName(view, marker.card)}` : ""}`)));
  }
  (view.players || []).forEach((player, seat) => {
    player.miniatures.forEach((node, mini) => {
      if (node === null || node === undefined) return;
      const [x, y] = nodeXY(node);
      svg.append(s("g", { class: `mini ${SEAT_CLASSES[seat]}`, "data-mini": `${seat}:${mini}` },
        symbol("miniature", x, y - 1, 19, SEAT_CLASSES[seat]),
        s("text", { x: x + 7, y: y + 9, class: "mini-number", "text-anchor": "middle" }, String(mini + 1)),
        s("title", {}, `${w("mini")} ${mini + 1} (${seat})`)));
    });
  });
  for (const [id, node] of Object.entries(view.newaru || {})) {
    const [x, y] = nodeXY(node);
    svg.append(s("g", { class: "newaru", "data-newaru": id }, symbol("newaru", x, y, 21), s("title", {}, "Newaru")));
  }
}

/** Rings round the two sides of a combat under way: the attacking miniature and its foe. */
function drawCombat(svg, view) {
  const c = view.combat;
  if (!c) return;
  const players = view.players || [];
  const attacker = players[c.attacker] ? players[c.attacker].miniatures[c.miniature] : null;
  let foe = null;
  if (c.foe[0] === "newaru") foe = (view.newaru || {})[String(c.foe[1])];
  else if (players[c.foe[1]]) foe = players[c.foe[1]].miniatures[c.foe[2]];
  for (const node of [attacker, foe]) {
    if (node === null || node === undefined) continue;
    const [x, y] = nodeXY(node);
    svg.append(s("circle", { cx: x, cy: y, r: 13, class: "combat-ring" }));
  }
}

function drawCards(svg, cards, top, ctx, view, prefix) {
  cards.forEach((c, i) => {
    if (!c) return;
    const x = PAD + (i % 5) * 112, y = top + Math.floor(i / 5) * 74;
    const label = `${c.name}: ${c.text || ""}`;
    const g = s("g", { "data-card": c.id, ...targetAttributes(ctx, `${prefix}:${c.id}`, label) });
    g.append(s("rect", { x, y, width: 106, height: 68, rx: 5, class: `xcard type-${c.type}` }));
    g.append(s("text", { x: x + 5, y: y + 14, class: "xcard-name" }, c.name.slice(0, 18)));
    g.append(s("text", { x: x + 5, y: y + 30, class: "xcard-stats" }, `${w("strength")} ${c.strength} · ${w("cost")} ${c.cost}`));
    g.append(s("text", { x: x + 5, y: y + 46, class: "xcard-type" }, ctx.name ? ctx.name(c.type) : c.type));
    g.append(s("title", {}, label));
    svg.append(g);
  });
  return top + Math.ceil(cards.length / 5) * 74;
}

function drawSide(svg, view, ctx, top) {
  const lines = [];
  const name = (id) => (ctx.name ? ctx.name(id) : String(id));
  lines.push(`${w("round")} ${view.round} · ${w(`phase_${view.phase}`)}`);
  (view.players || []).forEach((p, seat) => {
    lines.push([seat, `${ctx.who(seat)}${p.faction ? ` (${name(p.faction)})` : ""}: ${p.tokens} ${w("tokens")}, ${p.points} ${w("points")}, ${w("baralytas")} ${p.baralytas.length ? p.baralytas.join(", ") : "—"}, ${w("hand")} ${p.hand_size}, ${w("deck")} ${p.deck_size}, ${w("discardPile")} ${p.discard.length}`]);
  });
  if (view.combat) {
    const c = view.combat;
    const foe = c.foe && c.foe[0] === "newaru" ? "Newaru" : ctx.who((c.foe || [])[1]);
    lines.push(`${w("combat")}: ${ctx.who(c.attacker)} · ${foe}, ${w("stage")} ${w(`stage_${c.stage}`)}, ${w("committed")} ${c.committed_count}${c.placed_count ? `, ${w("placed")} ${c.placed_count}` : ""}${c.enemy_action ? `, ${w("enemy")} ${name(c.enemy_action)}` : ""}`);
  }
  for (const p of view.pending || []) lines.push(`${w("pending")}: ${w(p.kind)} (${ctx.who(p.seat)})`);
  lines.forEach((line, i) => {
    const [seat, text] = Array.isArray(line) ? line : [null, line];
    svg.append(s("text", { x: PAD, y: top + 16 + i * 18, class: `side-line${seat !== null ? ` ${SEAT_CLASSES[seat]}-text` : ""}` }, text));
  });
  return top + 16 + lines.length * 18;
}

export default {
  name: "exsilium",
  keyOrder: { move: ["card", "mini", "path", "action", "control"], drop: ["card", "node", "face"],
              activate: ["card", "node"], leave_conflict: ["card", "path"], concede: ["card", "node", "baralytas"],
              buy: ["slots", "paid"] },
  draw(view, ctx) {
    const [width, boardHeight] = extent(view);
    const svgWidth = Math.max(width, PAD * 2 + 5 * 112);
    const svg = s("svg", { class: "board exsilium", role: "group", "aria-label": "Exsilium" });
    drawTiles(svg, view);
    drawLanes(svg, view);
    drawFrontiers(svg, view);
    drawNodes(svg, view, ctx);
    drawFigures(svg, view);
    drawCombat(svg, view);
    let y = boardHeight + 6;
    const me = (view.players || [])[view.you];
    if (me && me.hand) {
      svg.append(s("text", { x: PAD, y: y + 12, class: "section-title" }, `${w("hand")} (${me.hand.length})`));
      y = drawCards(svg, me.hand, y + 18, ctx, view, "card");
    }
    svg.append(s("text", { x: PAD, y: y + 14, class: "section-title" }, w("upgrades")));
    y = drawCards(svg, view.upgrades || [], y + 20, ctx, view, "upgrade");
    y = drawSide(svg, view, ctx, y);
    svg.setAttribute("viewBox", `0 0 ${svgWidth} ${y + 10}`);
    return svg;
  },
  /** Beyond the targets: every node of a path and the miniature that walks it. */
  highlights(command, view) {
    const out = (Array.isArray(command.path) ? command.path : []).map((n) => `node:${n}`);
    if (typeof command.mini === "number" && view && view.you !== undefined) out.push(`mini:${view.you}:${command.mini}`);
    if (typeof command.node === "number") out.push(`node:${command.node}`);
    return out;
  },
  targets(command) {
    const out = [];
    if (typeof command.card === "string") out.push(`card:${command.card}`);
    for (const c of command.cards || []) out.push(`card:${c}`);
    if (command.type === "buy") for (const slot of command.slots || []) out.push(`slot:${slot}`);
    const path = Array.isArray(command.path) ? command.path : null;
    if (path && path.length) out.push(`node:${path[path.length - 1]}`);
    else if (typeof command.node === "number") out.push(`node:${command.node}`);
    return out;
  },
  label(command, ctx) {
    const view = ctx.view;
    const name = w(command.type);
    const x = { ...ctx, name: (id) => (typeof id === "string" && cardById(view, id) ? cardName(view, id) : ctx.name ? ctx.name(id) : String(id)) };
    switch (command.type) {
      case "choose_faction": return `${name}: ${x.name(command.faction)}`;
      case "bid": return `${name} ${command.amount}`;
      case "choose_start": return `${name} ${command.node}`;
      case "activate_terminal": case "displace": return `${name} ${w("atNode")} ${command.node}`;
      case "activate": return `${name} ${cardName(view, command.card)} ${w("atNode")} ${command.node}`;
      case "move": {
        const extras = [command.action ? w("action") : null, command.control ? w("control") : null].filter(Boolean);
        const start = miniNode(view, view.you, command.mini);
        return `${name} ${w("mini")} ${command.mini + 1} ${pathWords(command.path, start)} (${cardName(view, command.card)})${extras.length ? `, ${extras.join(", ")}` : ""}`;
      }
      case "drop": return `${name} ${cardName(view, command.card)} ${w("atNode")} ${command.node} (${w(`face_${command.face}`)})`;
      case "remove_card": case "place_card": case "dodge": case "evade": case "favorable_zone": case "dive":
        return `${name}: ${cardName(view, command.card)}`;
      case "commit": case "discard":
        return `${name}: ${command.cards.map((c) => cardName(view, c)).join(", ") || w("none")}`;
      case "leave_conflict": return `${name} ${pathWords(command.path, null)} (${cardName(view, command.card)})`;
      case "concede": return `${name}: ${[command.card && cardName(view, command.card), command.node !== null ? `${w("node")} ${command.node}` : null, command.baralytas !== null ? `${w("baralytas")} ${command.baralytas}` : null].filter(Boolean).join(", ") || w("none")}`;
      case "end_turn": case "stay": case "access_upgrades": case "leave_upgrades": case "endure": return name;
      case "move_on": return `${name} ${pathWords(command.path, null)}`;
      default: return commandWords({ types: { [command.type]: name }, keys: KEY_WORDS() }, command, x, fieldThing(view));
    }
  },
  valueLabel(key, value, ctx, sample) {
    if (key === "type") return w(value);
    if (key === "card") return `${w("card")}: ${cardName(ctx.view, value)}`;
    if (key === "mini") {
      const node = miniNode(ctx.view, ctx.view.you, value);
      return `${w("mini")} ${value + 1}${node !== null && node !== undefined ? ` (${w("node")} ${node})` : ""}`;
    }
    if (key === "path") {
      const start = sample && sample.mini !== undefined ? miniNode(ctx.view, ctx.view.you, sample.mini) : null;
      return capitalise(pathWords(value, start));
    }
    if (key === "action" || key === "control") return `${w(key)}: ${value ? w("yes") : w("no")}`;
    if (key === "cards" || key === "paid") return `${w(key)}: ${value.map((c) => cardName(ctx.view, c)).join(", ") || w("none")}`;
    if (key === "face") return w(`face_${value}`);
    const x = { ...ctx, name: ctx.name || ((id) => String(id)) };
    return capitalise(fieldWords({ types: {}, keys: KEY_WORDS() }, key, value, x, fieldThing(ctx.view)) || "");
  },
  /** What the move costs and does (a faction's page where it is chosen). */
  explain(command, ctx) { return explain(command, ctx); },
  describe(event, ctx) { return sayEvent(EVENTS, event, { ...ctx, card: ctx.view ? (id) => cardById(ctx.view, id)?.name ?? null : null }); },
  events: EVENTS,

};
