// Preflight for SGLang: sizes <iframe>s showing Preflight's compact layout (?embed=1) to their
// content, and tells them the host page's light/dark theme. Load once:
// <script src="…/frame.js"></script> (classic or module). Each frame posts
// {type: 'preflight:height', height}; only the iframe that sent it is resized, and it gets
// {type: 'preflight:theme', theme} back (again whenever the host's theme changes). A frame
// whose URL has theme=dark|light keeps that theme.
(function () {
  if (window.__preflightFrames) return;
  window.__preflightFrames = true;
  var frames = [];
  // the same rules as the element (embed.mjs): Mintlify/Tailwind class="dark", data-theme
  // (Docusaurus, furo, pydata), MkDocs Material's data-md-color-scheme, color-scheme, the OS
  function hostTheme() {
    var els = [document.documentElement, document.body];
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!el) continue;
      var t = (el.getAttribute('data-theme') || el.getAttribute('data-mode') || el.getAttribute('data-bs-theme') || '').toLowerCase();
      if (t === 'dark' || t === 'light') return t;
      var md = el.getAttribute('data-md-color-scheme');
      if (md) return md === 'slate' ? 'dark' : 'light';
      if (el.classList.contains('dark') || el.classList.contains('theme-dark')) return 'dark';
      if (el.classList.contains('light') || el.classList.contains('theme-light')) return 'light';
    }
    var cs = getComputedStyle(document.documentElement).colorScheme || '';
    if (/^\s*dark\s*$/.test(cs)) return 'dark';
    if (/^\s*light\s*$/.test(cs)) return 'light';
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  function tell(win) {
    try { win.postMessage({ type: 'preflight:theme', theme: hostTheme() }, '*'); } catch (e) { /* gone */ }
  }
  function tellAll() {
    frames = frames.filter(function (w) { return !w.closed; });
    frames.forEach(tell);
  }
  addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.type !== 'preflight:height' || !isFinite(d.height)) return;
    var list = document.getElementsByTagName('iframe');
    for (var i = 0; i < list.length; i++) {
      if (list[i].contentWindow !== e.source) continue;
      list[i].style.height = Math.max(0, Math.min(d.height, 20000)) + 'px';
      if (frames.indexOf(e.source) < 0) { frames.push(e.source); tell(e.source); }
    }
  });
  var opts = { attributes: true, attributeFilter: ['class', 'data-theme', 'data-mode', 'data-bs-theme', 'data-md-color-scheme', 'style'] };
  var watch = new MutationObserver(tellAll);
  watch.observe(document.documentElement, opts);
  function body() { if (document.body) watch.observe(document.body, opts); }
  if (document.body) body(); else document.addEventListener('DOMContentLoaded', body);
  if (window.matchMedia) {
    var q = matchMedia('(prefers-color-scheme: dark)');
    if (q.addEventListener) q.addEventListener('change', tellAll);
  }
})();
