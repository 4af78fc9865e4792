// The create form's Reversi preview: the board at the chosen size with its blocked cells.
// Clicking a cell toggles it in the "blocked cells" text field; typing there redraws.
// A typed start position (rows of ".", "X", "O", "#"; a last line "O to move") is drawn instead.
// The starting discs sit in the centre and cannot be blocked. The server still checks
// everything (too many blocks, bad addresses) and answers with the seed's reasons.

import {gettext, interpolate, ngettext} from "../../js/i18n.js";

const ADDRESS = /^([A-Z])([1-9]\d?)$/;

// ``render`` and ``cellName`` are the renderer's, handed in by it (render.js: mountOptions), so
// that this module imports nothing back from the renderer.
export function mount(preview, fieldset, {render, cellName}) {
  const size = fieldset.querySelector('[name$="__size"]');
  const blocks = fieldset.querySelector('[name$="__blocks"]');
  const startField = fieldset.querySelector('[name$="__start"]');
  if (!size || !blocks) return;
  const min = Number(size.min) || 4;
  const max = Number(size.max) || 26;

  const title = document.createElement("p");
  title.className = "help";
  title.id = `${blocks.id}_preview`;
  title.textContent = gettext("Preview: click a cell to block or unblock it.");
  const board = document.createElement("div");
  board.className = "rv-preview";
  const note = document.createElement("p");
  note.className = "preview-note";
  note.setAttribute("aria-live", "polite");
  preview.append(title, board, note);

  const tokens = () => blocks.value.split(/[\s,;]+/).filter(Boolean);

  // The start position as typed; the server judges the rest (disc counts, moves left).
  function drawStart(lines) {
    const first = /^[XO] TO MOVE$/.test(lines.at(-1)) ? lines.pop()[0] : "X";
    const n = lines.length;
    const square = n >= min && n <= max && n % 2 === 0 && lines.every((line) => line.length === n && /^[.XO#]+$/.test(line));
    board.hidden = !square;
    title.textContent = gettext("Preview of the start position as typed (its size replaces the board size).");
    note.className = square ? "preview-note" : "preview-note warn";
    if (!square) {
      const said = gettext("A start position is an even number (%(min)s to %(max)s) of rows as long as there are rows, of '.', 'X', 'O' and '#'.");
      note.textContent = interpolate(said, {min, max});
      return;
    }
    render(board, {ply: 0, turn: null, board: {board: lines, size: n, flipped: [], last: null}, legal_moves: []}, {mode: "edit"});
    note.textContent = interpolate(gettext("%(side)s moves first."), {side: first === "X" ? gettext("Black (X)") : gettext("White (O)")});
  }

  function draw() {
    const typed = (startField?.value ?? "").split(/\r?\n/).map((line) => line.trim().toUpperCase()).filter(Boolean);
    if (typed.length) return drawStart(typed);
    title.textContent = gettext("Preview: click a cell to block or unblock it.");
    const n = Number.parseInt(size.value || size.placeholder || size.defaultValue, 10);
    if (!(n >= min && n <= max)) {
      board.hidden = true;
      note.className = "preview-note";
      note.textContent = interpolate(gettext("Enter a board size from %(min)s to %(max)s to see the preview."), {min, max});
      return;
    }
    board.hidden = false;
    const rows = Array.from({length: n}, () => Array(n).fill("."));
    const h = Math.floor(n / 2);
    const start = new Map([[cellName(h - 1, h - 1), "X"], [cellName(h, h), "X"], [cellName(h - 1, h), "O"], [cellName(h, h - 1), "O"]]);
    for (const [name, disc] of start) rows[Number(name.slice(1)) - 1][name.charCodeAt(0) - 65] = disc;

    const offBoard = [];
    const onStart = [];
    let blocked = 0;
    for (const token of tokens()) {
      const m = ADDRESS.exec(token.toUpperCase());
      const x = m ? m[1].charCodeAt(0) - 65 : -1;
      const y = m ? Number(m[2]) - 1 : -1;
      if (start.has(token.toUpperCase())) onStart.push(token);
      else if (x < 0 || x >= n || y < 0 || y >= n) offBoard.push(token);
      else if (rows[y][x] === ".") {
        rows[y][x] = "#";
        blocked += 1;
      }
    }
    const editable = [];
    rows.forEach((row, y) => row.forEach((c, x) => (c === "." || c === "#") && editable.push({cell: cellName(y, x)})));
    render(
      board,
      {ply: 0, turn: null, board: {board: rows.map((r) => r.join("")), size: n, flipped: [], last: null}, legal_moves: editable},
      {onMove: toggle, mode: "edit"},
    );
    const problems = [
      offBoard.length && interpolate(gettext("Not a cell of this board: %(cells)s."), {cells: offBoard.join(", ")}),
      onStart.length && interpolate(gettext("Starting discs cannot be blocked: %(cells)s."), {cells: onStart.join(", ")}),
    ].filter(Boolean);
    note.className = problems.length ? "preview-note warn" : "preview-note";
    const count = interpolate(ngettext("%(n)s blocked cell.", "%(n)s blocked cells.", blocked), {n: blocked});
    note.textContent = problems.length ? problems.join(" ") : count;
  }

  function toggle({cell}) {
    const list = tokens();
    const kept = list.filter((t) => t.toUpperCase() !== cell);
    blocks.value = (kept.length === list.length ? [...list, cell] : kept).join(" ");
    draw();
    board.querySelector(`[data-cell="${cell}"]`)?.focus();
  }

  size.addEventListener("input", draw);
  blocks.addEventListener("input", draw);
  startField?.addEventListener("input", draw);
  draw();
}
