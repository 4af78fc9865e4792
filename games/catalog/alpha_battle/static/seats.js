// Alpha Battle's frame: the two seat cards (name, committed or not, the score shown so
// far) over the body that holds the current face (setup.js, waiting.js or battle.js).

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {NAMES, el} from "./helpers.js";

export function seatIcon(seat) {
  const el = document.createElement("span");
  el.className = `ab-seat-icon seat-icon s${seat}`;
  el.setAttribute("aria-hidden", "true");
  el.textContent = NAMES[seat] ?? "?";
  return el;
}

export function build(root, matchId) {
  root.replaceChildren();
  const wrap = el("div", "ab");
  const seats = el("div", "ab-seats");
  const cards = [0, 1].map((seat) => {
    const card = el("div", `ab-card s${seat}`);
    card.dataset.seat = seat;
    const icon = seatIcon(seat);
    const who = el("div", "ab-who");
    const name = el("span", "ab-name");
    const state = el("span", "ab-state");
    who.append(name, state);
    const score = el("span", "ab-score");
    card.append(icon, who, score);
    seats.append(card);
    return {card, name, state, score};
  });
  const vs = el("span", "ab-vs", gettext("vs"));
  vs.setAttribute("aria-hidden", "true");
  seats.insertBefore(vs, seats.children[1]);
  const body = el("div", "ab-body");
  wrap.append(seats, body);
  root.append(wrap);
  return {root: wrap, matchId, phase: null, cards, body, match: null};
}

export function paintSeats(view, match) {
  const board = match.board || {};
  const shown = board.revealed ? shownScore(view) : null;
  view.cards.forEach(({card, name, state, score}, seat) => {
    const player = match.players?.[seat];
    const you = seat === match.you;
    const named = player?.computer ? gettext("Computer") : player?.username || gettext("open seat");
    name.textContent = you ? interpolate(gettext("%(name)s (you)"), {name: named}) : named;
    card.classList.toggle("you", you);
    const committed = Boolean(board.committed?.[seat]);
    card.classList.toggle("committed", committed);
    let text;
    if (board.revealed) text = gettext("revealed");
    else if (!player?.username && !player?.computer) text = gettext("not here yet");
    else if (committed) text = `✓ ${gettext("committed")}`;
    else text = match.status === "active" ? gettext("setting up…") : "";
    state.textContent = text;
    score.textContent = shown ? String(shown[NAMES[seat]]) : "";
    score.hidden = !shown;
    const points = shown?.[NAMES[seat]];
    score.setAttribute("aria-label", shown ? interpolate(ngettext("%(n)s point", "%(n)s points", points), {n: points}) : "");
    const lead = shown && shown[NAMES[seat]] > shown[NAMES[1 - seat]];
    card.classList.toggle("leading", Boolean(lead));
  });
}

// The score the cards show: while the battle plays out, the running score of the rounds shown.
function shownScore(view) {
  const battle = view.battle;
  if (!battle || !battle.total) return view.match?.board?.score || null;
  if (battle.shown <= 0) return {P: 0, Q: 0};
  return battle.board.rounds[Math.min(battle.shown, battle.total) - 1].score;
}
