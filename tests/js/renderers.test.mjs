// The renderers' pure parts: what a player row says of a seat (discs, stones, health), the
// last move in words ("bob dropped in column 4", "You killed the monster M1"), a move as the
// replay's list reads it, and the cells' names. All from the server's state alone.
import assert from "node:assert/strict";
import {test} from "node:test";

import "./browser_globals.mjs";
import "./served_layout.mjs";

const games = {};
for (const slug of ["connect_four", "reversi", "othello", "reversi_1d", "gomoku", "journey", "alpha_battle"]) {
  games[slug] = await import(`../../games/catalog/${slug}/static/render.js`);
}
const journeyBoard = await import("../../games/catalog/journey/static/board.js");
const journeyLog = await import("../../games/catalog/journey/static/log.js");
const battle = await import("../../games/catalog/alpha_battle/static/helpers.js");

const seat = (seat, username, computer = null) => ({seat, username, computer, invited: null, label: `Seat ${seat}`});
// ann (seat 0) and bob (seat 1); `you`: the viewer's seat, null for a spectator.
const match = (you, extra = {}) => ({
  id: "m1", status: "active", you, players: [seat(0, "ann"), seat(1, "bob")], ...extra,
});
const played = (you, seatNo, move, board = {}) => match(you, {last_move: {seat: seatNo, move}, board});

test("every renderer gives the hooks the pages call", () => {
  for (const [slug, renderer] of Object.entries(games)) {
    for (const hook of ["render", "seatIcon", "seatSummary", "lastMoveNote"]) {
      assert.equal(typeof renderer[hook], "function", `${slug}.${hook}`);
    }
  }
});

test("Connect Four: columns as people count them, from 1", () => {
  const c4 = games.connect_four;
  assert.equal(c4.lastMoveNote(played(0, 1, {action: "drop", column: 3})), "bob dropped in column 4");
  assert.equal(c4.lastMoveNote(played(0, 0, {action: "drop", column: 0})), "You dropped in column 1");
  assert.equal(c4.lastMoveNote(played(null, 1, {action: "pop", column: 6})), "bob popped out a disc from column 7");
  assert.equal(c4.lastMoveNote(match(0, {last_move: null})), null);
  assert.equal(c4.moveLabel({move: {action: "drop", column: 2}}), "column 3");
  assert.equal(c4.moveLabel({move: {action: "pop", column: 1}}), "pop column 2");
  assert.equal(c4.moveLabel({move: {}}), null);
  assert.equal(c4.seatSummary(match(0, {board: {count: {R: 1, Y: 4}}}), 0), "1 disc");
  assert.equal(c4.seatSummary(match(0, {board: {count: {R: 1, Y: 4}}}), 1), "4 discs");
  assert.equal(c4.seatSummary(match(0, {board: {}}), 1), null);
});

test("Reversi and Othello: a cell by its name, a pass in words", () => {
  for (const slug of ["reversi", "othello"]) {
    const rv = games[slug];
    assert.equal(rv.cellName(0, 0), "A1");
    assert.equal(rv.cellName(2, 3), "D3");
    assert.equal(rv.lastMoveNote(played(0, 1, {cell: "d3"})), "bob played D3");
    assert.equal(rv.lastMoveNote(played(1, 1, {cell: "C5"})), "You played C5");
    assert.equal(rv.lastMoveNote(played(0, 1, {pass: true})), "bob has no valid move and passes");
    assert.equal(rv.lastMoveNote(played(1, 1, {pass: true})), "You have no valid move and pass");
    assert.equal(rv.seatSummary(match(0, {board: {count: {X: 2, O: 1}}}), 0), "2 discs");
    assert.equal(rv.seatSummary(match(0, {board: {count: {X: 2, O: 1}}}), 1), "1 disc");
  }
});

test("one-dimensional Reversi: slots and pieces", () => {
  const r1 = games.reversi_1d;
  assert.equal(r1.lastMoveNote(played(null, 0, {position: 5})), "ann played slot 5");
  assert.equal(r1.lastMoveNote(played(0, 0, {position: 0})), "You played slot 0");
  assert.equal(r1.lastMoveNote(played(0, 0, {})), null);
});

test("Gomoku: stones and cells", () => {
  const gm = games.gomoku;
  assert.equal(gm.cellName(7, 7), "H8");
  assert.equal(gm.lastMoveNote(played(0, 1, {cell: "h8"})), "bob played H8");
  assert.equal(gm.lastMoveNote(played(null, 0, {cell: "A1"})), "ann played A1");
});

test("The Journey: what the printed lines say happened, in people's words", () => {
  const jy = games.journey;
  const answered = (you, printed, answer = "1") => played(you, 1, {answer}, {printed});
  assert.equal(jy.lastMoveNote(answered(0, ["W1: Nice, I have killed the monster M2."])), "bob killed the monster M2");
  assert.equal(jy.lastMoveNote(answered(1, ["Very sorry, W1 has been killed."])), "You lost the fight and fell");
  assert.equal(jy.lastMoveNote(answered(0, ["W1: Thanks for your help! E0."])), "bob got help from the elf E0");
  assert.equal(jy.lastMoveNote(answered(0, ["W1: Thanks for your shared 3 crystals."])), "bob got 3 crystals from an ally");
  assert.equal(jy.lastMoveNote(answered(0, ["W0: Sorry bro, I cannot share magic crystals with you."])), "You had no crystals to share");
  assert.equal(jy.lastMoveNote(answered(0, [], "2")), "bob said 2");
  assert.equal(jy.lastMoveNote(played(0, 1, {skip: true}, {})), "bob was away: the turn was skipped");
  assert.equal(jy.lastMoveNote(played(1, 1, {skip: true}, {})), "You were away: the turn was skipped");
  assert.equal(jy.lastMoveNote(played(0, 1, {target: [3, 4]}, {})), "bob moved to (3,4)");
  const potion = played(0, 1, {target: [1, 1]}, {printed: ["W1: Very good, I got additional healing potion P1."]});
  assert.equal(jy.lastMoveNote(potion), "bob picked up the healing potion P1");
  const met = played(0, 1, {target: [2, 2]}, {question: {seat: 1, speaker: "M0"}});
  assert.equal(jy.lastMoveNote(met), "bob met the monster M0");

  const warriors = [{alive: true, health: 7, crystals: 2}, {alive: false, health: 0, crystals: 0}];
  assert.equal(jy.seatSummary(match(0, {board: {warriors}}), 0), "♥ 7 · ◆ 2");
  assert.equal(jy.seatSummary(match(0, {board: {warriors}}), 1), "fallen");
  const score = {monsters_left: 1, warriors_alive: 2};
  assert.equal(jy.scoreMessage(match(0, {result: {score}, board: {warriors}})), "Monsters left: 1 · warriors alive: 2 of 2");
  assert.equal(jy.scoreMessage(match(0, {result: null})), null);
});

test("The Journey: the board's index of things, and the log's option lines", () => {
  const things = journeyBoard.thingIndex({
    monsters: [{name: "M0", power: 5}], elves: [{name: "E0", power: 2}],
    potions: [{name: "P0", amount: 3}], warriors: [{name: "W0", health: 9}],
  });
  assert.deepEqual([...things.keys()], ["M0", "E0", "P0", "W0"]);
  assert.deepEqual(things.get("P0"), {power: 3});
  assert.equal(things.get("W0").warrior.health, 9);
  assert.equal(journeyLog.isOptionLine("1. Yes"), true);
  assert.equal(journeyLog.isOptionLine("W0: You now have following options: "), true);
  assert.equal(journeyLog.isOptionLine("1. Maybe"), false);
});

test("Alpha Battle: a setup committed, then the battle's points, with no spoiler mid-battle", () => {
  const ab = games.alpha_battle;
  const committed = (you) => played(you, 1, {letters: "ABC"}, {committed: [false, true]});
  assert.equal(ab.lastMoveNote(committed(0)), "bob has committed a setup.");
  assert.equal(ab.lastMoveNote(committed(1)), "Your setup is committed.");
  assert.equal(ab.seatSummary(committed(0), 1), "✓");
  assert.equal(ab.seatSummary(committed(0), 0), "…");
  const revealed = match(0, {board: {revealed: true, score: {P: 1, Q: 3}}, last_move: {seat: 1, move: {}}});
  assert.equal(ab.seatSummary(revealed, 0), "1 point");
  assert.equal(ab.seatSummary(revealed, 1), "3 points");
  assert.equal(ab.lastMoveNote(revealed), null); // the result says it all
  assert.equal(ab.settled(revealed), true);
  assert.equal(battle.seatName(match(0), 1), "bob");
  assert.equal(battle.seatName({players: [seat(0, null, "strong")]}, 0), "the computer");
  assert.equal(battle.orderLine(match(0), 0, {letters: "MZNH"}), "Your order: MZNH");
  assert.equal(battle.orderLine(match(0), 1, {letters: "QRS"}), "bob's order: QRS");
});
