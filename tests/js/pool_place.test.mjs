// Quick pairing's place, as the server pushes it: the page waits where the server says, and
// opens the match only when it was paired while this page waited.
import assert from "node:assert/strict";
import {test} from "node:test";

import {placeAfter, waitingWords} from "../../static/js/pool_place.js";

test("entering a pool: the page waits there", () => {
  assert.deepEqual(placeAfter({waiting: "reversi-5", match: null}, null), {open: null, waiting: "reversi-5"});
});

test("paired while this page waits: it opens the match", () => {
  assert.deepEqual(placeAfter({waiting: null, match: "m1"}, "reversi-5"), {open: "m1", waiting: "reversi-5"});
});

test("paired from another page (this one did not wait): nothing opens here", () => {
  assert.deepEqual(placeAfter({waiting: null, match: "m1"}, null), {open: null, waiting: null});
});

test("left, or never in a pool: waiting nowhere, and nothing to say", () => {
  assert.deepEqual(placeAfter({waiting: null, match: null}, "reversi-5"), {open: null, waiting: null});
  assert.deepEqual(placeAfter({match: null}, null), {open: null, waiting: null});
  assert.equal(waitingWords("Reversi 5+3 rated"), "Waiting for an opponent in Reversi 5+3 rated... (click it again to leave)");
});
