// Nexum's commands in the game's words (English and Spanish): phase cards, places, techs,
// skills and civilizations by their names, asteroids by their place in your hold.

import { capitalise, commandWords, fieldWords, inLanguage, valueWords } from "./common.js";

const WORDS = {
  en: {
    types: { capture: "Capture the asteroid on", choose_civilization: "Lead a civilization", choose_phase: "Phase card", cloak: "Cloak a ship",
             discard_asteroids: "Discard asteroids", end_exploration: "End the exploration", end_phase: "End the phase",
             evolve_civilization: "Evolve to the 2nd Generation", explore: "Explore", extend_exploration: "Extend the exploration (3 energy)",
             jump: "Jump through the wormhole", move: "Move", pass_event: "Play no event", play_campaign_marker: "Play the campaign marker on",
             play_event: "Play event card", replicate: "Replicate a ship on", research: "Research", uncloak: "Uncloak your ship on", use_skill: "Use" },
    keys: { planet: "", origin: "from", to: "to", ships: "ships:", relics: "relics:", tech: "", asteroids: "paying asteroids", card: "",
            bid: "bid", civ: "", skill: "", target: "on", slot: "on Action Row card", table: "to table", energy: "energy:", cards: "cards:",
            links: "linked to", place: "" },
    phases: { movement: "Movement", management: "Management" }, asteroid: (n) => `asteroid ${n}`,
    place: (p) => (p.endsWith("*") ? `star ${p[0].toUpperCase()}` : p === "cloud" ? "the Asteroid Cloud" : `planet ${p}`),
  },
  es: {
    types: { capture: "Capturar el asteroide de", choose_civilization: "Dirigir una civilización", choose_phase: "Carta de fase", cloak: "Ocultar una nave",
             discard_asteroids: "Descartar asteroides", end_exploration: "Terminar la exploración", end_phase: "Terminar la fase",
             evolve_civilization: "Evolucionar a la 2.ª Generación", explore: "Explorar", extend_exploration: "Prolongar la exploración (3 de energía)",
             jump: "Saltar por el agujero de gusano", move: "Mover", pass_event: "No jugar evento", play_campaign_marker: "Jugar el marcador de campaña en",
             play_event: "Jugar carta de evento", replicate: "Replicar una nave en", research: "Investigar", uncloak: "Mostrar tu nave oculta en", use_skill: "Usar" },
    keys: { planet: "", origin: "desde", to: "a", ships: "naves:", relics: "reliquias:", tech: "", asteroids: "pagando con asteroides", card: "",
            bid: "puja", civ: "", skill: "", target: "en", slot: "sobre la carta de la Fila de acción", table: "a la mesa", energy: "energía:", cards: "cartas:",
            links: "unido a", place: "" },
    phases: { movement: "Movimiento", management: "Gestión" }, asteroid: (n) => `asteroide ${n}`,
    place: (p) => (p.endsWith("*") ? `estrella ${p[0].toUpperCase()}` : p === "cloud" ? "la Nube de Asteroides" : `planeta ${p}`),
  },
};
const PLACE_KEYS = new Set(["planet", "origin", "to", "place", "target"]);

function thing(words) {
  return (key, value, x) => {
    if (PLACE_KEYS.has(key) && typeof value === "string" && /^([A-Za-z]\d?\*?|cloud)$/.test(value)) return words.place(value);
    if (key === "card" && typeof value === "string" && /^(movement|management)(_(movement|management))?$/.test(value)) {
      return value.split("_").map((p) => words.phases[p]).join(" + ");
    }
    if (key === "asteroids") return value.length ? x.list(value.map((i) => words.asteroid(i + 1))) : null;
    if (key === "slot" || key === "table") return String(value + 1);
    if (key === "relics" || key === "energy") return value ? String(value) : null;
    if (key === "cards" && Array.isArray(value)) return value.length ? x.list(value) : null;
    return undefined;
  };
}

export function label(command, x) {
  const words = inLanguage(WORDS);
  if (command.type === "discard_asteroids" || command.type === "evolve_civilization") {
    return `${words.types[command.type]}${command.asteroids.length ? `: ${thing(words)("asteroids", command.asteroids, x)}` : ""}`;
  }
  return commandWords(words, command, x, thing(words));
}

export function valueLabel(key, value, x) {
  const words = inLanguage(WORDS);
  if (key === "type") return words.types[value] ?? capitalise(String(value));
  return capitalise(fieldWords(words, key, value, x, thing(words)) || valueWords(value, x));
}

const COSTS = {
  en: { replicate: (n) => `Costs ${n} energy (the ${n === 1 ? "first" : "next"} ship replicated this turn).`,
        paying: (ids) => `You pay with ${ids}.`, asteroid: (n, crystals) => `asteroid ${n}${crystals ? ` (${crystals})` : ""}`,
        energy: (n, left) => `Costs ${n} energy (you have ${left}).` },
  es: { replicate: (n) => `Cuesta ${n} de energía (la ${n === 1 ? "primera" : "siguiente"} nave replicada este turno).`,
        paying: (ids) => `Pagas con ${ids}.`, asteroid: (n, crystals) => `asteroide ${n}${crystals ? ` (${crystals})` : ""}`,
        energy: (n, left) => `Cuesta ${n} de energía (tienes ${left}).` },
};

/** The seat's own faction in the view (the one whose hand it sees). */
function mine(view) {
  return ((view && view.factions) || []).find((f) => Array.isArray(f.hand)) || null;
}

/** What a move costs and does: a civilization's or skill's text, a tech's price and the
 * asteroids paid (the seat's own crystals), a replication's energy (the rules in the view). */
export function explainMove(command, x) {
  const words = inLanguage(COSTS);
  const view = x.view || {};
  if (command.civ || command.skill) return (x.text && x.text(command.civ || command.skill)) || "";
  // The energy /legal says it costs (Game.costs: a move, jump, replication, energy tech,
  // cloaking or a longer exploration), beside what the move does.
  const said = x.costOf ? x.costOf(command) : null;
  if (said && typeof said.energy === "number" && command.type !== "research") {   // a tech's own text says its price
    const left = ((view.factions || [])[x.seat] || {}).energy;
    const price = left === undefined ? words.energy(said.energy, "?").replace(/ \(.*\)/, "") : words.energy(said.energy, left);
    const does = command.tech && x.text ? x.text(command.tech) : "";
    return [price, does].filter(Boolean).join(" ");
  }
  if (command.type === "replicate") {
    const costs = (view.rules || {}).replication_costs || [];
    const cost = costs[(view.replicated || []).length];
    return cost === undefined ? "" : words.replicate(cost);
  }
  if (command.type === "research" || command.type === "evolve_civilization") {
    const parts = [command.tech && x.text ? x.text(command.tech) : null];
    const crystals = (mine(view) || {}).crystals || {};
    const paid = (command.asteroids || []).map((i) => words.asteroid(i + 1, crystals[String(i)] || ""));
    if (paid.length) parts.push(words.paying(x.list(paid)));
    return parts.filter(Boolean).join(" ");
  }
  return "";
}
