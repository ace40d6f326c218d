// The bar on a narrow phone: the rarely used settings (language, sound, colour-blind marks)
// behind one button, so the bar's words stay whole on one line in every language. Wider
// windows show them in the bar and never show the button (style.css).
import { $ } from "./dom.js";

export function setupBarMenu() {
  const button = $("#bar-more");
  const show = (open) => {
    document.body.classList.toggle("bar-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(!document.body.classList.contains("bar-open")));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && document.body.classList.contains("bar-open")) { show(false); button.focus(); }
  });
  document.addEventListener("click", (ev) => {  // a tap elsewhere closes it
    if (document.body.classList.contains("bar-open") && !ev.target.closest("#bar-more, #bar-rare")) show(false);
  });
}
