// The side panel (log, scores, chat, rules) behind a button in the bar, where the window has no
// room for it beside the table: a phone held sideways. Elsewhere the button is not shown.
import { $, el } from "./dom.js";
import { FEEL_WORDS } from "./words.js";

export function setupSidePanel() {
  const button = el("button", { type: "button", id: "side-toggle", class: "small", "aria-controls": "side", "aria-expanded": "false", text: FEEL_WORDS.sidePanel });
  $("#sort-toggle").before(button);
  const show = (open) => {
    document.body.classList.toggle("side-open", open);
    button.setAttribute("aria-expanded", String(open));
    button.textContent = open ? FEEL_WORDS.sidePanelClose : FEEL_WORDS.sidePanel;
  };
  button.addEventListener("click", () => show(!document.body.classList.contains("side-open")));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && document.body.classList.contains("side-open")) show(false);
  });
  return show;
}
