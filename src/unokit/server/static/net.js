// The table's connection: the seat token, the WebSocket handshake, reconnecting, sending.
// Every other module talks to the server through connect() and send() only.
import { N_ } from "./i18n.js";

let socket = null;
let frameId = 0;
let retry = 0;
let waiting = null;  // the back-off's timer before the next try
let nextAt = null;  // when that try starts (performance.now()); null: none is waiting
let handlers = null;
let tableId = null;
// the path prefix of the server process that owns the table (`/p/2`), as the last process
// asked said (close code 4307); empty: the proxy's own choice
let route = "";
let hops = 0;

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
    handlers && handlers.onStatus(body.detail || body.error || N_("no record yet"));
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
  clearTimeout(waiting);  // one try at a time: a try made now replaces the one waiting
  nextAt = null;
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the seat token goes in the first frame, never in the address (proxies log addresses)
  socket = new WebSocket(`${scheme}://${location.host}${route}/ws/${tableId}`);
  socket.onopen = () => {
    const t = token();
    socket.send(JSON.stringify(t ? { type: "auth", token: t } : { type: "auth" }));
    retry = 0;
    handlers.onStatus(N_("connected"));
  };
  socket.onmessage = (msg) => {
    const frame = JSON.parse(msg.data);
    if (frame.type === "hello") hops = 0;
    handlers.onFrame(frame);
  };
  socket.onclose = (ev) => {
    if (ev.code === 4307) {
      // another process owns the table: connect again there (a path like /p/2 only)
      route = /^(\/[A-Za-z0-9_.-]+)+$/.test(ev.reason) ? ev.reason : "";
      hops += 1;
      handlers.onStatus(N_("the table is served elsewhere: reconnecting"));
      later(hops <= 2 ? 0 : 300 * 2 ** Math.min(hops - 2, 4));
      return;
    }
    route = ""; // whatever else ended it, the proxy chooses again
    hops = 0;
    if (ev.code === 4401) {
      // the token no longer seats anyone: the seat was given to a bot, or the player left
      setToken(null);
      handlers.onStatus(N_("your seat here went to a bot: you are watching"));
      connect(tableId, handlers);
      return;
    }
    if (ev.code === 4409) {
      // the seat changed hands: reconnect at once, and the server says what the token holds
      // now (the seat, a seat to take back from its stand-in, or nothing: 4401 above)
      handlers.onStatus(N_("your seat changed hands: reconnecting"));
      connect(tableId, handlers);
      return;
    }
    if (ev.code === 4404) { handlers.onStatus(N_("there is no such table")); return; }
    if (ev.code === 4429) {
      // a limit of the server (too many connections from here, or for this seat): back off
      handlers.onStatus(N_("the server is holding too many connections from here: retrying later"));
      retry = 6;
      later(300 * 2 ** retry);
      return;
    }
    handlers.onStatus(N_("connection lost: reconnecting"));
    retry = Math.min(retry + 1, 6);  // the back-off grows to 19.2 s, and no further
    later(300 * 2 ** retry);
  };
}

/** The next try, `ms` from now (the page counts it down: nextTry()). */
function later(ms) {
  clearTimeout(waiting);
  nextAt = performance.now() + ms;
  waiting = setTimeout(() => connect(tableId, handlers), ms);
}

/** When the next try starts (performance.now()), or null when none is waiting. */
export function nextTry() { return nextAt; }

/** Try again at once (a person's "Reconnect now"), rather than wait out the back-off. */
export function reconnectNow() {
  if (!handlers || (socket && socket.readyState === WebSocket.OPEN)) return;
  clearTimeout(waiting);
  connect(tableId, handlers);
}

export function send(frame) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { handlers && handlers.onStatus(N_("not connected")); return; }
  frame.id = ++frameId;
  socket.send(JSON.stringify(frame));
}
