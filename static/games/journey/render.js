/*
 * The Journey renderer (contract: see static/games/reversi/render.js). It knows no rule:
 * the board, the powers met so far, the open question and the messages all come from the
 * server's view; clicks become moves only when `match.legal_moves` describes them.
 *
 * Board view (games/rules/engines/journey.py, view()):
 *   {mode, size: 10, round, turn: seat | null, grid: [[label | "", ...] x 10] (grid[x][y],
 *    x = row 0..9 down the left, y = column 0..9 across the top),
 *    warriors: [{name, seat, pos: [x, y] | null, health, crystals, alive}],
 *    monsters: [{name, pos, alive, power?}], elves: [{name, pos, power?}],
 *    potions: [{name, pos, taken, amount?}]   (power/amount only once met),
 *    question: null | {speaker, seat, target: [x, y], lines: [...], options: [{answer, label}]},
 *    printed: [console lines of the last move], log: [this round's], previous_log: [...],
 *    last: {seat, kind, target, answer?} | null, monsters_left, warriors_alive,
 *    result: null | "victory" | "defeat", message}
 * Moves: {"target": [x, y]} while `legal_moves` is [{"target": "any cell but your own"}];
 * {"answer": "yes" | "no"} while it holds those answers (a question of yours is open).
 *
 * The page: a head (round, whose turn, the end), the 10 x 10 board (cells are buttons with
 * labels like "Row 3, column 5: monster M1"; one tab stop, arrow keys move), the dialogue
 * of an open question over the board (Yes / No for its warrior, read-only for the others;
 * keys 1 / 2 answer too), a legend, every warrior's health and crystals, and the log of
 * this round and the previous one, told for people ("bob's turn", "You chose (3,4).",
 * "bob (W1): Thanks for your shared 3 crystals."), never as console prompts and inputs.
 * The warriors are allies: the end reads "You all won: every monster is gone".
 */

import {personName, possessive, resultText, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

export {mount as mountOptions} from "./options.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const HEALTH_BAR_MAX = 40; // the scale of the health bars (the cap of journey.md)
const KIND = {M: "monster", E: "elf", W: "warrior", P: "potion"};
const POWER_WORD = {M: "damage power", E: "magic power", P: "healing"};

// Small inline pictures (viewBox 0 0 24 24); warriors take their seat's colour.
const ICONS = {
  M: `<path d="M5.2 9.5 3 2.5l6.2 3.6z" fill="#6b1a24"/><path d="M18.8 9.5 21 2.5l-6.2 3.6z" fill="#6b1a24"/>
      <path d="M4 12.5C4 8 7.6 5 12 5s8 3 8 7.5V17c0 2.2-1.8 4-4 4H8c-2.2 0-4-1.8-4-4z" fill="#c92a2a" stroke="#6b1a24" stroke-width=".8"/>
      <path d="M6.8 9.6 10.8 11M17.2 9.6 13.2 11" stroke="#3b0d12" stroke-width="1.2" stroke-linecap="round"/>
      <circle cx="9" cy="12.4" r="1.8" fill="#fff3bf"/><circle cx="15" cy="12.4" r="1.8" fill="#fff3bf"/>
      <circle cx="9.3" cy="12.7" r=".9" fill="#111"/><circle cx="14.7" cy="12.7" r=".9" fill="#111"/>
      <path d="M7.5 15.6h9v.9c0 1.4-1.1 2.3-2.4 2.3H9.9c-1.3 0-2.4-.9-2.4-2.3z" fill="#3b0d12"/>
      <path d="M8.6 15.6l.9 1.5.9-1.5zm4.9 0 .9 1.5.9-1.5z" fill="#fff"/>`,
  E: `<path d="M2.5 9.5 7.6 12.6 7.4 15z" fill="#f0c9a0" stroke="#b9855a" stroke-width=".5"/>
      <path d="M21.5 9.5 16.4 12.6 16.6 15z" fill="#f0c9a0" stroke="#b9855a" stroke-width=".5"/>
      <ellipse cx="12" cy="14.4" rx="5.2" ry="6" fill="#f6d5b5" stroke="#b9855a" stroke-width=".5"/>
      <path d="M12 .8 5.6 10.6h12.8z" fill="#2b8a3e"/><rect x="5.2" y="9.4" width="13.6" height="2.2" rx="1.1" fill="#1e6b30"/>
      <circle cx="12" cy="1.4" r="1.3" fill="#fcc419"/>
      <circle cx="10" cy="14.2" r=".9" fill="#1c2b4a"/><circle cx="14" cy="14.2" r=".9" fill="#1c2b4a"/>
      <path d="M10.2 17.3q1.8 1.3 3.6 0" stroke="#a0522d" stroke-width=".9" fill="none" stroke-linecap="round"/>`,
  W: `<path d="M12 1.8 20 4.8v6.1c0 5.1-3.4 9-8 11.3-4.6-2.3-8-6.2-8-11.3V4.8z" fill="var(--jy-seat, #2563eb)" stroke="rgb(0 0 0 / 45%)" stroke-width=".9"/>
      <path d="M12 4.6 13.2 6.4v7.4h-2.4V6.4z" fill="#f8f9fa"/><rect x="8.4" y="13.8" width="7.2" height="1.7" rx=".85" fill="#fcc419"/>
      <rect x="11.2" y="15.5" width="1.6" height="3.2" rx=".5" fill="#fcc419"/>`,
  P: `<rect x="9.6" y="1.6" width="4.8" height="3.2" rx="1" fill="#8d5a2b"/>
      <path d="M10.2 4.8h3.6v3.6a7 7 0 1 1-3.6 0z" fill="#f1f6fa" stroke="#5b7083" stroke-width=".9"/>
      <path d="M5.9 15.2a6.1 6.1 0 0 0 12.2 0z" fill="#e64980"/>
      <circle cx="10" cy="17.2" r="1" fill="#fff" opacity=".7"/><circle cx="13.4" cy="18.6" r=".7" fill="#fff" opacity=".6"/>`,
  heart: `<path d="M12 21s-8.5-5.3-8.5-11.2A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.5 2.6C20.5 15.7 12 21 12 21z" fill="#e03131"/>`,
  crystal: `<path d="M12 2 19 9 12 22 5 9z" fill="#3bc9db" stroke="#0b7285" stroke-width=".9" stroke-linejoin="round"/>
      <path d="M5 9h14M9 9l3-7 3 7-3 13z" fill="none" stroke="#0b7285" stroke-width=".7" stroke-linejoin="round"/>`,
};

const views = new WeakMap(); // root element -> view (see build)

// -- the contract ------------------------------------------------------------------------
export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const data = match.board;
  const size = data.size || data.grid.length;
  let view = views.get(root);
  if (!view || view.size !== size) {
    view = build(root, size);
    views.set(root, view);
  }
  const you = match.you ?? null;
  const legal = onMove ? match.legal_moves || [] : [];
  const canTarget = !data.question && legal.some((m) => m && "target" in m);
  // The answers offered to you (kept while your answer is on its way, buttons disabled).
  const answers = data.question && match.status === "active" ? (match.legal_moves || []).filter((m) => m && typeof m.answer === "string") : [];
  const animate = mode !== "replay" && view.ply !== undefined && match.ply > view.ply;
  view.ply = match.ply;
  view.onMove = onMove;
  view.answers = onMove ? answers : [];
  view.match = match;

  const things = thingIndex(data);
  const own = you !== null ? data.warriors?.[you] : null;
  const ownPos = own?.alive ? own.pos : null;
  const last = data.last?.target;
  const mover = data.last ? `W${data.last.seat}` : null;
  const asked = data.question?.target;
  view.wrap.style.setProperty("--jy-you", seatColour(you ?? 0));

  data.grid.forEach((row, x) => {
    row.forEach((label, y) => {
      const cell = view.cells[x][y];
      const isOwn = Boolean(ownPos && ownPos[0] === x && ownPos[1] === y);
      const target = canTarget && !isOwn;
      paintCell(cell, label, things, {
        you,
        target,
        own: isOwn,
        last: Boolean(last && last[0] === x && last[1] === y),
        asked: Boolean(asked && asked[0] === x && asked[1] === y),
        arrive: animate && label === mover && Boolean(last && last[0] === x && last[1] === y),
        players: match.players,
      });
    });
  });
  view.board.classList.toggle("targeting", canTarget);
  view.board.setAttribute(
    "aria-label",
    canTarget ? "The forest of Kafustrok, 10 by 10: your turn, pick a target cell" : "The forest of Kafustrok, 10 by 10",
  );
  ensureTabStop(view);

  paintHead(view, match, canTarget);
  view.wrap.querySelector('.jy-legend-item[data-kind="potion"]').hidden = !data.potions?.length;
  paintDialogue(view, match, answers, mode);
  paintWarriors(view, match);
  paintLog(view, match);
}

export function seatIcon(seat) {
  const el = icon("W", "jy-seat-icon seat-icon");
  el.style.setProperty("--jy-seat", seatColour(seat));
  return el;
}

export function seatSummary(match, seat) {
  const w = match.board?.warriors?.[seat];
  if (!w) return null;
  return w.alive ? `♥ ${w.health} · ◆ ${w.crystals}` : "fallen";
}

// The last move in words: "bob moved to (3,4)", "You met the monster M1", "bob killed the
// monster M1", "alice got 3 crystals from an ally", "You said no".
export function lastMoveNote(match) {
  const data = match.board;
  const last = match.last_move;
  if (!data || !last) return null;
  const seat = last.seat;
  const who = personName(match, seat, {capitalise: true});
  const move = last.move || {};
  const printed = data.printed || [];
  const find = (re) => printed.map((line) => re.exec(line)).find(Boolean);
  if (move.skip) return `${who} ${verb(match, seat, "were", "was")} away: the turn was skipped`;
  if (typeof move.answer === "string") {
    let m;
    if ((m = find(/^W\d+: Nice, I have killed the monster (M\d+)\.$/))) return `${who} killed the monster ${m[1]}`;
    if (find(/^Very sorry, W\d+ has been killed\.$/)) return `${who} lost the fight and fell`;
    if ((m = find(/^W\d+: Thanks for your help! (E\d+)\.$/))) return `${who} got help from the elf ${m[1]}`;
    if (find(/I don't have enough crystals/)) return `${who} had too few crystals for the elf's help`;
    if ((m = find(/^W\d+: Thanks for your shared (\d+) crystals\.$/))) return `${who} got ${m[1]} crystals from an ally`;
    if ((m = find(/^(W\d+): Sorry bro, I cannot share/))) return `${personName(match, Number(m[1].slice(1)), {capitalise: true})} had no crystals to share`;
    return `${who} said ${move.answer}`;
  }
  const q = data.question;
  if (q && q.seat === seat) return `${who} met ${thingName(match, q.speaker)}`;
  const potion = find(/I got additional healing potion (P\d+)\.$/);
  if (potion) return `${who} picked up the healing potion ${potion[1]}`;
  const target = Array.isArray(move.target) ? move.target : data.last?.target;
  return Array.isArray(target) ? `${who} moved to (${target[0]},${target[1]})` : null;
}

// "the monster M1", "the elf E0", "bob (W1)", "you (W0)".
function thingName(match, label) {
  const kind = KIND[label[0]];
  if (kind === "warrior") return `${personName(match, Number(label.slice(1)))} (${label})`;
  return kind ? `the ${kind} ${label}` : label;
}

export function scoreMessage(match) {
  const score = match.result?.score;
  if (!score || score.monsters_left === undefined) return null;
  const warriors = match.board?.warriors?.length ?? match.players?.length;
  const alive = score.warriors_alive;
  return `Monsters left: ${score.monsters_left} · warriors alive: ${alive}${warriors ? ` of ${warriors}` : ""}`;
}

// -- building ------------------------------------------------------------------------------
function build(root, size) {
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

  const legend = div("jy-legend");
  legend.setAttribute("aria-label", "Legend");
  for (const [letter, text] of [
    ["M", "Monster · damage power once met"],
    ["E", "Elf · magic power once met"],
    ["W", "Warrior"],
    ["P", "Life potion"],
  ]) {
    const item = span("jy-legend-item");
    item.dataset.kind = KIND[letter];
    item.append(icon(letter, "jy-legend-icon"), document.createTextNode(text));
    legend.append(item);
  }

  const panels = div("jy-panels");
  const warriorsBox = document.createElement("section");
  warriorsBox.className = "jy-warriors";
  warriorsBox.setAttribute("aria-labelledby", "jy-warriors-title");
  const wTitle = document.createElement("h2");
  wTitle.id = "jy-warriors-title";
  wTitle.textContent = "Warriors";
  const warriorList = document.createElement("ul");
  warriorsBox.append(wTitle, warriorList);

  const logBox = document.createElement("section");
  logBox.className = "jy-logbox";
  logBox.setAttribute("aria-labelledby", "jy-log-title");
  const lTitle = document.createElement("h2");
  lTitle.id = "jy-log-title";
  lTitle.textContent = "Messages";
  const log = div("jy-log");
  log.tabIndex = 0;
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", "Messages of this round and the previous one");
  logBox.append(lTitle, log);
  panels.append(warriorsBox, logBox);

  wrap.append(head, end, stage, legend, panels);
  root.append(wrap);

  const view = {size, wrap, head: {round, turn, left}, end, board, cells, dialogue, warriorList, log, logKey: null, ply: undefined, onMove: null, answers: [], match: null};

  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".jy-cell");
    if (!cell || cell.dataset.target !== "true" || !view.onMove) return;
    view.onMove({target: [Number(cell.dataset.x), Number(cell.dataset.y)]});
  });
  board.addEventListener("keydown", (event) => arrowKeys(view, event));
  board.addEventListener("focusin", (event) => {
    if (event.target.classList.contains("jy-cell")) setTabStop(view, event.target);
  });
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

function answer(view, choice) {
  const move = view.answers.find((m) => m.answer === choice);
  if (move && view.onMove) view.onMove(move);
}

function buildDialogue() {
  const root = div("jy-dialogue");
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-labelledby", "jy-dialogue-title");
  root.hidden = true;
  const header = div("jy-dialogue-head");
  const portrait = span("jy-portrait");
  const title = document.createElement("h2");
  title.id = "jy-dialogue-title";
  header.append(portrait, title);
  const lines = document.createElement("div");
  lines.className = "jy-lines";
  const actions = div("jy-dialogue-actions");
  const wait = document.createElement("p");
  wait.className = "jy-dialogue-wait";
  root.append(header, lines, actions, wait);
  return {root, portrait, title, lines, actions, wait, key: null};
}

// -- painting ------------------------------------------------------------------------------
function thingIndex(data) {
  const out = new Map();
  for (const m of data.monsters || []) out.set(m.name, {power: m.power});
  for (const e of data.elves || []) out.set(e.name, {power: e.power});
  for (const p of data.potions || []) out.set(p.name, {power: p.amount});
  for (const w of data.warriors || []) out.set(w.name, {warrior: w});
  return out;
}

function describe(label, things, {you, players}) {
  if (!label) return "empty";
  const kind = KIND[label[0]] ?? "thing";
  const info = things.get(label) || {};
  if (label[0] === "W") {
    const w = info.warrior;
    const seat = w?.seat ?? Number(label.slice(1));
    const who = seat === you ? "you" : players?.[seat]?.username;
    return [`warrior ${label}${who ? ` (${who})` : ""}`, w && `health ${w.health}`, w && `crystals ${w.crystals}`].filter(Boolean).join(", ");
  }
  const power = info.power ?? null;
  return power === null || power === undefined ? `${kind} ${label}` : `${kind} ${label}, ${POWER_WORD[label[0]]} ${power}`;
}

function paintCell(cell, label, things, {you, target, own, last, asked, arrive, players}) {
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
  const notes = [own && "your warrior", asked && "the open question", last && !asked && "last move"].filter(Boolean);
  const text = `Row ${x}, column ${y}: ${what}${notes.length ? ` (${notes.join(", ")})` : ""}`;
  cell.setAttribute("aria-label", text);
  cell.title = target ? `${text}: ${label ? "visit" : "move here"}` : text;
}

function thingKey(label, things) {
  if (!label) return "";
  const info = things.get(label) || {};
  return label[0] === "W" ? "" : String(info.power ?? "");
}

function paintHead(view, match, canTarget) {
  const data = match.board;
  const {round, turn, left} = view.head;
  round.textContent = `Round ${data.round}`;
  left.textContent = `Monsters left: ${data.monsters_left ?? "?"}`;
  let text;
  const mover = data.turn;
  const you = match.you ?? null;
  if (data.result) text = data.result === "victory" ? "Victory!" : "Defeat";
  else if (match.status === "waiting") text = "Waiting for players to join…";
  else if (match.status === "aborted") text = "Match aborted";
  else if (data.question) {
    const q = data.question;
    text = q.seat === you ? `${q.speaker} is talking to you: answer below` : `${q.speaker} is talking to ${personName(match, q.seat)} (W${q.seat})`;
  } else if (mover === you && you !== null) text = canTarget ? "Your turn: pick a target cell" : "Your turn";
  else if (mover !== null && mover !== undefined) text = `${possessive(match, mover, {capitalise: true})} turn (W${mover})`;
  else text = "";
  turn.textContent = text;
  turn.classList.toggle("yours", mover === you && you !== null && !data.result && match.status === "active");
  view.wrap.dataset.turn = mover ?? "";

  view.end.hidden = !data.result;
  view.end.className = `jy-end ${data.result || ""}`;
  // The end as the result panel words it, for allies ("You all won: every monster is gone").
  view.end.textContent = data.result ? resultText(match.result ? match : {...match, result: {reason: data.result, winners: [], draw: false}}) : "";
}

function paintDialogue(view, match, answers, mode) {
  const q = match.board.question;
  const d = view.dialogue;
  d.root.hidden = !q;
  if (!q) {
    d.key = null;
    return;
  }
  const mine = answers.length > 0;
  const key = `${match.ply}|${q.speaker}|${mine}`;
  d.root.classList.toggle("mine", mine);
  d.root.classList.toggle("top", q.target[0] >= Math.ceil(view.size / 2)); // keep the target cell visible
  if (d.key === key) {
    for (const b of d.actions.querySelectorAll("button")) b.disabled = !view.onMove;
    return;
  }
  const fresh = d.key === null;
  d.key = key;
  const letter = q.speaker[0];
  d.portrait.replaceChildren(icon(letter, "jy-portrait-icon"));
  d.portrait.style.setProperty("--jy-seat", seatColour(Number(q.speaker.slice(1))));
  d.title.textContent = `${KIND[letter] ? capitalise(KIND[letter]) : ""} ${q.speaker} speaks to ${q.seat === match.you ? "you" : `${personName(match, q.seat)} (W${q.seat})`}`.trim();
  const prefix = `${q.speaker}: `;
  d.lines.replaceChildren(
    ...q.lines
      .filter((line) => !isOptionLine(line))
      .map((line) => {
        const p = document.createElement("p");
        p.textContent = line.startsWith(prefix) ? line.slice(prefix.length) : line;
        return p;
      }),
  );
  const options = q.options?.length ? q.options : [{answer: "yes", label: "1. Yes"}, {answer: "no", label: "2. No"}];
  if (mine) {
    d.actions.replaceChildren(
      ...options.map((o) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = `button ${o.answer === "yes" ? "primary" : ""}`.trim();
        b.dataset.answer = o.answer;
        b.textContent = capitalise(o.answer);
        b.title = `${capitalise(o.answer)} (key ${o.label.split(".")[0]})`;
        b.disabled = !view.onMove;
        return b;
      }),
    );
    d.wait.textContent = "";
    d.wait.hidden = true;
    if (fresh) {
      d.actions.querySelector("button")?.focus({preventScroll: true});
      d.root.scrollIntoView({block: "nearest"}); // under the board on a phone
    }
  } else {
    d.actions.replaceChildren();
    d.wait.hidden = false;
    const choices = options.map((o) => capitalise(o.answer)).join(" or ");
    d.wait.textContent =
      mode === "replay"
        ? `${possessive(match, q.seat, {capitalise: true})} choice: ${choices}`
        : `Waiting for ${personName(match, q.seat)} (W${q.seat}) to answer: ${choices}`;
  }
}

function paintWarriors(view, match) {
  const data = match.board;
  const you = match.you ?? null;
  const items = (data.warriors || []).map((w) => {
    const li = document.createElement("li");
    li.className = "jy-warrior";
    li.classList.toggle("dead", !w.alive);
    li.classList.toggle("you", w.seat === you);
    li.classList.toggle("to-move", data.turn === w.seat && !data.result && match.status === "active");
    li.style.setProperty("--jy-seat", seatColour(w.seat));
    const pic = icon("W", "jy-warrior-icon");
    const name = span("jy-warrior-name");
    name.append(document.createTextNode(`${w.name} · ${playerName(match, w.seat)}`));
    if (w.seat === you) name.append(span("you-tag", "you"));
    if (!w.alive) name.append(span("jy-dead-tag", "fallen"));
    else if (data.turn === w.seat && !data.result && match.status === "active") name.append(span("jy-move-tag", "to move"));
    const health = Math.max(0, w.health);
    const bar = div("jy-bar");
    bar.setAttribute("role", "img");
    bar.setAttribute("aria-label", `health ${health} of ${HEALTH_BAR_MAX}`);
    const fill = span("jy-bar-fill");
    const ratio = Math.min(1, health / HEALTH_BAR_MAX);
    fill.style.width = `${ratio * 100}%`;
    fill.classList.toggle("low", ratio <= 0.25);
    fill.classList.toggle("mid", ratio > 0.25 && ratio <= 0.5);
    bar.append(fill);
    const stats = div("jy-stats");
    const hp = span("jy-stat");
    hp.append(icon("heart", "jy-stat-icon"), span(null, `${health}/${HEALTH_BAR_MAX}`));
    const gems = span("jy-stat");
    gems.setAttribute("aria-label", `${w.crystals} magic crystals`);
    gems.append(icon("crystal", "jy-stat-icon"), span(null, String(w.crystals)));
    const pos = span("jy-pos", w.alive && w.pos ? `at (${w.pos[0]},${w.pos[1]})` : "");
    stats.append(hp, gems, pos);
    li.append(pic, name, bar, stats);
    return li;
  });
  view.warriorList.replaceChildren(...items);
}

function paintLog(view, match) {
  const data = match.board;
  const names = (match.players || []).map((p) => [p.username, p.computer]);
  const key = JSON.stringify([data.round, data.previous_log, data.log, match.you, names]);
  if (key === view.logKey) return;
  view.logKey = key;
  const blocks = [];
  if (data.previous_log?.length) blocks.push(logBlock(`Round ${data.round - 1}`, data.previous_log, match));
  blocks.push(logBlock(`Round ${data.round}${data.result ? "" : " (now)"}`, data.log || [], match));
  view.log.replaceChildren(...blocks);
  view.log.scrollTop = view.log.scrollHeight;
}

function logBlock(title, lines, match) {
  const block = div("jy-log-block");
  const h = document.createElement("h3");
  h.textContent = title;
  const list = document.createElement("ol");
  const shown = toldForPeople(lines, match);
  if (!shown.length) {
    const li = document.createElement("li");
    li.className = "jy-line quiet";
    li.textContent = "Nothing yet.";
    list.append(li);
  }
  for (const {kind, speaker, text} of shown) {
    const li = document.createElement("li");
    li.className = `jy-line ${kind}`;
    if (speaker) {
      const b = document.createElement("b");
      b.textContent = `${speaker}: `;
      li.append(b, document.createTextNode(text));
    } else li.textContent = text;
    list.append(li);
  }
  block.append(h, list);
  return block;
}

// A round's console lines told for people: the turn's opening prompt becomes "bob's turn:
// at (3,4), health 40."; the typed target and answers become "bob chose (5,6)." and "bob
// answered yes."; a warrior speaks under their player's name; the option lines go.
function toldForPeople(lines, match) {
  const out = [];
  let seat = null; // whose turn the lines are about
  const who = (s) => personName(match, s, {capitalise: true});
  for (const line of lines) {
    if (isOptionLine(line) || line.startsWith("Specify your target")) continue;
    const hi = /^Hi, W(\d+)\. Your position is \((\d+),(\d+)\) and health is (-?\d+)\.$/.exec(line);
    if (hi) {
      seat = Number(hi[1]);
      out.push({kind: "prompt", text: `${possessive(match, seat, {capitalise: true})} turn: at (${hi[2]},${hi[3]}), health ${hi[4]}.`});
      continue;
    }
    const kind = lineKind(line);
    if (kind === "input") {
      const subject = seat === null ? "The warrior" : who(seat);
      const answer = {1: "yes", 2: "no"}[line];
      out.push({kind, text: answer ? `${subject} answered ${answer}.` : `${subject} chose (${line.split(" ").join(",")}).`});
      continue;
    }
    const killed = /^Very sorry, W(\d+) has been killed\.$/.exec(line);
    if (killed) {
      const s = Number(killed[1]);
      out.push({kind, text: `${who(s)} ${verb(match, s, "were", "was")} killed.`});
      continue;
    }
    const away = /^\(W(\d+) is away: the turn is skipped\.\)$/.exec(line);
    if (away) {
      const s = Number(away[1]);
      out.push({kind, text: `${who(s)} ${verb(match, s, "are", "is")} away: the turn is skipped.`});
      continue;
    }
    const said = /^([MEWP])(\d+): (.*)$/.exec(line);
    if (said) {
      const name = said[1] === "W" ? `${who(Number(said[2]))} (W${said[2]})` : `${said[1]}${said[2]}`;
      out.push({kind, speaker: name, text: said[3]});
      continue;
    }
    out.push({kind, text: line});
  }
  return out;
}

// The console's lines, by kind (only for how they look).
function lineKind(line) {
  if (/^\d+ \d+$/.test(line) || /^[12]$/.test(line)) return "input";
  if (/^Hi, W\d+\. /.test(line) || line.startsWith("Specify your target")) return "prompt";
  if (/^Congratulations|^Unfortunately|^Very sorry/.test(line)) return "event";
  return "msg";
}

function isOptionLine(line) {
  return /^[12]\. (Yes|No)$/.test(line) || /You now have following options:\s*$/.test(line);
}

// -- keyboard: one cell in the tab order (at first your warrior's), arrow keys move -------
function ensureTabStop(view) {
  if (view.board.querySelector('.jy-cell[tabindex="0"]')) return;
  setTabStop(view, view.board.querySelector(".jy-cell.own") || view.cells[0][0]);
}

function setTabStop(view, cell) {
  for (const el of view.board.querySelectorAll('.jy-cell[tabindex="0"]')) el.tabIndex = -1;
  cell.tabIndex = 0;
}

function arrowKeys(view, event) {
  const cell = event.target.closest(".jy-cell");
  if (!cell) return;
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[event.key];
  let x = Number(cell.dataset.x);
  let y = Number(cell.dataset.y);
  if (step) {
    x = Math.min(view.size - 1, Math.max(0, x + step[0]));
    y = Math.min(view.size - 1, Math.max(0, y + step[1]));
  } else if (event.key === "Home") y = 0;
  else if (event.key === "End") y = view.size - 1;
  else return;
  event.preventDefault();
  event.stopPropagation();
  const next = view.cells[x][y];
  setTabStop(view, next);
  next.focus();
}

// -- helpers -------------------------------------------------------------------------------
const SEAT_COLOURS = ["#1c7ed6", "#e8590c", "#7048e8", "#0ca678"];

function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length] ?? SEAT_COLOURS[0];
}

function playerName(match, seat) {
  const p = match.players?.[seat];
  if (!p) return `W${seat}`;
  if (p.computer) return "computer";
  return p.username || "open seat";
}

function icon(name, className) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", className);
  svg.innerHTML = ICONS[name] ?? "";
  return svg;
}

function coord(text, kind) {
  const el = span(`jy-coord ${kind}`, text);
  el.setAttribute("aria-hidden", "true");
  return el;
}

function div(className) {
  const el = document.createElement("div");
  if (className) el.className = className;
  return el;
}

function span(className, text) {
  const el = document.createElement("span");
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function capitalise(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
