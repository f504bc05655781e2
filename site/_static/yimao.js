/* 易冒 reading site: small enhancements; every page reads fine without this script.
   - remembers the reading (교정본 / 원문 그대로), the view (대역 / 원문 / 번역) and the
     sentence-number switch;
   - fills each citation with the absolute permalink and offers a copy button. */
(function () {
  "use strict";
  var KEY = "yimao.settings";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function save(settings) {
    try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch (e) { /* private mode */ }
  }

  function settingsControls() {
    var settings = load();
    var radio = document.getElementById("reading-" + (settings.reading || "corrected"));
    if (radio) { radio.checked = true; }
    var view = document.getElementById("view-" + (settings.view || "both"));
    if (view) { view.checked = true; }
    var snum = document.getElementById("show-snum");
    if (snum && typeof settings.snum === "boolean") { snum.checked = settings.snum; }
    var inputs = document.querySelectorAll("input[name=reading], input[name=view], #show-snum");
    inputs.forEach(function (input) {
      input.addEventListener("change", function () {
        var s = load();
        var reading = document.querySelector("input[name=reading]:checked");
        var view = document.querySelector("input[name=view]:checked");
        s.reading = reading ? reading.value : "corrected";
        s.view = view ? view.value : "both";
        if (snum) { s.snum = snum.checked; }
        save(s);
      });
    });
  }

  function citations() {
    document.querySelectorAll(".cite").forEach(function (cite) {
      var url = cite.querySelector(".cite-url");
      var button = cite.querySelector(".copy");
      if (!url || !button) { return; }
      url.textContent = new URL(url.getAttribute("data-href"), location.href).href;
      button.hidden = false;
      button.addEventListener("click", function () {
        var text = cite.querySelector(".cite-text").textContent.trim();
        var done = function () {
          button.textContent = "복사됨";
          setTimeout(function () { button.textContent = "복사"; }, 1500);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(text).then(done, function () { selectText(cite); });
        } else {
          selectText(cite);
          try { document.execCommand("copy"); done(); } catch (e) { /* text stays selected */ }
        }
      });
    });
    /* one citation box open at a time; Escape closes it */
    document.addEventListener("toggle", function (event) {
      var opened = event.target;
      if (!opened.classList || !opened.classList.contains("cite") || !opened.open) { return; }
      document.querySelectorAll(".cite[open]").forEach(function (other) {
        if (other !== opened) { other.open = false; }
      });
    }, true);
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        document.querySelectorAll(".cite[open]").forEach(function (d) { d.open = false; });
      }
    });
  }

  function selectText(cite) {
    var range = document.createRange();
    range.selectNodeContents(cite.querySelector(".cite-text"));
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }

  document.addEventListener("DOMContentLoaded", function () {
    settingsControls();
    citations();
  });
}());
