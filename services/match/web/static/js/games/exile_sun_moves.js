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
  en: { moves: (n) => `Uses moves from the ${n} this fleet has left this turn.`, scan: (n) => `Spends 1 of the ${n} moves this fleet has left.`,
        deploy: (n) => `Uses 1 of your ${n} fleet deployments from Fuel.`, decoy: "A decoy deploys free." },
  es: { moves: (n) => `Gasta movimientos de los ${n} que le quedan a esta flota este turno.`, scan: (n) => `Gasta 1 de los ${n} movimientos que le quedan a esta flota.`,
        deploy: (n) => `Usa 1 de tus ${n} despliegues de flota del Combustible.`, decoy: "Un señuelo se despliega gratis." },
};

/** What a move costs, from the seat's own view: a fleet's moves left, the deployments its
 * Fuel bought (rulebook p9, p16); "" when the view does not say. */
export function cost(command, x) {
  const words = inLanguage(COSTS);
  const view = x.view || {};
  const fleet = ((view.fleets || []).find((f) => f.id === command.fleet)) || null;
  if ((command.type === "move" || command.type === "scan") && fleet && typeof fleet.moves === "number") {
    return command.type === "move" ? words.moves(fleet.moves) : words.scan(fleet.moves);
  }
  if (command.type === "deploy") {
    if (command.token === "decoy") return words.decoy;
    const me = (view.players || []).find((p) => p.seat === x.seat && typeof p.deploys === "number");
    return me ? words.deploy(me.deploys) : "";
  }
  return "";
}
