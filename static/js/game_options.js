// The game options of a create form (a match's or a tournament's): one fieldset
// `.game-options[data-game]` per game. Only the chosen game's is shown and enabled, so only
// its options are posted, and its renderer's optional mountOptions(container, fieldset)
// fills the fieldset's [data-preview] (Reversi's board preview).
// Without JavaScript every fieldset is shown and the plain form post works the same.

import {loadRenderer} from "./renderer.js";

const mounted = new WeakSet();

function mountPreview(fieldset) {
  const preview = fieldset.querySelector("[data-preview]");
  if (!preview || mounted.has(fieldset)) return;
  mounted.add(fieldset);
  loadRenderer(fieldset.dataset.game)
    .then((renderer) => renderer.mountOptions?.(preview, fieldset))
    .catch(() => {}); // no renderer, no preview: the form works without one
}

export function showGameOptions(form, slug) {
  for (const fieldset of form.querySelectorAll(".game-options[data-game]")) {
    const on = fieldset.dataset.game === slug;
    const empty = !fieldset.querySelector(".options-fields > *"); // a game without options
    fieldset.hidden = !on || empty;
    fieldset.disabled = !on; // only the chosen game's options are posted
    if (on) mountPreview(fieldset);
  }
}

// A form whose game is chosen with a <select name="game">: follow its choice.
export function followGameSelect(form) {
  const select = form?.querySelector('select[name="game"]');
  if (!select) return;
  const update = () => showGameOptions(form, select.value);
  select.addEventListener("change", update);
  update();
}
