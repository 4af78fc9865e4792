// The live page's move list: every move so far, each a link into the replay at that ply.
// Read from the replay API (public: a secret setup stays hidden until the game reveals it)
// whenever a state brings a new ply; one request at a time, the latest ply wins.

let loaded = -1;
let loading = false;
let wanted = null;
let ownMoves = null; // how many moves of the viewer's own are in play, once loaded

/** Has the viewer a move of their own in play (null: not known yet)? A takeback needs one;
 * ``ol`` gets a "moves-loaded" event each time the list (and this answer) is new. */
export const ownMoveInPlay = () => (ownMoves === null ? null : ownMoves > 0);

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
function item(match, m, number) {
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

function takebackItem(match, mark) {
  const li = document.createElement("li");
  li.className = "takeback-mark";
  li.textContent = `↶ ${takebackWords(match, mark)}`;
  return li;
}

async function load(ol, match) {
  loading = true;
  try {
    const slug = match.replay_url.split("/").filter(Boolean).pop();
    const response = await fetch(`/api/replays/${encodeURIComponent(slug)}/`, {headers: {Accept: "application/json"}});
    if (!response.ok) return;
    const {moves, takebacks = []} = await response.json();
    const items = moves.map((m, index) => item(wanted, m, index + 1));
    // each takeback marked where it happened, after the moves before it (latest last)
    for (const mark of [...takebacks].reverse()) items.splice(mark.after, 0, takebackItem(wanted, mark));
    ol.replaceChildren(...items);
    ol.closest("[data-move-count]")?.setAttribute("data-move-count", moves.length);
    ol.parentElement.querySelector(".move-list-empty").hidden = moves.length > 0;
    const last = ol.lastElementChild;
    if (last) ol.scrollTop = ol.scrollHeight; // the newest move in view
    loaded = match.ply;
    ownMoves = moves.filter((m) => m.seat === match.you && !m.forced).length;
    ol.dispatchEvent(new Event("moves-loaded"));
  } catch {
    // offline for a moment: the next state tries again
  } finally {
    loading = false;
    if (wanted && wanted.ply !== loaded) load(ol, wanted);
  }
}

/** Keep ``ol`` listing the moves of ``match`` (fetches only when its ply is new). */
export function showMoves(ol, match) {
  wanted = match;
  if (match.ply !== loaded && !loading) load(ol, match);
}
