// Alpha Battle's waiting room: who has committed (the setups stay secret), and your own
// setup once it is in.

import {gettext, interpolate} from "../../js/i18n.js";
import {personName} from "../../js/match_info.js";
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
  if (match.status === "waiting") text = gettext("The secret setup starts when both players are here.");
  else if (match.status === "aborted") text = gettext("This match was aborted.");
  else if (match.status === "finished") text = gettext("The match ended before both setups were in.");
  else if (mine) {
    text = committed[other]
      ? gettext("Both setups are in: revealing…")
      : interpolate(gettext("Your setup is locked in. Waiting for %(name)s…"), {name: personName(match, other)});
  } else if (you === null) {
    const done = [0, 1].filter((s) => committed[s]).map((s) => personName(match, s, {capitalise: true}));
    if (done.length === 2) {
      text = interpolate(gettext("%(first)s and %(second)s have committed. The setups stay secret until both are in."), {first: done[0], second: done[1]});
    } else if (done.length) text = interpolate(gettext("%(name)s has committed. The setups stay secret until both are in."), {name: done[0]});
    else text = gettext("Both players are setting up in secret.");
  } else text = gettext("Setting up…");
  message.textContent = text;

  const key = mine ? JSON.stringify(mine) : null;
  if (key === view.wait.ownKey) return;
  view.wait.ownKey = key;
  own.replaceChildren();
  if (!mine) return;
  own.append(
    el("h2", null, gettext("Your setup")),
    lettersRow(mine.letters, [], interpolate(gettext("Your letters, positions 0 to %(last)s"), {last: mine.letters.length - 1})),
    el("p", "ab-console", orderLine(match, you, mine)),
    el(
      "p",
      "ab-detail",
      interpolate(gettext("You strike positions %(positions)s of %(name)s's letters."), {
        positions: [...mine.indices].sort((a, b) => a - b).join(", "),
        name: personName(match, other),
      }),
    ),
  );
}
