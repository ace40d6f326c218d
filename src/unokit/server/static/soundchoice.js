// The first visit asks once about sound, in the top bar where it covers nothing: sound is on,
// and the player keeps it or turns it off. Either answer is remembered (static/cues.js), and
// the tap lets the browser start the audio. Until answered, sound stays on.
import { $, el } from "./dom.js";
import { setSound, soundChosen } from "./cues.js";
import { FEEL_WORDS } from "./words.js";

export function askSound(changed) {
  if (soundChosen() || $("#sound-ask")) return;
  const toggle = $("#sound-toggle");
  const answer = (on) => { setSound(on); box.remove(); toggle.hidden = false; changed(); };
  const keep = el("button", { type: "button", class: "small", text: FEEL_WORDS.soundKeep, "aria-label": FEEL_WORDS.soundKeepLong });
  const off = el("button", { type: "button", class: "small", text: FEEL_WORDS.soundOff, "aria-label": FEEL_WORDS.soundOffLong });
  keep.addEventListener("click", () => answer(true));
  off.addEventListener("click", () => answer(false));
  const box = el("span", { id: "sound-ask", role: "group", "aria-label": FEEL_WORDS.soundAskLong, title: FEEL_WORDS.soundAskLong },
    el("span", { class: "ask", text: FEEL_WORDS.soundAsk }), keep, off);
  toggle.hidden = true;
  $("#bar-rare").before(box);  // asked in the bar itself, never behind its menu
}
