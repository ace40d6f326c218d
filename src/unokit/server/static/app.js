// unokit table page: plain JavaScript, no build step. The server sends this seat's view only.
"use strict";

const COLORS = { R: "red", Y: "yellow", G: "green", B: "blue" };
const SYMBOLS = {
  S: "Skip", R: "Reverse", "+2": "Draw Two", D: "Discard Two", P: "Point Taken",
};
const WILDS = {
  W: "Wild", "W+4": "Wild Draw Four", WSH: "Wild Shuffle Hands", WSW: "Wild Swap Hands",
  WC: "Wild Customizable", WCL: "Wild Clear", WGA: "Wild Give Away", WPU: "Wild Pile Up",
  WDT: "Wild Drawn Together",
};
const $ = (sel) => document.querySelector(sel);
const el = (tag, props = {}, ...kids) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role") node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const kid of kids) node.append(kid);
  return node;
};

// form.name and form.target are the form's own attributes: read inputs through elements
const field = (form, name) => form.elements.namedItem(name);

function cardName(code) {
  if (WILDS[code]) return WILDS[code];
  const color = COLORS[code[0]];
  const rest = code.slice(1);
  return `${color} ${SYMBOLS[rest] || rest}`;
}

function cardNode(code, tag = "div") {
  const wild = Boolean(WILDS[code]);
  const colorLetter = wild ? "W" : code[0];
  const face = wild ? code : code.slice(1);
  const node = el(tag, { class: `card ${colorLetter}`, "aria-label": cardName(code), "data-code": code });
  node.append(
    el("span", { class: "corner", "aria-hidden": "true", text: colorLetter }),
    el("span", { class: "face", "aria-hidden": "true", text: face }),
    el("span", { class: "name", "aria-hidden": "true", text: wild ? "wild" : COLORS[code[0]] }),
  );
  return node;
}

// ---------------------------------------------------------------- lobby ---
async function showLobby() {
  $("#lobby").hidden = false;
  const options = await (await fetch("/api/options")).json();
  for (const p of options.presets) $("#preset").append(el("option", { value: p.name, text: p.name }));
  for (const b of options.bots) $("#bot").append(el("option", { value: b, text: b }));
  const preferred = ["greedy", "random"].find((b) => options.bots.includes(b));
  if (preferred) $("#bot").value = preferred;
  const name = localStorage.getItem("unokit:name");
  if (name) field($("#create"), "name").value = name;
  $("#create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const v = (name) => field(f, name).value;
    const house = {};
    for (const key of ["stacking", "seven_o", "jump_in", "draw_to_match", "first_card_effect"]) {
      if (field(f, key).checked) house[key] = true;
    }
    const body = {
      name: v("name"), preset: v("preset"), seats: Number(v("seats")), house,
      bots: Array(Number(v("bots"))).fill(v("bot")),
      target: v("target") ? Number(v("target")) : null,
      turn_timer: v("turn_timer") ? Number(v("turn_timer")) : null,
      seed: v("seed") ? Number(v("seed")) : null,
    };
    const res = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) { status(data.error || JSON.stringify(data.detail)); return; }
    localStorage.setItem("unokit:name", body.name);
    localStorage.setItem(`unokit:token:${data.table}`, data.token);
    location.href = data.url;
  });
  const tables = await (await fetch("/api/tables")).json();
  for (const t of tables) {
    const host = t.seats[t.owner] ? t.seats[t.owner].name : "";
    const free = t.seats.filter((s) => s.kind === "open").length;
    $("#open-tables").append(el("li", {},
      el("a", { href: `/t/${t.id}`, text: `${t.rules} with ${host}` }), ` (${free} free)`));
  }
  if (!tables.length) $("#open-tables").append(el("li", { text: "none yet" }));
}

function status(text) { $("#status").textContent = text; }

// ---------------------------------------------------------------- table ---
const tableId = location.pathname.startsWith("/t/") ? location.pathname.slice(3) : null;
let socket = null;
let last = null;          // the last state frame
let armedUno = false;     // say Uno with the next play
let frameId = 0;
let retry = 0;

function token() { return localStorage.getItem(`unokit:token:${tableId}`); }

async function showTable() {
  $("#table").hidden = false;
  $("#invite").value = `${location.origin}/t/${tableId}`;
  $("#copy").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("#invite").value);
  const name = localStorage.getItem("unokit:name");
  if (name) field($("#join-form"), "name").value = name;
  $("#join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const nameValue = field(ev.target, "name").value;
    const res = await fetch(`/api/tables/${tableId}/join`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: nameValue }),
    });
    const data = await res.json();
    if (!res.ok) { status(data.error || "could not join"); return; }
    localStorage.setItem("unokit:name", nameValue);
    localStorage.setItem(`unokit:token:${tableId}`, data.token);
    connect();
  });
  $("#chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = field(ev.target, "text");
    const text = input.value.trim();
    if (text) send({ type: "chat", text });
    input.value = "";
  });
  $("#leave").onclick = () => {
    send({ type: "leave" });
    localStorage.removeItem(`unokit:token:${tableId}`);
  };
  $("#chooser-cancel").onclick = () => $("#chooser").close();
  document.addEventListener("keydown", onKey);
  connect();
}

function connect() {
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const t = token();
  // the seat token goes in the first frame, never in the URL (proxies log URLs)
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  socket.onopen = () => {
    socket.send(JSON.stringify(t ? { type: "auth", token: t } : { type: "auth" }));
    retry = 0; status("connected");
  };
  socket.onmessage = (msg) => onFrame(JSON.parse(msg.data));
  socket.onclose = (ev) => {
    if (ev.code === 4401) { localStorage.removeItem(`unokit:token:${tableId}`); }
    if (ev.code === 4404) { status("there is no such table"); return; }
    status("connection lost: reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  };
}

// the record is fetched with the token in a header, then saved: no token in any URL
async function downloadRecord(ev) {
  ev.preventDefault();
  const t = token();
  const response = await fetch(`/api/tables/${tableId}/record`, { headers: t ? { "X-Seat-Token": t } : {} });
  if (!response.ok) { status((await response.json()).detail || "no record yet"); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = `unokit-${tableId}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function send(frame) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { status("not connected"); return; }
  frame.id = ++frameId;
  socket.send(JSON.stringify(frame));
}

function act(action) { send({ type: "act", action }); }

function onFrame(frame) {
  if (frame.type === "error") { status(frame.message); return; }
  if (frame.type === "hello") {
    document.body.dataset.seat = frame.seat === null ? "spectator" : String(frame.seat);
    $("#log").replaceChildren();
    return;
  }
  if (frame.type !== "state") return;
  last = frame;
  render(frame);
}

function render(frame) {
  const { table, view, seat } = frame;
  document.body.dataset.version = String(table.version);
  document.body.dataset.state = table.state;
  document.body.dataset.toPlay = view && view.to_play !== null ? String(view.to_play) : "";
  document.body.dataset.over = String(Boolean(view && view.over));
  $("#join").hidden = !(seat === null && table.state === "lobby" && table.seats.some((s) => s.kind === "open"));
  renderHost(table, seat);
  renderSeats(table, view, seat);
  renderCenter(view, table);
  renderHand(view, seat);
  renderActions(view, table, seat);
  renderLog(frame);
  renderChat(frame.chat);
  renderScores(table, view);
  renderResult(table, view, seat);
  $("#record").onclick = downloadRecord;
  $("#leave").hidden = seat === null;
}

function renderHost(table, seat) {
  const isHost = seat !== null && table.owner === seat;
  $("#host").hidden = !(isHost || table.state === "lobby");
  const box = $("#host-buttons");
  box.replaceChildren();
  if (!isHost) return;
  if (table.state === "lobby") {
    box.append(el("button", { type: "button", class: "primary", "data-control": "start", text: "Start the game", onclick: () => send({ type: "start" }) }));
    box.append(el("button", { type: "button", "data-control": "add_bot", text: "Add a bot", onclick: () => send({ type: "add_bot", bot: $("#bot") && $("#bot").value || "random" }) }));
    for (const s of table.seats) {
      if (s.kind === "bot") box.append(el("button", { type: "button", text: `Remove ${s.name}`, onclick: () => send({ type: "remove_bot", seat: s.seat }) }));
    }
  } else {
    for (const s of table.seats) {
      if (s.kind === "human" && !s.present && s.seat !== seat) {
        box.append(el("button", { type: "button", text: `Give ${s.name}'s seat to a bot`, onclick: () => send({ type: "kick", seat: s.seat }) }));
      }
    }
  }
}

function renderSeats(table, view, seat) {
  const box = $("#seats");
  box.replaceChildren();
  for (const s of table.seats) {
    const count = view ? view.hand_sizes[s.seat] : null;
    const turn = view && view.to_play === s.seat;
    const said = view && view.uno_said.includes(s.seat);
    const bits = [s.name];
    if (s.seat === table.owner) bits.push("(host)");
    if (s.kind === "bot") bits.push("(bot)");
    if (s.kind === "open") bits.push("(free seat)");
    if (s.kind === "human" && !s.present) bits.push("(away)");
    const label = `${bits.join(" ")}${count !== null ? `, ${count} cards` : ""}${turn ? ", to play" : ""}${said ? ", said Uno" : ""}`;
    box.append(el("div", {
      class: `seat${turn ? " turn" : ""}${s.seat === seat ? " me" : ""}${s.kind === "human" && !s.present ? " absent" : ""}`,
      "data-seat": String(s.seat), role: "group", "aria-label": label,
    },
    el("div", { text: bits.join(" ") }),
    el("div", { class: "count", text: count !== null ? `${count} card${count === 1 ? "" : "s"}${said ? " · UNO" : ""}` : "" }),
    el("div", { text: table.scores ? `${table.scores[s.seat]} points` : "" })));
  }
}

function renderCenter(view, table) {
  const piles = $("#piles");
  const info = $("#info");
  piles.replaceChildren();
  info.replaceChildren();
  if (!view) {
    info.append(el("p", { text: table.state === "lobby" ? "Waiting for the host to start the game." : "" }));
    return;
  }
  const draw = el("div", { class: "card back", "aria-label": `draw pile, ${view.draw_size} cards` },
    el("span", { class: "face", "aria-hidden": "true", text: String(view.draw_size) }));
  piles.append(draw);
  if (view.tops) {
    // Triple Play: three discard piles, each with its light and counter
    view.tops.forEach((code, i) => {
      const n = i + 1;
      const lit = (view.lit || []).includes(n);
      const light = view.lights ? view.lights[i] : "";
      const pile = cardNode(code);
      const words = `pile ${n}: ${cardName(code)}${lit ? ", lit" : ""}${light ? `, light ${light}` : ""}` +
        `${view.counters ? `, counter ${view.counters[i]}` : ""}`;
      pile.setAttribute("aria-label", words);
      pile.id = `pile-${n}`;
      piles.append(el("div", { class: `pile${lit ? " lit" : ""}` }, pile,
        el("div", { class: "pile-label", "aria-hidden": "true", text: `@${n}${lit ? " ●" : ""}${view.counters ? ` ${view.counters[i]}` : ""}` })));
    });
  } else {
    const top = cardNode(view.top);
    top.setAttribute("aria-label", `top of the discard pile: ${cardName(view.top)}`);
    top.id = "top";
    piles.append(top);
  }
  if (view.mini_pile) {
    piles.append(el("div", { class: "card back", "aria-label": `mini pile, ${view.mini_pile.length} cards` },
      el("span", { class: "face", "aria-hidden": "true", text: `+${view.mini_pile.length}` })));
  }
  const color = view.color;
  info.append(
    el("div", {}, "Colour in play: ", color ? el("span", { class: `swatch ${color}`, id: "color", text: `${color} · ${COLORS[color]}` }) : (view.colors ? view.colors.map((c) => c || "-").join(" ") : "none")),
    el("div", { text: `Direction: ${view.direction === 1 ? "clockwise ↻" : "counterclockwise ↺"}` }),
    el("div", { id: "turn", text: view.over ? "The round is over" : `To play: ${table.seats[view.to_play] ? table.seats[view.to_play].name : ""}` }),
  );
  if (view.timer) info.append(el("div", { text: `Timer: ${view.timer} s (${view.clock || ""})` }));
  if (view.link) info.append(el("div", { text: `Linked: ${JSON.stringify(view.link)}` }));
  if (view.pointing) info.append(el("div", { text: "Pointing vote in progress" }));
  if (view.pending) info.append(el("div", { text: `Penalty waiting: ${view.pending.cards} cards` }));
}

function legal(view) { return view && view.legal ? view.legal : []; }

function optionsFor(view, code) {
  return legal(view).filter((a) => {
    const parts = a.split(" ");
    return (parts[0] === "play" || parts[0] === "jump") && parts[1] === code;
    // (Triple Play's Discard Two names its companion next: "play RD R5 @2")
  });
}

function renderHand(view, seat) {
  const box = $("#hand");
  box.replaceChildren();
  if (!view || seat === null) return;
  view.hand.forEach((code, i) => {
    const options = optionsFor(view, code);
    const button = cardNode(code, "button");
    button.type = "button";
    button.dataset.index = String(i);
    if (options.length) button.classList.add("playable");
    button.disabled = !options.length;
    button.setAttribute("aria-label", `${cardName(code)}${options.length ? ", playable" : ""}`);
    button.onclick = () => choosePlay(view, code, options);
    box.append(button);
  });
}

function choosePlay(view, code, options) {
  let choices = options;
  const withUno = options.filter((a) => a.split(" ").includes("uno"));
  const withoutUno = options.filter((a) => !a.split(" ").includes("uno"));
  if (withUno.length && withoutUno.length) choices = armedUno ? withUno : withoutUno;
  if (choices.length === 1) { armedUno = false; act(choices[0]); return; }
  openChooser(`Play ${cardName(code)}`, choices.map((a) => [a, describeAction(a)]));
}

function describeAction(action) {
  const parts = action.split(" ");
  const words = [];
  for (const p of parts.slice(2)) {
    if (COLORS[p]) words.push(`name ${COLORS[p]}`);
    else if (p === "uno") words.push('say "Uno"');
    else if (p.startsWith("@")) words.push(`onto pile ${p.slice(1)}`);
    else words.push(p);
  }
  return words.length ? words.join(", ") : action;
}

function openChooser(title, options) {
  $("#chooser-title").textContent = title;
  const box = $("#chooser-options");
  box.replaceChildren();
  for (const [action, label] of options) {
    const color = action.split(" ").find((p) => COLORS[p]);
    const button = el("button", { type: "button", "data-action": action, text: label, class: color ? `swatch ${color}` : "" });
    button.onclick = () => { $("#chooser").close(); armedUno = false; act(action); };
    box.append(button);
  }
  $("#chooser").showModal();
}

const ACTION_LABELS = {
  draw: "Draw a card", pass: "Keep the card", accept: "Take the cards", challenge: "Challenge the Wild Draw Four",
  uno: 'Say "Uno!"', take: "Take the mini pile", timeout: "Out of time",
};

function labelFor(action, table) {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  const [verb, arg, ...rest] = action.split(" ");
  const name = (n) => (table.seats[Number(n)] ? table.seats[Number(n)].name : `seat ${n}`);
  if (verb === "color") return `Name ${COLORS[arg]}`;
  if (verb === "catch") return `Catch ${name(arg)} without Uno`;
  if (verb === "swap") return `Trade hands with ${name(arg)}`;
  if (verb === "point") return `Point at ${name(arg)}`;
  if (verb === "link") return `Link ${name(arg)} and ${name(rest[0])}`;
  if (verb === "press") return `Press pile ${arg.slice(1)}`;
  return action;
}

function renderActions(view, table, seat) {
  const box = $("#actions");
  box.replaceChildren();
  const prompt = $("#prompt");
  prompt.textContent = "";
  if (!view || seat === null) return;
  const acts = legal(view);
  const myTurn = view.to_play === seat;
  if (myTurn) prompt.textContent = view.drawn ? `You drew ${cardName(view.drawn)}: play it or keep it.` : "Your turn.";
  if (acts.includes("challenge")) prompt.textContent = "A Wild Draw Four was played on you: challenge it, or take the cards.";
  if (view.phase === "color" && myTurn) prompt.textContent = "Name the colour.";
  for (const a of acts) {
    const verb = a.split(" ")[0];
    if (verb === "play" || verb === "jump") continue;
    const button = el("button", { type: "button", "data-action": a, text: labelFor(a, table) });
    const color = a.split(" ").find((p) => verb === "color" && COLORS[p]);
    if (color) button.className = `swatch ${color}`;
    button.onclick = () => act(a);
    box.append(button);
  }
  const canArm = acts.some((a) => a.endsWith(" uno") && a.startsWith("play "));
  if (canArm && !acts.includes("uno")) {
    const button = el("button", { type: "button", "data-control": "uno", text: armedUno ? '"Uno!" with my next card ✓' : 'Say "Uno!" with my next card', class: armedUno ? "armed" : "", "aria-pressed": String(armedUno) });
    button.onclick = () => { armedUno = !armedUno; render(last); };
    box.append(button);
  }
}

function renderLog(frame) {
  const log = $("#log");
  if (frame.events_from === 0 && frame.events.length) log.replaceChildren();
  for (const e of frame.events) log.append(el("li", { text: e.text }));
  log.scrollTop = log.scrollHeight;
}

function renderChat(chat) {
  const box = $("#chat");
  box.replaceChildren(...chat.map((m) => el("li", {}, el("b", { text: `${m.name}: ` }), m.text)));
  box.scrollTop = box.scrollHeight;
}

function renderScores(table, view) {
  const box = $("#scores");
  box.replaceChildren();
  box.append(el("caption", { class: "sr-only", text: "Match scores" }));
  box.append(el("tr", {}, el("th", { text: "Player" }), el("th", { text: "Points" })));
  for (const s of table.seats) {
    box.append(el("tr", {}, el("td", { text: s.name }), el("td", { text: table.scores ? String(table.scores[s.seat]) : "0" })));
  }
  box.append(el("tr", {}, el("td", { text: "Target" }), el("td", { text: String(table.target) })));
}

function renderResult(table, view, seat) {
  const box = $("#result");
  box.replaceChildren();
  box.hidden = !(view && view.over);
  if (box.hidden) return;
  const winner = view.winner;
  box.append(el("h2", { id: "result-title", text: winner === null ? "The round is blocked" : `${table.seats[winner].name} wins the round` }));
  const list = el("ul");
  view.round_points.forEach((pts, s) => {
    list.append(el("li", { text: `${table.seats[s].name}: ${pts} points; hand left: ${view.hands[s].join(" ") || "none"}` }));
  });
  box.append(list);
  if (table.match_over) {
    const w = table.match_winner;
    box.append(el("p", { text: w === null ? "The match is over." : `${table.seats[w].name} wins the match!` }));
    if (seat !== null) box.append(el("button", { type: "button", "data-control": "rematch", class: "primary", text: "Rematch", onclick: () => send({ type: "rematch" }) }));
  } else if (seat !== null) {
    box.append(el("button", { type: "button", "data-control": "next_round", class: "primary", text: "Deal the next round", onclick: () => send({ type: "next_round" }) }));
  }
}

function onKey(ev) {
  if (!last || !last.view || ev.target.tagName === "INPUT") return;
  const acts = legal(last.view);
  const key = ev.key.toLowerCase();
  const shortcut = { d: "draw", p: "pass", a: "accept", c: "challenge", u: "uno" }[key];
  if (shortcut && acts.includes(shortcut)) { act(shortcut); ev.preventDefault(); }
}

if (tableId) showTable(); else showLobby();
