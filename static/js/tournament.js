// A tournament's page: the countdown to its start, its times in local time, and its live part
// (status, your game, standings, rounds, crosstable), drawn by tournament_live.js from the
// tournament's JSON: on load from the copy the page embeds (#tournament-data), then from
// each push of the socket /ws/tournaments/<id>/ (the same JSON, on connect and after every
// change). Nothing is read over HTTP while the page is open.

import {gettext, interpolate} from "./i18n.js";
import {localizeTimes} from "./local_time.js";
import {connect} from "./socket.js";
import {liveHtml} from "./tournament_live.js";
import {ready} from "./ready.js";

const box = document.getElementById("tournament-live");

export function countdownText(ms) {
  if (ms <= 0) return gettext("any moment now");
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  if (h >= 24) return interpolate(gettext("in %(days)s d %(hours)s h"), {days: Math.floor(h / 24), hours: h % 24});
  if (h) return interpolate(gettext("in %(hours)s h %(minutes)s min"), {hours: h, minutes: m});
  if (m) return interpolate(gettext("in %(minutes)s min %(seconds)s s"), {minutes: m, seconds: String(sec).padStart(2, "0")});
  return interpolate(gettext("in %(seconds)s s"), {seconds: sec});
}

function tick() {
  const el = box.querySelector("[data-countdown]");
  if (!el) return;
  const left = new Date(el.dataset.countdown).getTime() - Date.now();
  el.textContent = countdownText(left) + ","; // at zero the server starts it and pushes it
  el.hidden = false;
}

function viewer() {
  const you = box.dataset.you;
  return {
    you: you ? Number(you) : null,
    username: box.dataset.username || null,
    byePoints: Number(box.dataset.byePoints || 0),
    tiebreakName: box.dataset.tiebreakName || "",
  };
}

// Once it has started, entry is closed: the Join, "Log in to join" and "Add a computer
// player" controls go, and an entrant's badge says "You played" once it is over (as the page
// itself is served then).
function closeEntry(status) {
  const actions = document.querySelector(".tournament-actions");
  if (!actions || status === "upcoming") return;
  for (const control of actions.querySelectorAll("form, a.button")) control.remove();
  const badge = actions.querySelector(".badge");
  if (badge && status !== "running") badge.textContent = gettext("You played");
}

function draw(data) {
  box.innerHTML = liveHtml(data, viewer());
  localizeTimes(box);
  tick();
  closeEntry(data.status);
  box.dataset.status = data.status;
}

function show(data) {
  draw(data);
  box.dataset.pushes = String(Number(box.dataset.pushes || 0) + 1);
}

if (box) {
  draw(JSON.parse(document.getElementById("tournament-data").textContent));
  if (box.dataset.status === "upcoming" || box.dataset.status === "running") {
    setInterval(tick, 1000);
    connect(box.dataset.ws, {
      onMessage: (message) => {
        if (message.type === "tournament") show(message.tournament);
      },
    });
  }
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
