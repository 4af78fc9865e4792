// The globals a page module reads as it loads (`document`, `location`, `matchMedia`): a page
// with no match and no script on it, where a stylesheet a renderer asks for loads at once
// (static/js/stylesheet.js). Imported first by the tests of such modules; none of the
// project's code.
const element = () => ({
  dataset: {},
  style: {setProperty() {}},
  setAttribute() {},
  append() {},
  addEventListener(type, listener) {
    if (type === "load") queueMicrotask(listener);
  },
});
globalThis.document ??= {
  baseURI: "http://127.0.0.1:8000/",
  documentElement: {dataset: {}},
  head: element(),
  createElement: element,
  querySelector: () => null,
  getElementById: () => null,
  querySelectorAll: () => [],
};
globalThis.location ??= new URL("http://127.0.0.1:8000/");
globalThis.matchMedia ??= () => ({matches: false, addEventListener() {}});
