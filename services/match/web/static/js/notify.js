// "Your turn" as a browser notification, when the player allowed them: the player's feed
// (GET /v1/players/me/live) is followed on every page, and a your_turn note for a match
// the player is not looking at (another page, or the tab hidden) shows one notification per
// match (its tag), which opens the match when clicked.

import { authHeaders, session } from "./api.js";
import { titleOf } from "./games/index.js";
import { t } from "./i18n.js";
import { follow } from "./sse.js";

let feed = null;
let followedFor = null;

export function supported() { return typeof window.Notification === "function"; }

/** Ask the browser's permission (a click must call this); then follow the feed. */
export async function enable() {
  if (!supported()) return "unsupported";
  const answer = await Notification.requestPermission();
  start();
  return answer;
}

/** Follow the signed-in player's feed while notifications are allowed (idempotent). */
export function start() {
  const me = session.load();
  if (!supported() || Notification.permission !== "granted" || !me) { stop(); return; }
  if (feed && followedFor === me.player_id) return;
  stop();
  followedFor = me.player_id;
  // Without a position the feed sends only what comes from now on: past notes are not news.
  feed = follow("/v1/players/me/live", { lastId: null, headers: authHeaders(), onMessage: (message) => {
    let note;
    try { note = JSON.parse(message.data); } catch (error) { return true; }
    if (note.type === "your_turn" && note.match_id) show(note);
    return true;
  } });
}

export function stop() {
  feed && feed.close();
  feed = null;
  followedFor = null;
}

function show(note) {
  const open = location.hash === `#/match/${note.match_id}`;
  if (open && !document.hidden) return;   // the page itself says so
  const notification = new Notification(t("notifyTitle"), { body: t("notifyBody", { game: titleOf(note.game) }), tag: `turn-${note.match_id}` });
  notification.onclick = () => { window.focus(); location.hash = `#/match/${note.match_id}`; notification.close(); };
}
