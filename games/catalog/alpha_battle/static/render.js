/*
 * Alpha Battle renderer (contract: see games/catalog/reversi/static/render.js). It knows no rule:
 * what it shows comes from the server's view, and the setup form only checks the shape
 * of what is typed (the server's `legal_moves` description gives that shape and the
 * server validates the move).
 *
 * Board view (games/catalog/alpha_battle/engine.py, view()):
 *   before both committed: {seed, committed: [bool, bool], revealed: false,
 *     setups: [own setup or null, ...], reduced/removed/score/message: null, rounds: []}
 *   after: {revealed: true, setups: [{letters, indices}, {letters, indices}],
 *     reduced: ["16 letters of P", "16 of Q"], removed: [[indices struck from P's string],
 *     [... from Q's]], rounds: [{round, letters: [p, q], ascii: [p, q], winner: seat|null,
 *     points, score: {P, Q}} x 16], score: {P, Q}, message: <the seed's line, not shown>}
 * A move is {"letters": "<26 distinct A-Z>", "indices": [<10 distinct 0..25>]}; seat 0 is
 * P, seat 1 Q (their icons); during the setup `to_move` may hold both seats. The page names
 * people ("bob's letters", "Waiting for bob…"), never "Player P".
 *
 * Three faces: the secret setup form (you are to move), the waiting room (committed flags,
 * your own setup once committed) and the battle (both setups, the struck letters, the 16
 * rounds and the running score). A live page that sees the reveal happen plays the rounds
 * out one by one (ROUND_MS each, "Show all" skips); meanwhile settled(match) is false and
 * the page holds the result panel until the renderer fires "board-settled". A replay
 * (mode "replay"), or a page opened after the reveal, shows everything at once.
 *
 * The parts, in this folder: seats.js (the frame: the seat cards), setup.js and
 * setup_checks.js (the secret setup form), waiting.js (the waiting room), battle.js (the
 * battle and its playing out), helpers.js (small builders).
 */

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName} from "../../js/match_info.js";
import {loadStylesheet} from "../../js/stylesheet.js";
import {animating, buildBattle, paintBattle, stopAnimation} from "./battle.js";
import {NAMES, seatOf} from "./helpers.js";
import {build, paintSeats} from "./seats.js";
import {buildSetup, paintSetup} from "./setup.js";
import {buildWait, paintWait} from "./waiting.js";

export {seatIcon} from "./seats.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const views = new WeakMap(); // root -> view

// -- the contract ------------------------------------------------------------------------
export function render(root, match, {onMove = null, mode = "play"} = {}) {
  const board = match.board || {};
  let view = views.get(root);
  if (!view || view.matchId !== match.id) {
    stopAnimation(view);
    view = build(root, match.id);
    views.set(root, view);
  }
  const you = seatOf(match);
  const toMove = match.status === "active" && you !== null && (match.to_move || []).includes(you);
  const phase = board.revealed ? "battle" : toMove && !board.setups?.[you] && mode !== "replay" ? "setup" : "wait";
  if (phase !== view.phase) {
    const observedReveal = phase === "battle" && view.phase !== null && mode !== "replay";
    view.body.replaceChildren();
    stopAnimation(view);
    if (phase === "setup") view.setup = buildSetup(view, match);
    if (phase === "wait") view.wait = buildWait(view);
    if (phase === "battle") view.battle = buildBattle(view, match, observedReveal);
    view.phase = phase;
  }
  view.match = match;
  view.root.dataset.phase = phase;
  paintSeats(view, match);
  if (phase === "setup") paintSetup(view, match, onMove);
  if (phase === "wait") paintWait(view, match);
  if (phase === "battle") paintBattle(view);
}

export function seatSummary(match, seat) {
  const board = match.board;
  if (!board) return null;
  if (board.revealed) {
    if (animating.has(match.id) || !board.score) return null; // no spoiler mid-battle
    const n = board.score[NAMES[seat]];
    return interpolate(ngettext("%(n)s point", "%(n)s points", n), {n});
  }
  if (match.status === "waiting") return null;
  return board.committed?.[seat] ? "✓" : "…"; // the cards over the board say it in words
}

export function lastMoveNote(match) {
  const last = match.last_move;
  if (!last || !match.board) return null;
  // only while the rounds play out here: once they are all shown, the result says it all
  if (match.board.revealed) return animating.has(match.id) ? gettext("Both setups are in: the battle is on!") : null;
  if (last.seat === match.you) return gettext("Your setup is committed.");
  return interpolate(gettext("%(name)s has committed a setup."), {name: personName(match, last.seat, {capitalise: true})});
}

// False while the battle is still being played out on this page (see the top comment).
export function settled(match) {
  return !animating.has(match.id);
}
