// A match's page: the board from the caller's view, the moves /legal offers, live updates
// over SSE, the clocks, resign, and a replay of any version with a slider and step buttons.

import { AnalysisPanel } from "./analysis.js";
import { ApiError, authHeaders, call, commandId, session } from "./api.js";
import { Chooser, byTarget } from "./chooser.js";
import { clockText } from "./clock.js";
import { h, mount } from "./dom.js";
import { describePlatform, wordsContext } from "./games/common.js";
import generic from "./games/generic.js";
import { rendererFor, titleOf } from "./games/index.js";
import { chosen, setLanguage, t } from "./i18n.js";
import { follow } from "./sse.js";

const QUIET_MS = 15000;
const HINT_EVENTS = ["mouseover", "mouseout", "focusin", "focusout"];   // a live match is read again after this long without news

const HISTORY = 60;

export class MatchPage {
  constructor(root, matchId) {
    this.root = root;
    this.matchId = matchId;
    this.match = null;
    this.legal = { seat: null, commands: [] };
    this.costs = new Map();
    this.events = [];            // every event seen, in version order, once each
    this.lastVersion = 0;
    this.replay = null;          // {version, match} while replaying
    this.notice = null;          // {kind, text}
    this.connection = "connecting";
    this.live = null;
    this.refreshing = null;
    this.ticker = setInterval(() => { this.tickClocks(); this.refreshIfQuiet(); }, 1000);
    this.refreshedAt = Date.now();
    this.onClick = (e) => this.click(e);
    this.onKey = (e) => this.key(e);
    this.onHint = (e) => this.hint(e);
    root.addEventListener("click", this.onClick);
    root.addEventListener("keydown", this.onKey);
    for (const type of HINT_EVENTS) root.addEventListener(type, this.onHint);
    window.orreryMatch = this;   // for the browser tests: drop the live connection
  }

  async start() {
    mount(this.root, h("p", {}, t("loading")));
    try {
      await this.refresh();
    } catch (error) {
      mount(this.root, h("p", { role: "alert", class: "error" }, error.message));
      return;
    }
    this.renderer = rendererFor(this.match.game);
    this.glossary = await glossaryOf(this.match.game);
    this.chooser = new Chooser(this.renderer, () => this.render());
    this.chooser.reset(this.legal.commands);
    await this.loadHistory();
    if (this.stopped) return;   // the page was left while it loaded: draw nothing, follow nothing
    this.render();
    if (!this.over()) this.follow();   // a finished match has nothing more to say: no stream
  }

  /** Over: finished or aborted (nothing will be appended to its log any more). */
  over() { return Boolean(this.match) && !["active", "invited"].includes(this.match.status); }

  /** The match is over: the stream is closed for good and the badge says so. */
  settle() {
    if (this.live) { this.live.close(); this.live = null; }
    if (this.connection !== "over" && this.events.length) this.catchUp();
    this.connection = "over";
    const badge = this.root.querySelector("[data-role=connection]");
    if (badge) { badge.textContent = connectionWords(this.connection); badge.dataset.state = this.connection; }
  }

  stop() {
    // A page left (another match opened) must never draw again into the shared root: its
    // pending refresh is cancelled and anything still awaited checks `stopped`.
    this.stopped = true;
    clearTimeout(this.refreshing);
    clearInterval(this.ticker);
    this.live && this.live.close();
    this.analysis && this.analysis.stop();
    this.root.removeEventListener("click", this.onClick);
    this.root.removeEventListener("keydown", this.onKey);
    for (const type of HINT_EVENTS) this.root.removeEventListener(type, this.onHint);
    if (window.orreryMatch === this) delete window.orreryMatch;
    document.title = "Orrery";
    setLanguage(chosen());
  }

  get signedIn() { return Boolean(session.load()); }

  seated() {
    const me = session.load();
    if (!me || !this.match) return [];
    return this.match.seats.map((seat, i) => (seat.player_id === me.player_id ? i : null)).filter((i) => i !== null);
  }

  /** A live match the stream has said nothing of for QUIET_MS is read again: a lost event
   * (a stream stalled on a busy server) must not leave the page waiting on a turn that has
   * come (a browser test once saw its seat to act by the API and offered nothing for 60 s). */
  refreshIfQuiet() {
    if (this.stopped || this.replay || !this.match || this.match.status !== "active") return;
    if (Date.now() - this.refreshedAt >= QUIET_MS) this.scheduleRefresh();
  }

  async refresh() {
    this.refreshedAt = Date.now();
    const match = await call("GET", `/v1/matches/${this.matchId}`);
    let legal = { seat: null, commands: [] };
    if (this.signedIn && match.status === "active" && this.seatedIn(match)) {
      legal = await call("GET", `/v1/matches/${this.matchId}/legal`);
    }
    // Two refreshes may overlap (an event arrives while one is under way) and answer out of
    // order: never let an older answer replace a newer one.
    if (this.match && match.version < this.match.version) return;
    this.match = match;
    if (this.over()) this.settle();   // said before the page draws again: "over", never "Reconnecting…"
    setLanguage((match.view && match.view.language) || chosen());
    const changed = JSON.stringify(legal.commands) !== JSON.stringify(this.legal.commands);
    this.legal = legal;
    // What /legal says each command costs (games that say: Game.costs), by the command's JSON.
    this.costs = new Map((legal.costs || []).map((cost, i) => [JSON.stringify(legal.commands[i]), cost]));
    if (this.chooser && changed) this.chooser.reset(legal.commands);
  }

  seatedIn(match) {
    const me = session.load();
    return Boolean(me) && match.seats.some((seat) => seat.player_id === me.player_id);
  }

  async loadHistory() {
    const from = Math.max(0, this.match.version - HISTORY);
    const page = await call("GET", `/v1/matches/${this.matchId}/events?from=${from}&limit=${HISTORY}`);
    for (const event of page.events) this.accept(event);
  }

  /** The last events, read once the stream is closed (the match ended while they were on
   * their way): the history ends with the move that ended it. */
  async catchUp() {
    try {
      const page = await call("GET", `/v1/matches/${this.matchId}/events?from=${this.lastVersion}&limit=${HISTORY}`);
      let fresh = false;
      for (const event of page.events) fresh = this.accept(event) || fresh;
      if (fresh && !this.stopped) this.render();
    } catch (error) { /* the page still shows the match; the history misses its last lines */ }
  }

  /** Take one event into the history unless already seen; false when it was a repeat. */
  accept(event) {
    if (event.v <= this.lastVersion) return false;
    this.events.push(event);
    this.lastVersion = event.v;
    return true;
  }

  follow() {
    const url = `/v1/matches/${this.matchId}/live?from=${this.lastVersion}`;
    this.live = follow(url, {
      lastId: null, headers: authHeaders(),
      onMessage: (message) => {
        const event = JSON.parse(message.data);
        if (this.accept(event)) this.scheduleRefresh();
        return true;
      },
      onStatus: (status) => {
        if (this.stopped) return;   // the root is another page's now
        // The server ends the stream once the match is over and everything is sent.
        if (this.over() || this.connection === "over") { this.settle(); return; }
        this.connection = status === "open" ? "connected" : status;
        const badge = this.root.querySelector("[data-role=connection]");
        if (badge) { badge.textContent = connectionWords(this.connection); badge.dataset.state = this.connection; }
      },
    });
  }

  scheduleRefresh() {
    if (this.refreshing) return;
    this.refreshing = setTimeout(async () => {
      this.refreshing = null;
      try { await this.refresh(); } catch (error) { this.notice = { kind: "error", text: error.message }; }
      if (!this.stopped) this.render();
    }, 60);
  }

  // ---- acting ----------------------------------------------------------------------------

  click(event) {
    const sender = event.target.closest("[data-command]");
    if (sender && this.root.contains(sender)) {
      event.preventDefault();
      this.send(JSON.parse(sender.getAttribute("data-command")), sender);
      return;
    }
    const target = event.target.closest("[data-target]");
    if (target && this.chooser) {
      this.chooser.chooseTarget(target.getAttribute("data-target"), target.getAttribute("aria-label"));
      const first = this.root.querySelector("[data-role=chooser] button");
      first && first.focus();
    }
  }

  /** Pointing at (or focusing) a move outlines what it touches on the board: its pieces,
   * its path and its destination (the renderer's targets and highlights). */
  hint(event) {
    for (const el of this.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    if (event.type === "mouseout" || event.type === "focusout" || !this.match) return;
    const button = event.target.closest && event.target.closest("button[data-command]:not([data-platform]), button[data-choice-key]");
    if (!button || !this.chooser) return;
    let commands;
    if (button.hasAttribute("data-command")) commands = [JSON.parse(button.getAttribute("data-command"))];
    else {
      const key = button.getAttribute("data-choice-key"), raw = button.getAttribute("data-choice-value");
      commands = this.chooser.candidates().filter((c) => JSON.stringify(key === "type" ? c.type : c[key]) === raw);
    }
    const renderer = rendererFor(this.match.game);
    const view = (this.replay ? this.replay.match : this.match).view;
    const targets = new Set(commands.slice(0, 60).flatMap((c) => [...renderer.targets(c), ...(renderer.highlights ? renderer.highlights(c, view) : [])]));
    for (const target of targets) {
      const cut = target.indexOf(":");
      const selector = `[data-${target.slice(0, cut)}="${CSS.escape(target.slice(cut + 1))}"]`;
      for (const el of this.root.querySelectorAll(`.board-wrap ${selector}`)) el.classList.add("hinted");
    }
  }

  key(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const el = event.target.closest("[role=button]");
    if (el && !(el instanceof HTMLButtonElement)) { event.preventDefault(); el.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
  }

  async send(command, element) {
    if (command.type === "resign" && !window.confirm(t("confirmResign"))) return;
    element && element.setAttribute("aria-busy", "true");
    try {
      await call("POST", `/v1/matches/${this.matchId}/commands`,
                 { command, command_id: commandId(), expected_version: this.match.version });
      this.notice = null;
    } catch (error) {
      this.notice = refusal(error);
      if (error.code === "version_conflict") this.notice = { kind: "info", text: t("moved") };
    }
    try { await this.refresh(); } catch (error) { this.notice = { kind: "error", text: error.message }; }
    this.render();
    const message = this.root.querySelector("[data-role=notice]");
    if (this.notice && message) message.focus();
  }

  // ---- replay ----------------------------------------------------------------------------

  async showReplay(version) {
    const top = this.match.version;
    const v = Math.max(1, Math.min(top, version));
    const match = await call("GET", `/v1/matches/${this.matchId}/replay?version=${v}`);
    this.replay = { version: v, match };
    this.render();
    const slider = this.root.querySelector("[data-role=replay-slider]");
    slider && document.activeElement !== slider && slider.dataset.keepFocus && slider.focus();
  }

  leaveReplay() { this.replay = null; this.render(); }

  // ---- drawing ---------------------------------------------------------------------------

  who(seat) {
    const s = this.match.seats[seat];
    if (!s) return `#${seat}`;
    // random has no levels: its seat shows none, whatever level the match recorded.
    return s.name || (s.bot ? `${t("bot")} ${s.bot}${s.level && s.bot !== "random" ? ` ${t("level").toLowerCase()} ${s.level}` : ""}` : `${t("seat")} ${seat + 1}`);
  }

  /** What event words need: who each seat is, the game's names, lists in words. */
  words() {
    const view = (this.replay ? this.replay.match : this.match).view;
    return { ...wordsContext({ who: (seat) => this.who(seat), glossary: this.glossary, seats: this.match.seats.length }), t, view };
  }

  /** One event in words: the platform's own, else the game's (never its raw type). */
  describe(event, ctx) {
    return describePlatform(event, ctx) || rendererFor(this.match.game).describe(event, ctx) || t("somethingHappened");
  }

  context(view, interactive) {
    const candidates = interactive ? this.chooser.candidates() : [];
    const shown = this.replay ? this.events.filter((e) => e.v <= this.replay.version) : this.events;
    const lastBatch = lastTurnEvents(shown);
    const costs = this.replay ? new Map() : this.costs;
    return { ...this.words(), view, seat: this.legal.seat, interactive,
             targets: byTarget(this.renderer, candidates), lastEvents: lastBatch,
             costOf: (command) => costs.get(JSON.stringify(command)) || null };
  }

  render() {
    if (this.stopped) return;
    if (!this.match) return;
    if (this.match.status === "invited" || this.match.status === "declined") {
      this.renderInvitation();
      return;
    }
    const match = this.replay ? this.replay.match : this.match;
    const interactive = !this.replay && this.legal.commands.length > 0;
    const ctx = this.context(match.view, interactive);
    const board = this.renderer.draw(match.view, ctx);
    const root = h("div", { id: "match-root", "data-role": "board-root", "data-version": match.version,
                            "data-game": match.game, "data-mode": this.replay ? "replay" : "live",
                            "data-status": match.status, "data-seat": this.legal.seat ?? "" },
      h("div", { class: "board-wrap" }, board),
      this.replay ? null : this.movesPanel(ctx));
    const focus = focusKey(document.activeElement, this.root);
    mount(this.root,
      h("section", { class: `match game-${match.game}`, "aria-labelledby": "match-title" },
        this.header(match),
        h("div", { class: "match-layout" },
          root,
          h("aside", { class: "match-side" },
            this.noticeBox(), this.platformActions(), this.replayControls(), this.analysisPanel(), this.history(),
            this.rendererToggle()))));
    restoreFocus(this.root, focus);
    document.title = `${interactive ? "● " : ""}${titleOf(match.game)} · Orrery`;
  }

  /** A match not started: who is seated, and accept / decline for an invited player. */
  renderInvitation() {
    const match = this.match;
    const answer = (verb) => async () => {
      try { await call("POST", `/v1/matches/${this.matchId}/${verb}`, {}); this.notice = null; }
      catch (error) { this.notice = refusal(error); }
      try { await this.refresh(); } catch (error) { this.notice = { kind: "error", text: error.message }; }
      this.render();
    };
    const mine = this.seated().filter((seat) => (match.invited || []).includes(seat));
    const invited = match.status === "invited" && mine.length > 0;
    const awaited = (match.invited || []).map((seat) => this.who(seat)).join(", ");
    mount(this.root,
      h("section", { class: `match game-${match.game}`, "aria-labelledby": "match-title" },
        this.header(match),
        h("div", { id: "match-root", "data-role": "board-root", "data-version": match.version,
                   "data-game": match.game, "data-mode": "live", "data-status": match.status },
          this.noticeBox(),
          match.status === "invited" && awaited ? h("p", { class: "waiting", "data-role": "awaiting" }, t("awaitingAccept", { who: awaited })) : null,
          invited ? h("p", { class: "platform" },
            h("button", { type: "button", "data-role": "accept", onclick: answer("accept") }, t("accept")),
            h("button", { type: "button", class: "danger", "data-role": "decline", onclick: answer("decline") }, t("decline")))
            : null)));
  }

  header(match) {
    const toAct = new Set(match.to_act);
    const clock = match.clock;
    const status = this.replay ? `${t("replay")} · ${t("version")} ${match.version}` : t(match.status) ;
    return h("header", { class: "match-head" },
      h("h1", { id: "match-title" }, `${titleOf(match.game)} `, h("span", { class: "status", "data-role": "status" }, status)),
      h("p", { class: "rules-link" }, h("a", { href: `#/rules/${match.game}` }, t("howToPlay"))),
      h("ul", { class: "seats" }, match.seats.map((seat, i) => h("li", {
        class: `seat s${i}${toAct.has(i) ? " to-act" : ""}${this.legal.seat === i ? " mine" : ""}`, "data-seat": i },
        h("span", { class: "seat-name" }, this.who(i)),
        toAct.has(i) ? h("span", { class: "badge" }, t("toAct")) : null,
        clock && clock.seats && clock.seats[i] ? h("span", { class: "clock", "data-clock-seat": i, "aria-label": t("timeLeft") },
          clockText(clock.seats[i])) : null))),
      this.outcomeLine(match),
      this.lastMoveLine(),
      this.seated().length ? null : h("p", { class: "spectator" }, t("spectator")),
      h("p", { class: "connection" }, h("span", { "data-role": "connection", "data-state": this.connection },
        connectionWords(this.connection))));
  }

  /** What was just done (the last batch of events), in words, for whoever just looked up. */
  lastMoveLine() {
    const shown = this.replay ? this.events.filter((e) => e.v <= this.replay.version) : this.events;
    const ctx = this.words();
    const words = lastTurnEvents(shown).slice(-8).map((e) => this.describe(e, ctx)).filter(Boolean);
    return words.length ? h("p", { class: "last-move", "data-role": "last-move", "aria-live": "polite" }, words.join(" · ")) : null;
  }

  outcomeLine(match) {
    const outcome = match.outcome;
    if (!outcome) return null;
    const ranks = outcome.ranks || [];
    const winners = ranks.map((r, i) => (r === 1 ? i : null)).filter((i) => i !== null);
    const scores = outcome.scores ? ` · ${t("score")}: ${outcome.scores.join(" – ")}` : "";
    const who = winners.length === 1 ? `${t("winner")}: ${this.who(winners[0])}` : t("draw");
    return h("p", { class: "outcome", "data-role": "outcome" }, `${who}${scores} · ${t("decidedBy")} ${outcome.decided_by || "play"}`);
  }

  movesPanel(ctx) {
    const panel = h("section", { class: "moves-panel", "aria-label": t("yourMove") });
    if (this.match.status !== "active") return null;
    if (!this.legal.commands.length) {
      const waiting = this.match.to_act.map((s) => this.who(s)).join(", ");
      panel.append(h("p", { class: "waiting" }, waiting ? t("waitingFor", { who: waiting }) : t("noMoves")));
      return panel;
    }
    panel.append(h("h2", {}, t("chooseMove")), this.chooser.render(ctx));
    return panel;
  }

  noticeBox() {
    const n = this.notice;
    return h("div", { class: `notice${n ? ` ${n.kind}` : ""}`, role: "alert", "data-role": "notice", tabindex: -1 },
      n ? n.text : "");
  }

  platformActions() {
    if (this.replay || this.match.status !== "active" || !this.seated().length) return null;
    const seat = this.legal.seat ?? this.seated()[0];
    const clock = this.match.clock && this.match.clock.seats && this.match.clock.seats[seat];
    return h("section", { class: "platform", "aria-label": t("moreActions") },
      clock && clock.controlled_by && clock.controlled_by !== "seat"
        ? h("button", { type: "button", "data-command": JSON.stringify({ type: "reclaim" }), "data-platform": "" }, t("reclaim")) : null,
      h("button", { type: "button", class: "danger", "data-command": JSON.stringify({ type: "resign" }), "data-platform": "" }, t("resign")));
  }

  replayControls() {
    const top = this.match.version;
    const v = this.replay ? this.replay.version : top;
    const go = (n) => this.showReplay(n).catch((error) => { this.notice = refusal(error); this.render(); });
    const slider = h("input", { type: "range", min: 1, max: top, value: v, "data-role": "replay-slider",
                                "aria-label": t("version"), id: "replay-slider" });
    slider.addEventListener("change", () => { slider.dataset.keepFocus = "1"; go(Number(slider.value)); });
    return h("section", { class: "replay", "aria-label": t("replay") },
      h("h2", {}, t("replay")),
      h("label", { for: "replay-slider" }, `${t("version")} `, h("output", { "data-role": "replay-version" }, `${v} / ${top}`)),
      slider,
      h("div", { class: "steps" },
        h("button", { type: "button", "data-role": "replay-first", onclick: () => go(1) }, "« ", t("first")),
        h("button", { type: "button", "data-role": "replay-prev", onclick: () => go(v - 1) }, "◀ ", t("previous")),
        h("button", { type: "button", "data-role": "replay-next", onclick: () => go(v + 1) }, t("next"), " ▶"),
        h("button", { type: "button", "data-role": "replay-last", onclick: () => go(top) }, t("last"), " »")),
      this.replay ? h("button", { type: "button", "data-role": "replay-exit", onclick: () => this.leaveReplay() }, t("backToLive")) : null);
  }

  /** A finished match's analysis (the bots' judgement of every command), under the replay. */
  analysisPanel() {
    if (this.match.status !== "finished") return null;
    if (!this.analysis) this.analysis = new AnalysisPanel(this.matchId, () => { if (!this.stopped) this.render(); });
    this.analysis.start();
    const ctx = this.context((this.replay ? this.replay.match : this.match).view, false);
    return this.analysis.render({ who: (seat) => this.who(seat), seats: this.match.seats.length,
                                  label: (command) => rendererFor(this.match.game).label(command, ctx),
                                  go: (version) => this.showReplay(version).catch((error) => { this.notice = refusal(error); this.render(); }) });
  }

  history() {
    const ctx = this.words();
    const upTo = this.replay ? this.replay.version : Infinity;
    const items = this.events.slice(-HISTORY).reverse().map((event) => h("li", {
      "data-v": event.v, "data-type": event.type, class: event.v > upTo ? "future" : "" },
      h("span", { class: "v" }, `${event.v}. `),
      this.describe(event, ctx)));
    return h("section", { class: "history", "aria-label": t("history") },
      h("h2", {}, t("history")), h("ol", { "data-role": "history", reversed: true }, items));
  }

  /** Any game's table as plain text and its moves as a list (the generic renderer). */
  rendererToggle() {
    const own = rendererFor(this.match.game);
    if (own === generic) return null;
    const box = h("input", { type: "checkbox", id: "as-text", "data-role": "as-text", checked: this.renderer === generic });
    box.addEventListener("change", () => {
      this.renderer = box.checked ? generic : own;
      this.chooser = new Chooser(this.renderer, () => this.render());
      this.chooser.reset(this.legal.commands);
      this.render();
    });
    return h("p", { class: "as-text" }, box, " ", h("label", { for: "as-text" }, t("asText")));
  }

  tickClocks() {
    if (!this.match || !this.match.clock || this.replay || this.match.status !== "active") return;
    for (const el of this.root.querySelectorAll("[data-clock-seat]")) {
      const seatClock = this.match.clock.seats[Number(el.dataset.clockSeat)];
      if (seatClock) el.textContent = clockText(seatClock);
    }
  }
}

const GLOSSARIES = new Map();

/** The game's names for what its events name by id (GET /v1/games/{game}/glossary), once
 * a page; a page that cannot get it still shows every event, the ids then in words. */
async function glossaryOf(game) {
  if (!GLOSSARIES.has(game)) {
    GLOSSARIES.set(game, call("GET", `/v1/games/${game}/glossary`).catch(() => null));
  }
  return GLOSSARIES.get(game);
}

/** The events of the last command: those after the previous turn's last event. */
function lastTurnEvents(events) {
  if (!events.length) return [];
  const lastAt = events[events.length - 1].at;
  return events.filter((e) => e.at === lastAt);
}

// Every render rebuilds the page; keep the keyboard focus on the same control.
const FOCUS_ATTRS = ["data-command", "data-target", "data-choice-value", "data-role", "id"];

function focusKey(element, root) {
  if (!element || !root.contains(element)) return null;
  const attr = FOCUS_ATTRS.find((a) => element.hasAttribute(a));
  return attr ? [attr, element.getAttribute(attr)] : null;
}

function restoreFocus(root, key) {
  if (!key) return;
  const match = [...root.querySelectorAll(`[${key[0]}]`)].find((el) => el.getAttribute(key[0]) === key[1]);
  match && match.focus();
}

function connectionWords(state) {
  if (state === "connected") return t("connected");
  if (state === "over") return t("matchOver");
  if (state === "closed") return "";
  return t(state === "connecting" ? "loading" : "reconnecting");
}


/** A refused command as the player reads it: the rule the server quoted, in its language. */
export function refusal(error) {
  if (!(error instanceof ApiError)) return { kind: "error", text: String(error.message || error) };
  let text = error.message;
  if (error.body && error.body.fields) text += ` ${JSON.stringify(error.body.fields)}`;
  return { kind: "error", text: `${t("refused")}: ${text}`, code: error.code };
}
