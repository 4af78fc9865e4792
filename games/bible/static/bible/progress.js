// Live progress of Bible imports on the admin's list and change pages: while any import shown
// is queued or running, poll the JSON status every second, move its bar, and reload the page
// when one finishes (to show its report link, its error or the Retry button).
(function () {
  "use strict";
  var ACTIVE = { queued: true, running: true };

  function watched() {
    var ids = [];
    var url = null;
    document.querySelectorAll(".bible-progress[data-bible-import]").forEach(function (el) {
      if (ACTIVE[el.dataset.state]) {
        ids.push(el.dataset.bibleImport);
        url = el.dataset.statusUrl;
      }
    });
    return { ids: ids, url: url };
  }

  function show(status) {
    document.querySelectorAll('.bible-progress[data-bible-import="' + status.id + '"]').forEach(function (el) {
      el.dataset.state = status.state;
      el.title = status.percent + "%";
      var fill = el.querySelector(".bible-progress-fill");
      fill.style.width = status.percent + "%";
      fill.className = "bible-progress-fill bible-" + status.state;
      var label = el.nextElementSibling;
      if (label && label.classList.contains("bible-progress-label")) label.textContent = status.label;
    });
    document.querySelectorAll('[data-bible-state-of="' + status.id + '"]').forEach(function (el) {
      el.textContent = status.state.charAt(0).toUpperCase() + status.state.slice(1);
      el.className = "bible-state bible-" + status.state;
    });
    document.querySelectorAll('[data-bible-duration="' + status.id + '"]').forEach(function (el) {
      el.textContent = status.duration || "-";
    });
  }

  function poll() {
    var w = watched();
    if (!w.ids.length || !w.url) return;
    fetch(w.url + "?ids=" + w.ids.join(","), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : { imports: [] }; })
      .then(function (data) {
        var finished = false;
        data.imports.forEach(function (status) {
          show(status);
          if (!status.active) finished = true;
        });
        if (finished) window.location.reload();
        else window.setTimeout(poll, 1000);
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }

  document.addEventListener("DOMContentLoaded", function () { window.setTimeout(poll, 1000); });
})();
