// Embedding tests: the <sglang-preflight> element and the ?embed=1 iframe in four docs hosts
// (plain HTML, a Mintlify stand-in, MkDocs Material with navigation.instant, Sphinx + furo),
// each under a sub-path and served with a strict CSP (tests/embed/serve.py). Run by
// tests/e2e/run.mjs in the same Chromium (HOSTS_URL set by scripts/e2e.sh); each test checks
// the seed scenario in the element and the iframe, navigation away and back, no console
// error, no CSP violation and no request outside the host. Also measures what a host downloads
// before the first verdict (brotli), and takes screenshots (tests/e2e/artifacts/embed-*.png).
import { brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';

export const DSA001_MSG = "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.";
/** What a host may download before the first verdict (html+js+wasm+css+data, brotli). */
export const BUDGET = 150 * 1024;
/** The limit the tests hold the build to: a guard against regressions, above the budget
 * (raised from 205 KB when the 290 built-in model configs landed: 278 KB measured, BENCHMARKS.md;
 * from 295 KB when the kernel rules KERN012–KERN018 landed: 302.5 KB; to 345 KB when the
 * ~450 launch-check rules of issue 11 landed on 2026-12-02: the widget's wasm alone is
 * 326.8 KB brotli at commit ba8080c, after the rule documentation was moved out of it, which
 * saved 42 KB, BENCHMARKS.md; to 365 KB when the remaining hook families (LoRA, HiSparse,
 * kv_shard, CP-TP, page-major/unified KV, model overrides, ~300 rules) landed on 2026-12-02 a
 * second time: the element measured 364,962 B brotli before its first verdict; to 385 KB when the
 * last ~80 sites of 0.5.19-0.5.23 landed on 2026-12-03 — model_hook.py, the model overrides,
 * 0.5.19-0.5.20's unified memory and MegaMoE budget, dual chunk attention: 376,605 B). The core's
 * size does not allow the budget yet (README "Embedding"): the next step is fetching the model
 * configs lazily. */
export const SIZE_LIMIT = Number(process.env.EMBED_SIZE_LIMIT || 385 * 1024);

const HOSTS = [
  { name: 'plain', path: '/plain/docs/index.html', spa: false },
  { name: 'mintlify', path: '/mintlify/docs/index.html', spa: true },
  { name: 'mkdocs', path: '/mkdocs/en/latest/', spa: true },
  { name: 'sphinx', path: '/sphinx/en/latest/index.html', spa: false },
];

/** Records, in every frame: CSP violations and preflight-change events. */
const INIT = () => {
  window.__csp = [];
  window.__events = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  document.addEventListener('preflight-change', (e) => {
    const r = e.detail.report;
    window.__events.push({ id: e.target.id, verdict: r.verdict, codes: r.diagnostics.map((d) => d.code), query: e.detail.query });
  });
};

export default async function runEmbed({ context, base, art, test, assert }) {
  const host = new URL(base).host;

  async function open(path) {
    const page = await context.newPage();
    page.errors = [];
    page.foreign = [];
    page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') page.errors.push(`console.error: ${m.text()}`);
    });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!['data:', 'blob:'].includes(u.protocol) && u.host !== host) page.foreign.push(r.url());
    });
    await page.addInitScript(INIT);
    await page.goto(base + path);
    return page;
  }
  const seedMessage = (scope) => scope.locator('#seed .diag[data-code="DSA001"] pre.message');
  async function seedRenders(page) {
    await seedMessage(page).waitFor();
    assert((await seedMessage(page).textContent()) === DSA001_MSG, 'element: DSA001 message not verbatim');
    assert((await page.locator('#seed .verdict').textContent()).trim() === '1 error', 'element: verdict');
  }
  async function frameRenders(page) {
    const frame = page.frameLocator('#frame');
    const msg = frame.locator('sglang-preflight .diag[data-code="DSA001"] pre.message');
    await msg.waitFor();
    assert((await msg.textContent()) === DSA001_MSG, 'iframe: DSA001 message not verbatim');
    // frame.js sized the iframe to its content (the compact layout posts its height)
    await page.waitForFunction(() => {
      const f = document.getElementById('frame');
      const inner = f.contentDocument?.documentElement.getBoundingClientRect().height;
      return f.style.height && inner && Math.abs(f.getBoundingClientRect().height - inner) <= 2 && inner > 150;
    }, null);
    const chrome = await frame.locator('header.top, .page-builder').count();
    assert(chrome === 0, 'iframe shows page chrome');
  }
  async function clean(page) {
    assert(page.errors.length === 0, `errors: ${page.errors.join(' | ')}`);
    const csp = [];
    for (const f of page.frames()) csp.push(...(await f.evaluate(() => window.__csp || []).catch(() => [])));
    assert(csp.length === 0, `CSP violations: ${csp.join(' | ')}`);
    assert(page.foreign.length === 0, `requests outside the host: ${page.foreign.join(', ')}`);
  }

  for (const h of HOSTS) {
    await test(`embed/${h.name}: element and iframe show DSA001, navigation away and back, theme, no error/CSP/foreign request`, async (track) => {
      const page = track(await open(h.path));
      await seedRenders(page);
      await frameRenders(page);
      const ev = await page.evaluate(() => window.__events);
      assert(ev.some((e) => e.id === 'seed' && e.verdict === 'error' && e.codes.includes('DSA001')), `preflight-change: ${JSON.stringify(ev)}`);
      // host styles do not reach inside (the hosts colour every pre red)
      const color = await seedMessage(page).evaluate((e) => getComputedStyle(e).color);
      assert(color !== 'rgb(255, 0, 0)', 'host CSS leaked into the widget');
      const font = await page.locator('#seed .pf').evaluate((e) => getComputedStyle(e).fontFamily);
      assert(font.includes('system-ui'), `widget font: ${font}`);
      await page.screenshot({ path: join(art, `embed-${h.name}-light.png`), fullPage: true });

      // the host's dark mode
      if (h.name === 'mintlify') await page.click('#theme-toggle');
      else if (h.name === 'mkdocs') await page.locator('label[for="__palette_1"]').click();
      else if (h.name === 'sphinx') await page.locator('.content-icon-container .theme-toggle').click();
      else await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.getElementById('seed')?.dataset.theme === 'dark', null);
      const bg = await page.locator('#seed .pf').evaluate((e) => getComputedStyle(e).backgroundColor);
      assert(bg === 'rgb(13, 17, 23)', `dark background: ${bg}`);
      // the iframe follows too (frame.js tells it the host's theme)
      await page.frameLocator('#frame').locator('sglang-preflight[data-theme="dark"]').waitFor();
      await page.screenshot({ path: join(art, `embed-${h.name}-dark.png`), fullPage: true });

      // to another page and back (client-side on the SPA hosts: no reload, scripts not re-run)
      await page.evaluate(() => { window.__sameDocument = true; });
      await page.click('#to-other');
      await page.locator('#to-seed').waitFor();
      assert((await page.locator('sglang-preflight').count()) === 0, 'widget still on the other page');
      if (h.name === 'mintlify') await page.goBack();
      else await page.click('#to-seed');
      await seedRenders(page);
      await frameRenders(page);
      const same = await page.evaluate(() => window.__sameDocument === true);
      assert(same === h.spa, h.spa ? 'navigation reloaded the page (not client-side)' : 'expected a full page load');
      if (h.name === 'mintlify') {
        // created by script, attributes given after it was connected; independent of #seed
        await page.locator('#late .verdict').filter({ hasText: 'OK' }).waitFor();
        assert((await page.locator('#late .target').textContent()).includes('H200'), 'late element not configured by its attributes');
        assert((await page.locator('#late .ran').textContent()).includes('fp8_e4m3'), 'late element: what SGLang will run');
      }
      await clean(page);
    });
  }

  await test('embed/plain: several elements are independent (mode=full, release attribute), launch="…" loads the parser lazily', async (track) => {
    const page = track(await open('/plain/docs/index.html'));
    await seedRenders(page);
    const second = page.locator('#second');
    await second.locator('.verdict').filter({ hasText: 'OK' }).waitFor();
    assert((await second.locator('.target').textContent()).includes('SGLang 0.5.19 · H200'), 'second element (sglang="0.5.19")');
    assert((await second.locator('pre.launch').textContent()).includes('--kv-cache-dtype fp8_e4m3'), 'mode=full shows the launch command');
    assert((await second.locator('.target').textContent()).includes('starts'), 'verdict class');
    assert((await page.locator('#seed .target').textContent()).includes('refused'), 'verdict class of the seed');
    assert((await page.locator('#seed pre.launch').count()) === 0, 'compact mode shows the launch command');
    assert((await page.locator('#seed p.expl').count()) === 0, 'compact mode shows no explanations');
    // attributes are live
    await page.evaluate(() => document.getElementById('seed').setAttribute('kv-cache-dtype', 'fp8_e4m3'));
    await page.locator('#seed .verdict').filter({ hasText: 'OK' }).waitFor();
    // the link to the full page carries the same state
    const href = await page.locator('#seed a.open').getAttribute('href');
    assert(href.includes('/plain/docs/preflight/index.html?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=fp8_e4m3'), `open link: ${href}`);
    const ev = await page.evaluate(() => window.__events.filter((e) => e.id === 'seed').map((e) => e.verdict));
    assert(ev.join() === 'error,ok', `one preflight-change per check: ${ev}`);
    const host = await page.locator('#host-pre').evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).fontFamily]);
    assert(host[0] === 'rgb(255, 0, 0)' && host[1].includes('Georgia'), `widget CSS leaked out: ${host}`);
    await clean(page);
    // the iframe's own parameters: theme=dark, mode=full, the URL keys
    const fp = track(await open('/plain/docs/preflight/index.html?embed=1&theme=dark&mode=full&gpu=H200&arch=DeepseekV3ForCausalLM&kv-cache-dtype=fp8_e4m3'));
    await fp.locator('sglang-preflight[data-theme="dark"] .verdict').filter({ hasText: 'OK' }).waitFor();
    assert((await fp.locator('sglang-preflight pre.launch').textContent()).includes('--kv-cache-dtype fp8_e4m3'), 'iframe mode=full');
    assert((await fp.locator('#nav-builder, .page-builder').count()) === 0, 'iframe shows the app');
    await clean(fp);
    // mode=full explains each diagnostic with the rule's text from rules.json (the module is
    // built without the rule documentation); compact mode shows none
    const fe = track(await open('/plain/docs/preflight/index.html?embed=1&mode=full&gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla'));
    const expl = fe.locator('sglang-preflight .diag[data-code="DSA001"] p.expl');
    await expl.waitFor();
    assert((await expl.textContent()).startsWith('The flashinfer_sparse_mla kernels were written for one combination only'), `DSA001 explanation: ${await expl.textContent()}`);
    await clean(fe);
    const lp = track(await open('/plain/docs/launch.html'));
    const launched = [];
    lp.on('request', (r) => launched.push(new URL(r.url()).pathname));
    const diag = lp.locator('#launch .diag[data-code="DSA001"] pre.message');
    await diag.waitFor();
    assert((await diag.textContent()) === DSA001_MSG, 'launch: DSA001');
    await lp.locator('#bad .diag[data-code="PARSE004"]').waitFor();
    assert(launched.some((p) => p.endsWith('/pkg/preflight-wasm_bg.wasm')), 'launch parser not loaded');
    await clean(lp);
  });

  await test('embed: download before the first verdict (brotli) — element and iframe — and nothing of the full app', async (track) => {
    const sizes = {};
    for (const [kind, path, done] of [
      ['element', '/plain/docs/element.html', (p) => seedMessage(p).waitFor()],
      ['iframe', '/plain/docs/preflight/index.html?embed=1&gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla',
        (p) => p.locator('sglang-preflight .diag[data-code="DSA001"]').waitFor()],
    ]) {
      const page = await context.newPage();
      track(page);
      const bodies = [];
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.pathname.includes('/preflight/')) bodies.push(r.body().then((b) => [u.pathname, b]).catch(() => [u.pathname, Buffer.alloc(0)]));
      });
      await page.goto(base + path);
      await done(page);
      const files = await Promise.all(bodies);
      const br = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      sizes[kind] = { total: 0, files: {} };
      for (const [p, b] of files) {
        const n = br(b);
        sizes[kind].files[p.replace(/.*\/preflight\//, '')] = { raw: b.length, brotli: n };
        sizes[kind].total += n;
      }
      const names = Object.keys(sizes[kind].files);
      assert(!names.some((n) => n.startsWith('preflight-web') || n.startsWith('pkg/')), `${kind} loaded the full app or the parser: ${names}`);
      await page.close();
    }
    console.log(`     size before first verdict (brotli -q 11; budget ${BUDGET} B): ${JSON.stringify(sizes)}`);
    for (const [k, s] of Object.entries(sizes)) console.log(`     ${k}: ${s.total} B brotli, ${s.total <= BUDGET ? 'within' : `${s.total - BUDGET} B over`} the budget`);
    for (const [k, s] of Object.entries(sizes)) assert(s.total <= SIZE_LIMIT, `${k}: ${s.total} B brotli > ${SIZE_LIMIT} B`);
  });
}
