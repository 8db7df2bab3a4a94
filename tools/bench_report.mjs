#!/usr/bin/env node
// Writes the generated part of docs/BENCHMARKS.md and its SVG plots (docs/bench/) from the files
// `./build.sh bench` leaves in OUT: browser/browser.json (+ per-corpus predictions, scored here
// with ../shared/eval/score.py and score_blocks.py), native.json + native.md
// (examples/bench_native.rs), peers.md + peers.json (benches/peers, optional). Sizes are measured
// here (tools/lib/sizes.mjs).
//
//   node tools/bench_report.mjs --out out/bench [--data-root ../shared/datasets] [--doc docs/BENCHMARKS.md]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, parseArgs } from "./lib/corpus_browser.mjs";
import { sizes } from "./lib/sizes.mjs";
import { chart, COLORS } from "./lib/svg.mjs";

const args = parseArgs(process.argv.slice(2));
const out = path.resolve(args.out || path.join(ROOT, "out", "bench"));
const dataRoot = path.resolve(args["data-root"] || path.join(ROOT, "..", "shared", "datasets"));
const evalDir = path.resolve(args.eval || path.join(dataRoot, "..", "eval"));
const doc = path.resolve(args.doc || path.join(ROOT, "docs", "BENCHMARKS.md"));
const plotDir = path.join(path.dirname(doc), "bench");
const MARK = "<!-- generated below by ./build.sh bench: do not edit by hand -->";
fs.mkdirSync(plotDir, { recursive: true });

const readJson = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
/** Nearest-rank quantile. */
function q(values, p) {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length, Math.max(1, Math.ceil(p * s.length))) - 1];
}
const f1 = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : "—");
const f2 = (v) => f1(v, 2);
const f3 = (v) => f1(v, 3);
const ratio = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)}×` : "—");
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? "**met**" : "not met");
const lines = [];
const say = (...l) => lines.push(...l);
const plot = (name, spec) => {
  fs.writeFileSync(path.join(plotDir, name), chart(spec));
  say("", `![${spec.title}](bench/${name})`, "");
};
const targets = [];

// --- in the browser ------------------------------------------------------------------------------
const browser = readJson(path.join(out, "browser", "browser.json"));
if (browser) {
  const pages = browser.pages.filter((p) => !p.error && p.ms && Number.isFinite(p.ms.lectern) && Number.isFinite(p.ms.readability));
  const failed = browser.pages.length - pages.length;
  const corpora = [...new Set(browser.pages.map((p) => p.corpus))];
  const s = browser.settings;
  say("## In the browser: Lectern vs Readability.js on the same live page", "",
    `${browser.pages.length} pages (sample: ${s.sample === "full" ? "every page" : `${s.sample} per corpus, fixed and stratified by page type / site`}), ` +
    `Chromium ${browser.chromium}, ${browser.seconds.toFixed(0)} s. Settings: page scripts ${s.page_scripts}; network ${s.network}; viewport ${s.viewport}; ` +
    `wait ${s.wait}. Per page: ${s.warmup} warm-up call of each task, then ${s.reps} timed rounds in ${s.order}; the per-page figure is the median of the rounds.` +
    (failed ? ` ${failed} page(s) failed to load or measure and are left out of the timings.` : ""), "",
    "Tasks: **Lectern** = `extract(document)` (capture + extraction + rendering to HTML/text/Markdown); " +
    "**capture** = `captureSnapshot(document)` (capture plus conversion of the snapshot to a JS object: an upper bound of capture alone); " +
    "**Readability** = `new Readability(document.cloneNode(true)).parse()` (0.6.0, clone included); " +
    "**floor** = one JS TreeWalker pass over elements and text nodes reading each tag name or text length; " +
    "**readerable** = each library's `isProbablyReaderable(document)`.", "");
  const rows = [["corpus", "pages", "Lectern ms median / p90 / p99", "capture ms median", "Readability ms median / p90 / p99",
    "L/R median", "L/R p90", "L/R p99", "per-page L/R median", "floor ms median", "L/floor (per-page median)",
    "readerable ms L / R (median)"]];
  const agg = (ps, name) => {
    const g = (k) => ps.map((p) => p.ms[k]);
    const L = g("lectern");
    const R = g("readability");
    const row = {
      n: ps.length, L50: q(L, 0.5), L90: q(L, 0.9), L99: q(L, 0.99), R50: q(R, 0.5), R90: q(R, 0.9), R99: q(R, 0.99),
      C50: q(g("capture"), 0.5), F50: q(g("floor"), 0.5),
      pr50: q(ps.map((p) => p.ms.lectern / p.ms.readability), 0.5),
      lf50: q(ps.map((p) => p.ms.lectern / Math.max(p.ms.floor, 0.1)), 0.5),
      LR: q(g("lectern_readerable"), 0.5), RR: q(g("readability_readerable"), 0.5),
    };
    rows.push([name, row.n, `${f1(row.L50)} / ${f1(row.L90)} / ${f1(row.L99)}`, f1(row.C50),
      `${f1(row.R50)} / ${f1(row.R90)} / ${f1(row.R99)}`, ratio(row.L50 / row.R50), ratio(row.L90 / row.R90),
      ratio(row.L99 / row.R99), ratio(row.pr50), f2(row.F50), ratio(row.lf50), `${f2(row.LR)} / ${f2(row.RR)}`]);
    return row;
  };
  for (const c of corpora) agg(pages.filter((p) => p.corpus === c), c);
  const all = agg(pages, "**all**");
  say(...table(rows), "",
    "L/R median, p90, p99: Lectern's quantile over Readability's quantile (the targets' reading); per-page L/R: the median of each page's own ratio. " +
    "The floor is clamped at 0.1 ms (the timer's resolution without cross-origin isolation) for the ratio.");
  targets.push(["in-browser median time ≤ 0.5× Readability.js", ratio(all.L50 / all.R50), verdict(all.L50 / all.R50 <= 0.5)],
    ["in-browser p99 time ≤ 1× Readability.js", ratio(all.L99 / all.R99), verdict(all.L99 / all.R99 <= 1)],
    ["≤ 3× the bare traversal floor (median per-page ratio)", ratio(all.lf50), verdict(all.lf50 <= 3)]);
  const agree = pages.filter((p) => p.lectern_readerable === p.readability_readerable).length;
  say("", `isProbablyReaderable: Lectern's median ${f2(all.LR)} ms vs Readability.js's ${f2(all.RR)} ms (${ratio(all.LR / all.RR)}); ` +
    `the two agree on ${agree} of ${pages.length} pages (Lectern says yes on ${pages.filter((p) => p.lectern_readerable).length}, Readability.js on ${pages.filter((p) => p.readability_readerable).length}).`);

  plot("browser-times.svg", {
    title: "Per page: Lectern extract vs Readability.js parse (ms)", xLabel: "Readability.js ms (log)", yLabel: "Lectern ms (log)",
    logX: true, logY: true,
    series: corpora.map((c) => ({ label: c, points: pages.filter((p) => p.corpus === c).map((p) => [p.ms.readability, p.ms.lectern]) })),
    refs: [{ label: "same time", f: (x) => x }, { label: "target 0.5×", f: (x) => x / 2 }],
  });
  const sorted = (f) => pages.map(f).filter(Number.isFinite).sort((a, b) => a - b).map((v, i, a) => [(100 * (i + 1)) / a.length, v]);
  plot("browser-ratios.svg", {
    title: "Per-page time ratios, sorted", xLabel: "share of pages (%)", yLabel: "ratio (log)", logY: true,
    series: [
      { label: "Lectern / Readability", line: true, points: sorted((p) => p.ms.lectern / p.ms.readability) },
      { label: "Lectern / floor", line: true, points: sorted((p) => p.ms.lectern / Math.max(p.ms.floor, 0.1)) },
      { label: "capture / floor", line: true, points: sorted((p) => p.ms.capture / Math.max(p.ms.floor, 0.1)) },
    ],
    refs: [{ label: "1×", f: () => 1 }, { label: "3× (floor target)", f: () => 3 }],
  });

  // Native replay of the same captures: how much of the in-browser time is the engine itself.
  const replay = corpora.flatMap((c) => (readJson(path.join(out, "browser", c, "replay.json")) || []).map((r) => ({ ...r, corpus: c })));
  if (replay.length) {
    const live = new Map(pages.map((p) => [`${p.corpus}/${p.id}`, p]));
    const both = replay.filter((r) => live.has(`${r.corpus}/${r.id}`));
    const rrows = [["corpus", "snapshots", "same text as live", "native extract ms on the live snapshot (median)", "in-browser extract ms (median)", "native engine / in-browser (per-page median)"]];
    for (const c of [...corpora, "**all**"]) {
      const rs = both.filter((r) => c === "**all**" || r.corpus === c);
      if (!rs.length) continue;
      rrows.push([c, rs.length, rs.filter((r) => r.same_text).length, f1(q(rs.map((r) => r.native_ms), 0.5)),
        f1(q(rs.map((r) => live.get(`${r.corpus}/${r.id}`).ms.lectern), 0.5)),
        ratio(q(rs.map((r) => r.native_ms / live.get(`${r.corpus}/${r.id}`).ms.lectern), 0.5))]);
    }
    say("", "### Where the in-browser time goes: native replay of the same captures", "",
      "`examples/bench_replay.rs` extracts each page's live `captureSnapshot` (layout included) natively. The text must be identical to " +
      "the wasm's on the live page (it is the same engine on the same snapshot); the time is the engine alone, without capture, wasm↔JS crossings or conversion.", "",
      ...table(rrows), "");
  }

  // Quality of both, on the same sampled pages, with the reference scorers.
  say("### Quality on the same pages (reference scorers)", "");
  const qrows = [["corpus", "pages", "metric", "Lectern", "Readability.js"]];
  const wordF1 = new Map();
  for (const c of corpora) {
    const dir = path.join(out, "browser", c);
    const lec = path.join(dir, "lectern.jsonl");
    const rd = path.join(dir, "readability.jsonl");
    const n = browser.pages.filter((p) => p.corpus === c).length;
    if (fs.existsSync(path.join(dataRoot, c, "gold.jsonl"))) {
      const ids = new Set(browser.pages.filter((p) => p.corpus === c).map((p) => p.id));
      const gold = path.join(dir, "gold.jsonl");
      fs.writeFileSync(gold, fs.readFileSync(path.join(dataRoot, c, "gold.jsonl"), "utf8").split("\n")
        .filter((l) => l.trim() && ids.has(String(JSON.parse(l).id))).join("\n") + "\n");
      const js = path.join(dir, "score.json");
      execFileSync("python3", [path.join(evalDir, "score_blocks.py"), "--gold", gold, "--pred", `lectern=${lec}`, "--pred", `readability=${rd}`, "--json", js], { stdio: ["ignore", "ignore", "inherit"] });
      const r = readJson(js);
      const sb = (l) => [r[l].noise_removed_pct, r[l].content_kept_pct, r[l].hmean];
      const [ln, lc, lh] = sb("lectern");
      const [rn, rc, rh] = sb("readability");
      const pct = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} %` : "—");
      qrows.push([c, n, "noise blocks removed", pct(ln), pct(rn)], ["", "", "content blocks kept", pct(lc), pct(rc)], ["", "", "harmonic mean", f1(lh), f1(rh)]);
      continue;
    }
    const js = path.join(dir, "score.json");
    const perPage = path.join(dir, "per_page.jsonl");
    execFileSync("python3", [path.join(evalDir, "score.py"), "--data", dir, "--pred", `lectern=${lec}`, "--pred", `readability=${rd}`, "--json", js, "--n-bootstrap", "100", "--per-page", perPage], { stdio: ["ignore", "ignore", "inherit"] });
    for (const l of fs.readFileSync(perPage, "utf8").split("\n").filter((x) => x.trim())) {
      const r = JSON.parse(l);
      wordF1.set(`${c}/${r.id}/${r.pred}`, r.word_f1);
    }
    const r = readJson(js).preds;
    const has = (k) => r.lectern[k] && r.lectern[k].n > 0;
    if (has("word")) qrows.push([c, n, "word F1", f3(r.lectern.word.f1), f3(r.readability.word.f1)]);
    if (has("shingle")) qrows.push(["", "", "shingle F1", f3(r.lectern.shingle.f1), f3(r.readability.shingle.f1)]);
    if (has("snippet") && !has("word")) qrows.push([c, n, "snippet F1", f3(r.lectern.snippet.f1), f3(r.readability.snippet.f1)]);
  }
  say(...table(qrows), "", "Live DOM, offline pages: the corpus pages (all but styled-dev) render without their external CSS, so these are a floor (see EVALUATION.md). A sample this small only shows direction; the quality numbers that count are in docs/QUALITY.md.");

  // Per page, folded.
  const per = [["corpus", "id", "KB", "DOM nodes", "Lectern ms", "capture ms", "Readability ms", "floor ms", "L/R", "L/floor", "readerable ms L / R", "word F1 L / R"]];
  for (const p of browser.pages) {
    if (p.error || !p.ms) {
      per.push([p.corpus, p.id, p.bytes ? f1(p.bytes / 1024) : "—", "—", "error", "", "", "", "", "", "", ""]);
      continue;
    }
    const w = (who) => wordF1.get(`${p.corpus}/${p.id}/${who}`);
    per.push([p.corpus, p.id, f1(p.bytes / 1024), p.nodes, f1(p.ms.lectern), f1(p.ms.capture), f1(p.ms.readability), f2(p.ms.floor),
      ratio(p.ms.lectern / p.ms.readability), ratio(p.ms.lectern / Math.max(p.ms.floor, 0.1)),
      `${f2(p.ms.lectern_readerable)} / ${f2(p.ms.readability_readerable)}`,
      w("lectern") === undefined ? "—" : `${f2(w("lectern"))} / ${f2(w("readability"))}`]);
  }
  say("", "<details><summary>Every page (in-browser medians)</summary>", "", ...table(per), "", "</details>");
}

// --- native ----------------------------------------------------------------------------------------
const nativeMd = path.join(out, "native.md");
const native = readJson(path.join(out, "native.json"));
if (native && fs.existsSync(nativeMd)) {
  say("", "## Native: pages per second on one core, memory peak vs input size", "",
    "`examples/bench_native.rs` over every page of every corpus, on one thread (so one core at a time), timed in thread CPU time (wall-clock time on this shared machine also counts other jobs), " +
    "release profile of the crate (`opt-level = \"s\"`, LTO). *parse+extract*: `parse_bytes` (encoding sniffing, html5ever, capture) then " +
    "`extract_snapshot` and text rendering; *extract only*: the same without the parse. The heap peak is measured by a counting global " +
    "allocator over parse + extract + render of one page, above what was live before (the input bytes themselves are not counted).", "",
    ...fs.readFileSync(nativeMd, "utf8").trim().split("\n"));
  const ratios = native.map((p) => p.peak / Math.max(p.bytes, 1));
  const over = ratios.filter((r) => r > 4).length;
  targets.push(["memory peak ≤ 4× input HTML size (median; worst page)", `${ratio(q(ratios, 0.5))}; ${ratio(q(ratios, 1))}`,
    `${verdict(q(ratios, 0.5) <= 4)} for the median; ${over} of ${native.length} pages above 4×`]);
  const byCorpus = [...new Set(native.map((p) => p.corpus))];
  plot("native-memory.svg", {
    title: "Native heap peak / input size, per page", xLabel: "input HTML (KB, log)", yLabel: "peak / input (log)", logX: true, logY: true,
    series: byCorpus.map((c) => ({ label: c, points: native.filter((p) => p.corpus === c).map((p) => [p.bytes / 1024, p.peak / Math.max(p.bytes, 1)]) })),
    refs: [{ label: "target 4×", f: () => 4 }],
  });
  plot("native-time.svg", {
    title: "Native ms per page (parse + extract) vs input size", xLabel: "input HTML (KB, log)", yLabel: "ms (log)", logX: true, logY: true,
    series: byCorpus.map((c) => ({ label: c, points: native.filter((p) => p.corpus === c).map((p) => [p.bytes / 1024, p.parse_ms + p.extract_ms]) })),
  });
}

const peersMd = path.join(out, "peers.md");
if (fs.existsSync(peersMd)) {
  say("", "## Native, side by side with peers (wcxb-dev, one run)", "",
    "`benches/peers` (its own workspace; CI never builds it): Lectern, dom_smoothie 0.19 and rs-trafilatura 0.2 on the same decoded `&str` of every wcxb-dev page, " +
    "one thread, the order rotating from page to page after one warm-up page, all three at `opt-level = 3`, timed in thread CPU time. Times include each library's own HTML parse.", "",
    ...fs.readFileSync(peersMd, "utf8").trim().split("\n"));
  const peers = readJson(path.join(out, "peers.json"));
  if (peers) {
    const names = Object.keys(peers).filter((k) => k !== "ids");
    const lec = peers.lectern;
    const ds = peers[names.find((n) => n.startsWith("dom_smoothie"))];
    const rt = peers[names.find((n) => n.startsWith("rs-trafilatura"))];
    if (lec && ds && rt) {
      const m = (xs) => q(xs, 0.5);
      targets.push(["(issue 9 speed bar) native median ≤ 1.5× dom_smoothie 0.19, wcxb-dev", ratio(m(lec) / m(ds)), verdict(m(lec) / m(ds) <= 1.5)],
        ["(issue 9) native median faster than rs-trafilatura 0.2", ratio(m(lec) / m(rt)), verdict(m(lec) < m(rt))],
        ["(issue 9) native p99 page < 10× the median", ratio(q(lec, 0.99) / m(lec)), verdict(q(lec, 0.99) < 10 * m(lec))]);
    }
    plot("peers.svg", {
      title: "wcxb-dev: native ms per page, sorted", xLabel: "share of pages (%)", yLabel: "ms (log)", logY: true,
      series: names.map((n) => ({ label: n, line: true, points: [...peers[n]].sort((a, b) => a - b).map((v, i, a) => [(100 * (i + 1)) / a.length, v]) })),
    });
  }
}

// --- sizes -------------------------------------------------------------------------------------------
const sz = sizes();
const budgets = readJson(path.join(ROOT, "tools", "size_budgets.json")).gzip_bytes;
say("", "## Size", "", ...table([["artefact", "files", "raw", "gzip (zlib -9)", "budget (gzip)"],
  ...Object.entries(sz).map(([k, v]) => [k, v.files.length, kb(v.raw), kb(v.gzip), budgets[k] ? kb(budgets[k]) : "—"])]));
const packed = new Set(sz["npm tarball"].files);
const unpacked = sz["npm JS"].files.map((f) => path.relative("pkg", f)).filter((f) => !packed.has(f));
if (unpacked.length) say("", `**Warning:** the npm tarball leaves out ${unpacked.map((f) => `\`${f}\``).join(", ")}, which \`lectern.js\` imports: the published package would not load (\`files\` in npm/package.json).`);
const shipped = sz["extension wasm"].gzip;
targets.push(["shipped (extension) wasm ≤ 250 KB gzipped", kb(shipped), verdict(shipped <= 250 * 1024)],
  ["npm wasm (with the HTML parser) ≤ 250 KB gzipped", kb(sz["npm wasm"].gzip), verdict(sz["npm wasm"].gzip <= 250 * 1024)]);

// --- assemble ----------------------------------------------------------------------------------------
const head = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8").split(MARK)[0].trimEnd() : "# Benchmarks";
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() || "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, shared with other jobs (timings vary up to 2× between runs; compare the ratios measured in one run)`;
const runDate = (browser?.date ? new Date(browser.date) : new Date()).toISOString().slice(0, 16).replace("T", " ");
const gen = [MARK, "", `# Report of the run of ${runDate} UTC`, "",
  `Machine: ${machine}. Commit: ${gitHead()}. Reproduce: \`./build.sh bench\` (options: \`--sample N\`, \`--full\`, \`--skip-peers\`).`, "",
  "## Targets (issue 7)", "", ...table([["target", "measured", "status"], ...targets]), "", ...lines, ""];
fs.writeFileSync(doc, head + "\n\n" + gen.join("\n"));
console.error(`wrote ${doc} and ${plotDir}/*.svg`);

function table(rows) {
  const [h, ...body] = rows;
  const num = h.map((_, i) => body.length > 0 && body.every((r) => /^[\d.,—×% /KB*-]*$/.test(String(r[i]))));
  return [`| ${h.join(" | ")} |`, `|${num.map((n) => (n ? "---:" : "---")).join("|")}|`, ...body.map((r) => `| ${r.join(" | ")} |`)];
}

function gitHead() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
