/*
 * Connect Four renderer: draws the board from the server's data only (it knows no rule).
 * The renderer contract is documented at the top of games/catalog/reversi/static/render.js.
 *
 * Board view (games/catalog/connect_four/engine.py `view()`):
 *   {board: ["......", "..RY..", ...] (rows, top first; "." empty, "R" red = seat 0,
 *    "Y" yellow = seat 1), rows, columns, colours: ["R", "Y"], turn, colour_to_move,
 *    pop_out, last: {seat, action: "drop" | "pop", column, row} | null,
 *    status: "R" | "Y" | "tie!" | "draw" | "pending", winning_cells: [[row, col], ...],
 *    count: {R, Y}}
 * Moves: {"action": "drop" | "pop", "column": <0-based>}, offered only from
 * `match.legal_moves`. `match.hint` (live pages only): the column where a drop wins at
 * once for you, or null; revealed by the "Show winning move" button.
 *
 * Moves number columns from 0 (the protocol, the transcript); the page numbers them from 1
 * everywhere a person reads one (the numbers over the columns, labels, notes, the hint).
 * The board: a row of drop buttons (one tab stop, arrow keys move along it), the columns
 * of cells (click one to drop there), with pop-out a row of pop buttons, then the hint.
 * Cells paint a panel with a round hole over the disc, so a new disc falls *behind* the
 * panel (a CSS transform animation, only for the disc the last move dropped).
 */

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

import {mount} from "./options.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const COLOURS = ["R", "Y"]; // by seat
const NAMES = {R: "red", Y: "yellow", ".": "empty"}; // class names and data-state
const SAID = {R: gettext("red"), Y: gettext("yellow")}; // a disc, for people
const views = new WeakMap(); // root element -> view (see build)
const columnNumber = (c) => c + 1; // a column as people read it

export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const data = match.board;
  const rows = data.rows ?? data.board.length;
  const cols = data.columns ?? Math.max(0, ...data.board.map((row) => row.length));
  const popOut = Boolean(data.pop_out);
  let view = views.get(root);
  if (!view || view.rows !== rows || view.cols !== cols || view.popOut !== popOut) {
    view = build(root, rows, cols, popOut);
    views.set(root, view);
  }
  view.onMove = onMove;
  const offered = onMove ? match.legal_moves || [] : [];
  view.drops = new Map(offered.filter((m) => m.action === "drop").map((m) => [m.column, m]));
  view.pops = new Map(offered.filter((m) => m.action === "pop").map((m) => [m.column, m]));
  const newPly = mode !== "replay" && view.ply !== undefined && match.ply > view.ply; // replays: no animation
  if (match.ply !== view.ply) view.hintShown = false;
  view.ply = match.ply;
  // The server offers hints only against the computer; between people there is no button.
  const againstComputer = (match.players || []).some((p) => p.computer);
  view.hint = "hint" in match && offered.length && againstComputer ? match.hint : undefined;

  const last = data.last;
  const wins = new Set((data.winning_cells || []).map(([r, c]) => `${r},${c}`));
  const toMove = data.colour_to_move ?? COLOURS[match.turn ?? data.turn];
  const b = view.board;
  b.classList.toggle("to-red", toMove === "R");
  b.classList.toggle("to-yellow", toMove === "Y");
  b.classList.toggle("has-win", wins.size > 0);
  b.classList.toggle("playable", view.drops.size + view.pops.size > 0);
  b.classList.toggle("c4-preview", mode === "preview");
  b.setAttribute("aria-label", boardLabel(rows, cols, view.drops.size, mode));

  for (let c = 0; c < cols; c++) {
    const column = view.columns[c];
    const discs = [];
    for (let r = 0; r < rows; r++) {
      const ch = data.board[r]?.[c] ?? "?";
      paintCell(column.cells[r], ch, {last: last?.action === "drop" && last.row === r && last.column === c, win: wins.has(`${r},${c}`)});
      if (ch !== ".") discs.unshift(SAID[ch] ?? `“${ch}”`);
    }
    const empty = rows - discs.length;
    const values = {n: columnNumber(c), discs: discs.join(", "), empty};
    let said = gettext("Column %(n)s: no discs");
    if (discs.length && empty) said = gettext("Column %(n)s: %(discs)s from the bottom, %(empty)s empty");
    else if (discs.length) said = gettext("Column %(n)s: %(discs)s from the bottom");
    column.el.setAttribute("aria-label", interpolate(said, values));
    column.el.classList.toggle("can-drop", view.drops.has(c));
    column.el.classList.toggle("last-pop", last?.action === "pop" && last.column === c);
    offer(column.drop, view.drops.has(c), interpolate(gettext("Drop in column %(n)s"), {n: columnNumber(c)}));
    if (column.pop) {
      offer(column.pop, view.pops.has(c), interpolate(gettext("Pop out your disc at the bottom of column %(n)s"), {n: columnNumber(c)}));
    }
  }
  if (newPly && last) animate(view, last, rows);
  paintHint(view);
  // Spectators, replays and previews get no controls to tab through (the numbers stay).
  const seated = mode === "play" && match.status === "active" && match.you !== null && match.you !== undefined;
  for (const row of [view.dropRow, view.popRow]) {
    if (!row) continue;
    row.inert = !seated;
    rovingStop(row);
  }
}

function paintCell(cell, ch, {last, win}) {
  const name = NAMES[ch] ?? "unknown";
  let disc = cell.querySelector(".c4-disc");
  if (ch === ".") {
    disc?.remove();
  } else {
    if (!disc) {
      disc = document.createElement("span");
      cell.prepend(disc);
    }
    const falling = disc.classList.contains("falling") && disc.classList.contains(name);
    disc.className = `c4-disc ${name}${falling ? " falling" : ""}`;
    if (!falling) delete disc.dataset.falling;
    disc.textContent = name === "unknown" ? ch : "";
  }
  cell.dataset.state = name;
  cell.classList.toggle("last", last && ch !== ".");
  cell.classList.toggle("win", win);
}

// Only the disc the last move dropped falls (from just above the board to its row); a pop
// slides the rest of its column down one cell. data-falling is set while the disc moves.
function animate(view, last, rows) {
  const column = view.columns[last.column];
  if (!column) return;
  const discs =
    last.action === "drop"
      ? [[column.cells[last.row]?.querySelector(".c4-disc"), last.row + 1]]
      : column.cells.slice(0, last.row + 1).map((cell) => [cell.querySelector(".c4-disc"), 1]);
  for (const [disc, fall] of discs) {
    if (!disc) continue;
    disc.classList.remove("falling");
    disc.style.setProperty("--fall", fall);
    disc.style.setProperty("--fall-ms", `${Math.round(160 + 260 * Math.sqrt(fall / Math.max(rows, 1)) * (last.action === "drop" ? 1.6 : 0.8))}ms`);
    void disc.offsetWidth; // restart the CSS animation
    disc.classList.add("falling");
    disc.dataset.falling = "true";
    const done = () => {
      if (!disc.isConnected || disc.dataset.falling !== "true") return;
      disc.classList.remove("falling");
      delete disc.dataset.falling;
    };
    const running = disc.getAnimations?.() ?? [];
    if (running.length) Promise.all(running.map((a) => a.finished)).then(done, done);
    else done(); // no animation (reduced motion): it is already in place
  }
}

function offer(button, legal, label) {
  button.classList.toggle("legal", legal);
  button.setAttribute("aria-disabled", legal ? "false" : "true");
  button.setAttribute("aria-label", legal ? label : interpolate(gettext("%(action)s (not available)"), {action: label}));
  if (legal) button.dataset.legal = "true";
  else delete button.dataset.legal;
}

function paintHint(view) {
  const canHint = view.hint !== undefined;
  view.tools.hidden = !canHint;
  const shown = canHint && view.hintShown;
  view.hintButton.setAttribute("aria-pressed", shown ? "true" : "false");
  view.hintButton.textContent = shown ? gettext("Hide hint") : gettext("Show winning move");
  const column = shown && Number.isInteger(view.hint) ? view.hint : null;
  view.columns.forEach((col, c) => {
    col.el.classList.toggle("hint", c === column);
    col.drop.classList.toggle("hint", c === column);
  });
  view.hintText.className = `c4-hint-text${shown ? (column === null ? " none" : " found") : ""}`;
  const found = () => interpolate(gettext("Drop in column %(n)s to win!"), {n: columnNumber(column)});
  view.hintText.textContent = !shown ? "" : column === null ? gettext("No winning move this turn.") : found();
}

function boardLabel(rows, cols, drops, mode) {
  const size = {rows, cols};
  if (mode === "preview") return interpolate(gettext("Start position preview, %(rows)s rows by %(cols)s columns"), size);
  return drops
    ? interpolate(gettext("Connect Four board, %(rows)s rows by %(cols)s columns, your move"), size)
    : interpolate(gettext("Connect Four board, %(rows)s rows by %(cols)s columns"), size);
}

function build(root, rows, cols, popOut) {
  root.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "c4-wrap";
  wrap.style.setProperty("--rows", rows);
  wrap.style.setProperty("--cols", cols);
  const board = document.createElement("div");
  board.className = "c4-board";
  board.setAttribute("role", "group");

  const dropRow = controlRow("c4-drops", gettext("Drop a disc"));
  const popRow = popOut ? controlRow("c4-pops", gettext("Pop out a disc")) : null;
  const grid = document.createElement("div");
  grid.className = "c4-grid";
  const columns = [];
  for (let c = 0; c < cols; c++) {
    const drop = control("c4-drop", c, "drop");
    drop.innerHTML = `<span class="c4-ghost" aria-hidden="true"></span><span class="c4-num" aria-hidden="true">${columnNumber(c)}</span>`;
    dropRow.append(drop);
    const el = document.createElement("div");
    el.className = "c4-column";
    el.dataset.col = c;
    el.setAttribute("role", "img");
    const cells = [];
    for (let r = 0; r < rows; r++) {
      const cell = document.createElement("div");
      cell.className = "c4-cell";
      cell.dataset.row = r;
      cell.dataset.col = c;
      cells.push(cell);
      el.append(cell);
    }
    grid.append(el);
    let pop = null;
    if (popRow) {
      pop = control("c4-pop", c, "pop");
      pop.textContent = gettext("Pop");
      popRow.append(pop);
    }
    columns.push({el, cells, drop, pop});
  }
  board.append(dropRow, grid, ...(popRow ? [popRow] : []));

  const tools = document.createElement("div");
  tools.className = "c4-tools";
  tools.hidden = true;
  const hintButton = document.createElement("button");
  hintButton.type = "button";
  hintButton.className = "button small c4-hint";
  const hintText = document.createElement("span");
  hintText.className = "c4-hint-text";
  hintText.setAttribute("role", "status");
  tools.append(hintButton, hintText);
  wrap.append(board, tools);
  root.append(wrap);

  const view = {rows, cols, popOut, board, grid, dropRow, popRow, columns, tools, hintButton, hintText};
  Object.assign(view, {drops: new Map(), pops: new Map(), ply: undefined, onMove: null, hint: undefined, hintShown: false});

  const play = (action, c) => {
    const move = (action === "pop" ? view.pops : view.drops).get(c);
    if (move && view.onMove) view.onMove(move);
  };
  board.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) return play(button.dataset.action, Number(button.dataset.col));
    const column = event.target.closest(".c4-column");
    if (column) play("drop", Number(column.dataset.col));
  });
  // Hovering a column (or its drop button) lights both up; the drop button shows the disc.
  board.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const target = event.target.closest(".c4-column, .c4-drop");
    hover(view, target ? Number(target.dataset.col) : null);
  });
  board.addEventListener("pointerleave", () => hover(view, null));
  hintButton.addEventListener("click", () => {
    view.hintShown = !view.hintShown;
    paintHint(view);
  });
  return view;
}

function hover(view, col) {
  view.columns.forEach((column, c) => {
    const on = c === col;
    column.el.classList.toggle("hover", on);
    column.drop.classList.toggle("hover", on);
  });
}

function controlRow(className, label) {
  const row = document.createElement("div");
  row.className = className;
  row.setAttribute("role", "toolbar");
  row.setAttribute("aria-label", label);
  row.addEventListener("keydown", (event) => arrowKeys(row, event));
  row.addEventListener("focusin", (event) => {
    if (event.target.matches("button")) setTabStop(row, event.target);
  });
  return row;
}

function control(className, c, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.col = c;
  button.dataset.action = action;
  button.tabIndex = -1;
  return button;
}

// A row of controls is one tab stop (a legal button if any); arrows move along the row.
function rovingStop(row) {
  const buttons = [...row.children];
  const current = buttons.find((b) => b.tabIndex === 0);
  const anyLegal = buttons.some((b) => b.classList.contains("legal"));
  row.classList.toggle("idle", !anyLegal);
  if (current && (current === document.activeElement || !anyLegal || current.classList.contains("legal"))) return;
  setTabStop(row, buttons.find((b) => b.classList.contains("legal")) || current || buttons[0]);
}

function setTabStop(row, button) {
  for (const b of row.children) b.tabIndex = b === button ? 0 : -1;
}

function arrowKeys(row, event) {
  const buttons = [...row.children];
  const i = buttons.indexOf(event.target);
  if (i < 0) return;
  const to = {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: buttons.length - 1}[event.key];
  if (to === undefined) return;
  event.preventDefault();
  event.stopPropagation(); // the replay page steps on arrows: not while choosing a column
  const next = buttons[Math.min(buttons.length - 1, Math.max(0, to))];
  setTabStop(row, next);
  next.focus();
}

// -- the page's optional hooks ------------------------------------------------------------
export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `c4-icon ${NAMES[COLOURS[seat]] ?? ""} seat-icon`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export function seatSummary(match, seat) {
  const n = match.board?.count?.[COLOURS[seat]];
  return n === undefined ? null : interpolate(ngettext("%(n)s disc", "%(n)s discs", n), {n});
}

// "bob dropped in column 4", "You popped out a disc from column 2".
export function lastMoveNote(match) {
  const last = match.last_move;
  const column = last?.move?.column;
  if (!Number.isInteger(column)) return null;
  const who = personName(match, last.seat, {capitalise: true});
  const values = {name: who, n: columnNumber(column)};
  if (last.move.action === "pop") {
    return interpolate(verb(match, last.seat, gettext("You popped out a disc from column %(n)s"), gettext("%(name)s popped out a disc from column %(n)s")), values);
  }
  if (last.move.action !== "drop") return null;
  return interpolate(verb(match, last.seat, gettext("You dropped in column %(n)s"), gettext("%(name)s dropped in column %(n)s")), values);
}

// A move of the replay's move list, as people read it: "column 4", "pop column 2".
export function moveLabel(move) {
  const column = move?.move?.column;
  if (!Number.isInteger(column)) return null;
  const n = columnNumber(column);
  return move.move.action === "pop" ? interpolate(gettext("pop column %(n)s"), {n}) : interpolate(gettext("column %(n)s"), {n});
}

/** The create form's preview (options.js), drawn by this renderer. */
export function mountOptions(preview, fieldset) {
  mount(preview, fieldset, {render});
}
