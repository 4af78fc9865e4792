// Journey's dialogue: an open question shown over the board, with Yes / No buttons for the
// warrior it is put to (keys 1 / 2 answer too, see board.js) and read-only for the others.

import {gettext, interpolate} from "../../js/i18n.js";
import {aboutSeat, personName} from "../../js/match_info.js";
import {KIND_SAID, capitalise, div, span} from "./helpers.js";
import {icon, seatColour} from "./icons.js";
import {isOptionLine} from "./log.js";
import {spoken} from "./spoken.js";

// an answer ("yes", "no") as people read it
const ANSWERS = {yes: gettext("yes"), no: gettext("no")};
const said = (answer) => capitalise(ANSWERS[answer] ?? answer);

// "Yes", "Yes or No", "A, B or C"
function alternatives(words) {
  if (words.length < 2) return words[0] ?? "";
  return interpolate(gettext("%(choices)s or %(last)s"), {choices: words.slice(0, -1).join(", "), last: words.at(-1)});
}

export function answer(view, choice) {
  const move = view.answers.find((m) => m.answer === choice);
  if (move && view.onMove) view.onMove(move);
}

export function buildDialogue() {
  const root = div("jy-dialogue");
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-labelledby", "jy-dialogue-title");
  root.hidden = true;
  const header = div("jy-dialogue-head");
  const portrait = span("jy-portrait");
  const title = document.createElement("h2");
  title.id = "jy-dialogue-title";
  header.append(portrait, title);
  const lines = document.createElement("div");
  lines.className = "jy-lines";
  const actions = div("jy-dialogue-actions");
  const wait = document.createElement("p");
  wait.className = "jy-dialogue-wait";
  root.append(header, lines, actions, wait);
  return {root, portrait, title, lines, actions, wait, key: null};
}

export function paintDialogue(view, match, answers, mode) {
  const q = match.board.question;
  const d = view.dialogue;
  d.root.hidden = !q;
  if (!q) {
    d.key = null;
    return;
  }
  const mine = answers.length > 0;
  const key = `${match.ply}|${q.speaker}|${mine}`;
  d.root.classList.toggle("mine", mine);
  d.root.classList.toggle("top", q.target[0] >= Math.ceil(view.size / 2)); // keep the target cell visible
  if (d.key === key) {
    for (const b of d.actions.querySelectorAll("button")) b.disabled = !view.onMove;
    return;
  }
  const fresh = d.key === null;
  d.key = key;
  const letter = q.speaker[0];
  d.portrait.replaceChildren(icon(letter, "jy-portrait-icon"));
  d.portrait.style.setProperty("--jy-seat", seatColour(Number(q.speaker.slice(1))));
  const speaks = q.seat === match.you ? gettext("%(kind)s %(speaker)s speaks to you") : gettext("%(kind)s %(speaker)s speaks to %(name)s (W%(seat)s)");
  const kind = KIND_SAID[letter] ? capitalise(KIND_SAID[letter]) : "";
  d.title.textContent = interpolate(speaks, {kind, speaker: q.speaker, name: personName(match, q.seat), seat: q.seat}).trim();
  const prefix = `${q.speaker}: `;
  d.lines.replaceChildren(
    ...q.lines
      .filter((line) => !isOptionLine(line))
      .map((line) => {
        const p = document.createElement("p");
        p.textContent = spoken(line.startsWith(prefix) ? line.slice(prefix.length) : line);
        return p;
      }),
  );
  const options = q.options?.length ? q.options : [{answer: "yes", label: "1. Yes"}, {answer: "no", label: "2. No"}];
  if (mine) {
    d.actions.replaceChildren(
      ...options.map((o) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = `button ${o.answer === "yes" ? "primary" : ""}`.trim();
        b.dataset.answer = o.answer;
        b.textContent = said(o.answer);
        b.title = interpolate(gettext("%(answer)s (key %(key)s)"), {answer: said(o.answer), key: o.label.split(".")[0]});
        b.disabled = !view.onMove;
        return b;
      }),
    );
    d.wait.textContent = "";
    d.wait.hidden = true;
    if (fresh) {
      d.actions.querySelector("button")?.focus({preventScroll: true});
      d.root.scrollIntoView({block: "nearest"}); // under the board on a phone
    }
  } else {
    d.actions.replaceChildren();
    d.wait.hidden = false;
    const choices = alternatives(options.map((o) => said(o.answer)));
    d.wait.textContent =
      mode === "replay"
        ? aboutSeat(match, q.seat, gettext("Your choice: %(choices)s"), gettext("%(name)s's choice: %(choices)s"), {choices})
        : interpolate(gettext("Waiting for %(name)s (W%(seat)s) to answer: %(choices)s"), {name: personName(match, q.seat), seat: q.seat, choices});
  }
}
