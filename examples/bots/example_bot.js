#!/usr/bin/env node
// An example unokit bot in JavaScript: it speaks the external-bot protocol (docs/protocol.md),
// JSON lines on stdin and stdout. Seat it with
//   unokit ... --bots "external:command=node examples/bots/example_bot.js",...
// or from Python: make_bot("external:command=node examples/bots/example_bot.js").
//
// Its strategy: say Uno and catch others at once, play the first card that plays (a wild
// names the colour it holds most of, saying Uno when it can), otherwise draw, accept or
// take the first legal action. Out-of-turn offers it does not want, it lets go (null).
// Its one option, "catch" (true by default), says whether it catches others:
//   external:command=node examples/bots/example_bot.js,catch=false
"use strict";

const readline = require("readline");

const OPTIONS = [{ name: "catch", type: "bool", default: true }];
const settings = { catch: true };

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function favouriteColor(hand) {
  const counts = { R: 0, Y: 0, G: 0, B: 0 };
  for (const card of hand) {
    if (card[0] in counts && card.length > 1 && !card.startsWith("W")) counts[card[0]] += 1;
  }
  return Object.keys(counts).reduce((a, b) => (counts[b] > counts[a] ? b : a));
}

function choose(message) {
  const legal = message.legal;
  const find = (test) => legal.find(test);
  const uno = find((a) => a === "uno");
  if (uno) return uno;
  // message.time: the seconds this answer may take (protocol 2); this bot needs none
  const catchSomeone = settings.catch && find((a) => a.startsWith("catch "));
  if (catchSomeone) return catchSomeone;
  if (message.optional) return null; // let other out-of-turn offers go
  const plays = legal.filter((a) => a.startsWith("play "));
  if (plays.length > 0) {
    const color = favouriteColor(message.view.hand);
    const withUno = plays.filter((a) => a.endsWith(" uno"));
    const pool = withUno.length > 0 ? withUno : plays;
    const coloured = pool.filter((a) => !a.split(" ")[1].startsWith("W"));
    if (coloured.length > 0) return coloured[0];
    return pool.find((a) => a.split(" ").includes(color)) || pool[0];
  }
  return find((a) => a === "draw") || find((a) => a === "accept") || legal[0];
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "ready", name: "example-js", protocol: 2, options: OPTIONS });
      break;
    case "option":
      settings[message.name] = message.value;
      break;
    case "ping":
      send({ type: "pong", id: message.id });
      break;
    case "decide":
      send({ type: "action", id: message.id, action: choose(message) });
      break;
    case "quit":
      lines.close();
      process.exit(0);
      break;
    default: // "rules" and anything newer: nothing to answer
      break;
  }
});
