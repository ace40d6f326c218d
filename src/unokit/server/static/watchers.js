// Who is watching: a spectator's page says it is one ("You are watching"), and every page
// at the table counts the spectators (the table's `watchers`, as of its last change: the
// server sends no frame for a spectator coming or going, so a connect loop costs nothing).
import { $, el, setProps } from "./dom.js";
import { _, ngettext } from "./words.js";

export function renderWatchers(ctrl) {
  const row = $("#prompt-row");
  let box = $("#watchers");
  if (!box) {
    box = el("span", { id: "watchers" }, el("span", { class: "mark" }), el("span", { class: "count" }));
    row.insertBefore(box, $("#show-result"));
  }
  const spectator = ctrl.seat === null && ctrl.table.state !== "lobby";
  const n = Number(ctrl.table.watchers) || 0;
  setProps(box.querySelector(".mark"), { text: spectator ? _("You are watching") : "", hidden: !spectator });
  setProps(box.querySelector(".count"), { text: n ? ngettext("{count} watching", "{count} watching", n) : "", hidden: !n });
  box.hidden = !spectator && !n;
}
