// The lobby, live. The socket /ws/lobby/ only says which sections changed
// ({"type": "lobby", "changed": ["open" | "mine" | "finished", ...]}), never what: the page
// reads itself again (the server decides what this visitor may see) and swaps those
// sections' content. Hints within DEBOUNCE_MS (plus a little jitter) make one read. A new
// "your turn" while the tab is hidden raises the title/favicon signal (turn_signal.js).

import {connect} from "./socket.js";
import {raiseTurnSignal} from "./turn_signal.js";

const SECTIONS = {
  open: "open-seats",
  mine: "my-matches",
  finished: "finished-matches",
  challenges: "challenges-to-you", // a challenge to you arrived, or was answered or withdrawn
};
const DEBOUNCE_MS = 300;
const JITTER_MS = 300; // an "open" hint reaches every lobby at once: spread their reads

const wanted = new Set(); // sections to read again
let timer = null;
let reading = false;

function want(names) {
  for (const name of names) if (name in SECTIONS) wanted.add(name);
  if (!wanted.size) return;
  clearTimeout(timer);
  timer = setTimeout(refresh, DEBOUNCE_MS + Math.random() * JITTER_MS);
}

// The matches (their links) that say "your turn" now.
function myTurns(root = document) {
  const rows = root.querySelectorAll(`#${SECTIONS.mine} .your-turn a[href]`);
  return new Set([...rows].map((a) => a.getAttribute("href")));
}

async function refresh() {
  timer = null;
  if (reading) {
    // one read at a time; the hints that came meanwhile are read right after
    timer = setTimeout(refresh, DEBOUNCE_MS);
    return;
  }
  const names = [...wanted];
  wanted.clear();
  if (!names.length) return;
  reading = true;
  try {
    const response = await fetch(location.href, {
      credentials: "same-origin",
      cache: "no-store",
      headers: {Accept: "text/html"},
    });
    if (!response.ok) throw new Error(`lobby: HTTP ${response.status}`);
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const before = myTurns();
    for (const name of names) swap(SECTIONS[name], fresh);
    const added = [...myTurns()].some((href) => !before.has(href));
    if (added) raiseTurnSignal(); // only while hidden: visible, the page itself shows it
    document.body.dataset.lobbyReads = String(Number(document.body.dataset.lobbyReads || 0) + 1);
  } catch {
    for (const name of names) wanted.add(name); // try again on the next hint or reconnect
  } finally {
    reading = false;
  }
}

// Replace a section's content with the fresh page's, keeping the keyboard focus on the same
// link when it is still there.
function swap(id, fresh) {
  const old = document.getElementById(id);
  const next = fresh.getElementById(id);
  if (!old || !next) return;
  const focused = old.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
  old.replaceChildren(...document.adoptNode(next).childNodes);
  if (focused) old.querySelector(`a[href="${CSS.escape(focused)}"]`)?.focus();
}

connect("/ws/lobby/", {
  // After a reconnect, hints may have been missed: read everything once.
  onOpen: ({reconnected}) => {
    if (!reconnected) return;
    want(Object.keys(SECTIONS));
    document.dispatchEvent(new CustomEvent("lobby-hint", {detail: ["pools"]}));
  },
  onMessage: (message) => {
    if (message.type !== "lobby" || !Array.isArray(message.changed)) return;
    want(message.changed);
    // other parts of the page (pools.js) hear the hints too
    document.dispatchEvent(new CustomEvent("lobby-hint", {detail: message.changed}));
  },
});
