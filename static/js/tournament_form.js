// The new-tournament form: only the chosen game's computer levels are offered (each game has
// its own; Reversi has no "medium"), and only the chosen format's extra field is shown.
// Without JavaScript every group is shown and the server refuses a level the game lacks.

export function followTournamentForm(form) {
  const game = form.querySelector('select[name="game"]');
  const update = () => {
    for (const group of form.querySelectorAll(".computer-levels[data-game]")) {
      const on = group.dataset.game === game.value;
      group.hidden = !on;
      group.disabled = !on; // a hidden game's ticked levels are not posted
    }
    const format = form.querySelector('input[name="format"]:checked')?.value;
    for (const field of form.querySelectorAll("[data-format]")) field.hidden = field.dataset.format !== format;
  };
  form.addEventListener("change", update);
  update();
}
