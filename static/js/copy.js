// Copy buttons: <button data-copy="field-id" data-copied="Token copied." hidden> copies the
// field's value (a token shown once, a link) to the clipboard and says so. The page sends the
// button hidden and this shows it once it works: no click can come before it listens.
import {gettext} from "./i18n.js";
import {toast} from "./toast.js";
import {ready} from "./ready.js";

for (const button of document.querySelectorAll("button[data-copy]")) {
  const field = document.getElementById(button.dataset.copy);
  if (!field) continue;
  field.addEventListener("focus", () => field.select());
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select(); // not a secure context: fall back to the old way
      document.execCommand("copy");
    }
    toast(button.dataset.copied || gettext("Copied."), "ok", 2500);
  });
  button.hidden = false;
}

ready(import.meta.url); // its handlers are attached: the page may be used (ready.js)
