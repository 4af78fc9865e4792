// Journey's shared helpers: the kinds of things on the board and the word for their
// power, a seat's player as the warriors' list names them, and small DOM builders.

import {gettext} from "../../js/i18n.js";

export const KIND = {M: "monster", E: "elf", W: "warrior", P: "potion"}; // class names, data-kind
// the same words for people
export const KIND_SAID = {M: gettext("monster"), E: gettext("elf"), W: gettext("warrior"), P: gettext("potion")};
export const POWER_WORD = {M: gettext("damage power"), E: gettext("magic power"), P: gettext("healing")};

export function playerName(match, seat) {
  const p = match.players?.[seat];
  if (!p) return `W${seat}`;
  if (p.computer) return gettext("computer");
  return p.username || gettext("open seat");
}

export function coord(text, kind) {
  const el = span(`jy-coord ${kind}`, text);
  el.setAttribute("aria-hidden", "true");
  return el;
}

export function div(className) {
  const el = document.createElement("div");
  if (className) el.className = className;
  return el;
}

export function span(className, text) {
  const el = document.createElement("span");
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

export function capitalise(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
