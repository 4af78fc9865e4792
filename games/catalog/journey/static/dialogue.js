// Journey's dialogue: an open question shown over the board, with Yes / No buttons for the
// warrior it is put to (keys 1 / 2 answer too, see board.js) and read-only for the others.

import {personName, possessive} from "../../js/match_info.js";
import {KIND, capitalise, div, span} from "./helpers.js";
import {icon, seatColour} from "./icons.js";
import {isOptionLine} from "./log.js";

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
  d.title.textContent = `${KIND[letter] ? capitalise(KIND[letter]) : ""} ${q.speaker} speaks to ${q.seat === match.you ? "you" : `${personName(match, q.seat)} (W${q.seat})`}`.trim();
  const prefix = `${q.speaker}: `;
  d.lines.replaceChildren(
    ...q.lines
      .filter((line) => !isOptionLine(line))
      .map((line) => {
        const p = document.createElement("p");
        p.textContent = line.startsWith(prefix) ? line.slice(prefix.length) : line;
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
        b.textContent = capitalise(o.answer);
        b.title = `${capitalise(o.answer)} (key ${o.label.split(".")[0]})`;
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
    const choices = options.map((o) => capitalise(o.answer)).join(" or ");
    d.wait.textContent =
      mode === "replay"
        ? `${possessive(match, q.seat, {capitalise: true})} choice: ${choices}`
        : `Waiting for ${personName(match, q.seat)} (W${q.seat}) to answer: ${choices}`;
  }
}
