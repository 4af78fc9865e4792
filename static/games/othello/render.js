/*
 * Othello renderer: Othello is Reversi on a fixed 8x8 board without blocks (same board
 * data, same moves {"cell": "D3"}, the start position comes from the server), so it draws
 * with Reversi's renderer (contract documented in static/games/reversi/render.js).
 * Othello has no options, so it offers no create-form preview (no mountOptions), and it
 * names itself in the board's label.
 */

import * as reversi from "../reversi/render.js";

export {cellName, lastMoveNote, seatIcon, seatSummary} from "../reversi/render.js";

export function render(root, match, options = {}) {
  reversi.render(root, match, options);
  const board = root.querySelector(".rv-board");
  const label = board?.getAttribute("aria-label");
  if (label?.startsWith("Reversi")) board.setAttribute("aria-label", `Othello${label.slice("Reversi".length)}`);
}

// The server's closing line when it sends one ("Player X wins!", "Draw game!").
export function resultMessage(match) {
  const result = match.result;
  if (!result) return null;
  if (result.message && result.reason !== "resign") return result.message;
  return reversi.resultMessage(match);
}
