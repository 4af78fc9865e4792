// The replay page: step through every stored position with the game's own renderer
// (read-only). Buttons, Left/Right/Home/End, autoplay, a clickable move list, ?ply=N.
// Each build of the move list sends "moves-built" on it (replay_analysis.js marks it).
// A timed match also shows each seat's time left at the ply (the moves' clock_ms).

import {clockText} from "./clock.js";
import {gettext, interpolate, ngettext} from "./i18n.js";
import {fillPlayers, fillResult, personName} from "./match_info.js";
import {loadRenderer} from "./renderer.js";
import {ready} from "./ready.js";

const AUTOPLAY_MS = 900;
const $ = (id) => document.getElementById(id);
const {match: summary, moves, states, takebacks = []} = JSON.parse($("replay-data").textContent);
const last = moves.length;
const el = {
  page: $("replay"),
  board: $("board"),
  announce: $("announce"),
  indicator: $("ply-indicator"),
  clocks: $("replay-clocks"),
  moves: $("moves"),
  players: $("players"),
  result: $("result"),
  first: $("first"),
  prev: $("prev"),
  play: $("play"),
  next: $("next"),
  last: $("last"),
  analyse: $("analyse"),
};

const renderer = await loadRenderer(summary.game);
// A move as people read it: who made it ("alice", "the computer") and the game's label
// (a renderer's moveLabel(move) may word it better, e.g. Connect Four's "column 4").
const mover = (move) => personName(summary, move.seat, {capitalise: true});
const moveText = (move) => renderer.moveLabel?.(move) ?? move.label;
let ply = plyFromUrl();
let timer = null;

// -- the clocks of a timed match (summary.clock: null when untimed) -----------------------
const control = summary.clock ?? null;
const DAY_MS = 86_400_000;
const bank = control ? (control.days ? control.days * DAY_MS : control.initial * 1000) : 0;
const timeText = (ms) => clockText(ms, control?.days);
const lowTime = (ms) => ms < (control?.days ? 6 * 3600_000 : 20_000);

// "5+3" (minutes + seconds a move; "0:45+0" for a bank of odd seconds), "3 days a move".
function controlText({days, initial, increment}) {
  if (days) return interpolate(ngettext("%(days)s day a move", "%(days)s days a move", days), {days});
  const bankText = initial % 60 ? `${Math.floor(initial / 60)}:${String(initial % 60).padStart(2, "0")}` : `${initial / 60}`;
  return `${bankText}+${increment}`;
}

// Each seat's time left at ply i: the full bank at the start, then what the last move left
// (a pass the server made took no time and stores no clock: the times before it stand; a
// match lost on time ends with the stopped clocks, the loser's at zero).
function clocksAt(i) {
  if (!control) return null;
  if (i === last && summary.result?.reason === "time" && Array.isArray(control.remaining)) return control.remaining;
  for (let j = i; j > 0; j--) {
    if (Array.isArray(moves[j - 1].clock_ms)) return moves[j - 1].clock_ms;
  }
  return summary.players.map(() => bank);
}

function showClocks(i) {
  el.clocks.hidden = !control;
  if (!control) return;
  const left = clocksAt(i);
  const title = document.createElement("span");
  title.className = "clock-control";
  title.textContent = controlText(control);
  const rows = summary.players.map((p) => {
    const ms = left?.[p.seat];
    const row = document.createElement("div");
    row.className = "clock";
    row.dataset.seat = p.seat;
    const who = document.createElement("span");
    who.className = "clock-who";
    who.title = p.label;
    who.append(...[renderer.seatIcon?.(p.seat)].filter(Boolean), personName(summary, p.seat, {capitalise: true}));
    const time = document.createElement("span");
    time.className = "clock-time";
    if (Number.isFinite(ms)) {
      time.textContent = timeText(ms);
      row.dataset.ms = ms;
      row.classList.toggle("low", lowTime(ms));
    } else {
      time.textContent = "—";
    }
    row.append(who, time);
    return row;
  });
  el.clocks.replaceChildren(title, ...rows);
}

function plyFromUrl() {
  const raw = new URLSearchParams(location.search).get("ply");
  const n = Number.parseInt(raw ?? "", 10);
  return Number.isNaN(n) ? last : Math.min(Math.max(n, 0), last); // no ?ply: the end, how it went
}

// What the renderer is given: a match object as the socket would send it at that ply.
function matchAt(i) {
  return {
    ...summary,
    ply: i,
    board: states[i],
    legal_moves: [],
    you: null,
    turn: null,
    to_move: [],
    last_move: i > 0 ? moves[i - 1] : null,
    result: i === last ? summary.result : null,
    status: i === last ? summary.status : "active",
  };
}

// "Analyse from here": the analysis board with this game's options and its moves up to the
// shown ply as the main line (the link format of games/web/analysis_page.py).
function analyseLink(upTo) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(summary.options ?? {})) params.set(name, String(value));
  const bytes = new TextEncoder().encode(JSON.stringify([moves.slice(0, upTo).map((m) => m.move)]));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  params.set("lines", btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""));
  params.set("at", `0.${upTo}`);
  return `${el.analyse.dataset.base}?${params}`;
}

function show(i, {updateUrl = true} = {}) {
  ply = Math.min(Math.max(i, 0), last);
  if (el.analyse) el.analyse.href = analyseLink(ply);
  const match = matchAt(ply);
  renderer.render(el.board, match, {mode: "replay"});
  el.page.dataset.ply = ply;
  el.page.dataset.ready = "1";
  el.announce.textContent = renderer.lastMoveNote?.(match) || "";

  const move = moves[ply - 1];
  el.indicator.textContent =
    ply === 0
      ? interpolate(ngettext("Start position · %(count)s move", "Start position · %(count)s moves", last), {count: last})
      : interpolate(gettext("Move %(ply)s of %(count)s · %(name)s: %(move)s"), {ply, count: last, name: mover(move), move: moveText(move)});
  showClocks(ply);

  for (const button of el.moves.querySelectorAll("button")) {
    const current = Number(button.dataset.ply) === ply;
    button.setAttribute("aria-current", current ? "true" : "false");
    if (current) keepInList(button);
  }
  fillPlayers(el.players, match, renderer, {presence: false});
  fillResult(el.result, match, renderer);
  if (ply === last && !summary.result) {
    el.result.hidden = false;
    el.result.textContent = summary.status === "aborted" ? gettext("Match aborted") : gettext("The match is still going on.");
  }
  el.first.disabled = el.prev.disabled = ply === 0;
  el.next.disabled = el.last.disabled = ply === last;
  if (ply === last) stop();
  if (updateUrl) {
    const url = new URL(location.href);
    url.searchParams.set("ply", ply);
    history.replaceState(null, "", url);
  }
}

// The current move in view inside the list's own scroll box only: scrollIntoView scrolls
// the page too, and on a phone (the list under the board) carried ?ply=12 past the board.
function keepInList(button) {
  const list = el.moves.getBoundingClientRect();
  const box = button.getBoundingClientRect();
  if (box.top < list.top) el.moves.scrollTop -= list.top - box.top;
  else if (box.bottom > list.bottom) el.moves.scrollTop += box.bottom - list.bottom;
}

function buildMoveList() {
  if (!moves.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = gettext("No moves yet.");
    el.moves.replaceChildren(li);
    return;
  }
  el.moves.classList.toggle("timed", Boolean(control));
  const items = moves.map((m, index) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.ply = index + 1;
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = String(index + 1) + ".";
      const label = document.createElement("span");
      label.textContent = moveText(m);
      if (m.forced) {
        label.className = "forced";
        button.title = gettext("made by the server");
      }
      // a timed match: the time the mover had left after the move, small
      const ms = control ? m.clock_ms?.[m.seat] : undefined;
      const left = Number.isFinite(ms) ? document.createElement("span") : null;
      if (left) {
        left.className = "move-clock";
        left.textContent = timeText(ms);
        left.title = gettext("time left after the move");
      }
      const said = {ply: index + 1, name: mover(m), move: moveText(m), time: left?.textContent};
      const words = left ? gettext("Move %(ply)s: %(name)s, %(move)s, %(time)s left") : gettext("Move %(ply)s: %(name)s, %(move)s");
      button.setAttribute("aria-label", interpolate(words, said));
      button.append(num, ...[renderer.seatIcon?.(m.seat)].filter(Boolean), label, ...(left ? [left] : []));
      button.addEventListener("click", () => {
        stop();
        show(index + 1);
      });
      li.append(button);
      return li;
    });
  // each takeback marked where it happened: after the moves of the game before it
  for (const mark of [...takebacks].reverse()) {
    const li = document.createElement("li");
    li.className = "takeback-mark";
    const undone = mark.moves.map((m) => moveText(m)).join(", ");
    const name = personName(summary, mark.by, {capitalise: true});
    li.textContent = "↶ " + interpolate(gettext("%(name)s took back %(moves)s"), {name, moves: undone});
    items.splice(mark.after, 0, li);
  }
  el.moves.replaceChildren(...items);
  // replay_analysis.js may have run before the renderer came: it marks the new buttons now
  el.moves.dispatchEvent(new CustomEvent("moves-built"));
}

function play() {
  if (ply === last) show(0);
  el.play.setAttribute("aria-pressed", "true");
  timer = setInterval(() => show(ply + 1), AUTOPLAY_MS);
}

function stop() {
  clearInterval(timer);
  timer = null;
  el.play.setAttribute("aria-pressed", "false");
}

const step = (to) => () => {
  stop();
  show(to());
};
el.first.addEventListener("click", step(() => 0));
el.prev.addEventListener("click", step(() => ply - 1));
el.next.addEventListener("click", step(() => ply + 1));
el.last.addEventListener("click", step(() => last));
el.play.addEventListener("click", () => (timer ? stop() : play()));

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, textarea, select")) return;
  const to = {ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last}[event.key];
  if (to === undefined) return;
  event.preventDefault();
  stop();
  show(to);
});

buildMoveList();
show(ply, {updateUrl: false});

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
