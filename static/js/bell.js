// The header bell, live on every page of a logged-in user.
//
// The count is pushed: {"type": "unread", "unread": n} on connect and after each new
// notification. A page whose own socket carries the bell (body[data-bell-from="page"]: the
// lobby's, and the match page's with ?bell=1) passes its frames on as "bell" events. On every
// other page the bell opens /ws/lobby/?push=bell, which hears this user's count and nothing
// else of the site. That socket is a quiet one of its own, not socket.js's connect(): that
// one shows the page's "Connection lost" banner and sets body[data-socket], which belong to
// the page's own socket (the match, the lobby).

import {postJSON} from "./http.js";
import {gettext, interpolate, ngettext} from "./i18n.js";
import {wsUrl} from "./socket.js";
import {place, toast} from "./toast.js";
import {ready} from "./ready.js";

const PING_MS = 25_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

const bell = document.querySelector("a.bell");
const badge = bell?.querySelector(".bell-count");

function show(unread) {
  const before = Number(bell.dataset.unread || 0);
  bell.dataset.unread = String(unread);
  badge.textContent = String(unread);
  badge.hidden = unread === 0;
  const label = unread
    ? interpolate(ngettext("Notifications, %(count)s unread", "Notifications, %(count)s unread", unread), {count: unread})
    : gettext("Notifications");
  bell.setAttribute("aria-label", label);
  if (unread > before) {
    bell.classList.remove("bumped");
    void bell.offsetWidth; // restart the animation
    bell.classList.add("bumped");
  }
}

// A challenge to you pops up on whatever page you are ({"type": "challenge"} on the bell's
// socket): answer it there, or later from the lobby.
function challenged(challenge) {
  const note = document.createElement("div");
  note.className = "toast challenge-toast";
  note.setAttribute("role", "alertdialog");
  note.setAttribute("aria-label", gettext("A challenge"));
  const text = document.createElement("p");
  text.textContent = interpolate(gettext("%(name)s challenges you to %(game)s."), {name: challenge.from, game: challenge.game_name || challenge.name});
  const actions = document.createElement("div");
  actions.className = "actions";
  const button = (label, kind, act) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `button ${kind}`;
    b.textContent = label;
    b.addEventListener("click", act);
    actions.append(b);
  };
  button(gettext("Accept"), "primary", async () => {
    const {ok, data} = await postJSON(challenge.accept_url);
    note.remove();
    if (ok) location.assign(data.url);
    else toast(data.message || gettext("The challenge could not be accepted."), "error");
  });
  button(gettext("Decline"), "", async () => {
    const {ok, data} = await postJSON(challenge.decline_url);
    note.remove();
    toast(ok ? gettext("Challenge declined.") : data.message || gettext("The challenge could not be declined."), ok ? "info" : "error");
  });
  button(gettext("Later"), "", () => note.remove());
  note.append(text, actions);
  place(note);
}

// One frame of the bell: the unread count, or a challenge.
function heard(message) {
  if (message?.type === "unread" && Number.isInteger(message.unread)) show(message.unread);
  else if (message?.type === "challenge" && message.challenge) challenged(message.challenge);
}

// Back from the browser's page cache: the count on the page may be old (one read, not per event).
async function refresh() {
  try {
    const response = await fetch("/notifications/count/", {credentials: "same-origin", cache: "no-store"});
    if (response.ok) show((await response.json()).unread);
  } catch {
    // offline: the socket's reconnect sends the count again
  }
}

function listen() {
  let delay = RETRY_MIN_MS;
  let ping = null;

  function open() {
    const ws = new WebSocket(wsUrl("/ws/lobby/?push=bell"));
    ws.addEventListener("open", () => {
      delay = RETRY_MIN_MS; // the count comes first, on every (re)connect
      document.body.dataset.bell = "open";
      ping = setInterval(() => ws.send('{"type": "ping"}'), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      heard(message);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(ping);
      document.body.dataset.bell = "closed";
      if (event.code === 4401) return; // logged out: no more counts for this page
      setTimeout(open, delay * (0.75 + Math.random() * 0.5));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    });
  }

  open();
}

if (bell && badge && document.body.dataset.bellFrom === "page") {
  // the page's socket brings the count (lobby.js, match.js): first on connect, so the bell is live
  document.addEventListener("bell", (event) => {
    heard(event.detail);
    document.body.dataset.bell = "open";
  });
} else if (bell && badge) {
  listen();
  // Back from the browser's page cache: the count on the page may be old.
  window.addEventListener("pageshow", (event) => event.persisted && refresh());
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
