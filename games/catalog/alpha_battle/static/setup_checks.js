// Alpha Battle's setup shape and typing checks: how many letters and positions a setup
// takes (read from the server's `legal_moves` description) and the checks that guide typing.

import {gettext, interpolate} from "../../js/i18n.js";

const DEFAULT_SHAPE = {alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", count: 10, low: 0, high: 25};

// The shape of a setup, read from the server's description when there is one.
export function shapeOf(match) {
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

// Shape checks of what is typed (the server decides; these only guide the typing).
export function checkLetters(text, alphabet) {
  const counts = new Map();
  const bad = new Set();
  for (const c of text) {
    if (alphabet.includes(c)) counts.set(c, (counts.get(c) || 0) + 1);
    else bad.add(c);
  }
  const missing = [...alphabet].filter((c) => !counts.has(c));
  const repeated = [...alphabet].filter((c) => counts.get(c) > 1);
  if (!text) return {ok: false, message: interpolate(gettext("Type the %(n)s letters, or press Shuffle."), {n: alphabet.length})};
  if (bad.size) {
    const values = {first: alphabet[0], last: alphabet.at(-1), bad: [...bad].map((c) => `“${c}”`).join(" ")};
    return {ok: false, message: interpolate(gettext("Letters %(first)s-%(last)s only: remove %(bad)s."), values)};
  }
  if (!missing.length && !repeated.length) return {ok: true, message: interpolate(gettext("✓ All %(n)s letters, each once."), {n: alphabet.length})};
  const parts = [];
  if (missing.length) parts.push(interpolate(gettext("missing %(letters)s"), {letters: missing.join(" ")}));
  if (repeated.length) parts.push(interpolate(gettext("repeated %(letters)s"), {letters: repeated.join(" ")}));
  return {ok: false, message: interpolate(gettext("%(typed)s of %(n)s letters: %(problems)s."), {typed: text.length, n: alphabet.length, problems: parts.join("; ")})};
}

export function parseIndices(text, shape) {
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

export function normaliseLetters(input) {
  const raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  const clean = (s) => s.toUpperCase().replace(/\s+/g, "");
  const value = clean(raw);
  if (value === raw) return;
  input.value = value;
  const at = clean(raw.slice(0, caret)).length;
  input.setSelectionRange(at, at);
}
