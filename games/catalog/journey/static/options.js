// The create form's Journey helper: the alliance-only fields (players, potions) are switched
// off in classic mode (the server ignores them there anyway), and a note says who plays
// and when the match starts. The server still checks every option.

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
      title.textContent = "Classic: one warrior, you";
      text.textContent = "No potions and no sharing. The match starts as soon as you create it; others can watch with its link.";
      return;
    }
    const n = Number.parseInt(players.value, 10);
    const min = Number(players.min) || 1;
    const max = Number(players.max) || 4;
    if (!(n >= min && n <= max)) {
      title.textContent = "Alliance";
      text.textContent = `Players: a number from ${min} to ${max}.`;
      return;
    }
    title.textContent = `Alliance of ${n} ${n === 1 ? "warrior" : "warriors"}`;
    text.textContent =
      n === 1
        ? "You alone, with potions. The match starts as soon as you create it."
        : `You and ${n - 1} ${n === 2 ? "friend" : "friends"}, one warrior each: send them the invite link. ` +
          "The match starts when every seat is taken; you all win or lose together.";
  }

  mode.addEventListener("change", draw);
  players.addEventListener("input", draw);
  draw();
}
