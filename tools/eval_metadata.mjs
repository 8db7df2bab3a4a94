#!/usr/bin/env node
// Metadata accuracy of Lectern and of Readability.js, measured in the same run on the same pages.
//
//   node tools/eval_metadata.mjs [--data DIR]... [--lectern BIN] [--engine chromium|jsdom]
//                                [--tabs N] [--cache DIR] [--limit N] [--json OUT] [--misses OUT]
//                                [--cached-only] [--pred-dir DIR]
//
// --data defaults to the `readability` and `wcxb-dev` corpora under $LECTERN_SHARED/datasets (else
// ../shared/datasets). Lectern runs as `BIN batch` (default target/release/lectern). Readability.js
// (npm @mozilla/readability, the dev dependency) runs, by default (`--engine chromium`), inside
// headless Debian Chromium: each page served from 127.0.0.1 with page scripts off and every other
// request aborted (tools/lib/corpus_browser.mjs), then `new Readability(document.cloneNode(true))
// .parse()` on the real browser DOM, in --tabs tabs at once (default 2). `--engine jsdom` runs it
// on jsdom in this process instead (1–20 s a page on a loaded 2-core machine). Results are cached
// in --cache (default out/metadata-cache) per engine by page sha256, so a re-run only pays for
// Lectern.
// --pred-dir DIR reads Lectern's predictions from DIR/<corpus>.jsonl (a `lectern batch` output)
// instead of running the batch.
// --cached-only scores both tools on the pages whose Readability.js result is already cached (a
// partial run), and says how many those are.
// The matching rules (strict and spec-aware) are documented in docs/QUALITY.md ("Metadata") and
// implemented by `match` and `specMatch` below.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const FIELDS = ['title', 'author', 'date'];
/// Readability's own test pages have no URL; its test harness uses this one.
const FAKE_URL = 'http://fakehost/test/page.html';

function parseArgs(argv) {
  const out = { data: [], lectern: 'target/release/lectern', cache: 'out/metadata-cache', engine: 'chromium' };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (k === 'cached-only') {
      out.cachedOnly = true;
      continue;
    }
    const v = argv[++i];
    if (v === undefined) throw new Error(`--${k} needs a value`);
    if (k === 'data') out.data.push(v);
    else if (['lectern', 'cache', 'limit', 'json', 'misses', 'tabs'].includes(k)) out[k] = v;
    else if (k === 'engine' && ['chromium', 'jsdom'].includes(v)) out.engine = v;
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

// ---- the spec-aware rule (issue #3: "title without site suffix", bylines that are names) ------
// The readability corpus's gold is Readability.js's own output, which keeps a site suffix on short
// titles and takes non-name text as a byline. This rule is applied identically to both tools and
// always reported next to the strict one: a title also matches the gold minus a trailing segment
// that is the page's own site name; an author gold that is not a name is left out for both.

/** Separators between a title and a site-name segment ("Mozilla - Wikipedia", "X | eHow"). */
const TITLE_SEPARATORS = /\s+(?:[|\-–—·•»:]|::)\s+/u;
/** Meta names/properties that name the site. */
const SITE_META = new Set(['og:site_name', 'application-name', 'apple-mobile-web-app-title', 'twitter:site', 'twitter:app:name:iphone']);

/** The names the page gives its site, as joined word keys: site-name metas and the distinctive label
 * of its host (`rec.url`, else og:url or the canonical link), e.g. "ehow" for www.ehow.com. */
export function siteNames(html, url) {
  const names = new Set();
  const head = html.slice(0, 200_000);
  const attr = (tag, a) => new RegExp(`\\b${a}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((x) => x !== undefined);
  const urls = url ? [url] : [];
  for (const m of head.matchAll(/<(meta|link)\b[^>]*>/gi)) {
    const tag = m[0];
    if (m[1].toLowerCase() === 'meta') {
      const keys = (attr(tag, 'property') ?? attr(tag, 'name') ?? '').toLowerCase().split(/\s+/);
      const content = attr(tag, 'content');
      if (!content) continue;
      if (keys.some((k) => SITE_META.has(k))) names.add(words(content.replace(/^@/, '')).join(' '));
      if (keys.includes('og:url')) urls.push(content);
    } else if ((attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) {
      urls.push(attr(tag, 'href') ?? '');
    }
  }
  for (const u of urls) {
    try {
      const labels = new URL(u).hostname.toLowerCase().split('.').filter((l) => !['www', 'm', 'en', 'amp'].includes(l));
      // The label before the public suffix (co.uk-style two-label suffixes included).
      const i = labels.length >= 3 && labels[labels.length - 2].length <= 3 ? labels.length - 3 : labels.length - 2;
      if (i >= 0) names.add(labels[i]);
    } catch {
      // not an absolute URL: no host to learn from
    }
  }
  names.delete('');
  return names;
}

/** The gold title minus a trailing segment that is one of the page's site names (else null). */
export function withoutSiteSuffix(gold, names) {
  const parts = (gold ?? '').split(TITLE_SEPARATORS);
  if (parts.length < 2) return null;
  const last = words(parts[parts.length - 1]);
  const isSite = names.has(last.join(' ')) || names.has(last.join(''));
  return isSite ? parts.slice(0, -1).join(' - ') : null;
}

/** Words that mark a byline gold as something other than a name ("Follow Author", "Last Updated…"). */
const NOT_A_NAME = new Set(['follow', 'updated', 'update', 'posted', 'published', 'comments', 'subscribe', 'share']);
/** Letters a date or time token may carry ("3rd", "6:01am"). */
const DATE_TOKEN_LETTERS = new Set(['', 'st', 'nd', 'rd', 'th', 'am', 'pm']);
/** A date, time or count token ("2019", "28,", "6:01"), not a handle holding digits ("user42"). */
function numericToken(t) {
  return /\d/.test(t) && DATE_TOKEN_LETTERS.has(t.replace(/[^\p{L}]/gu, '').toLowerCase());
}
/** Is an author gold a name: none of NOT_A_NAME, and no date, time or count after its first word
 * ("By Nathan Willis March 25, 2015" is a byline line, "98 Buck Social" and "ggailey777" are names)? */
export function isName(gold) {
  const w = words(gold);
  const tokens = String(gold ?? '').split(/\s+/).filter(Boolean);
  return w.length > 0 && !w.some((x) => NOT_A_NAME.has(x)) && !tokens.slice(1).some(numericToken);
}

/** An opener before the name in a byline ("Written by Rob Ewaschuk"); "by" alone is noise already. */
const BYLINE_OPENER = /^\s*(?:written|posted|text|words|story)\s+by\s+/iu;
/** A URL or mail note in brackets after a name ("Bradley M. Kuhn (http://ebb.org/bkuhn/)"). */
const URL_NOTE = /\s*[([]\s*(?:https?:\/\/|mailto:|www\.)[^)\]]*[)\]]/giu;
/** The name part of an author gold: its first line (a gold spanning lines is a byline block, e.g.
 * "By Kelli Miller⏎WebMD Health News", "Written by Rob Ewaschuk⏎Edited by Betsy Beyer"), without a
 * URL note in brackets or an opener such as "Written by". */
export function namePart(gold) {
  const first = String(gold ?? '').split(/\r?\n/).find((l) => l.trim()) ?? '';
  return first.replace(URL_NOTE, '').replace(BYLINE_OPENER, '').trim();
}

/** The spec-aware match: `null` when the gold is left out for both tools (an author gold whose name
 * part is not a name), else the strict match or a match of the gold's spec form: for titles the
 * gold without its site suffix, for authors the gold's name part. */
export function specMatch(field, pred, gold, names) {
  if (field === 'author' && !isName(namePart(gold))) return null;
  if (match(field, pred, gold)) return true;
  if (field === 'author') return match(field, pred, namePart(gold));
  if (field !== 'title') return false;
  const stripped = withoutSiteSuffix(gold, names);
  return stripped !== null && match(field, pred, stripped);
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

/** Readability.js's metadata fields from its `parse()` result (null when it found no article). */
function fieldsOf(a) {
  return a ? { title: a.title || null, author: a.byline || null, date: a.publishedTime || null,
    site_name: a.siteName || null, excerpt: a.excerpt || null } : {};
}

/** Readability.js on jsdom, in this process, one page after another. */
async function jsdomEngine() {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  return {
    async run(dir, jobs, done) {
      for (const { rec, bytes } of jobs) {
        const dom = new JSDOM(bytes, { url: rec.url ?? FAKE_URL, virtualConsole: new VirtualConsole() });
        try {
          done(rec, fieldsOf(new Readability(dom.window.document).parse()));
        } catch (e) {
          done(rec, { error: String(e).slice(0, 200) });
        } finally {
          dom.window.close();
        }
      }
    },
    close: async () => {},
  };
}

/** Readability.js inside headless Chromium: the page served from loopback, scripts off (see
 * tools/lib/corpus_browser.mjs), `tabs` pages at once. */
async function chromiumEngine(tabs) {
  const cb = await import('./lib/corpus_browser.mjs');
  const { browser, context } = await cb.launch();
  return {
    async run(dir, jobs, done) {
      const byId = new Map(cb.readManifest(dir).map((p) => [p.id, p]));
      const server = await cb.startServer(dir, [...byId.values()]);
      const queue = [...jobs];
      const worker = async () => {
        let tab = await cb.newTab(context);
        for (let job = queue.shift(); job; job = queue.shift()) {
          try {
            await cb.open(tab, server.urlOf(byId.get(String(job.rec.id))));
            await cb.inject(tab, server.origin, { readability: true, lectern: false });
            done(job.rec, fieldsOf(await tab.tab.evaluate(() => {
              const a = new globalThis.__Readability(document.cloneNode(true)).parse();
              return a && { title: a.title, byline: a.byline, publishedTime: a.publishedTime, siteName: a.siteName, excerpt: a.excerpt };
            })));
          } catch (e) {
            done(job.rec, { error: String(e).slice(0, 200) });
            // A page that broke its tab (crash, hang) must not take the next pages with it.
            await tab.tab.close().catch(() => {});
            tab = await cb.newTab(context);
          }
        }
        await tab.tab.close().catch(() => {});
      };
      await Promise.all(Array.from({ length: Math.max(1, tabs) }, worker));
      await server.close();
    },
    close: () => browser.close(),
  };
}

async function runReadability(dir, recs, opts, engine) {
  fs.mkdirSync(opts.cache, { recursive: true });
  const cacheFile = path.join(opts.cache, `${path.basename(dir)}-readability-${opts.engine}.jsonl`);
  const cache = new Map();
  if (fs.existsSync(cacheFile)) {
    for (const l of fs.readFileSync(cacheFile, 'utf8').split('\n')) {
      if (l.trim()) {
        const c = JSON.parse(l);
        cache.set(c.key, c);
      }
    }
  }
  const keyOf = new Map();
  const jobs = [];
  for (const rec of recs) {
    const bytes = zlib.gunzipSync(fs.readFileSync(path.join(dir, rec.html)));
    const key = rec.sha256 ?? createHash('sha256').update(bytes).digest('hex');
    keyOf.set(String(rec.id), key);
    if (!cache.has(key) && !opts.cachedOnly) jobs.push({ rec, bytes });
  }
  if (jobs.length) {
    const sink = fs.openSync(cacheFile, 'a');
    const start = Date.now();
    await (await engine()).run(dir, jobs, (rec, fields) => {
      const got = { key: keyOf.get(String(rec.id)), title: null, author: null, date: null, site_name: null, excerpt: null, ...fields };
      fs.writeSync(sink, JSON.stringify(got) + '\n');
      cache.set(got.key, got);
    });
    fs.closeSync(sink);
    console.error(`${path.basename(dir)}: Readability.js (${opts.engine}) on ${jobs.length} pages, ${((Date.now() - start) / 1000).toFixed(0)} s wall`);
  }
  const out = new Map();
  for (const rec of recs) {
    const got = cache.get(keyOf.get(String(rec.id)));
    if (got) out.set(String(rec.id), got);
  }
  return out;
}

/** Field accuracy of one tool; `names` (id -> site names) switches on the spec-aware rule. */
function score(recs, preds, names) {
  const s = {};
  for (const f of FIELDS) {
    const withGold = recs.filter((r) => r[f]);
    const verdicts = withGold.map((r) => {
      const p = preds.get(String(r.id))?.[f];
      return names ? specMatch(f, p, r[f], names.get(String(r.id))) : match(f, p, r[f]);
    }).filter((v) => v !== null);
    const hits = verdicts.filter(Boolean).length;
    const noGold = recs.filter((r) => !r[f]);
    const extra = noGold.filter((r) => preds.get(String(r.id))?.[f]).length;
    s[f] = { n: verdicts.length, hits, accuracy: verdicts.length ? hits / verdicts.length : null,
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
  let eng;
  const engine = async () => (eng ??= opts.engine === 'jsdom' ? await jsdomEngine() : await chromiumEngine(Number(opts.tabs ?? 2)));
  const report = {};
  const misses = [];
  const rows = [
    '| corpus (pages) | field | gold (strict / spec) | Lectern strict | R.js strict | Lectern spec-aware | R.js spec-aware | pages the spec rule touches |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  try {
    for (const dir of opts.data) {
      const name = path.basename(dir);
      const all = readManifest(dir, opts.limit);
      const lectern = runLectern(opts.lectern, dir, opts.limit, tmp, opts.predDir);
      const readability = await runReadability(dir, all, opts, engine);
      const recs = all.filter((r) => readability.has(String(r.id)));
      if (recs.length < all.length) console.error(`${name}: scored on the ${recs.length} of ${all.length} pages Readability.js has run on`);
      const names = new Map(recs.map((r) => [String(r.id),
        siteNames(zlib.gunzipSync(fs.readFileSync(path.join(dir, r.html))).toString('utf8'), r.url)]));
      const ours = score(recs, lectern);
      const theirs = score(recs, readability);
      const oursSpec = score(recs, lectern, names);
      const theirsSpec = score(recs, readability, names);
      const rdErrors = recs.filter((r) => readability.get(String(r.id))?.error).length;
      report[name] = { pages: recs.length, readability_errors: rdErrors, lectern: ours, readability: theirs,
        lectern_spec: oursSpec, readability_spec: theirsSpec, spec_touched: {} };
      for (const f of FIELDS) {
        // Pages where the spec-aware rule differs from the strict one: an author gold left out or
        // reduced to its name part, or a title gold with a site suffix to strip.
        const touched = recs.filter((r) => r[f] && (f === 'author' ? !isName(namePart(r[f])) || namePart(r[f]) !== r[f].trim() :
          f === 'title' && withoutSiteSuffix(r[f], names.get(String(r.id))) !== null)).map((r) => r.id);
        report[name].spec_touched[f] = touched;
        rows.push(`| ${name} (${recs.length}) | ${f} | ${ours[f].n} / ${oursSpec[f].n} | ${pct(ours[f].accuracy)} | ${pct(theirs[f].accuracy)} | ${pct(oursSpec[f].accuracy)} | ${pct(theirsSpec[f].accuracy)} | ${touched.length} |`);
        for (const r of recs.filter((r) => r[f])) {
          const id = String(r.id);
          const p = lectern.get(id)?.[f] ?? null;
          const q = readability.get(id)?.[f] ?? null;
          if (!match(f, p, r[f])) {
            misses.push({ corpus: name, id: r.id, page_type: r.page_type ?? null, field: f, gold: r[f], lectern: p, readability: q,
              readability_ok: match(f, q, r[f]), spec_ok: specMatch(f, p, r[f], names.get(id)) });
          }
        }
      }
    }
  } finally {
    if (eng) await eng.close();
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
