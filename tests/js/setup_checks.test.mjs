// Alpha Battle's setup: the shape read from the server's description and the checks that
// guide typing (the server decides).
import assert from "node:assert/strict";
import {test} from "node:test";

import "./served_layout.mjs"; // its words come through ../../js/i18n.js, resolved as served

const {checkLetters, parseIndices, shapeOf} = await import("../../games/catalog/alpha_battle/static/setup_checks.js");

test("the shape comes from the server's description of a setup", () => {
  const match = {legal_moves: [{letters: "a permutation of A-F", indices: "3 distinct integers 0..5"}]};
  assert.deepEqual(shapeOf(match), {alphabet: "ABCDEF", count: 3, low: 0, high: 5});
  assert.deepEqual(shapeOf({}), {alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", count: 10, low: 0, high: 25});
});

test("letters: each once, the missing and repeated ones named, others refused", () => {
  assert.deepEqual(checkLetters("CBA", "ABC"), {ok: true, message: "✓ All 3 letters, each once."});
  assert.equal(checkLetters("", "ABC").message, "Type the 3 letters, or press Shuffle.");
  assert.equal(checkLetters("AAB", "ABC").message, "3 of 3 letters: missing C; repeated A.");
  assert.equal(checkLetters("AB1", "ABC").message, "Letters A-C only: remove “1”.");
  assert.equal(checkLetters("AB1", "ABC").ok, false);
});

test("positions: numbers in range, once each; the rest set apart", () => {
  const shape = {low: 0, high: 25};
  assert.deepEqual(parseIndices("3, 7;7 26 x 0", shape), {valid: [3, 7, 0], bad: ["26", "x"], repeated: [7]});
  assert.deepEqual(parseIndices("  ", shape), {valid: [], bad: [], repeated: []});
});
