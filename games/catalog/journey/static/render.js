/*
 * The Journey renderer (contract: see games/catalog/reversi/static/render.js). It knows no rule:
 * the board, the powers met so far, the open question and the messages all come from the
 * server's view; clicks become moves only when `match.legal_moves` describes them.
 *
 * Board view (games/catalog/journey/engine.py, view()):
 *   {mode, size: 10, round, turn: seat | null, grid: [[label | "", ...] x 10] (grid[x][y],
 *    x = row 0..9 down the left, y = column 0..9 across the top),
 *    warriors: [{name, seat, pos: [x, y] | null, health, crystals, alive}],
 *    monsters: [{name, pos, alive, power?}], elves: [{name, pos, power?}],
 *    potions: [{name, pos, taken, amount?}]   (power/amount only once met),
 *    question: null | {speaker, seat, target: [x, y], lines: [...], options: [{answer, label}]},
 *    printed: [console lines of the last move], log: [this round's], previous_log: [...],
 *    last: {seat, kind, target, answer?} | null, monsters_left, warriors_alive,
 *    result: null | "victory" | "defeat", message}
 * Moves: {"target": [x, y]} while `legal_moves` is [{"target": "any cell but your own"}];
 * {"answer": "yes" | "no"} while it holds those answers (a question of yours is open).
 *
 * The page: a head (round, whose turn, the end), the 10 x 10 board (cells are buttons with
 * labels like "Row 3, column 5: monster M1"; one tab stop, arrow keys move), the dialogue
 * of an open question over the board (Yes / No for its warrior, read-only for the others;
 * keys 1 / 2 answer too), a legend, every warrior's health and crystals, and the log of
 * this round and the previous one, told for people ("bob's turn", "You chose (3,4).",
 * "bob (W1): Thanks for your shared 3 crystals."), never as console prompts and inputs.
 * The warriors are allies: the end reads "You all won: every monster is gone".
 *
 * The parts, in this folder: board.js (the frame, the cells, the keyboard), dialogue.js
 * (an open question), panels.js (the head, the legend, the warriors), log.js (the
 * messages), icons.js (the pictures, seat colours), helpers.js; options.js (create form).
 */

import {gettext, interpolate} from "../../js/i18n.js";
import {personName, verb} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";
import {build, ensureTabStop, paintCell, thingIndex} from "./board.js";
import {paintDialogue} from "./dialogue.js";
import {KIND} from "./helpers.js";
import {icon, seatColour} from "./icons.js";
import {paintLog} from "./log.js";
import {paintHead, paintWarriors} from "./panels.js";

export {mount as mountOptions} from "./options.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const views = new WeakMap(); // root element -> view (see build)

// -- the contract ------------------------------------------------------------------------
export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const data = match.board;
  const size = data.size || data.grid.length;
  let view = views.get(root);
  if (!view || view.size !== size) {
    view = build(root, size);
    views.set(root, view);
  }
  const you = match.you ?? null;
  const legal = onMove ? match.legal_moves || [] : [];
  const canTarget = !data.question && legal.some((m) => m && "target" in m);
  // The answers offered to you (kept while your answer is on its way, buttons disabled).
  const answers = data.question && match.status === "active" ? (match.legal_moves || []).filter((m) => m && typeof m.answer === "string") : [];
  const animate = mode !== "replay" && view.ply !== undefined && match.ply > view.ply;
  view.ply = match.ply;
  view.onMove = onMove;
  view.answers = onMove ? answers : [];
  view.match = match;

  const things = thingIndex(data);
  const own = you !== null ? data.warriors?.[you] : null;
  const ownPos = own?.alive ? own.pos : null;
  const last = data.last?.target;
  const mover = data.last ? `W${data.last.seat}` : null;
  const asked = data.question?.target;
  view.wrap.style.setProperty("--jy-you", seatColour(you ?? 0));

  data.grid.forEach((row, x) => {
    row.forEach((label, y) => {
      const cell = view.cells[x][y];
      const isOwn = Boolean(ownPos && ownPos[0] === x && ownPos[1] === y);
      const target = canTarget && !isOwn;
      paintCell(cell, label, things, {
        you,
        target,
        own: isOwn,
        last: Boolean(last && last[0] === x && last[1] === y),
        asked: Boolean(asked && asked[0] === x && asked[1] === y),
        arrive: animate && label === mover && Boolean(last && last[0] === x && last[1] === y),
        players: match.players,
      });
    });
  });
  view.board.classList.toggle("targeting", canTarget);
  view.board.setAttribute(
    "aria-label",
    canTarget ? gettext("The forest of Kafustrok, 10 by 10: your turn, pick a target cell") : gettext("The forest of Kafustrok, 10 by 10"),
  );
  ensureTabStop(view);

  paintHead(view, match, canTarget);
  view.wrap.querySelector('.jy-legend-item[data-kind="potion"]').hidden = !data.potions?.length;
  paintDialogue(view, match, answers, mode);
  paintWarriors(view, match);
  paintLog(view, match);
}

export function seatIcon(seat) {
  const el = icon("W", "jy-seat-icon seat-icon");
  el.style.setProperty("--jy-seat", seatColour(seat));
  return el;
}

export function seatSummary(match, seat) {
  const w = match.board?.warriors?.[seat];
  if (!w) return null;
  return w.alive ? `♥ ${w.health} · ◆ ${w.crystals}` : gettext("fallen");
}

// The last move in words: "bob moved to (3,4)", "You met the monster M1", "bob killed the
// monster M1", "alice got 3 crystals from an ally", "You said no".
export function lastMoveNote(match) {
  const data = match.board;
  const last = match.last_move;
  if (!data || !last) return null;
  const seat = last.seat;
  const who = personName(match, seat, {capitalise: true});
  const move = last.move || {};
  const printed = data.printed || [];
  const find = (re) => printed.map((line) => re.exec(line)).find(Boolean);
  // a sentence about ``seat``'s player: its own words for you ("You met…"), else named
  const about = (s, forYou, forOthers, values = {}) =>
    interpolate(verb(match, s, forYou, forOthers), {name: personName(match, s, {capitalise: true}), ...values});
  if (move.skip) return about(seat, gettext("You were away: the turn was skipped"), gettext("%(name)s was away: the turn was skipped"));
  if (typeof move.answer === "string") {
    let m;
    if ((m = find(/^W\d+: Nice, I have killed the monster (M\d+)\.$/))) {
      return about(seat, gettext("You killed the monster %(monster)s"), gettext("%(name)s killed the monster %(monster)s"), {monster: m[1]});
    }
    if (find(/^Very sorry, W\d+ has been killed\.$/)) return about(seat, gettext("You lost the fight and fell"), gettext("%(name)s lost the fight and fell"));
    if ((m = find(/^W\d+: Thanks for your help! (E\d+)\.$/))) {
      return about(seat, gettext("You got help from the elf %(elf)s"), gettext("%(name)s got help from the elf %(elf)s"), {elf: m[1]});
    }
    if (find(/I don't have enough crystals/)) {
      return about(seat, gettext("You had too few crystals for the elf's help"), gettext("%(name)s had too few crystals for the elf's help"));
    }
    if ((m = find(/^W\d+: Thanks for your shared (\d+) crystals\.$/))) {
      return about(seat, gettext("You got %(count)s crystals from an ally"), gettext("%(name)s got %(count)s crystals from an ally"), {count: m[1]});
    }
    if ((m = find(/^(W\d+): Sorry bro, I cannot share/))) {
      return about(Number(m[1].slice(1)), gettext("You had no crystals to share"), gettext("%(name)s had no crystals to share"));
    }
    const answer = {yes: gettext("yes"), no: gettext("no")}[move.answer] ?? move.answer;
    return about(seat, gettext("You said %(answer)s"), gettext("%(name)s said %(answer)s"), {answer});
  }
  const q = data.question;
  if (q && q.seat === seat) return about(seat, gettext("You met %(thing)s"), gettext("%(name)s met %(thing)s"), {thing: thingName(match, q.speaker)});
  const potion = find(/I got additional healing potion (P\d+)\.$/);
  if (potion) {
    return about(seat, gettext("You picked up the healing potion %(potion)s"), gettext("%(name)s picked up the healing potion %(potion)s"), {potion: potion[1]});
  }
  const target = Array.isArray(move.target) ? move.target : data.last?.target;
  if (!Array.isArray(target)) return null;
  return about(seat, gettext("You moved to (%(x)s,%(y)s)"), gettext("%(name)s moved to (%(x)s,%(y)s)"), {x: target[0], y: target[1]});
}

// "the monster M1", "the elf E0", "bob (W1)", "you (W0)".
function thingName(match, label) {
  const kind = KIND[label[0]];
  if (kind === "warrior") return `${personName(match, Number(label.slice(1)))} (${label})`;
  const said = {monster: gettext("the monster %(label)s"), elf: gettext("the elf %(label)s"), potion: gettext("the potion %(label)s")}[kind];
  return said ? interpolate(said, {label}) : label;
}

export function scoreMessage(match) {
  const score = match.result?.score;
  if (!score || score.monsters_left === undefined) return null;
  const warriors = match.board?.warriors?.length ?? match.players?.length;
  const alive = score.warriors_alive;
  const said = warriors
    ? gettext("Monsters left: %(monsters)s · warriors alive: %(alive)s of %(warriors)s")
    : gettext("Monsters left: %(monsters)s · warriors alive: %(alive)s");
  return interpolate(said, {monsters: score.monsters_left, alive, warriors});
}
