// The live part of a tournament's page (status, your game, standings, rounds, crosstable),
// drawn from the tournament's JSON (as GET /api/tournaments/<id>/): the copy the page embeds
// for its first draw, then each push of its socket ({"type": "tournament", "tournament":
// {...}}). The one place its markup is written. Nothing is decided here: the standings,
// ranks, results and pairings are the server's; `viewer` says who is looking ({you: entrant
// id or null, username, byePoints, tiebreakName}).

import {gettext, interpolate, ngettext} from "./i18n.js";

const esc = (value) =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
// A sentence in the page's language as HTML: its own words escaped, its %(name)s filled with
// ``values`` (HTML already: escape what came from the data).
const html = (text, values = {}) => interpolate(esc(text), values);
const profile = (row) =>
  row.username ? `<a href="/u/${encodeURIComponent(row.username)}/">${esc(row.name)}</a>` : esc(row.name);
// Django's floatformat:"-1": one decimal, none when it is whole
const oneDecimal = (x) => (Number.isInteger(x) ? String(x) : Number(x).toFixed(1).replace(/\.0$/, ""));

function status(data, viewer) {
  if (data.status === "upcoming") {
    const n = data.standings.length;
    const max = data.max_entrants;
    const starts = html(gettext("Starts %(countdown)s at %(time)s"), {
      countdown: `<strong class="countdown" data-countdown="${esc(data.starts_at)}" hidden></strong>`,
      time: `<time datetime="${esc(data.starts_at)}" data-local>${esc(data.starts_at)}</time>`,
    });
    const places = n < 2
      ? ngettext("%(count)s of %(max)s place taken · it needs at least two players to start.", "%(count)s of %(max)s places taken · it needs at least two players to start.", max)
      : ngettext("%(count)s of %(max)s place taken.", "%(count)s of %(max)s places taken.", max);
    return `<p class="t-status">${starts}</p>
  <p class="muted">${html(places, {count: n, max: esc(max)})}</p>`;
  }
  if (data.status === "running") {
    const running = html(gettext("Round %(round)s of %(total)s is being played."), {round: `<strong>${esc(data.round)}</strong>`, total: esc(data.rounds_total)});
    return `<p class="t-status">${running}</p>`;
  }
  if (data.status === "finished") {
    const [top, ...rest] = data.standings;
    let champion = "";
    if (top) {
      const level = rest.filter((row) => row.rank === 1).map((row) => esc(row.name));
      const words = top.username && top.username === viewer.username ? html(gettext("You won")) : html(gettext("%(name)s wins"), {name: esc(top.name)});
      const strong = `<strong class="champion">${words}</strong>`;
      champion = ` ${level.length ? html(gettext("%(champion)s, level with %(names)s."), {champion: strong, names: level.join(", ")}) : `${strong}.`}`;
    }
    const total = data.rounds_total;
    const finished = html(ngettext("Finished after %(count)s round.", "Finished after %(count)s rounds.", total), {count: esc(total)});
    return `<p class="t-status">${finished}${champion}</p>`;
  }
  return `<p class="t-status">${html(gettext("This tournament was cancelled."))}</p>`;
}

// The viewer's game of the round being played.
function yourGame(data, you) {
  if (you === null || data.status !== "running") return null;
  const round = data.rounds.find((r) => r.round === data.round);
  return round?.pairings.find((p) => p.first_id === you || p.second_id === you) ?? null;
}

function yourGameCard(data, viewer) {
  const game = yourGame(data, viewer.you);
  if (!game) return "";
  const points = viewer.byePoints;
  let body;
  if (!game.second_id) {
    const bye = points
      ? ngettext(
        "You have a bye this round: it scores %(count)s point, as a win. Your next game is paired when this round ends.",
        "You have a bye this round: it scores %(count)s points, as a win. Your next game is paired when this round ends.",
        points,
      )
      : ngettext(
        "You have a bye this round: it scores %(count)s point. Your next game is paired when this round ends.",
        "You have a bye this round: it scores %(count)s points. Your next game is paired when this round ends.",
        points,
      );
    body = `<p>${html(bye, {count: esc(points)})}</p>`;
  } else if (game.result) {
    body = `<p>${html(gettext("Done (%(result)s). The next round is paired when every game of this one has ended."), {result: esc(game.result)})}</p>`;
  } else {
    const first = game.first_id === viewer.you;
    const against = first ? gettext("Against %(name)s, you play first.") : gettext("Against %(name)s, you play second.");
    body = `<p>${html(against, {name: `<strong>${esc(first ? game.second : game.first)}</strong>`})}</p>
  <a class="button primary" href="${esc(game.match_url)}">${html(gettext("Play your game"))}</a>`;
  }
  return `<section class="card your-game" id="your-game" aria-labelledby="your-game-heading">
  <h2 id="your-game-heading">${html(gettext("Your game in round %(round)s"), {round: esc(data.round)})}</h2>
  ${body}
</section>`;
}

const youTag = () => ` <span class="you-tag">${html(gettext("you"))}</span>`;
const botBadge = () => ` <span class="badge">${html(gettext("Bot"))}</span>`;

function players(data, viewer) {
  const rows = data.standings
    .map((row) => {
      const you = row.id === viewer.you;
      const rating = row.rating === null ? "" : ` <span class="rating">${row.rating}${row.provisional ? "?" : ""}</span>`;
      return `<li${you ? ' class="you"' : ""}>${profile(row)}${you ? youTag() : ""}${rating}${row.bot ? botBadge() : ""}</li>`;
    })
    .join("");
  return `<section class="card" id="players" aria-labelledby="players-heading">
  <h2 id="players-heading">${html(gettext("Who has joined (%(count)s)"), {count: data.standings.length})}</h2>
  ${rows ? `<ul class="entrants">${rows}</ul>` : `<p class="empty">${html(gettext("Nobody yet: be the first to join."))}</p>`}
</section>`;
}

function standings(data, viewer) {
  const buchholz = data.tiebreak === "buchholz";
  const rows = data.standings
    .map(
      (row) => `<tr${row.id === viewer.you ? ' class="you"' : ""}>
        <td>${row.rank}</td>
        <td class="entrant-name">${profile(row)}${row.bot ? botBadge() : ""}</td>
        <td class="num points">${row.points}</td><td class="num">${oneDecimal(row.tiebreak)}</td>
        <td class="num">${row.wins}</td><td class="num">${row.draws}</td><td class="num">${row.losses}</td><td class="num">${row.byes}</td>
      </tr>`,
    )
    .join("");
  const name = esc(viewer.tiebreakName);
  const head = (title, text) => `<abbr title="${html(title, {name})}">${html(text)}</abbr>`;
  const note = buchholz
    ? gettext("Win 3, draw 1, loss 0, bye %(bye)s: a bye counts from the start of its round. Ties are broken by %(name)s (the points of every opponent met).")
    : gettext("Win 3, draw 1, loss 0, bye %(bye)s: a bye counts from the start of its round. Ties are broken by %(name)s (the points of every opponent beaten, half of those drawn).");
  return `<section class="card" id="standings" aria-labelledby="standings-heading">
  <h2 id="standings-heading">${html(gettext("Standings"))}</h2>
  <div class="table-wrap">
  <table class="standings">
    <thead><tr><th scope="col">#</th><th scope="col">${html(gettext("Player"))}</th><th scope="col" class="num">${html(gettext("Points"))}</th><th scope="col" class="num">${head(gettext("Tie-break: %(name)s"), buchholz ? gettext("Buch.") : gettext("S-B"))}</th><th scope="col" class="num">${head(gettext("Won"), gettext("W"))}</th><th scope="col" class="num">${head(gettext("Drawn"), gettext("D"))}</th><th scope="col" class="num">${head(gettext("Lost"), gettext("L"))}</th><th scope="col" class="num">${html(gettext("Byes"))}</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  </div>
  <p class="muted table-note">${html(note, {bye: esc(viewer.byePoints), name})}</p>
</section>`;
}

function rounds(data, viewer) {
  if (!data.rounds.length) return "";
  const blocks = [...data.rounds]
    .reverse()
    .map((round) => {
      const now = round.round === data.round && data.status === "running" ? ` <span class="badge badge-turn">${html(gettext("now"))}</span>` : "";
      const games = round.pairings
        .map((p) => {
          const mine = viewer.you !== null && (p.first_id === viewer.you || p.second_id === viewer.you);
          if (!p.second) {
            const bye = html(gettext("bye (+%(points)s)"), {points: esc(viewer.byePoints)});
            return `<li${mine ? ' class="you"' : ""}><span class="pair">${esc(p.first)}</span> <span class="pair-result">${bye}</span></li>`;
          }
          const pair = `${esc(p.first)} – ${esc(p.second)}`;
          // the link's words, and what a screen reader hears after them (the pair)
          const link = (text, more) => `${html(text)}<span class="visually-hidden"> ${html(more, {pair})}</span>`;
          const result = p.result
            ? `<strong>${esc(p.result)}</strong> · <a href="${esc(p.replay_url)}">${link(gettext("Replay"), gettext("of %(pair)s"))}</a>`
            : `${html(gettext("playing"))} · <a href="${esc(p.match_url)}">${link(mine ? gettext("Play") : gettext("Watch"), "%(pair)s")}</a>`;
          return `<li${mine ? ' class="you"' : ""}><span class="pair">${pair}</span>
      <span class="pair-result">${result}</span></li>`;
        })
        .join("");
      return `<h3>${html(gettext("Round %(round)s"), {round: esc(round.round)})}${now}</h3>
  <ul class="pairings">${games}</ul>`;
    })
    .join("");
  return `<section class="card" id="rounds" aria-labelledby="rounds-heading">
  <h2 id="rounds-heading">${html(gettext("Rounds"))}</h2>
  ${blocks}
</section>`;
}

function crosstable(data) {
  if (!data.crosstable.length || data.status === "upcoming") return "";
  const heads = data.crosstable.map((_, i) => `<th scope="col">${i + 1}</th>`).join("");
  const rows = data.crosstable
    .map((row, i) => {
      const cells = row.against
        .map((cell) => `<td>${cell === null ? `<span aria-label="${html(gettext("themselves"))}">■</span>` : esc(cell.join(" "))}</td>`)
        .join("");
      return `<tr><th scope="row">${i + 1}. ${esc(row.name)}</th>${cells}</tr>`;
    })
    .join("");
  return `<section class="card" id="crosstable" aria-labelledby="crosstable-heading">
  <h2 id="crosstable-heading">${html(gettext("Crosstable"))}</h2>
  <div class="table-wrap">
  <table class="crosstable">
    <thead><tr><th scope="col"><span class="visually-hidden">${html(gettext("Player"))}</span></th>${heads}</tr></thead>
    <tbody>${rows}</tbody>
  </table>
  </div>
  <p class="muted table-note">${html(gettext("The points each player (row) scored against each other player (column)."))}</p>
</section>`;
}

/** The live part's HTML for this tournament, as `viewer` sees it. */
export function liveHtml(data, viewer) {
  return [
    `<section class="card tournament-status" data-status="${esc(data.status)}">${status(data, viewer)}</section>`,
    yourGameCard(data, viewer),
    data.status === "upcoming" ? players(data, viewer) : standings(data, viewer),
    rounds(data, viewer),
    crosstable(data),
  ].join("\n");
}
