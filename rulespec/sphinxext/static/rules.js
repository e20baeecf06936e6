/* rulespec.sphinxext: language tabs for clauses on narrow screens.
   One choice for the whole site: picking a language in one clause shows it
   in every clause, and the choice is remembered. */
(function () {
  "use strict";
  var KEY = "rulespec-language";

  function remembered() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function choose(lang) {
    document.querySelectorAll(".rules-langs.rules-tabbed").forEach(function (group) {
      var blocks = group.querySelectorAll(".rules-lang");
      var has = Array.prototype.some.call(blocks, function (b) { return b.lang === lang; });
      var shown = has ? lang : (blocks.length ? blocks[0].lang : null);
      blocks.forEach(function (b) { b.classList.toggle("rules-active", b.lang === shown); });
      group.querySelectorAll(".rules-tab").forEach(function (tab) {
        tab.setAttribute("aria-selected", tab.dataset.lang === shown ? "true" : "false");
      });
    });
  }

  function pick(lang) {
    try { window.localStorage.setItem(KEY, lang); } catch (e) { /* private mode */ }
    choose(lang);
  }

  function init() {
    var first = null;
    document.querySelectorAll(".rules-langs").forEach(function (group) {
      var bar = document.createElement("div");
      bar.className = "rules-tabs";
      bar.setAttribute("role", "tablist");
      group.querySelectorAll(".rules-lang").forEach(function (block) {
        var lang = block.lang;
        var name = block.querySelector(".rules-lang-name");
        var tab = document.createElement("button");
        tab.type = "button";
        tab.className = "rules-tab";
        tab.dataset.lang = lang;
        tab.setAttribute("role", "tab");
        tab.textContent = name ? name.textContent : lang;
        tab.addEventListener("click", function () { pick(lang); });
        bar.appendChild(tab);
        if (first === null) { first = lang; }
      });
      group.insertBefore(bar, group.firstChild);
      group.classList.add("rules-tabbed");
    });
    if (first !== null) { choose(remembered() || first); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
