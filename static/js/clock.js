// The clocks of a timed match (the state's `clock`): the server's clock is the only clock;
// between states the running seats count down here from when the state arrived, so a slow
// network never shows anybody more time than the server gave.

import {gettext, interpolate, ngettext} from "./i18n.js";

let timer = null;

/** "4:59", "0:08.3" under ten seconds, "2 d 3 h" / "5 h 12 min" for correspondence. */
export function clockText(ms, days) {
  const s = Math.max(0, ms) / 1000;
  if (days) {
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60);
    if (d) return interpolate(gettext("%(days)s d %(hours)s h"), {days: d, hours: h});
    if (h) return interpolate(gettext("%(hours)s h %(minutes)s min"), {hours: h, minutes: m});
    return interpolate(gettext("%(minutes)s min"), {minutes: m});
  }
  if (s < 10) return `0:0${s.toFixed(1)}`;
  const whole = Math.ceil(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// "5" for five minutes, "1:30" for ninety seconds (the left part of "5+3").
function bank(seconds) {
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes}:${String(seconds % 60).padStart(2, "0")}` : String(minutes);
}

function lowTime(ms, days) {
  return ms < (days ? 6 * 3600_000 : 20_000);
}

function name(match, seat) {
  const p = match.players[seat];
  if (seat === match.you) return gettext("You");
  return p?.computer ? gettext("Computer") : p?.username || p?.label || interpolate(gettext("Seat %(seat)s"), {seat});
}

/** Draw (and keep counting) the clocks of ``match`` in ``box``; hidden when untimed. */
export function showClocks(box, match) {
  clearInterval(timer);
  timer = null;
  const clock = match.clock;
  box.hidden = !clock;
  if (!clock) return;
  const received = performance.now();
  const running = new Set(match.status === "active" ? clock.running_seats ?? [clock.running] : []);
  const rows = clock.remaining.map((ms, seat) => {
    const row = document.createElement("div");
    row.className = "clock";
    row.dataset.seat = seat;
    const who = document.createElement("span");
    who.className = "clock-who";
    who.textContent = name(match, seat);
    const time = document.createElement("span");
    time.className = "clock-time";
    time.setAttribute("role", "timer");
    row.append(who, time);
    return {row, time, ms, seat};
  });
  const paint = () => {
    const spent = performance.now() - received;
    for (const r of rows) {
      const left = running.has(r.seat) ? r.ms - spent : r.ms;
      r.time.textContent = clockText(left, clock.days);
      r.row.classList.toggle("running", running.has(r.seat));
      r.row.classList.toggle("low", lowTime(left, clock.days));
      r.row.dataset.ms = Math.max(0, Math.round(left));
    }
  };
  const title = document.createElement("p");
  title.className = "clock-control";
  title.textContent = clock.days
    ? interpolate(ngettext("%(days)s day a move", "%(days)s days a move", clock.days), {days: clock.days})
    : `${bank(clock.initial)}+${clock.increment}`;
  box.replaceChildren(title, ...rows.map((r) => r.row));
  paint();
  if (running.size) timer = setInterval(paint, clock.days ? 15_000 : 100);
}
