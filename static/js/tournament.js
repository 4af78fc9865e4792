// A tournament's page: the countdown to its start, its times in local time, and its live part
// (status, your game, standings, rounds) fetched again every few seconds while it is on.
// When the status changes (it starts, or ends) the whole page is loaded again, so that its
// buttons (Join, Add a computer player) follow.

import {localizeTimes} from "./local_time.js";

const REFRESH_MS = 5000;
const box = document.getElementById("tournament-live");

export function countdownText(ms) {
  if (ms <= 0) return "any moment now";
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  if (h >= 24) return `in ${Math.floor(h / 24)} d ${h % 24} h`;
  if (h) return `in ${h} h ${m} min`;
  if (m) return `in ${m} min ${String(sec).padStart(2, "0")} s`;
  return `in ${sec} s`;
}

let due = false;

function tick() {
  const el = box.querySelector("[data-countdown]");
  if (!el) return;
  const left = new Date(el.dataset.countdown).getTime() - Date.now();
  el.textContent = `${countdownText(left)},`;
  el.hidden = false;
  if (left <= 0 && !due) {
    due = true; // opening the page at its start time starts it: ask at once
    refresh();
  }
}

async function refresh() {
  try {
    const r = await fetch(box.dataset.url, {headers: {"Accept": "text/html"}});
    if (!r.ok) return;
    const html = await r.text();
    const status = /data-status="(\w+)"/.exec(html)?.[1];
    if (status && status !== box.dataset.status) {
      location.reload();
      return;
    }
    box.innerHTML = html;
    localizeTimes(box);
    tick();
  } catch {
    // offline for a moment: the next refresh tries again
  }
}

if (box) {
  localizeTimes(box);
  tick();
  if (box.dataset.status === "upcoming" || box.dataset.status === "running") {
    setInterval(tick, 1000);
    setInterval(refresh, REFRESH_MS);
  }
}
