// The header bell, live on every page of a logged-in user.
//
// It listens on the lobby socket (/ws/lobby/): a {"type": "lobby", "changed": [...]} hint
// naming "notifications" means one of yours arrived, so it reads GET /notifications/count/
// ({"unread": n}) and updates the badge. The socket here is a quiet one of its own, not
// socket.js's connect(): that one shows the page's "Connection lost" banner and sets
// body[data-socket], which belong to the page's own socket (the match, the lobby).

import {wsUrl} from "./socket.js";

const PING_MS = 25_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const DEBOUNCE_MS = 150;

const bell = document.querySelector("a.bell");
const badge = bell?.querySelector(".bell-count");

function show(unread) {
  const before = Number(bell.dataset.unread || 0);
  bell.dataset.unread = String(unread);
  badge.textContent = String(unread);
  badge.hidden = unread === 0;
  bell.setAttribute("aria-label", unread ? `Notifications, ${unread} unread` : "Notifications");
  if (unread > before) {
    bell.classList.remove("bumped");
    void bell.offsetWidth; // restart the animation
    bell.classList.add("bumped");
  }
}

let timer = null;
function refresh() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    try {
      const response = await fetch("/notifications/count/", {credentials: "same-origin", cache: "no-store"});
      if (response.ok) show((await response.json()).unread);
    } catch {
      // offline: the next hint or reconnect reads it again
    }
  }, DEBOUNCE_MS);
}

function listen() {
  let delay = RETRY_MIN_MS;
  let ping = null;
  let opened = false;

  function open() {
    const ws = new WebSocket(wsUrl("/ws/lobby/"));
    ws.addEventListener("open", () => {
      if (opened) refresh(); // hints may have been missed while it was down
      opened = true;
      delay = RETRY_MIN_MS;
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
      if (message?.type === "lobby" && message.changed?.includes("notifications")) refresh();
    });
    ws.addEventListener("close", (event) => {
      clearInterval(ping);
      document.body.dataset.bell = "closed";
      if (event.code === 4401) return; // logged out: no more hints for this page
      setTimeout(open, delay * (0.75 + Math.random() * 0.5));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    });
  }

  open();
}

if (bell && badge) {
  listen();
  // Back from the browser's page cache: the count on the page may be old.
  window.addEventListener("pageshow", (event) => event.persisted && refresh());
}
