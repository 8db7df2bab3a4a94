//! `lectern score` must give the numbers of the reference scorer (`../shared/eval/score.py`)
//! on the same prediction file: every point metric, overall and per page type, to 1e-9.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const TOLERANCE: f64 = 1e-9;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `$LECTERN_SHARED`, else `../shared` beside the checkout.
fn shared_dir() -> PathBuf {
    std::env::var_os("LECTERN_SHARED")
        .map_or_else(|| manifest_dir().join("../shared"), PathBuf::from)
}

/// The reference scorer, or `None` (with a note) when it cannot run here. On CI its absence
/// is a failure, so the equivalence can never silently stop being checked.
fn reference_scorer() -> Option<PathBuf> {
    let script = shared_dir().join("eval/score.py");
    let python_ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let problem = if !python_ok {
        "python3 is not installed".to_string()
    } else if !script.is_file() {
        format!("{} not found (set LECTERN_SHARED)", script.display())
    } else {
        return Some(script);
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "cannot check metrics against the reference: {problem}"
    );
    eprintln!("SKIP metrics_match_reference: {problem}");
    None
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every number under `reference` (bootstrap `*_std` spreads and paths aside) must be in `ours`.
fn assert_matches(reference: &Value, ours: &Value, at: &str) -> usize {
    match reference {
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !k.ends_with("_std") && k.as_str() != "path")
            .map(|(k, v)| {
                let path = format!("{at}.{k}");
                let mine = ours
                    .get(k)
                    .unwrap_or_else(|| panic!("{path}: missing in lectern's output"));
                assert_matches(v, mine, &path)
            })
            .sum(),
        Value::Number(n) => {
            let (r, m) = (
                n.as_f64().unwrap_or(f64::NAN),
                ours.as_f64().unwrap_or(f64::NAN),
            );
            assert!(
                (r - m).abs() <= TOLERANCE,
                "{at}: reference {r} but lectern {m}"
            );
            1
        }
        other => panic!("{at}: unexpected reference value {other}"),
    }
}

/// Runs both scorers on one corpus + prediction file and compares them; returns the number
/// of values compared.
fn compare(data: &Path, pred: &Path, script: &Path) -> usize {
    let tmp = std::env::temp_dir().join(format!("lectern-metrics-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("{}: {e}", tmp.display()));
    let (ref_json, our_json) = (tmp.join("reference.json"), tmp.join("lectern.json"));
    run(Command::new("python3")
        .arg(script)
        .args([
            "--data".as_ref(),
            data.as_os_str(),
            "--pred".as_ref(),
            pred.as_os_str(),
        ])
        .args(["--by", "page_type", "--n-bootstrap", "2", "--json"])
        .arg(&ref_json));
    run(Command::new(env!("CARGO_BIN_EXE_lectern"))
        .args(["score".as_ref(), "--data".as_ref(), data.as_os_str()])
        .args([
            "--pred".as_ref(),
            pred.as_os_str(),
            "--json".as_ref(),
            our_json.as_os_str(),
        ]));
    let (reference, ours) = (read_json(&ref_json), read_json(&our_json));
    let _ = std::fs::remove_dir_all(&tmp);

    let label = pred
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut compared = assert_matches(&reference["preds"][&label], &ours["overall"], "overall");
    let groups = reference["by"].as_object().cloned().unwrap_or_default();
    let our_groups = ours["by_page_type"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let mut names: Vec<_> = groups.keys().collect();
    let mut our_names: Vec<_> = our_groups.keys().collect();
    names.sort();
    our_names.sort();
    assert_eq!(names, our_names, "page type groups differ");
    for (name, g) in &groups {
        compared += assert_matches(&g[&label], &our_groups[name], &format!("by.{name}"));
    }
    compared
}

#[test]
fn lectern_score_equals_score_py_on_the_fixture() {
    let Some(script) = reference_scorer() else {
        return;
    };
    let fixture = manifest_dir().join("tests/fixtures/eval-mini");
    let compared = compare(&fixture, &fixture.join("pred.jsonl"), &script);
    // 5 page-type groups + overall, each with counters, timing and three metric families.
    assert!(compared > 150, "only {compared} values compared");
}
