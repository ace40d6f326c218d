// The table's connection: the seat token, the WebSocket handshake, reconnecting, sending.
// Every other module talks to the server through connect() and send() only.

let socket = null;
let frameId = 0;
let retry = 0;
let waiting = null;  // the back-off's timer before the next try
let handlers = null;
let tableId = null;

export function token() { return localStorage.getItem(`unokit:token:${tableId}`); }
export function setToken(value) {
  if (value) localStorage.setItem(`unokit:token:${tableId}`, value);
  else localStorage.removeItem(`unokit:token:${tableId}`);
}

/** Save the table's record (the seat's own while the match runs). The token travels in a
 *  header, never in an address: proxies log addresses. */
export async function downloadRecord() {
  const t = token();
  const response = await fetch(`/api/tables/${tableId}/record`, { headers: t ? { "X-Seat-Token": t } : {} });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    handlers && handlers.onStatus(body.detail || body.error || "no record yet");
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = `unokit-${tableId}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Open (or reopen) the table's socket; `on` has onFrame(frame) and onStatus(text). */
export function connect(id, on) {
  tableId = id;
  handlers = on;
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the seat token goes in the first frame, never in the address (proxies log addresses)
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  socket.onopen = () => {
    const t = token();
    socket.send(JSON.stringify(t ? { type: "auth", token: t } : { type: "auth" }));
    retry = 0;
    handlers.onStatus("connected");
  };
  socket.onmessage = (msg) => handlers.onFrame(JSON.parse(msg.data));
  socket.onclose = (ev) => {
    if (ev.code === 4401) {
      // the token no longer seats anyone: the seat was given to a bot, or the player left
      setToken(null);
      handlers.onStatus("your seat here went to a bot: you are watching");
      connect(tableId, handlers);
      return;
    }
    if (ev.code === 4409) {
      // the seat changed hands: reconnect at once, and the server says what the token holds
      // now (the seat, a seat to take back from its stand-in, or nothing: 4401 above)
      handlers.onStatus("your seat changed hands: reconnecting");
      connect(tableId, handlers);
      return;
    }
    if (ev.code === 4404) { handlers.onStatus("there is no such table"); return; }
    if (ev.code === 4429) {
      // a limit of the server (too many connections from here, or for this seat): back off
      handlers.onStatus("the server is holding too many connections from here: retrying later");
      retry = 6;
      setTimeout(() => connect(tableId, handlers), 300 * 2 ** retry);
      return;
    }
    handlers.onStatus("connection lost: reconnecting");
    retry = Math.min(retry + 1, 6);
    waiting = setTimeout(() => connect(tableId, handlers), 300 * 2 ** retry);
  };
}

/** Try again at once (a person's "Reconnect now"), rather than wait out the back-off. */
export function reconnectNow() {
  if (!handlers || (socket && socket.readyState === WebSocket.OPEN)) return;
  clearTimeout(waiting);
  connect(tableId, handlers);
}

export function send(frame) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { handlers && handlers.onStatus("not connected"); return; }
  frame.id = ++frameId;
  socket.send(JSON.stringify(frame));
}
