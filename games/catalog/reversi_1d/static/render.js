/*
 * 1-D Reversi renderer: one row of 12 numbered slots, drawn from the server's data only.
 * The renderer contract is documented at the top of games/catalog/reversi/static/render.js.
 *
 * Board view (games/catalog/reversi_1d/engine.py `view()`):
 *   {board: [" ", "X", "O", ...] (12 slots, position 1 first; "X" black = seat 0,
 *    "O" white = seat 1), size: 12, turn, last: <position> | null,
 *    flipped: [<positions flipped by the last move>], count: {X, O}}
 * Moves: {"position": 1..12}, offered only from `match.legal_moves`.
 * The slots are buttons (one tab stop; arrow keys, Home and End move along the row).
 */

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

// The discs, their flips and colours are Reversi's: its stylesheet first, then the row's own.
await loadStylesheet(new URL("../reversi/board.css", import.meta.url));
await loadStylesheet(new URL("./board.css", import.meta.url));

const PIECES = ["X", "O"]; // by seat
const DISCS = {X: "black", O: "white"};
const COLOUR_NAMES = ["black", "white"];
const SAID = {black: gettext("black"), white: gettext("white")}; // a slot's disc, for people
const views = new WeakMap(); // root element -> {size, board, slots, legal, ply, onMove}

export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const data = match.board;
  const size = data.size ?? data.board.length;
  let view = views.get(root);
  if (!view || view.size !== size) {
    view = build(root, size);
    views.set(root, view);
  }
  view.onMove = onMove;
  view.legal = new Map((onMove ? match.legal_moves || [] : []).filter((m) => Number.isInteger(m.position)).map((m) => [m.position, m]));
  const animate = mode !== "replay" && view.ply !== undefined && match.ply > view.ply; // replays: no animation
  view.ply = match.ply;

  const toMove = match.turn ?? data.turn;
  view.board.classList.toggle("to-black", toMove === 0);
  view.board.classList.toggle("to-white", toMove === 1);
  view.board.classList.toggle("playable", view.legal.size > 0);
  view.board.setAttribute(
    "aria-label",
    view.legal.size
      ? interpolate(
          ngettext("1-D Reversi board, 12 slots, your move: %(count)s free slot", "1-D Reversi board, 12 slots, your move: %(count)s free slots", view.legal.size),
          {count: view.legal.size},
        )
      : gettext("1-D Reversi board, 12 slots"),
  );
  const flipped = new Set(data.flipped || []);
  view.slots.forEach((slot, i) => {
    const position = i + 1;
    paintSlot(slot, data.board[i], {
      legal: view.legal.has(position),
      last: data.last === position,
      flipped: flipped.has(position),
      animate,
    });
  });
  ensureTabStop(view);
}

function paintSlot(slot, piece, {legal, last, flipped, animate}) {
  const colour = DISCS[piece];
  let disc = slot.querySelector(".rv-disc");
  if (colour) {
    if (!disc) {
      disc = document.createElement("span");
      slot.firstElementChild.append(disc);
    }
    disc.className = `rv-disc ${colour}`;
  } else {
    disc?.remove();
  }
  slot.classList.toggle("legal", legal);
  slot.classList.toggle("last", last && !!colour);
  slot.classList.toggle("flipped", flipped && !!colour);
  if (animate || !(last || flipped)) slot.classList.remove("placing", "flipping");
  if (animate && colour && (last || flipped)) {
    void slot.offsetWidth; // restart the CSS animation
    slot.classList.add(last ? "placing" : "flipping");
  }
  slot.dataset.state = colour ?? "empty";
  if (legal) slot.dataset.legal = "true";
  else delete slot.dataset.legal;
  slot.setAttribute("aria-disabled", legal ? "false" : "true");
  const notes = [legal && gettext("legal move"), last && colour && gettext("last move"), flipped && colour && gettext("just flipped")].filter(Boolean);
  const held = interpolate(gettext("Slot %(position)s: %(state)s"), {position: slot.dataset.position, state: colour ? SAID[colour] : gettext("empty")});
  slot.setAttribute("aria-label", [held, ...notes].join(", "));
}

function build(root, size) {
  root.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "r1-wrap";
  const board = document.createElement("div");
  board.className = "r1-board";
  board.setAttribute("role", "group");
  board.style.setProperty("--n", size);
  const slots = [];
  for (let p = 1; p <= size; p++) {
    const slot = document.createElement("button");
    slot.type = "button";
    slot.className = "r1-slot";
    slot.dataset.position = p;
    slot.tabIndex = -1;
    const cell = document.createElement("span");
    cell.className = "r1-cell";
    const num = document.createElement("span");
    num.className = "r1-num";
    num.setAttribute("aria-hidden", "true");
    num.textContent = p;
    slot.append(cell, num);
    slots.push(slot);
    board.append(slot);
  }
  wrap.append(board);
  root.append(wrap);

  const view = {size, board, slots, legal: new Map(), ply: undefined, onMove: null};
  board.addEventListener("click", (event) => {
    const slot = event.target.closest(".r1-slot");
    const move = slot && view.legal.get(Number(slot.dataset.position));
    if (move && view.onMove) view.onMove(move);
  });
  board.addEventListener("keydown", (event) => {
    const i = view.slots.indexOf(event.target.closest(".r1-slot"));
    const to = {ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: size - 1}[event.key];
    if (i < 0 || to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // the replay page steps on arrows: not while on the board
    const next = view.slots[Math.min(size - 1, Math.max(0, to))];
    setTabStop(view, next);
    next.focus();
  });
  board.addEventListener("focusin", (event) => {
    if (event.target.classList.contains("r1-slot")) setTabStop(view, event.target);
  });
  return view;
}

// One slot is in the tab order (a legal one if any).
function ensureTabStop(view) {
  const current = view.slots.find((s) => s.tabIndex === 0);
  if (current && (current === document.activeElement || !view.legal.size || current.classList.contains("legal"))) return;
  setTabStop(view, view.slots.find((s) => s.classList.contains("legal")) || current || view.slots[0]);
}

function setTabStop(view, slot) {
  for (const s of view.slots) s.tabIndex = s === slot ? 0 : -1;
}

// -- the page's optional hooks ------------------------------------------------------------
export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `rv-disc ${COLOUR_NAMES[seat] ?? ""} seat-icon`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export function seatSummary(match, seat) {
  const n = match.board?.count?.[PIECES[seat]];
  return n === undefined ? null : interpolate(ngettext("%(n)s piece", "%(n)s pieces", n), {n});
}

// "bob played slot 5", "You played slot 5".
export function lastMoveNote(match) {
  const last = match.last_move;
  const position = last?.move?.position;
  if (!Number.isInteger(position)) return null;
  const played = verb(match, last.seat, gettext("You played slot %(position)s"), gettext("%(name)s played slot %(position)s"));
  return interpolate(played, {name: personName(match, last.seat, {capitalise: true}), position});
}
