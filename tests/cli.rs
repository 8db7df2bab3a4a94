//! The `lectern` binary end to end: exit codes, batch output shape and order, eval plumbing.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lectern(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lectern"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("lectern {args:?}: {e}"))
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lectern-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    let o = lectern(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("usage"));
    let o = lectern(&["extract", "a.html", "--colour", "red"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown option --colour"));
    let o = lectern(&["batch", "--data", "x"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn extract_reports_unreadable_input_and_unknown_formats() {
    let o = lectern(&["extract", "/nonexistent/page.html"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/page.html"));
    let o = lectern(&["extract", "-", "--format", "pdf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("format pdf unknown"));
}

#[test]
fn batch_writes_one_line_per_page_in_manifest_order_despite_failures() {
    let out = temp_dir("batch");
    for threads in ["1", "3"] {
        let pred = out.join(format!("pred-{threads}.jsonl"));
        let pred_arg = pred.to_string_lossy().into_owned();
        let data = fixture("batch-mini");
        let o = lectern(&[
            "batch",
            "--data",
            &data,
            "--out",
            &pred_arg,
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let lines = jsonl(&pred);
        let ids: Vec<&str> = lines.iter().filter_map(|l| l["id"].as_str()).collect();
        assert_eq!(ids, ["article", "no-such-page", "latin1"]);
        for l in &lines {
            for key in ["id", "text", "title", "ms"] {
                assert!(l.get(key).is_some(), "{key} missing in {l}");
            }
        }
        let missing = &lines[1];
        assert_eq!(missing["text"], "");
        assert!(missing["error"]
            .as_str()
            .is_some_and(|e| e.contains("no-such-page")));
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn batch_limit_takes_the_first_pages() {
    let out = temp_dir("limit");
    let pred = out.join("pred.jsonl");
    let pred_arg = pred.to_string_lossy().into_owned();
    let o = lectern(&[
        "batch",
        "--data",
        &fixture("batch-mini"),
        "--out",
        &pred_arg,
        "--limit",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(jsonl(&pred).len(), 1);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn eval_scores_a_corpus_and_keeps_predictions() {
    // eval-mini has no page files: every page fails to load, is recorded as an error, and is
    // scored as empty output; the run itself succeeds.
    let out = temp_dir("eval");
    let json = out.join("eval.json").to_string_lossy().into_owned();
    let preds = out.join("preds").to_string_lossy().into_owned();
    let o = lectern(&[
        "eval",
        "--data",
        &fixture("eval-mini"),
        "--json",
        &json,
        "--pred-dir",
        &preds,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(table
        .lines()
        .next()
        .is_some_and(|h| h.starts_with("corpus")));
    assert!(table.contains("  article"), "per page type rows:\n{table}");
    let results: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap_or_default())
        .unwrap_or(Value::Null);
    assert_eq!(results[0]["dataset"], "eval-mini");
    assert_eq!(results[0]["overall"]["errors"], 14);
    // Only the two empty-gold pages score (1 each, for their empty output) out of 12 with gold.
    assert_eq!(results[0]["overall"]["word"]["f1"], 2.0 / 12.0);
    assert_eq!(jsonl(&Path::new(&preds).join("eval-mini.jsonl")).len(), 14);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_reader_closing_the_pipe_early_is_not_a_panic() {
    // `lectern extract page.html | head -0`: the read end is gone before the article is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lectern"))
        .args(["extract", &fixture("footnotes/source.html")])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn: {e}"));
    drop(child.stdout.take());
    let o = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("wait: {e}"));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn extract_runs_the_learned_stage_on_request() {
    let page = fixture("footnotes/source.html");
    let rules = lectern(&["extract", &page]);
    assert_eq!(rules.status.code(), Some(0), "{}", stderr(&rules));
    let learned = lectern(&["extract", &page, "--learned"]);
    assert_eq!(learned.status.code(), Some(0), "{}", stderr(&learned));
    assert!(!learned.stdout.is_empty());
    // The shipped model named as a file gives what the embedded copy gives.
    let model = format!("{}/model/blocks.v1.bin", env!("CARGO_MANIFEST_DIR"));
    let named = lectern(&["extract", &page, "--learned", "--model", &model]);
    assert_eq!(named.status.code(), Some(0), "{}", stderr(&named));
    assert_eq!(named.stdout, learned.stdout);
    let alone = lectern(&["extract", &page, "--learned-only", "--fuse", "1,-1.5,3"]);
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    // A file that is not a model is a usage error naming the file, never a silent rules run.
    let o = lectern(&["extract", &page, "--learned", "--model", &page]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("source.html"), "{}", stderr(&o));
    let o = lectern(&["extract", &page, "--learned", "--fuse", "1,2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--fuse"), "{}", stderr(&o));
}
