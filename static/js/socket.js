// One reconnecting WebSocket for every game page.
//
//   const sock = connect("/ws/matches/abc/", {onMessage, onOpen});
//   sock.send({type: "move", ...})  -> false when the socket is not open
//
// Reconnects with exponential backoff (0.5 s doubling to 15 s, with jitter), shows a
// "Connection lost — reconnecting…" banner while down (unless `banner: false`: a page that
// works without its socket), and pings every 25 s so proxies keep
// an idle connection open. On every (re)connect the server sends the full state,
// so callers need no resync logic beyond onOpen({reconnected}).
//
// The page's controls that only this socket can carry (marked `data-needs-socket disabled`
// in its HTML: a chat line, a draw offer...) are enabled while it is open and disabled while
// it is not, so that nothing is clicked into a socket that is not there yet, or any more.

import {gettext} from "./i18n.js";

const PING_MS = 25_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;

export function wsUrl(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}

export function connect(path, {onMessage = () => {}, onOpen = () => {}, banner: shown = true} = {}) {
  let ws = null;
  let delay = BACKOFF_MIN_MS;
  let pingTimer = null;
  let retryTimer = null;
  let opened = false;
  let stopped = false;
  const banner = makeBanner();

  function open() {
    clearTimeout(retryTimer);
    retryTimer = null;
    ws = new WebSocket(wsUrl(path));
    ws.addEventListener("open", () => {
      const reconnected = opened;
      opened = true;
      delay = BACKOFF_MIN_MS;
      banner.hidden = true;
      document.body.dataset.socket = "open";
      usable(true);
      clearInterval(pingTimer);
      pingTimer = setInterval(() => send({type: "ping"}), PING_MS);
      onOpen({reconnected});
    });
    ws.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && data.type !== "pong") onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      document.body.dataset.socket = "closed";
      usable(false);
      if (stopped) return;
      if (event.code === 4404) {
        banner.textContent = gettext("This match no longer exists.");
        banner.hidden = false;
        return;
      }
      banner.textContent = gettext("Connection lost — reconnecting…");
      banner.hidden = !shown;
      scheduleRetry();
    });
  }

  function scheduleRetry() {
    if (retryTimer) return;
    const wait = delay * (0.75 + Math.random() * 0.5);
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
    retryTimer = setTimeout(open, wait);
  }

  function send(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  // Back online or back in the foreground: retry now instead of waiting out the backoff.
  const retryNow = () => {
    if (!stopped && retryTimer && navigator.onLine !== false) {
      delay = BACKOFF_MIN_MS;
      open();
    }
  };
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && retryNow());

  open();
  return {
    send,
    close() {
      stopped = true;
      clearInterval(pingTimer);
      clearTimeout(retryTimer);
      ws?.close();
    },
  };
}

function usable(open) {
  for (const el of document.querySelectorAll("[data-needs-socket]")) el.disabled = !open;
}

function makeBanner() {
  const el = document.createElement("div");
  el.className = "conn-banner";
  el.setAttribute("role", "status");
  el.hidden = true;
  document.body.append(el);
  return el;
}
