//! Fixture harness: every `tests/fixtures/<slug>/` holds `source.html`, `case.toml`
//! (`url = "…"`, optional `known_failure = "reason"`) and `expected.md` and/or `expected.json`
//! (metadata fields; only the keys present are compared), and optionally `expected.html` (the
//! allowlisted HTML, for behaviour Markdown does not show, such as MathML).
//!
//! `LECTERN_BLESS=1 cargo test --test fixtures` rewrites the expectations from the current
//! output (review the diff before committing). A `known_failure` case must fail; the run fails
//! when one starts passing, so the marker gets removed.

use std::fs;
use std::path::{Path, PathBuf};

/// Metadata fields written by `LECTERN_BLESS` into `expected.json`.
const META_FIELDS: &[&str] = &[
    "title",
    "authors",
    "published",
    "modified",
    "siteName",
    "lang",
    "dir",
    "excerpt",
    "leadImage",
];

/// A tiny reader for `key = "value"` lines (`#` comments, no tables or arrays).
fn read_case(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (k, v) = l.split_once('=')?;
            let v = v.trim().strip_prefix('"')?.strip_suffix('"')?;
            Some((
                k.trim().to_string(),
                v.replace("\\\"", "\"").replace("\\\\", "\\"),
            ))
        })
        .collect()
}

fn fixture_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir() && p.join("case.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// Output HTML must only hold allowlisted markup; a cheap textual check for the worst cases
/// (the crate's unit tests run the full allowlist parser).
fn html_problems(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    [
        "<script",
        "<style",
        " style=",
        " onload",
        " onerror",
        " onclick",
        "javascript:",
        "<iframe",
    ]
    .iter()
    .filter(|bad| lower.contains(*bad))
    .map(|bad| format!("output HTML contains {bad:?}"))
    .collect()
}

/// Runs one case; `Err` lists what differs.
fn run_case(dir: &Path, bless: bool) -> Result<(), Vec<String>> {
    let case = read_case(&fs::read_to_string(dir.join("case.toml")).unwrap_or_default());
    let get = |k: &str| case.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let source = fs::read_to_string(dir.join("source.html")).map_err(|e| vec![e.to_string()])?;
    let options = lectern::Options {
        url: get("url"),
        ..Default::default()
    };
    let article = lectern::extract_html(&source, &options)
        .map_err(|e| vec![format!("extraction error: {e}")])?
        .ok_or_else(|| vec!["no article".to_string()])?;
    let md = lectern::to_markdown(&article);
    let json = serde_json::to_value(&article).map_err(|e| vec![e.to_string()])?;
    if bless {
        bless_case(dir, &md, &json);
    }
    let html = lectern::to_html(&article);
    if bless && dir.join("expected.html").is_file() {
        let _ = fs::write(dir.join("expected.html"), &html);
    }
    let mut problems = html_problems(&html);
    if let Ok(want) = fs::read_to_string(dir.join("expected.html")) {
        if want != html {
            problems.push(format!(
                "html differs:\n--- expected\n{want}\n--- got\n{html}"
            ));
        }
    }
    if let Ok(want) = fs::read_to_string(dir.join("expected.md")) {
        if want != md {
            problems.push(format!(
                "markdown differs:\n--- expected\n{want}\n--- got\n{md}"
            ));
        }
    }
    if let Ok(want) = fs::read_to_string(dir.join("expected.json")) {
        let want: serde_json::Value =
            serde_json::from_str(&want).map_err(|e| vec![e.to_string()])?;
        for (k, v) in want.as_object().into_iter().flatten() {
            if json.get(k) != Some(v) {
                problems.push(format!(
                    "{k}: expected {v}, got {}",
                    json.get(k).unwrap_or(&serde_json::Value::Null)
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn bless_case(dir: &Path, md: &str, json: &serde_json::Value) {
    let meta: serde_json::Map<String, serde_json::Value> = META_FIELDS
        .iter()
        .filter_map(|k| Some((k.to_string(), json.get(*k)?.clone())))
        .collect();
    let text = serde_json::to_string_pretty(&meta).unwrap_or_default() + "\n";
    let _ = fs::write(dir.join("expected.md"), md);
    let _ = fs::write(dir.join("expected.json"), text);
}

#[test]
fn fixtures() {
    let bless = std::env::var_os("LECTERN_BLESS").is_some();
    let dirs = fixture_dirs();
    assert!(!dirs.is_empty(), "no fixtures found");
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let case = read_case(&fs::read_to_string(dir.join("case.toml")).unwrap_or_default());
        let known = case
            .iter()
            .find(|(k, _)| k == "known_failure")
            .map(|(_, v)| v.clone());
        match (run_case(dir, bless), known) {
            (Ok(()), Some(reason)) => failures.push(format!(
                "{name}: passes now but is marked known_failure ({reason}); remove the marker"
            )),
            (Err(p), None) => failures.push(format!("{name}:\n  {}", p.join("\n  "))),
            _ => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n")
    );
}

#[test]
fn case_reader_reads_key_values() {
    let c = read_case("# c\nurl = \"https://x.org/\"\nknown_failure = \"a \\\"b\\\"\"\nbad line\n");
    assert_eq!(
        c,
        vec![
            ("url".into(), "https://x.org/".into()),
            ("known_failure".into(), "a \"b\"".into())
        ]
    );
}
