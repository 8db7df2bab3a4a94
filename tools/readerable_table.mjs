#!/usr/bin/env node
// isProbablyReaderable and confidence by page type, from a `lectern batch` prediction file:
//   node tools/readerable_table.mjs MANIFEST.jsonl PRED.jsonl
// Prints, per page type: pages, share the toolbar check calls readerable, share with an article,
// and the mean confidence of the articles found. On wcxb-dev "article" is the positive class;
// readerable on the other types is a false positive of the button.
import fs from 'node:fs';

const [manifest, predFile] = process.argv.slice(2);
if (!manifest || !predFile) {
  console.error('usage: node tools/readerable_table.mjs MANIFEST.jsonl PRED.jsonl');
  process.exit(2);
}
const lines = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const preds = new Map(lines(predFile).map((p) => [String(p.id), p]));
const by = new Map();
for (const r of lines(manifest)) {
  const p = preds.get(String(r.id));
  if (!p) continue;
  const t = r.page_type ?? 'unknown';
  const s = by.get(t) ?? { n: 0, readerable: 0, found: 0, conf: 0 };
  s.n++;
  if (p.readerable) s.readerable++;
  if (p.confidence !== undefined && p.confidence !== null) {
    s.found++;
    s.conf += p.confidence;
  }
  by.set(t, s);
}
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
console.log('| page type | pages | readerable | article found | mean confidence |');
console.log('|---|---:|---:|---:|---:|');
for (const [t, s] of [...by].sort((a, b) => b[1].n - a[1].n)) {
  console.log(`| ${t} | ${s.n} | ${pct(s.readerable, s.n)} | ${pct(s.found, s.n)} | ${s.found ? (s.conf / s.found).toFixed(2) : '—'} |`);
}
