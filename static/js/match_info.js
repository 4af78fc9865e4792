// Text and panels describing a match, shared by the live page and the replay page.
// Game-specific wording comes from the renderer's optional hooks (see render.js).

export function playerName(match, seat) {
  const p = match.players?.[seat];
  if (!p) return `Seat ${seat}`;
  if (p.computer) return `the computer (${p.label})`;
  return p.username || p.label;
}

export function seatLabel(match, seat) {
  return match.players?.[seat]?.label ?? `Seat ${seat}`;
}

export function resultText(match, renderer) {
  if (!match.result) return null;
  const custom = renderer.resultMessage?.(match);
  if (custom) return custom;
  const {winner} = match.result;
  return winner === null || winner === undefined ? "Draw!" : `${seatLabel(match, winner)} wins!`;
}

export function scoreText(result) {
  const score = Object.entries(result?.score ?? {});
  if (!score.length) return "";
  const reason = result.reason && !["draw", "resign"].includes(result.reason) ? ` (${result.reason})` : "";
  return `Final score: ${score.map(([k, v]) => `${k} ${v}`).join(" – ")}${reason}`;
}

export function statusText(match) {
  const mine = match.you !== null && match.you !== undefined;
  const free = (match.players ?? []).filter((p) => !p.username && !p.computer).length;
  switch (match.status) {
    case "waiting":
      if (free > 1) return mine ? `Waiting for ${free} more players to join…` : `Waiting for ${free} players to join`;
      return mine ? "Waiting for an opponent to join…" : "Waiting for a player to join";
    case "active":
      if (mine && match.to_move.includes(match.you)) return "Your turn";
      if (match.turn === null || match.turn === undefined) return "Both players to move";
      return mine ? `Waiting for ${playerName(match, match.turn)}` : `${seatLabel(match, match.turn)} to move`;
    case "finished":
      return "Game over";
    case "aborted":
      return "Match aborted";
    default:
      return match.status;
  }
}

// The result panel: the big message and the score line; hidden while there is no result,
// and while the renderer is still playing out the end (its settled(match) is false).
export function fillResult(el, match, renderer) {
  const text = renderer.settled?.(match) === false ? null : resultText(match, renderer);
  el.hidden = !text;
  if (!text) return;
  const message = document.createElement("p");
  message.className = "result-message";
  message.textContent = text;
  const score = document.createElement("p");
  score.className = "result-score";
  score.textContent = renderer.scoreMessage?.(match) ?? scoreText(match.result);
  el.replaceChildren(message, ...(score.textContent ? [score] : []));
}

// The players list: seat icon, presence dot, name, "you", the game's per-seat summary.
export function fillPlayers(ul, match, renderer, {presence = true} = {}) {
  ul.replaceChildren(...match.players.map((p) => playerItem(p, match, renderer, presence)));
}

function playerItem(p, match, renderer, presence) {
  const li = document.createElement("li");
  li.className = "player";
  li.dataset.seat = p.seat;
  const toMove = match.status === "active" && Boolean(match.to_move?.includes(p.seat));
  li.classList.toggle("to-move", toMove);
  const icon = renderer.seatIcon?.(p.seat);
  if (icon) li.append(icon);

  const name = document.createElement("span");
  name.className = "player-name";
  if (presence && (p.username || p.computer)) {
    const dot = document.createElement("span");
    dot.className = `presence${p.connected ? " on" : ""}`;
    dot.setAttribute("role", "img");
    dot.setAttribute("aria-label", p.connected ? "connected" : "not connected");
    dot.title = p.connected ? "connected" : "not connected";
    name.append(dot);
  }
  const who = document.createElement("span");
  who.textContent = p.computer ? "Computer" : p.username || "open seat";
  if (!p.username && !p.computer) who.style.fontStyle = "italic";
  name.append(who);
  if (p.seat === match.you) {
    const you = document.createElement("span");
    you.className = "you-tag";
    you.textContent = "you";
    name.append(you);
  }

  const label = document.createElement("span");
  label.className = "player-label";
  label.textContent = [p.label, p.computer && `${p.computer} level`, toMove && "to move"].filter(Boolean).join(" · ");

  const count = document.createElement("span");
  count.className = "player-count";
  count.textContent = renderer.seatSummary?.(match, p.seat) ?? "";
  li.append(name, label, count);
  return li;
}
