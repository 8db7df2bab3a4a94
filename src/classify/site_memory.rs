//! Stage 4: per-site memory (seed 000 PTP + TAF).
//!
//! Each finished extraction adds the page's block text fingerprints (counted once per page) and
//! its tag-path → kept/dropped decisions. On a later page of the same site, a text seen on many
//! earlier pages is boilerplate, and a tag path that was always dropped is penalised. The store
//! is bounded; the least recently seen entries are evicted first.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::extract::blocks::Features;
use crate::rules::limits;

/// Counts for one text fingerprint or tag path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    /// Pages (fingerprints) or kept decisions (paths).
    pub kept: u32,
    /// Dropped decisions (paths only).
    pub dropped: u32,
    /// Page number when last seen (for eviction).
    pub last: u32,
}

/// What Lectern remembers about one site. Serializable so the extension can persist it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SiteMemory {
    /// Pages learned so far.
    pub pages: u32,
    /// Text fingerprint → on how many pages it appeared.
    #[serde(with = "rows")]
    pub texts: HashMap<u64, Seen>,
    /// Parent tag path hash → kept/dropped history.
    #[serde(with = "rows")]
    pub paths: HashMap<u64, Seen>,
}

/// The stored form of a map: rows `[key as 16 hex digits, kept, dropped, last]` sorted by key,
/// so equal memories give equal JSON in every serializer (the extension compares and stores
/// strings) and 64-bit keys survive JavaScript's numbers.
mod rows {
    use super::{HashMap, Seen};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    type Row = (String, u32, u32, u32);

    pub fn serialize<S: Serializer>(map: &HashMap<u64, Seen>, s: S) -> Result<S::Ok, S::Error> {
        let mut keys: Vec<u64> = map.keys().copied().collect();
        crate::order::by_key(&mut keys, |&k| k);
        let rows: Vec<Row> = keys
            .iter()
            .filter_map(|k| {
                map.get(k)
                    .map(|v| (format!("{k:016x}"), v.kept, v.dropped, v.last))
            })
            .collect();
        rows.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<HashMap<u64, Seen>, D::Error> {
        Vec::<Row>::deserialize(d)?
            .into_iter()
            .map(|(key, kept, dropped, last)| {
                u64::from_str_radix(&key, 16)
                    .map(|k| {
                        (
                            k,
                            Seen {
                                kept,
                                dropped,
                                last,
                            },
                        )
                    })
                    .map_err(|_| serde::de::Error::custom(format!("bad key `{key}`")))
            })
            .collect()
    }
}

impl SiteMemory {
    /// True when this text appeared on enough earlier pages to be boilerplate (seed 000 TAF).
    pub(crate) fn is_repeated(&self, fingerprint: u64) -> bool {
        if self.pages < limits::SITE_MIN_PAGES {
            return false;
        }
        let need = (limits::SITE_REPEAT_SHARE * self.pages as f32).max(2.0);
        self.texts
            .get(&fingerprint)
            .is_some_and(|s| s.kept as f32 >= need)
    }

    /// Share of earlier decisions on this path that kept it; `None` without history.
    pub(crate) fn path_kept_share(&self, ptp: u64) -> Option<f32> {
        let s = self.paths.get(&ptp)?;
        let total = s.kept + s.dropped;
        (total >= 3).then(|| s.kept as f32 / total as f32)
    }

    /// Adds one finished page: `kept[id]` says whether block `id` ended up in the content.
    pub(crate) fn learn(&mut self, f: &Features, kept: &[bool]) {
        self.pages += 1;
        let page = self.pages;
        let mut seen_here = HashSet::new();
        for &b in &f.blocks {
            let i = b.index();
            if seen_here.insert(f.fingerprint[i]) {
                let e = self.texts.entry(f.fingerprint[i]).or_default();
                e.kept += 1;
                e.last = page;
            }
            let p = self.paths.entry(f.ptp[i]).or_default();
            if kept.get(i).copied().unwrap_or(false) {
                p.kept += 1;
            } else {
                p.dropped += 1;
            }
            p.last = page;
        }
        evict(&mut self.texts, limits::SITE_MAX_FINGERPRINTS);
        evict(&mut self.paths, limits::SITE_MAX_PATHS);
    }
}

/// Keeps the `max` most recently seen entries.
fn evict(map: &mut HashMap<u64, Seen>, max: usize) {
    if map.len() <= max {
        return;
    }
    let mut lasts: Vec<u32> = map.values().map(|s| s.last).collect();
    crate::order::by_key(&mut lasts, |&l| crate::order::descending(u64::from(l)));
    let cutoff = lasts[max - 1];
    map.retain(|_, s| s.last >= cutoff);
    if map.len() > max {
        // Ties at the cutoff page: drop the smallest keys of that page to honour the bound
        // (by key, not in the map's random order, so equal inputs give equal memories).
        let mut tied: Vec<u64> = map
            .iter()
            .filter(|(_, s)| s.last == cutoff)
            .map(|(k, _)| *k)
            .collect();
        crate::order::by_key(&mut tied, |&k| k);
        let extra = map.len() - max;
        for k in tied.into_iter().take(extra) {
            map.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;
    use crate::snapshot::Snapshot;

    fn page(body_text: &str) -> Snapshot {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                b.text("Subscribe to our newsletter");
            });
            b.el("p", &[], |b| {
                b.text(body_text);
            });
        });
        b.finish()
    }

    #[test]
    fn repeated_texts_become_boilerplate_after_a_few_pages() {
        let mut m = SiteMemory::default();
        for k in 0..4 {
            let s = page(&format!("Unique story number {k}"));
            let f = blocks::compute(&s);
            m.learn(&f, &vec![true; s.len()]);
        }
        let s = page("A new story");
        let f = blocks::compute(&s);
        let (boiler, story) = (f.blocks[0], f.blocks[1]);
        assert!(m.is_repeated(f.fingerprint[boiler.index()]));
        assert!(!m.is_repeated(f.fingerprint[story.index()]));
        assert_eq!(m.path_kept_share(f.ptp[story.index()]), Some(1.0));
        let json = serde_json::to_string(&m).unwrap_or_default();
        let back: SiteMemory = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, m);
    }

    #[test]
    fn store_is_bounded_and_evicts_oldest() {
        let mut map = HashMap::new();
        for k in 0..10u64 {
            map.insert(
                k,
                Seen {
                    kept: 1,
                    dropped: 0,
                    last: k as u32,
                },
            );
        }
        evict(&mut map, 4);
        assert_eq!(map.len(), 4);
        assert!(map.contains_key(&9) && !map.contains_key(&0));
    }
}
