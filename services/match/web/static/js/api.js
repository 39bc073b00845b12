// The HTTP API as the page uses it: the signed-in player kept in localStorage, JSON in and
// out, every non-2xx answer thrown as an ApiError carrying the server's {error, message}.

const PLAYER_KEY = "orrery.player";

export const session = {
  load() {
    try { return JSON.parse(localStorage.getItem(PLAYER_KEY)) || null; } catch { return null; }
  },
  save(player) { localStorage.setItem(PLAYER_KEY, JSON.stringify(player)); },
  clear() { localStorage.removeItem(PLAYER_KEY); },
};

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.error;
    this.body = body || {};
  }
}

export function authHeaders() {
  const player = session.load();
  return player ? { Authorization: `Bearer ${player.token}` } : {};
}

export async function call(method, path, body, { base = "" } = {}) {
  const headers = { ...authHeaders() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(base + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, { error: "network", message: String(error.message || error) });
  }
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = { message: text }; }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

let configPromise = null;
/** The deployment's settings (/config.json): where matchmaking answers. */
export function config() {
  configPromise ||= call("GET", "/config.json");
  return configPromise;
}

export async function matchmaking(method, path, body) {
  const { matchmaking_url: base } = await config();
  return call(method, path, body, { base });
}

/** A command id that makes a retry safe; crypto.randomUUID needs a secure context. */
export function commandId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
