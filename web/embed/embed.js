// Preflight for SGLang: registers the <sglang-preflight> element by loading embed.mjs from the
// folder of this file. Works as <script type="module" src="…/embed.js">, as a classic
// <script src="…/embed.js">, and inlined in every page (Mintlify includes each .js file of the
// content folder that way: put this folder at /preflight/ of the site, or set
// window.PREFLIGHT_BASE to its URL first). Safe to run more than once.
(function () {
  if (window.customElements && customElements.get('sglang-preflight')) return;
  var base = window.PREFLIGHT_BASE;
  if (!base) {
    var s = document.currentScript;
    if (s && s.src) base = s.src;
  }
  if (!base) {
    var all = document.querySelectorAll('script[src]');
    for (var i = all.length - 1; i >= 0 && !base; i--) {
      if (/\/embed\.js(?:[?#]|$)/.test(all[i].src)) base = all[i].src;
    }
  }
  var url = new URL('embed.mjs', new URL(base || '/preflight/', location.href));
  import(url.href).catch(function (e) {
    console.warn('Preflight could not load ' + url.href + ': ' + e);
  });
})();
