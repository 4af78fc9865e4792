/*
 * Gomoku renderer: draws the board from the server's data only (it knows no rule). The
 * renderer contract is documented at the top of Reversi's render.js; the pages load this
 * module by slug as static/games/gomoku/render.js.
 *
 * Board view (games/catalog/gomoku/engine.py `view()`):
 *   {board: ["...............", ...] (rows, top first; "." empty, "X" black = seat 0,
 *    "O" white = seat 1), rows, columns, in_a_row, stones: ["X", "O"], turn (null once over),
 *    last: "H8" | null, line: ["D4", "E5", ...] (the winning line's cells, else []),
 *    count: {X, O}}
 * Moves: {"cell": "H8"} (column letter, row counted from 1 at the top), offered only from
 * `match.legal_moves`.
 *
 * Stones sit on the intersections of a wooden grid: each cell is a button drawing its piece
 * of the two lines (shortened at the board's edges) and, on big boards, the star points.
 * One cell is in the tab order; the arrow keys, Home and End move it.
 */

import {setTabStop} from "../../js/grid_keys.js";
import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const LETTERS = "ABCDEFGHIJKLMNOPQRS";
const STONES = ["X", "O"]; // by seat
const PIECES = {X: "black", O: "white"};
const WORDS = {".": "empty", X: "black", O: "white"}; // the cells' data-state
const SAID = {".": gettext("empty"), X: gettext("black"), O: gettext("white")}; // for people

const views = new WeakMap(); // root element -> {rows, cols, board, cells, legal, ply, onMove}

export const cellName = (y, x) => `${LETTERS[x]}${y + 1}`;

export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const data = match.board;
  const rows = data.rows ?? data.board.length;
  const cols = data.columns ?? Math.max(0, ...data.board.map((row) => row.length));
  let view = views.get(root);
  if (!view || view.rows !== rows || view.cols !== cols) {
    view = build(root, rows, cols);
    views.set(root, view);
  }
  view.onMove = onMove;
  view.legal = new Map(
    (onMove ? match.legal_moves || [] : []).filter((m) => typeof m.cell === "string").map((m) => [m.cell.toUpperCase(), m]),
  );
  const animate = mode === "play" && view.ply !== undefined && match.ply > view.ply; // replays: no animation
  view.ply = match.ply;

  const toMove = match.turn ?? data.turn;
  const line = new Set(data.line || []);
  view.board.classList.toggle("to-black", toMove === 0);
  view.board.classList.toggle("to-white", toMove === 1);
  view.board.classList.toggle("has-line", line.size > 0);
  view.board.setAttribute("aria-label", boardLabel(data, rows, cols, view.legal.size));
  data.board.forEach((row, y) => {
    [...row].forEach((c, x) => {
      const name = cellName(y, x);
      paintCell(view.cells[y][x], c, {legal: view.legal.has(name), last: data.last === name, win: line.has(name), animate});
    });
  });
  ensureTabStop(view);
}

function paintCell(cell, c, {legal, last, win, animate}) {
  const piece = PIECES[c];
  let stone = cell.querySelector(".gm-stone");
  if (piece) {
    if (!stone) {
      stone = document.createElement("span");
      cell.append(stone);
    }
    stone.className = `gm-stone ${piece}`;
  } else if (stone) {
    stone.remove();
  }
  cell.classList.toggle("legal", legal);
  cell.classList.toggle("last", last && !!piece);
  cell.classList.toggle("win", win && !!piece);
  cell.classList.remove("placing");
  if (animate && last && piece) {
    void cell.offsetWidth; // restart the CSS animation
    cell.classList.add("placing");
  }
  cell.dataset.state = WORDS[c] ?? c;
  if (legal) cell.dataset.legal = "true";
  else delete cell.dataset.legal;
  cell.setAttribute("aria-disabled", legal ? "false" : "true");
  const notes = [legal && gettext("legal move"), last && piece && gettext("last move"), win && piece && gettext("winning line")];
  cell.setAttribute("aria-label", [`${cell.dataset.cell} ${SAID[c] ?? c}`, ...notes.filter(Boolean)].join(", "));
}

function boardLabel(data, rows, cols, legalCount) {
  const values = {rows, cols, k: data.in_a_row, count: legalCount};
  let said;
  if (data.in_a_row && legalCount) {
    said = ngettext(
      "Gomoku board %(rows)s by %(cols)s, %(k)s in a row, your move: %(count)s empty cell",
      "Gomoku board %(rows)s by %(cols)s, %(k)s in a row, your move: %(count)s empty cells",
      legalCount,
    );
  } else if (data.in_a_row) said = gettext("Gomoku board %(rows)s by %(cols)s, %(k)s in a row");
  else if (legalCount) {
    said = ngettext(
      "Gomoku board %(rows)s by %(cols)s, your move: %(count)s empty cell",
      "Gomoku board %(rows)s by %(cols)s, your move: %(count)s empty cells",
      legalCount,
    );
  } else said = gettext("Gomoku board %(rows)s by %(cols)s");
  return interpolate(said, values);
}

// The star points (boards of 9 and more): on the third line (the fourth from 13 up) and the centre.
function stars(rows, cols) {
  if (Math.min(rows, cols) < 9) return new Set();
  const inset = Math.min(rows, cols) >= 13 ? 3 : 2;
  const along = (n) => [inset, Math.floor(n / 2), n - 1 - inset];
  const points = new Set();
  for (const y of along(rows)) for (const x of along(cols)) {
    const side = (y === Math.floor(rows / 2)) !== (x === Math.floor(cols / 2)); // the edges' middles: only on 19x19
    if (!side || Math.min(rows, cols) >= 19) points.add(cellName(y, x));
  }
  return points;
}

function build(root, rows, cols) {
  root.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "gm-wrap";
  const board = document.createElement("div");
  board.className = "gm-board";
  board.setAttribute("role", "group");
  board.style.setProperty("--rows", rows);
  board.style.setProperty("--cols", cols);
  board.append(coord("", "gm-corner"));
  for (let x = 0; x < cols; x++) board.append(coord(LETTERS[x], "col"));
  const starPoints = stars(rows, cols);
  const cells = [];
  for (let y = 0; y < rows; y++) {
    board.append(coord(String(y + 1), "row"));
    const row = [];
    for (let x = 0; x < cols; x++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "gm-cell";
      cell.classList.toggle("n", y === 0);
      cell.classList.toggle("s", y === rows - 1);
      cell.classList.toggle("w", x === 0);
      cell.classList.toggle("e", x === cols - 1);
      cell.classList.toggle("star", starPoints.has(cellName(y, x)));
      cell.dataset.cell = cellName(y, x);
      cell.dataset.y = y;
      cell.dataset.x = x;
      cell.tabIndex = -1;
      row.push(cell);
      board.append(cell);
    }
    cells.push(row);
  }
  wrap.append(board);
  root.append(wrap);

  const view = {rows, cols, board, cells, legal: new Map(), ply: undefined, onMove: null};
  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".gm-cell");
    const move = cell && view.legal.get(cell.dataset.cell);
    if (move && view.onMove) view.onMove(move);
  });
  board.addEventListener("keydown", (event) => arrowKeys(view, event));
  board.addEventListener("focusin", (event) => {
    if (event.target.matches(".gm-cell")) setTabStop(board, ".gm-cell", event.target);
  });
  return view;
}

// Arrow keys move between cells (the board is not always square), Home and End along a row.
function arrowKeys(view, event) {
  const cell = event.target.closest(".gm-cell");
  if (!cell) return;
  let y = Number(cell.dataset.y);
  let x = Number(cell.dataset.x);
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[event.key];
  if (step) {
    y = Math.min(view.rows - 1, Math.max(0, y + step[0]));
    x = Math.min(view.cols - 1, Math.max(0, x + step[1]));
  } else if (event.key === "Home") x = 0;
  else if (event.key === "End") x = view.cols - 1;
  else return;
  event.preventDefault();
  event.stopPropagation(); // the replay page steps on arrows: not while choosing a cell
  const next = view.cells[y][x];
  setTabStop(view.board, ".gm-cell", next);
  next.focus();
}

function coord(text, kind) {
  const el = document.createElement("span");
  el.className = `gm-coord ${kind}`;
  el.setAttribute("aria-hidden", "true");
  el.textContent = text;
  return el;
}

// One cell is in the tab order: a legal one near the centre if any, else the one kept.
function ensureTabStop(view) {
  const current = view.board.querySelector('.gm-cell[tabindex="0"]');
  if (current && (current === document.activeElement || !view.legal.size || current.classList.contains("legal"))) return;
  const centre = view.cells[Math.floor(view.rows / 2)][Math.floor(view.cols / 2)];
  const first = (centre.classList.contains("legal") && centre) || view.board.querySelector(".gm-cell.legal") || current || centre;
  setTabStop(view.board, ".gm-cell", first);
}

// -- the page's optional hooks ------------------------------------------------------------
export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `gm-stone ${PIECES[STONES[seat]]} seat-icon`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export function seatSummary(match, seat) {
  const n = match.board?.count?.[STONES[seat]];
  return n === undefined ? null : interpolate(ngettext("%(n)s stone", "%(n)s stones", n), {n});
}

// "bob played H8", "You played H8".
export function lastMoveNote(match) {
  const last = match.last_move;
  if (typeof last?.move?.cell !== "string") return null;
  const played = verb(match, last.seat, gettext("You played %(cell)s"), gettext("%(name)s played %(cell)s"));
  return interpolate(played, {name: personName(match, last.seat, {capitalise: true}), cell: last.move.cell.toUpperCase()});
}
