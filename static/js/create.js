// The create-a-match form: show the chosen game's options (game_options.js), the level only
// against the computer and the side names of the chosen game; grey "Rated" and "Allow
// takebacks" where the server would refuse them, saying why. As a challenge to one person
// (/m/new/?challenge=<name>) the form has no opponent choice and no levels.
// Without JavaScript every fieldset is shown and the plain form post works the same.

import {showGameOptions} from "./game_options.js";
import {gettext} from "./i18n.js";
import {ready} from "./ready.js";

const form = document.getElementById("create-form");
const gameInputs = [...form.querySelectorAll('input[name="game"]')];
const levelField = document.getElementById("level-field");
const levelSelect = document.getElementById("id_level");
const level2Select = document.getElementById("id_level2");
const level2Field = document.getElementById("level2-field");
const levelNote = document.getElementById("level-note");
const sideSelect = document.getElementById("id_side");

function chosenGame() {
  const checked = gameInputs.find((input) => input.checked) ?? gameInputs[0];
  if (checked) checked.checked = true;
  return checked;
}

function update() {
  const game = chosenGame();
  if (!game) return;
  const slug = game.value;
  showGameOptions(form, slug);

  for (const select of [levelSelect, level2Select].filter(Boolean)) {
    for (const group of select.querySelectorAll("optgroup")) {
      const on = group.dataset.game === slug;
      group.hidden = !on;
      group.disabled = !on;
    }
    if (select.selectedOptions[0]?.parentElement.dataset.game !== slug) {
      const group = `optgroup[data-game="${slug}"]`;
      const first = select.querySelector(`${group} option[data-default]`) || select.querySelector(`${group} option`);
      if (first) first.selected = true;
    }
  }
  if (levelNote) levelNote.textContent = levelSelect.selectedOptions[0]?.dataset.note ?? "";
  const opponent = form.querySelector('input[name="opponent"]:checked')?.value;
  if (levelField) levelField.hidden = opponent !== "computer";

  const names = (game.dataset.seatNames || "").split("|").filter(Boolean);
  const side = sideSelect.value;
  const watch = opponent === "computer" ? [new Option(gettext("Watch: computer vs computer"), "watch")] : [];
  sideSelect.replaceChildren(
    new Option(gettext("Random"), "random"), ...names.map((name, seat) => new Option(name, String(seat))), ...watch);
  sideSelect.value = [...sideSelect.options].some((o) => o.value === side) ? side : "random";
  if (level2Field) level2Field.hidden = sideSelect.value !== "watch";
}

const timeControl = document.getElementById("id_time_control");
const customClock = document.getElementById("custom-clock");
timeControl.addEventListener("change", () => {
  customClock.hidden = timeControl.value !== "custom";
});

// "Rated" and "Allow takebacks" are greyed and unticked wherever the server would refuse
// them, with its own words beside the box (it still checks the post: this only says so
// before sending). Which game is never rated, has no takebacks or names a start position
// comes from the page, rendered from the game registry: this file names no game. A greyed
// box is not posted, which is the value meant (casual, no takebacks). When the choice
// changes back, the box comes back as the person left it.
const rated = document.getElementById("id_rated");
const takebacks = document.getElementById("id_allow_takebacks");
const ratedField = document.getElementById("rated-field");
const takebacksField = document.getElementById("takebacks-field");
const chosen = new Map(); // box -> ticked or not when it was greyed

function hold(box, reason = "") {
  if (reason && !box.disabled) chosen.set(box, box.checked);
  if (!reason && box.disabled) box.checked = chosen.get(box) ?? box.checked;
  box.disabled = Boolean(reason);
  if (reason) box.checked = false;
  const note = document.getElementById(box.getAttribute("aria-describedby"));
  if (note.textContent !== reason) note.textContent = reason; // aria-live: said once
}

// Why the server would refuse a rated match now ("" when it would not), in its order.
function whyCasual(game) {
  if (form.elements.namedItem("opponent")?.value === "computer") return ratedField.dataset.computer;
  if (game.dataset.neverRated) return game.dataset.neverRated;
  // A game without a start option has an empty data-start-option (and no such field).
  const start = game.dataset.startOption ? form.elements.namedItem(`${game.value}__${game.dataset.startOption}`) : null;
  return start?.value.trim() ? ratedField.dataset.customStart : "";
}

function syncBoxes() {
  const game = chosenGame();
  if (!game || !rated || !takebacks) return;
  hold(rated, whyCasual(game));
  hold(takebacks, rated.checked ? takebacksField.dataset.rated : game.dataset.noTakebacks);
}

form.addEventListener("change", (event) => {
  if (["game", "opponent", "side", "level"].includes(event.target.name)) update();
  syncBoxes();
});
form.addEventListener("input", syncBoxes); // a start position typed: greyed at once

update();
syncBoxes();
// A box greyed from the start (a form sent back with its errors did not post it) says
// nothing of the person's choice: it comes back at its default (takebacks on).
for (const box of [rated, takebacks]) if (box?.disabled) chosen.set(box, Boolean(box.dataset.default));

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
