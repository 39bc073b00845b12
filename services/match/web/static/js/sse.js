// Server-Sent Events over fetch, because EventSource cannot send the Authorization header.
// On any end of the stream (the server closes it every few minutes, or the network drops)
// it reconnects with Last-Event-ID set to the last id it delivered, so nothing is lost; the
// caller still drops any id it has seen, so nothing is shown twice.

export function follow(url, { lastId = null, headers = {}, onMessage, onStatus = () => {} }) {
  let stopped = false;
  let controller = null;
  let retryMs = 2000;
  let attempt = 0;

  async function connect() {
    while (!stopped) {
      controller = new AbortController();
      const sent = { ...headers, Accept: "text/event-stream" };
      if (lastId !== null) sent["Last-Event-ID"] = String(lastId);
      try {
        const response = await fetch(url, { headers: sent, signal: controller.signal,
                                             cache: "no-store" });
        if (!response.ok) {
          onStatus("error", response.status);
          if (response.status >= 400 && response.status < 500 && response.status !== 429) return;
        } else {
          attempt = 0;
          onStatus("open");
          await read(response.body);
        }
      } catch (error) {
        if (stopped) return;
      }
      if (stopped) return;
      onStatus("reconnecting");
      attempt += 1;
      await new Promise((r) => setTimeout(r, Math.min(retryMs * attempt, 10000)));
    }
  }

  async function read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        dispatch(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
      }
    }
  }

  function dispatch(block) {
    const message = { id: null, event: "message", data: [] };
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") message.data.push(value);
      else if (field === "id") message.id = value;
      else if (field === "event") message.event = value;
      else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (!message.data.length) return;
    const delivered = onMessage({ ...message, data: message.data.join("\n") });
    if (message.id !== null && delivered !== false) lastId = message.id;
  }

  connect();
  return {
    close() { stopped = true; controller && controller.abort(); },
    /** Cut the current connection as a network failure would (it then resumes). */
    drop() { controller && controller.abort(); },
    get lastId() { return lastId; },
  };
}
