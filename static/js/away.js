// An absent player, plainly on the board: "bob left the game 0:42 ago" (players[].away_since,
// counted up every second here) and "bob is back" when their socket returns. A reload or a
// short network drop is not news: a player shows as away after GRACE seconds. When the
// player to move stays away, the others may claim the match (`claim_at`): a countdown, then
// "Claim victory" / "Claim a draw" (or keep waiting).

import {gettext, interpolate} from "./i18n.js";
import {toast} from "./toast.js";

const GRACE = 5;
let timer = null;
let shown = new Set(); // names on the notice now as having left (not "has not opened it yet")

/** "0:42", "12:05", "1:02:03" for a number of seconds. */
export function elapsed(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

function absent(match) {
  if (match.status !== "active") return [];
  return match.players.filter((p) => p.username && !p.computer && !p.connected && p.seat !== match.you);
}

const awayFor = (p) => (Date.now() - Date.parse(p.away_since)) / 1000;

function line(p) {
  if (!p.away_since) return interpolate(gettext("%(name)s has not opened the game yet."), {name: p.username});
  return interpolate(gettext("%(name)s left the game %(time)s ago."), {name: p.username, time: elapsed(awayFor(p))});
}

let claimTimer = null;

/** The claim panel ``box`` (its `.claim-text` and buttons) for a player of ``match``. */
export function showClaim(box, match) {
  clearInterval(claimTimer);
  claimTimer = null;
  const mine = match.you !== null && match.you !== undefined;
  const gone = match.claim_at && mine && match.status === "active" && !match.to_move.includes(match.you);
  box.hidden = !gone;
  if (!gone) return;
  const names = match.players
    .filter((p) => match.to_move.includes(p.seat))
    .map((p) => p.username)
    .reduce((names, last) => (names === null ? last : interpolate(gettext("%(names)s and %(last)s"), {names, last})), null) ?? "";
  const text = box.querySelector(".claim-text");
  const buttons = box.querySelectorAll("button");
  const paint = () => {
    const wait = (Date.parse(match.claim_at) - Date.now()) / 1000;
    const ready = wait <= 0;
    text.textContent = ready
      ? interpolate(gettext("%(names)s has not come back. You may claim the win, call it a draw, or keep waiting."), {names})
      : interpolate(gettext("%(names)s left. If they are not back in %(time)s, you may claim the win."), {names, time: elapsed(Math.ceil(wait))});
    for (const button of buttons) button.hidden = !ready;
    if (ready) clearInterval(claimTimer);
  };
  paint();
  claimTimer = setInterval(paint, 1000);
}

/** Show who is away in ``el`` (hidden when nobody is) and keep the times counting. */
export function showAway(el, match) {
  for (const name of shown) {
    const back = match.players.some((p) => p.username === name && p.connected);
    if (back && match.status === "active") toast(interpolate(gettext("%(name)s is back."), {name}), "ok");
  }
  const away = absent(match);
  clearInterval(timer);
  timer = null;
  const paint = () => {
    const now = away.filter((p) => !p.away_since || awayFor(p) >= GRACE);
    // Only someone who left can be "back": a player opening the game for the first time
    // (just seated: "game on!" said it) is not.
    shown = new Set(now.filter((p) => p.away_since).map((p) => p.username));
    el.hidden = now.length === 0;
    el.textContent = now.map(line).join(" ");
  };
  paint();
  if (away.length) timer = setInterval(paint, 1000);
}
