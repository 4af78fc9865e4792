// Journey's page frame and board: build() lays out the head, the 10 x 10 board of cell
// buttons, the dialogue, the legend and the panels, and wires clicks and keys; then how
// each cell is painted and described, and the keyboard (one tab stop, arrow keys move).

import {gridKeys, setTabStop} from "../../js/grid_keys.js";
import {gettext, interpolate} from "../../js/i18n.js";
import {answer, buildDialogue} from "./dialogue.js";
import {KIND, KIND_SAID, POWER_WORD, coord, div, span} from "./helpers.js";
import {icon, seatColour} from "./icons.js";
import {buildLegend, buildPanels} from "./panels.js";

export function build(root, size) {
  root.replaceChildren();
  const wrap = div("jy");
  const head = div("jy-head");
  const round = span("jy-round");
  const turn = span("jy-turn");
  turn.setAttribute("aria-live", "polite");
  const left = span("jy-left");
  head.append(round, turn, left);
  const end = div("jy-end");
  end.setAttribute("aria-live", "polite");
  end.hidden = true;

  const stage = div("jy-stage");
  const board = div("jy-board");
  board.setAttribute("role", "group");
  board.style.setProperty("--n", size);
  board.append(coord("", "corner"));
  for (let y = 0; y < size; y++) board.append(coord(String(y), "col"));
  const cells = [];
  for (let x = 0; x < size; x++) {
    board.append(coord(String(x), "row"));
    const row = [];
    for (let y = 0; y < size; y++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = (x + y) % 2 ? "jy-cell alt" : "jy-cell";
      cell.dataset.x = x;
      cell.dataset.y = y;
      cell.dataset.cell = `${x},${y}`;
      cell.tabIndex = -1;
      row.push(cell);
      board.append(cell);
    }
    cells.push(row);
  }
  const dialogue = buildDialogue();
  stage.append(board, dialogue.root);

  const legend = buildLegend();
  const {panels, warriorList, log} = buildPanels();

  wrap.append(head, end, stage, legend, panels);
  root.append(wrap);

  const view = {size, wrap, head: {round, turn, left}, end, board, cells, dialogue, warriorList, log, logKey: null, ply: undefined, onMove: null, answers: [], match: null};

  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".jy-cell");
    if (!cell || cell.dataset.target !== "true" || !view.onMove) return;
    view.onMove({target: [Number(cell.dataset.x), Number(cell.dataset.y)]});
  });
  gridKeys(board, ".jy-cell", size, (cell) => [Number(cell.dataset.x), Number(cell.dataset.y)], (x, y) => cells[x][y]);
  dialogue.root.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-answer]");
    if (b) answer(view, b.dataset.answer);
  });
  document.addEventListener("keydown", (event) => {
    if (!view.answers.length || !wrap.isConnected) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, textarea, select")) return;
    const choice = {1: "yes", y: "yes", 2: "no", n: "no"}[event.key.toLowerCase()];
    if (!choice) return;
    event.preventDefault();
    answer(view, choice);
  });
  return view;
}

// -- painting ------------------------------------------------------------------------------
export function thingIndex(data) {
  const out = new Map();
  for (const m of data.monsters || []) out.set(m.name, {power: m.power});
  for (const e of data.elves || []) out.set(e.name, {power: e.power});
  for (const p of data.potions || []) out.set(p.name, {power: p.amount});
  for (const w of data.warriors || []) out.set(w.name, {warrior: w});
  return out;
}

function describe(label, things, {you, players}) {
  if (!label) return gettext("empty");
  const kind = KIND_SAID[label[0]] ?? gettext("thing");
  const info = things.get(label) || {};
  if (label[0] === "W") {
    const w = info.warrior;
    const seat = w?.seat ?? Number(label.slice(1));
    const who = seat === you ? gettext("you") : players?.[seat]?.username;
    const warrior = interpolate(who ? gettext("warrior %(label)s (%(who)s)") : gettext("warrior %(label)s"), {label, who});
    const health = w && interpolate(gettext("health %(n)s"), {n: w.health});
    const crystals = w && interpolate(gettext("crystals %(n)s"), {n: w.crystals});
    return [warrior, health, crystals].filter(Boolean).join(", ");
  }
  const power = info.power ?? null;
  return power === null || power === undefined ? `${kind} ${label}` : `${kind} ${label}, ${POWER_WORD[label[0]]} ${power}`;
}

export function paintCell(cell, label, things, {you, target, own, last, asked, arrive, players}) {
  const key = `${label}|${thingKey(label, things)}|${own}`;
  if (cell.dataset.key !== key) {
    cell.dataset.key = key;
    cell.replaceChildren();
    if (label) {
      const letter = label[0];
      const thing = span(`jy-thing k-${KIND[letter] ?? "thing"}`);
      const pic = icon(letter, "jy-icon");
      if (letter === "W") thing.style.setProperty("--jy-seat", seatColour(Number(label.slice(1))));
      const name = span("jy-label", label);
      thing.append(pic, name);
      const power = things.get(label)?.power;
      if (power !== undefined && power !== null) {
        const badge = span("jy-power", String(power));
        badge.title = `${POWER_WORD[letter]} ${power}`;
        thing.append(badge);
      }
      cell.append(thing);
    }
  }
  cell.dataset.label = label;
  cell.dataset.kind = label ? KIND[label[0]] ?? "thing" : "empty";
  cell.classList.toggle("own", own);
  cell.classList.toggle("last", last);
  cell.classList.toggle("asked", asked);
  cell.classList.remove("arrive");
  if (arrive && label) {
    void cell.offsetWidth; // restart the animation
    cell.classList.add("arrive");
  }
  if (target) cell.dataset.target = "true";
  else delete cell.dataset.target;
  cell.setAttribute("aria-disabled", target ? "false" : "true");
  const x = cell.dataset.x;
  const y = cell.dataset.y;
  const what = describe(label, things, {you, players});
  const notes = [own && gettext("your warrior"), asked && gettext("the open question"), last && !asked && gettext("last move")].filter(Boolean);
  const text = `${interpolate(gettext("Row %(x)s, column %(y)s: %(what)s"), {x, y, what})}${notes.length ? ` (${notes.join(", ")})` : ""}`;
  cell.setAttribute("aria-label", text);
  cell.title = target ? `${text}: ${label ? gettext("visit") : gettext("move here")}` : text;
}

function thingKey(label, things) {
  if (!label) return "";
  const info = things.get(label) || {};
  return label[0] === "W" ? "" : String(info.power ?? "");
}

// -- keyboard: one cell in the tab order (at first your warrior's), arrow keys move -------
export function ensureTabStop(view) {
  if (view.board.querySelector('.jy-cell[tabindex="0"]')) return;
  setTabStop(view.board, ".jy-cell", view.board.querySelector(".jy-cell.own") || view.cells[0][0]);
}
