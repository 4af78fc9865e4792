// Alpha Battle's secret setup form (you are to move): the letters with Shuffle, the
// positions to strike (a strip of buttons or typed), and Commit.

import {gettext, interpolate} from "../../js/i18n.js";
import {personName} from "../../js/match_info.js";
import {button, el, range, shuffled, tileEl} from "./helpers.js";
import {checkLetters, normaliseLetters, parseIndices, shapeOf} from "./setup_checks.js";

export function buildSetup(view, match) {
  const shape = shapeOf(match);
  const you = match.you;
  const other = personName(match, 1 - you);
  const positions = range(shape.low, shape.high);
  const section = el("section", "ab-setup");
  section.setAttribute("aria-labelledby", "ab-setup-title");
  const title = el("h2", null, gettext("Your secret setup"));
  title.id = "ab-setup-title";
  const intro = el(
    "p",
    "ab-intro",
    interpolate(
      gettext(
        "Arrange the %(letters)s letters in any order, then pick %(count)s positions: they strike those letters from %(name)s's string. Nobody sees your setup before both are in.",
      ),
      {letters: shape.alphabet.length, count: shape.count, name: other},
    ),
  );

  // The letters.
  const lettersField = el("div", "ab-field");
  const lettersLabel = el("label", null, interpolate(gettext("1. Your %(n)s letters, each once"), {n: shape.alphabet.length}));
  lettersLabel.htmlFor = "ab-letters";
  const lettersRow = el("div", "ab-row");
  const letters = document.createElement("input");
  Object.assign(letters, {type: "text", id: "ab-letters", name: "letters", autocomplete: "off", spellcheck: false});
  letters.setAttribute("autocapitalize", "characters");
  letters.setAttribute("aria-describedby", "ab-letters-hint");
  letters.placeholder = interpolate(gettext("e.g. %(example)s"), {example: "MZNHUVIOEPTWFJCBXKALSDQGYR"});
  const shuffle = button(gettext("Shuffle"), "button");
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
  const indicesTitle = el("p", "ab-label", interpolate(gettext("2. %(count)s positions to strike from %(name)s's letters"), {count: shape.count, name: other}));
  indicesTitle.id = "ab-indices-title";
  const strip = el("div", "ab-tiles ab-strip");
  strip.setAttribute("role", "group");
  strip.setAttribute("aria-labelledby", "ab-indices-title");
  const stripButtons = positions.map((i) => {
    const b = button(String(i), "ab-pos");
    b.dataset.index = i;
    b.setAttribute("aria-pressed", "false");
    b.setAttribute("aria-label", interpolate(gettext("Position %(n)s"), {n: i}));
    strip.append(b);
    return b;
  });
  const indicesRow = el("div", "ab-row ab-row-2");
  const indicesLabel = el("label", "visually-hidden", gettext("Positions, typed"));
  indicesLabel.htmlFor = "ab-indices";
  const indices = document.createElement("input");
  Object.assign(indices, {type: "text", id: "ab-indices", name: "indices", autocomplete: "off", spellcheck: false});
  indices.setAttribute("inputmode", "numeric");
  indices.setAttribute("aria-describedby", "ab-indices-hint");
  indices.placeholder = interpolate(gettext("or type them: %(example)s"), {example: "1 3 2 8 …"});
  const random = button(gettext("Random"), "button");
  random.dataset.action = "random";
  const clear = button(gettext("Clear"), "button");
  clear.dataset.action = "clear";
  indicesRow.append(indicesLabel, indices, random, clear);
  const indicesHint = el("p", "ab-hint");
  indicesHint.id = "ab-indices-hint";
  indicesHint.setAttribute("aria-live", "polite");
  indicesField.append(indicesTitle, strip, indicesRow, indicesHint);

  // Commit.
  const actions = el("div", "ab-actions");
  const commit = button(gettext("Commit setup"), "button primary large");
  commit.dataset.action = "commit";
  const commitNote = el("p", "ab-hint", gettext("A committed setup cannot be changed."));
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

export function paintSetup(view, match, onMove) {
  const setup = view.setup;
  setup.onMove = onMove;
  setup.waiting = !onMove;
  const otherSeat = 1 - match.you;
  const otherDone = Boolean(match.board?.committed?.[otherSeat]);
  const note = otherDone
    ? gettext("A committed setup cannot be changed. %(name)s has committed and waits for you.")
    : gettext("A committed setup cannot be changed. %(name)s is still setting up.");
  setup.commitNote.textContent = !onMove ? gettext("Sending your setup…") : interpolate(note, {name: personName(match, otherSeat, {capitalise: true})});
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
  const values = {low: shape.low, high: shape.high, count: shape.count, chosen: setup.chosen.length};
  if (parsed.bad.length) message = interpolate(gettext("Not a position from %(low)s to %(high)s: %(bad)s."), {...values, bad: parsed.bad.join(", ")});
  else if (parsed.repeated.length) message = interpolate(gettext("Each position once: %(repeated)s repeated."), {repeated: parsed.repeated.join(", ")});
  else if (setup.chosen.length > shape.count) {
    message = interpolate(gettext("%(chosen)s chosen: %(extra)s too many."), {...values, extra: setup.chosen.length - shape.count});
  } else if (setup.chosen.length === shape.count) {
    ok = true;
    message = interpolate(gettext("✓ %(count)s positions: %(positions)s."), {...values, positions: [...setup.chosen].sort((a, b) => a - b).join(", ")});
  } else message = interpolate(gettext("%(chosen)s of %(count)s chosen."), values);
  setup.indicesHint.textContent = message;
  setup.indicesHint.classList.toggle("ok", ok);
  setup.indices.setAttribute("aria-invalid", parsed.bad.length || parsed.repeated.length ? "true" : "false");

  const ready = check.ok && ok;
  setup.commit.disabled = !ready || setup.waiting;
  setup.commit.textContent = setup.waiting ? gettext("Committing…") : gettext("Commit setup");
}

function readSetup(setup) {
  const check = checkLetters(setup.letters.value, setup.shape.alphabet);
  if (!check.ok || setup.chosen.length !== setup.shape.count) return null;
  return {letters: setup.letters.value, indices: [...setup.chosen]};
}
