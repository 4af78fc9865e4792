// The live page's move list: every move in play, each a link into the replay at that ply,
// and where takebacks happened. Pushed by the match socket (opened with ?moves=1): the list
// whole on connect (`move_list`), then each `state` that changed it says how (its
// `moves_added` or `moves_taken_back`; docs/protocol.md). The page reads nothing over HTTP.

import {gettext, interpolate} from "./i18n.js";
import {levelName} from "./levels.js";

let moves = []; // {ply, seat, forced, label}: the moves in play
let marks = []; // {ply, by, after, moves}: the takebacks, oldest first
let match = null; // the latest state, for the players' names

// Who moved: "You", the username, "Computer"; when two computers play, each by its level
// ("Strong", "Medium": the result panel names them so too).
function who(match, seat) {
  const p = match.players[seat];
  if (!p) return interpolate(gettext("Seat %(seat)s"), {seat});
  if (seat === match.you) return gettext("You");
  const computers = match.players.filter((q) => q.computer);
  if (p.computer && computers.length > 1) {
    const level = levelName(p.computer);
    const repeated = computers.filter((q) => q.computer === p.computer).length > 1;
    return repeated ? `${level} (${p.label.split(" (")[0]})` : level;
  }
  return p.computer ? gettext("Computer") : p.username || p.label;
}

// A move's number is its place in the game as played (a takeback leaves gaps in the plies).
function item(m, number) {
  const li = document.createElement("li");
  li.value = number;
  const a = document.createElement("a");
  a.href = `${match.replay_url}?ply=${number}`;
  a.textContent = m.label;
  const by = document.createElement("span");
  by.className = "move-by";
  by.textContent = m.forced ? interpolate(gettext("%(name)s (by the server)"), {name: who(match, m.seat)}) : who(match, m.seat);
  li.append(by, " ", a);
  return li;
}

// "ann took back E3, D3": where a takeback happened (not a move: no number).
export function takebackWords(match, mark, name = (seat) => who(match, seat)) {
  const undone = mark.moves.map((m) => m.label).join(", ");
  return interpolate(gettext("%(name)s took back %(moves)s"), {name: name(mark.by), moves: undone});
}

function takebackItem(mark) {
  const li = document.createElement("li");
  li.className = "takeback-mark";
  li.textContent = "↶ " + takebackWords(match, mark);
  return li;
}

function render(ol) {
  if (!match) return;
  const items = moves.map((m, index) => item(m, index + 1));
  // each takeback marked where it happened, after the moves before it (latest last)
  for (const mark of [...marks].reverse()) items.splice(mark.after, 0, takebackItem(mark));
  ol.replaceChildren(...items);
  ol.closest("[data-move-count]")?.setAttribute("data-move-count", moves.length);
  ol.parentElement.querySelector(".move-list-empty").hidden = moves.length > 0;
  ol.scrollTop = ol.scrollHeight; // the newest move in view
}

/** The move list after one frame of the match socket (pure: the page's list is `{moves, marks,
 * match}`): the list whole (`move_list`), or a `state` (the players' names, and the change of
 * the list it carries, if any). Returns null when the frame changes nothing shown. */
export function nextList(list, message) {
  if (message.type === "move_list") return {...list, moves: message.moves, marks: message.takebacks};
  if (message.type !== "state") return null;
  const names = (m) => m?.players.map((p) => p.username).join("\n");
  const next = {...list, match: message.match};
  if (message.moves_added) return {...next, moves: [...list.moves, ...message.moves_added]};
  const mark = message.moves_taken_back;
  if (mark) {
    // an older mark stands after the moves still in play (as the replay places it)
    const marks = [...list.marks.map((m) => ({...m, after: Math.min(m.after, mark.after)})), mark];
    return {...next, moves: list.moves.slice(0, mark.after), marks};
  }
  return names(list.match) !== names(message.match) ? next : null;
}

/** Keep ``ol`` current with a frame of the match socket (``nextList``). */
export function showMoves(ol, message) {
  const next = nextList({moves, marks, match}, message);
  if (!next) {
    if (message.type === "state") match = message.match;
    return;
  }
  ({moves, marks, match} = next);
  render(ol);
}
