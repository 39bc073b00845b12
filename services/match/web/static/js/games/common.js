// What every renderer shares: board targets (one command → it sends; several → narrow the
// list), the platform's own events in words, and a readable fallback for any value.

import { commandAttrs, targetAttrs } from "../dom.js";
import { language } from "../i18n.js";

/** Attributes that make a board element act: send its one command or narrow to its many. */
export function targetAttributes(ctx, target, label) {
  const commands = ctx.targets.get(target) || [];
  if (commands.length === 1) return commandAttrs(commands[0], label);
  if (commands.length > 1) return targetAttrs(target, commands.length, label);
  return {};
}

/** A value in words: lists joined, objects as key=value. */
export function plain(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(plain).join(" → ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${plain(v)}`).join(", ");
  return String(value);
}

/** "move: card p0-basic-1, mini 0" — a command in words when no game says better. */
export function plainCommand(command) {
  const rest = Object.entries(command).filter(([k]) => k !== "type");
  const words = command.type.replace(/_/g, " ");
  return rest.length ? `${words}: ${rest.map(([k, v]) => `${k} ${plain(v)}`).join(", ")}` : words;
}

const PLATFORM = {
  en: {
    MatchCreated: () => "The match was created.",
    SeatResigned: (d, who) => `${who(d.seat)} resigned.`,
    SeatForfeited: (d, who) => `${who(d.seat)} forfeited (out of time).`,
    TurnTimedOut: (d, who) => `${who(d.seat)} ran out of time.`,
    SeatTakenOver: (d, who) => `A bot now plays for ${who(d.seat)}.`,
    SeatReclaimed: (d, who) => `${who(d.seat)} took their seat back.`,
    MatchAborted: () => "The match was aborted.",
    MatchAbandoned: () => "No person is left in play: the match ends.",
    VacationStarted: (d, who) => `${who(d.seat)} went on vacation.`,
    VacationEnded: (d, who) => `${who(d.seat)} is back from vacation.`,
    InvitationAccepted: (d, who) => `${who(d.seat)} accepted the invitation.`,
    InvitationDeclined: (d, who) => `${who(d.seat)} declined the invitation.`,
  },
  es: {
    MatchCreated: () => "Se creó la partida.",
    SeatResigned: (d, who) => `${who(d.seat)} se rindió.`,
    SeatForfeited: (d, who) => `${who(d.seat)} perdió por tiempo.`,
    TurnTimedOut: (d, who) => `A ${who(d.seat)} se le acabó el tiempo.`,
    SeatTakenOver: (d, who) => `Un bot juega ahora por ${who(d.seat)}.`,
    SeatReclaimed: (d, who) => `${who(d.seat)} recuperó su asiento.`,
    MatchAborted: () => "Se anuló la partida.",
    MatchAbandoned: () => "No queda ninguna persona en juego: la partida termina.",
    VacationStarted: (d, who) => `${who(d.seat)} se fue de vacaciones.`,
    VacationEnded: (d, who) => `${who(d.seat)} volvió de vacaciones.`,
    InvitationAccepted: (d, who) => `${who(d.seat)} aceptó la invitación.`,
    InvitationDeclined: (d, who) => `${who(d.seat)} rechazó la invitación.`,
  },
};

/** The platform's events (any game) in words, or null for a game's own event. */
export function describePlatform(event, ctx) {
  const words = PLATFORM[language()] || PLATFORM.en;
  const say = words[event.type];
  return say ? say(event.data || {}, ctx.who) : null;
}

/** A game's events in words: `table[type]` is {en: (data, x) => text, es: ...}; null for a
 * type the table lacks (a test over random matches of every game fails on any such type). */
export function sayEvent(table, event, ctx) {
  const entry = table[event.type];
  if (!entry) return null;
  const say = entry[language()] || entry.en;
  const text = say(event.data || {}, ctx);
  // Spanish contracts "de el" and "a el" (de el planeta -> del planeta).
  return language() === "es" ? text.replace(/\bde el\b/g, "del").replace(/\ba el\b/g, "al") : text;
}

const AND = { en: " and ", es: " y " };

/** "a, b and c" in the current language. */
export function list(items) {
  const parts = items.filter((x) => x !== null && x !== undefined && x !== "").map(String);
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")}${AND[language()] || AND.en}${parts[parts.length - 1]}`;
}

/** What event words need: who a seat is, the glossary's names, a list in words. */
export function wordsContext({ who, glossary = null, seats = 0 }) {
  const names = (glossary && glossary.names) || {};
  const texts = (glossary && glossary.texts) || {};
  const lookup = (table, id) => {
    if (id === null || id === undefined) return null;
    const entry = table[id] || table[String(id).replace(/-\d+$/, "")];
    return entry ? (entry[language()] || entry.en) : null;
  };
  return {
    who, seats, list,
    /** The game's name for `id` (a card copy by its card), else its words. */
    name: (id) => lookup(names, id) ?? humane(id),
    text: (id) => lookup(texts, id),
  };
}

/** An id no glossary names, as words: "strike_craft-2" -> "strike craft". */
export function humane(id) {
  return String(id ?? "").replace(/-\d+$/, "").replace(/[_-]+/g, " ").trim();
}

/** A game event in words when its renderer has nothing better. */
export function plainEvent(event, ctx) {
  const data = { ...(event.data || {}) };
  const seat = "seat" in data ? `${ctx.who(data.seat)}: ` : "";
  delete data.seat;
  const rest = Object.keys(data).length ? ` (${plain(data)})` : "";
  return `${seat}${event.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}${rest}`;
}

// ---- commands in words -----------------------------------------------------------------

const YES_NO = { en: ["yes", "no", "none"], es: ["sí", "no", "ninguno"] };

/** A field's value in words: lists as lists, ids by the glossary's names, never raw. */
export function valueWords(value, x) {
  const [yes, no, none] = YES_NO[language()] || YES_NO.en;
  if (value === null || value === undefined) return none;
  if (typeof value === "boolean") return value ? yes : no;
  if (Array.isArray(value)) return value.length ? list(value.map((v) => valueWords(v, x))) : none;
  if (typeof value === "object") return Object.values(value).map((v) => valueWords(v, x)).join(" ");
  if (typeof value === "number") return String(value);
  return x && x.name ? x.name(value) : humane(value);
}

/**
 * One field of a command in words: "`key word` `value words`". `words` is the game's
 * {types, keys} in the current language; `thing(key, value)` gives a game's own words for a
 * value (a space, a fleet, a path) or undefined. `brief` leaves out what says nothing on a
 * button (false, none).
 */
export function fieldWords(words, key, value, x, thing, brief = false) {
  if (brief && (value === null || value === undefined || value === false || (Array.isArray(value) && !value.length))) return null;
  const own = thing ? thing(key, value, x) : undefined;
  const text = own !== undefined ? own : valueWords(value, x);
  if (text === null) return null;
  const keyWord = words.keys[key] ?? humane(key);
  return keyWord ? `${keyWord} ${text}` : text;
}

/** A command in words: its type as the game says it, then its fields. */
export function commandWords(words, command, x, thing) {
  const type = words.types[command.type] ?? capitalise(humane(command.type));
  const parts = Object.entries(command).filter(([k]) => k !== "type")
    .map(([k, v]) => fieldWords(words, k, v, x, thing, true)).filter(Boolean);
  return parts.length ? `${type}: ${parts.join(", ")}` : type;
}

export function capitalise(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** The words of a game's {en: {...}, es: {...}} table in the current language. */
export function inLanguage(table) { return table[language()] || table.en; }
