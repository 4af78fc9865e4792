// The live page's move list, rebuilt from the socket's frames alone (docs/protocol.md): the
// list whole on connect, then each state's `moves_added` or `moves_taken_back`.
import assert from "node:assert/strict";
import {test} from "node:test";

import {nextList, takebackWords} from "../../static/js/move_list.js";

const players = (...names) => names.map((username, seat) => ({seat, username, computer: null, label: `Seat ${seat}`}));
const match = {you: 0, players: players("ann", "bob"), replay_url: "/r/x/"};
const move = (ply, seat, label, forced = false) => ({ply, seat, label, forced});
const empty = {moves: [], marks: [], match: null};

test("the list whole, then the moves each state adds", () => {
  let list = nextList(empty, {type: "state", match});
  list = nextList(list, {type: "move_list", moves: [move(1, 0, "D3")], takebacks: []});
  list = nextList(list, {type: "state", match, moves_added: [move(2, 1, "C5"), move(3, 0, "pass", true)]});
  assert.deepEqual(list.moves.map((m) => m.label), ["D3", "C5", "pass"]);
  assert.equal(list.moves[2].forced, true);
  assert.equal(list.match, match);
});

test("a state that changes neither the list nor the names changes nothing shown", () => {
  const list = nextList(empty, {type: "state", match});
  assert.equal(nextList(list, {type: "state", match: {...match}}), null);
  assert.equal(nextList(list, {type: "chat", line: {}}), null);
  const renamed = {...match, players: players("ann", "carl")};
  assert.equal(nextList(list, {type: "state", match: renamed}).match, renamed);
});

test("a takeback cuts the list and is marked where it happened; older marks move up", () => {
  let list = {moves: [move(1, 0, "D3"), move(2, 1, "C5"), move(3, 0, "E6")], marks: [], match};
  const first = {ply: 4, by: 1, after: 2, moves: [move(3, 0, "E6")]};
  list = nextList(list, {type: "state", match, moves_taken_back: first});
  assert.deepEqual(list.moves.map((m) => m.label), ["D3", "C5"]);
  const second = {ply: 5, by: 0, after: 1, moves: [move(2, 1, "C5")]};
  list = nextList(list, {type: "state", match, moves_taken_back: second});
  assert.deepEqual(list.moves.map((m) => m.label), ["D3"]);
  assert.deepEqual(list.marks.map((m) => [m.ply, m.after]), [[4, 1], [5, 1]]);
});

test("a takeback is told with the names of the page", () => {
  const mark = {by: 1, after: 1, moves: [move(2, 1, "C5"), move(3, 0, "E6")]};
  assert.equal(takebackWords(match, mark), "bob took back C5, E6");
  assert.equal(takebackWords(match, {...mark, by: 0}), "You took back C5, E6");
  const computers = {you: null, players: [{seat: 0, computer: "strong", label: "Black (X)"}, {seat: 1, computer: "weak", label: "White (O)"}]};
  assert.equal(takebackWords(computers, mark), "Weak took back C5, E6");
});
