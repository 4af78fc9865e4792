// The replay's computer analysis (docs/protocol.md, "Computer analysis"): ask for it, watch
// its progress, then an evaluation graph over the moves (a point per move; a filled point is
// proved, a hollow one an estimate; clicking one shows that move), each move's mark in the
// move list, and each player's accuracy and mistakes.

import {postJSON} from "./http.js";
import {gettext, interpolate, ngettext} from "./i18n.js";
import {ready} from "./ready.js";

const card = document.getElementById("computer-analysis");
const POLL_MS = 1500;
const SOFT = 10; // the value drawn halfway to the graph's edge (a squashed scale)
const MARKS = {inaccuracy: "?!", mistake: "?", blunder: "??"};
const WORDS = {inaccuracy: gettext("Inaccuracies"), mistake: gettext("Mistakes"), blunder: gettext("Blunders")};
// A move's mark (the API's "inaccuracy", "mistake", "blunder") in words.
const MARK_WORDS = {inaccuracy: gettext("inaccuracy"), mistake: gettext("mistake"), blunder: gettext("blunder")};
const markWord = (mark) => MARK_WORDS[mark] ?? mark;
const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);

if (card) {
  const url = card.dataset.url;
  const names = JSON.parse(card.dataset.players);
  const el = {
    ask: card.querySelector("#analysis-ask"), status: card.querySelector("#analysis-status"),
    graph: card.querySelector("#analysis-graph"), summary: card.querySelector("#analysis-summary"),
  };
  let current = JSON.parse(document.getElementById("analysis-initial").textContent);

  const draw = (analysis) => {
    current = analysis;
    card.dataset.status = analysis ? analysis.status : "none";
    el.ask.hidden = Boolean(analysis) && analysis.status !== "failed"; // a failed one may be asked for again
    if (!analysis) {
      el.status.textContent = "";
      return;
    }
    document.getElementById("analysis-time")?.remove(); // the status says the time from now on
    const time = left(analysis.seconds_left);
    const {done, total} = analysis;
    if (analysis.status === "queued") {
      el.status.textContent = time
        ? interpolate(gettext("Waiting for the computer: at most %(time)s more once it starts…"), {time})
        : gettext("Waiting for the computer…");
    } else if (analysis.status === "running") {
      const words = time
        ? ngettext("Analysing: %(done)s of %(total)s move: at most %(time)s more.", "Analysing: %(done)s of %(total)s moves: at most %(time)s more.", total)
        : ngettext("Analysing: %(done)s of %(total)s move.", "Analysing: %(done)s of %(total)s moves.", total);
      el.status.textContent = interpolate(words, {done, total, time});
    } else if (analysis.status === "failed") el.status.textContent = analysis.message;
    else el.status.textContent = interpolate(gettext("Every move analysed (%(total)s)."), {total});
    drawGraph(analysis.plies);
    if (analysis.status === "done") {
      drawSummary(analysis.summary);
      markMoves(analysis.plies);
    }
  };

  // The server's bound on the time left (seconds_left), in minutes once it is over two.
  const left = (seconds) => {
    if (!seconds) return "";
    if (seconds < 120) return interpolate(gettext("%(seconds)s s"), {seconds});
    return interpolate(gettext("%(minutes)s min"), {minutes: Math.ceil(seconds / 60)});
  };

  const poll = async () => {
    if (!current || !["queued", "running"].includes(current.status)) return;
    const response = await fetch(url, {credentials: "same-origin"});
    if (response.ok) draw(await response.json());
    setTimeout(poll, POLL_MS);
  };

  el.ask.addEventListener("click", async () => {
    el.ask.disabled = true;
    const {ok, data} = await postJSON(url);
    el.ask.disabled = false;
    if (!ok) {
      el.status.textContent = data.message || gettext("The analysis could not be asked for.");
      return;
    }
    draw(data);
    setTimeout(poll, POLL_MS);
  });

  function drawGraph(plies) {
    const values = plies.filter((p) => p.value !== null);
    if (!values.length) {
      el.graph.replaceChildren();
      return;
    }
    const w = 320, h = 120, pad = 8;
    const last = Math.max(...plies.map((p) => p.ply));
    const step = (w - 2 * pad) / Math.max(1, last - 1); // between two moves' points
    const x = (ply) => pad + step * (ply - 1);
    // Squashed, as lichess draws win chances: a lost position's estimate (-1000) lies near
    // the edge without flattening the real values (+2, -40) onto the axis.
    const y = (v) => h / 2 - ((h / 2 - pad) * v) / (Math.abs(v) + SOFT);
    const radius = Math.min(4.5, Math.max(1.5, step * 0.45)); // neighbours never overlap
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", interpolate(gettext("How the game stood after each move, for %(name)s"), {name: names[0]}));
    svg.setAttribute("aria-describedby", "analysis-legend");
    const axis = document.createElementNS(ns, "line");
    Object.entries({x1: pad, x2: w - pad, y1: h / 2, y2: h / 2, class: "axis"}).forEach(([k, v]) => axis.setAttribute(k, v));
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", values.map((p) => `${x(p.ply)},${y(p.value)}`).join(" "));
    line.setAttribute("class", "curve");
    svg.append(axis, line);
    for (const p of values) {
      const go = () => document.querySelector(`#moves button[data-ply="${p.ply}"]`)?.click();
      // the whole column of a move is its target, however close the points stand
      const column = document.createElementNS(ns, "rect");
      Object.entries({x: x(p.ply) - step / 2, y: 0, width: step, height: h, class: "hit"}).forEach(([k, v]) => column.setAttribute(k, v));
      column.dataset.ply = p.ply;
      column.addEventListener("click", go);
      const dot = document.createElementNS(ns, "circle");
      Object.entries({cx: x(p.ply), cy: y(p.value), r: radius, class: p.proved ? "proved" : "estimate", tabindex: 0}).forEach(([k, v]) => dot.setAttribute(k, v));
      dot.dataset.ply = p.ply;
      dot.dataset.value = p.value;
      const title = document.createElementNS(ns, "title");
      const value = `${p.value > 0 ? "+" : ""}${p.value}`;
      const words = p.proved ? gettext("Move %(ply)s: %(value)s (proved)") : gettext("Move %(ply)s: %(value)s (estimate)");
      title.textContent = interpolate(words, {ply: p.ply, value}) + (p.mark && p.mark !== "best" ? `, ${markWord(p.mark)}` : "");
      dot.append(title);
      dot.addEventListener("click", go);
      dot.addEventListener("keydown", (event) => event.key === "Enter" && go());
      svg.prepend(column);
      svg.append(dot);
    }
    // which way is whose, in words under the graph (for everyone, not only screen readers)
    const legend = document.createElement("p");
    legend.className = "graph-legend help";
    legend.id = "analysis-legend";
    legend.textContent = interpolate(gettext("Above the line: better for %(first)s; below: better for %(second)s."), {first: names[0], second: names[1]});
    if (values.some((p) => !p.proved)) legend.textContent += ` ${gettext("A hollow point is an estimate.")}`;
    el.graph.replaceChildren(svg, legend);
  }

  // The marks' columns headed by the marks themselves (the full words for screen readers,
  // a key under the table): the five columns fit the narrow side column and a phone.
  function drawSummary(rows) {
    const table = document.createElement("table");
    table.className = "analysis-summary";
    const heads = Object.entries(MARKS).map(([kind, sign]) =>
      `<th scope='col' class='count of-mark'><span class='move-mark ${kind}' aria-hidden='true'>${sign}</span><span class='visually-hidden'>${esc(WORDS[kind])}</span></th>`);
    const caption = esc(gettext("Each player's accuracy and mistakes"));
    table.innerHTML = `<caption class='visually-hidden'>${caption}</caption><thead><tr><th scope='col'>${esc(gettext("Player"))}</th><th scope='col' class='count'>${esc(gettext("Accuracy"))}</th>${heads.join("")}</tr></thead>`;
    const body = document.createElement("tbody");
    for (const row of rows) {
      const tr = document.createElement("tr");
      const cells = [names[row.seat], row.accuracy === null ? "—" : `${row.accuracy}%`, row.inaccuracy, row.mistake, row.blunder];
      cells.forEach((text, i) => {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) cell.scope = "row";
        else cell.className = i === 1 ? "count" : "count of-mark";
        cell.textContent = String(text);
        tr.append(cell);
      });
      body.append(tr);
    }
    table.append(body);
    const key = document.createElement("p");
    key.className = "marks-key help";
    key.setAttribute("aria-hidden", "true"); // the headers say it already
    for (const [kind, sign] of Object.entries(MARKS)) {
      const item = document.createElement("span");
      const mark = document.createElement("span");
      mark.className = `move-mark ${kind}`;
      mark.textContent = sign;
      item.append(mark, ` ${markWord(kind)}`);
      key.append(item);
    }
    el.summary.replaceChildren(table, key);
  }

  function markMoves(plies) {
    for (const p of plies) {
      const button = document.querySelector(`#moves button[data-ply="${p.ply}"]`);
      if (!button || !MARKS[p.mark] || button.querySelector(".move-mark")) continue;
      const badge = document.createElement("span");
      badge.className = `move-mark ${p.mark}`;
      badge.textContent = MARKS[p.mark];
      const said = {mark: markWord(p.mark), move: p.best_label, label: button.getAttribute("aria-label")};
      badge.title = interpolate(gettext("%(mark)s: best was %(move)s"), said);
      button.append(badge);
      button.setAttribute("aria-label", interpolate(gettext("%(label)s, %(mark)s (best was %(move)s)"), said));
    }
  }

  // replay.js builds the move list once its renderer is loaded, often after this ran:
  // mark its buttons whenever it is (re)built (marking is idempotent).
  document.getElementById("moves")?.addEventListener("moves-built", () => {
    if (current?.status === "done") markMoves(current.plies);
  });
  draw(current);
  poll();
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
