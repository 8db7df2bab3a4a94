#!/usr/bin/env node
// Metadata accuracy of Lectern and of Readability.js, measured in the same run on the same pages.
//
//   node tools/eval_metadata.mjs [--data DIR]... [--lectern BIN] [--cache DIR] [--limit N]
//                                [--json OUT] [--misses OUT] [--cached-only] [--pred-dir DIR]
//
// --data defaults to the `readability` and `wcxb-dev` corpora under $LECTERN_SHARED/datasets (else
// ../shared/datasets). Lectern runs as `BIN batch` (default target/release/lectern); Readability.js
// (npm @mozilla/readability on jsdom, dev dependencies) runs here, page by page, its results cached
// in --cache (default out/metadata-cache) by page sha256 so a re-run only pays for Lectern.
// --pred-dir DIR reads Lectern's predictions from DIR/<corpus>.jsonl (a `lectern batch` output)
// instead of running the batch.
// --cached-only scores both tools on the pages whose Readability.js result is already cached (a
// partial run), and says how many those are: jsdom costs 1–20 s a page on a loaded 2-core machine.
// The matching rule is documented in docs/QUALITY.md ("Metadata") and implemented by `match` below.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const FIELDS = ['title', 'author', 'date'];
/// Readability's own test pages have no URL; its test harness uses this one.
const FAKE_URL = 'http://fakehost/test/page.html';

function parseArgs(argv) {
  const out = { data: [], lectern: 'target/release/lectern', cache: 'out/metadata-cache' };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (k === 'cached-only') {
      out.cachedOnly = true;
      continue;
    }
    const v = argv[++i];
    if (v === undefined) throw new Error(`--${k} needs a value`);
    if (k === 'data') out.data.push(v);
    else if (['lectern', 'cache', 'limit', 'json', 'misses'].includes(k)) out[k] = v;
    else if (k === 'pred-dir') out.predDir = v;
    else throw new Error(`unknown option --${k}`);
  }
  if (out.data.length === 0) {
    const root = process.env.LECTERN_SHARED
      ? path.join(process.env.LECTERN_SHARED, 'datasets')
      : '../shared/datasets';
    out.data = ['readability', 'wcxb-dev'].map((d) => path.join(root, d));
  }
  return out;
}

// ---- the matching rule --------------------------------------------------------------------
/** Lowercased NFKC letter/digit runs: punctuation, spacing and case never decide a match. */
export function words(s) {
  return (s ?? '').normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
/** Connectives and a leading "by" in author strings are not names. */
const AUTHOR_NOISE = new Set(['by', 'and', 'und', 'et', 'y']);
function authorKey(s) {
  return words(s).filter((w) => !AUTHOR_NOISE.has(w)).sort().join(' ');
}
/** The calendar day a date string names: its leading YYYY-MM-DD as written (the publisher's local
 * day), else what Date.parse makes of it (UTC). */
export function day(s) {
  if (!s) return null;
  const m = String(s).trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
/** Does the predicted field match the gold one? */
export function match(field, pred, gold) {
  if (!pred) return false;
  if (field === 'title') return words(pred).join(' ') === words(gold).join(' ');
  if (field === 'author') return authorKey(pred) !== '' && authorKey(pred) === authorKey(gold);
  return day(pred) !== null && day(pred) === day(gold);
}
// -------------------------------------------------------------------------------------------

function readManifest(dir, limit) {
  const lines = fs.readFileSync(path.join(dir, 'manifest.jsonl'), 'utf8').split('\n');
  const recs = lines.filter((l) => l.trim()).map((l) => JSON.parse(l));
  return limit ? recs.slice(0, Number(limit)) : recs;
}

function runLectern(bin, dir, limit, tmp, predDir) {
  let out = path.join(tmp, `${path.basename(dir)}-lectern.jsonl`);
  if (predDir) {
    out = path.join(predDir, `${path.basename(dir)}.jsonl`);
  } else {
    const args = ['batch', '--data', dir, '--out', out];
    if (limit) args.push('--limit', String(limit));
    const r = spawnSync(bin, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error(`${bin} batch failed (${r.status ?? r.error})`);
  }
  const preds = new Map();
  for (const l of fs.readFileSync(out, 'utf8').split('\n')) {
    if (!l.trim()) continue;
    const p = JSON.parse(l);
    preds.set(String(p.id), p);
  }
  return preds;
}

async function runReadability(dir, recs, cacheDir, cachedOnly) {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  fs.mkdirSync(cacheDir, { recursive: true });
  const cacheFile = path.join(cacheDir, `${path.basename(dir)}-readability.jsonl`);
  const cache = new Map();
  if (fs.existsSync(cacheFile)) {
    for (const l of fs.readFileSync(cacheFile, 'utf8').split('\n')) {
      if (l.trim()) {
        const c = JSON.parse(l);
        cache.set(c.key, c);
      }
    }
  }
  const sink = fs.openSync(cacheFile, 'a');
  const out = new Map();
  let fresh = 0;
  const start = Date.now();
  for (const rec of recs) {
    const bytes = zlib.gunzipSync(fs.readFileSync(path.join(dir, rec.html)));
    const key = rec.sha256 ?? createHash('sha256').update(bytes).digest('hex');
    let got = cache.get(key);
    if (!got && cachedOnly) continue;
    if (!got) {
      got = { key, title: null, author: null, date: null, site_name: null, excerpt: null };
      try {
        const dom = new JSDOM(bytes, { url: rec.url ?? FAKE_URL, virtualConsole: new VirtualConsole() });
        const a = new Readability(dom.window.document).parse();
        if (a) {
          Object.assign(got, {
            title: a.title || null,
            author: a.byline || null,
            date: a.publishedTime || null,
            site_name: a.siteName || null,
            excerpt: a.excerpt || null,
          });
        }
        dom.window.close();
      } catch (e) {
        got.error = String(e).slice(0, 200);
      }
      fs.writeSync(sink, JSON.stringify(got) + '\n');
      cache.set(key, got);
      fresh++;
    }
    out.set(String(rec.id), got);
  }
  fs.closeSync(sink);
  if (fresh) console.error(`${path.basename(dir)}: Readability.js on ${fresh} pages, ${((Date.now() - start) / 1000).toFixed(0)} s`);
  return out;
}

function score(recs, preds) {
  const s = {};
  for (const f of FIELDS) {
    const withGold = recs.filter((r) => r[f]);
    const hits = withGold.filter((r) => match(f, preds.get(String(r.id))?.[f], r[f])).length;
    const noGold = recs.filter((r) => !r[f]);
    const extra = noGold.filter((r) => preds.get(String(r.id))?.[f]).length;
    s[f] = { n: withGold.length, hits, accuracy: withGold.length ? hits / withGold.length : null,
      no_gold: noGold.length, filled_without_gold: extra };
  }
  return s;
}

function pct(x) {
  return x === null ? '—' : `${(100 * x).toFixed(1)} %`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'lectern-meta-'));
  const report = {};
  const misses = [];
  const rows = ['| corpus | field | pages with gold | Lectern | Readability.js |', '|---|---|---:|---:|---:|'];
  for (const dir of opts.data) {
    const name = path.basename(dir);
    const all = readManifest(dir, opts.limit);
    const lectern = runLectern(opts.lectern, dir, opts.limit, tmp, opts.predDir);
    const readability = await runReadability(dir, all, opts.cache, opts.cachedOnly);
    const recs = all.filter((r) => readability.has(String(r.id)));
    if (recs.length < all.length) console.error(`${name}: scored on the ${recs.length} of ${all.length} pages Readability.js has run on`);
    const ours = score(recs, lectern);
    const theirs = score(recs, readability);
    report[name] = { lectern: ours, readability: theirs };
    for (const f of FIELDS) {
      rows.push(`| ${name}${recs.length < all.length ? ` (${recs.length} pages)` : ''} | ${f} | ${ours[f].n} | ${pct(ours[f].accuracy)} | ${pct(theirs[f].accuracy)} |`);
      for (const r of recs.filter((r) => r[f])) {
        const p = lectern.get(String(r.id))?.[f] ?? null;
        const q = readability.get(String(r.id))?.[f] ?? null;
        if (!match(f, p, r[f])) misses.push({ corpus: name, id: r.id, field: f, gold: r[f], lectern: p, readability: q, readability_ok: match(f, q, r[f]) });
      }
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(rows.join('\n'));
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(report, null, 2));
  if (opts.misses) fs.writeFileSync(opts.misses, misses.map((m) => JSON.stringify(m)).join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(`eval_metadata: ${e.message}`);
    process.exit(2);
  });
}
