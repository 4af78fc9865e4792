/*
 * Othello renderer: Othello is Reversi on a fixed 8x8 board without blocks (same board
 * data, same moves {"cell": "D3"}, the start position comes from the server), so it draws
 * with Reversi's renderer (contract documented in games/catalog/reversi/static/render.js).
 * Othello has no options, so it offers no create-form preview (no mountOptions), and it
 * names itself in the board's label (Reversi's renderer words it).
 */

import * as reversi from "../reversi/render.js";

export {cellName, lastMoveNote, seatIcon, seatSummary} from "../reversi/render.js";

export function render(root, match, options = {}) {
  reversi.render(root, match, {...options, name: "Othello"});
}

