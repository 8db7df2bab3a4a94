//! Corpus directories (`manifest.jsonl` + `pages/<id>.html.gz`) and prediction files
//! (`{"id","text","title","author","date","site_name","excerpt","ms","error"}` JSON lines), in the format of `docs/EVALUATION.md`.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One manifest line; fields the CLI does not use are ignored.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct Record {
    #[serde(deserialize_with = "id_string")]
    pub id: String,
    #[serde(default)]
    pub html: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub page_type: Option<String>,
    /// Pages of one site share a site memory (seed 000), learned online in manifest order.
    #[serde(default)]
    pub site: Option<String>,
    #[serde(default)]
    pub gold_text: Option<String>,
    #[serde(default)]
    pub with: Option<Vec<String>>,
    #[serde(default)]
    pub without: Option<Vec<String>>,
}

impl Record {
    /// Snippet pages, as score.py selects them: a non-empty `with` or `without`.
    pub(crate) fn has_snippets(&self) -> bool {
        self.with.as_ref().is_some_and(|w| !w.is_empty())
            || self.without.as_ref().is_some_and(|w| !w.is_empty())
    }
}

/// One prediction line.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Prediction {
    #[serde(deserialize_with = "id_string")]
    pub id: String,
    /// Null (or a non-string) is scored as empty output.
    #[serde(default, deserialize_with = "lenient_text")]
    pub text: Option<String>,
    #[serde(default)]
    pub title: Option<String>,
    /// Authors joined with ", " (metadata evaluation; absent in older prediction files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The date the header shows: publication date, else last modification (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Site name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_name: Option<String>,
    /// Excerpt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<String>,
    /// The article's confidence (0–1), when one was found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f32>,
    /// `is_probably_readerable` on the page (the toolbar button's state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readerable: Option<bool>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub ms: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Ids are strings; a numeric id is read as its decimal text (as Python's `str()` would).
fn id_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(s) => Ok(s),
        other => Ok(other.to_string()),
    }
}

fn lenient_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(s) => Some(s),
        _ => None,
    })
}

fn lenient_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(serde_json::Value::deserialize(d)?.as_f64())
}

/// A corpus directory.
pub(crate) struct Corpus {
    pub dir: PathBuf,
    pub name: String,
    pub records: Vec<Record>,
    /// Replay: a directory of live-DOM captures (`<id>.json`, `tools/browser_batch.mjs
    /// --snapshots`) read instead of parsing the pages, so live mode is scored without a browser.
    pub snapshots: Option<PathBuf>,
}

impl Corpus {
    pub(crate) fn open(dir: &Path) -> Result<Corpus, String> {
        let manifest = dir.join("manifest.jsonl");
        let records = read_jsonl(&manifest)?;
        let name = std::fs::canonicalize(dir)
            .unwrap_or_else(|_| dir.to_path_buf())
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(Corpus {
            dir: dir.to_path_buf(),
            name,
            records,
            snapshots: None,
        })
    }

    /// Replays the live captures under `root`: `root/<corpus name>/snapshots` when that is a
    /// directory (the layout `browser_batch.mjs --out root/<name> --snapshots` writes), else
    /// `root` itself.
    pub(crate) fn with_snapshots(mut self, root: &Path) -> Corpus {
        let nested = root.join(&self.name).join("snapshots");
        self.snapshots = Some(if nested.is_dir() {
            nested
        } else {
            root.to_path_buf()
        });
        self
    }

    /// Where the live capture of `rec` is (replay mode only; the file may be missing).
    pub(crate) fn snapshot_path(&self, rec: &Record) -> Option<PathBuf> {
        Some(self.snapshots.as_ref()?.join(snapshot_file(&rec.id)))
    }

    /// The live capture of `rec` (replay mode only): `None` when the corpus is not replayed.
    pub(crate) fn snapshot(&self, rec: &Record) -> Option<Result<lectern::Snapshot, String>> {
        let path = self.snapshot_path(rec)?;
        Some(
            std::fs::read(&path)
                .map_err(|e| format!("{}: {e} (page not captured live)", path.display()))
                .and_then(|b| {
                    serde_json::from_slice(&b).map_err(|e| format!("{}: {e}", path.display()))
                }),
        )
    }

    /// The raw page bytes (gunzipped when the path ends in `.gz`).
    pub(crate) fn page_bytes(&self, rec: &Record) -> Result<Vec<u8>, String> {
        let rel = rec
            .html
            .clone()
            .unwrap_or_else(|| format!("pages/{}.html.gz", rec.id));
        let path = self.dir.join(&rel);
        let raw = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        if !rel.ends_with(".gz") {
            return Ok(raw);
        }
        let mut out = Vec::with_capacity(raw.len() * 4);
        flate2::read::GzDecoder::new(raw.as_slice())
            .read_to_end(&mut out)
            .map_err(|e| format!("{}: gunzip: {e}", path.display()))?;
        Ok(out)
    }

    /// Whether score.py would score anything here (text gold or snippets).
    pub(crate) fn is_scorable(&self) -> bool {
        self.records
            .iter()
            .any(|r| r.gold_text.is_some() || r.has_snippets())
    }
}

/// Reads a JSON-lines file, skipping blank lines; errors name the file and line.
pub(crate) fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let v = serde_json::from_str(&line)
            .map_err(|e| format!("{}:{}: bad JSON: {e}", path.display(), n + 1))?;
        out.push(v);
    }
    Ok(out)
}

/// Predictions by id; a later line for the same id wins (as in score.py).
pub(crate) fn read_predictions(path: &Path) -> Result<HashMap<String, Prediction>, String> {
    let preds: Vec<Prediction> = read_jsonl(path)?;
    Ok(preds.into_iter().map(|p| (p.id.clone(), p)).collect())
}

/// A capture's file name: the id with anything outside `[A-Za-z0-9._-]` replaced by `_`, as
/// `snapshotFile` in `tools/lib/corpus_browser.mjs` names it.
pub(crate) fn snapshot_file(id: &str) -> String {
    let stem: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{stem}.json")
}
