// The replay page: step through every stored position with the game's own renderer
// (read-only). Buttons, Left/Right/Home/End, autoplay, a clickable move list, ?ply=N.

import {fillPlayers, fillResult, personName} from "./match_info.js";
import {loadRenderer} from "./renderer.js";

const AUTOPLAY_MS = 900;
const $ = (id) => document.getElementById(id);
const {match: summary, moves, states} = JSON.parse($("replay-data").textContent);
const last = moves.length;
const el = {
  page: $("replay"),
  board: $("board"),
  announce: $("announce"),
  indicator: $("ply-indicator"),
  moves: $("moves"),
  players: $("players"),
  result: $("result"),
  first: $("first"),
  prev: $("prev"),
  play: $("play"),
  next: $("next"),
  last: $("last"),
};

const renderer = await loadRenderer(summary.game);
// A move as people read it: who made it ("alice", "the computer") and the game's label
// (a renderer's moveLabel(move) may word it better, e.g. Connect Four's "column 4").
const mover = (move) => personName(summary, move.seat, {capitalise: true});
const moveText = (move) => renderer.moveLabel?.(move) ?? move.label;
let ply = plyFromUrl();
let timer = null;

function plyFromUrl() {
  const raw = new URLSearchParams(location.search).get("ply");
  const n = Number.parseInt(raw ?? "", 10);
  return Number.isNaN(n) ? 0 : Math.min(Math.max(n, 0), last);
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

function show(i, {updateUrl = true} = {}) {
  ply = Math.min(Math.max(i, 0), last);
  const match = matchAt(ply);
  renderer.render(el.board, match, {mode: "replay"});
  el.page.dataset.ply = ply;
  el.page.dataset.ready = "1";
  el.announce.textContent = renderer.lastMoveNote?.(match) || "";

  const move = moves[ply - 1];
  el.indicator.textContent =
    ply === 0 ? `Start position · ${last} ${last === 1 ? "move" : "moves"}` : `Move ${ply} of ${last} · ${mover(move)}: ${moveText(move)}`;

  for (const button of el.moves.querySelectorAll("button")) {
    const current = Number(button.dataset.ply) === ply;
    button.setAttribute("aria-current", current ? "true" : "false");
    if (current) button.scrollIntoView({block: "nearest"});
  }
  fillPlayers(el.players, match, renderer, {presence: false});
  fillResult(el.result, match, renderer);
  if (ply === last && !summary.result) {
    el.result.hidden = false;
    el.result.textContent = summary.status === "aborted" ? "Match aborted" : "The match is still going on.";
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

function buildMoveList() {
  if (!moves.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No moves yet.";
    el.moves.replaceChildren(li);
    return;
  }
  el.moves.replaceChildren(
    ...moves.map((m, index) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.ply = index + 1;
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${index + 1}.`;
      const label = document.createElement("span");
      label.textContent = moveText(m);
      if (m.forced) {
        label.className = "forced";
        button.title = "made by the server";
      }
      button.setAttribute("aria-label", `Move ${index + 1}: ${mover(m)}, ${moveText(m)}`);
      button.append(num, ...[renderer.seatIcon?.(m.seat)].filter(Boolean), label);
      button.addEventListener("click", () => {
        stop();
        show(index + 1);
      });
      li.append(button);
      return li;
    }),
  );
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
