// Cards that move: after a frame is drawn, its events are shown as flights over the table. A
// card played by someone else flies from their seat to the pile it lands on; drawn cards fly
// from the deck to the seat (face down to everyone else); a trade of hands, hands passed on a
// 0, hands gathered and dealt again, cards given away, the mini pile taken are flights between
// seats; Party!'s linked draws fly to both linked seats at once, and the card a Wild Pile Up
// turns flies from the deck to the mini pile. The table itself is already drawn as it now is: a flight is a copy above it that
// takes no pointer, so a play during a flight is taken at once. Nothing flies for a reduced-
// motion setting, a hidden tab, or a page catching up on a round's whole log.
import { backNode, cardNode } from "./cards.js";

const MS = 340;          // one flight
const STAGGER = 70;      // between the cards of one movement
const MOST = 4;          // cards shown flying in one movement, whatever its count
const BUSY = 12;         // events in one frame beyond which only the last ones fly
const reduced = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

let layer = null;

function sky() {
  if (!layer || !layer.isConnected) {
    layer = document.createElement("div");
    layer.id = "flights";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  return layer;
}

function centreOf(node) {
  if (!node) return null;
  const r = node.getBoundingClientRect();
  if (!r.width && !r.height) return null;
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

const seatNode = (s) => document.querySelector(`.seat[data-seat="${s}"]`);

/** Where a movement starts or ends: a seat, the deck, a pile, the mini pile, your hand. */
function place(where, me) {
  if (where.seat !== undefined) {
    if (where.seat === me && where.hand) return centreOf(document.querySelector("#hand")) || centreOf(seatNode(me));
    return centreOf(seatNode(where.seat));
  }
  if (where.deck) return centreOf(document.querySelector("#draw-pile"));
  if (where.mini) return centreOf(document.querySelector("#mini-pile")) || centreOf(document.querySelector("#top"));
  if (where.pile) return centreOf(document.querySelector(`.slot[data-pile="${where.pile}"] .card`));
  return centreOf(document.querySelector("#top")) || centreOf(document.querySelector("#discard"));
}

/** One card's flight from `a` to `b` (points), face `code` (null: its back), after `delay` ms. */
function fly(a, b, code, delay, label) {
  if (!a || !b) return;
  const card = code ? cardNode(code) : backNode();
  card.classList.add("flying");
  card.dataset.kind = label.kind;
  card.dataset.from = label.from;
  card.dataset.to = label.to;
  card.style.left = `${a.x}px`;
  card.style.top = `${a.y}px`;
  sky().append(card);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const run = card.animate(
    [
      { transform: "translate(-50%, -50%) scale(.8)", opacity: 0.95 },
      { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(1)`, opacity: 1 },
    ],
    { duration: MS, delay, easing: "cubic-bezier(.25, .8, .35, 1)", fill: "both" },
  );
  const gone = () => card.remove();
  run.onfinish = gone;
  run.oncancel = gone;
  setTimeout(gone, MS + delay + 400);  // a tab put in the background pauses animations
}

function movement(from, to, codes, count, me, kind, delay = 0) {
  const a = place(from, me);
  const b = place(to, me);
  const n = Math.min(MOST, codes ? codes.length : count || 0);
  const name = (w) => (w.seat !== undefined ? `seat-${w.seat}` : w.deck ? "deck" : w.mini ? "mini" : "pile");
  for (let i = 0; i < n; i++) {
    fly(a, b, codes ? codes[i] : null, delay + i * STAGGER, { kind, from: name(from), to: name(to) });
  }
}

/** Whether `draw` is the receiver's draw of the cards `give` gave: Triple Play's overload
 * cards are handed from the giver to each receiver, never drawn from the deck twice over. */
const givenBy = (give, draw) => Boolean(give && draw && give.type === "give" && draw.type === "draw"
  && draw.reason === "give_away" && draw.seat === give.target);

/** The flights for one frame's new events (`ctrl.newEvents`), after it is drawn. */
export function animate(ctrl, frame) {
  if (!ctrl.view || frame.events_from === 0 || document.hidden || (reduced && reduced.matches)) return;
  const me = ctrl.seat;
  const seats = ctrl.table.seats.length;
  const events = ctrl.newEvents.slice(-BUSY).map((e) => e.event);
  let at = 0;  // each movement of the frame starts a little after the one before
  const next = () => { const d = at; at += 120; return d; };
  events.forEach((e, i) => {
    const pile = e.reason && e.reason.startsWith("@") ? Number(e.reason.slice(1)) : 0;
    switch (e.type) {
      case "play": case "jump":
        if (e.seat !== me && e.cards) movement({ seat: e.seat }, { pile }, e.cards.slice(0, 2), 0, me, "play", next());
        break;
      case "draw": {
        if (givenBy(events[i - 1], e)) break;  // the give flew these cards already
        const mine = e.seat === me;
        const codes = mine && e.cards && e.cards.length ? e.cards : null;
        // Party!'s linked draws fly as one movement with the draw that set them off
        const kind = e.reason === "link" ? "link" : "draw";
        const when = kind === "link" && at ? at - 120 : next();
        if (codes || e.count) movement({ deck: true }, { seat: e.seat, hand: mine }, codes, e.count, me, kind, when);
        break;
      }
      case "swap":
        if (e.target !== undefined && e.target !== null) {
          const d = next();
          movement({ seat: e.seat }, { seat: e.target }, null, 3, me, "swap", d);
          movement({ seat: e.target }, { seat: e.seat }, null, 3, me, "swap", d);
        }
        break;
      case "rotate": {
        const d = next();
        const dir = ctrl.view.direction === -1 ? -1 : 1;
        for (let s = 0; s < seats; s++) movement({ seat: s }, { seat: (s + dir + seats) % seats }, null, 2, me, "pass", d);
        break;
      }
      case "shuffle_hands": {
        const d = next();
        for (let s = 0; s < seats; s++) {
          movement({ seat: s }, { pile: 0 }, null, 2, me, "gather", d);
          movement({ pile: 0 }, { seat: s }, null, 2, me, "deal", d + MS);
        }
        at += MS;
        break;
      }
      case "give": {
        // from the giver's seat to the receiver's, a face only for the receiver itself
        const got = givenBy(e, events[i + 1]) ? events[i + 1] : null;
        const mine = e.target === me;
        const codes = mine && got && got.cards && got.cards.length ? got.cards : null;
        movement({ seat: e.seat }, { seat: e.target, hand: mine }, codes, e.count, me, "give", next());
        break;
      }
      case "mini_play":
        if (e.seat !== me && e.cards) movement({ seat: e.seat }, { mini: true }, e.cards, 0, me, "play", next());
        break;
      case "take":
        movement({ mini: true }, { seat: e.seat, hand: e.seat === me }, null, e.count, me, "take", next());
        break;
      case "mini_start":
        if (e.cards) movement({ deck: true }, { mini: true }, e.cards, 0, me, "pile-up", next());
        break;
      default:
        break;
    }
  });
}
