// Journey's text around the board: the head (round, whose turn, monsters left, the end),
// the legend of the pictures, and the side panels' warriors list (health bar, crystals).

import {gettext, interpolate, ngettext} from "../../js/i18n.js";
import {personName, resultText} from "../../js/match_info.js";
import {KIND, div, playerName, span} from "./helpers.js";
import {icon, seatColour} from "./icons.js";

const HEALTH_BAR_MAX = 40; // the scale of the health bars (the cap of journey.md)

export function buildLegend() {
  const legend = div("jy-legend");
  legend.setAttribute("aria-label", gettext("Legend"));
  for (const [letter, text] of [
    ["M", gettext("Monster · damage power once met")],
    ["E", gettext("Elf · magic power once met")],
    ["W", gettext("Warrior")],
    ["P", gettext("Life potion")],
  ]) {
    const item = span("jy-legend-item");
    item.dataset.kind = KIND[letter];
    item.append(icon(letter, "jy-legend-icon"), document.createTextNode(text));
    legend.append(item);
  }
  return legend;
}

// The side panels: the warriors (painted by paintWarriors) and the messages (log.js).
export function buildPanels() {
  const panels = div("jy-panels");
  const warriorList = document.createElement("ul");
  const warriorsBox = titledSection("jy-warriors", "jy-warriors-title", gettext("Warriors"), warriorList);

  const log = div("jy-log");
  log.tabIndex = 0;
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", gettext("Messages of this round and the previous one"));
  const logBox = titledSection("jy-logbox", "jy-log-title", gettext("Messages"), log);
  panels.append(warriorsBox, logBox);
  return {panels, warriorList, log};
}

export function paintHead(view, match, canTarget) {
  const data = match.board;
  const {round, turn, left} = view.head;
  round.textContent = interpolate(gettext("Round %(n)s"), {n: data.round});
  left.textContent = interpolate(gettext("Monsters left: %(n)s"), {n: data.monsters_left ?? "?"});
  let text;
  const mover = data.turn;
  const you = match.you ?? null;
  if (data.result) text = data.result === "victory" ? gettext("Victory!") : gettext("Defeat");
  else if (match.status === "waiting") text = gettext("Waiting for players to join…");
  else if (match.status === "aborted") text = gettext("Match aborted");
  else if (data.question) {
    const q = data.question;
    const values = {speaker: q.speaker, name: personName(match, q.seat), seat: q.seat};
    text = interpolate(q.seat === you ? gettext("%(speaker)s is talking to you: answer below") : gettext("%(speaker)s is talking to %(name)s (W%(seat)s)"), values);
  } else if (mover === you && you !== null) text = canTarget ? gettext("Your turn: pick a target cell") : gettext("Your turn");
  else if (mover !== null && mover !== undefined) {
    text = interpolate(gettext("%(name)s's turn (W%(seat)s)"), {name: personName(match, mover, {capitalise: true}), seat: mover});
  }
  else text = "";
  turn.textContent = text;
  turn.classList.toggle("yours", mover === you && you !== null && !data.result && match.status === "active");
  view.wrap.dataset.turn = mover ?? "";

  view.end.hidden = !data.result;
  view.end.className = `jy-end ${data.result || ""}`;
  // The end as the result panel words it, for allies ("You all won: every monster is gone").
  view.end.textContent = data.result ? resultText(match.result ? match : {...match, result: {reason: data.result, winners: [], draw: false}}) : "";
}

export function paintWarriors(view, match) {
  const data = match.board;
  const you = match.you ?? null;
  const items = (data.warriors || []).map((w) => {
    const li = document.createElement("li");
    li.className = "jy-warrior";
    li.classList.toggle("dead", !w.alive);
    li.classList.toggle("you", w.seat === you);
    li.classList.toggle("to-move", data.turn === w.seat && !data.result && match.status === "active");
    li.style.setProperty("--jy-seat", seatColour(w.seat));
    const pic = icon("W", "jy-warrior-icon");
    const name = span("jy-warrior-name");
    name.append(document.createTextNode(`${w.name} · ${playerName(match, w.seat)}`));
    if (w.seat === you) name.append(span("you-tag", gettext("you")));
    if (!w.alive) name.append(span("jy-dead-tag", gettext("fallen")));
    else if (data.turn === w.seat && !data.result && match.status === "active") name.append(span("jy-move-tag", gettext("to move")));
    const health = Math.max(0, w.health);
    const bar = div("jy-bar");
    bar.setAttribute("role", "img");
    bar.setAttribute("aria-label", interpolate(gettext("health %(health)s of %(max)s"), {health, max: HEALTH_BAR_MAX}));
    const fill = span("jy-bar-fill");
    const ratio = Math.min(1, health / HEALTH_BAR_MAX);
    fill.style.width = `${ratio * 100}%`;
    fill.classList.toggle("low", ratio <= 0.25);
    fill.classList.toggle("mid", ratio > 0.25 && ratio <= 0.5);
    bar.append(fill);
    const stats = div("jy-stats");
    const hp = span("jy-stat");
    hp.append(icon("heart", "jy-stat-icon"), span(null, `${health}/${HEALTH_BAR_MAX}`));
    const gems = span("jy-stat");
    gems.setAttribute("aria-label", interpolate(ngettext("%(n)s magic crystal", "%(n)s magic crystals", w.crystals), {n: w.crystals}));
    gems.append(icon("crystal", "jy-stat-icon"), span(null, String(w.crystals)));
    const pos = span("jy-pos", w.alive && w.pos ? interpolate(gettext("at (%(x)s,%(y)s)"), {x: w.pos[0], y: w.pos[1]}) : "");
    stats.append(hp, gems, pos);
    li.append(pic, name, bar, stats);
    return li;
  });
  view.warriorList.replaceChildren(...items);
}

// <section class=className> headed by an <h2 id=titleId> that labels it, then content.
function titledSection(className, titleId, title, content) {
  const section = document.createElement("section");
  section.className = className;
  section.setAttribute("aria-labelledby", titleId);
  const heading = document.createElement("h2");
  heading.id = titleId;
  heading.textContent = title;
  section.append(heading, content);
  return section;
}
