// A game's own stylesheet, next to its renderer: renderers `await loadStylesheet(url)` at
// the top of the module, so the board is never drawn unstyled (import() resolves after).
// A stylesheet that fails to load does not block the page: the board is just plain.

const loading = new Map(); // href -> Promise

export function loadStylesheet(url) {
  const href = new URL(url, document.baseURI).href;
  if (!loading.has(href)) {
    loading.set(
      href,
      new Promise((resolve) => {
        const existing = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
        if (existing?.sheet) return resolve(existing);
        const link = existing ?? document.createElement("link");
        link.addEventListener("load", () => resolve(link), {once: true});
        link.addEventListener("error", () => resolve(link), {once: true});
        if (!existing) {
          link.rel = "stylesheet";
          link.href = href;
          document.head.append(link);
        }
      }),
    );
  }
  return loading.get(href);
}
