// End-to-end tests of the built app (dist/ served on BASE_URL) in headless Debian Chromium.
// Plain node + playwright-core; prints "N passed, N failed" last and exits 1 on failure.
// Screenshots go to tests/e2e/artifacts/ (gitignored).
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BASE = process.env.BASE_URL || 'http://127.0.0.1:8080';
const ART = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
mkdirSync(ART, { recursive: true });
const baseHost = new URL(BASE).host;

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const DSA001_URL = '/?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla';
const DSA001_MSG = "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.";
const DSA002_URL = '/?gpu=DGX%20Spark&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=fp8_e4m3&dsa-prefill-backend=trtllm&dsa-decode-backend=trtllm';
const DSA002_MSG_23 = "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla (default) or triton_sparse_mla (prefill), but got ['trtllm'].";
const DSA002_MSG_19 = "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm'].";
const DSV4_URL = '/?gpu=B200&arch=DeepseekV4ForCausalLM&dsv4-prefill-backend=flashmla_sparse_q8';
const DSV4_MSG = 'DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.';
const HOSTILE_URL = '/?gpu=%3Cscript%3E&arch=x&page-size=abc&kv-cache-dtype=%22';

let passed = 0;
let failed = 0;
const foreignRequests = [];

class AssertionError extends Error {}
function assert(cond, msg) {
  if (!cond) throw new AssertionError(msg);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });

/** Opens `path` in a fresh page that records errors and foreign requests. */
async function open(path) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(`console.error: ${m.text()}`);
  });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.host !== baseHost) foreignRequests.push(r.url());
  });
  await page.goto(BASE + path);
  await page.waitForSelector('#verdict', { timeout: 15000 });
  return page;
}

async function messages(page) {
  return page.locator('.diag pre.message').allTextContents();
}
async function codes(page) {
  return page.locator('.diag .diag-head .code').allTextContents();
}
async function verdict(page) {
  return (await page.locator('.verdict-headline').textContent()).trim();
}
async function noErrors(page) {
  assert(page.errors.length === 0, `errors on the page: ${page.errors.join(' | ')}`);
}

async function test(name, fn) {
  let page;
  try {
    await fn((p) => (page = p));
    console.log(`ok   ${name}`);
    passed++;
  } catch (e) {
    console.log(`FAIL ${name}\n     ${e.message.split('\n').join('\n     ')}`);
    failed++;
    if (page) await page.screenshot({ path: join(ART, `FAIL-${name.replace(/\W+/g, '_')}.png`), fullPage: true }).catch(() => {});
  } finally {
    if (page) await page.close().catch(() => {});
  }
}

await test('DSA001: RTX 5090 + GLM-5 + bf16 + flashinfer_sparse_mla', async (track) => {
  const page = track(await open(DSA001_URL));
  assert((await messages(page)).includes(DSA001_MSG), `message not shown verbatim; got ${JSON.stringify(await messages(page))}`);
  assert((await codes(page)).includes('DSA001'), `no DSA001 code; got ${await codes(page)}`);
  assert((await verdict(page)).match(/^\d+ errors?$/), `verdict: ${await verdict(page)}`);
  // The best fix is the core's (web/tests/scenarios.rs checks it natively): FP8 KV cache set,
  // the KV flag removed (GLM DSA on SM12x then defaults to fp8_e4m3), or the prefill flag removed.
  const corrected = (await page.locator('#corrected-command').textContent()).trim();
  assert(
    corrected.includes('--kv-cache-dtype fp8_e4m3') || !corrected.includes('--kv-cache-dtype') || !corrected.includes('--dsa-prefill-backend'),
    `corrected command does not fix it: ${corrected}`,
  );
  const firstFix = await page.locator('.diag[data-code="DSA001"] .fix button.apply').first().getAttribute('aria-label');
  const best = (await page.locator('.commands .fix-line code').first().textContent()).trim();
  assert(firstFix === `Apply fix: ${best}`, `corrected command (${best}) is not the first fix (${firstFix})`);
  const src = page.locator('.diag[data-code="DSA001"] .source a');
  assert((await src.getAttribute('href')).startsWith('https://github.com/sgl-project/sglang/blob/v0.5.23/'), 'source link not at the release tag');
  assert(/^[\w/.-]+\.py:\d+@0\.5\.23$/.test((await src.textContent()).trim()), `source cite: ${await src.textContent()}`);
  await page.screenshot({ path: join(ART, 'dsa001-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('DSA002: DGX Spark + GLM-5 + fp8 + trtllm (0.5.23 and 0.5.19 messages)', async (track) => {
  let page = track(await open(DSA002_URL));
  assert((await messages(page)).includes(DSA002_MSG_23), `0.5.23 message missing; got ${JSON.stringify(await messages(page))}`);
  assert((await codes(page)).includes('DSA002'), 'no DSA002');
  await noErrors(page);
  await page.close();
  page = track(await open(DSA002_URL + '&sglang=0.5.19'));
  assert((await messages(page)).includes(DSA002_MSG_19), `0.5.19 message missing; got ${JSON.stringify(await messages(page))}`);
  assert(!(await messages(page)).includes(DSA002_MSG_23), '0.5.23 message shown for 0.5.19');
  assert((await page.locator('#pick-sglang').inputValue()) === '0.5.19', 'version picker not on 0.5.19');
  // Choice lists follow the release: 0.5.19 still has fp4_e2m1, 0.5.23 does not.
  assert((await page.locator('#flag-kv-cache-dtype option[value="fp4_e2m1"]').count()) === 1, 'fp4_e2m1 missing in 0.5.19');
  await page.selectOption('#pick-sglang', '0.5.23');
  await page.waitForFunction((m) => [...document.querySelectorAll('.diag pre.message')].some((e) => e.textContent === m), DSA002_MSG_23, { timeout: 5000 });
  assert((await page.locator('#flag-kv-cache-dtype option[value="fp4_e2m1"]').count()) === 0, 'fp4_e2m1 offered in 0.5.23');
  await page.waitForFunction(() => location.search.includes('sglang=0.5.23'), null, { timeout: 5000 });
  await noErrors(page);
});

await test('DSV4: flashmla_sparse_q8 prefill needs SM90 (flag, env, H100)', async (track) => {
  let page = track(await open(DSV4_URL));
  assert((await messages(page)).includes(DSV4_MSG), `flag: message missing; got ${JSON.stringify(await messages(page))}`);
  await page.close();
  page = track(await open('/?gpu=B200&arch=DeepseekV4ForCausalLM&env.SGLANG_DSV4_Q8KV8_PREFILL=1'));
  assert((await messages(page)).includes(DSV4_MSG), `env: message missing; got ${JSON.stringify(await messages(page))}`);
  assert((await page.locator('#env-SGLANG_DSV4_Q8KV8_PREFILL').inputValue()) === '1', 'env field not filled from the URL');
  await page.close();
  page = track(await open('/?gpu=H100&arch=DeepseekV4ForCausalLM&dsv4-prefill-backend=flashmla_sparse_q8'));
  assert((await verdict(page)) === 'OK', `H100 verdict: ${await verdict(page)}`);
  assert(!(await messages(page)).includes(DSV4_MSG), 'H100 still shows the SM90 error');
  await noErrors(page);
});

await test('changing the KV dtype picker fixes DSA001 and updates the URL', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.selectOption('#flag-kv-cache-dtype', 'fp8_e4m3');
  await page.waitForFunction(() => document.querySelector('.verdict-headline')?.textContent.trim() === 'OK', null, { timeout: 5000 });
  assert(!(await codes(page)).includes('DSA001'), 'DSA001 still shown');
  await page.waitForFunction(() => location.search.includes('kv-cache-dtype=fp8_e4m3'), null, { timeout: 5000 });
  const search = await page.evaluate(() => location.search);
  assert(search.includes('gpu=RTX%205090'), `URL lost the GPU: ${search}`);
  const row = page.locator('.resolved-table tr[data-field="kv_cache_dtype"]');
  assert((await row.textContent()).includes('your choice'), `KV origin badge: ${await row.textContent()}`);
  await noErrors(page);
});

await test('custom compute capability and typed values update diagnostics and URL', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.selectOption('#pick-gpu', '__custom__');
  await page.waitForSelector('#pick-cc');
  assert((await page.locator('#pick-cc').inputValue()) === '12.0', 'capability not seeded from the RTX 5090');
  await page.fill('#pick-cc', '9.0');
  await page.waitForFunction(() => location.search.includes('cc=9.0') && !location.search.includes('gpu='), null, { timeout: 5000 });
  await page.waitForFunction(() => [...document.querySelectorAll('.diag pre.message')].some((m) => m.textContent.includes('sm_major=9')), null, { timeout: 5000 });
  await page.fill('#flag-page-size', '64x');
  await page.waitForSelector('.diag[data-code="ARG002"]', { timeout: 5000 });
  await page.waitForFunction(() => location.search.includes('page-size=64x'), null, { timeout: 5000 });
  await page.fill('#pick-cc', '');
  assert(await page.locator('#pick-cc').isVisible(), 'clearing the capability removed its input');
  await noErrors(page);
});

await test('Apply on a fix removes the error and changes the URL', async (track) => {
  const page = track(await open(DSA001_URL));
  const before = await page.evaluate(() => location.search);
  await page.locator('.diag[data-code="DSA001"] .fix button.apply').first().click();
  await page.waitForFunction(() => !document.querySelector('.diag[data-code="DSA001"]'), null, { timeout: 5000 });
  assert((await verdict(page)) === 'OK', `verdict after Apply: ${await verdict(page)}`);
  await page.waitForFunction((b) => location.search !== b, before, { timeout: 5000 });
  // The URL now reproduces the fixed state.
  const url = await page.evaluate(() => location.pathname + location.search);
  await page.close();
  const again = track(await open(url));
  assert((await verdict(again)) === 'OK', `reloaded fixed URL is not OK: ${url}`);
  await noErrors(again);
});

await test('Apply on the corrected command gives an OK verdict and FP8 KV', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.locator('.commands .fix-line button.apply').click();
  await page.waitForFunction(() => document.querySelector('.verdict-headline')?.textContent.trim() === 'OK', null, { timeout: 5000 });
  const kv = (await page.locator('.resolved-table tr[data-field="kv_cache_dtype"] td').first().textContent()).trim();
  assert(kv.startsWith('fp8_e4m3'), `resolved KV dtype after the fix: ${kv}`);
  await noErrors(page);
});

await test('Copy puts the corrected command on the clipboard', async (track) => {
  const page = track(await open(DSA001_URL));
  const expected = (await page.locator('#corrected-command').textContent()).trim();
  const btn = page.locator('.command', { has: page.locator('#corrected-command') }).locator('button.copy');
  await btn.click();
  await page.waitForFunction(() => [...document.querySelectorAll('button.copy')].some((b) => b.textContent.trim() === 'Copied'), null, { timeout: 5000 });
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  assert(clip === expected, `clipboard: ${clip}`);
  await noErrors(page);
});

await test('hostile URL renders diagnostics without exceptions', async (track) => {
  const page = track(await open(HOSTILE_URL));
  const c = await codes(page);
  assert(c.includes('INPUT001'), `unknown GPU not reported: ${c}`);
  assert((await verdict(page)).match(/errors?$/), `verdict: ${await verdict(page)}`);
  assert((await page.locator('script').count()) <= 2, 'a script element was injected');
  assert((await messages(page)).some((m) => m.includes("'<script>'")), 'the raw GPU name is not shown as text');
  assert((await page.locator('#pick-gpu').inputValue()) === '<script>', 'GPU picker does not show the given value');
  await page.screenshot({ path: join(ART, 'hostile-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('empty URL shows the default state (H100 + Llama, OK)', async (track) => {
  const page = track(await open('/'));
  assert((await verdict(page)) === 'OK', `verdict: ${await verdict(page)}`);
  assert((await page.locator('#pick-gpu').inputValue()) === 'H100', 'GPU picker');
  await page.waitForFunction(() => location.search === '?gpu=H100&arch=LlamaForCausalLM', null, { timeout: 5000 });
  await page.screenshot({ path: join(ART, 'default-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('mobile width (390 px): no horizontal overflow', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(100);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: join(ART, 'dsa001-390.png'), fullPage: true });
  await page.screenshot({ path: join(ART, 'dsa001-390-viewport.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(100);
  const overflow360 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0 && overflow360 <= 0, `page wider than the viewport by ${overflow} px (390) / ${overflow360} px (360)`);
  await noErrors(page);
});

await test('no network requests beyond the local server', async () => {
  assert(foreignRequests.length === 0, `foreign requests: ${foreignRequests.join(', ')}`);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
