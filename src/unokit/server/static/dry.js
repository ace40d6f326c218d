// Nothing left to draw: the draw pile is empty and nothing lies under the top card to be
// shuffled into a new one (Triple Play: no card set aside). The round then ends when nobody
// can play, or when a position comes back for the fifth time (docs/rules.md, C-DEC-33 and
// C-DEC-49). How often a position has come back is not shown: it counts the hands, and a
// count that moves or stays would tell the table about cards it may not see.
import { $ } from "./dom.js";
import { _ } from "./words.js";

/** Whether a draw could bring any card into a hand now (a reshuffle included). */
export function nothingToDraw(view) {
  if (!view || view.over || view.draw_size > 0) return false;
  if (view.tops) return !(view.set_aside && view.set_aside.length);
  return !view.discard || view.discard.length <= 1;
}

/** Mark the draw pile when it is dry, with the words of what may end the round now. */
export function renderDry(ctrl) {
  const dry = nothingToDraw(ctrl.view);
  document.body.dataset.dry = String(dry);
  const pile = $("#draw-pile");
  if (!pile) return;
  pile.classList.toggle("dry", dry);
  if (!dry) { pile.removeAttribute("title"); return; }
  const why = _("Nothing is left to draw: if nobody can play, or the same position comes back five times, the round ends without a winner.");
  pile.querySelector(".pile-count").textContent = _("Nothing left to draw");
  pile.title = why;
  pile.setAttribute("aria-label", why);
}
