// This page's place in the quick-pairing pools, decided without the page
// (tests/js/pool_place.test.mjs); pools.js shows it. ``mine`` is what the server says of the
// visitor's place ({waiting, match}: a pushed "pool_place" or a pool request's answer),
// ``waiting`` the pool this page waits in (null: none).

import {gettext, interpolate} from "./i18n.js";

// The place after ``mine``: paired while this page waits, it opens the match (``open``); paired
// from another page, or not paired, it waits where the server says (null: nowhere).
export function placeAfter(mine, waiting) {
  if (mine.match && waiting) return {open: mine.match, waiting};
  return {open: null, waiting: mine.waiting ?? null};
}

// The line under the grid while this page waits (``label``: the pool's game, time and kind).
export const waitingWords = (label) =>
  interpolate(gettext("Waiting for an opponent in %(pool)s... (click it again to leave)"), {pool: label});
