// The lobby, live and pushed. The socket /ws/lobby/?push=lobby sends everything this
// visitor's lobby shows on connect ({"type": "lobby_snapshot", ...}) and then each row that
// changed ("open_seat", "my_match", "finished_match", ... in docs/protocol.md), every row
// with its HTML as the server renders it (the page's own row templates): the server decides
// what this visitor may see, the page only puts rows in place by id and never reads over
// HTTP (what a frame changes is decided in lobby_changes.js). A new "your turn" while the tab
// is hidden raises the title/favicon signal (turn_signal.js). The pools' frames go to
// pools.js ("lobby-pools") and the count to the bell ("bell", bell.js), which then need no
// socket of their own.

import {csrfToken} from "./http.js";
import {changesOf, keyOf, turnCame} from "./lobby_changes.js";
import {connect} from "./socket.js";
import {raiseTurnSignal} from "./turn_signal.js";
import {ready} from "./ready.js";

const SECTIONS = {
  open: "open-seats",
  mine: "my-matches",
  finished: "finished-matches",
  challenges: "challenges-to-you",
  following: "lobby-following",
};
const LIMITS = {open: 50, mine: 30, finished: 20}; // as many as the page lists

const selector = (key) => `[data-match="${CSS.escape(key)}"], [data-person="${CSS.escape(key)}"]`;

function box(name) {
  return document.getElementById(SECTIONS[name]);
}

// The section's list: created right after its heading when rows come to an empty section.
function list(name, create) {
  const section = box(name);
  if (!section) return null;
  let ul = section.querySelector("ul.match-list");
  if (!ul && create) {
    ul = document.createElement("ul");
    ul.className = "match-list";
    ul.dataset.rows = name;
    section.querySelector("h2").after(ul);
  }
  return ul;
}

// An empty section says so (its "empty" line), a challenges card is shown only with rows.
function settle(name) {
  const section = box(name);
  if (!section) return;
  const ul = section.querySelector("ul.match-list");
  const count = ul ? ul.children.length : 0;
  if (name === "challenges") {
    section.querySelector("section").hidden = !count;
    return;
  }
  if (ul && !count) ul.remove();
  const empty = section.querySelector(".empty");
  if (empty) empty.hidden = count > 0;
}

// A row from the server's HTML; a pushed form has no CSRF token: the page's own goes in.
function rowNode(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const row = template.content.firstElementChild;
  for (const form of row.querySelectorAll('form[method="post"]')) {
    if (form.querySelector('[name="csrfmiddlewaretoken"]')) continue;
    const token = document.createElement("input");
    token.type = "hidden";
    token.name = "csrfmiddlewaretoken";
    token.value = csrfToken();
    form.prepend(token);
  }
  return row;
}

// Keep the keyboard focus on the same link when a row it sits in is replaced.
function keepingFocus(region, change) {
  const focused = region?.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
  change();
  if (focused) region.querySelector(`a[href="${CSS.escape(focused)}"]`)?.focus();
}

function put(name, row) {
  const ul = list(name, true);
  if (!ul) return;
  keepingFocus(ul, () => {
    const node = rowNode(row.html);
    const old = ul.querySelector(selector(keyOf(row)));
    if (old) old.replaceWith(node);
    else ul.prepend(node); // the newest first, as the page lists them
    while (LIMITS[name] && ul.children.length > LIMITS[name]) ul.lastElementChild.remove();
  });
  settle(name);
}

function drop(name, id) {
  list(name, false)?.querySelector(selector(String(id)))?.remove();
  settle(name);
}

function replaceAll(name, rows) {
  const ul = list(name, rows.length > 0);
  if (ul) keepingFocus(ul, () => ul.replaceChildren(...rows.map((row) => rowNode(row.html))));
  settle(name);
}

// The matches that say "your turn" now.
function myTurns() {
  const rows = document.querySelectorAll(`#${SECTIONS.mine} .your-turn[data-match]`);
  return new Set([...rows].map((row) => row.dataset.match));
}

function tell(name, detail) {
  document.dispatchEvent(new CustomEvent(name, {detail}));
}

function apply(change) {
  if (change.put) put(change.put, change.row);
  else if (change.drop) drop(change.drop, change.id);
  else if (change.replace) replaceAll(change.replace, change.rows);
  else tell(change.tell, change.detail);
}

connect("/ws/lobby/?push=lobby", {
  onMessage: (message) => {
    const changes = changesOf(message);
    if (!changes.length) return; // a type this page does not know (more may be added)
    // only a change to your matches can bring a new "your turn" (the pools' counts come often)
    const mine = changes.some((change) => (change.put ?? change.drop ?? change.replace) === "mine");
    const before = mine ? myTurns() : null;
    changes.forEach(apply);
    if (mine && turnCame(before, myTurns())) raiseTurnSignal(); // only while hidden
    document.body.dataset.lobbyFrames = String(Number(document.body.dataset.lobbyFrames || 0) + 1);
  },
});

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
