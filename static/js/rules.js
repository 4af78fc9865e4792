// How to play: draws the example boards of a rules fragment (a game folder's rules.html) with
// the game's own renderer. The positions come from the server (games/web/rules_pages.py)
// as match-like objects in the fragment's JSON script; each `.rules-board[data-diagram]`
// gets the one of that name. The boards are pictures: read-only (no onMove, except that a
// diagram marked `legal` gets a no-op one so the renderer marks the moves of the side to
// move), out of the tab order, and their element ids made unique (one page may draw the
// same renderer many times, and the match page's rules dialog draws next to the live board).

import {gettext, interpolate} from "./i18n.js";
import {loadRenderer} from "./renderer.js";
import {ready} from "./ready.js";

const ignore = () => {};

export async function drawDiagrams(article) {
  if (!article || article.dataset.drawn) return;
  article.dataset.drawn = "pending";
  const boards = [...article.querySelectorAll(".rules-board[data-diagram]")];
  const script = article.querySelector('script[type="application/json"]');
  const diagrams = new Map(JSON.parse(script?.textContent || "[]").map((d) => [d.name, d]));
  let renderer;
  try {
    renderer = await loadRenderer(article.dataset.rules);
  } catch (err) {
    for (const root of boards) root.textContent = gettext("This board could not be drawn.");
    article.dataset.drawn = "failed";
    throw err;
  }
  for (const [i, root] of boards.entries()) {
    const diagram = diagrams.get(root.dataset.diagram);
    if (!diagram) continue;
    root.replaceChildren();
    renderer.render(root, diagram.match, {onMove: diagram.legal ? ignore : null, mode: "replay"});
    pictureOnly(root, diagram.match.id, i + 1);
    root.dataset.drawn = "true";
  }
  copyIcons(article);
  article.dataset.drawn = "true";
}

// A drawn board is an illustration: nothing in it takes the focus, and its ids are its own.
// Its landmarks (The Journey's "Warriors" and "Messages") are named after their figure: a
// page draws many, and the rules dialog draws them beside the live board's own.
function pictureOnly(root, prefix, figure) {
  for (const el of root.querySelectorAll("button, [tabindex]")) el.tabIndex = -1;
  for (const el of root.querySelectorAll("section[aria-labelledby]")) {
    const ids = el.getAttribute("aria-labelledby").split(/\s+/);
    const name = ids.map((id) => root.querySelector(`#${CSS.escape(id)}`)?.textContent ?? "").join(" ");
    el.removeAttribute("aria-labelledby");
    el.setAttribute("aria-label", interpolate(gettext("%(name)s (figure %(figure)s)"), {name: name.trim(), figure}));
  }
  const renamed = new Map();
  for (const el of root.querySelectorAll("[id]")) {
    renamed.set(el.id, `${prefix}-${el.id}`);
    el.id = renamed.get(el.id);
  }
  if (!renamed.size) return;
  for (const attr of ["aria-labelledby", "aria-describedby", "aria-controls", "for"]) {
    for (const el of root.querySelectorAll(`[${attr}]`)) {
      const ids = el.getAttribute(attr).split(/\s+/).map((id) => renamed.get(id) ?? id);
      el.setAttribute(attr, ids.join(" "));
    }
  }
}

// `<span class="rules-icon" data-copy="selector">` shows a copy of a picture the renderer
// drew (e.g. The Journey's monster), so the text shows the very figures of the board.
function copyIcons(article) {
  for (const slot of article.querySelectorAll(".rules-icon[data-copy]")) {
    const source = article.querySelector(`.rules-board ${slot.dataset.copy}`);
    if (source && !slot.firstChild) slot.append(source.cloneNode(true));
  }
}

for (const article of document.querySelectorAll("[data-rules]")) drawDiagrams(article);

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
