/*
 * Reversi renderer: draws the board from the server's data only (it knows no rule).
 *
 * The renderer contract, the same for every game at static/games/<slug>/render.js
 * (match.js and replay.js load it by slug, so a new game adds a folder, not a branch):
 *
 *   export function render(root, match, {onMove, mode})      required
 *     Draw `match.board` into the element `root`, re-using what is already there.
 *     Moves in `match.legal_moves` are offered (only the server's list: never computed
 *     here); picking one calls onMove(move) with that very object. No onMove, or an empty
 *     `legal_moves` (not your turn, a spectator, a replay), means a read-only board.
 *     `match` is the protocol's match object; replays pass a look-alike
 *     {game, ply, board, legal_moves: [], you: null, last_move, players, result}.
 *     `mode: "edit"` (optional) is for set-up previews: the offered "moves" are cells to
 *     toggle (Reversi's create form uses it to block cells).
 *
 *   export function mountOptions(container, fieldset)  optional: enhance the game's
 *     fieldset of the create form (Reversi: a board preview to click blocks on)
 *   export function seatIcon(seat)      optional: a small element standing for a seat
 *   export function seatSummary(match, seat)   optional: e.g. "12 discs"
 *   export function lastMoveNote(match) optional: `match.last_move` in words, naming
 *     people (static/js/match_info.js personName): "bob played D3", "You have no valid
 *     move and pass"; null when there is nothing to announce
 *   export function resultMessage(match) optional: the result panel's line instead of the
 *     server's (`result_lines.sentence`: "You won 41-20", "bob wins 41-20"; whether a game's score
 *     reads as points is the rules' `score_decides`)
 *   export function moveLabel(move) optional: a replay move ({seat, move, label}) as people
 *     read it, instead of the server's `label` (Connect Four: "column 4")
 *
 * Reversi's board view: {board: ["....", ".XO.", ...] ('.' empty, 'X' black = seat 0,
 * 'O' white = seat 1, '#' blocked), size, flipped: ["D4", ...] (flipped by the last move),
 * last: "D3" | null, count: {X, O}}. Moves are {"cell": "D3"}: column letter, 1-based row.
 */

import {gridKeys, setTabStop} from "../../js/grid_keys.js";
import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

import {mount} from "./options.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DISCS = ["X", "O"]; // by seat
const PIECES = {X: "black", O: "white"};
const WORDS = {".": "empty", X: "black", O: "white", "#": "blocked"}; // the cells' data-state
// what a cell holds, for people (its aria-label)
const SAID = {".": gettext("empty"), X: gettext("black"), O: gettext("white"), "#": gettext("blocked")};

const views = new WeakMap(); // root element -> {size, board, cells, legal, ply, onMove}

export const cellName = (y, x) => `${LETTERS[x]}${y + 1}`;

export function render(root, match, {onMove = null, mode = "play", name = "Reversi"} = {}) {
  const data = match.board;
  let view = views.get(root);
  if (!view || view.size !== data.size) {
    view = build(root, data.size);
    views.set(root, view);
  }
  view.onMove = onMove;
  view.legal = new Map(
    (onMove ? match.legal_moves || [] : []).filter((m) => typeof m.cell === "string").map((m) => [m.cell.toUpperCase(), m]),
  );
  const animate = mode === "play" && view.ply !== undefined && match.ply > view.ply;
  view.ply = match.ply;

  const toMove = match.turn ?? data.turn;
  view.board.classList.toggle("to-black", toMove === 0);
  view.board.classList.toggle("to-white", toMove === 1);
  view.board.classList.toggle("rv-edit", mode === "edit");
  view.board.setAttribute("aria-label", mode === "edit" ? gettext("Board preview") : boardLabel(match, view.legal.size, name));

  const flipped = new Set(data.flipped || []);
  data.board.forEach((row, y) => {
    [...row].forEach((c, x) => {
      const name = cellName(y, x);
      const cell = view.cells[y][x];
      paintCell(cell, c, {
        legal: view.legal.has(name),
        last: data.last === name,
        flipped: flipped.has(name),
        animate,
        edit: mode === "edit",
      });
    });
  });
  ensureTabStop(view);
}

function paintCell(cell, c, {legal, last, flipped, animate, edit}) {
  const piece = PIECES[c];
  let disc = cell.firstElementChild;
  if (piece) {
    if (!disc) {
      disc = document.createElement("span");
      cell.append(disc);
    }
    disc.className = `rv-disc ${piece}`;
  } else if (disc) {
    disc.remove();
  }
  cell.classList.toggle("block", c === "#");
  cell.classList.toggle("legal", legal);
  cell.classList.toggle("last", last && !!piece);
  cell.classList.toggle("flipped", flipped && !!piece);
  cell.classList.remove("flipping", "placing");
  if (animate && piece && (flipped || last)) {
    void cell.offsetWidth; // restart the CSS animation
    cell.classList.add(last ? "placing" : "flipping");
  }
  cell.dataset.state = WORDS[c] ?? c;
  if (legal) cell.dataset.legal = "true";
  else delete cell.dataset.legal;
  cell.setAttribute("aria-disabled", legal ? "false" : "true");
  const offer = edit ? (c === "#" ? gettext("click to unblock") : gettext("click to block")) : gettext("legal move");
  const notes = [
    legal && offer,
    last && piece && gettext("last move"),
    flipped && piece && gettext("just flipped"),
    edit && piece && gettext("starting disc"),
  ];
  cell.classList.toggle("start", edit && !!piece);
  cell.setAttribute("aria-label", [`${cell.dataset.cell} ${SAID[c] ?? c}`, ...notes.filter(Boolean)].join(", "));
}

function boardLabel(match, legalCount, game) {
  const size = match.board.size;
  return legalCount
    ? interpolate(
        ngettext(
          "%(game)s board %(size)s by %(size)s, your move: %(count)s legal cell",
          "%(game)s board %(size)s by %(size)s, your move: %(count)s legal cells",
          legalCount,
        ),
        {game, size, count: legalCount},
      )
    : interpolate(gettext("%(game)s board %(size)s by %(size)s"), {game, size});
}

function build(root, size) {
  root.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "rv-wrap";
  const board = document.createElement("div");
  board.className = "rv-board";
  board.setAttribute("role", "group");
  board.style.setProperty("--n", size);
  board.append(coord("", "rv-corner"));
  for (let x = 0; x < size; x++) board.append(coord(LETTERS[x], "col"));
  const cells = [];
  for (let y = 0; y < size; y++) {
    board.append(coord(String(y + 1), "row"));
    const row = [];
    for (let x = 0; x < size; x++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "rv-cell";
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

  const view = {size, board, cells, legal: new Map(), ply: undefined, onMove: null};
  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".rv-cell");
    const move = cell && view.legal.get(cell.dataset.cell);
    if (move && view.onMove) view.onMove(move);
  });
  gridKeys(board, ".rv-cell", size, (cell) => [Number(cell.dataset.y), Number(cell.dataset.x)], (y, x) => cells[y][x]);
  return view;
}

function coord(text, kind) {
  const el = document.createElement("span");
  el.className = `rv-coord ${kind}`;
  el.setAttribute("aria-hidden", "true");
  el.textContent = text;
  return el;
}

// One cell is in the tab order (a legal one if any); arrow keys move between cells.
function ensureTabStop(view) {
  const current = view.board.querySelector('.rv-cell[tabindex="0"]');
  if (current && (current === document.activeElement || !view.legal.size || current.classList.contains("legal"))) return;
  const first = view.board.querySelector(".rv-cell.legal") || current || view.cells[0][0];
  setTabStop(view.board, ".rv-cell", first);
}

export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `rv-disc ${PIECES[DISCS[seat]]} seat-icon`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export function seatSummary(match, seat) {
  const n = match.board?.count?.[DISCS[seat]];
  return n === undefined ? null : interpolate(ngettext("%(n)s disc", "%(n)s discs", n), {n});
}

// "bob played D3", "You played D3", "bob has no valid move and passes".
export function lastMoveNote(match) {
  const last = match.last_move;
  if (!last?.move) return null;
  const who = personName(match, last.seat, {capitalise: true});
  if (last.move.pass) {
    return interpolate(verb(match, last.seat, gettext("You have no valid move and pass"), gettext("%(name)s has no valid move and passes")), {name: who});
  }
  if (typeof last.move.cell !== "string") return null;
  const played = verb(match, last.seat, gettext("You played %(cell)s"), gettext("%(name)s played %(cell)s"));
  return interpolate(played, {name: who, cell: last.move.cell.toUpperCase()});
}

/** The create form's preview (options.js), drawn by this renderer. */
export function mountOptions(preview, fieldset) {
  mount(preview, fieldset, {render, cellName});
}
