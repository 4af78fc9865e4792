// Text and panels describing a match, shared by the live page and the replay page.
// People, not seats: every sentence names the players from `players[]` and `you` ("You won
// 41-20", "bob wins 41-20", "alice wins 41-20 against bob"); a computer seat is "the
// computer". In a co-operative game (GET /api/games/ says which: `cooperative`) the players
// are allies: they win or lose together, never against each other.
// Game-specific wording comes from the renderer's optional hooks (see renderer.js); the
// result panel's words come from the server (`result_lines`).

import {gettext, interpolate, ngettext} from "./i18n.js";
import {levelWord} from "./levels.js";

// -- the game's description: is it co-operative? ------------------------------------------
// Read once per match or replay page: from an embedded `game-info` JSON script when the
// page has one, else from GET /api/games/ (a small public list). Other pages (the create
// form's previews) ask nothing.
const GAME = await gameInfo();

async function gameInfo() {
  const slug = document.querySelector("#match[data-game], #replay[data-game]")?.dataset.game;
  if (!slug) return {};
  const embedded = document.getElementById("game-info");
  if (embedded) {
    try {
      return JSON.parse(embedded.textContent);
    } catch {
      // fall through to the API
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 4000);
  try {
    const response = await fetch("/api/games/", {signal: controller.signal, headers: {Accept: "application/json"}});
    const games = response.ok ? await response.json() : [];
    return games.find?.((g) => g.slug === slug) ?? {};
  } catch {
    return {}; // unknown: worded as a game between opponents
  } finally {
    clearTimeout(timer);
  }
}

export function cooperative(match) {
  if (typeof match?.cooperative === "boolean") return match.cooperative;
  return Boolean(GAME.cooperative) && (!GAME.slug || GAME.slug === match?.game);
}

// -- people -------------------------------------------------------------------------------
const mine = (match) => match.you !== null && match.you !== undefined;
export const isYou = (match, seat) => mine(match) && seat === match.you;

// Capitalise a sentence's first word ("you", "the computer", "an open seat" in the page's
// language); personName never capitalises a username.
const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

// "you" / "You", "the computer", the username, "an open seat".
export function personName(match, seat, {capitalise = false} = {}) {
  let name;
  if (isYou(match, seat)) name = gettext("you");
  else {
    const p = match.players?.[seat];
    if (!p) name = interpolate(gettext("seat %(seat)s"), {seat});
    else if (p.computer) name = gettext("the computer");
    else if (p.username || p.invited) return p.username || p.invited;
    else name = gettext("an open seat");
  }
  return capitalise ? capital(name) : name;
}

// The verb for a subject: (you) "have" / (alice) "has".
export const verb = (match, seat, forYou, forOthers) => (isYou(match, seat) ? forYou : forOthers);

// A sentence about the person of ``seat``, whole in each language: its words for you ("Your
// turn"), else its words for others with their name ("%(name)s's turn": "bob's turn",
// "The computer's turn"), with ``values`` for the other placeholders.
export function aboutSeat(match, seat, forYou, forOthers, values = {}, {capitalise = true} = {}) {
  return interpolate(verb(match, seat, forYou, forOthers), {name: personName(match, seat, {capitalise}), ...values});
}

// "alice", "alice and bob", "alice, bob and carol".
export function together(names) {
  if (names.length < 2) return names[0] ?? "";
  return interpolate(gettext("%(names)s and %(last)s"), {names: names.slice(0, -1).join(", "), last: names.at(-1)});
}

const seatsOf = (match) => (match.players ?? []).map((p) => p.seat);
// The names of ``seats``; with ``capitalise``, the first starts a sentence.
const namesOf = (match, seats, {capitalise = false} = {}) =>
  together(seats.map((s, i) => personName(match, s, {capitalise: capitalise && i === 0})));

// Kept for callers that want the seat's game name ("Black (X)"), e.g. a colour.
export function seatLabel(match, seat) {
  return match.players?.[seat]?.label ?? interpolate(gettext("Seat %(seat)s"), {seat});
}

export function playerName(match, seat) {
  return personName(match, seat);
}

// -- the result ---------------------------------------------------------------------------
// The result panel's words are the server's, for this viewer (games/matches/result_panel.py,
// built on games/matches/wording.py, as the lobby, profile and notifications word a match):
// `result_lines.sentence`, `result_lines.score` and `result.reason_text`. The page words nothing.
export const reasonWords = (result) => result?.reason_text ?? "";

// The big line of the result panel, from the reader's side ("You won 41-20"); a renderer's
// resultMessage(match) may say it in the game's own words instead.
export function resultText(match, renderer = {}) {
  const result = match.result;
  if (!result) return null;
  return renderer.resultMessage?.(match) || match.result_lines?.sentence || "";
}
export const resultFor = resultText;

// The second line: "Final score: alice 10 – bob 6 (the board is full)", or nothing.
export function scoreText(match) {
  return match?.result_lines?.score ?? "";
}

// -- the status line ------------------------------------------------------------------------
export function statusText(match) {
  const seated = mine(match);
  const free = (match.players ?? []).filter((p) => !p.username && !p.computer).length;
  const team = cooperative(match);
  switch (match.status) {
    case "waiting":
      if (match.challenge) {
        const {from, to} = match.challenge;
        return seated
          ? interpolate(gettext("Waiting for %(name)s to accept your challenge"), {name: to})
          : interpolate(gettext("%(from)s challenged %(to)s"), {from, to});
      }
      if (free > 1) {
        return seated
          ? interpolate(ngettext("Waiting for %(count)s more player to join…", "Waiting for %(count)s more players to join…", free), {count: free})
          : interpolate(ngettext("Waiting for %(count)s player to join", "Waiting for %(count)s players to join", free), {count: free});
      }
      if (seated) return team ? gettext("Waiting for an ally to join…") : gettext("Waiting for an opponent to join…");
      return gettext("Waiting for a player to join");
    case "active":
      // no player has the game open: the server skips nobody's turn until one is back
      if (match.paused) return gettext("Paused: every player is away. The game goes on when one of them is back.");
      if (seated && match.to_move.includes(match.you)) return gettext("Your turn");
      if (match.turn === null || match.turn === undefined) return team ? gettext("Everyone to move") : gettext("Both players to move");
      return seated
        ? interpolate(gettext("Waiting for %(name)s"), {name: personName(match, match.turn)})
        : interpolate(gettext("%(name)s to move"), {name: personName(match, match.turn, {capitalise: true})});
    case "finished":
      return gettext("Game over");
    case "aborted":
      return calledOff(match) ?? gettext("Match aborted");
    default:
      return match.status;
  }
}

// A challenge that ended before its match began: who said no, or who took it back.
export function calledOff(match) {
  const challenge = match.challenge;
  if (!challenge || challenge.status === "open") return null;
  const yours = mine(match);
  if (challenge.status === "declined") {
    return interpolate(yours ? gettext("%(name)s declined your challenge") : gettext("%(name)s declined the challenge"), {name: challenge.to});
  }
  return yours ? gettext("You took your challenge back") : interpolate(gettext("%(name)s took the challenge back"), {name: challenge.from});
}

// -- the live page's notices ------------------------------------------------------------------
// Who newly took a seat between two states (not you): a toast greets them.
export function joinedText(previous, next) {
  if (!mine(next)) return null;
  const arrived = (next.players ?? [])
    .filter((p) => p.seat !== next.you && (p.username || p.computer))
    .filter((p) => {
      const before = previous.players?.[p.seat];
      return !before || (!before.username && !before.computer);
    })
    .map((p) => p.seat);
  if (!arrived.length) return null;
  const names = namesOf(next, arrived);
  const game = next.status === "active";
  const n = arrived.length;
  if (cooperative(next)) {
    const text = game
      ? ngettext("Your ally %(names)s joined: the game begins!", "Your allies %(names)s joined: the game begins!", n)
      : ngettext("Your ally %(names)s joined.", "Your allies %(names)s joined.", n);
    return interpolate(text, {names});
  }
  const text = game
    ? ngettext("Your opponent %(names)s is here: game on!", "Your opponents %(names)s are here: game on!", n)
    : ngettext("Your opponent %(names)s is here.", "Your opponents %(names)s are here.", n);
  return interpolate(text, {names});
}

// Your draw offer or takeback request turned down between two states: it is gone while the
// game goes on at the same ply (a move, a takeback or the end withdraws it instead).
export function declinedText(previous, next) {
  if (!mine(next) || next.status !== "active" || next.ply !== previous.ply) return null;
  const names = namesOf(next, seatsOf(next).filter((s) => s !== next.you), {capitalise: true});
  if (isYou(next, previous.draw_offer) && next.draw_offer === null) return interpolate(gettext("%(names)s declined your draw offer."), {names});
  if (isYou(next, previous.takeback_offer) && next.takeback_offer == null) return interpolate(gettext("%(names)s declined your takeback."), {names});
  return null;
}

// The rematch notice, to those the rematch is offered to ("bob offers a rematch.").
export function rematchText(match) {
  const by = match.rematch?.by;
  const team = cooperative(match);
  if (by === null || by === undefined) {
    return team ? gettext("Your opponent wants to play again with the team.") : gettext("Your opponent offers a rematch.");
  }
  const name = personName(match, by, {capitalise: true});
  return interpolate(team ? gettext("%(name)s wants to play again with the team.") : gettext("%(name)s offers a rematch."), {name});
}

// The rematch panel of a finished match, for a player: its sentence and which of its
// controls show (`link`: go to the rematch; `answer`: accept / decline; `takeBack`).
export function rematchPanel(match) {
  const r = match.rematch;
  if (!r || !mine(match)) return null;
  const asker = isYou(match, r.by);
  const team = cooperative(match);
  const others = seatsOf(match).filter((s) => s !== match.you);
  switch (r.status) {
    case "offered": {
      if (!asker) return {text: rematchText(match), answer: true};
      const text = team ? gettext("You offered a new game: waiting for %(names)s.") : gettext("You offered a rematch: waiting for %(names)s.");
      return {text: interpolate(text, {names: namesOf(match, others)}), link: true, takeBack: true};
    }
    case "accepted":
      return {text: team ? gettext("The new game is on.") : gettext("The rematch is on."), link: true};
    case "lapsed":
      return {text: team ? gettext("Nobody answered the offer of a new game in time.") : gettext("Nobody answered the offer of a rematch in time.")};
    default:
      if (asker) return {text: team ? gettext("No new game: it was turned down or taken back.") : gettext("No rematch: it was turned down or taken back.")};
      return {text: team ? gettext("No new game.") : gettext("No rematch.")};
  }
}

// The draw offer standing in a match, as its player reads it (null when none, or a spectator).
export function drawText(match) {
  const by = match.draw_offer;
  if (by === null || by === undefined || !mine(match) || match.status !== "active") return null;
  if (isYou(match, by)) {
    const others = seatsOf(match).filter((s) => s !== match.you);
    return interpolate(gettext("You offered a draw: waiting for %(names)s to answer."), {names: namesOf(match, others)});
  }
  return interpolate(gettext("%(name)s offers a draw."), {name: personName(match, by, {capitalise: true})});
}

// The takeback asked for in a match, as its player reads it (null when none, or a spectator):
// the asker's last move, and the reply since when the last move in play is not theirs.
export function takebackText(match) {
  const by = match.takeback_offer;
  if (by === null || by === undefined || !mine(match) || match.status !== "active") return null;
  const withReply = match.last_move && match.last_move.seat !== by;
  if (isYou(match, by)) {
    const others = seatsOf(match).filter((s) => s !== match.you);
    const text = withReply
      ? gettext("You asked to take back your last move and the reply: waiting for %(names)s to answer.")
      : gettext("You asked to take back your last move: waiting for %(names)s to answer.");
    return interpolate(text, {names: namesOf(match, others)});
  }
  const text = withReply ? gettext("%(name)s asks to take back their last move and your reply.") : gettext("%(name)s asks to take back their last move.");
  return interpolate(text, {name: personName(match, by, {capitalise: true})});
}

// The question before resigning.
export function resignQuestion(match) {
  // Before anybody has moved the server aborts instead (`resign_aborts`): say so.
  if (match.resign_aborts) return gettext("Abort this match? Nobody has moved yet, so it ends with no result and counts for nobody.");
  if (cooperative(match) && seatsOf(match).length > 1) {
    return gettext("Give up? The game ends for the whole team, and it counts as a loss for everyone.");
  }
  if (cooperative(match)) return gettext("Give up? The game ends here and counts as a loss.");
  const others = seatsOf(match).filter((s) => s !== match.you);
  const text = ngettext("Resign this match? %(names)s wins.", "Resign this match? %(names)s win.", others.length);
  return interpolate(text, {names: namesOf(match, others, {capitalise: true})});
}

// -- panels ---------------------------------------------------------------------------------
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
  score.textContent = renderer.scoreMessage?.(match) ?? scoreText(match);
  const ratings = document.createElement("p");
  ratings.className = "result-ratings";
  ratings.textContent = match.result_lines?.ratings ?? "";
  el.replaceChildren(message, ...[score, ratings].filter((line) => line.textContent));
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
    const presence = p.connected ? gettext("connected") : gettext("not connected");
    dot.setAttribute("aria-label", presence);
    dot.title = presence;
    name.append(dot);
  }
  const who = document.createElement("span");
  who.textContent = p.computer
    ? gettext("Computer")
    : p.username || (p.invited ? interpolate(gettext("%(name)s (invited)"), {name: p.invited}) : gettext("open seat"));
  if (!p.username && !p.computer) who.style.fontStyle = "italic";
  name.append(who);
  if (p.bot) {
    const bot = document.createElement("span");
    bot.className = "badge badge-bot";
    bot.textContent = gettext("bot");
    bot.title = gettext("a bot: a program playing through the API");
    name.append(" ", bot);
  }
  if (p.rating !== null && p.rating !== undefined) {
    const rating = document.createElement("span");
    rating.className = "player-rating";
    rating.textContent = String(p.rating) + (p.provisional ? "?" : "");
    rating.title = p.provisional ? gettext("rating (still settling: few rated matches)") : gettext("rating");
    name.append(" ", rating);
  }
  if (p.seat === match.you) {
    const you = document.createElement("span");
    you.className = "you-tag";
    you.textContent = gettext("you");
    name.append(you);
  }

  const label = document.createElement("span");
  label.className = "player-label";
  const level = p.computer && interpolate(gettext("%(level)s level"), {level: levelWord(p.computer)});
  label.textContent = [p.label, level, toMove && gettext("to move")].filter(Boolean).join(" · ");

  const count = document.createElement("span");
  count.className = "player-count";
  count.textContent = renderer.seatSummary?.(match, p.seat) ?? "";
  li.append(name, label, count);
  return li;
}
