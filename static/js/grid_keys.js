// Keyboard play on a square board: one cell is in the tab order (a "roving tabindex");
// the arrow keys move it, Home and End go to the ends of the row. Shared by the boards.

export function setTabStop(board, selector, cell) {
  for (const el of board.querySelectorAll(`${selector}[tabindex="0"]`)) el.tabIndex = -1;
  cell.tabIndex = 0;
}

// `position(cell)` gives [row, column]; `cellAt(row, column)` the cell there.
export function gridKeys(board, selector, size, position, cellAt) {
  board.addEventListener("keydown", (event) => {
    const cell = event.target.closest(selector);
    if (!cell) return;
    const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[event.key];
    let [row, column] = position(cell);
    if (step) {
      row = Math.min(size - 1, Math.max(0, row + step[0]));
      column = Math.min(size - 1, Math.max(0, column + step[1]));
    } else if (event.key === "Home") column = 0;
    else if (event.key === "End") column = size - 1;
    else return;
    event.preventDefault();
    event.stopPropagation();
    const next = cellAt(row, column);
    setTabStop(board, selector, next);
    next.focus();
  });
  board.addEventListener("focusin", (event) => {
    if (event.target.matches(selector)) setTabStop(board, selector, event.target);
  });
}
