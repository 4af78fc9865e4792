/*
 * Alpha Battle renderer (contract: see static/games/reversi/render.js). It knows no rule:
 * what it shows comes from the server's view, and the setup form only checks the shape
 * of what is typed (the server's `legal_moves` description gives that shape and the
 * server validates the move).
 *
 * Board view (games/rules/engines/alpha_battle.py, view()):
 *   before both committed: {seed, committed: [bool, bool], revealed: false,
 *     setups: [own setup or null, ...], reduced/removed/score/message: null, rounds: []}
 *   after: {revealed: true, setups: [{letters, indices}, {letters, indices}],
 *     reduced: ["16 letters of P", "16 of Q"], removed: [[indices struck from P's string],
 *     [... from Q's]], rounds: [{round, letters: [p, q], ascii: [p, q], winner: seat|null,
 *     points, score: {P, Q}} x 16], score: {P, Q}, message: <the seed's line, not shown>}
 * A move is {"letters": "<26 distinct A-Z>", "indices": [<10 distinct 0..25>]}; seat 0 is
 * P, seat 1 Q (their icons); during the setup `to_move` may hold both seats. The page names
 * people ("bob's letters", "Waiting for bob…"), never "Player P".
 *
 * Three faces: the secret setup form (you are to move), the waiting room (committed flags,
 * your own setup once committed) and the battle (both setups, the struck letters, the 16
 * rounds and the running score). A live page that sees the reveal happen plays the rounds
 * out one by one (ROUND_MS each, "Show all" skips); meanwhile settled(match) is false and
 * the page holds the result panel until the renderer fires "board-settled". A replay
 * (mode "replay"), or a page opened after the reveal, shows everything at once.
 */

import {personName, possessive, resultText} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";

const ROUND_MS = 400;
const NAMES = ["P", "Q"];
const DEFAULT_SHAPE = {alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", count: 10, low: 0, high: 25};

await loadStylesheet(new URL("./board.css", import.meta.url));

const views = new WeakMap(); // root -> view
const animating = new Set(); // ids of matches whose battle is still being played out

// -- the contract ------------------------------------------------------------------------
export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const board = match.board || {};
  let view = views.get(root);
  if (!view || view.matchId !== match.id) {
    stopAnimation(view);
    view = build(root, match.id);
    views.set(root, view);
  }
  const you = seatOf(match);
  const toMove = match.status === "active" && you !== null && (match.to_move || []).includes(you);
  const phase = board.revealed ? "battle" : toMove && !board.setups?.[you] && mode !== "replay" ? "setup" : "wait";
  if (phase !== view.phase) {
    const observedReveal = phase === "battle" && view.phase !== null && mode !== "replay";
    view.body.replaceChildren();
    stopAnimation(view);
    if (phase === "setup") view.setup = buildSetup(view, match);
    if (phase === "wait") view.wait = buildWait(view);
    if (phase === "battle") view.battle = buildBattle(view, match, observedReveal);
    view.phase = phase;
  }
  view.match = match;
  view.root.dataset.phase = phase;
  paintSeats(view, match);
  if (phase === "setup") paintSetup(view, match, onMove);
  if (phase === "wait") paintWait(view, match);
  if (phase === "battle") paintBattle(view);
}

export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `ab-seat-icon seat-icon s${seat}`;
  el.setAttribute("aria-hidden", "true");
  el.textContent = NAMES[seat] ?? "?";
  return el;
}

export function seatSummary(match, seat) {
  const board = match.board;
  if (!board) return null;
  if (board.revealed) {
    if (animating.has(match.id) || !board.score) return null; // no spoiler mid-battle
    const n = board.score[NAMES[seat]];
    return `${n} ${n === 1 ? "point" : "points"}`;
  }
  if (match.status === "waiting") return null;
  return board.committed?.[seat] ? "✓" : "…"; // the cards over the board say it in words
}

export function lastMoveNote(match) {
  const last = match.last_move;
  if (!last || !match.board) return null;
  if (match.board.revealed) return "Both setups are in: the battle is on!";
  if (last.seat === match.you) return "Your setup is committed.";
  return `${personName(match, last.seat, {capitalise: true})} has committed a setup.`;
}

// False while the battle is still being played out on this page (see the top comment).
export function settled(match) {
  return !animating.has(match.id);
}

// -- the frame: the two seats and the body -----------------------------------------------
function build(root, matchId) {
  root.replaceChildren();
  const wrap = el("div", "ab");
  const seats = el("div", "ab-seats");
  const cards = [0, 1].map((seat) => {
    const card = el("div", `ab-card s${seat}`);
    card.dataset.seat = seat;
    const icon = seatIcon(seat);
    const who = el("div", "ab-who");
    const name = el("span", "ab-name");
    const state = el("span", "ab-state");
    who.append(name, state);
    const score = el("span", "ab-score");
    card.append(icon, who, score);
    seats.append(card);
    return {card, name, state, score};
  });
  const vs = el("span", "ab-vs", "vs");
  vs.setAttribute("aria-hidden", "true");
  seats.insertBefore(vs, seats.children[1]);
  const body = el("div", "ab-body");
  wrap.append(seats, body);
  root.append(wrap);
  return {root: wrap, matchId, phase: null, cards, body, match: null};
}

function paintSeats(view, match) {
  const board = match.board || {};
  const shown = board.revealed ? shownScore(view) : null;
  view.cards.forEach(({card, name, state, score}, seat) => {
    const player = match.players?.[seat];
    const you = seat === match.you;
    name.textContent = `${player?.computer ? "Computer" : player?.username || "open seat"}${you ? " (you)" : ""}`;
    card.classList.toggle("you", you);
    const committed = Boolean(board.committed?.[seat]);
    card.classList.toggle("committed", committed);
    let text;
    if (board.revealed) text = "revealed";
    else if (!player?.username && !player?.computer) text = "not here yet";
    else if (committed) text = "✓ committed";
    else text = match.status === "active" ? "setting up…" : "";
    state.textContent = text;
    score.textContent = shown ? String(shown[NAMES[seat]]) : "";
    score.hidden = !shown;
    score.setAttribute("aria-label", shown ? `${shown[NAMES[seat]]} points` : "");
    const lead = shown && shown[NAMES[seat]] > shown[NAMES[1 - seat]];
    card.classList.toggle("leading", Boolean(lead));
  });
}

// -- the secret setup --------------------------------------------------------------------
// The shape of a setup, read from the server's description when there is one.
function shapeOf(match) {
  const shape = {...DEFAULT_SHAPE};
  const description = (match.legal_moves || []).find((m) => typeof m.letters === "string" && typeof m.indices === "string");
  if (!description) return shape;
  const range = /([A-Z])-([A-Z])/.exec(description.letters);
  if (range) {
    const from = range[1].charCodeAt(0);
    const to = range[2].charCodeAt(0);
    if (to > from) shape.alphabet = String.fromCharCode(...Array.from({length: to - from + 1}, (_, i) => from + i));
  }
  const count = /(\d+)\s+distinct/.exec(description.indices);
  if (count) shape.count = Number(count[1]);
  const bounds = /(\d+)\s*\.\.\s*(\d+)/.exec(description.indices);
  if (bounds) [shape.low, shape.high] = [Number(bounds[1]), Number(bounds[2])];
  return shape;
}

function buildSetup(view, match) {
  const shape = shapeOf(match);
  const you = match.you;
  const other = possessive(match, 1 - you);
  const positions = range(shape.low, shape.high);
  const section = el("section", "ab-setup");
  section.setAttribute("aria-labelledby", "ab-setup-title");
  const title = el("h2", null, "Your secret setup");
  title.id = "ab-setup-title";
  const intro = el(
    "p",
    "ab-intro",
    `Arrange the ${shape.alphabet.length} letters in any order, then pick ${shape.count} positions: ` +
      `they strike those letters from ${other} string. Nobody sees your setup before both are in.`,
  );

  // The letters.
  const lettersField = el("div", "ab-field");
  const lettersLabel = el("label", null, `1. Your ${shape.alphabet.length} letters, each once`);
  lettersLabel.htmlFor = "ab-letters";
  const lettersRow = el("div", "ab-row");
  const letters = document.createElement("input");
  Object.assign(letters, {type: "text", id: "ab-letters", name: "letters", autocomplete: "off", spellcheck: false});
  letters.setAttribute("autocapitalize", "characters");
  letters.setAttribute("aria-describedby", "ab-letters-hint");
  letters.placeholder = "e.g. MZNHUVIOEPTWFJCBXKALSDQGYR";
  const shuffle = button("Shuffle", "button");
  shuffle.dataset.action = "shuffle";
  lettersRow.append(letters, shuffle);
  const lettersTiles = el("div", "ab-tiles ab-preview");
  lettersTiles.setAttribute("aria-hidden", "true");
  const lettersTileEls = positions.map((i) => {
    const tile = tileEl("", i);
    lettersTiles.append(tile);
    return tile;
  });
  const lettersHint = el("p", "ab-hint");
  lettersHint.id = "ab-letters-hint";
  lettersHint.setAttribute("aria-live", "polite");
  lettersField.append(lettersLabel, lettersRow, lettersTiles, lettersHint);

  // The indices.
  const indicesField = el("div", "ab-field");
  const indicesTitle = el("p", "ab-label", `2. ${shape.count} positions to strike from ${other} letters`);
  indicesTitle.id = "ab-indices-title";
  const strip = el("div", "ab-tiles ab-strip");
  strip.setAttribute("role", "group");
  strip.setAttribute("aria-labelledby", "ab-indices-title");
  const stripButtons = positions.map((i) => {
    const b = button(String(i), "ab-pos");
    b.dataset.index = i;
    b.setAttribute("aria-pressed", "false");
    b.setAttribute("aria-label", `Position ${i}`);
    strip.append(b);
    return b;
  });
  const indicesRow = el("div", "ab-row ab-row-2");
  const indicesLabel = el("label", "visually-hidden", "Positions, typed");
  indicesLabel.htmlFor = "ab-indices";
  const indices = document.createElement("input");
  Object.assign(indices, {type: "text", id: "ab-indices", name: "indices", autocomplete: "off", spellcheck: false});
  indices.setAttribute("inputmode", "numeric");
  indices.setAttribute("aria-describedby", "ab-indices-hint");
  indices.placeholder = `or type them: 1 3 2 8 …`;
  const random = button("Random", "button");
  random.dataset.action = "random";
  const clear = button("Clear", "button");
  clear.dataset.action = "clear";
  indicesRow.append(indicesLabel, indices, random, clear);
  const indicesHint = el("p", "ab-hint");
  indicesHint.id = "ab-indices-hint";
  indicesHint.setAttribute("aria-live", "polite");
  indicesField.append(indicesTitle, strip, indicesRow, indicesHint);

  // Commit.
  const actions = el("div", "ab-actions");
  const commit = button("Commit setup", "button primary large");
  commit.dataset.action = "commit";
  const commitNote = el("p", "ab-hint", "A committed setup cannot be changed.");
  commitNote.id = "ab-commit-note";
  commit.setAttribute("aria-describedby", "ab-commit-note");
  actions.append(commit, commitNote);

  section.append(title, intro, lettersField, indicesField, actions);
  view.body.append(section);

  const setup = {shape, letters, lettersTileEls, lettersHint, indices, stripButtons, indicesHint, commit, commitNote, chosen: [], onMove: null};

  const refresh = () => paintSetupInputs(setup);
  letters.addEventListener("input", () => {
    normaliseLetters(letters);
    refresh();
  });
  shuffle.addEventListener("click", () => {
    letters.value = shuffled([...shape.alphabet]).join("");
    refresh();
  });
  indices.addEventListener("input", () => {
    setup.chosen = parseIndices(indices.value, shape).valid;
    refresh();
  });
  strip.addEventListener("click", (event) => {
    const b = event.target.closest(".ab-pos");
    if (!b || b.getAttribute("aria-disabled") === "true") return;
    const i = Number(b.dataset.index);
    setup.chosen = setup.chosen.includes(i) ? setup.chosen.filter((j) => j !== i) : [...setup.chosen, i];
    indices.value = setup.chosen.join(" ");
    refresh();
  });
  random.addEventListener("click", () => {
    setup.chosen = shuffled(positions).slice(0, shape.count);
    indices.value = setup.chosen.join(" ");
    refresh();
  });
  clear.addEventListener("click", () => {
    setup.chosen = [];
    indices.value = "";
    refresh();
  });
  commit.addEventListener("click", () => {
    const move = readSetup(setup);
    if (move && setup.onMove) setup.onMove(move);
  });
  refresh();
  return setup;
}

function paintSetup(view, match, onMove) {
  const setup = view.setup;
  setup.onMove = onMove;
  setup.waiting = !onMove;
  const otherSeat = 1 - match.you;
  const otherDone = Boolean(match.board?.committed?.[otherSeat]);
  setup.commitNote.textContent = !onMove
    ? "Sending your setup…"
    : `A committed setup cannot be changed. ${personName(match, otherSeat, {capitalise: true})} ${otherDone ? "has committed and waits for you." : "is still setting up."}`;
  paintSetupInputs(setup);
}

function paintSetupInputs(setup) {
  const {shape} = setup;
  const text = setup.letters.value;
  const check = checkLetters(text, shape.alphabet);
  const counts = new Map();
  for (const c of text) counts.set(c, (counts.get(c) || 0) + 1);
  setup.lettersTileEls.forEach((tile, i) => {
    const c = text[i] ?? "";
    tile.querySelector(".ab-letter").textContent = c;
    tile.classList.toggle("bad", Boolean(c) && (counts.get(c) > 1 || !shape.alphabet.includes(c)));
    tile.classList.toggle("empty", !c);
  });
  setup.lettersHint.textContent = check.message;
  setup.lettersHint.classList.toggle("ok", check.ok);
  setup.letters.setAttribute("aria-invalid", text && !check.ok ? "true" : "false");

  const parsed = parseIndices(setup.indices.value, shape);
  const chosen = new Set(setup.chosen);
  const full = setup.chosen.length >= shape.count;
  for (const b of setup.stripButtons) {
    const on = chosen.has(Number(b.dataset.index));
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.setAttribute("aria-disabled", !on && full ? "true" : "false");
  }
  let message;
  let ok = false;
  if (parsed.bad.length) message = `Not a position ${shape.low}..${shape.high}: ${parsed.bad.join(", ")}.`;
  else if (parsed.repeated.length) message = `Each position once: ${parsed.repeated.join(", ")} repeated.`;
  else if (setup.chosen.length > shape.count) message = `${setup.chosen.length} chosen: ${setup.chosen.length - shape.count} too many.`;
  else if (setup.chosen.length === shape.count) {
    ok = true;
    message = `✓ ${shape.count} positions: ${[...setup.chosen].sort((a, b) => a - b).join(", ")}.`;
  } else message = `${setup.chosen.length} of ${shape.count} chosen.`;
  setup.indicesHint.textContent = message;
  setup.indicesHint.classList.toggle("ok", ok);
  setup.indices.setAttribute("aria-invalid", parsed.bad.length || parsed.repeated.length ? "true" : "false");

  const ready = check.ok && ok;
  setup.commit.disabled = !ready || setup.waiting;
  setup.commit.textContent = setup.waiting ? "Committing…" : "Commit setup";
}

function readSetup(setup) {
  const check = checkLetters(setup.letters.value, setup.shape.alphabet);
  if (!check.ok || setup.chosen.length !== setup.shape.count) return null;
  return {letters: setup.letters.value, indices: [...setup.chosen]};
}

// Shape checks of what is typed (the server decides; these only guide the typing).
function checkLetters(text, alphabet) {
  const counts = new Map();
  const bad = new Set();
  for (const c of text) {
    if (alphabet.includes(c)) counts.set(c, (counts.get(c) || 0) + 1);
    else bad.add(c);
  }
  const missing = [...alphabet].filter((c) => !counts.has(c));
  const repeated = [...alphabet].filter((c) => counts.get(c) > 1);
  if (!text) return {ok: false, message: `Type the ${alphabet.length} letters, or press Shuffle.`};
  if (bad.size) return {ok: false, message: `Letters ${alphabet[0]}-${alphabet.at(-1)} only: remove ${[...bad].map((c) => `“${c}”`).join(" ")}.`};
  if (!missing.length && !repeated.length) return {ok: true, message: `✓ All ${alphabet.length} letters, each once.`};
  const parts = [];
  if (missing.length) parts.push(`missing ${missing.join(" ")}`);
  if (repeated.length) parts.push(`repeated ${repeated.join(" ")}`);
  return {ok: false, message: `${text.length} of ${alphabet.length} letters: ${parts.join("; ")}.`};
}

function parseIndices(text, shape) {
  const valid = [];
  const bad = [];
  const repeated = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const n = /^\d+$/.test(token) ? Number(token) : NaN;
    if (!(n >= shape.low && n <= shape.high)) bad.push(token);
    else if (valid.includes(n)) repeated.push(n);
    else valid.push(n);
  }
  return {valid, bad, repeated};
}

function normaliseLetters(input) {
  const raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  const clean = (s) => s.toUpperCase().replace(/\s+/g, "");
  const value = clean(raw);
  if (value === raw) return;
  input.value = value;
  const at = clean(raw.slice(0, caret)).length;
  input.setSelectionRange(at, at);
}

// -- waiting: the committed flags (and your own setup once it is in) ---------------------
function buildWait(view) {
  const section = el("section", "ab-wait");
  const message = el("p", "ab-wait-message");
  message.setAttribute("aria-live", "polite");
  const own = el("div", "ab-own");
  section.append(message, own);
  view.body.append(section);
  return {message, own, ownKey: null};
}

function paintWait(view, match) {
  const {message, own} = view.wait;
  const board = match.board || {};
  const you = seatOf(match);
  const committed = board.committed || [false, false];
  const mine = you !== null ? board.setups?.[you] : null;
  const other = you !== null ? 1 - you : null;
  let text;
  if (match.status === "waiting") text = "The secret setup starts when both players are here.";
  else if (match.status === "aborted") text = "This match was aborted.";
  else if (match.status === "finished") text = "The match ended before both setups were in.";
  else if (mine) text = committed[other] ? "Both setups are in: revealing…" : `Your setup is locked in. Waiting for ${personName(match, other)}…`;
  else if (you === null) {
    const done = [0, 1].filter((s) => committed[s]).map((s) => personName(match, s, {capitalise: true}));
    text = done.length
      ? `${done.join(" and ")} ${done.length === 1 ? "has" : "have"} committed. The setups stay secret until both are in.`
      : "Both players are setting up in secret.";
  } else text = "Setting up…";
  message.textContent = text;

  const key = mine ? JSON.stringify(mine) : null;
  if (key === view.wait.ownKey) return;
  view.wait.ownKey = key;
  own.replaceChildren();
  if (!mine) return;
  own.append(
    el("h2", null, "Your setup"),
    lettersRow(mine.letters, [], `Your letters, positions 0 to ${mine.letters.length - 1}`),
    el("p", "ab-console", orderLine(match, you, mine)),
    el("p", "ab-detail", `You strike positions ${[...mine.indices].sort((a, b) => a - b).join(", ")} of ${possessive(match, other)} letters.`),
  );
}

// -- the battle ---------------------------------------------------------------------------
function buildBattle(view, match, animate) {
  const board = match.board;
  const section = el("section", "ab-battle");
  const setups = el("div", "ab-setups");
  [0, 1].forEach((seat) => {
    const setup = board.setups[seat];
    const struck = board.removed?.[seat] || [];
    const block = el("div", `ab-setup-view s${seat}`);
    const head = el("h3");
    const whose = possessive(match, seat, {capitalise: true});
    const striker = personName(match, 1 - seat, {capitalise: true});
    head.append(seatIcon(seat), document.createTextNode(` ${whose} letters`));
    block.append(
      head,
      lettersRow(setup.letters, struck, `${whose} letters; struck by ${personName(match, 1 - seat)}: positions ${struck.join(", ")}`),
      el("p", "ab-console", orderLine(match, seat, setup)),
      el("p", "ab-detail", `${striker} struck positions ${struck.join(", ")}, leaving `),
    );
    const left = el("span", "ab-mono", board.reduced?.[seat] ?? "");
    block.lastElementChild.append(left, document.createTextNode("."));
    setups.append(block);
  });

  const duelsHead = el("div", "ab-duels-head");
  const title = el("h3", null, "The 16 rounds");
  title.textContent = `The ${board.rounds.length} rounds`;
  const progress = el("span", "ab-progress");
  progress.setAttribute("aria-live", "polite");
  const showAll = button("Show all", "button small");
  showAll.dataset.action = "show-all";
  duelsHead.append(title, progress, showAll);

  const table = el("table", "ab-rounds");
  const caption = el(
    "caption",
    "visually-hidden",
    `Rounds: the letters of ${seatName(match, 0)} (P) and ${seatName(match, 1)} (Q), their ASCII codes, the points won and the running score`,
  );
  const thead = el("thead");
  const hr = el("tr");
  for (const h of ["#", "P", "Q", "Points", "Score"]) {
    const th = el("th", null, h);
    th.scope = "col";
    hr.append(th);
  }
  thead.append(hr);
  const tbody = el("tbody");
  const rows = board.rounds.map((r) => {
    const tr = el("tr");
    const n = el("th", null, String(r.round));
    n.scope = "row";
    const cells = [0, 1].map((seat) => {
      const td = el("td", "ab-duel-cell");
      const tile = el("span", `ab-tile ab-duel s${seat}${r.winner === seat ? " won" : ""}${r.winner === null ? " tie" : ""}`);
      tile.append(el("span", "ab-letter", r.letters[seat]));
      td.append(tile, el("span", "ab-ascii", String(r.ascii[seat])));
      return td;
    });
    const points = el("td", "ab-points", r.winner === null ? "= 0" : `+${r.points} ${NAMES[r.winner]}`);
    if (r.winner !== null) points.classList.add(`s${r.winner}`);
    const score = el("td", "ab-running", `${r.score.P} – ${r.score.Q}`);
    tr.append(n, ...cells, points, score);
    tbody.append(tr);
    return tr;
  });
  table.append(caption, thead, tbody);
  const tableWrap = el("div", "ab-table-wrap");
  tableWrap.append(table);

  const message = el("p", "ab-message");
  message.setAttribute("aria-live", "polite");
  section.append(setups, duelsHead, tableWrap, message);
  view.body.append(section);

  const battle = {rows, progress, showAll, message, total: board.rounds.length, shown: board.rounds.length, timer: null, board};
  showAll.addEventListener("click", () => finish(view));
  if (animate && battle.total) {
    battle.shown = 0;
    animating.add(view.matchId);
    battle.timer = setInterval(() => {
      battle.shown += 1;
      if (battle.shown >= battle.total) finish(view);
      else paintBattle(view);
    }, ROUND_MS);
  }
  return battle;
}

function paintBattle(view) {
  const battle = view.battle;
  const board = view.match?.board || battle.board;
  const done = battle.shown >= battle.total;
  battle.rows.forEach((tr, i) => {
    const on = i < battle.shown;
    tr.classList.toggle("pending", !on);
    tr.classList.toggle("current", on && i === battle.shown - 1 && !done);
    tr.setAttribute("aria-hidden", on ? "false" : "true");
  });
  battle.progress.textContent = done ? "" : `Round ${battle.shown} of ${battle.total}`;
  battle.showAll.hidden = done;
  battle.message.textContent = done ? (view.match?.result ? resultText(view.match) : "") || "" : "";
  battle.message.hidden = !done;
  paintSeats(view, view.match);
}

function finish(view) {
  const battle = view.battle;
  if (!battle) return;
  const wasAnimating = animating.has(view.matchId);
  stopAnimation(view);
  battle.shown = battle.total;
  paintBattle(view);
  if (wasAnimating) view.root.dispatchEvent(new CustomEvent("board-settled", {bubbles: true}));
}

function stopAnimation(view) {
  if (!view) return;
  if (view.battle?.timer) clearInterval(view.battle.timer);
  if (view.battle) view.battle.timer = null;
  animating.delete(view.matchId);
}

function shownScore(view) {
  const battle = view.battle;
  if (!battle || !battle.total) return view.match?.board?.score || null;
  if (battle.shown <= 0) return {P: 0, Q: 0};
  return battle.board.rounds[Math.min(battle.shown, battle.total) - 1].score;
}

// -- small builders -----------------------------------------------------------------------
// A setup's letters as one word, for reading and copying: "Your order: MZNH…".
function orderLine(match, seat, setup) {
  return `${possessive(match, seat, {capitalise: true})} order: ${setup.letters}`;
}

function lettersRow(letters, struck, label) {
  const row = el("div", "ab-tiles");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", `${label}: ${[...letters].join(" ")}`);
  const gone = new Set(struck);
  [...letters].forEach((c, i) => {
    const tile = tileEl(c, i);
    if (gone.has(i)) tile.classList.add("struck");
    row.append(tile);
  });
  return row;
}

function tileEl(letter, index) {
  const tile = el("span", "ab-tile");
  tile.append(el("span", "ab-letter", letter), el("span", "ab-index", String(index)));
  return tile;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, className) {
  const b = el("button", className, text);
  b.type = "button";
  return b;
}

function range(low, high) {
  return Array.from({length: high - low + 1}, (_, i) => low + i);
}

function shuffled(items) {
  const out = [...items];
  const random = new Uint32Array(out.length);
  crypto.getRandomValues(random);
  for (let i = out.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// A seat's player by name, the same for every reader (no "you").
function seatName(match, seat) {
  const p = match.players?.[seat];
  return p?.computer ? "the computer" : p?.username || (seat === 0 ? "P" : "Q");
}

function seatOf(match) {
  return match.you === null || match.you === undefined ? null : match.you;
}
