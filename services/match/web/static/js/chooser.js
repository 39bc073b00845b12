// Choosing one of /legal's commands by clicks, however many there are.
//
// A few commands are shown as buttons, each carrying its command's JSON in data-command. Many
// (Exsilium offers hundreds: every path of every miniature with every card) are narrowed one
// field at a time — the type, then the fields in the order the game's renderer gives — or by
// clicking the board (a target names the commands that touch it), until few are left. Every
// path ends on a button holding one command exactly as /legal gave it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const FEW = 12;

export class Chooser {
  constructor(renderer, onChange) {
    this.renderer = renderer;
    this.onChange = onChange;
    this.commands = [];
    this.filters = [];   // [{key, value, label}] chosen so far, or {target}
  }

  /** New legal commands (after every version): start the narrowing again. */
  reset(commands) {
    this.commands = commands;
    this.filters = [];
  }

  candidates() {
    return this.commands.filter((command) => this.filters.every((f) => matches(this.renderer, command, f)));
  }

  chooseTarget(target, label) {
    this.filters = [{ target, label }];
    this.onChange();
  }

  choose(key, value, label) {
    this.filters.push({ key, value, label });
    this.onChange();
  }

  back() { this.filters.pop(); this.onChange(); }
  startOver() { this.filters = []; this.onChange(); }

  /** The next field whose values still differ among the candidates. */
  nextKey(candidates) {
    if (new Set(candidates.map((c) => c.type)).size > 1) return "type";
    const type = candidates[0].type;
    const order = (this.renderer.keyOrder && this.renderer.keyOrder[type]) || [];
    const keys = [...order, ...Object.keys(candidates[0]).filter((k) => !order.includes(k)).sort()];
    return keys.find((key) => key !== "type" &&
      new Set(candidates.map((c) => JSON.stringify(c[key]))).size > 1);
  }

  render(ctx) {
    const candidates = this.candidates();
    const panel = h("div", { class: "chooser", "data-role": "chooser" });
    if (this.filters.length) {
      panel.append(h("p", { class: "crumbs" }, this.filters.map((f) => h("span", { class: "crumb" }, f.label)),
        h("button", { type: "button", class: "link", "data-role": "back", onclick: () => this.back() }, t("back")),
        h("button", { type: "button", class: "link", "data-role": "start-over", onclick: () => this.startOver() }, t("startOver"))));
    }
    if (candidates.length <= FEW) {
      panel.append(h("div", { class: "moves", role: "group", "aria-label": t("chooseMove") },
        candidates.map((command) => {
          const about = this.renderer.explain ? this.renderer.explain(command, ctx) : "";
          return h("button", { type: "button", class: "move", "data-command": JSON.stringify(command) },
            this.renderer.label(command, ctx), about ? h("small", { class: "explain" }, about) : null);
        })));
      return panel;
    }
    const key = this.nextKey(candidates);
    const groups = new Map();
    for (const command of candidates) {
      const raw = JSON.stringify(key === "type" ? command.type : command[key]);
      if (!groups.has(raw)) groups.set(raw, []);
      groups.get(raw).push(command);
    }
    panel.append(h("p", { class: "hint", "data-role": "candidate-count", "data-count": candidates.length },
      t("moreChoices", { n: candidates.length })));
    panel.append(h("div", { class: "choices", role: "group", "aria-label": t("chooseMove") },
      [...groups].map(([raw, group]) => {
        const value = JSON.parse(raw);
        const label = this.renderer.valueLabel(key, value, ctx, group[0]);
        return h("button", { type: "button", class: "choice", "data-choice-key": key,
                             "data-choice-value": raw, onclick: () => this.choose(key, value, label) },
          label, h("span", { class: "count" }, ` (${group.length})`));
      })));
    return panel;
  }
}

function matches(renderer, command, filter) {
  if (filter.target !== undefined) return renderer.targets(command).includes(filter.target);
  const actual = filter.key === "type" ? command.type : command[filter.key];
  return JSON.stringify(actual) === JSON.stringify(filter.value);
}

/** Commands grouped by the board target they touch: target -> [command]. */
export function byTarget(renderer, commands) {
  const map = new Map();
  for (const command of commands) {
    for (const target of renderer.targets(command)) {
      if (!map.has(target)) map.set(target, []);
      map.get(target).push(command);
    }
  }
  return map;
}
