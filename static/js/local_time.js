// Dates in the visitor's own time zone: every <time datetime="…" data-local> is rewritten
// from the server's UTC text ("Sat May 3, 18:00 UTC") to local time ("Sat, May 3, 20:00").
// Imported for its effect on the pages that list tournaments; the tournament page calls it
// again after each refresh of its live part.

import {gettext} from "./i18n.js";
import {ready} from "./ready.js";

// in the page's language (<html lang>), not the browser's
const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
  weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
});

export function localizeTimes(root = document) {
  for (const el of root.querySelectorAll("time[data-local]")) {
    const when = new Date(el.dateTime);
    if (Number.isNaN(when.getTime())) continue;
    el.textContent = format.format(when);
    el.title = gettext("Your local time");
  }
}

localizeTimes();

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
