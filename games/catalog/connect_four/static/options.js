// The create form's Connect Four preview: the board as it will start, drawn as typed.
// A start position (rows of ".", "R" and "Y", top row first) needs several lines, so its
// one-line text field becomes a textarea here (same name and id: the form posts the same).
// Purely visual: characters other than ".", "R", "Y" and uneven lines are pointed out;
// everything else (floating discs, disc counts, four in a row already) is the server's
// to judge, with the seed's reasons, when the match is created.

import {gettext, interpolate} from "../../js/i18n.js";

// ``render`` is the renderer's, handed in by it (render.js: mountOptions), so that this module
// imports nothing back from the renderer.
export function mount(preview, fieldset, {render}) {
  const rowsInput = fieldset.querySelector('[name$="__rows"]');
  const colsInput = fieldset.querySelector('[name$="__columns"]');
  const popInput = fieldset.querySelector('[name$="__pop_out"]');
  const start = multiline(fieldset.querySelector('[name$="__start"]'));
  if (!rowsInput || !colsInput) return;
  const limits = (input) => [Number(input.min) || 4, Number(input.max) || 12];

  const title = document.createElement("p");
  title.className = "help";
  title.textContent = gettext("Preview of the starting board.");
  const board = document.createElement("div");
  board.className = "c4-options-preview";
  const note = document.createElement("p");
  note.className = "preview-note";
  note.setAttribute("aria-live", "polite");
  preview.append(title, board, note);

  function draw() {
    const lines = (start?.value ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    let rows;
    const problems = [];
    if (lines.length) {
      const width = Math.max(...lines.map((line) => line.length));
      rows = lines.map((line) => line.padEnd(width, "?"));
      const bad = [...new Set(lines.join("").replace(/[.RY]/g, ""))];
      if (bad.length) problems.push(interpolate(gettext('Use only ".", "R" and "Y" (found %(found)s).'), {found: bad.map((ch) => `"${ch}"`).join(", ")}));
      if (lines.some((line) => line.length !== width)) problems.push(gettext("Every line must have the same length."));
      const [min, max] = limits(rowsInput);
      if (rows.length < min || rows.length > max || width < min || width > max) {
        problems.push(interpolate(gettext("The board must be %(min)s to %(max)s rows and columns."), {min, max}));
      }
      title.textContent = gettext("Preview of the start position as typed (its size replaces Rows and Columns).");
    } else {
      const n = Number.parseInt(rowsInput.value || rowsInput.placeholder || rowsInput.defaultValue, 10);
      const m = Number.parseInt(colsInput.value || colsInput.placeholder || colsInput.defaultValue, 10);
      const [rmin, rmax] = limits(rowsInput);
      const [cmin, cmax] = limits(colsInput);
      if (!(n >= rmin && n <= rmax && m >= cmin && m <= cmax)) {
        board.hidden = true;
        note.className = "preview-note";
        const said = gettext("Enter %(rmin)s to %(rmax)s rows and %(cmin)s to %(cmax)s columns to see the preview.");
        note.textContent = interpolate(said, {rmin, rmax, cmin, cmax});
        return;
      }
      rows = Array.from({length: n}, () => ".".repeat(m));
      title.textContent = gettext("Preview of the starting board.");
    }
    board.hidden = false;
    render(
      board,
      {ply: 0, turn: null, legal_moves: [], board: {board: rows, rows: rows.length, columns: rows[0].length, pop_out: Boolean(popInput?.checked), last: null, winning_cells: []}},
      {mode: "preview"},
    );
    note.className = problems.length ? "preview-note warn" : "preview-note";
    note.textContent = problems.length
      ? problems.join(" ")
      : interpolate(
          lines.length
            ? gettext("%(rows)s rows × %(cols)s columns. The server checks the position when you create the match.")
            : gettext("%(rows)s rows × %(cols)s columns."),
          {rows: rows.length, cols: rows[0].length},
        );
  }

  for (const input of [rowsInput, colsInput, popInput, start]) input?.addEventListener("input", draw);
  popInput?.addEventListener("change", draw);
  draw();
}

// Swap a one-line <input> for a <textarea> with the same name, id, value and labels.
function multiline(input) {
  if (!input || input.tagName === "TEXTAREA") return input;
  const area = document.createElement("textarea");
  for (const attr of ["name", "id", "class", "maxlength", "aria-describedby", "aria-invalid", "placeholder"]) {
    if (input.hasAttribute(attr)) area.setAttribute(attr, input.getAttribute(attr));
  }
  area.rows = 6;
  area.spellcheck = false;
  area.autocapitalize = "characters";
  area.classList.add("c4-start");
  // The value attribute keeps the line breaks a re-shown form sends back (.value drops them).
  area.value = input.getAttribute("value") ?? input.value;
  if (!area.placeholder) area.placeholder = "......\n......\n..R...\n..YR..";
  input.replaceWith(area);
  return area;
}
