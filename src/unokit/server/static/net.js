// The table's connection: the seat token, the WebSocket handshake, reconnecting, sending.
// Every other module talks to the server through connect() and send() only.

let socket = null;
let frameId = 0;
let retry = 0;
let handlers = null;
let tableId = null;

export function token() { return localStorage.getItem(`unokit:token:${tableId}`); }
export function setToken(value) {
  if (value) localStorage.setItem(`unokit:token:${tableId}`, value);
  else localStorage.removeItem(`unokit:token:${tableId}`);
}

/** The address of the table's record (the seat's own while the match runs). */
export function recordUrl() {
  const t = token();
  return `/api/tables/${tableId}/record` + (t ? `?token=${encodeURIComponent(t)}` : "");
}

/** Open (or reopen) the table's socket; `on` has onFrame(frame) and onStatus(text). */
export function connect(id, on) {
  tableId = id;
  handlers = on;
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const t = token();
  const url = `${scheme}://${location.host}/ws/${tableId}` + (t ? `?token=${encodeURIComponent(t)}` : "");
  socket = new WebSocket(url);
  socket.onopen = () => { retry = 0; handlers.onStatus("connected"); };
  socket.onmessage = (msg) => handlers.onFrame(JSON.parse(msg.data));
  socket.onclose = (ev) => {
    if (ev.code === 4401) {
      // the token no longer seats anyone: the seat was given to a bot, or the player left
      setToken(null);
      handlers.onStatus("your seat here went to a bot: you are watching");
      connect(tableId, handlers);
      return;
    }
    if (ev.code === 4404) { handlers.onStatus("there is no such table"); return; }
    handlers.onStatus("connection lost: reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(() => connect(tableId, handlers), 300 * 2 ** retry);
  };
}

export function send(frame) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { handlers && handlers.onStatus("not connected"); return; }
  frame.id = ++frameId;
  socket.send(JSON.stringify(frame));
}
