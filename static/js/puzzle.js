// A puzzle (/puzzles/<game>/<id>/ and the streak): the board drawn by the game's own renderer;
// each move is checked by the server (docs/protocol.md, "Puzzles"): a `check` on the puzzle
// socket when the page has one (an account, or a visitor whose session has begun), else, or
// while it is down, one POST to the puzzle's check URL, which answers the same. The answer
// says right or wrong, plays the opponent's reply back, and at the end shows the solution,
// its proof and the rating's change. The page decides nothing: the server's boards are drawn.
// "Next puzzle" asks the socket for the next one (`next`) and shows what it sends (the side
// card rendered, the data, the link: pushed to the address bar) without loading the page
// again; without a socket, or when the server says to, the link opens as any link.

import {postJSON} from "./http.js";
import {connect} from "./socket.js";
import {gettext, interpolate, ngettext} from "./i18n.js";
import {loadRenderer} from "./renderer.js";
import {toast} from "./toast.js";
import {ready} from "./ready.js";

const $ = (id) => document.getElementById(id);
let data = JSON.parse($("puzzle-data").textContent);
const el = {page: $("puzzle"), board: $("board"), status: $("status"), side: $("puzzle-side")};

// The side card's parts (the card is replaced whole when the next puzzle comes).
function bind() {
  for (const id of ["verdict", "solution", "facts", "retry", "next", "share"]) el[id] = $(id);
  el.tried = $("tried-note");
}
bind();
const renderer = await loadRenderer(data.game);
const REPLY_DELAY = 450; // ms between your move and the reply, so both can be seen

let line = []; // the moves from the puzzle's position, both sides
let again = data.tried; // a try after the one that counted
let busy = false;

const SOCKET_WAIT_MS = 8000; // an answer not come by then: the POST asks again
let socket = data.socket ? connect(data.socket, {onMessage: answered, banner: false}) : null;
let waiting = null; // resolves the check sent on the socket

function answered(message) {
  if (message.type === "puzzle") {
    shown(message);
    return;
  }
  if (message.type === "unread" || message.type === "challenge") {
    // an account's socket carries the header's bell (?bell=1): its frames go to bell.js
    document.dispatchEvent(new CustomEvent("bell", {detail: message}));
    return;
  }
  if (!waiting || (message.type !== "checked" && message.type !== "error")) return;
  const resolve = waiting;
  waiting = null;
  if (message.type === "checked") resolve({ok: message.status === 200, status: message.status, data: message.answer});
  else resolve({ok: false, status: 0, data: {error: message.code, message: message.message}});
}

function bySocket(body) {
  return new Promise((resolve) => {
    if (!socket.send({type: "check", game: data.game, id: data.id, ...body})) return resolve(null);
    waiting = resolve;
    setTimeout(() => {
      if (waiting !== resolve) return;
      waiting = null;
      resolve(null);
    }, SOCKET_WAIT_MS);
  });
}

// {ok, status, data} as postJSON resolves: by the socket when it answers, else by the POST.
async function sendCheck(body) {
  const answer = socket ? await bySocket(body) : null;
  if (answer?.data.error === "no_session") {
    socket.close(); // a visitor's session begins with their first POST
    socket = null;
  } else if (answer) {
    return answer;
  }
  return postJSON(data.check, body);
}

function draw(board, {mine} = {}) {
  const over = board.result !== null;
  const yours = !over && mine && board.to_move.includes(data.seat);
  const match = {
    game: data.game, board: board.position, status: over ? "finished" : "active", legal_moves: yours ? board.legal_moves : [],
    you: data.seat, turn: board.to_move[0] ?? null, to_move: board.to_move, last_move: board.last_move,
    result: board.result, players: [], ply: line.length,
  };
  renderer.render(el.board, match, {onMove: yours ? play : null});
}

function say(text, kind = "") {
  el.status.textContent = text;
  el.status.dataset.kind = kind;
}

async function play(move) {
  if (busy) return;
  busy = true;
  const body = {line: [...line, move], again, streak: data.streak !== null};
  const {ok, data: answer} = await sendCheck(body);
  busy = false;
  if (!ok) {
    toast(answer.message || gettext("That move could not be checked."), "error");
    return;
  }
  if (answer.correct && !answer.solved) {
    line.push(move, answer.reply);
    draw(answer.played);
    say(gettext("Right. Your opponent answers…"), "right");
    el.page.dataset.ready = "";
    setTimeout(() => {
      draw(answer.board, {mine: true});
      say(interpolate(gettext("Right. They answered %(move)s: find the next move."), {move: answer.label}), "right");
      el.page.dataset.ready = "1";
    }, REPLY_DELAY);
    return;
  }
  line.push(move);
  draw(answer.board);
  finish(answer);
}

function finish(answer) {
  const streak = answer.streak;
  let verdict = answer.solved ? gettext("Solved! That was the only move.") : gettext("Not that one: the solution is below.");
  if (answer.rating) {
    const sign = answer.rating.change >= 0 ? "+" : "−";
    const change = `${sign}${Math.abs(answer.rating.change)}`;
    verdict += ` ${interpolate(gettext("Your puzzle rating: %(rating)s (%(change)s)."), {rating: answer.rating.after, change})}`;
    $("rating").textContent = String(answer.rating.after);
  }
  if (streak) {
    const words = streak.over ? gettext("Your streak ends at %(count)s (best %(best)s).") : gettext("Streak: %(count)s.");
    verdict += ` ${interpolate(words, {count: streak.count, best: streak.best})}`;
    $("streak-count").textContent = String(streak.count);
    $("streak-new").hidden = false;
    el.next.hidden = streak.over;
  }
  say(answer.solved ? gettext("Solved!") : gettext("Not the move. See the solution."), answer.solved ? "right" : "wrong");
  el.verdict.textContent = verdict;
  el.verdict.dataset.kind = answer.solved ? "right" : "wrong";
  el.verdict.hidden = false;
  showSolution(answer);
  el.retry.hidden = Boolean(streak);
  el.tried.hidden = true;
  again = true;
  el.page.dataset.done = answer.solved ? "solved" : "failed";
}

function showSolution(answer) {
  const items = answer.labels.map((label, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = interpolate(i % 2 === 0 ? gettext("You: %(move)s") : gettext("They: %(move)s"), {move: label});
    button.addEventListener("click", () => draw(answer.boards[i]));
    item.append(button);
    return item;
  });
  el.solution.replaceChildren(...items);
  el.solution.hidden = false;
  $("themes").textContent = answer.themes.join(", ") || "—";
  const lang = document.documentElement.lang || undefined; // numbers as the page's language writes them
  const decimals = {minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false};
  const seconds = answer.proof.seconds < 0.01 ? gettext("under 0.01") : answer.proof.seconds.toLocaleString(lang, decimals);
  const nodes = answer.proof.nodes;
  const proof = ngettext("%(solver)s: %(count)s position, %(seconds)s s", "%(solver)s: %(count)s positions, %(seconds)s s", nodes);
  $("proof").textContent = interpolate(proof, {solver: answer.proof.solver, count: nodes.toLocaleString(lang), seconds});
  $("source").textContent = answer.source;
  el.facts.hidden = false;
}

function start() {
  line = [];
  el.verdict.hidden = true;
  el.solution.hidden = true;
  el.facts.hidden = true;
  el.retry.hidden = true;
  delete el.page.dataset.done;
  say(data.task);
  draw(data.board, {mine: true});
}

// The next puzzle, sent on the socket: the server's card, data and link, in place of these.
function shown(next) {
  if (next.data === null) {
    location.assign(next.url); // none to send here: its page says why
    return;
  }
  data = {...next.data, socket: data.socket};
  $("puzzle-data").textContent = JSON.stringify(data);
  document.title = next.title;
  el.side.innerHTML = next.side;
  bind();
  history.pushState(null, "", next.url);
  again = data.tried;
  start();
  $("puzzle-heading").focus(); // where the keyboard was: on the link just replaced
  el.page.dataset.ready = "1";
}

el.side.addEventListener("click", async (event) => {
  const target = event.target.closest("button, a");
  if (target === el.retry) start();
  else if (target === el.next && !busy && !newTab(event) && socket?.send({type: "next", game: data.game, streak: data.streak !== null})) {
    event.preventDefault(); // the socket brings it (shown); else the link opens
    el.page.dataset.ready = "";
  } else if (target === el.share) {
    const link = new URL(el.share.dataset.share, location.href).href;
    try {
      await navigator.clipboard.writeText(link);
      toast(gettext("Link copied."), "ok", 2500);
    } catch {
      toast(link, "ok", 6000);
    }
  }
});
function newTab(event) {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

window.addEventListener("popstate", () => location.reload()); // back to a puzzle shown in place
start();
el.page.dataset.ready = "1";
ready(import.meta.url);
