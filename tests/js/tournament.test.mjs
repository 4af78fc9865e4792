// The tournament page's live part, drawn from the server's JSON (as GET /api/tournaments/<id>/),
// and its countdown.
import assert from "node:assert/strict";
import {test} from "node:test";

import "./browser_globals.mjs";
import {countdownText} from "../../static/js/tournament.js";
import {liveHtml} from "../../static/js/tournament_live.js";

const entrant = (id, name, extra = {}) => ({
  id, name, username: name, rating: 1500, provisional: true, bot: false, rank: 1, points: 0,
  tiebreak: 0, wins: 0, draws: 0, losses: 0, byes: 0, ...extra,
});
const viewer = {you: null, username: "ann", byePoints: 1, tiebreakName: "Buchholz"};

test("a name is text, never markup", () => {
  const data = {
    status: "upcoming", starts_at: "2026-12-02T10:00:00Z", max_entrants: 8,
    standings: [entrant(1, "<img src=x onerror=alert(1)>")], rounds: [], rounds_total: 3, crosstable: [],
  };
  const html = liveHtml(data, viewer);
  assert.ok(!html.includes("<img"));
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.ok(html.includes("1 of 8 places taken · it needs at least two players to start."));
});

test("the champion is named, or told they won", () => {
  const data = {
    status: "finished", rounds_total: 1, round: 1, max_entrants: 8, rounds: [], tiebreak: "buchholz",
    standings: [entrant(1, "ann", {points: 3, wins: 1}), entrant(2, "bob", {rank: 2, losses: 1})],
    crosstable: [{name: "ann", against: [null, [3]]}, {name: "bob", against: [[0], null]}],
  };
  assert.ok(liveHtml(data, viewer).includes('<strong class="champion">You won</strong>.'));
  assert.ok(liveHtml(data, {...viewer, username: "bob"}).includes('<strong class="champion">ann wins</strong>.'));
  assert.ok(liveHtml(data, viewer).includes("Finished after 1 round."));
});

test("the countdown to the start", () => {
  assert.equal(countdownText(0), "any moment now");
  assert.equal(countdownText(9_001), "in 10 s");
  assert.equal(countdownText(125_000), "in 2 min 05 s");
  assert.equal(countdownText(3 * 3_600_000 + 60_000), "in 3 h 1 min");
  assert.equal(countdownText(50 * 3_600_000), "in 2 d 2 h");
});
