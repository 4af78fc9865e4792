// Load a game's renderer by slug: static/games/<slug>/render.js (contract documented there).

export async function loadRenderer(slug) {
  if (!/^[a-z0-9_]+$/.test(slug)) throw new Error(`bad game slug ${slug}`);
  return import(new URL(`../games/${slug}/render.js`, import.meta.url).href);
}
