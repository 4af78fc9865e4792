// Alpha Battle's battle: both setups with the struck letters, the table of rounds and the
// running score; a live page that sees the reveal plays the rounds out one by one.

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {aboutSeat, isYou, personName, resultText, verb} from "../../js/match_info.js";
import {NAMES, button, el, lettersRow, orderLine, seatName} from "./helpers.js";
import {paintSeats, seatIcon} from "./seats.js";

const ROUND_MS = 400;
export const animating = new Set(); // ids of matches whose battle is still being played out

export function buildBattle(view, match, animate) {
  const board = match.board;
  const section = el("section", "ab-battle");
  const setups = el("div", "ab-setups");
  [0, 1].forEach((seat) => {
    const setup = board.setups[seat];
    const struck = board.removed?.[seat] || [];
    const block = el("div", `ab-setup-view s${seat}`);
    const head = el("h3");
    const striker = personName(match, 1 - seat, {capitalise: true});
    head.append(seatIcon(seat), document.createTextNode(` ${aboutSeat(match, seat, gettext("Your letters"), gettext("%(name)s's letters"))}`));
    const positions = struck.join(", ");
    const values = {owner: personName(match, seat, {capitalise: true}), striker: personName(match, 1 - seat), positions};
    const label = isYou(match, seat)
      ? interpolate(gettext("Your letters; struck by %(striker)s: positions %(positions)s"), values)
      : aboutSeat(match, 1 - seat, gettext("%(owner)s's letters; struck by you: positions %(positions)s"), gettext("%(owner)s's letters; struck by %(striker)s: positions %(positions)s"), values);
    // the letters left sit in the sentence as an element: the sentence is cut where they go
    const struckBy = verb(match, 1 - seat, gettext("You struck positions %(positions)s, leaving %(left)s."), gettext("%(name)s struck positions %(positions)s, leaving %(left)s."));
    const [before, after = ""] = interpolate(struckBy, {name: striker, positions, left: "\u0000"}).split("\u0000");
    block.append(head, lettersRow(setup.letters, struck, label), el("p", "ab-console", orderLine(match, seat, setup)), el("p", "ab-detail", before));
    const left = el("span", "ab-mono", board.reduced?.[seat] ?? "");
    block.lastElementChild.append(left, document.createTextNode(after));
    setups.append(block);
  });

  const duelsHead = el("div", "ab-duels-head");
  const title = el("h3", null, interpolate(ngettext("The %(n)s round", "The %(n)s rounds", board.rounds.length), {n: board.rounds.length}));
  const progress = el("span", "ab-progress");
  progress.setAttribute("aria-live", "polite");
  const showAll = button(gettext("Show all"), "button small");
  showAll.dataset.action = "show-all";
  duelsHead.append(title, progress, showAll);

  const table = el("table", "ab-rounds");
  const caption = el(
    "caption",
    "visually-hidden",
    interpolate(gettext("Rounds: the letters of %(p)s (P) and %(q)s (Q), their ASCII codes, the points won and the running score"), {
      p: seatName(match, 0),
      q: seatName(match, 1),
    }),
  );
  const thead = el("thead");
  const hr = el("tr");
  for (const h of ["#", "P", "Q", gettext("Points"), gettext("Score")]) {
    const th = el("th", null, h);
    th.scope = "col";
    hr.append(th);
  }
  thead.append(hr);
  const tbody = el("tbody");
  const rows = board.rounds.map((r) => {
    const tr = el("tr");
    const n = el("th", null, String(r.round));
    n.scope = "row";
    const cells = [0, 1].map((seat) => {
      const td = el("td", "ab-duel-cell");
      const tile = el("span", `ab-tile ab-duel s${seat}${r.winner === seat ? " won" : ""}${r.winner === null ? " tie" : ""}`);
      tile.append(el("span", "ab-letter", r.letters[seat]));
      td.append(tile, el("span", "ab-ascii", String(r.ascii[seat])));
      return td;
    });
    const points = el("td", "ab-points", r.winner === null ? "= 0" : `+${r.points} ${NAMES[r.winner]}`);
    if (r.winner !== null) points.classList.add(`s${r.winner}`);
    const score = el("td", "ab-running", `${r.score.P} – ${r.score.Q}`);
    tr.append(n, ...cells, points, score);
    tbody.append(tr);
    return tr;
  });
  table.append(caption, thead, tbody);
  const tableWrap = el("div", "ab-table-wrap");
  tableWrap.append(table);

  const message = el("p", "ab-message");
  message.setAttribute("aria-live", "polite");
  section.append(setups, duelsHead, tableWrap, message);
  view.body.append(section);

  const battle = {rows, progress, showAll, message, total: board.rounds.length, shown: board.rounds.length, timer: null, board};
  showAll.addEventListener("click", () => finish(view));
  if (animate && battle.total) {
    battle.shown = 0;
    animating.add(view.matchId);
    battle.timer = setInterval(() => {
      battle.shown += 1;
      if (battle.shown >= battle.total) finish(view);
      else paintBattle(view);
    }, ROUND_MS);
  }
  return battle;
}

export function paintBattle(view) {
  const battle = view.battle;
  const board = view.match?.board || battle.board;
  const done = battle.shown >= battle.total;
  battle.rows.forEach((tr, i) => {
    const on = i < battle.shown;
    tr.classList.toggle("pending", !on);
    tr.classList.toggle("current", on && i === battle.shown - 1 && !done);
    tr.setAttribute("aria-hidden", on ? "false" : "true");
  });
  battle.progress.textContent = done ? "" : interpolate(gettext("Round %(n)s of %(total)s"), {n: battle.shown, total: battle.total});
  battle.showAll.hidden = done;
  battle.message.textContent = done ? (view.match?.result ? resultText(view.match) : "") || "" : "";
  battle.message.hidden = !done;
  paintSeats(view, view.match);
}

function finish(view) {
  const battle = view.battle;
  if (!battle) return;
  const wasAnimating = animating.has(view.matchId);
  stopAnimation(view);
  battle.shown = battle.total;
  paintBattle(view);
  if (wasAnimating) view.root.dispatchEvent(new CustomEvent("board-settled", {bubbles: true}));
}

export function stopAnimation(view) {
  if (!view) return;
  if (view.battle?.timer) clearInterval(view.battle.timer);
  if (view.battle) view.battle.timer = null;
  animating.delete(view.matchId);
}
