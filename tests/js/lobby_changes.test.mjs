// The pushed lobby's frames (docs/protocol.md) turned into the page's changes: which rows go
// in, which go, which sections are replaced and what the pools grid and the bell are told.
import assert from "node:assert/strict";
import {test} from "node:test";

import {changesOf, keyOf, turnCame} from "../../static/js/lobby_changes.js";

const row = (id, extra = {}) => ({id, html: `<li data-match="${id}"></li>`, ...extra});
const snapshot = (extra = {}) => ({
  type: "lobby_snapshot", open: [row("a")], finished: [row("f")], mine: [row("m")],
  challenges: [], following: [{username: "bob", html: "<li></li>"}], unread: 2,
  pools: {pools: [{key: "reversi-5", waiting: 1, playing: 0}], mine: null}, ...extra,
});

test("a snapshot replaces every section a visitor has, then tells the bell and the pools", () => {
  const changes = changesOf(snapshot());
  assert.deepEqual(changes.filter((c) => c.replace).map((c) => c.replace), ["open", "finished", "mine", "challenges", "following"]);
  assert.deepEqual(changes.filter((c) => c.tell), [
    {tell: "bell", detail: {type: "unread", unread: 2}},
    {tell: "lobby-pools", detail: snapshot().pools},
  ]);
});

test("an anonymous visitor's snapshot (unread null) touches no personal section and no bell", () => {
  const changes = changesOf(snapshot({unread: null, mine: [], following: []}));
  assert.deepEqual(changes.map((c) => c.replace ?? c.tell), ["open", "finished", "lobby-pools"]);
});

test("each row frame puts or drops one row of its section", () => {
  assert.deepEqual(changesOf({type: "open_seat", seat: row("a")}), [{put: "open", row: row("a")}]);
  assert.deepEqual(changesOf({type: "open_seat_closed", id: "a"}), [{drop: "open", id: "a"}]);
  assert.deepEqual(changesOf({type: "my_match", match: row("m")}), [{put: "mine", row: row("m")}]);
  assert.deepEqual(changesOf({type: "my_match_over", id: "m"}), [{drop: "mine", id: "m"}]);
  assert.deepEqual(changesOf({type: "finished_match", match: row("f")}), [{put: "finished", row: row("f")}]);
});

test("challenges and follows come whole; pools and the unread count go to their scripts", () => {
  assert.deepEqual(changesOf({type: "challenges", challenges: [row("c")]}), [{replace: "challenges", rows: [row("c")]}]);
  assert.deepEqual(changesOf({type: "following", people: []}), [{replace: "following", rows: []}]);
  const pools = [{key: "k", waiting: 2, playing: 4}];
  assert.deepEqual(changesOf({type: "pool_counts", pools}), [{tell: "lobby-pools", detail: {pools}}]);
  const mine = {waiting: "k", match: null};
  assert.deepEqual(changesOf({type: "pool_place", mine}), [{tell: "lobby-pools", detail: {pools: [], mine}}]);
  assert.deepEqual(changesOf({type: "unread", unread: 0}), [{tell: "bell", detail: {type: "unread", unread: 0}}]);
});

test("a frame of a type this page does not know changes nothing", () => {
  assert.deepEqual(changesOf({type: "lobby", changed: ["open"]}), []);
  assert.deepEqual(changesOf({type: "something_new"}), []);
});

test("rows are keyed by match id or by person, and only a new 'your turn' raises the signal", () => {
  assert.equal(keyOf({id: "x1"}), "x1");
  assert.equal(keyOf({username: "bob", id: 3}), "bob");
  assert.equal(turnCame(new Set(["a"]), new Set(["a"])), false);
  assert.equal(turnCame(new Set(["a"]), new Set()), false); // a turn gone is no news
  assert.equal(turnCame(new Set(["a"]), new Set(["a", "b"])), true);
});
