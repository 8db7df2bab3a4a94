//! The `lectern` command-line tool: extract one page, batch-extract a corpus, score
//! predictions, and evaluate over every development corpus.

mod ablate;
mod args;
mod batch;
mod corpus;
mod crf;
mod gate;
mod metrics;
mod pyre_tables;
mod pytext;
mod report;
mod score;
mod train;

use args::Args;
use corpus::Corpus;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:
  lectern extract FILE|- [--url U] [--format text|json|html|markdown]
               [--learned] [--learned-only] [--model FILE] [--fuse C,B,J[,…]]
  lectern batch --data DIR --out PRED.jsonl [--threads N] [--limit N] [--no-site-memory]
               [--snapshots DIR]
  lectern eval [--data DIR]... [--json OUT] [--pred-dir DIR] [--threads N] [--limit N]
               [--no-site-memory] [--floors FILE] [--ablate] [--learned] [--learned-only]
               [--model FILE]... [--snapshots DIR] [--fuse C,B,J[,PROSE,C2,B2,J2[,ONLY]]]
  lectern train --data DIR [--data DIR]... --out MODEL [--snapshots DIR] [--fold-out PREFIX]
               [--trees N] [--depth N] [--threads N] [--compare] [--rows-cache DIR]
               [--without NAME,…]
  lectern train --data DIR [--data DIR]... --oracle DIR [--snapshots DIR]   (block-label headroom)
  lectern train … --pruner|--pruner-sqrt [--curve PREFIX]   (a pruner of the rules' kept blocks)
  lectern score --data DIR --pred PRED.jsonl [--json OUT]

eval defaults to every corpus under $LECTERN_SHARED/datasets (else ../shared/datasets).
Pages with a manifest `site` share a site memory learned online in manifest order
(--no-site-memory turns it off). --floors FILE fails (exit 1) when a score is below its floor;
--ablate reruns the eval with each engine stage off in turn and prints a Markdown table.
--snapshots DIR replays live-DOM captures (tools/browser_batch.mjs --snapshots) instead of
parsing the pages: DIR/<corpus>/snapshots/<id>.json when that directory exists, else DIR/<id>.json;
a page without a capture scores as empty.
--model FILE replaces the shipped block model; with k files, a page uses file fold(id, k)
(out-of-fold evaluation of the models `train --fold-out` writes).
train labels blocks against the gold text, fits boosted trees (docs/LEARNED.md), writes MODEL;
--fold-out PREFIX also writes PREFIX0.bin…PREFIX4.bin, each trained without its fold;
--compare prints boosted trees vs logistic regression vs rules on the validation fold.
--pruner trains on the rules' kept blocks only (in a root, rule label content), each weighted by
its words (--pruner-sqrt: √words, as the default rows), and prints the out-of-fold drop curve;
fuse it with --fuse 99,T,99 (drop below T). --curve PREFIX prints that curve for the existing
fold models PREFIX0.bin… instead of training. --without NAME,… trains with those features ABSENT
in every row (an ablation; NAME* names every feature starting with NAME, e.g. geo_*,prev_*).
exit codes: 0 ok, 1 no article found or a quality floor missed, 2 usage or input error";

/// Corpora scored another way (typed blocks, `score_blocks.py`), so `eval` leaves them out.
const BLOCK_SCORED: &[&str] = &["styled-dev"];

/// A failed command: exit code 1 (nothing found) or 2 (usage/input), with its message.
struct Failure(u8, String);

impl From<String> for Failure {
    fn from(msg: String) -> Self {
        Failure(2, msg)
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("extract") => cmd_extract(&argv[1..]),
        Some("batch") => cmd_batch(&argv[1..]),
        Some("eval") => cmd_eval(&argv[1..]),
        Some("score") => cmd_score(&argv[1..]),
        Some("train") => cmd_train(&argv[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(Failure(2, USAGE.to_string())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(code, msg)) => {
            eprintln!("lectern: {msg}");
            ExitCode::from(code)
        }
    }
}

fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("stdin: {e}"))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| format!("{path}: {e}"))
}

fn cmd_extract(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse_with_flags(
        argv,
        &["url", "format", "model", "fuse"],
        &["learned", "learned-only"],
    )?;
    let [input] = args.positional() else {
        return Err(Failure(2, format!("extract takes one FILE or -\n{USAGE}")));
    };
    let format = args.get("format").unwrap_or("text");
    if !matches!(format, "text" | "json" | "html" | "markdown") {
        return Err(Failure(
            2,
            format!("format {format} unknown (use html, text, markdown or json)"),
        ));
    }
    let bytes = read_input(input)?;
    let options = lectern::Options {
        url: args.get("url").map(String::from),
        ..lectern::Options::default()
    };
    let models = load_models(&args)?;
    if models.len() > 1 {
        return Err(Failure(2, "extract takes at most one --model".into()));
    }
    let fuse = parse_fuse(&args)?;
    let switches = setup(&args, &models).switches;
    let article = if switches.learned || switches.learned_only || !models.is_empty() {
        // The learned block classifier (docs/LEARNED.md): off by default; `--model` replaces
        // the shipped model and, as in `eval`, needs `--learned` or `--learned-only` to act.
        let snap = lectern::parse_bytes(&bytes, &options).map_err(|e| Failure(2, e.to_string()))?;
        lectern::learn::extract_with_model(&snap, &options, None, switches, models.first(), fuse)
    } else {
        lectern::extract_bytes(&bytes, &options)
    }
    .map_err(|e| Failure(2, e.to_string()))?
    .ok_or(Failure(1, format!("{input}: no article found")))?;
    let out = match format {
        "json" => serde_json::to_string_pretty(&article).map_err(|e| e.to_string())?,
        "html" => lectern::to_html(&article),
        "markdown" => lectern::to_markdown(&article),
        _ => lectern::to_text(&article),
    };
    emit(&out)?;
    Ok(())
}

/// Writes a result to stdout. A reader that went away (`lectern extract page.html | head`) ends
/// the output quietly instead of panicking as `println!` does on a closed pipe.
fn emit(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure(2, format!("writing output: {e}")))
        }
        _ => Ok(()),
    }
}

fn setup<'a>(args: &Args, models: &'a [lectern::learn::Model]) -> batch::Setup<'a> {
    batch::Setup {
        switches: lectern::StageSwitches {
            learned: args.flag("learned") && !args.flag("rules-only"),
            learned_only: args.flag("learned-only"),
            ..lectern::StageSwitches::default()
        },
        site_memory: !args.flag("no-site-memory"),
        models,
        fuse: None,
    }
}

/// A corpus, replayed from `--snapshots` when given.
fn open_corpus(dir: &Path, args: &Args) -> Result<Corpus, String> {
    let corpus = Corpus::open(dir)?;
    Ok(match args.path("snapshots") {
        Some(root) => corpus.with_snapshots(&root),
        None => corpus,
    })
}

/// `--fuse CONTENT,BOILERPLATE,JOIN` (logits), for tuning the fusion thresholds; with
/// `,PROSE,C2,B2,J2` a gate: pages whose rule roots hold PROSE chars of prose or more use
/// C2,B2,J2, and with `,1` the model alone picks the blocks of the other pages (docs/LEARNED.md,
/// session 8), with `,2` of pages the `page_type` stage calls a listing or product, `,3` both.
fn parse_fuse(args: &Args) -> Result<Option<lectern::learn::Fuse>, String> {
    let Some(v) = args.get("fuse") else {
        return Ok(None);
    };
    let n: Vec<f32> = v
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<f32>()
                .map_err(|e| format!("--fuse {v}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let (gate, n) = match n[..] {
        [c, b, j, prose, c2, b2, j2, ref only @ ..] if only.len() < 2 => (
            Some(lectern::learn::Gate {
                prose_chars: prose.max(0.0) as u32,
                strong: [c2, b2, j2],
                // ONLY: 1 weak pages, 2 listing/product pages, 3 both.
                weak_only: only.first().is_some_and(|&o| o as u32 & 1 != 0),
                typed_only: only.first().is_some_and(|&o| o as u32 & 2 != 0),
            }),
            [c, b, j],
        ),
        [c, b, j] => (None, [c, b, j]),
        _ => {
            return Err(format!(
                "--fuse takes CONTENT,BOILERPLATE,JOIN[,PROSE,C2,B2,J2[,ONLY]], not {v}"
            ))
        }
    };
    Ok(Some(lectern::learn::Fuse {
        content: n[0],
        boilerplate: n[1],
        join: n[2],
        gate,
    }))
}

fn load_models(args: &Args) -> Result<Vec<lectern::learn::Model>, String> {
    args.all("model")
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(p).map_err(|e| format!("{p}: {e}"))?;
            lectern::learn::Model::from_bytes(&bytes).map_err(|e| format!("{p}: {e}"))
        })
        .collect()
}

fn cmd_train(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse_with_flags(
        argv,
        &[
            "data",
            "out",
            "snapshots",
            "fold-out",
            "trees",
            "depth",
            "threads",
            "rows-cache",
            "oracle",
            "crf",
            "curve",
            "without",
        ],
        &["compare", "pruner", "pruner-sqrt"],
    )?;
    let dirs = args.all("data");
    if dirs.is_empty() {
        return Err(Failure(2, format!("train needs --data DIR\n{USAGE}")));
    }
    if let Some(dir) = args.path("oracle") {
        for dir_data in &dirs {
            let mut corpus = Corpus::open(Path::new(dir_data))?;
            if let Some(root) = args.path("snapshots") {
                corpus = corpus.with_snapshots(&root);
            }
            train::write_oracle(&corpus, threads(&args)?, &dir)?;
        }
        return Ok(());
    }
    let out = args.required_path("out")?;
    let mut params = train::Params::default();
    if let Some(t) = args.count("trees")? {
        params.trees = t;
    }
    if let Some(d) = args.count("depth")? {
        params.depth = d.min(8) as u8;
    }
    let start = std::time::Instant::now();
    let mut rows = Vec::new();
    // With --snapshots every page gives two sets of rows: parsed (native mode, layout absent)
    // and captured (live mode, layout present), so that one model serves both modes.
    let mut corpora = Vec::new();
    for dir in dirs {
        let parsed = Corpus::open(Path::new(dir))?;
        if let Some(root) = args.path("snapshots") {
            corpora.push(Corpus::open(Path::new(dir))?.with_snapshots(&root));
        }
        corpora.push(parsed);
    }
    for corpus in corpora {
        let cache = args.path("rows-cache");
        let r = train::cached_rows(&corpus, threads(&args)?, cache.as_deref())?;
        let layout = r.iter().filter(|r| train::has_layout(&r.x)).count();
        eprintln!(
            "{}{}: {} labelled blocks ({:.1} % content, {layout} with layout), {:.0} s",
            corpus.name,
            if corpus.snapshots.is_some() {
                " (captures)"
            } else {
                ""
            },
            r.len(),
            100.0 * r.iter().filter(|r| r.y).count() as f64 / r.len().max(1) as f64,
            start.elapsed().as_secs_f64()
        );
        rows.extend(r);
    }
    let pruner = args.flag("pruner") || args.flag("pruner-sqrt");
    if pruner {
        rows = train::pruner_rows(rows, args.flag("pruner"));
        eprintln!(
            "pruner: {} kept rows ({:.1} % of their words content)",
            rows.len(),
            100.0
                * rows
                    .iter()
                    .filter(|r| r.y)
                    .map(|r| f64::from(r.w))
                    .sum::<f64>()
                / rows.iter().map(|r| f64::from(r.w)).sum::<f64>().max(1.0)
        );
    }
    if let Some(names) = args.get("without") {
        // Ablation (session 16): the named features absent (`ABSENT`) in every row, e.g. the
        // layout (`geo_*`) or neighbour (`prev_*,next_*`) features.
        train::without(&mut rows, names);
    }
    let all: Vec<&train::Row> = rows.iter().collect();
    if let Some(prefix) = args.get("curve") {
        // The out-of-fold drop curve of existing fold models PREFIX0.bin… over these rows.
        let mut oof = Vec::new();
        for k in 0..train::FOLDS {
            let path = format!("{prefix}{k}.bin");
            let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
            let m =
                lectern::learn::Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            let held = all.iter().filter(|r| r.page_fold == k);
            oof.extend(held.map(|r| (m.score(&r.x), r.y, r.w)));
        }
        train::pruner_curve(&oof);
        return Ok(());
    }
    if let Some(prefix) = args.get("crf") {
        return crf_report(&all, prefix);
    }
    if args.flag("compare") {
        compare(&all, params);
    }
    if let Some(prefix) = args.get("fold-out") {
        let mut oof: Vec<(f32, bool, f32)> = Vec::new();
        for k in 0..train::FOLDS {
            let part: Vec<&train::Row> = all.iter().copied().filter(|r| r.page_fold != k).collect();
            let m = train::train_gbt(&part, params);
            let path = format!("{prefix}{k}.bin");
            std::fs::write(&path, m.to_bytes()).map_err(|e| format!("{path}: {e}"))?;
            eprintln!("fold {k}: {} rows → {path}", part.len());
            if pruner {
                let held: Vec<&train::Row> =
                    all.iter().copied().filter(|r| r.page_fold == k).collect();
                oof.extend(held.iter().map(|r| (m.score(&r.x), r.y, r.w)));
            }
        }
        if pruner {
            train::pruner_curve(&oof);
        }
    }
    let model = train::train_gbt(&all, params);
    let bytes = model.to_bytes();
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    let used = train::feature_use(&model);
    eprintln!(
        "{} trees, depth {}, {} bytes → {} ({:.0} s)\nsplits per feature: {used:?}",
        model.trees.len(),
        model.depth,
        bytes.len(),
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `train --crf PREFIX`: the linear-chain CRF over the out-of-fold logits of the fold models
/// `PREFIX{k}.bin`, fitted on four folds and measured on the fifth, against the trees alone.
fn crf_report(all: &[&train::Row], prefix: &str) -> Result<(), Failure> {
    let mut models = Vec::new();
    for k in 0..train::FOLDS {
        let path = format!("{prefix}{k}.bin");
        let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
        models.push(lectern::learn::Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?);
    }
    let same_at = lectern::learn::FEATURE_NAMES
        .iter()
        .position(|n| *n == "prev_same_path")
        .ok_or_else(|| "no prev_same_path feature".to_string())?;
    let rel_at = lectern::learn::FEATURE_NAMES
        .iter()
        .position(|n| *n == "rel_preorder")
        .ok_or_else(|| "no rel_preorder feature".to_string())?;
    // Rows are cached page by page in block order; a page starts where the fold changes or the
    // relative preorder position falls (blocks without words are not rows: a chain skips them).
    let mut seqs: Vec<(usize, Vec<crf::Obs>, Vec<&train::Row>)> = Vec::new();
    let mut last: Option<(usize, f32)> = None;
    for r in all {
        let rel = r.x[rel_at];
        if last.is_none_or(|(fold, prev)| fold != r.page_fold || rel <= prev) {
            seqs.push((r.page_fold, Vec::new(), Vec::new()));
        }
        last = Some((r.page_fold, rel));
        if let Some((_, obs, rows)) = seqs.last_mut() {
            obs.push(crf::Obs {
                logit: models[r.page_fold].score(&r.x),
                same_path: r.x[same_at] == 1.0,
                y: r.y,
            });
            rows.push(r);
        }
    }
    eprintln!("{} sequences, {} blocks", seqs.len(), all.len());
    let (mut tree_rows, mut crf_pred): (Vec<&train::Row>, Vec<bool>) = (Vec::new(), Vec::new());
    let mut tree_pred = Vec::new();
    let (mut unary_pred, mut marginal_pred) = (Vec::new(), Vec::new());
    for k in 0..train::FOLDS {
        let fit: Vec<Vec<crf::Obs>> = seqs
            .iter()
            .filter(|(f, _, _)| *f != k)
            .map(|(_, o, _)| o.clone())
            .collect();
        let start = std::time::Instant::now();
        let (model, ll) = crf::Crf::fit(&fit, 100, 1e-3);
        eprintln!(
            "fold {k}: mean log-likelihood {ll:.4}, {model:?} ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
        for (_, obs, rows) in seqs.iter().filter(|(f, _, _)| *f == k) {
            crf_pred.extend(model.viterbi(obs));
            marginal_pred.extend(model.marginals(obs).into_iter().map(|p| p > 0.5));
            let unary = crf::Crf {
                trans: Default::default(),
                ..model
            };
            unary_pred.extend(unary.viterbi(obs));
            tree_pred.extend(obs.iter().map(|o| o.logit > 0.0));
            tree_rows.extend(rows.iter().copied());
        }
    }
    let metrics = |pred: &[bool]| {
        let at: std::collections::HashMap<*const train::Row, bool> = tree_rows
            .iter()
            .zip(pred)
            .map(|(r, &p)| (*r as *const train::Row, p))
            .collect();
        train::block_metrics(&tree_rows, |r| at[&(r as *const train::Row)])
    };
    println!(
        "| classifier (out-of-fold, {} blocks) | accuracy | weighted F1 |",
        tree_rows.len()
    );
    println!("|---|---|---|");
    let (a, f) = train::block_metrics(&tree_rows, |r| r.rules);
    println!("| rules (kept by the rules-only engine) | {a:.4} | {f:.4} |");
    let (a, f) = metrics(&tree_pred);
    println!("| boosted trees (logit > 0) | {a:.4} | {f:.4} |");
    let (a, f) = metrics(&crf_pred);
    println!("| boosted trees + linear-chain CRF (Viterbi) | {a:.4} | {f:.4} |");
    let (a, f) = metrics(&marginal_pred);
    println!("| boosted trees + linear-chain CRF (marginal > 0.5) | {a:.4} | {f:.4} |");
    let (a, f) = metrics(&unary_pred);
    println!("| the CRF's unary alone (scale · logit + bias > 0) | {a:.4} | {f:.4} |");
    Ok(())
}

/// Boosted trees vs logistic regression vs the rules' own verdict on validation fold 0.
fn compare(all: &[&train::Row], params: train::Params) {
    let (val, fit): (Vec<&train::Row>, Vec<&train::Row>) =
        all.iter().copied().partition(|r| r.page_fold == 0);
    let gbt = train::train_gbt(&fit, params);
    let lr = train::Logistic::train(&fit);
    // Ablations: the same trees without the rules' verdict, and without the neighbour
    // (sequence) features, which stand in for the label context a linear-chain CRF would model.
    let verdict = |j: usize| (26..=30).contains(&j);
    let neighbour = |j: usize| {
        let name = lectern::learn::FEATURE_NAMES[j];
        name.starts_with("prev_") || name.starts_with("next_")
    };
    let masked_gbt = |drop: &dyn Fn(usize) -> bool| {
        let rows: Vec<train::Row> = all.iter().map(|r| masked(r, drop)).collect();
        let (val, fit): (Vec<&train::Row>, Vec<&train::Row>) =
            rows.iter().partition(|r| r.page_fold == 0);
        let m = train::train_gbt(&fit, params);
        train::block_metrics(&val, |r| m.score(&r.x) > 0.0)
    };
    let no_rules = masked_gbt(&verdict);
    let no_neighbours = masked_gbt(&neighbour);
    println!(
        "| classifier (validation fold 0, {} blocks) | accuracy | weighted F1 |",
        val.len()
    );
    println!("|---|---|---|");
    type Predict<'a> = Box<dyn Fn(&train::Row) -> bool + 'a>;
    let rows: [(&str, Predict); 3] = [
        (
            "rules (kept by the rules-only engine)",
            Box::new(|r| r.rules),
        ),
        ("logistic regression", Box::new(|r| lr.logit(&r.x) > 0.0)),
        ("boosted trees", Box::new(|r| gbt.score(&r.x) > 0.0)),
    ];
    for (name, p) in rows {
        let (acc, f1) = train::block_metrics(&val, p);
        println!("| {name} | {acc:.4} | {f1:.4} |");
    }
    for (name, (acc, f1)) in [
        ("boosted trees without the rules' verdict", no_rules),
        (
            "boosted trees without the neighbour features",
            no_neighbours,
        ),
    ] {
        println!("| {name} | {acc:.4} | {f1:.4} |");
    }
}

/// `row` with the features `drop` selects set to absent.
fn masked(row: &train::Row, drop: &dyn Fn(usize) -> bool) -> train::Row {
    let mut r = row.clone();
    for (j, v) in r.x.iter_mut().enumerate() {
        if drop(j) {
            *v = lectern::learn::ABSENT;
        }
    }
    r
}

fn threads(args: &Args) -> Result<usize, String> {
    Ok(args
        .count("threads")?
        .unwrap_or_else(batch::default_threads))
}

fn cmd_batch(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse_with_flags(
        argv,
        &["data", "out", "threads", "limit", "snapshots"],
        &["no-site-memory"],
    )?;
    let corpus = open_corpus(&args.required_path("data")?, &args)?;
    let out = args.required_path("out")?;
    let start = std::time::Instant::now();
    let preds = batch::run(
        &corpus,
        threads(&args)?,
        args.count("limit")?,
        setup(&args, &[]),
    );
    batch::write_predictions(&out, &preds)?;
    let errors = preds.iter().filter(|p| p.error.is_some()).count();
    eprintln!(
        "{}: {} pages, {errors} errors, {:.1} s → {}",
        corpus.name,
        preds.len(),
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn cmd_score(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv, &["data", "pred", "json"])?;
    let corpus = Corpus::open(&args.required_path("data")?)?;
    let preds = corpus::read_predictions(&args.required_path("pred")?)?;
    let known: std::collections::HashSet<&str> =
        corpus.records.iter().map(|r| r.id.as_str()).collect();
    let extra = preds
        .keys()
        .filter(|id| !known.contains(id.as_str()))
        .count();
    if extra > 0 {
        eprintln!("warning: {extra} predicted ids are not in the corpus (ignored)");
    }
    let scores = score::score_corpus(&corpus.name, &corpus.records, &preds);
    emit(&report::table(std::slice::from_ref(&scores)))?;
    if let Some(path) = args.path("json") {
        write_json(&path, &scores)?;
    }
    Ok(())
}

/// `$LECTERN_SHARED/datasets`, else `../shared/datasets` (the checkout's sibling).
fn default_datasets_dir() -> PathBuf {
    std::env::var_os("LECTERN_SHARED").map_or_else(
        || PathBuf::from("../shared/datasets"),
        |s| PathBuf::from(s).join("datasets"),
    )
}

/// Every corpus directory under `root` that has a manifest, by name.
fn discover_corpora(root: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(root).map_err(|e| {
        format!(
            "{}: {e} (pass --data DIR or set LECTERN_SHARED)",
            root.display()
        )
    })?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("manifest.jsonl").is_file())
        .collect();
    dirs.sort();
    Ok(dirs)
}

fn cmd_eval(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse_with_flags(
        argv,
        &[
            "data",
            "json",
            "pred-dir",
            "threads",
            "limit",
            "floors",
            "model",
            "snapshots",
            "fuse",
        ],
        &[
            "no-site-memory",
            "ablate",
            "rules-only",
            "learned",
            "learned-only",
        ],
    )?;
    let models = load_models(&args)?;
    let explicit: Vec<PathBuf> = args.all("data").into_iter().map(PathBuf::from).collect();
    let every_corpus = explicit.is_empty() && args.count("limit")?.is_none();
    let dirs = if explicit.is_empty() {
        discover_corpora(&default_datasets_dir())?
    } else {
        explicit
    };
    if let Some(dir) = args.path("pred-dir") {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let floors = match args.path("floors") {
        Some(p) => {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            Some(gate::parse(&text)?)
        }
        None => None,
    };
    let mut corpora = Vec::new();
    for dir in dirs {
        let corpus = open_corpus(&dir, &args)?;
        if BLOCK_SCORED.contains(&corpus.name.as_str()) || !corpus.is_scorable() {
            eprintln!(
                "{}: skipped (no text gold or snippets; block-typed corpora score with score_blocks.py)",
                corpus.name
            );
            continue;
        }
        corpora.push(corpus);
    }
    let run = Run {
        threads: threads(&args)?,
        limit: args.count("limit")?,
        pred_dir: args.path("pred-dir"),
    };
    let setup = batch::Setup {
        fuse: parse_fuse(&args)?,
        ..setup(&args, &models)
    };
    if args.flag("ablate") {
        return cmd_ablate(&corpora, &run, setup);
    }
    let results = run.all(&corpora, setup)?;
    emit(&report::table(&results))?;
    if let Some(path) = args.path("json") {
        write_json(&path, &results)?;
    }
    if let Some(floors) = floors {
        let checks = gate::check(&floors, &results, every_corpus);
        let report = gate::report(&checks);
        if checks.iter().any(|c| !c.passed()) {
            return Err(Failure(1, format!("quality floor missed\n{report}")));
        }
        eprintln!("{report}");
    }
    Ok(())
}

fn cmd_ablate(corpora: &[Corpus], run: &Run, base: batch::Setup) -> Result<(), Failure> {
    let mut rows = Vec::new();
    for v in ablate::variants() {
        eprintln!("ablation: {}", v.label);
        let setup = batch::Setup {
            switches: v.switches,
            site_memory: v.site_memory,
            ..base
        };
        rows.push((v.label, run.all(corpora, setup)?));
        // The table so far: a long ablation on a shared machine still leaves its rows behind.
        eprint!("{}", ablate::table(&rows));
    }
    emit(&ablate::table(&rows))?;
    Ok(())
}

/// How `eval` runs each corpus.
struct Run {
    threads: usize,
    limit: Option<usize>,
    pred_dir: Option<PathBuf>,
}

impl Run {
    fn all(
        &self,
        corpora: &[Corpus],
        setup: batch::Setup,
    ) -> Result<Vec<score::CorpusScores>, String> {
        corpora.iter().map(|c| self.one(c, setup)).collect()
    }

    fn one(&self, corpus: &Corpus, setup: batch::Setup) -> Result<score::CorpusScores, String> {
        eprintln!(
            "{}: extracting {} pages…",
            corpus.name,
            corpus.records.len()
        );
        let preds = batch::run(corpus, self.threads, self.limit, setup);
        if let Some(dir) = &self.pred_dir {
            batch::write_predictions(&dir.join(format!("{}.jsonl", corpus.name)), &preds)?;
        }
        let records = &corpus.records[..preds.len()];
        let by_id = preds.into_iter().map(|p| (p.id.clone(), p)).collect();
        Ok(score::score_corpus(&corpus.name, records, &by_id))
    }
}
