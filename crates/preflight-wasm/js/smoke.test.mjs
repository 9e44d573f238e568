// Node smoke test of the built JS API: `crates/preflight-wasm/build.sh --test`.
// Usage: node --test crates/preflight-wasm/js/smoke.test.mjs  (PREFLIGHT_PKG = the pkg dir)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = process.env.PREFLIGHT_PKG;
const api = await import(join(pkg, 'preflight_wasm.js'));
api.initSync({ module: readFileSync(join(pkg, 'preflight_wasm_bg.wasm')) });

const SEED1 = 'python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla';

test('validate: seed 1 gives SGLang\'s message and plain objects', () => {
  const r = api.validate({ gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16',
                           dsa_prefill_backend: 'flashinfer_sparse_mla', page_size: 64 });
  assert.equal(r.verdict, 'error');
  const e = r.diagnostics.find((d) => d.severity === 'error');
  assert.equal(e.code, 'DSA001');
  assert.match(e.message, /^flashinfer_sparse_mla supports only GLM DSA/);
  assert.equal(r.class, 'refused');
  assert.ok(Array.isArray(r.resolved));
  const kv = r.resolved.find((v) => v.key === 'kv_cache_dtype');
  assert.equal(typeof kv.origin, 'object');
  assert.ok(!(kv.origin instanceof Map));
  assert.ok(r.corrected.changes.length >= 1);
});

test('validate: bad input throws an Error, never crashes the module', () => {
  assert.throws(() => api.validate([1, 2]), /expects a LaunchConfig object/);
  assert.throws(() => api.validate({ gpu: 5 }), /invalid LaunchConfig/);
  assert.throws(() => api.validate(null));
  // the module still works afterwards
  assert.equal(api.validate({ gpu: 'H100', arch: 'LlamaForCausalLM' }).verdict, 'ok');
});

test('evaluate (no fix search) and matrix', () => {
  const r = api.evaluate({ gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16',
                           dsa_prefill_backend: 'flashinfer_sparse_mla' });
  assert.equal(r.diagnostics.find((d) => d.severity === 'error').code, 'DSA001');
  assert.equal(r.corrected, null);
  assert.throws(() => api.evaluate([1]), /expects a LaunchConfig object/);
  // the verdict alone: the same evaluation, reduced
  const v = api.verdict({ gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16',
                          dsa_prefill_backend: 'flashinfer_sparse_mla' });
  assert.equal(v.class, r.class);
  assert.equal(v.class, 'refused');
  assert.equal(v.exit_code, 1);
  assert.equal(v.code, 'DSA001');
  assert.equal(v.message, r.diagnostics.find((d) => d.severity === 'error').message);
  assert.match(v.headline, /^SGLang 0\.5\.23 would refuse this launch$/);
  assert.deepEqual(v.findings, r.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code));
  const ok = api.verdict({ gpu: 'H100', arch: 'LlamaForCausalLM' });
  assert.deepEqual([ok.class, ok.exit_code, ok.code, ok.message], ['starts', 0, null, null]);
  const unknown = api.verdict({ gpu: 'H100', model_path: 'no-such-org/no-such-model' });
  assert.equal(unknown.exit_code, 2);
  assert.match(unknown.headline, /^Preflight cannot judge this launch: /);
  assert.throws(() => api.verdict('x'), /verdict\(\) expects a LaunchConfig object/);
  const m = api.matrix({ arch: 'DeepseekV3ForCausalLM' });
  assert.equal(m.kind, 'attention');
  assert.equal(m.rows.length, api.gpus().length);
  assert.ok(m.cells.every((row) => row.length === m.columns.length));
  assert.equal(api.matrix({ gpu: 'H200', arch: 'DeepseekV32ForCausalLM' }, 'dsa').kind, 'dsa');
  assert.throws(() => api.matrix({}, 'x'), /not "x"/);
});

test('parseCommand, correctCommand', () => {
  const p = api.parseCommand(SEED1);
  assert.equal(p.config.arch, 'GlmMoeDsaForCausalLM');
  assert.equal(p.config.kv_cache_dtype, 'bf16');
  const f = p.flags.find((x) => x.key === 'kv_cache_dtype');
  assert.equal(SEED1.slice(f.span.start, f.span.end), '--kv-cache-dtype bf16');
  const r = api.validate({ ...p.config, gpu: 'RTX 5090' });
  const fixed = api.correctCommand(SEED1, r.corrected.changes);
  assert.notEqual(fixed.text, SEED1);
  assert.equal(api.validate({ ...api.parseCommand(fixed.text).config, gpu: 'RTX 5090' }).verdict, 'ok');
  const u = "A='é😀' sglang serve m --tp 2";
  const t = api.parseCommand(u).flags.find((x) => x.key === 'tp_size');
  assert.equal(u.slice(t.span.start, t.span.end), '--tp 2');
  assert.equal(api.parseCommand('').diagnostics[0].code, 'PARSE001');
  assert.equal(api.parseCommand("sglang serve 'unclosed").diagnostics[0].code, 'PARSE004');
  assert.equal(api.parseCommand('x'.repeat(1 << 20)).diagnostics[0].code, 'PARSE002');
  assert.equal(api.parseCommand('--tp 2', '0.5.19').config.tp_size, 2);
  assert.equal(api.parseConfigYaml('tp: 4\n').config.tp_size, 4);
  assert.throws(() => api.correctCommand(SEED1, 'nope'), /array of changes/);
});

test('explainMessage, catalogues', () => {
  const r = api.validate({ gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16',
                           dsa_prefill_backend: 'flashinfer_sparse_mla' });
  const m = api.explainMessage('ValueError: ' + r.diagnostics.find((d) => d.severity === 'error').message);
  assert.equal(m[0].code, 'DSA001');
  assert.equal(m[0].config.gpu, 'RTX 5090');
  assert.equal(m[0].reproduced.report.verdict, 'error');
  assert.deepEqual(api.explainMessage('all good'), []);
  assert.ok(api.rules().some((x) => x.code === 'DSV4001'));
  assert.ok(api.parseCodes().some((x) => x.code === 'PARSE010'));
  assert.ok(api.gpus().some((g) => g.name === 'RTX 5090'));
  assert.ok(api.archs().some((a) => a.name === 'DeepseekV4ForCausalLM'));
  assert.deepEqual(api.releases().slice(-1), ['0.5.23']);
});

test('configFromQuery / configToQuery: the web page\'s URL format', () => {
  const q = '?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla';
  const c = api.configFromQuery(q);
  assert.equal(c.kv_cache_dtype, 'bf16');
  assert.equal(api.validate(c).verdict, 'error');
  assert.equal(api.configToQuery(c), q);
  const p = api.parseCommand('SGLANG_X=1 python -m sglang.launch_server --model-path zai-org/GLM-5 --tp 2');
  // the parser records the architecture it looked up from the model id
  assert.equal(api.configToQuery(p.config), '?arch=GlmMoeDsaForCausalLM&model=zai-org/GLM-5&tp-size=2&env.SGLANG_X=1');
  assert.throws(() => api.configToQuery([1]), /LaunchConfig/);
});

test('readLaunch: any form, with the URL state', () => {
  const c = api.readLaunch('python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16');
  assert.equal(c.kind, 'command');
  assert.equal(c.query, '?arch=GlmMoeDsaForCausalLM&model=zai-org/GLM-5&kv-cache-dtype=bf16');
  const y = api.readLaunch('model-path: zai-org/GLM-5\nkv-cache-dtype: bf16\n');
  assert.equal(y.kind, 'config-yaml');
  assert.equal(y.query, c.query);
  assert.ok(api.readLaunch('').diagnostics.some((d) => d.code === 'PARSE001'));
});

test('check: every input form, the cookbook Playground shape, bad input', () => {
  const c = api.check(SEED1, { gpu: 'RTX 5090' });
  assert.equal(c.class, 'refused');
  const err = c.report.diagnostics.find((d) => d.severity === 'error');
  assert.equal(err.code, 'DSA001');
  assert.equal(api.check(c.corrected, { gpu: 'RTX 5090' }).class, 'starts');
  // what the cookbook Playground emits: (flags, env) lists
  const p = api.check({ flags: ['--kv-cache-dtype', 'bf16', ['dsa-prefill-backend', 'flashinfer_sparse_mla']],
                        env: ['SGLANG_X=1'], model: 'zai-org/GLM-5', gpu: 'RTX 5090' });
  assert.equal(p.class, 'refused');
  assert.equal(p.config.env.SGLANG_X, '1');
  const f = p.flags.find((x) => x.key === 'kv_cache_dtype');
  assert.equal(p.text.slice(f.span.start, f.span.end), '--kv-cache-dtype bf16');
  assert.equal(api.check({ gpu: 'H100', arch: 'LlamaForCausalLM' }).class, 'starts');
  assert.equal(api.check('').class, 'cannot_judge');
  assert.throws(() => api.check(5), /expects a launch/);
  assert.throws(() => api.check({ flags: 5 }), /flags must be an array/);
  const d = api.domains();
  assert.ok(d.gpus.length > 100 && d.archs.length > 250);
  assert.equal(api.explain(err.message)[0].code, 'DSA001');
});
