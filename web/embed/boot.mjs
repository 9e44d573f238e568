// Starts the page (index.html): the full app, or with ?embed=1 the compact widget alone —
// the <sglang-preflight> element configured by this URL's query (the same keys), without
// page chrome, theme=dark|light, mode=compact|full, launch=… — which posts its height to
// the parent frame ({type: 'preflight:height', height}; frame.js sizes the iframe with it and
// answers with the host's theme, {type: 'preflight:theme', theme}, used when theme= is absent).
// The full app's stylesheet is linked here, so that the compact layout does not download it.
// An external module, so that the page runs under a CSP without 'unsafe-inline' scripts.
const params = new URLSearchParams(location.search);
const mount = document.getElementById('preflight');
if (params.get('embed') === '1') {
  document.documentElement.classList.add('embedded');
  document.body.style.margin = '0';
  await import('./embed.mjs');
  const el = document.createElement('sglang-preflight');
  for (const a of ['theme', 'mode', 'launch']) if (params.has(a)) el.setAttribute(a, params.get(a));
  el.style.margin = '0';
  el.query = location.search;
  mount.replaceChildren(el);
  // without theme= in the URL: the host page's theme, as frame.js reports it
  if (!params.has('theme')) {
    addEventListener('message', (e) => {
      const t = e.source === parent && e.data && e.data.type === 'preflight:theme' ? e.data.theme : null;
      if (t === 'dark' || t === 'light') el.setAttribute('theme', t);
    });
  }
  if (parent !== window) {
    let last = 0;
    const post = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      parent.postMessage({ type: 'preflight:height', height, href: location.href }, '*');
    };
    new ResizeObserver(post).observe(document.documentElement);
    el.addEventListener('preflight-change', post);
  }
} else {
  // After a panic the wasm is dead: its "Preflight stopped" page (web/src/stopped.rs) gets
  // its Reload from here. The address already holds the last configuration.
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('#preflight-reload')) location.reload();
  });
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = new URL('style.css', import.meta.url).href;
  const styled = new Promise((done) => { css.onload = css.onerror = done; });
  document.head.append(css);
  const [{ default: init }] = await Promise.all([import('./preflight-web.mjs'), styled]);
  await init({ module_or_path: new URL('preflight-web_bg.wasm', import.meta.url) });
}
