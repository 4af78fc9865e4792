// The globals a page module reads as it loads (`document`, `location`, `matchMedia`): a page
// with no match and no script on it. Imported first by the tests of such modules; none of the
// project's code.
globalThis.document ??= {
  documentElement: {dataset: {}},
  querySelector: () => null,
  getElementById: () => null,
  querySelectorAll: () => [],
};
globalThis.location ??= new URL("http://127.0.0.1:8000/");
globalThis.matchMedia ??= () => ({matches: false, addEventListener() {}});
