// Turn alerts: a short tone (Web Audio, off until switched on) and, when the tab is hidden and
// notifications are allowed, a browser notification that a decision is yours.

import { setVolume, tones } from "./unit/sound.js";
import { _ } from "./words.js";

setVolume(2); // a player's own screen: the unit's tones, quieter than the unit in the middle

let audio = null;
let soundOn = localStorage.getItem("unokit:sound") === "1";
let alertsOn = localStorage.getItem("unokit:alerts") === "1";

function tone(freq, ms, when = 0) {
  if (!soundOn) return;
  audio = audio || new AudioContext();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  const t = audio.currentTime + when;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.12, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + ms / 1000);
}

/** The tones: your turn, a card played, and the Triple Play unit's own press and overload
 * (static/unit/sound.js, the tones of the /unit page). */
export const sounds = {
  turn: () => { tone(660, 120); tone(880, 160, 0.13); },
  play: () => tone(420, 60),
  press: () => { if (soundOn) tones.press(); },
  overload: () => { if (soundOn) tones.overload(); },
};

export function yourTurn(text) {
  sounds.turn();
  if (alertsOn && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("unokit: your turn", { body: text, tag: "unokit-turn" });
  }
}

export function setupAlerts(soundButton, alertButton) {
  const show = () => {
    soundButton.setAttribute("aria-pressed", String(soundOn));
    soundButton.textContent = soundOn ? _("Sound on") : _("Sound off");
    alertButton.setAttribute("aria-pressed", String(alertsOn));
    alertButton.hidden = !("Notification" in window);
  };
  soundButton.addEventListener("click", () => {
    soundOn = !soundOn;
    localStorage.setItem("unokit:sound", soundOn ? "1" : "0");
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
}
