// The create-a-match form: show the chosen game's options (game_options.js), the level only
// against the computer and the side names of the chosen game. As a challenge to one person
// (/m/new/?challenge=<name>) the form has no opponent choice and no levels.
// Without JavaScript every fieldset is shown and the plain form post works the same.

import {showGameOptions} from "./game_options.js";

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
  const watch = opponent === "computer" ? [new Option("Watch: computer vs computer", "watch")] : [];
  sideSelect.replaceChildren(
    new Option("Random", "random"), ...names.map((name, seat) => new Option(name, String(seat))), ...watch);
  sideSelect.value = [...sideSelect.options].some((o) => o.value === side) ? side : "random";
  if (level2Field) level2Field.hidden = sideSelect.value !== "watch";
}

const timeControl = document.getElementById("id_time_control");
const customClock = document.getElementById("custom-clock");
timeControl.addEventListener("change", () => {
  customClock.hidden = timeControl.value !== "custom";
});

form.addEventListener("change", (event) => {
  if (["game", "opponent", "side", "level"].includes(event.target.name)) update();
});

update();

// Rated matches have no takebacks: the box says so while "Rated" is ticked.
const rated = document.getElementById("id_rated");
const takebacks = document.getElementById("id_allow_takebacks");
if (rated && takebacks) {
  const sync = () => {
    takebacks.disabled = rated.checked;
  };
  rated.addEventListener("change", sync);
  sync();
}
