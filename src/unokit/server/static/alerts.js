// Turn alerts: a short tone (static/cues.js, on unless switched off) and, when the tab is hidden and
// notifications are allowed, a browser notification that a decision is yours.

import { cue, isSoundOn, setSound } from "./cues.js";
import { _ } from "./words.js";

let alertsOn = localStorage.getItem("unokit:alerts") === "1";

/** Your turn's sound, and the one the sound button plays (static/cues.js has them all). */
export const sounds = {
  turn: () => cue("turn"),
  play: () => cue("play"),
};

export function yourTurn(text) {
  sounds.turn();
  if (alertsOn && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(_("unokit: your turn"), { body: text, tag: "unokit-turn" });
  }
}

export function setupAlerts(soundButton, alertButton) {
  const show = () => {
    soundButton.setAttribute("aria-pressed", String(isSoundOn()));
    soundButton.textContent = isSoundOn() ? _("Sound on") : _("Sound off");
    alertButton.setAttribute("aria-pressed", String(alertsOn));
    alertButton.hidden = !("Notification" in window);
  };
  soundButton.addEventListener("click", () => {
    setSound(!isSoundOn());
    show();
    sounds.play();
  });
  alertButton.addEventListener("click", async () => {
    if (!alertsOn && Notification.permission !== "granted") await Notification.requestPermission();
    alertsOn = !alertsOn && Notification.permission === "granted";
    localStorage.setItem("unokit:alerts", alertsOn ? "1" : "0");
    show();
  });
  show();
  return show;
}
