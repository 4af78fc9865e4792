// Load a game's renderer by slug: /static/games/<slug>/render.js, its folder's static/render.js
// (contract documented at the top of Reversi's render.js). Optional hooks added since, used by every page:
//   render(root, match, {mode: "replay"})  the replay page's mode: draw the state at once,
//     without live-only effects (animations of what just happened)
//   scoreMessage(match)   the result panel's second line instead of "Final score: ..."
//   settled(match)        false while the board still plays out the end (e.g. a reveal):
//     the result panel waits; the renderer then fires a bubbling "board-settled" event
//     on its root and the page redraws

export async function loadRenderer(slug) {
  if (!/^[a-z0-9_]+$/.test(slug)) throw new Error(`bad game slug ${slug}`);
  return import(new URL(`../games/${slug}/render.js`, import.meta.url).href);
}
