// Journey's "Messages" panel: this round's and the previous round's console lines told for
// people ("bob's turn: at (3,4), health 40.", "bob chose (5,6).", "bob (W1): ...").

import {gettext, interpolate} from "../../js/i18n.js";
import {aboutSeat, personName} from "../../js/match_info.js";
import {div} from "./helpers.js";
import {spoken} from "./spoken.js";

export function paintLog(view, match) {
  const data = match.board;
  const names = (match.players || []).map((p) => [p.username, p.computer]);
  const key = JSON.stringify([data.round, data.previous_log, data.log, match.you, names]);
  if (key === view.logKey) return;
  view.logKey = key;
  const blocks = [];
  if (data.previous_log?.length) blocks.push(logBlock(interpolate(gettext("Round %(n)s"), {n: data.round - 1}), data.previous_log, match));
  const now = data.result ? gettext("Round %(n)s") : gettext("Round %(n)s (now)");
  blocks.push(logBlock(interpolate(now, {n: data.round}), data.log || [], match));
  view.log.replaceChildren(...blocks);
  view.log.scrollTop = view.log.scrollHeight;
}

function logBlock(title, lines, match) {
  const block = div("jy-log-block");
  const h = document.createElement("h3");
  h.textContent = title;
  const list = document.createElement("ol");
  const shown = toldForPeople(lines, match);
  if (!shown.length) {
    const li = document.createElement("li");
    li.className = "jy-line quiet";
    li.textContent = gettext("Nothing yet.");
    list.append(li);
  }
  for (const {kind, speaker, text} of shown) {
    const li = document.createElement("li");
    li.className = `jy-line ${kind}`;
    if (speaker) {
      const b = document.createElement("b");
      b.textContent = `${speaker}: `;
      li.append(b, document.createTextNode(text));
    } else li.textContent = text;
    list.append(li);
  }
  block.append(h, list);
  return block;
}

// A round's console lines told for people: the turn's opening prompt becomes "bob's turn:
// at (3,4), health 40."; the typed target and answers become "bob chose (5,6)." and "bob
// answered yes."; a warrior speaks under their player's name; the option lines go.
function toldForPeople(lines, match) {
  const out = [];
  let seat = null; // whose turn the lines are about
  const who = (s) => personName(match, s, {capitalise: true});
  // a sentence about seat ``s``: its own words for you ("You were killed."), else named
  const about = (s, forYou, forOthers, values = {}) => aboutSeat(match, s, forYou, forOthers, values);
  for (const line of lines) {
    if (isOptionLine(line) || line.startsWith("Specify your target")) continue;
    const hi = /^Hi, W(\d+)\. Your position is \((\d+),(\d+)\) and health is (-?\d+)\.$/.exec(line);
    if (hi) {
      seat = Number(hi[1]);
      const values = {x: hi[2], y: hi[3], health: hi[4]};
      const turn = aboutSeat(match, seat, gettext("Your turn: at (%(x)s,%(y)s), health %(health)s."), gettext("%(name)s's turn: at (%(x)s,%(y)s), health %(health)s."), values);
      out.push({kind: "prompt", text: turn});
      continue;
    }
    const kind = lineKind(line);
    if (kind === "input") {
      const answer = {1: gettext("yes"), 2: gettext("no")}[line];
      const values = {answer, cell: line.split(" ").join(",")};
      let text;
      if (seat === null) {
        text = interpolate(answer ? gettext("The warrior answered %(answer)s.") : gettext("The warrior chose (%(cell)s)."), values);
      } else if (answer) text = about(seat, gettext("You answered %(answer)s."), gettext("%(name)s answered %(answer)s."), values);
      else text = about(seat, gettext("You chose (%(cell)s)."), gettext("%(name)s chose (%(cell)s)."), values);
      out.push({kind, text});
      continue;
    }
    const killed = /^Very sorry, W(\d+) has been killed\.$/.exec(line);
    if (killed) {
      const s = Number(killed[1]);
      out.push({kind, text: about(s, gettext("You were killed."), gettext("%(name)s was killed."))});
      continue;
    }
    const away = /^\(W(\d+) is away: the turn is skipped\.\)$/.exec(line);
    if (away) {
      const s = Number(away[1]);
      out.push({kind, text: about(s, gettext("You are away: the turn is skipped."), gettext("%(name)s is away: the turn is skipped."))});
      continue;
    }
    const said = /^([MEWP])(\d+): (.*)$/.exec(line);
    if (said) {
      const name = said[1] === "W" ? `${who(Number(said[2]))} (W${said[2]})` : `${said[1]}${said[2]}`;
      out.push({kind, speaker: name, text: spoken(said[3])});
      continue;
    }
    out.push({kind, text: spoken(line)});
  }
  return out;
}

// The console's lines, by kind (only for how they look).
function lineKind(line) {
  if (/^\d+ \d+$/.test(line) || /^[12]$/.test(line)) return "input";
  if (/^Hi, W\d+\. /.test(line) || line.startsWith("Specify your target")) return "prompt";
  if (/^Congratulations|^Unfortunately|^Very sorry/.test(line)) return "event";
  return "msg";
}

export function isOptionLine(line) {
  return /^[12]\. (Yes|No)$/.test(line) || /You now have following options:\s*$/.test(line);
}
