// Clocks counting down: a running seat's clock is its deadline less now (the server sends
// remaining_seconds as the time left when the turn began); a stopped one shows what is left.

import { t } from "./i18n.js";

export function formatSeconds(total) {
  const s = Math.max(0, Math.floor(total));
  const days = Math.floor(s / 86400), hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60), seconds = s % 60;
  const pad = (n) => String(n).padStart(2, "0");
  if (days) return `${days}d ${pad(hours)}h`;
  if (hours) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${minutes}:${pad(seconds)}`;
}

/** The text of one seat's clock now. */
export function clockText(seatClock) {
  const running = seatClock.deadline && !seatClock.paused;
  const left = running ? (Date.parse(seatClock.deadline) - Date.now()) / 1000 : seatClock.remaining_seconds;
  const notes = [seatClock.paused ? t("paused") : null,
                 seatClock.controlled_by && seatClock.controlled_by !== "seat" ? t("botPlays") : null];
  return `${formatSeconds(left)}${notes.filter(Boolean).map((n) => ` (${n})`).join("")}`;
}
