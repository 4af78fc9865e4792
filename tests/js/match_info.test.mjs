// How the match and replay pages speak of people (issue 40's "waiting for bob", "bob declined
// your challenge"): the words come from the state alone.
import assert from "node:assert/strict";
import {test} from "node:test";

import "./browser_globals.mjs";
import * as info from "../../static/js/match_info.js";

const seat = (seat, username, extra = {}) => ({seat, username, computer: null, invited: null, label: `Seat ${seat}`, ...extra});
const game = (extra = {}) => ({
  status: "active", you: 0, turn: 1, to_move: [1], ply: 3, cooperative: false,
  players: [seat(0, "ann"), seat(1, "bob")], draw_offer: null, takeback_offer: null, ...extra,
});

test("people by name, you as you, the computer as the computer", () => {
  const match = game({players: [seat(0, "ann"), seat(1, null, {computer: "strong"})]});
  assert.equal(info.personName(match, 0), "you");
  assert.equal(info.personName(match, 0, {capitalise: true}), "You");
  assert.equal(info.personName(match, 1, {capitalise: true}), "The computer");
  const turn = (m, seat) => info.aboutSeat(m, seat, "Your turn", "%(name)s's turn (W%(seat)s)", {seat});
  assert.deepEqual([turn(game(), 0), turn(game(), 1)], ["Your turn", "bob's turn (W1)"]);
  assert.equal(turn(game({players: [seat(0, "ann"), seat(1, null, {computer: "strong"})]}), 1), "The computer's turn (W1)");
  assert.equal(info.together(["ann", "bob", "cy"]), "ann, bob and cy");
  assert.equal(info.personName(game({players: [seat(0, "ann"), seat(1, null, {invited: "bob"})]}), 1), "bob");
});

test("the status line from each side", () => {
  assert.equal(info.statusText(game()), "Waiting for bob");
  assert.equal(info.statusText(game({you: 1})), "Your turn");
  assert.equal(info.statusText(game({you: null})), "bob to move"); // a name keeps its case
  const challenge = {from: "ann", to: "bob", status: "open"};
  assert.equal(info.statusText(game({status: "waiting", challenge})), "Waiting for bob to accept your challenge");
  const declined = game({status: "aborted", challenge: {...challenge, status: "declined"}});
  assert.equal(info.statusText(declined), "bob declined your challenge");
  assert.equal(info.statusText({...declined, you: null}), "bob declined the challenge");
});

test("offers as their players read them; spectators read none", () => {
  assert.equal(info.drawText(game({draw_offer: 0})), "You offered a draw: waiting for bob to answer.");
  assert.equal(info.drawText(game({draw_offer: 1})), "bob offers a draw.");
  assert.equal(info.drawText(game({draw_offer: 1, you: null})), null);
  const reply = {seat: 1, ply: 3};
  assert.equal(info.takebackText(game({takeback_offer: 0, last_move: reply})),
    "You asked to take back your last move and the reply: waiting for bob to answer.");
  assert.equal(info.takebackText(game({takeback_offer: 1, last_move: reply})), "bob asks to take back their last move.");
  assert.equal(info.resignQuestion(game()), "Resign this match? bob wins.");
  assert.equal(info.resignQuestion(game({resign_aborts: true})), // the server aborts it: say so
    "Abort this match? Nobody has moved yet, so it ends with no result and counts for nobody.");
});

test("a declined offer is told once the game goes on at the same ply", () => {
  const before = game({draw_offer: 0});
  assert.equal(info.declinedText(before, game()), "bob declined your draw offer.");
  assert.equal(info.declinedText(before, game({ply: 4})), null); // a move answered it
  assert.equal(info.joinedText(game({status: "waiting", players: [seat(0, "ann"), seat(1, null)]}), game()),
    "Your opponent bob is here: game on!");
});
