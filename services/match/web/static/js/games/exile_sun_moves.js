// Exile Sun's commands in the game's words (English and Spanish): what each does, with the
// spaces, fleets, ships and cards it names in words (never their ids).

import { language } from "../i18n.js";
import { capitalise, commandWords, fieldWords, inLanguage, valueWords } from "./common.js";
import { space } from "./exile_sun_events.js";

const WORDS = {
  en: {
    types: { allocate: "Set your Budget", boost: "Boost", choose_colony: "Lead a colony", choose_initiative: "Take Initiative card",
             commit: "Commit ships", deploy: "Deploy", discard_tech: "Discard a Tech card", fight: "Fight the battle",
             form_fleet: "Form a fleet", move: "Move", pass: "Pass", place_fleet: "Place a starting fleet",
             place_system: "Place System", regroup: "End the cycle", repair: "Repair", return_agenda: "Put an Agenda under the deck",
             return_ship: "Put a ship card under your Reserve", review_agendas: "Review Agendas (Initiative 6)", scan: "Scan",
             shift_budget: "Move a Budget point (Initiative 5)", tactics: "Set tactics" },
    keys: { overhead: "Overhead", fuel: "Fuel", ships: "Ships", tech: "Tech", tech_card: "with", fleet: "", colony: "",
            card: "", hand: "", strike_craft: "Strike Craft", flagship: "", token: "", space: "on", discard_hand: "",
            booster: "playing", ship: "", seat: "of", source: "from", target: "", to: "to", columns: "", tile: "" },
    discard: "discard your hand", keep: "keep your hand", flagship: "the Flagship", attack: "attack with", defend: "defend with",
    fleetOf: (kind, where) => `your ${kind} on ${where}`, theirFleet: (who, kind, where) => `${who}'s ${kind} on ${where}`,
    faceDown: "face-down fleet", scouts: (n) => `${n} scouts`,
    tokens: { heavy: "heavy fleet", medium: "medium fleet", light: "light fleet", shipyard: "shipyard", decoy: "decoy" },
    categories: { overhead: "Overhead", fuel: "Fuel", ships: "Ships", tech: "Tech" },
  },
  es: {
    types: { allocate: "Fijar tu presupuesto", boost: "Impulsar", choose_colony: "Dirigir una colonia", choose_initiative: "Tomar la carta de Iniciativa",
             commit: "Comprometer naves", deploy: "Desplegar", discard_tech: "Descartar una carta de Tecnología", fight: "Luchar la batalla",
             form_fleet: "Formar una flota", move: "Mover", pass: "Pasar", place_fleet: "Colocar una flota inicial",
             place_system: "Colocar el Sistema", regroup: "Terminar el ciclo", repair: "Reparar", return_agenda: "Poner una Agenda bajo el mazo",
             return_ship: "Poner una carta de nave bajo tu Reserva", review_agendas: "Revisar Agendas (Iniciativa 6)", scan: "Escanear",
             shift_budget: "Mover un punto de presupuesto (Iniciativa 5)", tactics: "Fijar tácticas" },
    keys: { overhead: "Gastos generales", fuel: "Combustible", ships: "Naves", tech: "Tecnología", tech_card: "con", fleet: "", colony: "",
            card: "", hand: "", strike_craft: "Strike Craft", flagship: "", token: "", space: "en", discard_hand: "",
            booster: "jugando", ship: "", seat: "de", source: "de", target: "", to: "a", columns: "", tile: "" },
    discard: "descartar tu mano", keep: "guardar tu mano", flagship: "la Flagship", attack: "atacar con", defend: "defender con",
    fleetOf: (kind, where) => `tu ${kind} en ${where}`, theirFleet: (who, kind, where) => `${kind} de ${who} en ${where}`,
    faceDown: "flota boca abajo", scouts: (n) => `${n} exploradores`,
    tokens: { heavy: "flota pesada", medium: "flota media", light: "flota ligera", shipyard: "astillero", decoy: "señuelo" },
    categories: { overhead: "Gastos generales", fuel: "Combustible", ships: "Naves", tech: "Tecnología" },
  },
};

const SPACE_KEYS = new Set(["space", "to"]);

/** A fleet in words from the seat's view: whose, what this seat knows of it, and where. */
function fleetWords(words, x, id) {
  const fleet = ((x.view && x.view.fleets) || []).find((f) => f.id === id);
  if (!fleet) return words.faceDown;
  const kind = fleet.kind === "scout" ? words.scouts(fleet.count) : fleet.kind ? words.tokens[fleet.kind] || words.faceDown : words.faceDown;
  const where = space(language(), fleet.space);
  return fleet.owner === x.seat ? words.fleetOf(kind, where) : words.theirFleet(x.who(fleet.owner), kind, where);
}

function thing(words) {
  return (key, value, x) => {
    if (SPACE_KEYS.has(key) && typeof value === "string") return space(language(), value);
    if (key === "fleet" || (key === "target" && typeof value === "string" && /^f\d+$/.test(value))) return fleetWords(words, x, value);
    if (key === "token") return words.tokens[value] || valueWords(value, x);
    if (key === "seat") return x.who(value);
    if (key === "source" || key === "target") return words.categories[value] ?? valueWords(value, x);
    if (key === "flagship") return value ? words.flagship : null;
    if (key === "strike_craft") return value ? String(value) : null;
    if (key === "discard_hand") return value ? words.discard : words.keep;
    if (key === "columns") return x.list(value.map((c) => `${words[c.role] || c.role} ${x.name(c.ship)} (${c.power})`));
    if (key === "card" && typeof value === "number") return String(value);
    return undefined;
  };
}

export function label(command, x) {
  const words = inLanguage(WORDS);
  if (command.type === "regroup") {
    return `${words.types.regroup}: ${command.discard_hand ? words.discard : words.keep}${command.booster ? `, ${words.keys.booster} ${x.name(command.booster)}` : ""}`;
  }
  return commandWords(words, command, x, thing(words));
}

export function valueLabel(key, value, x) {
  const words = inLanguage(WORDS);
  if (key === "type") return words.types[value] ?? capitalise(String(value));
  return capitalise(fieldWords(words, key, value, x, thing(words)) || valueWords(value, x));
}

const COSTS = {
  en: { moves: (n, left) => `Costs ${n} of the ${left} moves this fleet has left this turn.`,
        deploy: (left) => `Uses 1 of your ${left} fleet deployments from Fuel.`, decoy: "A decoy deploys free.",
        initiative: (n) => `Gives you ${n} Budget points to allocate.`,
        allocate: (n, card) => `Spends your ${n} Budget points${card ? ` (${card} of them from the Tech card, discarded)` : ""}.`,
        buys: (parts) => `Buys ${parts}; the most points in a category buy 2 more there, the second most 1 more.`,
        nothing: "nothing by itself",
        items: { overhead_cards: ["Overhead card", "Overhead cards"], fleets: ["fleet", "fleets"], ship_cards: ["Ship card", "Ship cards"], tech_cards: ["Tech card", "Tech cards"] },
        fuel: (per) => `${per} Fuel points a fleet` },
  es: { moves: (n, left) => `Cuesta ${n} de los ${left} movimientos que le quedan a esta flota este turno.`,
        deploy: (left) => `Usa 1 de tus ${left} despliegues de flota del Combustible.`, decoy: "Un señuelo se despliega gratis.",
        initiative: (n) => `Te da ${n} puntos de presupuesto para asignar.`,
        allocate: (n, card) => `Gasta tus ${n} puntos de presupuesto${card ? ` (${card} de ellos de la carta de Tecnología, descartada)` : ""}.`,
        buys: (parts) => `Compra ${parts}; quien más asigna a una categoría compra 2 más en ella, el segundo, 1 más.`,
        nothing: "nada por sí sola",
        items: { overhead_cards: ["carta de Gastos generales", "cartas de Gastos generales"], fleets: ["flota", "flotas"], ship_cards: ["carta de nave", "cartas de nave"], tech_cards: ["carta de Tecnología", "cartas de Tecnología"] },
        fuel: (per) => `${per} puntos de Combustible por flota` },
};

/** What a move costs or gives, as /legal says for the seat (Game.costs: a fleet's moves,
 * Fuel deployments, Budget points and what an allocation buys; rulebook p8-9, p14, p16);
 * without it (a replay), what the seat's own view says; "" when neither does. */
export function cost(command, x) {
  const words = inLanguage(COSTS);
  const said = x.costOf ? x.costOf(command) : null;
  if (said) {
    if (typeof said.moves === "number") return words.moves(said.moves, said.moves_left);
    if (typeof said.deployments === "number") return said.deployments ? words.deploy(said.deployments_left) : words.decoy;
    if (command.type === "choose_initiative") return words.initiative(said.budget_points);
    if (command.type === "allocate") {
      const parts = Object.entries(words.items).filter(([key]) => said[key] > 0)
        .map(([key, [one, many]]) => `${said[key]} ${said[key] === 1 ? one : many}${key === "fleets" ? ` (${words.fuel(said.fuel_per_fleet)})` : ""}`);
      return `${words.allocate(said.budget_points, said.tech_card_points)} ${words.buys(parts.length ? x.list(parts) : words.nothing)}`;
    }
  }
  const view = x.view || {};
  if (command.type === "deploy") {
    if (command.token === "decoy") return words.decoy;
    const me = (view.players || []).find((p) => p.seat === x.seat && typeof p.deploys === "number");
    return me ? words.deploy(me.deploys) : "";
  }
  return "";
}
