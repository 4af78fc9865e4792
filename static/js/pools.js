// Quick pairing in the lobby: the grid's buttons enter and leave pools (POST /api/pools/<key>/,
// /api/pools/leave/); the counts and your place are read from GET /api/pools/ on load and
// whenever the lobby socket hints "pools" or "mine" (lobby.js passes them on as "lobby-hint").
// Paired while waiting here: this page opens the new match.

import {csrfToken, postJSON} from "./http.js";

const grid = document.getElementById("quick-pairing");
const status = document.getElementById("pairing-status");
const DEBOUNCE_MS = 150;
let waiting = null; // the pool this page waits in
let timer = null;

function buttons() {
  return [...grid.querySelectorAll(".pool-button")];
}

function showMode(mode) {
  for (const button of buttons()) button.hidden = button.dataset.rated !== mode;
}

function label(key) {
  const button = grid.querySelector(`[data-pool="${CSS.escape(key)}"]`);
  if (!button) return key;
  const game = button.closest(".pool-row").querySelector(".pool-game").textContent;
  return `${game} ${button.querySelector(".pool-time").textContent} ${button.dataset.rated}`;
}

function show(data) {
  for (const pool of data.pools) {
    const button = grid.querySelector(`[data-pool="${CSS.escape(pool.key)}"]`);
    if (!button) continue;
    button.querySelector("[data-waiting]").textContent = pool.waiting;
    button.querySelector("[data-playing]").textContent = pool.playing;
  }
  const mine = data.mine;
  if (mine.match && waiting) {
    status.textContent = "Paired! Opening your match...";
    location.assign(`/m/${encodeURIComponent(mine.match)}/`);
    return;
  }
  waiting = mine.waiting;
  for (const button of buttons()) button.setAttribute("aria-pressed", String(button.dataset.pool === waiting));
  status.textContent = waiting ? `Waiting for an opponent in ${label(waiting)}... (click it again to leave)` : "";
}

async function read() {
  timer = null;
  try {
    const response = await fetch("/api/pools/", {credentials: "same-origin", cache: "no-store"});
    if (response.ok) show(await response.json());
  } catch {
    // the next hint or reconnect reads again
  }
}

function soon() {
  clearTimeout(timer);
  timer = setTimeout(read, DEBOUNCE_MS);
}

async function toggle(button) {
  const leaving = button.dataset.pool === waiting;
  const {ok, data} = await postJSON(leaving ? "/api/pools/leave/" : `/api/pools/${button.dataset.pool}/`);
  if (!ok) {
    status.textContent = data.message || "The pool could not be entered.";
    return;
  }
  if (!leaving) waiting = button.dataset.pool; // paired at once: data.match is set
  show({pools: [], mine: data});
}

if (grid) {
  for (const radio of grid.querySelectorAll('input[name="pairing-mode"]')) {
    radio.addEventListener("change", () => showMode(radio.value));
  }
  showMode(grid.querySelector('input[name="pairing-mode"]:checked')?.value || "rated");
  if (grid.hasAttribute("data-signed-in")) {
    for (const button of buttons()) button.addEventListener("click", () => toggle(button));
  }
  document.addEventListener("lobby-hint", (event) => {
    if (event.detail.includes("pools") || event.detail.includes("mine")) soon();
  });
  // Leaving the page leaves the pool: nobody is paired with a player who has gone.
  window.addEventListener("pagehide", () => {
    if (!waiting) return;
    fetch("/api/pools/leave/", {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: {"X-CSRFToken": csrfToken()},
    });
  });
  read();
}
