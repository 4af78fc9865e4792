// One way for every page to say that it listens (issue 37): each module script a page loads
// (`<script type="module" src>`) calls ready(import.meta.url) once its handlers are attached;
// when all of them have, <html> gets data-ready="1", and the controls that need a script
// (marked `data-needs-script inert` in the page's HTML) stop being inert. Before that there
// is nothing to click, for a person as for a test. base.html loads this module itself, so a
// page with no other script is ready as soon as it is parsed.

const done = new Set();
const path = (url) => new URL(url, location.href).pathname;

/** The module at ``url`` (its import.meta.url) listens now. */
export function ready(url) {
  done.add(path(url));
  const scripts = [...document.querySelectorAll('script[type="module"][src]')].map((s) => path(s.src));
  if (!scripts.every((p) => done.has(p))) return;
  for (const el of document.querySelectorAll("[data-needs-script]")) el.inert = false;
  document.documentElement.dataset.ready = "1";
}

ready(import.meta.url);
