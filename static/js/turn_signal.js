// "Your turn" while the tab is hidden: a marker in the title, a badge on the favicon, an
// optional beep and a browser notification (once the user allowed them). All of it clears
// when the tab is visible again.
//
//   turnSignal({myTurn, player, over})  // the match page, after each draw: signals when the
//                                 // turn becomes yours while hidden; mounts the small controls
//                                 // (hidden once the match is over)
//   raiseTurnSignal()             // the lobby: a "your turn" appeared while hidden
//
// The sound is off unless the "Sound" box was ticked (kept in localStorage); notifications
// ask for permission only from the "Notify me" button.

import {gettext} from "./i18n.js";

const MARK = "(•) ";
const PREFIX = `${gettext("Your turn")} · `; // as match.js writes it in its own title
const SOUND_KEY = "turn-sound";

let raised = false;
let addedPrefix = false; // the title had no "Your turn" of its own (the lobby)
let wasMyTurn = null; // null: nothing drawn yet (a page opened on your turn is no news)
let notification = null;
let audio = null; // an AudioContext, made on a user gesture (browsers' autoplay rule)
let icon = null; // {link, href, type}: the favicon as the page had it

const isHidden = () => document.hidden || document.visibilityState === "hidden";

export function turnSignal({myTurn, player = true, over = false}) {
  if (player) mountControls();
  const controls = document.getElementById("turn-controls");
  if (controls) controls.style.display = over ? "none" : "flex"; // no more turns to be told of
  const previous = wasMyTurn;
  wasMyTurn = Boolean(myTurn);
  if (!myTurn) {
    clearTurnSignal();
  } else if (raised) {
    markTitle(); // the page has just rewritten its title
  } else if (previous === false && isHidden()) {
    raiseTurnSignal();
  }
}

export function raiseTurnSignal() {
  if (!isHidden()) return;
  const first = !raised;
  raised = true;
  markTitle();
  if (!first) return;
  // Extras: none of them may break the page that called (the match page is drawing).
  for (const extra of [badgeFavicon, soundOn() ? beep : null, notify]) {
    try {
      extra?.();
    } catch (err) {
      console.warn("turn signal:", err);
    }
  }
}

export function clearTurnSignal() {
  notification?.close();
  notification = null;
  if (!raised) return;
  raised = false;
  let title = document.title;
  if (title.startsWith(MARK)) title = title.slice(MARK.length);
  if (addedPrefix && title.startsWith(PREFIX)) title = title.slice(PREFIX.length);
  addedPrefix = false;
  document.title = title;
  if (icon) {
    icon.link.href = icon.href;
    if (icon.type) icon.link.type = icon.type;
    else icon.link.removeAttribute("type");
  }
}

function markTitle() {
  if (document.title.startsWith(MARK)) return;
  const yours = document.title.startsWith(PREFIX);
  addedPrefix = addedPrefix || !yours;
  document.title = MARK + (yours ? "" : PREFIX) + document.title;
}

document.addEventListener("visibilitychange", () => {
  if (!isHidden()) clearTurnSignal();
});
window.addEventListener("focus", () => clearTurnSignal());

// -- favicon -------------------------------------------------------------------------
function badgeFavicon() {
  const link = document.querySelector('link[rel~="icon"]');
  if (!link) return;
  icon ??= {link, href: link.href, type: link.getAttribute("type")};
  const size = 64;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext("2d");
  const finish = () => {
    if (!raised) return; // cleared while the image loaded
    ctx.beginPath();
    ctx.arc(size * 0.74, size * 0.26, size * 0.24, 0, 2 * Math.PI);
    ctx.fillStyle = "#e0245e";
    ctx.fill();
    ctx.lineWidth = size * 0.06;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    link.type = "image/png";
    link.href = canvas.toDataURL("image/png");
  };
  const image = new Image();
  image.onload = () => {
    ctx.drawImage(image, 0, 0, size, size);
    finish();
  };
  image.onerror = finish; // a dot alone still says it
  image.src = icon.href;
}

// -- sound -------------------------------------------------------------------------------
function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "1";
  } catch {
    return false; // storage blocked: the default, off
  }
}

function setSound(on) {
  try {
    if (on) localStorage.setItem(SOUND_KEY, "1");
    else localStorage.removeItem(SOUND_KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  if (on) unlockAudio();
}

function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
}

function beep() {
  if (!audio || audio.state !== "running") return; // no gesture yet: stay silent
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = "sine";
  tone.frequency.setValueAtTime(880, now);
  tone.frequency.setValueAtTime(1175, now + 0.12);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
  tone.connect(gain).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.32);
}

// -- notification ------------------------------------------------------------------------
const canNotify = () => "Notification" in window && window.isSecureContext;

function notify() {
  if (!canNotify() || Notification.permission !== "granted") return;
  try {
    notification = new Notification(gettext("Your turn"), {
      body: document.title.replace(MARK, ""),
      tag: `turn:${location.pathname}`,
      icon: icon?.href,
    });
    notification.onclick = () => {
      window.focus();
      notification?.close();
    };
  } catch {
    notification = null; // e.g. Android Chrome wants a service worker: the title still says it
  }
}

// -- controls on the match page ----------------------------------------------------------
let mounted = false;

function mountControls() {
  if (mounted) return;
  const anchor = document.getElementById("actions");
  if (!anchor) return;
  mounted = true;
  const box = document.createElement("div");
  box.className = "turn-controls";
  box.id = "turn-controls";
  box.style.cssText = "display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:.75rem 0 0;font-size:.9rem";

  const label = document.createElement("label");
  label.style.cssText = "display:inline-flex;align-items:center;gap:.35rem;cursor:pointer";
  const sound = document.createElement("input");
  sound.type = "checkbox";
  sound.id = "turn-sound";
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
  label.append(sound, gettext("Sound on my turn"));
  box.append(label);

  if (canNotify() && Notification.permission === "default") {
    const ask = document.createElement("button");
    ask.type = "button";
    ask.className = "button small";
    ask.id = "turn-notify";
    ask.textContent = gettext("Notify me when it's my turn");
    ask.addEventListener("click", async () => {
      try {
        await Notification.requestPermission();
      } finally {
        ask.hidden = Notification.permission === "default";
      }
    });
    box.append(ask);
  }
  anchor.after(box);
}

// Browsers start audio only after a gesture on the page: the first click or key will do.
if (soundOn()) {
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlockAudio, {once: true});
}
