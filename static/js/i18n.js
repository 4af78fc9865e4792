// The pages' words in the reader's language: Django's JavaScript catalog (/jsi18n/, loaded by
// base.html before the modules) defines the global django.gettext and friends. Without it
// (Node's unit tests) the English words stand.
const catalog = globalThis.django;

/** A sentence in the page's language. */
export function gettext(text) {
  return catalog ? catalog.gettext(text) : text;
}

/** The singular or a plural form for ``count``, in the page's language. */
export function ngettext(singular, plural, count) {
  return catalog ? catalog.ngettext(singular, plural, count) : (count === 1 ? singular : plural);
}

/** ``text`` with its %(name)s filled from ``values``. */
export function interpolate(text, values) {
  return text.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
