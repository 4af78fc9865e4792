// The live part of a tournament's page (status, your game, standings, rounds, crosstable),
// drawn from the tournament's JSON (as GET /api/tournaments/<id>/): the copy the page embeds
// for its first draw, then each push of its socket ({"type": "tournament", "tournament":
// {...}}). The one place its markup is written. Nothing is decided here: the standings,
// ranks, results and pairings are the server's; `viewer` says who is looking ({you: entrant
// id or null, username, byePoints, tiebreakName}).

const esc = (value) =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
const plural = (n, word) => `${word}${n === 1 ? "" : "s"}`;
const profile = (row) =>
  row.username ? `<a href="/u/${encodeURIComponent(row.username)}/">${esc(row.name)}</a>` : esc(row.name);
// Django's floatformat:"-1": one decimal, none when it is whole
const oneDecimal = (x) => (Number.isInteger(x) ? String(x) : Number(x).toFixed(1).replace(/\.0$/, ""));

function status(data, viewer) {
  if (data.status === "upcoming") {
    const n = data.standings.length;
    return `<p class="t-status">Starts <strong class="countdown" data-countdown="${esc(data.starts_at)}" hidden></strong> at
    <time datetime="${esc(data.starts_at)}" data-local>${esc(data.starts_at)}</time></p>
  <p class="muted">${n} of ${data.max_entrants} places taken${n < 2 ? " · it needs at least two players to start" : ""}.</p>`;
  }
  if (data.status === "running") {
    return `<p class="t-status">Round <strong>${data.round}</strong> of ${data.rounds_total} is being played.</p>`;
  }
  if (data.status === "finished") {
    const [top, ...rest] = data.standings;
    let champion = "";
    if (top) {
      const level = rest.filter((row) => row.rank === 1).map((row) => `, level with ${esc(row.name)}`).join("");
      const words = top.username && top.username === viewer.username ? "You won" : `${esc(top.name)} wins`;
      champion = ` <strong class="champion">${words}</strong>${level}.`;
    }
    return `<p class="t-status">Finished after ${data.rounds_total} ${plural(data.rounds_total, "round")}.${champion}</p>`;
  }
  return `<p class="t-status">This tournament was cancelled.</p>`;
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
    body = `<p>You have a bye this round: it scores ${points} ${plural(points, "point")}${points ? ", as a win" : ""}. Your next game is paired when this round ends.</p>`;
  } else if (game.result) {
    body = `<p>Done (${esc(game.result)}). The next round is paired when every game of this one has ended.</p>`;
  } else {
    const first = game.first_id === viewer.you;
    body = `<p>Against <strong>${esc(first ? game.second : game.first)}</strong>, you play ${first ? "first" : "second"}.</p>
  <a class="button primary" href="${esc(game.match_url)}">Play your game</a>`;
  }
  return `<section class="card your-game" id="your-game" aria-labelledby="your-game-heading">
  <h2 id="your-game-heading">Your game in round ${data.round}</h2>
  ${body}
</section>`;
}

function players(data, viewer) {
  const rows = data.standings
    .map((row) => {
      const you = row.id === viewer.you;
      const rating = row.rating === null ? "" : ` <span class="rating">${row.rating}${row.provisional ? "?" : ""}</span>`;
      return `<li${you ? ' class="you"' : ""}>${profile(row)}${you ? ' <span class="you-tag">you</span>' : ""}${rating}${row.bot ? ' <span class="badge">Bot</span>' : ""}</li>`;
    })
    .join("");
  return `<section class="card" id="players" aria-labelledby="players-heading">
  <h2 id="players-heading">Who has joined (${data.standings.length})</h2>
  ${rows ? `<ul class="entrants">${rows}</ul>` : '<p class="empty">Nobody yet: be the first to join.</p>'}
</section>`;
}

function standings(data, viewer) {
  const buchholz = data.tiebreak === "buchholz";
  const rows = data.standings
    .map(
      (row) => `<tr${row.id === viewer.you ? ' class="you"' : ""}>
        <td>${row.rank}</td>
        <td class="entrant-name">${profile(row)}${row.bot ? ' <span class="badge">Bot</span>' : ""}</td>
        <td class="num points">${row.points}</td><td class="num">${oneDecimal(row.tiebreak)}</td>
        <td class="num">${row.wins}</td><td class="num">${row.draws}</td><td class="num">${row.losses}</td><td class="num">${row.byes}</td>
      </tr>`,
    )
    .join("");
  const name = esc(viewer.tiebreakName);
  return `<section class="card" id="standings" aria-labelledby="standings-heading">
  <h2 id="standings-heading">Standings</h2>
  <div class="table-wrap">
  <table class="standings">
    <thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col" class="num">Points</th><th scope="col" class="num"><abbr title="Tie-break: ${name}">${buchholz ? "Buch." : "S-B"}</abbr></th><th scope="col" class="num"><abbr title="Won">W</abbr></th><th scope="col" class="num"><abbr title="Drawn">D</abbr></th><th scope="col" class="num"><abbr title="Lost">L</abbr></th><th scope="col" class="num">Byes</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  </div>
  <p class="muted table-note">Win 3, draw 1, loss 0, bye ${viewer.byePoints}: a bye counts from the start of its round. Ties are broken by ${name}${buchholz ? " (the points of every opponent met)" : " (the points of every opponent beaten, half of those drawn)"}.</p>
</section>`;
}

function rounds(data, viewer) {
  if (!data.rounds.length) return "";
  const blocks = [...data.rounds]
    .reverse()
    .map((round) => {
      const now = round.round === data.round && data.status === "running" ? ' <span class="badge badge-turn">now</span>' : "";
      const games = round.pairings
        .map((p) => {
          const mine = viewer.you !== null && (p.first_id === viewer.you || p.second_id === viewer.you);
          if (!p.second) {
            return `<li${mine ? ' class="you"' : ""}><span class="pair">${esc(p.first)}</span> <span class="pair-result">bye (+${viewer.byePoints})</span></li>`;
          }
          const pair = `${esc(p.first)} – ${esc(p.second)}`;
          const result = p.result
            ? `<strong>${esc(p.result)}</strong> · <a href="${esc(p.replay_url)}">Replay<span class="visually-hidden"> of ${pair}</span></a>`
            : `playing · <a href="${esc(p.match_url)}">${mine ? "Play" : "Watch"}<span class="visually-hidden"> ${pair}</span></a>`;
          return `<li${mine ? ' class="you"' : ""}><span class="pair">${pair}</span>
      <span class="pair-result">${result}</span></li>`;
        })
        .join("");
      return `<h3>Round ${round.round}${now}</h3>
  <ul class="pairings">${games}</ul>`;
    })
    .join("");
  return `<section class="card" id="rounds" aria-labelledby="rounds-heading">
  <h2 id="rounds-heading">Rounds</h2>
  ${blocks}
</section>`;
}

function crosstable(data) {
  if (!data.crosstable.length || data.status === "upcoming") return "";
  const heads = data.crosstable.map((_, i) => `<th scope="col">${i + 1}</th>`).join("");
  const rows = data.crosstable
    .map((row, i) => {
      const cells = row.against
        .map((cell) => `<td>${cell === null ? '<span aria-label="themselves">■</span>' : esc(cell.join(" "))}</td>`)
        .join("");
      return `<tr><th scope="row">${i + 1}. ${esc(row.name)}</th>${cells}</tr>`;
    })
    .join("");
  return `<section class="card" id="crosstable" aria-labelledby="crosstable-heading">
  <h2 id="crosstable-heading">Crosstable</h2>
  <div class="table-wrap">
  <table class="crosstable">
    <thead><tr><th scope="col"><span class="visually-hidden">Player</span></th>${heads}</tr></thead>
    <tbody>${rows}</tbody>
  </table>
  </div>
  <p class="muted table-note">The points each player (row) scored against each other player (column).</p>
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
