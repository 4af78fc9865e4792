// The match page's "Rules" button: opens the game's rules in a modal <dialog> over the
// match (the live board keeps running underneath). The fragment comes from
// /games/<slug>/rules/?panel=1 once, then stays; its diagrams are drawn by rules.js.
// Close with the Close button, Escape, or a click outside; the focus returns to the button.

import {gettext, interpolate} from "./i18n.js";
import {drawDiagrams} from "./rules.js";
import {loadStylesheet} from "./stylesheet.js";
import {ready} from "./ready.js";

const opener = document.getElementById("rules-open");
if (opener) {
  loadStylesheet(new URL("../css/rules.css", import.meta.url));
  mount(opener);
}

function mount(opener) {
  const url = opener.dataset.rulesUrl;
  const dialog = document.createElement("dialog");
  dialog.id = "rules-dialog";
  dialog.className = "rules-dialog";
  dialog.setAttribute("aria-labelledby", "rules-dialog-title");
  const frame = document.createElement("div");
  frame.className = "rules-dialog-frame";
  const head = document.createElement("div");
  head.className = "rules-dialog-head";
  const title = document.createElement("h2");
  title.id = "rules-dialog-title";
  const game = opener.dataset.rulesName;
  title.textContent = game ? interpolate(gettext("How to play %(game)s"), {game}) : gettext("How to play");
  const page = document.createElement("a");
  page.href = url;
  page.target = "_blank";
  page.rel = "noopener";
  page.className = "rules-dialog-page";
  page.textContent = gettext("Open as a page");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "button small";
  close.textContent = gettext("Close");
  close.autofocus = true;
  head.append(title, page, close);
  const body = document.createElement("div");
  body.className = "rules-dialog-body";
  // It scrolls: the keyboard must reach it (a region named as the dialog, in the tab order).
  body.tabIndex = 0;
  body.setAttribute("role", "region");
  body.setAttribute("aria-labelledby", title.id);
  frame.append(head, body);
  dialog.append(frame);
  document.body.append(dialog);
  opener.setAttribute("aria-controls", dialog.id);
  opener.setAttribute("aria-expanded", "false");

  let loaded = null; // the promise of the fragment, once asked for

  opener.addEventListener("click", (event) => {
    event.preventDefault();
    dialog.showModal();
    opener.setAttribute("aria-expanded", "true");
    loaded ??= load(url, body).catch((err) => {
      loaded = null; // ask again next time
      fail(body, url);
      console.warn("rules:", err);
    });
  });
  close.addEventListener("click", () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its frame) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Keys typed in the dialog stay in it (the live board answers keys such as 1 and 2).
  dialog.addEventListener("keydown", (event) => event.stopPropagation());
  dialog.addEventListener("close", () => {
    opener.setAttribute("aria-expanded", "false");
    opener.focus();
  });
}

async function load(url, body) {
  body.replaceChildren(message(gettext("Loading the rules…")));
  const response = await fetch(`${url}?panel=1`, {headers: {Accept: "text/html"}, credentials: "same-origin"});
  if (!response.ok) throw new Error(`rules: HTTP ${response.status}`);
  body.innerHTML = await response.text();
  // The text stands without its pictures: a board that fails says so in its own place.
  drawDiagrams(body.querySelector("[data-rules]")).catch((err) => console.warn("rules:", err));
}

function fail(body, url) {
  // One sentence for the translators, the link in its place: "%(link)s" is where it stands.
  const [before, after = ""] = gettext("The rules could not be loaded just now. %(link)s.").split("%(link)s");
  const p = message(before);
  const link = document.createElement("a");
  link.href = url;
  link.textContent = gettext("Open the rules page");
  p.append(link, document.createTextNode(after));
  body.replaceChildren(p);
}

function message(text) {
  const p = document.createElement("p");
  p.className = "rules-dialog-message";
  p.textContent = text;
  return p;
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
