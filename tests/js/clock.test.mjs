import assert from "node:assert/strict";
import {test} from "node:test";

import "./browser_globals.mjs";

import {clockText} from "../../static/js/clock.js";
import {elapsed} from "../../static/js/away.js";

test("a realtime clock shows minutes and seconds, tenths under ten seconds", () => {
  assert.equal(clockText(300_000, 0), "5:00");
  assert.equal(clockText(299_001, 0), "5:00"); // a second begun is shown whole
  assert.equal(clockText(61_000, 0), "1:01");
  assert.equal(clockText(10_000, 0), "0:10");
  assert.equal(clockText(9_940, 0), "0:09.9");
  assert.equal(clockText(8_300, 0), "0:08.3");
  assert.equal(clockText(3_725_000, 0), "1:02:05");
});

test("a clock never shows less than nothing", () => {
  assert.equal(clockText(-5_000, 0), "0:00.0");
  assert.equal(clockText(-5_000, 3), "0 min");
});

test("a correspondence clock shows days and hours, or hours and minutes", () => {
  const hour = 3_600_000;
  assert.equal(clockText(2 * 24 * hour + 3 * hour + 59_000, 3), "2 d 3 h");
  assert.equal(clockText(5 * hour + 12 * 60_000, 3), "5 h 12 min");
  assert.equal(clockText(59 * 60_000, 1), "59 min");
});

test("the time someone has been away counts up in minutes and seconds, then hours", () => {
  assert.equal(elapsed(0), "0:00");
  assert.equal(elapsed(42.9), "0:42");
  assert.equal(elapsed(725), "12:05");
  assert.equal(elapsed(3723), "1:02:03");
  assert.equal(elapsed(-3), "0:00");
});
