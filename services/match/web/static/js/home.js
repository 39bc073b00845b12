// The home page: sign in; "your turn" and all my matches (kept current by the player's live
// feed); invitations; a new match against friends or bots; matchmaking; vacation; watching.

import { ApiError, authHeaders, call, matchmaking, session } from "./api.js";
import { formatSeconds } from "./clock.js";
import { h, mount } from "./dom.js";
import { language, t } from "./i18n.js";
import { choiceLabel, optionLabel, setElsewhere } from "./options.js";
import { follow } from "./sse.js";

// mcts first: the default opponent is the searching bot at the default level. random plays
// any legal move and has no levels (its seat sends none, its select is hidden).
const BOTS = ["mcts", "greedy", "random"];
const LEVELLESS = new Set(["random"]);
const TICKET_POLL_MS = 1500;
// The live feed says "your turn" and "match over"; invitations and matches formed elsewhere
// are not in it, so the lists are also re-read this often.
const LISTS_REFRESH_MS = 20000;

/** A seat as the lobby names it: the player's name, or the bot. */
function seatName(seat) { return seat.name || (seat.bot ? `${t("bot")} ${seat.bot}` : "?"); }

export class HomePage {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.lists = { toAct: [], all: [] };
    this.feed = null;
    this.ticket = null;
    this.ticketTimer = null;
    this.vacation = null;
    this.stopped = false;
  }

  async start() {
    const hosted = await call("GET", "/v1/games");
    if (this.stopped) return;   // left while it loaded: another page owns the root now
    this.games = hosted.games;
    this.botLevels = hosted.bot_levels;  // the one scale of levels, with the default marked
    if (!session.load()) { this.renderSignIn(); return; }
    this.render();
    await this.refresh();
    if (this.stopped) return;   // no feed or timer for a page already left
    // A refresh that fails (the network gone) is tried again by the next message or tick.
    this.feed = follow("/v1/players/me/live", { headers: authHeaders(), onMessage: () => { this.refresh().catch(() => {}); return true; } });
    this.listsTimer = setInterval(() => this.refresh().catch(() => {}), LISTS_REFRESH_MS);
  }

  stop() {
    this.stopped = true;
    this.feed && this.feed.close();
    clearTimeout(this.ticketTimer);
    clearInterval(this.listsTimer);
  }

  renderSignIn() {
    const input = h("input", { id: "player-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
    const error = h("p", { class: "error", role: "alert", "data-role": "sign-in-error" });
    const form = h("form", { class: "card sign-in", "data-role": "sign-in" },
      h("h1", {}, t("signIn")), h("p", {}, t("signInHelp")),
      h("label", { for: "player-name" }, t("yourName")), input,
      h("button", { type: "submit" }, t("signIn")), error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        const player = await call("POST", "/v1/players", { name: input.value });
        session.save(player);
        window.dispatchEvent(new Event("orrery:session"));
      } catch (err) { error.textContent = err.message; }
    });
    mount(this.root, form);
    input.focus();
  }

  async refresh() {
    try {
      const [toAct, all] = await Promise.all([
        call("GET", "/v1/players/me/matches?to_act=true"), call("GET", "/v1/players/me/matches")]);
      this.lists = { toAct: toAct.matches, all: all.matches };
      this.recent = (await call("GET", "/v1/matches/recent?limit=12")).matches;
      this.vacation = await call("GET", "/v1/players/me/vacation");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) { session.clear(); window.dispatchEvent(new Event("orrery:session")); return; }
      throw error;
    }
    if (!this.stopped) this.renderLists();
  }

  render() {
    const me = session.load();
    mount(this.root,
      h("section", { class: "card who" },
        h("p", {}, t("signedInAs", { name: me.name })),
        h("p", {}, h("label", { for: "my-id" }, t("yourId")), " ",
          h("input", { id: "my-id", readonly: true, value: me.player_id, "data-role": "player-id", size: 34 }))),
      h("div", { class: "columns" },
        h("div", {},
          h("section", { class: "card", "aria-labelledby": "turn-title" }, h("h2", { id: "turn-title" }, t("yourTurn")), h("div", { "data-role": "to-act" })),
          h("section", { class: "card", "aria-labelledby": "invited-title", "data-role": "invitations-card", hidden: true },
            h("h2", { id: "invited-title" }, t("invitations")), h("div", { "data-role": "invitations" })),
          h("section", { class: "card", "aria-labelledby": "mine-title" }, h("h2", { id: "mine-title" }, t("myMatches")), h("div", { "data-role": "my-matches" })),
          h("section", { class: "card", "aria-labelledby": "watch-list-title" }, h("h2", { id: "watch-list-title" }, t("toWatch")), h("div", { "data-role": "watch-list" }))),
        h("div", {},
          this.newMatchForm(), this.matchmakingForm(), h("section", { class: "card", "data-role": "vacation" }), this.watchForm())));
  }

  renderLists() {
    const toAct = this.root.querySelector("[data-role=to-act]");
    if (!toAct) return;
    mount(toAct, this.lists.toAct.length
      ? h("ul", { class: "match-list" }, this.lists.toAct.map((m) => this.matchItem(m)))
      : h("p", {}, t("noTurn")));
    const invited = this.lists.all.filter((m) => m.status === "invited");
    const card = this.root.querySelector("[data-role=invitations-card]");
    card.hidden = !invited.length;
    mount(this.root.querySelector("[data-role=invitations]"),
      h("ul", { class: "match-list" }, invited.map((m) => this.invitationItem(m))));
    mount(this.root.querySelector("[data-role=my-matches]"), this.lists.all.length
      ? h("ul", { class: "match-list" }, this.lists.all.filter((m) => m.status !== "invited").map((m) => this.matchItem(m)))
      : h("p", {}, t("noMatches")));
    const vacation = this.root.querySelector("[data-role=vacation]");
    if (vacation && !vacation.contains(document.activeElement)) this.renderVacation();   // not under the typing hand
    const watch = this.root.querySelector("[data-role=watch-list]");
    const recent = this.recent || [];
    if (watch) {
      mount(watch, recent.length ? h("ul", { class: "match-list" }, recent.map((m) => h("li", { "data-match-id": m.match_id },
        h("a", { href: `#/match/${m.match_id}` }, `${this.title(m.game)} · ${m.seats.map(seatName).join(" – ")} · ${t(m.status)}`))))
        : h("p", {}, t("nothingToWatch")));
    }
  }

  matchItem(m) {
    const deadline = m.deadline ? ` · ${formatSeconds((Date.parse(m.deadline) - Date.now()) / 1000)}` : "";
    return h("li", { "data-match-id": m.match_id },
      h("a", { href: `#/match/${m.match_id}` }, `${this.title(m.game)} · ${m.status ? t(m.status) : t("toAct")}${m.to_act === true ? ` · ${t("yourTurn")}` : ""}${deadline}`));
  }

  /** A match not started yet: accept or decline when my seat is awaited, else who is. */
  invitationItem(m) {
    const answer = (verb) => async () => {
      try { await call("POST", `/v1/matches/${m.match_id}/${verb}`, {}); } catch (error) { alert(error.message); }
      this.refresh().catch(() => {});
    };
    const item = h("li", { "data-match-id": m.match_id }, h("a", { href: `#/match/${m.match_id}` }, this.title(m.game)), " ");
    call("GET", `/v1/matches/${m.match_id}`).then((match) => {
      const awaited = match.invited || [];
      if (awaited.includes(m.seat)) {
        item.append(h("button", { type: "button", "data-role": "accept", onclick: answer("accept") }, t("accept")), " ",
          h("button", { type: "button", "data-role": "decline", class: "danger", onclick: answer("decline") }, t("decline")));
      } else {
        const names = awaited.map((seat) => match.seats[seat].name || `${t("seat")} ${seat + 1}`).join(", ");
        item.append(h("span", { "data-role": "awaiting" }, t("awaitingAccept", { who: names })));
      }
    }).catch((error) => item.append(h("span", { class: "error" }, error.message)));
    return item;
  }

  title(name) { return (this.games.find((g) => g.name === name) || { title: name }).title; }

  // ---- a new match -----------------------------------------------------------------------

  newMatchForm() {
    const form = h("form", { class: "card", "data-role": "new-match", "aria-labelledby": "new-title" });
    const game = h("select", { id: "new-game", name: "game" }, this.games.map((g) => h("option", { value: g.name }, g.title)));
    const seatsBox = h("fieldset", { class: "seats-box" });
    const optionsBox = h("fieldset", { class: "options-box" });
    const clockBox = this.clockFields();
    const error = h("p", { class: "error", role: "alert", "data-role": "new-match-error" });
    const rulesLink = h("a", { href: `#/rules/${this.games[0].name}`, "data-role": "rules-link" }, t("howToPlay"));
    const refill = () => {
      this.fillSeats(seatsBox, this.gameOf(game.value)); this.fillOptions(optionsBox, this.gameOf(game.value));
      rulesLink.setAttribute("href", `#/rules/${game.value}`);
    };
    game.addEventListener("change", refill);
    form.append(h("h2", { id: "new-title" }, t("newMatch")),
      h("label", { for: "new-game" }, t("game")), game, " ", rulesLink, seatsBox, optionsBox, clockBox,
      h("button", { type: "submit", "data-role": "create-match" }, t("create")), error);
    refill();
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      error.textContent = "";
      try {
        const body = { game: game.value, seats: this.readSeats(seatsBox), options: this.readOptions(optionsBox) };
        const clock = this.readClock(clockBox);
        if (clock) body.clock = clock;
        const created = await call("POST", "/v1/matches", body);
        location.hash = `#/match/${created.match_id}`;
      } catch (err) {
        error.textContent = err.body && err.body.fields ? `${err.message} ${JSON.stringify(err.body.fields)}` : err.message;
      }
    });
    return form;
  }

  gameOf(name) { return this.games.find((g) => g.name === name); }

  fillSeats(box, game) {
    const count = h("select", { id: "seat-count", "data-role": "seat-count" });
    for (let n = game.min_players; n <= game.max_players; n += 1) count.append(h("option", { value: n }, String(n)));
    const rows = h("div", {});
    const draw = () => {
      mount(rows, Array.from({ length: Number(count.value) }, (_, i) => this.seatRow(i)));
    };
    count.addEventListener("change", draw);
    mount(box, h("legend", {}, t("seats")), h("label", { for: "seat-count" }, t("players")), count, rows);
    draw();
  }

  seatRow(i) {
    if (i === 0) return h("p", { class: "seat-row", "data-seat-row": 0, "data-kind": "me" }, `${t("seat")} 1: ${t("you")}`);
    const kind = h("select", { id: `seat-${i}-kind`, "data-role": "seat-kind" },
      BOTS.map((b) => h("option", { value: `bot:${b}` }, t(`bot_${b}`))), h("option", { value: "friend" }, t("friend")));
    const level = h("select", { id: `seat-${i}-level`, "data-role": "seat-level", "aria-label": t("level") },
      this.botLevels.map((l) => h("option", { value: l.level, selected: l.default, title: l.summary },
                                  `${t("level")} ${l.level}${l.default ? ` (${t("defaultLevel")})` : ""}`)));
    const friend = h("input", { id: `seat-${i}-player`, "data-role": "seat-player", "aria-label": t("friend"),
                                placeholder: t("friend"), hidden: true, size: 34 });
    kind.addEventListener("change", () => {
      const isFriend = kind.value === "friend";
      friend.hidden = !isFriend; level.hidden = isFriend || LEVELLESS.has(kind.value.slice(4));
    });
    return h("p", { class: "seat-row", "data-seat-row": i },
      h("label", { for: `seat-${i}-kind` }, `${t("seat")} ${i + 1}`), kind, level, friend);
  }

  readSeats(box) {
    const me = session.load();
    return [...box.querySelectorAll("[data-seat-row]")].map((row) => {
      if (row.dataset.kind === "me") return { player_id: me.player_id };
      const kind = row.querySelector("[data-role=seat-kind]").value;
      if (kind === "friend") return { player_id: row.querySelector("[data-role=seat-player]").value.trim() };
      const bot = kind.slice(4);
      if (LEVELLESS.has(bot)) return { bot };
      return { bot, level: Number(row.querySelector("[data-role=seat-level]").value) };
    });
  }

  fillOptions(box, game) {
    const entries = Object.entries(game.options || {});
    const own = entries.filter(([name]) => !setElsewhere(game.name, name));
    const elsewhere = entries.filter(([name]) => setElsewhere(game.name, name));
    mount(box, h("legend", {}, t("options")),
      entries.length ? own.map(([name, spec]) => this.optionField(game.name, name, spec)) : h("p", {}, t("gameOptionsNone")),
      elsewhere.length ? h("details", { class: "options-elsewhere" }, h("summary", {}, t("optionsElsewhere")),
        elsewhere.map(([name, spec]) => this.optionField(game.name, name, spec))) : null);
  }

  optionField(game, name, spec) {
    const id = `option-${name}`;
    const lang = language();
    let input;
    if (spec.type === "bool") input = h("input", { id, type: "checkbox", "data-option": name, "data-kind": "bool", checked: spec.default === true });
    else if (spec.type === "int") input = h("input", { id, type: "number", "data-option": name, "data-kind": "int", value: spec.default, min: spec.minimum, max: spec.maximum });
    else {
      input = h("select", { id, "data-option": name, "data-kind": "choice" },
        spec.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === spec.default },
          choiceLabel(game, name, c, lang) ?? String(c))));
    }
    const label = optionLabel(game, name, lang) ?? name.replace(/_/g, " ");
    return h("p", { class: "option" }, h("label", { for: id, title: spec.description }, label), " ", input);
  }

  readOptions(box) {
    const out = {};
    for (const input of box.querySelectorAll("[data-option]")) {
      const kind = input.dataset.kind;
      out[input.dataset.option] = kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : JSON.parse(input.value);
    }
    return out;
  }

  clockFields() {
    const kind = h("select", { id: "clock-kind", "data-role": "clock-kind" },
      h("option", { value: "" }, t("noClock")), h("option", { value: "per_move" }, t("perMove")), h("option", { value: "bank" }, t("bank")));
    const amount = h("input", { id: "clock-amount", type: "number", min: 1, value: 86400, "data-role": "clock-seconds" });
    const timeout = h("select", { id: "clock-timeout", "data-role": "clock-timeout" },
      ["bot", "skip", "forfeit"].map((v) => h("option", { value: v }, t(`timeout_${v}`))));
    return h("fieldset", { class: "clock-box" }, h("legend", {}, t("clock")),
      h("label", { for: "clock-kind" }, t("clock")), kind,
      h("label", { for: "clock-amount" }, t("seconds")), amount,
      h("label", { for: "clock-timeout" }, t("onTimeout")), timeout);
  }

  readClock(box) {
    const kind = box.querySelector("[data-role=clock-kind]").value;
    if (!kind) return null;
    const seconds = Number(box.querySelector("[data-role=clock-seconds]").value);
    const onTimeout = box.querySelector("[data-role=clock-timeout]").value;
    return kind === "per_move" ? { per_move_seconds: seconds, on_timeout: onTimeout }
      : { bank_seconds: seconds, increment_seconds: 0, on_timeout: onTimeout };
  }

  // ---- matchmaking -----------------------------------------------------------------------

  matchmakingForm() {
    const game = h("select", { id: "mm-game", "data-role": "mm-game" }, this.games.map((g) => h("option", { value: g.name }, g.title)));
    const players = h("input", { id: "mm-players", type: "number", min: 2, max: 4, value: 2, "data-role": "mm-players" });
    const mode = h("select", { id: "mm-mode", "data-role": "mm-mode" }, h("option", { value: "casual" }, t("casual")), h("option", { value: "ranked" }, t("ranked")));
    const bots = h("input", { id: "mm-bots", type: "checkbox", checked: true, "data-role": "mm-bots" });
    const wait = h("input", { id: "mm-wait", type: "number", min: 1, value: 30, "data-role": "mm-wait" });
    const status = h("div", { "data-role": "ticket", "aria-live": "polite" });
    const form = h("form", { class: "card", "data-role": "matchmaking", "aria-labelledby": "mm-title" },
      h("h2", { id: "mm-title" }, t("findMatch")),
      h("label", { for: "mm-game" }, t("game")), game, h("label", { for: "mm-players" }, t("players")), players,
      h("label", { for: "mm-mode" }, t("mode")), mode,
      h("p", {}, bots, " ", h("label", { for: "mm-bots" }, t("allowBots"))),
      h("label", { for: "mm-wait" }, t("maxWait")), wait,
      h("button", { type: "submit", "data-role": "mm-search" }, t("search")), status);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        const ticket = await matchmaking("POST", "/v1/tickets", {
          game: game.value, players: Number(players.value), mode: mode.value,
          allow_bots: bots.checked, max_wait_seconds: Number(wait.value) });
        this.ticket = { ticket_id: ticket.ticket_id, status: "waiting", match_id: null };
        this.pollTicket();
      } catch (error) { mount(status, h("p", { class: "error", role: "alert" }, error.message)); }
    });
    return form;
  }

  async pollTicket() {
    clearTimeout(this.ticketTimer);
    const box = this.root.querySelector("[data-role=ticket]");
    if (!this.ticket || !box) return;
    try {
      this.ticket = await matchmaking("GET", `/v1/tickets/${this.ticket.ticket_id}`);
    } catch (error) { mount(box, h("p", { class: "error" }, error.message)); }
    const tk = this.ticket;
    mount(box, h("p", { "data-role": "ticket-status", "data-status": tk.status }, `${t("ticket")}: ${t(tk.status)}`),
      tk.status === "waiting" ? h("button", { type: "button", "data-role": "mm-cancel", onclick: async () => {
        try { await matchmaking("DELETE", `/v1/tickets/${tk.ticket_id}`); } catch (error) { /* shown by the next poll */ }
        this.pollTicket();
      } }, t("cancel")) : null,
      tk.match_id ? h("a", { href: `#/match/${tk.match_id}`, "data-role": "ticket-match" }, t("open")) : null);
    if (tk.status === "waiting") this.ticketTimer = setTimeout(() => this.pollTicket(), TICKET_POLL_MS);
  }

  // ---- vacation and watching ---------------------------------------------------------------

  renderVacation() {
    const box = this.root.querySelector("[data-role=vacation]");
    const v = this.vacation;
    if (!box || !v) return;
    const days = h("input", { id: "vacation-days", type: "number", min: 1, max: Math.max(1, v.days_left), value: 1 });
    const act = async (method, body) => {
      try { this.vacation = await call(method, "/v1/players/me/vacation", body); } catch (error) { alert(error.message); }
      this.renderVacation();
    };
    mount(box, h("h2", {}, t("vacation")),
      h("p", { "data-role": "vacation-status" }, v.on_vacation ? t("onVacation", { until: new Date(v.until).toLocaleString() }) : t("notOnVacation"),
        " · ", t("daysLeft", { n: v.days_left })),
      v.on_vacation
        ? h("button", { type: "button", "data-role": "vacation-end", onclick: () => act("DELETE") }, t("endVacation"))
        : h("p", {}, h("label", { for: "vacation-days" }, t("days")), " ", days, " ",
          h("button", { type: "button", "data-role": "vacation-start", onclick: () => act("POST", { days: Number(days.value) }) }, t("startVacation"))));
  }

  watchForm() {
    const id = h("input", { id: "watch-id", required: true, size: 34, "data-role": "watch-id" });
    const form = h("form", { class: "card", "data-role": "watch" }, h("h2", {}, t("watch")),
      h("label", { for: "watch-id" }, t("matchId")), " ", id, " ", h("button", { type: "submit" }, t("go")));
    form.addEventListener("submit", (e) => { e.preventDefault(); location.hash = `#/match/${id.value.trim()}`; });
    return form;
  }
}
