// The globals a page module reads as it loads (`document`, `matchMedia`): a page with no
// match on it. Imported first by the tests of such modules; none of the project's code.
globalThis.document ??= {
  querySelector: () => null,
  getElementById: () => null,
  querySelectorAll: () => [],
};
globalThis.matchMedia ??= () => ({matches: false, addEventListener() {}});
