//! Extract every page of a corpus, in parallel, into predictions in manifest order.

use crate::corpus::{Corpus, Prediction, Record};
use std::collections::HashMap;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// How a batch runs the engine.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Setup<'a> {
    /// Which engine stages run (ablations turn one off).
    pub switches: lectern::StageSwitches,
    /// Learn a site memory per manifest `site`, online in manifest order.
    pub site_memory: bool,
    /// Block models to use instead of the shipped one: with k of them, a page uses model
    /// `fold_of(id, k)` (out-of-fold evaluation: model i never saw fold i).
    pub models: &'a [lectern::learn::Model],
    /// Fusion thresholds instead of the tuned ones (`eval --fuse`).
    pub fuse: Option<lectern::learn::Fuse>,
}

/// Extracts one page. A failure (read error, extraction error, panic) becomes the `error` field
/// with empty text, so one bad page never stops a batch.
fn extract_page(
    corpus: &Corpus,
    rec: &Record,
    setup: Setup,
    memory: Option<&mut lectern::SiteMemory>,
) -> Prediction {
    let mut pred = Prediction {
        id: rec.id.clone(),
        text: Some(String::new()),
        ..Prediction::default()
    };
    let options = lectern::Options {
        url: rec.url.clone(),
        ..lectern::Options::default()
    };
    // The page: a live capture (replay), else the parsed HTML bytes.
    let source = match corpus.snapshot(rec) {
        Some(Ok(snap)) => Source::Live(snap),
        Some(Err(e)) => return with_error(pred, e),
        None => match corpus.page_bytes(rec) {
            Ok(b) => Source::Html(b),
            Err(e) => return with_error(pred, e),
        },
    };
    let start = Instant::now();
    let model = (!setup.models.is_empty())
        .then(|| &setup.models[crate::train::fold_of(&rec.id, setup.models.len())]);
    // The parsed page and the toolbar check, both kept from the extraction when it gets that far.
    let mut parsed = None;
    let mut readerable = None;
    let outcome = guarded(|| {
        let snap = match &source {
            Source::Live(snap) => snap,
            Source::Html(bytes) => &*parsed.insert(lectern::parse_bytes(bytes, &options)?),
        };
        let (article, r) = lectern::learn::extract_with_readerable(
            snap,
            &options,
            memory,
            setup.switches,
            model,
            setup.fuse,
        )?;
        readerable = r;
        Ok::<_, lectern::Error>(article)
    });
    pred.ms = Some(start.elapsed().as_secs_f64() * 1000.0);
    match outcome {
        Ok(Ok(Some(article))) => {
            pred.text = Some(lectern::to_text(&article));
            pred.author = Some(article.authors.join(", ")).filter(|a| !a.is_empty());
            // The date a reader header shows: published, else last updated.
            pred.date = article.published.or(article.modified);
            pred.site_name = article.site_name;
            pred.excerpt = article.excerpt;
            pred.confidence = Some(article.confidence);
            pred.title = article.title;
        }
        Ok(Ok(None)) => {}
        Ok(Err(e)) => pred.error = Some(e.to_string()),
        Err(panic) => pred.error = Some(panic),
    }
    // The cheap check the toolbar button runs, from the extraction's own features; where the
    // extraction did not answer it (an error, a panic, a layout set aside), on its own, outside
    // the timed extraction, with the same answer.
    pred.readerable = readerable.or_else(|| match (&source, &parsed) {
        (Source::Live(snap), _) | (Source::Html(_), Some(snap)) => {
            guarded(|| lectern::is_probably_readerable(snap)).ok()
        }
        (Source::Html(bytes), None) => guarded(|| lectern::parse_bytes(bytes, &options))
            .ok()
            .and_then(Result::ok)
            .map(|snap| lectern::is_probably_readerable(&snap)),
    });
    pred
}

/// Where a page comes from.
enum Source {
    /// A live-DOM capture, layout included (replay).
    Live(lectern::Snapshot),
    /// The page's HTML bytes, parsed natively.
    Html(Vec<u8>),
}

fn with_error(mut pred: Prediction, error: String) -> Prediction {
    pred.error = Some(error);
    pred
}

/// Runs `f`, turning a panic into `Err("panic: <message>")`.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| format!("panic: {}", panic_message(&*p)))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown payload".to_string()
    }
}

/// Default worker count: every core.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Units of work: each site's pages in manifest order (they share one memory), every other
/// page alone.
fn jobs(records: &[Record], site_memory: bool) -> Vec<Vec<usize>> {
    let mut jobs: Vec<Vec<usize>> = Vec::new();
    let mut by_site: HashMap<&str, usize> = HashMap::new();
    for (i, rec) in records.iter().enumerate() {
        match rec.site.as_deref().filter(|_| site_memory) {
            Some(site) => {
                let j = *by_site.entry(site).or_insert_with(|| {
                    jobs.push(Vec::new());
                    jobs.len() - 1
                });
                jobs[j].push(i);
            }
            None => jobs.push(vec![i]),
        }
    }
    jobs
}

/// Runs `work` on the first `limit` records over `threads` workers, each site's pages in
/// manifest order with one shared memory; results come back in manifest order (`None` for a
/// page whose worker was lost).
pub(crate) fn map_pages<T: Send>(
    corpus: &Corpus,
    threads: usize,
    limit: Option<usize>,
    site_memory: bool,
    work: impl Fn(&Record, Option<&mut lectern::SiteMemory>) -> T + Sync,
) -> Vec<Option<T>> {
    let records = &corpus.records[..limit.unwrap_or(usize::MAX).min(corpus.records.len())];
    let jobs = jobs(records, site_memory);
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<T>>> = Mutex::new((0..records.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(j) else { break };
                let mut memory = (job.len() > 1).then(lectern::SiteMemory::default);
                for &i in job {
                    let out = work(&records[i], memory.as_mut());
                    // A poisoned lock only means another worker panicked outside catch_unwind;
                    // its slot stays empty and is reported by the caller.
                    if let Ok(mut s) = slots.lock() {
                        s[i] = Some(out);
                    }
                }
            });
        }
    });
    slots.into_inner().unwrap_or_else(|p| p.into_inner())
}

/// Extracts the first `limit` records over `threads` workers; results come back in manifest order.
pub(crate) fn run(
    corpus: &Corpus,
    threads: usize,
    limit: Option<usize>,
    setup: Setup,
) -> Vec<Prediction> {
    let records = &corpus.records[..limit.unwrap_or(usize::MAX).min(corpus.records.len())];
    let slots = map_pages(corpus, threads, limit, setup.site_memory, |rec, memory| {
        extract_page(corpus, rec, setup, memory)
    });
    slots
        .into_iter()
        .zip(records)
        .map(|(slot, rec)| {
            slot.unwrap_or_else(|| Prediction {
                id: rec.id.clone(),
                text: Some(String::new()),
                error: Some("worker lost this page".into()),
                ..Prediction::default()
            })
        })
        .collect()
}

/// Writes predictions as JSON lines.
pub(crate) fn write_predictions(path: &Path, preds: &[Prediction]) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut w = std::io::BufWriter::new(file);
    for p in preds {
        let line = serde_json::to_string(p).map_err(|e| e.to_string())?;
        writeln!(w, "{line}").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    w.flush().map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_page_becomes_an_error() {
        assert_eq!(guarded(|| 7), Ok(7));
        let r: Result<(), String> = guarded(|| panic!("boom {}", 1));
        assert_eq!(r, Err("panic: boom 1".to_string()));
    }

    fn rec(id: &str, site: Option<&str>) -> Record {
        Record {
            id: id.into(),
            site: site.map(String::from),
            ..Record::default()
        }
    }

    #[test]
    fn site_pages_share_a_job_in_manifest_order() {
        let records = [
            rec("a1", Some("a")),
            rec("x", None),
            rec("b1", Some("b")),
            rec("a2", Some("a")),
        ];
        assert_eq!(jobs(&records, true), vec![vec![0, 3], vec![1], vec![2]]);
        assert_eq!(
            jobs(&records, false),
            vec![vec![0], vec![1], vec![2], vec![3]]
        );
    }
}
