// Material for MkDocs' inline head script (partials/javascripts/base.html), as a file.
(function () {
  var s = document.currentScript;
  __md_scope = new URL(s.getAttribute('data-scope'), location);
  __md_hash = function (e) { return [].reduce.call(e, function (a, c) { return (a << 5) - a + c.charCodeAt(0); }, 0); };
  __md_get = function (e, t, n) { t = t || localStorage; n = n || __md_scope; return JSON.parse(t.getItem(n.pathname + '.' + e)); };
  __md_set = function (e, v, t, n) { t = t || localStorage; n = n || __md_scope; try { t.setItem(n.pathname + '.' + e, JSON.stringify(v)); } catch (x) {} };
})();
