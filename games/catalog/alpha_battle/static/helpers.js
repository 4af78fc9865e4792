// Alpha Battle's small builders and helpers: the seats' letters (P, Q), a setup's letters
// as tiles or one line, DOM builders, a fair shuffle, and who a seat is.

import {gettext, interpolate} from "../../js/i18n.js";
import {aboutSeat} from "../../js/match_info.js";

export const NAMES = ["P", "Q"];

// A setup's letters as one word, for reading and copying: "Your order: MZNH…".
export function orderLine(match, seat, setup) {
  return aboutSeat(match, seat, gettext("Your order: %(letters)s"), gettext("%(name)s's order: %(letters)s"), {letters: setup.letters});
}

export function lettersRow(letters, struck, label) {
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

export function tileEl(letter, index) {
  const tile = el("span", "ab-tile");
  tile.append(el("span", "ab-letter", letter), el("span", "ab-index", String(index)));
  return tile;
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(text, className) {
  const b = el("button", className, text);
  b.type = "button";
  return b;
}

export function range(low, high) {
  return Array.from({length: high - low + 1}, (_, i) => low + i);
}

export function shuffled(items) {
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
export function seatName(match, seat) {
  const p = match.players?.[seat];
  return p?.computer ? gettext("the computer") : p?.username || (seat === 0 ? "P" : "Q");
}

export function seatOf(match) {
  return match.you === null || match.you === undefined ? null : match.you;
}
