// Short-lived messages ("notes": errors from the server, "Copied!", the opponent's move).
// A match page gives them places of their own in the flow, so that a note pushes down what
// follows it and never lies over the board, the clocks or the player cards: on a phone
// (one column) under the board, the newest last; on a desk in the side column under the
// match's card, the newest first (the top is on the screen). Elsewhere they float.

const SHOWN = 3; // the newest few
const ONE_COLUMN = matchMedia("(max-width: 52rem)"); // site.css: the match page's one column
let floating = null;

function notesBox() {
  const slot = document.querySelector(`[data-notes="${ONE_COLUMN.matches ? "narrow" : "wide"}"]`);
  if (slot) return slot;
  if (!floating) {
    floating = document.createElement("div");
    floating.className = "toasts";
    floating.setAttribute("role", "status");
    floating.setAttribute("aria-live", "polite");
    document.body.append(floating);
  }
  return floating;
}

// kind "move": the others' latest move; it replaces the one before (one at a time).
export function toast(text, kind = "info", ms = 4500) {
  if (kind === "move") document.querySelectorAll(".toast.move").forEach((old) => old.remove());
  const el = document.createElement("div");
  el.className = `toast ${kind}`;
  el.textContent = text;
  place(el, ms);
}

// A note of the page's own making (buttons in it): shown as a toast, for ``ms`` or, with
// null, until the page removes it.
export function place(el, ms = null) {
  const box = notesBox();
  const newestFirst = box.dataset.notes === "wide";
  if (newestFirst) box.prepend(el);
  else box.append(el);
  while (box.children.length > SHOWN) (newestFirst ? box.lastElementChild : box.firstElementChild).remove();
  if (ms !== null) setTimeout(() => el.remove(), ms);
}
