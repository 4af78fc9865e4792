// The live match page: renders every `state` the server pushes, sends moves and actions.
// The server is authoritative: a clicked move is only marked pending (the board dims);
// the disc appears when a state with a higher ply arrives.

import {showAway, showClaim} from "./away.js";
import {startChat} from "./chat.js";
import {showClocks} from "./clock.js";
import {postJSON} from "./http.js";
import {gettext} from "./i18n.js";
import {
  declinedText,
  drawText,
  fillPlayers,
  fillResult,
  joinedText,
  rematchPanel,
  rematchText,
  resignQuestion,
  resultText,
  statusText,
  takebackText,
} from "./match_info.js";
import {showMoves} from "./move_list.js";
import {loadRenderer} from "./renderer.js";
import {connect} from "./socket.js";
import {toast} from "./toast.js";
import {turnSignal} from "./turn_signal.js";
import {ready} from "./ready.js";

const page = document.getElementById("match");
const $ = (id) => document.getElementById(id);
const el = {
  board: $("board"),
  announce: $("announce"),
  status: $("status"),
  turnBar: $("turn-bar"),
  players: $("players"),
  result: $("result"),
  waiting: $("waiting"),
  invite: $("invite-link"),
  copy: $("copy-invite"),
  join: $("join"),
  joinButton: $("join-button"),
  spectating: $("spectating"),
  rematchOffer: $("rematch-offer"),
  rematchLink: $("rematch-link"),
  rematchText: $("rematch-text"),
  rematchAccept: $("rematch-accept"),
  rematchDecline: $("rematch-decline"),
  rematchTakeBack: $("rematch-take-back"),
  resign: $("resign"),
  abort: $("abort"),
  stop: $("stop"),
  offerDraw: $("offer-draw"),
  drawOffer: $("draw-offer"),
  drawText: $("draw-text"),
  drawAccept: $("draw-accept"),
  drawDecline: $("draw-decline"),
  drawBlocked: $("draw-blocked"),
  proposeTakeback: $("propose-takeback"),
  takebackOffer: $("takeback-offer"),
  takebackText: $("takeback-text"),
  takebackAccept: $("takeback-accept"),
  takebackDecline: $("takeback-decline"),
  rematch: $("rematch"),
  replay: $("replay-link"),
  away: $("away"),
  claim: $("claim"),
  moves: $("move-list"),
  clocks: $("clocks"),
};
const loggedIn = Boolean(page.dataset.username);
const title = document.title;

// On a phone the side card sits under the board, out of sight while playing: the clocks
// move above the board, where the player looks (the same element, so nothing is drawn twice).
const narrow = matchMedia("(max-width: 52rem)");
const placeClocks = () => (narrow.matches ? el.board.before(el.clocks) : el.players.before(el.clocks));
narrow.addEventListener("change", placeClocks);
placeClocks();

let match = JSON.parse($("initial-state").textContent);
let pending = null; // {ply, move, sent, resent}: a move made, not yet answered
let reconnected = false; // the next state is the snapshot after a reconnect
let renderer;

try {
  renderer = await loadRenderer(match.game);
} catch (err) {
  el.board.textContent = gettext("This game's board could not be loaded. Reload the page to try again.");
  throw err;
}

const chat = startChat({send: (message) => socket.send(message), username: page.dataset.username, toast});
chat.onState(match);

// ?moves=1: the socket keeps the move list too (the page reads nothing over HTTP per event);
// ?bell=1, logged in: it carries the header's bell as well (its frames go to bell.js), so the
// page holds one socket, not two.
const query = page.dataset.username ? "?moves=1&bell=1" : "?moves=1";
const socket = connect(`/ws/matches/${encodeURIComponent(match.id)}/${query}`, {
  onOpen: ({reconnected: again}) => {
    reconnected = again;
  },
  onMessage: (message) => {
    showMoves(el.moves, message); // the move list: whole, or the change a state brings
    if (message.type === "state") onState(message.match);
    else if (message.type === "error") onError(message);
    else if (message.type === "unread" || message.type === "challenge") tellBell(message);
    else chat.onMessage(message);
  },
});

function tellBell(message) {
  document.dispatchEvent(new CustomEvent("bell", {detail: message}));
}

function onState(next) {
  if (next.id !== match.id) return;
  if (pending) {
    if (next.ply !== pending.ply || next.status !== "active") {
      pending = null; // answered (a higher ply) or moot (the game ended)
    } else if (reconnected || !pending.sent) {
      // The server does not have the move: the socket dropped with it in flight, or it was
      // clicked before the socket first opened (the page is drawn from its HTML). Same ply,
      // same position: the move is as legal as when it was made (the server judges).
      const stillMine = next.you !== null && next.to_move.includes(next.you);
      if (!pending.resent && stillMine) {
        pending.resent = true;
        pending.sent = socket.send({type: "move", ply: pending.ply, move: pending.move});
      } else {
        pending = null;
      }
    }
  }
  reconnected = false;
  const previous = match;
  match = next;
  draw();
  chat.onState(match);
  notify(previous, next);
}

function onError(message) {
  toast(message.message || gettext("The server refused that."), "error");
  pending = null; // a fresh state follows the refusal
  draw();
}

function sendMove(move) {
  if (pending) return;
  pending = {ply: match.ply, move, resent: false};
  pending.sent = socket.send({type: "move", ply: match.ply, move});
  if (!pending.sent) {
    toast(gettext("Not connected: the move will be sent when the connection is back."));
  }
  draw();
}

// On a phone (one column) the panels that ask for an answer now, or tell the end, sit over
// the board, in sight without scrolling; on a desk in the match card beside it.
const ONE_COLUMN = matchMedia("(max-width: 52rem)"); // site.css: the match page's one column
const URGENT = ["result", "claim", "rematch-offer", "draw-offer", "takeback-offer"].map($);
const HOMES = URGENT.map((panel) => {
  const mark = document.createComment(panel.id); // where it goes back to
  panel.before(mark);
  return mark;
});
// The status line (the turn bar) leaves the board's column for the top of the page, where
// it stays in sight as the page scrolls (site.css: sticky), the board and the buttons under it.
const BAR_HOME = document.createComment("turn-bar");
el.turnBar.before(BAR_HOME);
function placeUrgent() {
  URGENT.forEach((panel, i) => (ONE_COLUMN.matches ? $("urgent").append(panel) : HOMES[i].after(panel)));
  if (ONE_COLUMN.matches) page.before(el.turnBar);
  else BAR_HOME.after(el.turnBar);
}
placeUrgent();
ONE_COLUMN.addEventListener("change", placeUrgent);

// The end seen on this page, on a phone: the result comes into sight wherever the page was
// scrolled to (a draw accepted, a resignation, the last move: the player may be down at the
// buttons), once it shows (after the board has played the end out).
let endToShow = !["finished", "aborted"].includes(match.status);
function showEnd() {
  if (!endToShow || el.result.hidden) return;
  endToShow = false;
  if (ONE_COLUMN.matches) el.result.scrollIntoView({block: "nearest"});
}

function draw() {
  const mine = match.you !== null && match.you !== undefined;
  const myTurn = match.status === "active" && mine && match.to_move.includes(match.you);
  Object.assign(page.dataset, {status: match.status, ply: match.ply, you: mine ? match.you : "", pending: pending ? "1" : "", ready: "1"});

  renderer.render(el.board, match, {onMove: myTurn && !pending ? sendMove : null});
  el.board.classList.toggle("pending", Boolean(pending));

  // While the board still plays out the end (a reveal), the result is not told yet.
  const playingOut = renderer.settled?.(match) === false;
  // the bar over the board (a phone's top line) tells the result itself, not "Game over"
  const ended = match.status === "finished" || match.status === "aborted";
  const ending = ended && !playingOut ? resultText(match, renderer) : null;
  for (const status of [el.status, el.turnBar]) {
    status.textContent = pending ? gettext("Sending your move…") : playingOut ? gettext("Revealing the result…") : statusText(match);
    if (status === el.turnBar && ending) status.textContent = ending;
    status.classList.toggle("your-turn", myTurn && !pending);
    status.classList.toggle("over", match.status === "finished" || match.status === "aborted");
  }
  document.title = myTurn ? `${gettext("Your turn")} · ${title}` : title; // turn_signal.js reads this prefix
  turnSignal({myTurn, player: mine, over: match.status === "finished" || match.status === "aborted"});

  fillPlayers(el.players, match, renderer);
  fillResult(el.result, match, renderer);
  showEnd();
  showAway(el.away, match);
  showClaim(el.claim, match);
  showClocks(el.clocks, match);
  el.announce.textContent = (match.status !== "waiting" && renderer.lastMoveNote?.(match)) || "";

  const freeSeat = match.players.some((p) => !p.username && !p.computer);
  el.waiting.hidden = !(match.status === "waiting" && mine);
  el.invite.value = new URL(match.invite_url, location.origin).href;
  const canJoin = match.status === "waiting" && !mine && freeSeat;
  el.join.hidden = !canJoin;
  el.joinButton.hidden = !loggedIn;
  el.join.querySelector(".join-login").hidden = loggedIn;
  el.spectating.hidden = mine || canJoin;

  const over = match.status === "finished" || match.status === "aborted";
  el.resign.hidden = !(mine && match.status === "active");
  el.abort.hidden = !(mine && match.can_abort && !over);
  el.stop.hidden = !(match.stoppable_by && match.stoppable_by === page.dataset.username);
  showDraw(match);
  showTakeback(match);
  el.rematch.hidden = !(mine && over && !match.rematch && !match.challenge); // no rematch of a challenge called off
  showRematch(match);
  el.replay.href = match.replay_url;
}

// The draw offer: the button to make one, or the offer standing and its answers.
function showDraw(match) {
  const text = drawText(match);
  // The server says when this player may offer (every player has moved, not too often...).
  el.offerDraw.hidden = !(match.can_offer_draw && text === null);
  // Why no draw may be offered now (the server's words: once all have moved, not so soon again...).
  const blocked = text === null ? match.draw_offer_blocked_reason : null;
  el.drawBlocked.hidden = !blocked;
  el.drawBlocked.textContent = blocked ?? "";
  el.drawOffer.hidden = text === null;
  el.drawText.textContent = text ?? "";
  const toMe = text !== null && match.draw_offer !== match.you;
  el.drawAccept.hidden = el.drawDecline.hidden = !toMe;
}

// The takeback: the button to ask for one (granted at once against the computer), or the
// request standing and its answers. (The server says when this player may ask: a move of
// their own in play, no request standing...)
function showTakeback(match) {
  const text = takebackText(match);
  const computer = match.players.some((p) => p.computer);
  el.proposeTakeback.textContent = computer ? gettext("Take back") : gettext("Propose a takeback");
  el.proposeTakeback.hidden = !(match.can_take_back && !pending && text === null);
  el.takebackOffer.hidden = text === null;
  el.takebackText.textContent = text ?? "";
  const toMe = text !== null && match.takeback_offer !== match.you;
  el.takebackAccept.hidden = el.takebackDecline.hidden = !toMe;
}

// Where the rematch offer after this match stands, and the buttons to answer it.
function showRematch(match) {
  const panel = rematchPanel(match);
  el.rematchOffer.hidden = !panel;
  if (!panel) return;
  el.rematchText.textContent = panel.text;
  el.rematchLink.hidden = !panel.link;
  el.rematchLink.href = match.rematch.url;
  el.rematchLink.textContent = match.rematch.status === "accepted" ? gettext("Play") : gettext("Go to it");
  el.rematchAccept.hidden = el.rematchDecline.hidden = !panel.answer;
  el.rematchTakeBack.hidden = !panel.takeBack;
}

function notify(previous, next) {
  const joined = joinedText(previous, next); // "Your opponent bob is here: game on!", "Your ally bob joined."
  if (joined) toast(joined, "ok");
  // A takeback: the ply goes on, the last move in play goes back.
  const takenBack = next.ply > previous.ply && (next.last_move?.ply ?? 0) < (previous.last_move?.ply ?? 0);
  if (takenBack && next.you !== null) {
    toast(next.to_move.includes(next.you) ? gettext("Moves taken back: your move again.") : gettext("Moves taken back."), "ok");
  }
  if (next.ply > previous.ply && !takenBack) {
    // To a player, what the others did ("bob played D3") and what the server did for them
    // (a pass); not the move they have just made. Spectators read #announce only.
    const last = next.last_move;
    const yours = last && last.seat === next.you && !last.move?.pass && !last.move?.skip;
    const note = next.you === null || yours ? null : renderer.lastMoveNote?.(next);
    if (note) toast(note, "move");
  }
  if (previous.draw_offer === null && next.draw_offer !== null && drawText(next) && next.draw_offer !== next.you) {
    toast(drawText(next), "ok");
  }
  if (previous.takeback_offer == null && next.takeback_offer != null && next.takeback_offer !== next.you) {
    const text = takebackText(next);
    if (text) toast(text, "ok");
  }
  const declined = declinedText(previous, next);
  if (declined) toast(declined);
  const offered = next.rematch?.status === "offered" && next.rematch.by !== next.you;
  if (!previous.rematch && offered && next.you !== null) toast(rematchText(next), "ok");
  // The rematch began (every seat taken: accepted here, in another tab, on another device):
  // its players go to it, as its asker did when asking.
  const began = next.rematch?.status === "accepted" && previous.rematch?.status !== "accepted";
  if (began && next.you !== null && next.you !== undefined) location.assign(next.rematch.url);
}

// -- buttons -------------------------------------------------------------------------
async function act(type) {
  if (socket.send({type})) return;
  const {ok, data} = await postJSON(`/api/matches/${encodeURIComponent(match.id)}/${type}/`);
  if (ok) onState(data);
  else toast(data.message || gettext("The server refused that."), "error");
}

el.resign.addEventListener("click", () => {
  if (confirm(resignQuestion(match))) act("resign");
});
el.abort.addEventListener("click", () => {
  if (confirm(gettext("Abort this match? It will not count for anyone."))) act("abort");
});
el.stop.addEventListener("click", () => {
  if (confirm(gettext("Stop this match? It will not count for anyone."))) act("abort");
});
const socketButtons = [
  [el.offerDraw, "offer_draw"],
  [el.drawAccept, "accept_draw"],
  [el.drawDecline, "decline_draw"],
  [el.proposeTakeback, "propose_takeback"],
  [el.takebackAccept, "accept_takeback"],
  [el.takebackDecline, "decline_takeback"],
];
for (const [button, type] of socketButtons) {
  button.addEventListener("click", () => {
    if (!socket.send({type})) toast(gettext("Not connected: try again in a moment."), "error");
  });
}
el.rematchAccept.addEventListener("click", async () => {
  el.rematchAccept.disabled = true;
  const {ok, data} = await postJSON(`/api/matches/${encodeURIComponent(match.id)}/rematch/`);
  el.rematchAccept.disabled = false;
  if (ok && data.url) location.assign(data.url);
  else toast(data.message || gettext("Could not accept the rematch."), "error");
});
for (const button of [el.rematchDecline, el.rematchTakeBack]) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    const {ok, data} = await postJSON(`/api/matches/${encodeURIComponent(match.id)}/rematch/decline/`);
    button.disabled = false;
    if (ok) onState(data);
    else toast(data.message || gettext("The server refused that."), "error");
  });
}
el.rematch.addEventListener("click", async () => {
  el.rematch.disabled = true;
  const {ok, data} = await postJSON(`/api/matches/${encodeURIComponent(match.id)}/rematch/`);
  el.rematch.disabled = false;
  if (ok && data.url) location.assign(data.url);
  else toast(data.message || gettext("Could not start a rematch."), "error");
});
el.joinButton.addEventListener("click", async () => {
  el.joinButton.disabled = true;
  const {ok, data} = await postJSON(`/api/matches/${encodeURIComponent(match.id)}/join/`);
  el.joinButton.disabled = false;
  if (ok) onState(data);
  else toast(data.message || gettext("Could not join."), "error");
});
for (const [id, type] of [["claim-victory", "claim_victory"], ["claim-draw", "claim_draw"]]) {
  $(id).addEventListener("click", () => {
    if (!socket.send({type})) toast(gettext("Not connected: try again in a moment."), "error");
  });
}
el.board.addEventListener("board-settled", () => draw()); // an end animation is over: show the result

el.copy.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(el.invite.value);
  } catch {
    el.invite.select(); // not a secure context: fall back to the old way
    document.execCommand("copy");
  }
  toast(gettext("Invite link copied."), "ok", 2500);
});
el.invite.addEventListener("focus", () => el.invite.select());

draw();

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
