// The live page's move list: every move in play, each a link into the replay at that ply,
// and where takebacks happened. Pushed by the match socket (opened with ?moves=1): the list
// whole on connect (`move_list`), then each `state` that changed it says how (its
// `moves_added` or `moves_taken_back`; docs/protocol.md). The page reads nothing over HTTP.

let moves = []; // {ply, seat, forced, label}: the moves in play
let marks = []; // {ply, by, after, moves}: the takebacks, oldest first
let match = null; // the latest state, for the players' names

// Who moved: "You", the username, "Computer"; when two computers play, each by its level
// ("Strong", "Medium": the result panel names them so too).
function who(match, seat) {
  const p = match.players[seat];
  if (!p) return `Seat ${seat}`;
  if (seat === match.you) return "You";
  const computers = match.players.filter((q) => q.computer);
  if (p.computer && computers.length > 1) {
    const level = p.computer[0].toUpperCase() + p.computer.slice(1);
    const repeated = computers.filter((q) => q.computer === p.computer).length > 1;
    return repeated ? `${level} (${p.label.split(" (")[0]})` : level;
  }
  return p.computer ? "Computer" : p.username || p.label;
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
  by.textContent = m.forced ? `${who(match, m.seat)} (by the server)` : who(match, m.seat);
  li.append(by, " ", a);
  return li;
}

// "ann took back E3, D3": where a takeback happened (not a move: no number).
export function takebackWords(match, mark, name = (seat) => who(match, seat)) {
  const undone = mark.moves.map((m) => m.label).join(", ");
  return `${name(mark.by)} took back ${undone}`;
}

function takebackItem(mark) {
  const li = document.createElement("li");
  li.className = "takeback-mark";
  li.textContent = `↶ ${takebackWords(match, mark)}`;
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

/** Keep ``ol`` current with a frame of the match socket: the list whole (`move_list`), or a
 * `state` (the players' names, and the change of the list it carries, if any). */
export function showMoves(ol, message) {
  if (message.type === "move_list") {
    moves = message.moves;
    marks = message.takebacks;
  } else if (message.type === "state") {
    const names = (m) => m?.players.map((p) => p.username).join("\n");
    const renamed = names(match) !== names(message.match);
    match = message.match;
    if (message.moves_added) {
      moves = [...moves, ...message.moves_added];
    } else if (message.moves_taken_back) {
      const mark = message.moves_taken_back;
      moves = moves.slice(0, mark.after);
      // an older mark stands after the moves still in play (as the replay places it)
      marks = [...marks.map((m) => ({...m, after: Math.min(m.after, mark.after)})), mark];
    } else if (!renamed) {
      return;
    }
  } else {
    return;
  }
  render(ol);
}
