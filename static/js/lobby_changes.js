// What each frame of the pushed lobby (/ws/lobby/?push=lobby, docs/protocol.md) changes on the
// page, decided without the page (tests/js/lobby_changes.test.mjs): rows put in place or
// dropped by key, whole sections replaced, and news told to the page's other scripts (the
// pools grid, the bell). lobby.js carries the changes out on the page.

// Each change is one of {put: section, row}, {drop: section, id}, {replace: section, rows} and
// {tell: event, detail}; the sections are "open", "mine", "finished", "challenges", "following".
export function changesOf(message) {
  switch (message.type) {
    case "lobby_snapshot": {
      const changes = [
        {replace: "open", rows: message.open},
        {replace: "finished", rows: message.finished},
      ];
      if (message.unread !== null) {
        // signed in: the personal sections are on the page
        for (const name of ["mine", "challenges", "following"]) changes.push({replace: name, rows: message[name]});
        changes.push({tell: "bell", detail: {type: "unread", unread: message.unread}});
      }
      changes.push({tell: "lobby-pools", detail: message.pools});
      return changes;
    }
    case "open_seat":
      return [{put: "open", row: message.seat}];
    case "open_seat_closed":
      return [{drop: "open", id: message.id}];
    case "my_match":
      return [{put: "mine", row: message.match}];
    case "my_match_over":
      return [{drop: "mine", id: message.id}];
    case "finished_match":
      return [{put: "finished", row: message.match}];
    case "challenges":
      return [{replace: "challenges", rows: message.challenges}];
    case "following":
      return [{replace: "following", rows: message.people}];
    case "pool_counts":
      return [{tell: "lobby-pools", detail: {pools: message.pools}}];
    case "pool_place":
      return [{tell: "lobby-pools", detail: {pools: [], mine: message.mine}}];
    case "unread":
      return [{tell: "bell", detail: message}];
    default:
      return []; // a type this page does not know (more may be added)
  }
}

// A row's key on the page: a match by its id, a person by their name.
export const keyOf = (row) => String(row.username ?? row.id);

// Does a match say "your turn" now that did not before? (The title and favicon signal then.)
export const turnCame = (before, after) => [...after].some((id) => !before.has(id));
