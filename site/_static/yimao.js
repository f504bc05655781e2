/* 易冒 reading site: small enhancements; every page reads fine without this script.
   - remembers the reading (교정본 / 전사본 그대로), the view (대역 / 원문 / 번역) and the
     sentence-number switch;
   - offers copy buttons in each citation box (the Korean citation, the BibTeX entry). */
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
    /* each citation entry: copy buttons for the Korean citation and the BibTeX entry (the
       permanent URL is absolute already, from the configured base URL) */
    document.querySelectorAll(".cite-entry").forEach(function (entry) {
      entry.querySelectorAll("button.copy").forEach(function (button) {
        var label = button.textContent;
        button.hidden = false;
        button.addEventListener("click", function () {
          var source = entry.querySelector(button.getAttribute("data-copy"));
          if (!source) { return; }
          var text = source.textContent.trim();
          var done = function () {
            button.textContent = "복사됨";
            setTimeout(function () { button.textContent = label; }, 1500);
          };
          if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(text).then(done, function () { selectText(source); });
          } else {
            selectText(source);
            try { document.execCommand("copy"); done(); } catch (e) { /* text stays selected */ }
          }
        });
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
    /* a tap or click outside the open box closes it (on a phone the box covers the next
       passage's 인용 button) */
    document.addEventListener("click", function (event) {
      document.querySelectorAll(".cite[open]").forEach(function (d) {
        if (!d.contains(event.target)) { d.open = false; }
      });
    });
  }

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }

  function wayfinding() {
    /* the contents and the top of the page stay at hand once a screen has been scrolled;
       「차례」 opens the chapter's contents it leads to */
    var root = document.documentElement;
    var toc = document.querySelector("#chapter-toc details");
    var tocLink = document.querySelector(".float-nav .to-toc");
    if (tocLink && !toc) { tocLink.remove(); }
    var update = function () { root.classList.toggle("scrolled", window.scrollY > window.innerHeight); };
    window.addEventListener("scroll", update, { passive: true });
    update();
    var openToc = function () { if (toc && location.hash === "#chapter-toc") { toc.open = true; } };
    window.addEventListener("hashchange", openToc);
    if (tocLink) { tocLink.addEventListener("click", function () { toc.open = true; }); }
    openToc();
  }

  document.addEventListener("DOMContentLoaded", function () {
    settingsControls();
    citations();
    wayfinding();
  });
}());
