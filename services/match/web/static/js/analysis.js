// The post-game analysis in a finished match's replay (GET /v1/matches/{id}/analysis): each
// seat's win chance through the match as a graph, and the largest mistakes, each a link to
// the position it was made in. The first request may answer "pending" while the bot service
// computes it: the panel asks again a few times.

import { call } from "./api.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const WIDTH = 320;
const HEIGHT = 120;
const RETRIES = 20;
const RETRY_MS = 3000;

export class AnalysisPanel {
  constructor(matchId, onChange) {
    this.matchId = matchId;
    this.onChange = onChange;
    this.analysis = null;     // the answer, once it is "ready"
    this.state = "idle";      // idle | loading | pending | ready | unavailable
    this.tries = 0;
    this.timer = null;
  }

  start() {
    if (this.state !== "idle") return;
    this.load();
  }

  stop() { clearTimeout(this.timer); }

  async load() {
    this.state = this.state === "idle" ? "loading" : this.state;
    try {
      const answer = await call("GET", `/v1/matches/${this.matchId}/analysis`);
      if (answer.status === "pending" && this.tries < RETRIES) {
        this.tries += 1;
        this.state = "pending";
        this.timer = setTimeout(() => this.load(), RETRY_MS);
      } else if (answer.status === "pending") {
        this.state = "unavailable";
      } else {
        this.analysis = answer;
        this.state = "ready";
      }
    } catch (error) {
      this.state = "unavailable";
    }
    this.onChange();
  }

  /** The panel: `who(seat)` names a seat, `label(command)` says a command in words,
   * `go(version)` opens the replay at a position. */
  render({ who, label, go, seats }) {
    const box = h("section", { class: "analysis", "aria-label": t("analysis"), "data-role": "analysis" },
      h("h2", {}, t("analysis")));
    if (this.state !== "ready") {
      box.append(h("p", { class: "hint" }, this.state === "unavailable" ? t("analysisUnavailable") : t("analysisPending")));
      return box;
    }
    const positions = this.analysis.positions || [];
    box.append(graph(positions, seats, who));
    const mistakes = this.analysis.mistakes || [];
    if (!mistakes.length) {
      box.append(h("p", {}, t("noMistakes")));
      return box;
    }
    box.append(h("h3", {}, t("mistakes")), h("ol", { class: "mistakes", "data-role": "mistakes" }, mistakes.map((m) => {
      const at = positions.find((p) => p.version === m.version && p.seat === m.seat) || {};
      return h("li", {},
        h("button", { type: "button", class: "link", "data-role": "mistake", "data-version": m.version, onclick: () => go(m.version) },
          `${t("version")} ${m.version}`),
        ` ${t("mistakeLine", { who: who(m.seat), loss: Math.round(m.loss * 100) })}`,
        at.played_command ? h("div", { class: "played" }, `${t("played")}: ${safe(label, at.played_command)}`) : null,
        at.best_command ? h("div", { class: "better" }, `${t("better")}: ${safe(label, at.best_command)}`) : null);
    })));
    return box;
  }
}

function safe(label, command) {
  try { return label(command); } catch (error) { return command.type.replace(/_/g, " "); }
}

/** Each seat's win chance after each of its commands, one line per seat. */
function graph(positions, seats, who) {
  const svg = s("svg", { class: "eval-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT + 20}`, role: "img",
                         "aria-label": t("evaluationGraph") });
  const last = Math.max(1, ...positions.map((p) => p.version));
  const x = (v) => 8 + (v / last) * (WIDTH - 16);
  const y = (e) => 6 + (1 - e) * (HEIGHT - 12);
  svg.append(s("line", { x1: 8, x2: WIDTH - 8, y1: y(0.5), y2: y(0.5), class: "even" }));
  for (let seat = 0; seat < seats; seat += 1) {
    const mine = positions.filter((p) => p.seat === seat && typeof p.evaluation === "number");
    if (!mine.length) continue;
    svg.append(s("polyline", { class: `eval s${seat}`, fill: "none",
                               points: mine.map((p) => `${x(p.version).toFixed(1)},${y(p.evaluation).toFixed(1)}`).join(" ") },
      s("title", {}, who(seat))));
    svg.append(s("text", { x: 10 + seat * 90, y: HEIGHT + 16, class: `eval-key s${seat}-text` }, `■ ${who(seat)}`));
  }
  return svg;
}
