// The stand-in's client: renders the page's content after load, routes client-side.
const area = document.getElementById('content-area');
const routeOf = (path) => (/other\.html$/.test(path) ? 'other' : 'index');

async function render(route) {
  const res = await fetch(new URL(`_content/${route}.html`, document.baseURI));
  area.innerHTML = await res.text();
  const slot = document.getElementById('late-slot');
  if (slot) {
    // created, connected, and only then given its attributes
    const el = document.createElement('sglang-preflight');
    el.id = 'late';
    slot.append(el);
    await new Promise((r) => requestAnimationFrame(r));
    el.setAttribute('gpu', 'H200');
    el.setAttribute('arch', 'DeepseekV3ForCausalLM');
    el.setAttribute('kv-cache-dtype', 'fp8_e4m3');
  }
  document.title = `Mintlify stand-in: ${route}`;
  document.body.dataset.route = route;
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-route]');
  if (!a) return;
  e.preventDefault();
  history.pushState(null, '', a.href);
  render(a.dataset.route);
});
addEventListener('popstate', () => render(routeOf(location.pathname)));
document.getElementById('theme-toggle').addEventListener('click', () => document.documentElement.classList.toggle('dark'));
addEventListener('load', () => render(routeOf(location.pathname)));
