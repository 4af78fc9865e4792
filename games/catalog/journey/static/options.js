// The create form's Journey helper: the alliance-only fields (players, potions) are switched
// off in classic mode (the server ignores them there anyway), and a note says who plays
// and when the match starts. The server still checks every option.

import {gettext, interpolate, ngettext} from "../../js/i18n.js";

export function mount(preview, fieldset) {
  const mode = fieldset.querySelector('[name$="__mode"]');
  const players = fieldset.querySelector('[name$="__players"]');
  const potions = fieldset.querySelector('[name$="__potions"]');
  if (!mode || !players) return;

  const note = document.createElement("div");
  note.className = "jy-form-note";
  note.setAttribute("aria-live", "polite");
  const title = document.createElement("p");
  title.className = "jy-form-title";
  const text = document.createElement("p");
  text.className = "help";
  note.append(title, text);
  preview.append(note);

  function draw() {
    const classic = mode.value === "classic";
    for (const input of [players, potions]) {
      if (!input) continue;
      input.disabled = classic;
      input.closest(".field")?.classList.toggle("jy-off", classic);
    }
    if (classic) {
      title.textContent = gettext("Classic: one warrior, you");
      text.textContent = gettext("No potions and no sharing. The match starts as soon as you create it; others can watch with its link.");
      return;
    }
    const n = Number.parseInt(players.value, 10);
    const min = Number(players.min) || 1;
    const max = Number(players.max) || 4;
    if (!(n >= min && n <= max)) {
      title.textContent = gettext("Alliance");
      text.textContent = interpolate(gettext("Players: a number from %(min)s to %(max)s."), {min, max});
      return;
    }
    title.textContent = interpolate(ngettext("Alliance of %(n)s warrior", "Alliance of %(n)s warriors", n), {n});
    const friends = ngettext(
      "You and %(n)s friend, one warrior each: send them the invite link. The match starts when every seat is taken; you all win or lose together.",
      "You and %(n)s friends, one warrior each: send them the invite link. The match starts when every seat is taken; you all win or lose together.",
      n - 1,
    );
    text.textContent = n === 1 ? gettext("You alone, with potions. The match starts as soon as you create it.") : interpolate(friends, {n: n - 1});
  }

  mode.addEventListener("change", draw);
  players.addEventListener("input", draw);
  draw();
}
