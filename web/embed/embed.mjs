// Preflight for SGLang: the <sglang-preflight> custom element (an ES module, loaded by
// embed.js; every module of the folder ends in .mjs, so that a site that includes each .js
// file of its content folder on every page, as Mintlify does, only runs embed.js and frame.js).
//
//   <script type="module" src="…/embed.js"></script>
//   <sglang-preflight gpu="RTX 5090" arch="GlmMoeDsaForCausalLM" kv-cache-dtype="bf16"
//                     dsa-prefill-backend="flashinfer_sparse_mla"></sglang-preflight>
//
// Attributes are the web page's URL keys (gpu, cc, cuda, arch, model, sglang, a flag without
// its dashes, env.NAME, arg.NAME), read by the same Rust code as the page's query string
// (preflight_core::url_state), plus launch="…" (a command, docker run or --config YAML to
// check), mode="compact|full" and theme="dark|light" (default: the host page's theme).
// Every element renders by itself whenever it is connected (also when a docs site swaps its
// content in after load), in its own shadow root; each fires `preflight-change` (bubbles,
// composed) with `detail = { report, query, url }` after every check. Everything else is
// loaded relative to this file, so the folder can live under any path.

const BASE = new URL('./', import.meta.url);
const at = (p) => new URL(p, BASE).href;

let corePromise;
let apiPromise;
/** The small validation module (first verdict). */
function loadCore() {
  corePromise ??= import(at('preflight-embed.mjs')).then(async (m) => {
    await m.default({ module_or_path: at('preflight-embed_bg.wasm') });
    return m;
  });
  return corePromise;
}
/** The JS API with the launch parser: only for a launch="…" attribute. */
function loadApi() {
  apiPromise ??= import(at('pkg/preflight-wasm.mjs')).then(async (m) => {
    await m.default({ module_or_path: at('pkg/preflight-wasm_bg.wasm') });
    return m;
  });
  return apiPromise;
}

let textsPromise;
/** The rules' explanations by code (rules.json, generated from the core's catalogue): the
 * validation module is built without the rule documentation, so mode="full" fetches it, after
 * the first verdict is on screen. A failed fetch leaves the explanations out. */
function loadTexts() {
  textsPromise ??= fetch(at('rules.json')).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return textsPromise;
}

const CSS = `
:host{display:block;margin:1em 0;contain:content;color-scheme:light;
 --pf-bg:#fff;--pf-fg:#1f2328;--pf-muted:#59636e;--pf-border:#d1d9e0;--pf-code:#f6f8fa;
 --pf-err:#cf222e;--pf-err-bg:#ffebe9;--pf-ok:#1a7f37;--pf-ok-bg:#dafbe1;--pf-warn:#9a6700;--pf-link:#0969da;
}
:host([data-theme=dark]){color-scheme:dark;--pf-bg:#0d1117;--pf-fg:#e6edf3;--pf-muted:#9198a1;--pf-border:#3d444d;
 --pf-code:#151b23;--pf-err:#ff7b72;--pf-err-bg:#3c1618;--pf-ok:#3fb950;--pf-ok-bg:#12261e;--pf-warn:#d29922;--pf-link:#4493f8}
:host([hidden]){display:none}
*{box-sizing:border-box}
.pf{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:left;letter-spacing:normal;
 background:var(--pf-bg);color:var(--pf-fg);border:1px solid var(--pf-border);border-radius:8px;overflow:hidden}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25em .6em;padding:.55em .8em;border-bottom:1px solid var(--pf-border)}
.verdict{font-weight:700;padding:.05em .5em;border-radius:999px}
.pf[data-verdict=ok] .verdict{color:var(--pf-ok);background:var(--pf-ok-bg)}
.pf[data-verdict=error] .verdict{color:var(--pf-err);background:var(--pf-err-bg)}
.pf[data-verdict=loading] .verdict{color:var(--pf-muted)}
.target{color:var(--pf-muted);flex:1 1 12em;min-width:0}
a{color:var(--pf-link)}
.open{white-space:nowrap;font-size:.92em}
.body{padding:.2em .8em .6em}
ol{list-style:none;margin:0;padding:0}
.diag{padding:.45em 0;border-bottom:1px dashed var(--pf-border)}
.diag:last-child{border-bottom:0}
.dh{display:flex;flex-wrap:wrap;gap:.2em .6em;align-items:baseline;font-size:.9em}
.sev{font-weight:600;text-transform:uppercase;font-size:.8em;letter-spacing:.03em}
.sev-error{color:var(--pf-err)}.sev-warning{color:var(--pf-warn)}.sev-info{color:var(--pf-muted)}
.stage,.src{color:var(--pf-muted)}
code,pre{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{margin:.3em 0 0;padding:.45em .6em;background:var(--pf-code);border:1px solid var(--pf-border);border-radius:6px;
 white-space:pre-wrap;overflow-wrap:anywhere}
p{margin:.3em 0}
.expl{font-size:.93em}
.ran{color:var(--pf-muted);font-size:.92em}
.fix{margin-top:.5em}
.fh{display:flex;align-items:center;justify-content:space-between;gap:.5em;font-weight:600;font-size:.92em}
button{font:inherit;font-size:.85em;color:var(--pf-fg);background:var(--pf-code);border:1px solid var(--pf-border);
 border-radius:6px;padding:.15em .6em;cursor:pointer}
button:hover{border-color:var(--pf-link)}
.err{color:var(--pf-err)}
`;
let sheet;
function styleFor(root) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    // one constructed sheet shared by every element (no <style> element: no CSP style-src needed)
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const s = document.createElement('style');
    s.textContent = CSS;
    root.append(s);
  }
}

// ---- theme: follow the host page (Mintlify/Tailwind class="dark", Docusaurus/pydata/furo
// data-theme, MkDocs Material data-md-color-scheme="slate", color-scheme), else the OS ----
const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
function hostTheme() {
  for (const el of [document.documentElement, document.body]) {
    if (!el) continue;
    const t = (el.dataset.theme || el.dataset.mode || el.dataset.bsTheme || '').toLowerCase();
    if (t === 'dark' || t === 'light') return t;
    const md = el.getAttribute('data-md-color-scheme');
    if (md) return md === 'slate' ? 'dark' : 'light';
    if (el.classList.contains('dark') || el.classList.contains('theme-dark')) return 'dark';
    if (el.classList.contains('light') || el.classList.contains('theme-light')) return 'light';
  }
  const cs = getComputedStyle(document.documentElement).colorScheme || '';
  if (/^\s*dark\s*$/.test(cs)) return 'dark';
  if (/^\s*light\s*$/.test(cs)) return 'light';
  return darkQuery?.matches ? 'dark' : 'light';
}
const live = new Set();
function applyThemes() {
  const t = hostTheme();
  for (const el of live) el.applyTheme(t);
}
let themeWatch;
function watchTheme() {
  if (themeWatch) return;
  themeWatch = new MutationObserver(applyThemes);
  const opts = { attributes: true, attributeFilter: ['class', 'data-theme', 'data-mode', 'data-bs-theme', 'data-md-color-scheme', 'style'] };
  themeWatch.observe(document.documentElement, opts);
  const body = () => document.body && themeWatch.observe(document.body, opts);
  if (document.body) body();
  else document.addEventListener('DOMContentLoaded', body, { once: true });
  darkQuery?.addEventListener?.('change', applyThemes);
}

// ---- rendering (text only: nothing from a report or an attribute is parsed as HTML) ----
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c != null && c !== false) el.append(c);
  return el;
}
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
// the core's verdict classes (report.class), in its words
const CLASSES = {
  refused: 'refused', crashes: 'crashes at first forward', starts_with_risks: 'starts with risks',
  starts: 'starts', cannot_judge: 'cannot judge',
};
/** "Runs with …": the core's table of resolved fields (report.resolved: key, label, value,
 * text, shown); compact mode names the values that are set, full mode also the inherited ones. */
function ranWith(r, full) {
  if (!Array.isArray(r.resolved)) return '';
  const items = r.resolved
    .filter((f) => f.shown && f.text && (full || f.value != null))
    .map((f) => `${f.label} ${f.text}`);
  return items.length ? `Runs with: ${items.join(', ')}.` : '';
}

function copyButton(text) {
  const b = h('button', { type: 'button', class: 'copy', text: 'Copy' });
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch {
      b.textContent = 'Select the text to copy';
    }
  });
  return b;
}

class SglangPreflight extends HTMLElement {
  constructor() {
    super();
    this._root = this.attachShadow({ mode: 'open' });
    styleFor(this._root);
    this._view = h('div', { class: 'pf', 'data-verdict': 'loading', part: 'widget' },
      h('div', { class: 'head' }, h('span', { class: 'verdict', text: 'Checking…' })));
    this._root.append(this._view);
    this._gen = 0;
    this._query = null;
    // `theme` only repaints; any other attribute but the one this element sets itself (its
    // resolved data-theme) is checked again
    this._attrWatch = new MutationObserver((ms) => {
      if (ms.some((m) => m.attributeName === 'theme')) this.applyTheme(hostTheme());
      if (ms.some((m) => m.attributeName !== 'data-theme' && m.attributeName !== 'theme')) this._schedule();
    });
  }

  connectedCallback() {
    live.add(this);
    watchTheme();
    this.applyTheme(hostTheme());
    this._attrWatch.observe(this, { attributes: true });
    this._schedule();
  }

  disconnectedCallback() {
    live.delete(this);
    this._attrWatch.disconnect();
  }

  /** A query string in the page's URL format, used instead of the attributes (the iframe). */
  get query() { return this._query; }
  set query(q) { this._query = q == null ? null : String(q); this._schedule(); }

  /** The last report (also in the `preflight-change` event). */
  get report() { return this._report ?? null; }

  applyTheme(hostT) {
    const own = (this.getAttribute('theme') || '').toLowerCase();
    const t = own === 'dark' || own === 'light' ? own : hostT;
    if (this.dataset.theme !== t) this.dataset.theme = t;
  }

  _schedule() {
    if (this._pending) return;
    this._pending = true;
    queueMicrotask(() => {
      this._pending = false;
      if (this.isConnected) this._check();
    });
  }

  async _check() {
    const gen = ++this._gen;
    this.applyTheme(hostTheme());
    const attrs = this._query == null
      ? [...this.attributes].filter((a) => a.name !== 'data-theme' && a.name !== 'theme').map((a) => [a.name, a.value])
      : [];
    const launch = this.getAttribute('launch');
    try {
      // pairs in order, later ones win: the launch's, the query's (iframe), the attributes
      const queries = [this._query ?? ''];
      let parse = [];
      if (launch && launch.trim()) {
        const read = (await loadApi()).readLaunch(launch);
        queries.unshift(read.query);
        parse = read.diagnostics.filter((d) => d.severity === 'error');
      }
      const base = queries.map((q) => q.replace(/^\?/, '')).filter(Boolean).join('&');
      const core = await loadCore();
      const { query, report } = JSON.parse(core.check(base, JSON.stringify(attrs)));
      if (gen !== this._gen) return;
      this._report = report;
      this._render(report, query, parse);
      this.dispatchEvent(new CustomEvent('preflight-change', {
        bubbles: true, composed: true, detail: { report, query, url: at(`index.html${query}`) },
      }));
      if ((this.getAttribute('mode') || '').toLowerCase() === 'full'
        && report.diagnostics.some((d) => !d.explanation)) {
        const texts = await loadTexts();
        if (gen !== this._gen) return;
        for (const d of report.diagnostics) d.explanation ||= texts[d.code] || '';
        this._render(report, query, parse);
      }
    } catch (e) {
      if (gen !== this._gen) return;
      this._view.replaceChildren(h('p', { class: 'body err', text: `Preflight could not load: ${e && e.message ? e.message : e}` }));
    }
  }

  _render(r, query, parseErrors) {
    const full = (this.getAttribute('mode') || '').toLowerCase() === 'full';
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    const warnings = r.diagnostics.filter((d) => d.severity === 'warning');
    const infos = r.diagnostics.filter((d) => d.severity === 'info');
    const ok = r.verdict === 'ok' && parseErrors.length === 0;
    const hw = r.hardware ? ` · ${r.hardware.name}` : '';
    // the verdict class first: never an "OK" above a known crash or known risks
    const byClass = { crashes: 'Crashes at first forward', starts_with_risks: 'Starts with risks', cannot_judge: 'Cannot judge' };
    const headline = parseErrors.length === 0 && byClass[r.class]
      ? byClass[r.class]
      : ok ? 'OK' : plural(errors.length + parseErrors.length, 'error');
    const extra = [CLASSES[r.class] || '', warnings.length ? plural(warnings.length, 'warning') : '', full && infos.length ? plural(infos.length, 'rewrite') : '']
      .filter(Boolean).join(', ');
    const shown = full ? [...errors, ...warnings, ...infos] : [...errors, ...warnings];
    const rule = (code) => at(`index.html${query}#/rules/${encodeURIComponent(code)}`);
    const diag = (d) => h('li', { class: `diag diag-${d.severity}`, 'data-code': d.code },
      h('div', { class: 'dh' },
        h('span', { class: `sev sev-${d.severity}`, text: d.severity }),
        d.code.startsWith('PARSE')
          ? h('code', { class: 'code', text: d.code })
          : h('a', { class: 'code', href: rule(d.code), target: '_blank', rel: 'noopener', text: d.code }),
        d.stage ? h('span', { class: 'stage', text: d.stage }) : null,
        d.exception ? h('code', { class: 'exc', text: d.exception }) : null),
      h('pre', { class: 'message', text: d.message }),
      full && d.explanation ? h('p', { class: 'expl', text: d.explanation }) : null,
      full && d.source ? h('p', { class: 'src' }, 'Source: ',
        h('a', { href: d.source.url, target: '_blank', rel: 'noopener noreferrer', text: `${d.source.file}:${d.source.line}@${d.source.version}` })) : null);
    const ran = ok ? ranWith(r, full) : '';
    const body = h('div', { class: 'body' },
      ran ? h('p', { class: 'ran', text: ran }) : null,
      shown.length || parseErrors.length ? h('ol', { class: 'diags' }, parseErrors.map(diag), shown.map(diag)) : null,
      r.corrected ? h('div', { class: 'fix' },
        h('div', { class: 'fh' }, h('span', { text: 'Corrected command' }), copyButton(r.corrected.command)),
        h('p', { class: 'fix-line' }, 'Best verified fix: ', h('code', { text: r.corrected.title })),
        h('pre', { class: 'cmd corrected', text: r.corrected.command })) : null,
      full ? h('div', { class: 'fix' },
        h('div', { class: 'fh' }, h('span', { text: 'Launch command' }), copyButton(r.command)),
        h('pre', { class: 'cmd launch', text: r.command })) : null);
    this._view.dataset.verdict = ok ? (r.class === 'starts_with_risks' ? 'risk' : 'ok') : 'error';
    this._view.replaceChildren(
      h('div', { class: 'head' },
        h('span', { class: 'verdict', role: 'status', text: headline }),
        h('span', { class: 'target', text: `SGLang ${r.sglang}${hw}${r.arch ? ` · ${r.arch}` : ''}${extra ? ` · ${extra}` : ''}` }),
        h('a', { class: 'open', href: at(`index.html${query}`), target: '_blank', rel: 'noopener', text: 'Open in Preflight ↗' })),
      body);
  }
}

if (!customElements.get('sglang-preflight')) customElements.define('sglang-preflight', SglangPreflight);
export { SglangPreflight };
