// Browser benchmarks of the release build (dist/), run by `bash scripts/bench.sh` with
// playwright-core and Debian Chromium (headless, on 127.0.0.1). Measures, never asserts:
//   sizes      what a visitor downloads before the first verdict (every response body, brotli
//              -q 11) for the full page, the <sglang-preflight> element and the ?embed=1 iframe
//              on the seed scenario (DSA001), and the whole dist/ folder;
//   navigation navigation start → first verdict in the DOM, 10 fresh loads (a new browser
//              context each: empty HTTP and code caches), median;
//   picker     a picker change (input + change events) → DOM updated (first mutation) and
//              settled (last mutation before 100 ms without any), 95th percentile;
//   wasm       the JS API in the page (pkg/preflight-wasm.mjs, conversion of input and output
//              included): verdict() (one evaluation, a small object back) and evaluate() (the
//              whole report converted) of the representative configurations, validate() (the fix
//              search) of every 10th golden error case (BENCH_EVERY), matrix() of one architecture; and the
//              widget's module (preflight-embed.mjs check()) on the seed scenario.
// The page of the wasm timings is served cross-origin isolated (COOP/COEP), which gives
// performance.now() its fine (5 µs) resolution; the other pages are served plainly.
// Writes JSON to the file named by argv[2] (default target/bench/browser.json).
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(ROOT, 'dist');
const OUT = process.argv[2] || join(ROOT, 'target', 'bench', 'browser.json');
const LOADS = Number(process.env.BENCH_LOADS || 10);
const CHANGES = Number(process.env.BENCH_CHANGES || 100);
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ missing: run trunk build --release --offline');

const SEED = { gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', 'kv-cache-dtype': 'bf16', 'dsa-prefill-backend': 'flashinfer_sparse_mla' };
const SEED_QUERY = '?' + new URLSearchParams(SEED).toString().replace(/\+/g, '%20');
/** The representative configurations of crates/preflight-core/benches/validate.rs. */
const CASES = {
  'ok-llama-h100': { gpu: 'H100', arch: 'LlamaForCausalLM' },
  'seed1-glm-rtx5090-bf16': { gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16', dsa_prefill_backend: 'flashinfer_sparse_mla' },
  'seed2-dsv4-b200-q8': { gpu: 'B200', arch: 'DeepseekV4ForCausalLM', dsv4_prefill_backend: 'flashmla_sparse_q8' },
  'two-errors': { gpu: 'A100', arch: 'DeepseekV3ForCausalLM', attention_backend: 'trtllm_mla', kv_cache_dtype: 'mxfp8' },
};
const MATRIX_ARCH = 'DeepseekV3ForCausalLM';

// ---- static server: / = a docs host page with the element, /preflight/ = dist/ ----------
const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"><script type="module" src="preflight/embed.js"></script></head>
<body><h1>Docs page</h1><sglang-preflight id="seed" ${Object.entries(SEED).map(([k, v]) => `${k}="${v}"`).join(' ')}></sglang-preflight></body></html>`;
const BENCH_HTML = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>bench</body></html>';
const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.ts': 'text/plain' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const send = (code, type, body, extra = {}) => { res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra }); res.end(body); };
  if (url.pathname === '/' || url.pathname === '/index.html') return send(200, 'text/html', HOST_HTML);
  if (url.pathname === '/bench.html') {
    return send(200, 'text/html', BENCH_HTML, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
  }
  if (url.pathname.startsWith('/preflight/')) {
    let rel = decodeURIComponent(url.pathname.slice('/preflight/'.length)) || 'index.html';
    const file = normalize(join(DIST, rel));
    if (file.startsWith(DIST) && existsSync(file) && statSync(file).isFile()) {
      return send(200, TYPES[extname(file)] || 'application/octet-stream', readFileSync(file), { 'cross-origin-resource-policy': 'same-origin' });
    }
  }
  send(404, 'text/plain', 'not found');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const BASE = `http://127.0.0.1:${server.address().port}`;

const br = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const quant = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.round((s.length - 1) * p))]; };
const round = (x, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const summary = (xs) => ({ n: xs.length, median: round(quant(xs, 0.5)), p95: round(quant(xs, 0.95)), min: round(Math.min(...xs)), max: round(Math.max(...xs)) });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
const result = { chromium: browser.version(), base: BASE };

/** In every frame: the time (performance.now(), ms since navigation start) of the first
 *  verdict: the full page's headline, or the widget's first preflight-change event. */
const INIT = () => {
  window.__verdictAt = null;
  const mark = () => { if (window.__verdictAt === null) window.__verdictAt = performance.now(); };
  document.addEventListener('preflight-change', mark, true);
  new MutationObserver((_, o) => {
    const h = document.querySelector('.verdict-headline');
    if (h && h.textContent.trim()) { mark(); o.disconnect(); }
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

const TARGETS = {
  page: { path: `/preflight/index.html${SEED_QUERY}`, ready: (p) => p.locator('.diag[data-code="DSA001"]').first().waitFor() },
  element: { path: '/', ready: (p) => p.locator('#seed .diag[data-code="DSA001"]').waitFor() },
  iframe: { path: `/preflight/index.html${SEED_QUERY}&embed=1`, ready: (p) => p.locator('sglang-preflight .diag[data-code="DSA001"]').waitFor() },
};

/** One fresh load: a new context (empty caches), the bodies fetched until the first verdict. */
async function freshLoad(t) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60000);
  const page = await context.newPage();
  await page.addInitScript(INIT);
  const bodies = [];
  let done = false;
  page.on('response', (r) => {
    if (done) return;
    const u = new URL(r.url());
    if (u.protocol === 'data:') return;
    bodies.push(r.body().then((b) => [u.pathname, b]).catch(() => [u.pathname, Buffer.alloc(0)]));
  });
  await page.goto(BASE + t.path);
  await t.ready(page);
  done = true;
  const verdictAt = await page.evaluate(() => window.__verdictAt);
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd };
  });
  const files = {};
  let raw = 0; let brotli = 0;
  for (const [p, b] of await Promise.all(bodies)) {
    const n = br(b);
    files[p] = { raw: b.length, brotli: n };
    raw += b.length; brotli += n;
  }
  await context.close();
  return { verdictAt, nav, files, raw, brotli };
}

// ---- sizes and navigation --------------------------------------------------------------
result.loads = {};
for (const [name, t] of Object.entries(TARGETS)) {
  const runs = [];
  for (let i = 0; i < LOADS; i++) runs.push(await freshLoad(t));
  const first = runs[0];
  result.loads[name] = {
    path: t.path,
    download: { raw: first.raw, brotli: first.brotli, files: first.files },
    verdict_ms: summary(runs.map((r) => r.verdictAt)),
    dom_content_loaded_ms: summary(runs.map((r) => r.nav.domContentLoaded)),
    brotli_each_load: runs.map((r) => r.brotli),
  };
  console.error(`  ${name}: ${first.brotli} B brotli before the verdict; verdict at ${JSON.stringify(result.loads[name].verdict_ms)} ms`);
}
const whole = { files: 0, raw: 0, brotli: 0, by_file: {} };
(function walk(d) {
  for (const e of readdirSync(d)) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) { walk(p); continue; }
    const b = readFileSync(p);
    const n = br(b);
    whole.files++; whole.raw += b.length; whole.brotli += n;
    whole.by_file[relative(DIST, p)] = { raw: b.length, brotli: n };
  }
})(DIST);
result.dist = whole;

// ---- picker change → DOM ---------------------------------------------------------------
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60000);
  const page = await context.newPage();
  await page.goto(BASE + TARGETS.page.path);
  await TARGETS.page.ready(page);
  result.picker = {};
  for (const [sel, a, b] of [['#pick-gpu', 'H100', 'RTX 5090'], ['#flag-kv-cache-dtype', 'fp8_e4m3', 'bf16']]) {
    const samples = await page.evaluate(async ({ sel, a, b, n }) => {
      const root = document.getElementById('preflight');
      const el = document.querySelector(sel);
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const one = (value) => new Promise((resolve) => {
        let first = null; let last = null; let quiet;
        const finish = () => { obs.disconnect(); resolve({ first: first - t0, settled: last - t0, headline: document.querySelector('.verdict-headline')?.textContent.trim() }); };
        const obs = new MutationObserver(() => {
          const t = performance.now();
          if (first === null) first = t;
          last = t;
          clearTimeout(quiet);
          quiet = setTimeout(finish, 100);
        });
        obs.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
        quiet = setTimeout(finish, 2000);
        const t0 = performance.now();
        el.value = value;
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      const out = [];
      for (let i = 0; i < n + 6; i++) {
        const s = await one(i % 2 ? b : a);
        if (i >= 6) out.push({ ...s, value: i % 2 ? b : a });
        await frame();
      }
      return out;
    }, { sel, a, b, n: CHANGES });
    const ok = samples.filter((s) => s.first !== null && s.first >= 0);
    result.picker[sel] = {
      values: [a, b],
      first_mutation_ms: summary(ok.map((s) => s.first)),
      settled_ms: summary(ok.map((s) => s.settled)),
      no_update: samples.length - ok.length,
      headlines: [...new Set(samples.map((s) => `${s.value}: ${s.headline}`))],
    };
    console.error(`  picker ${sel}: ${JSON.stringify(result.picker[sel].settled_ms)} ms settled`);
  }
  await context.close();
}

// ---- a 1 MB paste: the page's longest main-thread task ----------------------------------
// Text pasted into "Paste a launch" and "Explain an error" (set as the textarea's value with an
// input event, then the button), 1 MiB each: a launch command with a huge argument and a long
// log that ends with a real SGLang error. Recorded per box: the longest long task (the
// PerformanceObserver "longtask" entries, ≥ 50 ms; 0 when none) between the input event and the
// result in the DOM, and that whole span (ms).
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(120000);
  const page = await context.newPage();
  await page.goto(BASE + TARGETS.page.path);
  await TARGETS.page.ready(page);
  const MB = 1024 * 1024;
  const launch = 'python3 -m sglang.launch_server --model-path zai-org/GLM-5 --served-model-name ' + 'x'.repeat(MB);
  const tail = "ValueError: Context parallel only supports single machine (tp_size <= 8). Cross-machine CP has precision issues.\n";
  let log = '';
  for (let i = 0; log.length < MB - tail.length; i++) log += `[2026-12-02 18:00:${String(i % 60).padStart(2, '0')}] INFO scheduler.py:${i} decode batch #running-req: ${i % 97}\n`;
  log += tail;
  result.large_paste = {};
  for (const [name, panel, box, button, done, text] of [
    ['paste', '#paste-panel', '#paste-text', '#paste-check', '#paste-result', launch],
    ['explain', '#explain-panel', '#explain-text', '#explain-run', '#explain-result', log],
  ]) {
    if (!(await page.locator(box).isVisible())) await page.click(`${panel} > summary`);
    result.large_paste[name] = await page.evaluate(async ({ box, button, done, text }) => {
      const tasks = [];
      const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks.push(e.duration); });
      obs.observe({ type: 'longtask', buffered: false });
      document.querySelector(done)?.remove();
      const t0 = performance.now();
      const el = document.querySelector(box);
      el.value = text;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      document.querySelector(button).click();
      while (!document.querySelector(done)) await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => setTimeout(r, 200));
      const span = performance.now() - t0;
      obs.disconnect();
      return { bytes: text.length, longest_task_ms: Math.max(0, ...tasks), long_tasks: tasks.length, span_ms: span };
    }, { box, button, done, text });
    console.error(`  1 MB ${name}: ${JSON.stringify(result.large_paste[name])}`);
  }
  await context.close();
}

// ---- wasm: the JS API and the widget's module ----------------------------------------
{
  const golden = [];
  const models = {};
  // every EVERY-th golden error case (BENCH_EVERY, default 10: the fix search takes ms per case)
  const EVERY = Number(process.env.BENCH_EVERY || 10);
  let errorIndex = 0;
  for (const f of readdirSync(join(ROOT, 'tests', 'golden')).filter((n) => n.startsWith('oracle-0.5.23') && n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(ROOT, 'tests', 'golden', f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line);
      if (c.expect.verdict !== 'error') continue;
      if (errorIndex++ % EVERY) continue;
      const cfg = { ...c.config };
      if (!cfg.model_config && cfg.arch && !(cfg.arch in models)) {
        models[cfg.arch] = JSON.parse(readFileSync(join(ROOT, 'tests', 'golden', 'models', cfg.arch, 'config.json'), 'utf8'));
      }
      golden.push([c.id, cfg]);
    }
  }
  const context = await browser.newContext();
  context.setDefaultTimeout(600000);
  const page = await context.newPage();
  await page.goto(`${BASE}/bench.html`);
  result.wasm = await page.evaluate(async ({ CASES, MATRIX_ARCH, golden, models, SEED_QUERY }) => {
    // every golden case with the oracle's config.json (as tests/golden.rs evaluates it)
    for (const [, cfg] of golden) if (!cfg.model_config && cfg.arch) cfg.model_config = models[cfg.arch];
    const out = { cross_origin_isolated: self.crossOriginIsolated };
    const api = await import('/preflight/pkg/preflight-wasm.mjs');
    await api.default();
    const widget = await import('/preflight/preflight-embed.mjs');
    await widget.default();
    const q = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.round((s.length - 1) * p))]; };
    // per call: 15 batches of calls (each batch ≥ 20 ms), the median of the batch means (µs)
    const perCall = (f) => {
      for (let i = 0; i < 20; i++) f();
      let k = 1;
      for (;;) { const t = performance.now(); for (let i = 0; i < k; i++) f(); if (performance.now() - t > 20) break; k *= 2; }
      const means = [];
      for (let b = 0; b < 15; b++) { const t = performance.now(); for (let i = 0; i < k; i++) f(); means.push((performance.now() - t) * 1000 / k); }
      return { median_us: q(means, 0.5), min_us: Math.min(...means), max_us: Math.max(...means), calls_per_batch: k };
    };
    out.evaluate = {};
    out.verdict = {};
    out.validate = {};
    for (const [name, cfg] of Object.entries(CASES)) {
      out.evaluate[name] = perCall(() => api.evaluate(cfg));
      out.verdict[name] = perCall(() => api.verdict(cfg));
      out.validate[name] = perCall(() => api.validate(cfg));
    }
    out.widget_check_seed = perCall(() => widget.check(SEED_QUERY, '[]'));
    // the fix search over the golden error cases: one validate() per case after a warm-up (ms)
    const per = [];
    for (const [, cfg] of golden) {
      api.validate(cfg);
      const t = performance.now(); api.validate(cfg); per.push(performance.now() - t);
    }
    out.validate_golden_errors_ms = { n: per.length, median: q(per, 0.5), p95: q(per, 0.95), p99: q(per, 0.99), max: Math.max(...per) };
    // the matrix of one architecture, every GPU × every attention backend: 10 runs (ms)
    const m = api.matrix({ arch: MATRIX_ARCH });
    const mt = [];
    for (let r = 0; r < 10; r++) { const t = performance.now(); api.matrix({ arch: MATRIX_ARCH }); mt.push(performance.now() - t); }
    out.matrix = { arch: MATRIX_ARCH, rows: m.rows.length, columns: m.columns.length, cells: m.rows.length * (m.columns.length + 1), median_ms: q(mt, 0.5), min_ms: Math.min(...mt), max_ms: Math.max(...mt) };
    return out;
  }, { CASES, MATRIX_ARCH, golden, models, SEED_QUERY });
  console.error(`  wasm: ${JSON.stringify({ verdict: result.wasm.verdict, evaluate: result.wasm.evaluate, matrix: result.wasm.matrix, fix: result.wasm.validate_golden_errors_ms })}`);
  await context.close();
}

await browser.close();
server.close();
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(result, null, 1));
console.error(`browser figures → ${OUT}`);
