// Quick pairing in the lobby: the grid's buttons enter and leave pools (POST /api/pools/<key>/,
// /api/pools/leave/); the counts and your place come pushed by the lobby socket (lobby.js
// passes them on as "lobby-pools": the snapshot's {pools, mine} on connect, "pool_counts"
// and "pool_place" after), never read over HTTP. Paired while waiting here: this page opens
// the new match.

import {csrfToken, postJSON} from "./http.js";
import {gettext} from "./i18n.js";
import {placeAfter, waitingWords} from "./pool_place.js";
import {ready} from "./ready.js";

const grid = document.getElementById("quick-pairing");
const status = document.getElementById("pairing-status");
let waiting = null; // the pool this page waits in

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
  const kind = button.dataset.rated === "rated" ? gettext("rated") : gettext("casual");
  return `${game} ${button.querySelector(".pool-time").textContent} ${kind}`;
}

function show(data) {
  for (const pool of data.pools) {
    const button = grid.querySelector(`[data-pool="${CSS.escape(pool.key)}"]`);
    if (!button) continue;
    button.querySelector("[data-waiting]").textContent = pool.waiting;
    button.querySelector("[data-playing]").textContent = pool.playing;
  }
  if (!data.mine) return; // counts only
  const place = placeAfter(data.mine, waiting);
  if (place.open) {
    status.textContent = gettext("Paired! Opening your match...");
    location.assign(`/m/${encodeURIComponent(place.open)}/`);
    return;
  }
  waiting = place.waiting;
  for (const button of buttons()) button.setAttribute("aria-pressed", String(button.dataset.pool === waiting));
  status.textContent = waiting ? waitingWords(label(waiting)) : "";
}

async function toggle(button) {
  const leaving = button.dataset.pool === waiting;
  const {ok, data} = await postJSON(leaving ? "/api/pools/leave/" : `/api/pools/${button.dataset.pool}/`);
  if (!ok) {
    status.textContent = data.message || gettext("The pool could not be entered.");
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
  document.addEventListener("lobby-pools", (event) => show(event.detail));
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
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
