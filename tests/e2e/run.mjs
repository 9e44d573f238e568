// End-to-end tests of the built app (dist/ served on BASE_URL) in headless Debian Chromium.
// Plain node + playwright-core; prints "N passed, N failed" last and exits 1 on failure.
// Screenshots go to tests/e2e/artifacts/ (gitignored).
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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
// Every wait is for a condition; the limit only turns a condition that never holds into a
// failure, so it is generous (CI machines are shared and slow).
context.setDefaultTimeout(60000);
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
  await page.waitForSelector('#verdict', { state: 'attached' });
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
// The banner names the core's verdict class (report::VerdictClass::headline).
const REFUSED = /^SGLang \d+\.\d+\.\d+ would refuse this launch$/;
const CRASHES = /^SGLang \d+\.\d+\.\d+ would start this launch, then crash at the first forward$/;
const STARTS = /^SGLang \d+\.\d+\.\d+ would start this launch(, with known risks)?$/;
const CANNOT_JUDGE = 'Preflight cannot judge this launch';
/** Waits until the verdict headline matches `re` (a RegExp's source). */
async function waitVerdict(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('.verdict-headline')?.textContent.trim() ?? ''), re.source);
}
/** Waits until the page has the viewport width `w` and has rendered two frames at it. */
async function laidOut(page, w) {
  await page.waitForFunction((width) => window.innerWidth === width, w);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function noErrors(page) {
  assert(page.errors.length === 0, `errors on the page: ${page.errors.join(' | ')}`);
}

// E2E_ONLY=embed runs only the tests whose name starts with it (while working on one part).
const ONLY = process.env.E2E_ONLY || '';
async function test(name, fn) {
  if (!name.startsWith(ONLY)) return;
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
  assert(REFUSED.test(await verdict(page)), `verdict: ${await verdict(page)}`);
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
  await page.waitForFunction((m) => [...document.querySelectorAll('.diag pre.message')].some((e) => e.textContent === m), DSA002_MSG_23);
  assert((await page.locator('#flag-kv-cache-dtype option[value="fp4_e2m1"]').count()) === 0, 'fp4_e2m1 offered in 0.5.23');
  await page.waitForFunction(() => location.search.includes('sglang=0.5.23'), null);
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
  assert(STARTS.test(await verdict(page)), `H100 verdict: ${await verdict(page)}`);
  assert(!(await messages(page)).includes(DSV4_MSG), 'H100 still shows the SM90 error');
  await noErrors(page);
});

/** Opens `url`, waits for the refusal and returns the diagnostic `code` after checking the
 * message and the cited source the page shows, with a full-page screenshot `shot`. */
async function refusedAt(track, url, code, message, source, shot) {
  const page = track(await open(url));
  await waitVerdict(page, REFUSED);
  const diag = page.locator(`.diag[data-code="${code}"]`);
  await diag.waitFor();
  const msg = (await diag.locator('pre.message').textContent()).trim();
  assert(msg === message, `${code} message: ${JSON.stringify(msg)}`);
  const src = (await diag.locator('.source a').textContent()).trim();
  assert(src === source, `${code} source: ${src}`);
  await page.screenshot({ path: join(ART, shot), fullPage: true });
  return { page, diag };
}

/** Applies the fix of `diag` whose label contains `label`, then waits for the launch to start
 * and for the URL to hold `query`. */
async function applyFix(page, diag, label, query) {
  const fix = diag.locator(`.fix button.apply[aria-label*="${label}"]`).first();
  assert((await fix.count()) === 1, `no ${label} fix: ${await diag.locator('.fix').allTextContents()}`);
  await fix.click();
  await waitVerdict(page, STARTS);
  await page.waitForFunction((q) => location.search.includes(q), query);
  await noErrors(page);
}

await test('PAR067: a bare assert shows what the log shows and cites the model file', async (track) => {
  // Qwen2.5-7B (28 query heads, 4 KV heads) over 7 GPUs: Qwen2Attention's replicate assert
  const { page } = await refusedAt(track, '/?gpu=H100&arch=Qwen2ForCausalLM&tp-size=7', 'PAR067',
    'AssertionError (a bare assert: no message)', 'python/sglang/srt/models/qwen2.py:177@0.5.23', 'par067-1280.png');
  await noErrors(page);
});

await test('PAR071: Qwen3-235B-A22B-FP8 on --tp-size 8 is refused, and the --ep-size fix starts', async (track) => {
  // QwenLM/Qwen3#1485: 1536 / 8 = 192 is no whole number of 128-wide FP8 blocks
  const { page, diag } = await refusedAt(track, '/?gpu=H100&model=Qwen%2FQwen3-235B-A22B-FP8&tp-size=8', 'PAR071',
    "The output_size of gate's and up's weight = 192 is not divisible by weight quantization block_n = 128.",
    'python/sglang/srt/layers/quantization/fp8.py:1589@0.5.23', 'par071-1280.png');
  await applyFix(page, diag, '--ep-size', 'ep-size=');
});

await test('PAR074: Qwen3-4B-FP8 on --tp-size 8 is refused at the MLP, and --tp-size 4 starts', async (track) => {
  // 9728 / 8 = 1216 is no whole number of 128-wide FP8 blocks (the gate/up projection)
  const { page, diag } = await refusedAt(track, '/?gpu=H100&model=Qwen%2FQwen3-4B-FP8&tp-size=8', 'PAR074',
    'Weight output_partition_size = 1216 is not divisible by weight quantization block_n = 128.',
    'python/sglang/srt/layers/quantization/fp8.py:606@0.5.23', 'par074-1280.png');
  await applyFix(page, diag, '--tp-size 4', 'tp-size=4');
});

await test('PAR077: PhiMoE under DP attention narrower than TP is refused, and a fix on the same GPUs starts', async (track) => {
  // PhiMoEAttention shards over attention TP (8 / 2 = 4 ranks) but reduces over all 8
  const { page, diag } = await refusedAt(track,
    '/?gpu=H100&arch=PhiMoEForCausalLM&tp-size=8&dp-size=2&arg.enable_dp_attention=true', 'PAR077',
    'PhiMoEAttention shards over the attention TP group (4 ranks) but all-reduces over the full TP group (8 ranks), '
      + 'so it does not support --attn-dp-size 2 yet. Use --attn-dp-size equal to --tp-size, or drop --attn-dp-size 2.',
    'python/sglang/srt/layers/dp_attention.py:567@0.5.23', 'par077-1280.png');
  // no fix drops DP attention (that would put --dp-size 2 replicas of TP 8 on sixteen GPUs)
  const labels = await diag.locator('.fix button.apply').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert(labels.length > 0 && labels.every((l) => !l.includes('enable-dp-attention')), `fixes: ${JSON.stringify(labels)}`);
  await applyFix(page, diag, '--dp-size 8', 'dp-size=8');
});

await test('changing the KV dtype picker fixes DSA001 and updates the URL', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.selectOption('#flag-kv-cache-dtype', 'fp8_e4m3');
  await waitVerdict(page, STARTS);
  assert(!(await codes(page)).includes('DSA001'), 'DSA001 still shown');
  await page.waitForFunction(() => location.search.includes('kv-cache-dtype=fp8_e4m3'), null);
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
  await page.waitForFunction(() => location.search.includes('cc=9.0') && !location.search.includes('gpu='), null);
  await page.waitForFunction(() => [...document.querySelectorAll('.diag pre.message')].some((m) => m.textContent.includes('sm_major=9')), null);
  await page.fill('#flag-page-size', '64x');
  await page.waitForSelector('.diag[data-code="ARG002"]');
  await page.waitForFunction(() => location.search.includes('page-size=64x'), null);
  await page.fill('#pick-cc', '');
  assert(await page.locator('#pick-cc').isVisible(), 'clearing the capability removed its input');
  await noErrors(page);
});

await test('Apply on a fix removes the error and changes the URL', async (track) => {
  const page = track(await open(DSA001_URL));
  const before = await page.evaluate(() => location.search);
  await page.locator('.diag[data-code="DSA001"] .fix button.apply').first().click();
  await page.waitForFunction(() => !document.querySelector('.diag[data-code="DSA001"]'), null);
  assert(STARTS.test(await verdict(page)), `verdict after Apply: ${await verdict(page)}`);
  await page.waitForFunction((b) => location.search !== b, before);
  // The URL now reproduces the fixed state.
  const url = await page.evaluate(() => location.pathname + location.search);
  await page.close();
  const again = track(await open(url));
  assert(STARTS.test(await verdict(again)), `reloaded fixed URL does not start: ${url}`);
  await noErrors(again);
});

await test('Apply on the corrected command gives an OK verdict and FP8 KV', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.locator('.commands .fix-line button.apply').click();
  await waitVerdict(page, STARTS);
  const kv = (await page.locator('.resolved-table tr[data-field="kv_cache_dtype"] td').first().textContent()).trim();
  assert(kv.startsWith('fp8_e4m3'), `resolved KV dtype after the fix: ${kv}`);
  await noErrors(page);
});

await test('Copy puts the corrected command on the clipboard', async (track) => {
  const page = track(await open(DSA001_URL));
  const expected = (await page.locator('#corrected-command').textContent()).trim();
  const btn = page.locator('.command', { has: page.locator('#corrected-command') }).locator('button.copy');
  await btn.click();
  await page.waitForFunction(() => [...document.querySelectorAll('button.copy')].some((b) => b.textContent.trim() === 'Copied'), null);
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  assert(clip === expected, `clipboard: ${clip}`);
  await noErrors(page);
});

await test('hostile URL renders diagnostics without exceptions', async (track) => {
  const page = track(await open(HOSTILE_URL));
  const c = await codes(page);
  assert(c.includes('INPUT001'), `unknown GPU not reported: ${c}`);
  // argparse refuses page-size=abc before the unknown GPU matters (VerdictClass::of)
  assert(REFUSED.test(await verdict(page)), `verdict: ${await verdict(page)}`);
  assert((await page.locator('script').count()) <= 2, 'a script element was injected');
  assert((await messages(page)).some((m) => m.includes("'<script>'")), 'the raw GPU name is not shown as text');
  assert((await page.locator('#pick-gpu').inputValue()) === '<script>', 'GPU picker does not show the given value');
  await page.screenshot({ path: join(ART, 'hostile-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('empty URL shows the default state (H100 + Llama, OK)', async (track) => {
  const page = track(await open('/'));
  assert(STARTS.test(await verdict(page)), `verdict: ${await verdict(page)}`);
  assert((await page.locator('#pick-gpu').inputValue()) === 'H100', 'GPU picker');
  await page.waitForFunction(() => location.search === '?gpu=H100&arch=LlamaForCausalLM', null);
  await page.screenshot({ path: join(ART, 'default-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('mobile width (390 px): no horizontal overflow', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.setViewportSize({ width: 390, height: 844 });
  await laidOut(page, 390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: join(ART, 'dsa001-390.png'), fullPage: true });
  await page.screenshot({ path: join(ART, 'dsa001-390-viewport.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await laidOut(page, 360);
  const overflow360 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0 && overflow360 <= 0, `page wider than the viewport by ${overflow} px (390) / ${overflow360} px (360)`);
  await noErrors(page);
});

// ---- Bring your own launch: paste, explain, rule pages, export ----

const SEED1_LAUNCH = 'python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla';
const SEED2_MSG = 'DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.';
// copies of the seed documents (../shared/seeds) kept in the repository
const SEEDS_DIR = new URL('../seeds', import.meta.url).pathname;

/** Pastes `text` into the launch box (on `gpu` when given) and checks it. */
async function pasteText(page, text, gpu) {
  if (!(await page.locator('#paste-text').isVisible())) await page.click('#paste-panel > summary');
  if (gpu) await page.selectOption('#paste-gpu', gpu);
  // evaluate + input event: fast for large inputs, and keeps control characters
  await page.evaluate((t) => {
    const el = document.querySelector('#paste-text');
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}
async function pasteLaunch(page, text, gpu) {
  await pasteText(page, text, gpu);
  await page.click('#paste-check');
  await page.waitForSelector('#paste-result');
}
async function markedTexts(page, code) {
  return page.locator(`#paste-view mark[data-codes~="${code}"]`).allTextContents();
}
async function parseCodes(page) {
  return page.locator('#paste-diags .pdiag').evaluateAll((els) => els.map((e) => e.dataset.code));
}
async function copyFrom(page, scope) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.locator(`${scope} button.copy`).click();
  await page.waitForFunction((s) => document.querySelector(`${s} button.copy`)?.textContent.trim() === 'Copied', scope);
  return page.evaluate(() => navigator.clipboard.readText());
}

await test('paste: seed-1 launch on an RTX 5090 shows DSA001, marks the flags, corrects in the user\'s words', async (track) => {
  const page = track(await open('/'));
  await pasteLaunch(page, SEED1_LAUNCH, 'RTX 5090');
  await page.waitForSelector('.diag[data-code="DSA001"]');
  assert((await messages(page)).includes(DSA001_MSG), `DSA001 message not shown verbatim; got ${JSON.stringify(await messages(page))}`);
  assert((await page.locator('#pick-arch').inputValue()) === 'GlmMoeDsaForCausalLM', 'architecture not derived from the model path');
  assert((await page.locator('#pick-gpu').inputValue()) === 'RTX 5090', 'GPU not kept');
  assert((await page.locator('#pick-model').inputValue()) === 'zai-org/GLM-5', 'model path not loaded');
  const marked = await markedTexts(page, 'DSA001');
  assert(marked.includes('--kv-cache-dtype bf16'), `the KV flag is not marked with DSA001: ${JSON.stringify(marked)}`);
  assert(marked.includes('--dsa-prefill-backend flashinfer_sparse_mla'), `the prefill flag is not marked: ${JSON.stringify(marked)}`);
  const fixed = (await page.locator('#paste-corrected').textContent()).trim();
  assert(fixed.startsWith('python -m sglang.launch_server --model-path zai-org/GLM-5'), `corrected launch does not keep the user's words: ${fixed}`);
  assert(fixed !== SEED1_LAUNCH, 'corrected launch is unchanged');
  assert(fixed.includes('--kv-cache-dtype fp8_e4m3') || !fixed.includes('--kv-cache-dtype') || !fixed.includes('--dsa-prefill-backend'), `corrected launch does not fix DSA001: ${fixed}`);
  if (fixed.includes('--dsa-prefill-backend')) {
    assert(fixed.indexOf('--kv-cache-dtype') < fixed.indexOf('--dsa-prefill-backend'), `order changed: ${fixed}`);
  }
  // the corrected launch, pasted back, is OK
  await pasteLaunch(page, fixed);
  await waitVerdict(page, STARTS);
  await page.waitForFunction(() => location.search.includes('model=zai-org/GLM-5'), null);
  // once the builder holds something else, the pasted launch says so instead of rewriting it
  await page.locator('.builder .actions button.secondary').click();
  await page.waitForSelector('#paste-stale');
  assert((await page.locator('#paste-corrected').count()) === 0, 'a stale launch is still rewritten');
  await noErrors(page);
});

await test('paste: docker run with tag v0.5.19 selects SGLang 0.5.19 and passes unmodelled flags through', async (track) => {
  const page = track(await open('/'));
  await pasteLaunch(page, 'docker run --gpus all --ipc=host -p 30000:30000 -e SGLANG_X=1 \\\n  lmsysorg/sglang:v0.5.19 \\\n  python3 -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype fp8_e4m3 --mem-fraction-static 0.85', 'DGX Spark');
  await page.waitForFunction(() => document.querySelector('#pick-sglang')?.value === '0.5.19', null);
  assert((await page.locator('#paste-result .read-as').textContent()).includes('SGLang 0.5.19'), 'release not reported');
  assert((await page.locator('#env-SGLANG_X').inputValue()) === '1', 'docker -e not loaded');
  assert((await page.locator('#arg-mem-fraction-static').inputValue()) === '0.85', 'unmodelled flag not shown in the builder');
  assert((await page.locator('#launch-command').textContent()).includes('--mem-fraction-static 0.85'), 'unmodelled flag not passed through');
  await page.waitForFunction(() => location.search.includes('arg.mem_fraction_static=0.85') && location.search.includes('sglang=0.5.19'), null);
  // the URL alone restores it
  const url = await page.evaluate(() => location.pathname + location.search);
  await page.close();
  const again = track(await open(url));
  assert((await again.locator('#launch-command').textContent()).includes('--mem-fraction-static 0.85'), 'unmodelled flag lost on reload');
  await noErrors(again);
});

await test('paste: bad input (empty, garbage, binary, unbalanced quotes, 1 MB, YAML with wrong types) gives a diagnostic and no page error', async (track) => {
  const page = track(await open('/?gpu=H100&arch=LlamaForCausalLM&page-size=64'));
  const before = await page.evaluate(() => location.search);
  const cases = [
    ['', 'PARSE001'],
    ['hello world, this is not a launch', 'PARSE005'],
    ['\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e\u000f\u0010bin', 'PARSE003'],
    ['x'.repeat(1024 * 1024), 'PARSE002'],
    ["python -m sglang.launch_server --model-path 'zai-org/GLM-5 --tp 2", 'PARSE004'],
    ['model-path: zai-org/GLM-5\npage-size: [1, 2]\nkv-cache-dtype: {a: 1}\ntp-size: big\n', null],
  ];
  for (const [text, code] of cases) {
    if (text.length > 256 * 1024) {
      // too large to keep: the box is emptied with PARSE002's notice, nothing is read
      await pasteText(page, text);
      await page.waitForSelector('#paste-too-large');
      assert((await page.locator('#paste-too-large').textContent()).includes('PARSE002'), 'no PARSE002 notice for 1 MB');
      assert((await page.locator('#paste-text').inputValue()) === '', 'a 1 MB paste was kept');
      continue;
    }
    await pasteLaunch(page, text);
    const got = await parseCodes(page);
    assert(got.length > 0, `no diagnostic for ${JSON.stringify(text.slice(0, 40))}`);
    if (code) assert(got.includes(code), `expected ${code} for ${JSON.stringify(text.slice(0, 40))}, got ${got}`);
    if (text.startsWith('model-path:')) {
      assert((await page.locator('#paste-result .read-as').textContent()).includes('config file'), 'YAML not read as a config file');
    }
    assert(page.errors.length === 0, `page error after ${JSON.stringify(text.slice(0, 40))}: ${page.errors.join(' | ')}`);
  }
  // nothing readable leaves the builder alone; the YAML one was read (with its errors)
  await pasteLaunch(page, '');
  assert(await page.locator('#paste-nothing').isVisible(), 'no "nothing read" note for empty input');
  await page.click('#paste-clear');
  await page.waitForSelector('#paste-result', { state: 'detached' });
  assert(before.length > 0, 'no initial state');
  await noErrors(page);
});

await test('paste: a Kubernetes container spec (image tag, args list, env)', async (track) => {
  const page = track(await open('/'));
  const pod = 'containers:\n  - name: sglang\n    image: lmsysorg/sglang:v0.5.19-cu129\n    command: ["python3", "-m", "sglang.launch_server"]\n    args: ["--model-path", "zai-org/GLM-5", "--kv-cache-dtype", "bf16", "--dsa-prefill-backend", "flashinfer_sparse_mla"]\n    env:\n      - name: SGLANG_X\n        value: "1"\n';
  await pasteLaunch(page, pod, 'RTX 5090');
  await page.waitForSelector('.diag[data-code="DSA001"]');
  assert((await page.locator('#pick-sglang').inputValue()) === '0.5.19', 'release not read from the image');
  const marked = await markedTexts(page, 'DSA001');
  assert(marked.some((m) => m.includes('"bf16"')), `list items not marked: ${JSON.stringify(marked)}`);
  const fixed = (await page.locator('#paste-corrected').textContent()).trim();
  assert(fixed.startsWith('command: ["python3", "-m", "sglang.launch_server"]\nargs: ["--model-path", "zai-org/GLM-5"'), `corrected lists: ${fixed}`);
  await noErrors(page);
});

await test('paste: an unknown model asks for the architecture', async (track) => {
  const page = track(await open('/'));
  await pasteLaunch(page, 'sglang serve my-org/private-glm --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla', 'RTX 5090');
  await page.waitForSelector('#paste-arch');
  const inputCodes = await codes(page);
  assert(inputCodes.includes('INPUT003') || inputCodes.includes('INPUT009'), `unknown model not reported: ${inputCodes}`);
  assert((await page.locator('#paste-view mark').allTextContents()).includes('my-org/private-glm'), 'the unknown model is not marked');
  await page.selectOption('#paste-arch', 'GlmMoeDsaForCausalLM');
  await page.waitForSelector('.diag[data-code="DSA001"]');
  assert((await markedTexts(page, 'DSA001')).includes('--kv-cache-dtype bf16'), 'flag not marked after picking the architecture');
  await noErrors(page);
});

await test('config.json: pasted or chosen as a file, the launch is judged with it, the URL keeps it', async (track) => {
  const page = track(await open('/?gpu=H100&model=some-org%2Fprivate-model&tp-size=16'));
  assert((await verdict(page)) === CANNOT_JUDGE, `unknown model: ${await verdict(page)}`);
  await page.click('#model-config > summary');
  // not a config.json: a message, nothing used
  await page.setInputFiles('#model-config-file', { name: 'config.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') });
  await page.waitForSelector('#model-config-error');
  assert(/JSON object/.test(await page.locator('#model-config-error').textContent()), 'no reason for a bad file');
  assert((await verdict(page)) === CANNOT_JUDGE, 'a bad file changed the verdict');
  // pasted
  const config = { architectures: ['Qwen2ForCausalLM'], model_type: 'qwen2', num_attention_heads: 64, num_key_value_heads: 8, hidden_size: 8192, num_hidden_layers: 80, torch_dtype: 'bfloat16' };
  await page.fill('#model-config-text', JSON.stringify(config, null, 2));
  await page.click('#model-config-use');
  await waitVerdict(page, STARTS);
  await page.waitForSelector('#model-config-in-use');
  assert((await page.locator('#model-config-in-use').textContent()).includes('Qwen2ForCausalLM'), 'config in use not named');
  assert((await page.locator('#model-facts').textContent()).includes("own config.json"), `model line: ${await page.locator('#model-facts').textContent()}`);
  assert((await page.locator('.verdict-detail').textContent()).includes('Qwen2ForCausalLM'), 'verdict not judged with the config');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('model_config')?.includes('Qwen2ForCausalLM'));
  await page.screenshot({ path: join(ART, 'model-config-1280.png'), fullPage: false });
  // a reload keeps it
  await page.reload();
  await page.waitForSelector('#model-config-in-use');
  await waitVerdict(page, STARTS);
  // stop using it: unknown again; then the same config chosen as a file
  await page.click('#model-config-stop');
  await waitVerdict(page, new RegExp('^' + CANNOT_JUDGE + '$'));
  await page.setInputFiles('#model-config-file', { name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(config)) });
  await page.waitForSelector('#model-config-in-use');
  await waitVerdict(page, STARTS);
  await noErrors(page);
});

await test('releases: side by side, tokenspeed_mla refused up to 0.5.22 and rewritten on 0.5.23, upgrade view', async (track) => {
  const page = track(await open('/?gpu=B200&arch=DeepseekV3ForCausalLM&attention-backend=tokenspeed_mla'));
  await page.click('#releases-panel > summary');
  await page.waitForSelector('#releases-panel tr[data-release="0.5.19"]');
  const cell = async (v) => (await page.locator(`#releases-panel tr[data-release="${v}"]`).textContent()).trim();
  assert(/refused/.test(await cell('0.5.19')) && (await cell('0.5.19')).includes('ATTN024'), `0.5.19 row: ${await cell('0.5.19')}`);
  assert(/starts/.test(await cell('0.5.23')) && (await cell('0.5.23')).includes('cutedsl_mla'), `0.5.23 row: ${await cell('0.5.23')}`);
  const changes = await page.locator('#release-changes li').allTextContents();
  assert(changes.some((c) => c.startsWith('refused on 0.5.22, starts on 0.5.23')), `changes: ${JSON.stringify(changes)}`);
  // the upgrade view: this launch is on 0.5.23; moving to 0.5.19 brings the refusal back
  await page.selectOption('#upgrade-to', '0.5.19');
  await page.waitForSelector('#upgrade-result');
  assert((await page.locator('#upgrade-result').textContent()).includes('ATTN024'), `upgrade: ${await page.locator('#upgrade-result').textContent()}`);
  // it follows the builder
  await page.goto(BASE + '/?gpu=B200&arch=DeepseekV3ForCausalLM&attention-backend=tokenspeed_mla&kv-cache-dtype=fp8_e4m3');
  await page.click('#releases-panel > summary');
  await page.waitForSelector('#releases-panel tr[data-release="0.5.19"]');
  assert(!/refused/.test(await cell('0.5.19')), `with an FP8 cache 0.5.19 still refuses: ${await cell('0.5.19')}`);
  // the tilelang flip: FP8 KV with tilelang DSA backends on CUDA refused up to 0.5.21
  await page.goto(BASE + '/?gpu=H100&arch=DeepseekV32ForCausalLM&kv-cache-dtype=fp8_e4m3&dsa-prefill-backend=tilelang&dsa-decode-backend=tilelang');
  await page.click('#releases-panel > summary');
  await page.waitForSelector('#release-changes li');
  const flips = await page.locator('#release-changes li').allTextContents();
  assert(flips.some((c) => c.startsWith('refused on 0.5.21, starts on 0.5.22: DSA118')), `tilelang flip: ${JSON.stringify(flips)}`);
  await page.locator('#releases-panel').screenshot({ path: join(ART, 'releases-1280.png') });
  await noErrors(page);
});

await test('matrix: #/matrix crosses GPUs × attention backends for the builder\'s model; a cell loads into the builder with the same verdict', async (track) => {
  const page = track(await open('/?gpu=H100&arch=DeepseekV3ForCausalLM#/matrix'));
  await page.waitForSelector('#matrix-table');
  assert((await page.locator('#nav-matrix').getAttribute('aria-current')) === 'page', 'nav does not mark the matrix');
  const cell = (row, col) => page.locator(`#matrix-table td[data-row="${row}"][data-col="${col}"]`);
  assert(await cell('B200', 'trtllm_mla').evaluate((e) => e.classList.contains('m-starts')), 'B200 × trtllm_mla is not "starts"');
  const crash = cell('RTX 5090', 'trtllm_mla');
  assert(await crash.evaluate((e) => e.classList.contains('m-crashes')), `RTX 5090 × trtllm_mla: ${await crash.getAttribute('class')}`);
  const title = await crash.locator('a').getAttribute('title');
  assert(/^crashes at first forward: KERN\d+ /.test(title), `title: ${title}`);
  // AMD rows on request
  await page.selectOption('#matrix-vendor', 'amd');
  await page.waitForSelector('#matrix-table td[data-row="MI300X"]');
  assert((await page.locator('#matrix-table td[data-row="H100"]').count()) === 0, 'NVIDIA rows under AMD');
  await page.screenshot({ path: join(ART, 'matrix-1280.png'), fullPage: false });
  await page.selectOption('#matrix-vendor', 'nvidia');
  await page.waitForSelector('#matrix-table td[data-row="RTX 5090"]');
  // a cell is the builder's verdict on that launch
  await cell('RTX 5090', 'trtllm_mla').locator('a').click();
  await page.waitForSelector('#builder-page:not([hidden])');
  await waitVerdict(page, CRASHES);
  await page.waitForFunction(() => { const q = new URLSearchParams(location.search); return q.get('attention-backend') === 'trtllm_mla' && q.get('gpu') === 'RTX 5090'; });
  // a DSA model gets the prefill × decode matrix on the builder's GPU
  await page.goto(BASE + '/?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=fp8_e4m3#/matrix');
  await page.waitForSelector('#matrix-table');
  assert((await page.locator('#matrix-kind').inputValue()) === 'dsa', 'a DSA model does not get the DSA matrix');
  assert(await cell('flashinfer_sparse_mla', 'flashinfer_sparse_mla').evaluate((e) => e.classList.contains('m-starts')), 'flashinfer_sparse_mla pair is not "starts" on SM120 with FP8');
  await noErrors(page);
});

await test('pickers: options that would fail are marked with their rule and message, and still choosable', async (track) => {
  const page = track(await open('/?gpu=A100&arch=DeepseekV3ForCausalLM'));
  const opt = (v) => page.locator(`#flag-attention-backend option[value="${v}"]`);
  await page.waitForSelector('#flag-attention-backend option[value="trtllm_mla"][data-reason]', { state: 'attached' });
  const label = (await opt('trtllm_mla').textContent()).trim();
  assert(/^trtllm_mla · ✕ ATTN\d+$/.test(label), `label: ${label}`);
  const title = await opt('trtllm_mla').getAttribute('title');
  assert(/^refused: ATTN\d+ /.test(title), `title: ${title}`);
  assert((await opt('triton').getAttribute('data-reason')) === null, 'triton marked on A100');
  // a KV dtype that would fail on Ampere is marked too
  assert((await page.locator('#flag-kv-cache-dtype option[data-reason]').count()) > 0, 'no KV dtype marked on A100');
  // choosing a marked option works and shows its diagnostic
  const code = label.split(' ').pop();
  await page.selectOption('#flag-attention-backend', 'trtllm_mla');
  await page.waitForSelector(`.diag[data-code="${code}"]`);
  // the marks follow the configuration (on B200 trtllm_mla is fine)
  await page.selectOption('#pick-gpu', 'B200');
  await page.waitForFunction(() => { const o = document.querySelector('#flag-attention-backend option[value="trtllm_mla"]'); return o && !o.hasAttribute('data-reason') && document.querySelector('#flag-attention-backend option[data-reason]'); });
  await noErrors(page);
});

async function explain(page, text) {
  if (!(await page.locator('#explain-text').isVisible())) await page.click('#explain-panel > summary');
  await page.fill('#explain-text', text);
  // the search runs in slices after the click: wait for this run's result, not the last one's
  const last = await page.evaluate(() => Number(document.querySelector('#explain-result')?.dataset.run || 0));
  await page.click('#explain-run');
  await page.waitForSelector(`#explain-result[data-run="${last + 1}"]`);
}

await test('explain: seed-2 message finds DSV4001 and loads a DeepSeek-V4 configuration that raises it', async (track) => {
  const page = track(await open('/'));
  await explain(page, `Traceback (most recent call last):\n  File "/sgl/python/sglang/srt/layers/attention/deepseek_v4_backend.py", line 578, in __init__\nValueError: ${SEED2_MSG}\n`);
  const card = page.locator('.explained[data-code="DSV4001"]');
  assert((await card.count()) === 1, 'DSV4001 not found');
  assert((await card.locator('.explanation').textContent()).length > 20, 'no explanation');
  assert((await card.locator('.fixes li').count()) > 0, 'no solutions or fixes');
  await card.locator('button.load').click();
  await page.waitForSelector('.diag[data-code="DSV4001"]');
  assert((await page.locator('#pick-arch').inputValue()) === 'DeepseekV4ForCausalLM', 'not a DeepSeek-V4 configuration');
  assert((await messages(page)).includes(DSV4_MSG), 'DSV4001 message not in the findings');
  assert(REFUSED.test(await verdict(page)), `verdict: ${await verdict(page)}`);
  await page.screenshot({ path: join(ART, 'explain-1280.png'), fullPage: true });
  await noErrors(page);
});

await test('explain: a 1 MB log keeps its end (with a notice) and still finds its error', async (track) => {
  const page = track(await open('/'));
  if (!(await page.locator('#explain-text').isVisible())) await page.click('#explain-panel > summary');
  let log = '';
  for (let i = 0; log.length < 1024 * 1024; i++) log += `[2026-12-02 18:00:00] INFO scheduler.py:${i} decode batch #running-req: ${i % 97}\n`;
  log += `ValueError: ${DSA001_MSG}\n`;
  await page.evaluate((t) => {
    const el = document.querySelector('#explain-text');
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, log);
  await page.waitForSelector('#explain-cut');
  const kept = await page.locator('#explain-text').inputValue();
  assert(kept.length <= 256 * 1024 && kept.endsWith(`${DSA001_MSG}\n`), `kept ${kept.length} chars`);
  await page.click('#explain-run');
  await page.waitForSelector('.explained[data-code="DSA001"]');
  await noErrors(page);
});

await test('explain: seed-1 message reads back GPU, architecture and KV dtype; the seed documents are recognised', async (track) => {
  const page = track(await open('/'));
  await explain(page, `ValueError: ${DSA001_MSG}`);
  const card = page.locator('.explained[data-code="DSA001"]');
  assert((await card.count()) === 1, 'DSA001 not found');
  const values = await card.locator('.captures').textContent();
  assert(values.includes('arch = GlmMoeDsaForCausalLM') && values.includes('gpu = RTX 5090'), `values: ${values}`);
  await card.locator('button.load').click();
  await page.waitForSelector('.diag[data-code="DSA001"]');
  assert((await page.locator('#pick-gpu').inputValue()) === 'RTX 5090', 'GPU not loaded');
  assert(existsSync(SEEDS_DIR), `the seed documents are missing: ${SEEDS_DIR}`);
  {
    const want = new Set(['DSA001', 'DSV4001']);
    for (const f of readdirSync(SEEDS_DIR)) {
      await explain(page, readFileSync(join(SEEDS_DIR, f), 'utf8'));
      const found = await page.locator('#explain-result .explained').evaluateAll((els) => els.map((e) => e.dataset.code));
      for (const c of found) want.delete(c);
    }
    assert(want.size === 0, `seed documents: not found ${[...want]}`);
  }
  await explain(page, 'the server started on port 30000');
  assert(await page.locator('#explain-none').isVisible(), 'no "nothing found" note');
  await noErrors(page);
});

await test('explain: a traceback under another install prefix shows both TllmGenFmhaRunner rules with reproductions; a first sentence is found as cut', async (track) => {
  const page = track(await open('/'));
  await explain(page, `  File "/usr/local/lib/python3.12/dist-packages/flashinfer/prefill.py", line 123, in run\nRuntimeError: Error in function 'TllmGenFmhaRunner' at /usr/local/lib/python3.12/dist-packages/flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture\n`);
  await page.waitForSelector('.explained[data-code="KERN001"]');
  const found = await page.locator('#explain-result .explained').evaluateAll((els) => els.map((e) => e.dataset.code));
  assert(found.includes('KERN001') && found.includes('KERN003'), `found ${found}`);
  for (const code of ['KERN001', 'KERN003']) {
    const card = page.locator(`.explained[data-code="${code}"]`);
    assert((await card.locator('.repro pre.cmd').count()) === 1, `${code}: no reproduction`);
    assert(!(await card.locator('.repro').textContent()).includes('another error comes first'), `${code}: not reproduced`);
  }
  await explain(page, 'FlashAttention v3 Backend requires SM>=80 and SM<=90');
  await page.waitForSelector('.explained[data-code="ATTN006"]');
  const card = page.locator('.explained[data-code="ATTN006"]');
  assert((await card.count()) === 1, 'ATTN006 not found from its first sentence');
  assert((await card.locator('.cut').count()) === 1, 'not marked as cut');
  await noErrors(page);
});

await test('rules: #/rules lists every rule and the search filters it', async (track) => {
  const page = track(await open('/#/rules'));
  await page.waitForSelector('#rule-list');
  const all = await page.locator('#rule-list .rule-item').count();
  assert(all > 100, `only ${all} rules listed`);
  assert(!(await page.locator('.page-builder').isVisible()), 'builder still visible');
  await page.fill('#rules-search', 'flashinfer_sparse_mla');
  await page.waitForFunction((n) => document.querySelectorAll('#rule-list .rule-item').length < n, all);
  const shown = await page.locator('#rule-list .rule-item').evaluateAll((els) => els.map((e) => e.dataset.code));
  assert(shown.includes('DSA001') && shown.includes('DSA002'), `search lost DSA001/DSA002: ${shown}`);
  assert(!shown.includes('ATTN001'), `search kept unrelated rules: ${shown}`);
  await page.waitForFunction(() => location.hash.includes('q=flashinfer_sparse_mla'), null);
  await page.selectOption('#rules-stage', 'kernel');
  await page.waitForFunction(() => document.querySelectorAll('#rule-list .rule-item').length === 0 || [...document.querySelectorAll('#rule-list .rule-item')].every((e) => e.dataset.code.startsWith('KERN')), null);
  await page.fill('#rules-search', '');
  await page.selectOption('#rules-gpu', 'Hopper');
  const hopper = await page.locator('#rule-list .rule-item').evaluateAll((els) => els.map((e) => e.dataset.code));
  assert(hopper.length > 0 && hopper.every((c) => c.startsWith('KERN')), `GPU + stage filter: ${hopper}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(BASE + '/#/rules');
  await page.waitForSelector('#rule-list');
  await page.screenshot({ path: join(ART, 'rules-1280.png'), fullPage: false });
  await noErrors(page);
});

await test('rules: #/rules/DSA001 shows message, solutions, a source link at v0.5.23, and Try this example', async (track) => {
  const page = track(await open('/#/rules/DSA001'));
  await page.waitForSelector('.rule-page[data-code="DSA001"]');
  const msgs = await page.locator('.rule-message pre.message').allTextContents();
  assert(msgs.some((m) => m.startsWith('flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121')), `message: ${msgs}`);
  assert((await page.locator('#rule-solutions li').count()) > 0, 'no solutions');
  const hrefs = await page.locator('#rule-sources a').evaluateAll((els) => els.map((e) => e.href));
  assert(hrefs.some((h) => /^https:\/\/github\.com\/sgl-project\/sglang\/blob\/v0\.5\.23\/.+#L695$/.test(h)), `source links: ${hrefs}`);
  assert((await page.title()).startsWith('DSA001'), `title: ${await page.title()}`);
  await page.screenshot({ path: join(ART, 'rule-dsa001-1280.png'), fullPage: true });
  await page.click('#rule-try');
  await page.waitForSelector('.diag[data-code="DSA001"]', { state: 'visible' });
  assert((await messages(page)).includes(DSA001_MSG), 'the example does not show DSA001');
  await page.waitForFunction(() => location.search.includes('arch=GlmMoeDsaForCausalLM'), null);
  await noErrors(page);
});

await test('rules: a diagnostic links to its rule page and Back keeps the builder state; kernel rules cite evidence', async (track) => {
  const page = track(await open(DSA001_URL));
  const search = await page.evaluate(() => location.search);
  await page.locator('.diag[data-code="DSA001"] .code-link').click();
  await page.waitForSelector('.rule-page[data-code="DSA001"]');
  await page.locator('.rule-page a.back').click();
  await page.waitForSelector('.diag[data-code="DSA001"]', { state: 'visible' });
  assert((await page.evaluate(() => location.search)) === search, 'builder URL state changed');
  await page.goBack();
  await page.waitForSelector('.rule-page[data-code="DSA001"]');
  await page.goto(BASE + '/#/rules/KERN001');
  await page.waitForSelector('.rule-page[data-code="KERN001"]');
  assert((await page.locator('#rule-evidence').count()) === 1, 'kernel rule without evidence link');
  await page.goto(BASE + '/#/rules/PARSE010');
  await page.waitForSelector('.rule-page[data-code="PARSE010"]');
  await page.goto(BASE + '/#/rules/NOPE999');
  await page.waitForSelector('.rule-page');
  assert((await page.locator('.rule-page h1').textContent()).includes('No rule'), 'unknown code page');
  await noErrors(page);
});

await test('export: shell command, YAML, docker run and JSON report to the clipboard', async (track) => {
  const page = track(await open(DSA001_URL + '&model=zai-org/GLM-5&env.SGLANG_X=1'));
  await page.click('#export-tab-yaml');
  const yaml = await copyFrom(page, '.export');
  assert(yaml.includes('\nmodel-path: zai-org/GLM-5\nkv-cache-dtype: bf16\ndsa-prefill-backend: flashinfer_sparse_mla\n'), `YAML: ${yaml}`);
  assert(yaml.includes('#   export SGLANG_X=1'), `YAML env block: ${yaml}`);
  await page.click('#export-tab-docker');
  const docker = await copyFrom(page, '.export');
  assert(docker.startsWith('docker run --gpus all --ipc=host -p 30000:30000 -e SGLANG_X=1 lmsysorg/sglang:v0.5.23 python3 -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla'), `docker: ${docker}`);
  await page.click('#export-tab-json');
  const json = JSON.parse(await copyFrom(page, '.export'));
  assert(json.verdict === 'error' && json.diagnostics.some((d) => d.code === 'DSA001' && d.message === DSA001_MSG), 'JSON report');
  // the shell command is the Commands panel's
  const shell = await copyFrom(page, '.command:has(#launch-command)');
  assert(shell === (await page.locator('#launch-command').textContent()).trim() && shell.startsWith('SGLANG_X=1 python -m sglang.launch_server'), `shell: ${shell}`);
  await noErrors(page);
});

await test('screenshots: pasted launch, explain, rules and DSA001 at 1280 and 390 px, no horizontal overflow', async (track) => {
  const page = track(await open('/'));
  await pasteLaunch(page, SEED1_LAUNCH, 'RTX 5090');
  await page.waitForSelector('.diag[data-code="DSA001"]');
  await page.screenshot({ path: join(ART, 'paste-1280.png'), fullPage: false });
  await page.screenshot({ path: join(ART, 'paste-1280-full.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await laidOut(page, 390);
  const overflows = {};
  overflows.paste = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: join(ART, 'paste-390.png'), fullPage: true });
  await explain(page, `ValueError: ${SEED2_MSG}`);
  await page.locator('#explain-panel').scrollIntoViewIfNeeded();
  overflows.explain = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.locator('#explain-panel').screenshot({ path: join(ART, 'explain-390.png') });
  for (const [name, hash] of [['rules', '#/rules'], ['rule-dsa001', '#/rules/DSA001']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector('main.page');
    await laidOut(page, 390);
    overflows[name] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: join(ART, `${name}-390.png`), fullPage: name !== 'rules' });
  }
  const bad = Object.entries(overflows).filter(([, v]) => v > 0);
  assert(bad.length === 0, `wider than 390 px: ${JSON.stringify(overflows)}`);
  await noErrors(page);
});

// ---- Reliability and accessibility of the page ----

// trtllm_mla prefill on an RTX PRO 6000 (SM120): SGLang starts, then KERN001 stops it at the
// first forward (web/tests/scenarios.rs checks the class natively).
const CRASH_URL = '/?gpu=RTX%20PRO%206000%20Blackwell&arch=DeepseekV3ForCausalLM&attention-backend=trtllm_mla';

await test('verdict: a known kernel crash is named (never a green "starts"), Apply moves focus to the verdict', async (track) => {
  const page = track(await open(CRASH_URL));
  assert(CRASHES.test(await verdict(page)), `crash verdict: ${await verdict(page)}`);
  const banner = page.locator('#verdict');
  assert((await banner.getAttribute('data-class')) === 'crashes at first forward', `data-class: ${await banner.getAttribute('data-class')}`);
  const cls = await banner.getAttribute('class');
  assert(cls.includes('verdict-crashes') && !cls.includes('verdict-starts'), `banner class: ${cls}`);
  assert((await page.locator('#verdict .verdict-icon').textContent()).trim() !== '', 'no icon beside the colour');
  assert((await page.locator('#verdict .verdict-detail').textContent()).includes('KERN001'), 'the detail does not name the crash');
  assert((await codes(page)).includes('KERN001'), `codes: ${await codes(page)}`);
  await page.screenshot({ path: join(ART, 'verdict-crash-1280.png') });
  // the live region holds the headline
  assert((await page.locator('[role="status"][aria-live="polite"] .verdict-headline').count()) === 1, 'headline not in a live region');
  await page.locator('.commands .fix-line button.apply').click();
  await waitVerdict(page, STARTS);
  await page.waitForFunction(() => document.activeElement?.id === 'verdict', null);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert(outline !== 'none', `the focused verdict has no visible outline (${outline})`);
  await page.screenshot({ path: join(ART, 'verdict-after-apply-1280.png') });
  // Apply on a diagnostic's fix does the same
  await page.goto(BASE + DSA001_URL);
  await page.locator('.diag[data-code="DSA001"] .fix button.apply').first().click();
  await waitVerdict(page, STARTS);
  await page.waitForFunction(() => document.activeElement?.id === 'verdict', null);
  await noErrors(page);
});

await test('url: misspelt and repeated keys get a notice with a did-you-mean, not silence', async (track) => {
  const page = track(await open('/?gpu=H100&gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtpye=bf16&dsa-prefill-backend=flashinfer_sparse_mla'));
  await page.waitForSelector('#url-notice');
  const miss = page.locator('#url-notice .ignored[data-key="kv-cache-dtpye"]');
  assert((await miss.textContent()).includes('Did you mean kv-cache-dtype?'), `misspelt key: ${await miss.textContent()}`);
  const rep = page.locator('#url-notice .ignored.repeated[data-key="gpu"]');
  assert((await rep.textContent()).includes('the last value, RTX 5090, is used (H100 is ignored)'), `repeated key: ${await rep.textContent()}`);
  // ignored, as the notice says: no KV dtype set, so no DSA001 yet
  assert(!(await codes(page)).includes('DSA001'), 'the misspelt key was used');
  await page.screenshot({ path: join(ART, 'url-notice-1280.png') });
  await page.click('#url-notice button.use-suggestion');
  await page.waitForSelector('.diag[data-code="DSA001"]');
  await page.waitForFunction(() => location.search.includes('kv-cache-dtype=bf16') && !location.search.includes('dtpye'), null);
  await page.click('#url-notice-dismiss');
  await page.waitForSelector('#url-notice', { state: 'detached' });
  await page.goto(BASE + DSA001_URL);
  await page.waitForSelector('.verdict-headline');
  assert((await page.locator('#url-notice').count()) === 0, 'a notice for a clean URL');
  await noErrors(page);
});

await test('panic: #/__panic shows "Preflight stopped", keeps the URL state, Reload brings the builder back', async (track) => {
  const page = track(await open(DSA001_URL));
  // a change just before the panic (the address follows after 150 ms; the panic keeps it anyway)
  await page.selectOption('#flag-kv-cache-dtype', 'fp8_e4m3');
  await page.evaluate(() => { location.hash = '#/__panic'; });
  await page.waitForSelector('#preflight-stopped');
  const text = await page.locator('#preflight-stopped').textContent();
  assert(text.includes('Preflight stopped: ') && text.includes('forced by the test route'), `stopped text: ${text}`);
  assert((await page.locator('#preflight-stopped[role="alert"]').count()) === 1, 'not an alert');
  assert((await page.locator('#verdict').count()) === 0, 'the dead builder is still shown');
  const loc = await page.evaluate(() => ({ search: location.search, hash: location.hash }));
  assert(loc.search.includes('gpu=RTX%205090') && loc.search.includes('kv-cache-dtype=fp8_e4m3') && loc.search.includes('dsa-prefill-backend=flashinfer_sparse_mla'), `URL state lost: ${loc.search}`);
  assert(loc.hash === '', `the panic route stays in the address: ${loc.hash}`);
  assert((await page.evaluate(() => document.activeElement?.id)) === 'preflight-reload', 'Reload is not focused');
  assert(page.errors.some((e) => e.includes('forced by the test route')), `the panic was not logged: ${page.errors.join(' | ')}`);
  await page.screenshot({ path: join(ART, 'panic-1280.png') });
  page.errors = [];
  await Promise.all([page.waitForEvent('load'), page.click('#preflight-reload')]);
  await page.waitForSelector('.verdict-headline');
  await waitVerdict(page, STARTS);
  assert((await page.locator('#flag-kv-cache-dtype').inputValue()) === 'fp8_e4m3', 'the reloaded builder lost the change');
  assert((await page.locator('#preflight-stopped').count()) === 0, 'still stopped after Reload');
  // and it works: a change updates the verdict
  await page.selectOption('#flag-kv-cache-dtype', 'bf16');
  await waitVerdict(page, REFUSED);
  await noErrors(page);
});

await test('keyboard: Tab reaches a picker with a visible focus on every stop, arrow keys change it, the verdict follows', async (track) => {
  const page = track(await open(DSA001_URL));
  assert(REFUSED.test(await verdict(page)), `start verdict: ${await verdict(page)}`);
  const noFocusRing = [];
  let found = false;
  for (let i = 0; i < 400 && !found; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const cs = getComputedStyle(el);
      const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) || cs.boxShadow !== 'none';
      return { id: el.id, tag: el.tagName, text: (el.textContent || '').trim().slice(0, 30), ring };
    });
    if (!f) continue;
    if (!f.ring) noFocusRing.push(`${f.tag}#${f.id} ${f.text}`);
    found = f.id === 'flag-kv-cache-dtype';
  }
  assert(found, 'Tab never reached the KV cache dtype picker');
  assert(noFocusRing.length === 0, `focused without a visible focus indicator: ${noFocusRing.join('; ')}`);
  const options = await page.locator('#flag-kv-cache-dtype option').evaluateAll((os) => os.map((o) => o.value));
  await page.keyboard.press('Home');
  for (let i = 0; i < options.length && (await page.locator('#flag-kv-cache-dtype').inputValue()) !== 'fp8_e4m3'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  assert((await page.locator('#flag-kv-cache-dtype').inputValue()) === 'fp8_e4m3', `keyboard did not reach fp8_e4m3 in ${options}`);
  await waitVerdict(page, STARTS);
  assert((await page.locator('[role="status"] .verdict-headline').textContent()).includes('would start'), 'the live region did not follow');
  await page.waitForFunction(() => location.search.includes('kv-cache-dtype=fp8_e4m3'), null);
  await page.screenshot({ path: join(ART, 'keyboard-1280.png') });
  // the rest of the page: every further Tab stop shows its focus too
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const cs = getComputedStyle(el);
      return { id: el.id, tag: el.tagName, text: (el.textContent || '').trim().slice(0, 30), ring: (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) || cs.boxShadow !== 'none' };
    });
    if (!f) break;
    if (!f.ring) noFocusRing.push(`${f.tag}#${f.id} ${f.text}`);
  }
  assert(noFocusRing.length === 0, `focused without a visible focus indicator: ${noFocusRing.join('; ')}`);
  await noErrors(page);
});

await test('fold: at 1280×800 the verdict and the builder are above the fold', async (track) => {
  const page = track(await open(DSA001_URL));
  await page.setViewportSize({ width: 1280, height: 800 });
  await laidOut(page, 1280);
  const box = async (sel) => page.locator(sel).first().boundingBox();
  const v = await box('#verdict');
  const gpu = await box('#pick-gpu');
  const kv = await box('#flag-kv-cache-dtype');
  const finding = await box('.diag[data-code="DSA001"] pre.message');
  await page.screenshot({ path: join(ART, 'fold-dsa001-1280x800.png') });
  assert(v && v.y + v.height <= 800, `verdict below the fold: ${JSON.stringify(v)}`);
  assert(gpu && gpu.y + gpu.height <= 800, `GPU picker below the fold: ${JSON.stringify(gpu)}`);
  assert(kv && kv.y + kv.height <= 800, `KV cache picker below the fold: ${JSON.stringify(kv)}`);
  assert(finding && finding.y + finding.height <= 800, `the first finding below the fold: ${JSON.stringify(finding)}`);
  await page.goto(BASE + '/');
  await page.waitForSelector('.verdict-headline');
  await laidOut(page, 1280);
  await page.screenshot({ path: join(ART, 'fold-default-1280x800.png') });
  const g2 = await box('#pick-gpu');
  assert(g2 && g2.y + g2.height <= 800, `default page: GPU picker below the fold: ${JSON.stringify(g2)}`);
  await noErrors(page);
});

await test('a11y: axe-core finds no serious or critical violation (builder, error verdict, rules, rule page, matrix, config.json, releases, embeds; light and dark)', async (track) => {
  const axePath = new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname;
  assert(existsSync(axePath), `axe-core is missing (npm ci): ${axePath}`);
  assert(process.env.HOSTS_URL, 'HOSTS_URL not set: the embedding page is part of this test');
  const axeSource = readFileSync(axePath, 'utf8');
  // the docs hosts run under a strict CSP, which would block the injected script
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  ctx.setDefaultTimeout(60000);
  const pages = [
    ['builder', BASE + '/', '.verdict-headline'],
    ['builder-error', BASE + DSA001_URL, '.diag[data-code="DSA001"]'],
    ['builder-crash', BASE + CRASH_URL, '.diag[data-code="KERN001"]'],
    ['url-notice', BASE + '/?gpu=H100&kv-cache-dtpye=bf16&gpu=B200', '#url-notice'],
    ['rule', BASE + '/#/rules/DSA001', '.rule-page[data-code="DSA001"]'],
    ['rules', BASE + '/#/rules', '#rule-list'],
    ['matrix', BASE + '/?gpu=H100&arch=DeepseekV3ForCausalLM#/matrix', '#matrix-table'],
    ['model-config', BASE + '/?gpu=H100&model=x%2Fy&model_config=%7B%22architectures%22%3A%5B%22LlamaForCausalLM%22%5D%7D', '#model-config-in-use'],
    ['releases', BASE + '/?gpu=B200&arch=DeepseekV3ForCausalLM&attention-backend=tokenspeed_mla', '#releases-panel'],
    ['embed-iframe', BASE + '/index.html?embed=1&gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla', 'sglang-preflight .diag[data-code="DSA001"]'],
    // the host page's own content is the fixture (deliberately hostile styles): only the
    // elements are Preflight's
    ['embed-element', process.env.HOSTS_URL + '/plain/docs/index.html', '#seed .diag[data-code="DSA001"]', 'sglang-preflight'],
  ];
  const found = [];
  try {
    for (const scheme of ['light', 'dark']) {
      const page = track(await ctx.newPage());
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, url, ready, scope] of pages) {
        await page.goto(url);
        await page.locator(ready).first().waitFor();
        const isDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
        assert(isDark === (scheme === 'dark'), `${name}: colour scheme not emulated`);
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async (sel) => {
          const r = await window.axe.run(sel ? { include: [[sel]] } : document, { resultTypes: ['violations'] });
          return r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' >> ')} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}`).join(' | ')}`);
        }, scope || null);
        for (const v of violations) found.push(`${scheme} ${name}: ${v}`);
        if (name === 'builder-error' || name === 'embed-element') await page.screenshot({ path: join(ART, `a11y-${name}-${scheme}.png`) });
      }
      assert(page.errors.length === 0, `errors: ${page.errors.join(' | ')}`);
      await page.close();
    }
  } finally {
    await ctx.close();
  }
  console.log(`     axe-core ${JSON.parse(readFileSync(new URL('../../node_modules/axe-core/package.json', import.meta.url), 'utf8')).version}: ${pages.length} pages × 2 themes, ${found.length} serious/critical`);
  assert(found.length === 0, `axe violations:\n${found.join('\n')}`);
});

// The JS API package (crates/preflight-wasm/build.sh, run by scripts/test.sh before this) in
// this browser: the cookbook Playground's (flags, env) pair gets a verdict instead of "Not
// Verified". The package is served from disk under the app's origin; missing, the test fails.
await test('JS API in Chromium: check() of a cookbook-style (flags, env) pair', async (track) => {
  const pkg = process.env.PREFLIGHT_PKG || new URL('../../target/preflight-wasm-pkg', import.meta.url).pathname;
  assert(existsSync(join(pkg, 'preflight_wasm.js')), `no JS API package at ${pkg} (run crates/preflight-wasm/build.sh)`);
  const page = track(await context.newPage());
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  await page.route('**/__pkg/**', (route) => {
    const file = join(pkg, new URL(route.request().url()).pathname.split('/__pkg/')[1]);
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ path: file, contentType: type });
  });
  await page.route('**/__api.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>api</title>' }));
  await page.goto(BASE + '/__api.html');
  const r = await page.evaluate(async () => {
    const api = await import('/__pkg/preflight_wasm.js');
    await api.default('/__pkg/preflight_wasm_bg.wasm');
    const bad = api.check({ flags: ['--kv-cache-dtype', 'bf16', ['dsa-prefill-backend', 'flashinfer_sparse_mla']],
                            env: ['SGLANG_X=1'], model: 'zai-org/GLM-5', gpu: 'RTX 5090', sglang: '0.5.23' });
    const good = api.check(bad.corrected, { gpu: 'RTX 5090' });
    const err = bad.report.diagnostics.find((d) => d.severity === 'error');
    return { cls: bad.class, code: err && err.code, msg: err && err.message, good: good.class, headline: good.headline };
  });
  assert(r.cls === 'refused' && r.code === 'DSA001', `check: ${JSON.stringify(r)}`);
  assert(r.msg === DSA001_MSG, `message: ${r.msg}`);
  assert(r.good === 'starts' && STARTS.test(r.headline), `corrected: ${JSON.stringify(r)}`);
  assert(page.errors.length === 0, `errors: ${page.errors.join(' | ')}`);
});

// The embedding tests, in this browser: the element and the iframe in four docs hosts.
if (process.env.HOSTS_URL) {
  const { default: runEmbed } = await import('../embed/run.mjs');
  await runEmbed({ context, base: process.env.HOSTS_URL, art: ART, test, assert });
} else if (!ONLY) {
  console.log('FAIL embed: HOSTS_URL not set (scripts/e2e.sh serves the docs hosts)');
  failed++;
}

await test('no network requests beyond the local server', async () => {
  assert(foreignRequests.length === 0, `foreign requests: ${foreignRequests.join(', ')}`);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
