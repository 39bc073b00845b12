// The operator console: live matches and their ages, bus consumer-group lag, Celery queue
// depths, the command path's answer times, process heartbeats, rate-limit refusals, and a
// log inspector (any match's stored events, and the match after any of them as every seat
// sees it). The operator's token stays in this tab only (sessionStorage).

import { h, mount } from "./dom.js";

const TOKEN_KEY = "orrery.operator";
const REFRESH_MS = 5000;
const main = document.getElementById("main");
let timer = null;

async function get(path) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${sessionStorage.getItem(TOKEN_KEY) || ""}` } });
  if (response.status === 404) throw new Error("The console does not answer this token.");
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

function table(caption, columns, rows, empty) {
  if (!rows.length) return h("section", { class: "card" }, h("h2", {}, caption), h("p", {}, empty));
  return h("section", { class: "card" }, h("h2", {}, caption),
    h("div", { class: "table-wrap" }, h("table", { class: "console-table" },
      h("thead", {}, h("tr", {}, columns.map(([label]) => h("th", { scope: "col" }, label)))),
      h("tbody", {}, rows.map((row) => h("tr", {}, columns.map(([, cell]) => h("td", {}, cell(row)))))))));
}

const age = (s) => (s === null || s === undefined ? "—" : s < 120 ? `${Math.round(s)} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`);

function signIn(message) {
  const input = h("input", { id: "operator-token", type: "password", autocomplete: "off", required: true });
  const form = h("form", { class: "card", "data-role": "operator-sign-in" },
    h("h1", {}, "Operator console"), message ? h("p", { class: "error", role: "alert" }, message) : null,
    h("label", { for: "operator-token" }, "Operator token"), " ", input, " ", h("button", { type: "submit" }, "Open"));
  form.addEventListener("submit", (e) => { e.preventDefault(); sessionStorage.setItem(TOKEN_KEY, input.value); show(); });
  mount(main, form);
  input.focus();
}

async function show() {
  clearTimeout(timer);
  let data;
  try { data = await get("/console/api/overview"); } catch (error) { signIn(error.message); return; }
  const inspector = main.querySelector("[data-role=inspector]") || h("section", { class: "card", "data-role": "inspector" }, inspectorForm());
  const percentiles = data.command_seconds || {};
  mount(main,
    h("h1", {}, "Operator console"),
    h("p", { class: "hint" }, `Read at ${new Date(data.at * 1000).toLocaleTimeString()}; every ${REFRESH_MS / 1000} s.`),
    h("div", { class: "console-grid" },
      table("Live matches", [["Match", (m) => h("button", { type: "button", class: "link", "data-role": "inspect", onclick: () => inspect(m.match_id) }, m.match_id.slice(0, 8))],
                             ["Game", (m) => m.game], ["Status", (m) => m.status], ["Version", (m) => m.version],
                             ["To act", (m) => m.to_act.map((s) => s + 1).join(", ") || "—"], ["Age", (m) => age(m.age_seconds)], ["Idle", (m) => age(m.idle_seconds)]],
            data.matches, "No match is in play."),
      table("Bus: consumer groups", [["Topic", (b) => `${b.topic} ${b.partition}`], ["Group", (b) => b.group ?? "(none)"], ["Length", (b) => b.length],
                                     ["Lag", (b) => (b.lag === null ? "—" : b.lag)], ["Pending", (b) => b.pending], ["Consumers", (b) => b.consumers]],
            data.bus, "No bus stream yet."),
      table("Celery queues", [["Queue", (q) => q.queue], ["Waiting", (q) => q.depth]], data.queues, "No task waits."),
      table("Processes (heartbeats)", [["Process", (p) => p.process], ["Pid", (p) => p.pid], ["Beats", (p) => p.beats], ["Last beat", (p) => age(p.seconds_ago)]],
            data.processes, "No process beats."),
      table("Commands: answer time", [["Percentile", (r) => r[0]], ["At most", (r) => (r[1] === null ? "—" : `${r[1] * 1000} ms`)]],
            Object.entries(percentiles), "No command answered yet."),
      table("Rate limit: refused requests", [["Route", (r) => r[0]], ["Refused", (r) => r[1]]], Object.entries(data.rate_limited || {}), "None refused.")),
    inspector);
  timer = setTimeout(show, REFRESH_MS);
}

function inspectorForm() {
  const input = h("input", { id: "inspect-id", "data-role": "inspect-id", size: 34, pattern: "[0-9a-f]{32}" });
  const form = h("form", {}, h("h2", {}, "Log inspector"), h("label", { for: "inspect-id" }, "Match id"), " ", input, " ", h("button", { type: "submit" }, "Inspect"));
  form.addEventListener("submit", (e) => { e.preventDefault(); inspect(input.value.trim()); });
  return [form, h("div", { "data-role": "inspection" })];
}

async function inspect(matchId, version = null) {
  const box = main.querySelector("[data-role=inspection]");
  if (!box) return;
  let data;
  try { data = await get(`/console/api/matches/${matchId}${version ? `?version=${version}` : ""}`); } catch (error) {
    mount(box, h("p", { class: "error", role: "alert" }, error.message)); return;
  }
  mount(box,
    h("p", {}, `${data.game} · ${data.status} · ${data.version} events · the match after event ${data.at_version}, as each seat sees it:`),
    h("div", { class: "inspect-layout" },
      h("ol", { class: "inspect-events", "data-role": "inspect-events" }, data.events.map((e) => h("li", { class: e.v === data.at_version ? "current" : "" },
        h("button", { type: "button", class: "link", onclick: () => inspect(matchId, e.v) }, `${e.v}. ${e.type}`),
        h("pre", {}, JSON.stringify(e.data))))),
      h("div", { class: "inspect-views" }, Object.entries(data.views).map(([who, view]) => h("details", { open: who === "spectator" },
        h("summary", {}, who), h("pre", {}, JSON.stringify(view.view, null, 1)))))));
}

if (sessionStorage.getItem(TOKEN_KEY)) show(); else signIn("");
