// Othello is Reversi on a fixed 8x8 board (same board data and moves): same renderer.
export * from "../reversi/render.js";
