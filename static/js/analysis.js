// The analysis board (/analysis/<game>/): both sides move freely; every position is sent to
// POST /api/analysis/ and its moves are listed with their values (docs/protocol.md,
// "Analysis"). The lines are move lists from the start, the first the main line; a move at
// an earlier position that is not the next one of a line starts a new line (a variation).
// Lines, the shown line and ply, and the options are kept in the URL (see
// games/web/analysis_page.py), so the address is the link to share.

import {postJSON} from "./http.js";
import {gettext, interpolate, ngettext} from "./i18n.js";
import {loadRenderer} from "./renderer.js";
import {toast} from "./toast.js";
import {ready} from "./ready.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("analysis-data").textContent);
const game = JSON.parse($("game-info").textContent);
const el = {
  page: $("analysis"), board: $("board"), indicator: $("ply-indicator"), verdict: $("verdict"),
  rows: $("engine-moves").querySelector("tbody"), lines: $("lines"), share: $("share"),
  notes: $("notes"), editor: $("editor"), text: $("position-text"), toMove: $("position-to-move"),
};
const renderer = await loadRenderer(data.game);

let lines = data.lines.length ? data.lines : [[]];
let start = data.position; // an edited position the lines start from: {board, to_move}, or null
let at = parseAt(data.at);
let labels = new Map(); // JSON of a move list from the start -> its labels, as the server gave them
let asked = 0; // the latest request: older answers are dropped

function parseAt(text) {
  const [line, ply] = String(text || "").split(".").map((n) => Number.parseInt(n, 10));
  const l = Number.isInteger(line) && lines[line] ? line : 0;
  const p = Number.isInteger(ply) ? Math.min(Math.max(ply, 0), lines[l].length) : lines[l].length;
  return {line: l, ply: p};
}

const path = () => lines[at.line].slice(0, at.ply);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function keepInUrl() {
  const params = new URLSearchParams(location.search);
  params.set("lines", encode(lines));
  if (start) params.set("position", encode(start));
  else params.delete("position");
  params.set("at", `${at.line}.${at.ply}`);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  $("play-here").href = `${location.pathname}play/?${params}`;
}

// A move at the shown position: forward along a line that has it, else a new line.
function play(move) {
  const prefix = path();
  const line = lines[at.line];
  if (at.ply < line.length && same(line[at.ply], move)) {
    at = {line: at.line, ply: at.ply + 1};
  } else {
    const other = lines.findIndex((l) => l.length > prefix.length && same(l.slice(0, prefix.length), prefix) && same(l[prefix.length], move));
    if (other >= 0) at = {line: other, ply: prefix.length + 1};
    else if (at.ply === line.length) {
      line.push(move);
      at = {line: at.line, ply: at.ply + 1};
    } else {
      lines.push([...prefix, move]);
      at = {line: lines.length - 1, ply: prefix.length + 1};
    }
  }
  show();
}

function step(to) {
  at = {line: at.line, ply: Math.min(Math.max(to, 0), lines[at.line].length)};
  show();
}

async function show() {
  keepInUrl();
  drawLines();
  const moves = path();
  const mine = ++asked;
  el.page.dataset.ready = "";
  el.verdict.textContent = gettext("Thinking…");
  const body = {game: data.game, options: data.options, moves};
  if (start) Object.assign(body, {position: start.board, to_move: start.to_move});
  const {ok, data: answer} = await postJSON("/api/analysis/", body);
  if (mine !== asked) return;
  const refused = answer.message || gettext("This position could not be analysed.");
  editorError(!ok && start ? refused : "");
  if (!ok) {
    el.verdict.textContent = refused;
    el.notes.replaceChildren();
    el.rows.replaceChildren();
    el.page.dataset.ready = "1";
    return;
  }
  el.notes.replaceChildren(...answer.notes.map((note) => Object.assign(document.createElement("li"), {textContent: note})));
  fillEditor(answer.position.board, answer.to_move);
  labels.set(JSON.stringify(moves), answer.line.map((m) => m.label));
  drawBoard(answer);
  drawEngine(answer);
  drawLines();
  el.page.dataset.ready = "1";
  el.page.dataset.ply = String(at.ply);
}

function drawBoard(answer) {
  const over = answer.to_move === null;
  const last = answer.line.at(-1) ?? null;
  const match = {
    game: data.game, ply: answer.ply, board: answer.position, status: over ? "finished" : "active",
    legal_moves: answer.moves.map((row) => row.move), you: answer.to_move, turn: answer.to_move,
    to_move: over ? [] : [answer.to_move], last_move: last, result: answer.result, players: [],
  };
  renderer.render(el.board, match, {onMove: over ? null : play});
  const values = {ply: at.ply, side: over ? "" : game.seat_names[answer.to_move]};
  let text;
  if (at.ply === 0) text = over ? gettext("Start position") : gettext("Start position · %(side)s to move");
  else text = over ? gettext("After move %(ply)s") : gettext("After move %(ply)s · %(side)s to move");
  el.indicator.textContent = interpolate(text, values);
}

// A proved outcome for the side to move (the API's "win", "draw", "loss"), in words.
function outcomeWord(outcome) {
  const words = {win: gettext("win"), draw: gettext("draw"), loss: gettext("loss")};
  return words[outcome] ?? outcome;
}

const signed = (value) => (value > 0 ? `+${value}` : String(value));

function valueText(row) {
  if (row.value === null) return "—";
  const number = signed(row.value);
  return row.proved ? `${outcomeWord(row.outcome)} (${number})` : number;
}

function drawEngine(answer) {
  if (answer.to_move === null) {
    const winner = answer.result?.winner;
    el.verdict.textContent = Number.isInteger(winner)
      ? interpolate(gettext("The game is over: %(side)s wins."), {side: game.seat_names[winner]})
      : gettext("The game is over: a draw.");
  } else {
    const side = game.seat_names[answer.to_move];
    if (answer.proved) {
      const proved = {
        win: gettext("Proved: %(side)s wins with best play (%(value)s)."),
        loss: gettext("Proved: %(side)s loses with best play (%(value)s)."),
      }[answer.outcome] ?? gettext("Proved: %(side)s draws with best play (%(value)s).");
      el.verdict.textContent = interpolate(proved, {side, value: signed(answer.value)});
    } else {
      const value = answer.value === null ? gettext("none") : signed(answer.value);
      el.verdict.textContent = interpolate(gettext("Estimate for %(side)s: %(value)s."), {side, value});
    }
  }
  el.rows.replaceChildren(
    ...answer.moves.map((row) => {
      const tr = document.createElement("tr");
      const cell = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "text-button";
      button.textContent = row.label;
      button.addEventListener("click", () => play(row.move));
      cell.append(button);
      const value = document.createElement("td");
      value.textContent = valueText(row);
      const sure = document.createElement("td");
      sure.textContent = row.proved ? gettext("proved") : gettext("estimate");
      sure.className = row.proved ? "proved" : "estimate";
      tr.append(cell, value, sure);
      return tr;
    }),
  );
}

function moveText(line, i) {
  const known = labels.get(JSON.stringify(line.slice(0, i + 1)))?.[i];
  return known ?? renderer.moveLabel?.({move: line[i]}) ?? Object.values(line[i]).join(" ");
}

function drawLines() {
  el.lines.replaceChildren(
    ...lines.map((line, index) => {
      const start = index === 0 ? 0 : sharedWithEarlier(index);
      const block = document.createElement("div");
      block.className = "analysis-line";
      const title = document.createElement("p");
      title.className = "line-title";
      title.textContent = index === 0 ? gettext("Main line") : interpolate(gettext("Variation from move %(ply)s"), {ply: start + 1});
      const list = document.createElement("ol");
      list.className = "move-list";
      list.start = start + 1;
      for (let i = start; i < line.length; i++) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "text-button";
        button.textContent = String(i + 1) + `. ${moveText(line, i)}`;
        if (index === at.line && i + 1 === at.ply) button.setAttribute("aria-current", "step");
        button.addEventListener("click", () => {
          at = {line: index, ply: i + 1};
          show();
        });
        item.append(button);
        list.append(item);
      }
      block.append(title, list);
      return block;
    }),
  );
}

// How many first moves line ``index`` shares with the lines before it (where it branches).
function sharedWithEarlier(index) {
  let best = 0;
  for (const other of lines.slice(0, index)) {
    let n = 0;
    while (n < other.length && n < lines[index].length && same(other[n], lines[index][n])) n++;
    best = Math.max(best, n);
  }
  return best;
}

// The editor: the position on the board, as text, one row a line ("." for an empty cell, as
// the rules write it), and who is to move there; left alone while the person is editing it.
function fillEditor(board, toMove) {
  if (el.editor.contains(document.activeElement)) return;
  const rows = board.every((row) => row.length <= 1) ? [board.map((c) => (c === " " ? "." : c)).join("")] : board;
  el.text.value = rows.join("\n");
  el.text.rows = Math.min(Math.max(rows.length, 2), 14);
  el.toMove.value = toMove === null || toMove === undefined ? "" : String(toMove);
}

// What is wrong with an edited position, said at the editor (the field, as a form says it).
function editorError(message) {
  const box = $("position-error");
  box.hidden = !message;
  box.firstElementChild.textContent = message;
  el.editor.querySelector(".field").classList.toggle("has-error", Boolean(message));
  el.text.setAttribute("aria-invalid", message ? "true" : "false");
  el.text.setAttribute("aria-describedby", message ? "position-help position-error" : "position-help");
}

el.editor.addEventListener("submit", (event) => {
  event.preventDefault();
  const rows = el.text.value.split("\n").map((row) => row.trim()).filter(Boolean);
  const board = rows.length === 1 ? rows[0] : rows;
  start = {board, to_move: el.toMove.value === "" ? null : Number(el.toMove.value)};
  lines = [[]];
  at = {line: 0, ply: 0};
  show();
});
$("editor-reset").addEventListener("click", () => {
  start = null;
  lines = [[]];
  at = {line: 0, ply: 0};
  el.toMove.value = "";
  show();
});

// A pasted record (POST /api/records/parse/) becomes the main line, shown at its end.
$("record-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const note = $("record-note");
  const {ok, data: parsed} = await postJSON("/api/records/parse/", {game: data.game, options: data.options, record: $("record-text").value});
  if (!ok) {
    note.textContent = parsed.message || gettext("That record could not be read.");
    return;
  }
  note.textContent = interpolate(ngettext("%(count)s move opened.", "%(count)s moves opened.", parsed.ply), {count: parsed.ply});
  start = null;
  lines = [parsed.moves.map((m) => m.move)];
  at = {line: 0, ply: lines[0].length};
  show();
});

$("first").addEventListener("click", () => step(0));
$("prev").addEventListener("click", () => step(at.ply - 1));
$("next").addEventListener("click", () => step(at.ply + 1));
$("last").addEventListener("click", () => step(lines[at.line].length));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  const moves = {ArrowLeft: at.ply - 1, ArrowRight: at.ply + 1, Home: 0, End: lines[at.line].length};
  if (event.key in moves) {
    event.preventDefault();
    step(moves[event.key]);
  }
});
el.share.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    toast(gettext("Link copied."), "ok", 2500);
  } catch {
    toast(location.href, "info", 8000);
  }
});

show();

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
