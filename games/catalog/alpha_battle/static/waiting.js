// Alpha Battle's waiting room: who has committed (the setups stay secret), and your own
// setup once it is in.

import {personName, possessive} from "../../js/match_info.js";
import {el, lettersRow, orderLine, seatOf} from "./helpers.js";

export function buildWait(view) {
  const section = el("section", "ab-wait");
  const message = el("p", "ab-wait-message");
  message.setAttribute("aria-live", "polite");
  const own = el("div", "ab-own");
  section.append(message, own);
  view.body.append(section);
  return {message, own, ownKey: null};
}

export function paintWait(view, match) {
  const {message, own} = view.wait;
  const board = match.board || {};
  const you = seatOf(match);
  const committed = board.committed || [false, false];
  const mine = you !== null ? board.setups?.[you] : null;
  const other = you !== null ? 1 - you : null;
  let text;
  if (match.status === "waiting") text = "The secret setup starts when both players are here.";
  else if (match.status === "aborted") text = "This match was aborted.";
  else if (match.status === "finished") text = "The match ended before both setups were in.";
  else if (mine) text = committed[other] ? "Both setups are in: revealing…" : `Your setup is locked in. Waiting for ${personName(match, other)}…`;
  else if (you === null) {
    const done = [0, 1].filter((s) => committed[s]).map((s) => personName(match, s, {capitalise: true}));
    text = done.length
      ? `${done.join(" and ")} ${done.length === 1 ? "has" : "have"} committed. The setups stay secret until both are in.`
      : "Both players are setting up in secret.";
  } else text = "Setting up…";
  message.textContent = text;

  const key = mine ? JSON.stringify(mine) : null;
  if (key === view.wait.ownKey) return;
  view.wait.ownKey = key;
  own.replaceChildren();
  if (!mine) return;
  own.append(
    el("h2", null, "Your setup"),
    lettersRow(mine.letters, [], `Your letters, positions 0 to ${mine.letters.length - 1}`),
    el("p", "ab-console", orderLine(match, you, mine)),
    el("p", "ab-detail", `You strike positions ${[...mine.indices].sort((a, b) => a - b).join(", ")} of ${possessive(match, other)} letters.`),
  );
}
