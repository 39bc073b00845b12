// Run by test_web_words.py: the web client's own event words (services/match/web/static/js)
// over events of random matches. Reads {games: {game: {events: [...], types: [...],
// glossary, seats}}} on stdin; prints {problems: [...], lines: n} on stdout.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)) };
globalThis.navigator = { language: "en" };
globalThis.window = { dispatchEvent() {}, addEventListener() {} };
globalThis.Event = class { constructor(type) { this.type = type; } };
globalThis.document = { documentElement: {}, getElementById: () => null };

const js = (path) => import(pathToFileURL(`${root}/${path}`).href);
const { setLanguage } = await js("i18n.js");
const { describePlatform, wordsContext } = await js("games/common.js");
const { rendererFor } = await js("games/index.js");
const { optionLabel, choiceLabel } = await js("options.js");

// What a player must never read: an identifier (snake_case, CamelCase, a card copy's id),
// a raw key or value dump, an arrow list, or a hole where a value should be.
const BAD = [
  [/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/, "snake_case identifier"],
  [/\b[A-Z][a-z]+[A-Z][a-zA-Z]*\b/, "CamelCase identifier"],
  [/\b[a-z][a-z0-9]*-\d+\b/, "copy id"],
  [/→/, "arrow list"],
  [/[{}[\]=]/, "raw key or value"],
  [/\b(undefined|null|NaN|true|false)\b|\[object/, "missing value"],
  [/\b[a-z]+ \d+, [a-z]+ \d+/, "key value dump"],
  [/\s[.,;:)]|\(\s*\)|^\s*$/, "an empty value"],
  [/\b(de|a) el\b/, "Spanish not contracted"],
];

const input = JSON.parse(readFileSync(0, "utf8"));
const problems = [];
let lines = 0;
for (const [game, sample] of Object.entries(input.games)) {
  const renderer = rendererFor(game);
  const names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"];
  for (const lang of ["en", "es"]) {
    setLanguage(lang);
    for (const type of sample.types) {
      const entry = (renderer.events || {})[type];
      if (!entry || typeof entry[lang] !== "function") problems.push(`${game} ${type}: no ${lang} words`);
    }
    // Every creation option, and every choice of it, has a label a player reads.
    for (const [name, spec] of Object.entries(sample.options || {})) {
      if (!optionLabel(game, name, lang)) problems.push(`${game} option ${name}: no ${lang} label`);
      for (const choice of spec.choices || []) {
        if (!choiceLabel(game, name, choice, lang)) problems.push(`${game} option ${name}=${choice}: no ${lang} label`);
      }
    }
    const ctx = { ...wordsContext({ who: (s) => names[s] ?? "?", glossary: sample.glossary, seats: sample.seats }), t: (k) => k };
    for (const event of sample.events) {
      let text;
      try {
        text = describePlatform(event, ctx) || renderer.describe(event, ctx);
      } catch (error) {
        problems.push(`${game} ${lang} ${event.type}: threw ${error.message} on ${JSON.stringify(event.data)}`);
        continue;
      }
      lines += 1;
      if (!text) { problems.push(`${game} ${lang} ${event.type}: no words`); continue; }
      if (text.includes("?")  && !text.includes("¿")) problems.push(`${game} ${lang} ${event.type}: unknown seat in "${text}"`);
      for (const [pattern, what] of BAD) {
        if (pattern.test(text)) { problems.push(`${game} ${lang} ${event.type}: ${what} in "${text}"`); break; }
      }
    }
  }
}
// Moves: every command /legal offered at a few moments of those matches, as a button and as
// each step of narrowing the list (valueLabel), reads in words too.
let moves = 0;
for (const [game, sample] of Object.entries(input.games)) {
  const renderer = rendererFor(game);
  for (const lang of ["en", "es"]) {
    setLanguage(lang);
    for (const moment of sample.moves || []) {
      const ctx = { ...wordsContext({ who: (s) => ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"][s] ?? "?", glossary: sample.glossary, seats: sample.seats }),
                    t: (k) => k, view: moment.view, seat: moment.seat, targets: new Map(), lastEvents: [], interactive: true,
                    costOf: (command) => (moment.costs ? moment.costs[moment.commands.indexOf(command)] : null) || null };
      for (const command of moment.commands) {
        const texts = [["label", () => renderer.label(command, ctx)]];
        if (renderer.explain) texts.push(["explain", () => renderer.explain(command, ctx) || "-"]);
        for (const [key, value] of Object.entries(command)) texts.push([key, () => renderer.valueLabel(key, value, ctx, command)]);
        for (const [what, make] of texts) {
          let text;
          try { text = make(); } catch (error) { problems.push(`${game} ${lang} ${command.type} ${what}: threw ${error.message}`); continue; }
          moves += 1;
          if (!text) { problems.push(`${game} ${lang} ${command.type} ${what}: no words`); continue; }
          if (text === "-") continue;   // a move with nothing to explain
          for (const [pattern, bad] of BAD) {
            if (pattern.test(text)) { problems.push(`${game} ${lang} ${command.type} ${what}: ${bad} in "${text}"`); break; }
          }
        }
      }
    }
  }
}
process.stdout.write(JSON.stringify({ problems, lines, moves }));
