// The match page's chat: two rooms (players, spectators), lines pushed by the match socket
// (`chat`, `chat_history`, `chat_refused`, `chat_hidden`; docs/protocol.md), quick phrases, mute, report.
// Which rooms one reads and writes is the server's word: every state's `chat` ({read, write}).

import {gettext, interpolate} from "./i18n.js";

export function startChat({send, username, toast}) {
  const card = document.getElementById("chat");
  if (!card) return {onMessage: () => false, onState: () => {}};
  const list = document.getElementById("chat-lines");
  const note = document.getElementById("chat-note");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const mute = document.getElementById("chat-mute");
  const tabs = [...card.querySelectorAll(".chat-room")];
  const chatOn = card.dataset.chatOn === "1";
  const lines = new Map(); // id -> line
  let room = null;
  let match = null;

  function render() {
    list.replaceChildren();
    for (const line of [...lines.values()].filter((l) => l.room === room)) {
      const item = document.createElement("li");
      item.dataset.id = line.id;
      const who = document.createElement("span");
      who.className = "chat-user";
      who.textContent = line.username;
      const text = document.createElement("span");
      text.className = "chat-text";
      text.textContent = line.text;
      item.append(who, text);
      if (username && line.username !== username) {
        const report = document.createElement("button");
        report.type = "button";
        report.className = "chat-report";
        report.textContent = gettext("Report");
        report.setAttribute("aria-label", interpolate(gettext("Report %(name)s's line"), {name: line.username}));
        report.addEventListener("click", () => {
          send({type: "chat_report", id: line.id});
          report.disabled = true;
          toast(gettext("Reported to the staff. Thank you."));
        });
        item.append(report);
      }
      list.append(item);
    }
    list.scrollTop = list.scrollHeight;
  }

  function choose(next) {
    room = next;
    for (const tab of tabs) tab.setAttribute("aria-selected", String(tab.dataset.room === room));
    const writable = Boolean(match && username && match.chat.write.includes(room));
    form.hidden = !writable;
    card.querySelector("#chat-phrases").hidden = !writable;
    render();
  }

  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      tab.classList.remove("unread");
      choose(tab.dataset.room);
    });
  }
  // False when the socket is not open (the line is kept in the box, to send again).
  function say(text) {
    if (!text.trim()) return true;
    if (send({type: "chat", room, text})) return true;
    toast(gettext("Not connected: your line was not sent. Try again in a moment."), "error");
    return false;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (say(input.value)) input.value = "";
  });
  for (const phrase of card.querySelectorAll(".chat-phrase")) {
    phrase.addEventListener("click", () => say(phrase.textContent));
  }
  mute.addEventListener("change", () => send({type: "chat_mute", mute: mute.checked}));

  return {
    onState(next) {
      match = next;
      if (!chatOn) {
        card.hidden = false;
        note.textContent = gettext("Chat is off in your settings.");
        form.hidden = true;
        card.querySelector(".chat-rooms").hidden = true;
        card.querySelector("#chat-phrases").hidden = true;
        return;
      }
      const rooms = match.chat.read;
      card.hidden = rooms.length === 0; // a player against the computer: nobody to talk to
      for (const tab of tabs) tab.hidden = !rooms.includes(tab.dataset.room);
      document.getElementById("chat-mute-label").hidden = !(match.you !== null && rooms.includes("players"));
      choose(rooms.includes(room) ? room : rooms[0] ?? "spectators");
    },
    // True when the message was the chat's.
    onMessage(message) {
      if (message.type === "chat") {
        lines.set(message.line.id, message.line);
        if (message.line.room === room) render();
        else tabs.find((t) => t.dataset.room === message.line.room)?.classList.add("unread");
        note.textContent = "";
      } else if (message.type === "chat_history") {
        lines.clear();
        for (const line of message.lines) lines.set(line.id, line);
        render();
      } else if (message.type === "chat_hidden") {
        for (const id of message.ids) lines.delete(id);
        render();
      } else if (message.type === "chat_refused") {
        note.textContent = message.message;
      } else {
        return false;
      }
      return true;
    },
  };
}
