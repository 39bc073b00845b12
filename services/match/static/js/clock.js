// Clocks counting down between fetches: the server's remaining_seconds at fetch time, minus
// the time since, for a seat whose deadline is running (not paused).

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

/** The text of one seat's clock `elapsed` seconds after the fetch that gave `seatClock`. */
export function clockText(seatClock, elapsed) {
  const running = seatClock.deadline && !seatClock.paused;
  const left = seatClock.remaining_seconds - (running ? elapsed : 0);
  const notes = [seatClock.paused ? t("paused") : null,
                 seatClock.controlled_by && seatClock.controlled_by !== "seat" ? t("botPlays") : null];
  return `${formatSeconds(left)}${notes.filter(Boolean).map((n) => ` (${n})`).join("")}`;
}
