// Node's resolve hook for served_layout.mjs: a relative import from a game's static folder is
// resolved as the browser resolves it (against /static/games/<slug>/), then mapped back.
const ROOT = new URL("../../", import.meta.url);
const GAME_FILE = /\/games\/catalog\/([a-z0-9_]+)\/static\/(.*)$/;

export async function resolve(specifier, context, nextResolve) {
  const game = context.parentURL?.match(GAME_FILE);
  if (!game || !/^\.\.?\//.test(specifier)) return nextResolve(specifier, context);
  const served = new URL(specifier, `http://served/static/games/${game[1]}/${game[2]}`).pathname;
  const local = served.startsWith("/static/games/")
    ? served.replace(/^\/static\/games\/([^/]+)\//, "games/catalog/$1/static/")
    : served.slice(1);
  return nextResolve(new URL(local, ROOT).href, context);
}
