// Short-lived messages at the bottom of the page (errors from the server, "Copied!").

const SHOWN = 3; // the newest few: on a phone, more would cover the board
let box = null;

export function toast(text, kind = "info", ms = 4500) {
  if (!box) {
    box = document.createElement("div");
    box.className = "toasts";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.append(box);
  }
  const el = document.createElement("div");
  el.className = `toast ${kind}`;
  el.textContent = text;
  box.append(el);
  while (box.children.length > SHOWN) box.firstElementChild.remove();
  setTimeout(() => el.remove(), ms);
}
