//! `lectern eval --ablate`: the whole eval once with every stage, then once per stage switched
//! off, as one table of each corpus's headline metric (so every stage shows what it earns).

use crate::score::CorpusScores;
use lectern::StageSwitches;

/// One row of the ablation: a label and how the batch runs.
pub(crate) struct Variant {
    pub label: &'static str,
    pub switches: StageSwitches,
    pub site_memory: bool,
}

/// Every stage on, then each optional stage off in turn (the latest stages first).
pub(crate) fn variants() -> Vec<Variant> {
    let all = StageSwitches::default();
    let off = |label, switches| Variant {
        label,
        switches,
        site_memory: true,
    };
    vec![
        off("all stages", all),
        off(
            "- listing cards (page_type)",
            StageSwitches {
                page_type: false,
                ..all
            },
        ),
        off(
            "- repeats (prune)",
            StageSwitches {
                prune: false,
                ..all
            },
        ),
        off(
            "- recommendation sections (related)",
            StageSwitches {
                related: false,
                ..all
            },
        ),
        off("- article end (tail)", StageSwitches { tail: false, ..all }),
        off(
            "- tag_path runs (seed 003)",
            StageSwitches {
                tag_path: false,
                ..all
            },
        ),
        off(
            "- noise (seed 001)",
            StageSwitches {
                noise: false,
                ..all
            },
        ),
        Variant {
            label: "- site memory (seed 000)",
            switches: StageSwitches {
                site_memory: false,
                ..all
            },
            site_memory: false,
        },
        off(
            "- column join/widen",
            StageSwitches {
                column_join: false,
                ..all
            },
        ),
        off(
            "- hierarchy vote (seed 004)",
            StageSwitches {
                hierarchy: false,
                ..all
            },
        ),
        off(
            "+ learned classifier (fused)",
            StageSwitches {
                learned: true,
                ..all
            },
        ),
        off(
            "learned classifier only",
            StageSwitches {
                learned_only: true,
                ..all
            },
        ),
    ]
}

/// The metric a corpus is judged by: word F1 where there is text gold, else snippet F1.
pub(crate) fn headline(c: &CorpusScores) -> Option<(&'static str, f64)> {
    if let Some(w) = &c.overall.word {
        return Some(("word F1", w.f1));
    }
    c.overall.snippet.as_ref().map(|s| ("snip F1", s.f1))
}

/// Markdown table: one row per variant, one column per corpus (and wcxb page type), with the
/// change against the first row.
pub(crate) fn table(rows: &[(&str, Vec<CorpusScores>)]) -> String {
    let Some((_, base)) = rows.first() else {
        return String::new();
    };
    let mut cols: Vec<String> = Vec::new();
    for c in base {
        let metric = headline(c).map_or("", |(m, _)| m);
        cols.push(format!("{} {metric}", c.dataset));
        for t in c.by_page_type.keys() {
            cols.push(format!("{}.{t}", c.dataset));
        }
    }
    let mut out = format!("| stages | {} |\n", cols.join(" | "));
    out.push_str(&format!("|---|{}\n", "---:|".repeat(cols.len())));
    let values = |scores: &[CorpusScores]| -> Vec<Option<f64>> {
        let mut v = Vec::new();
        for c in scores {
            v.push(headline(c).map(|(_, x)| x));
            for s in c.by_page_type.values() {
                v.push(s.word.as_ref().map(|w| w.f1));
            }
        }
        v
    };
    let base_values = values(base);
    for (label, scores) in rows {
        let cells: Vec<String> = values(scores)
            .iter()
            .zip(&base_values)
            .map(|(v, b)| match (v, b) {
                (Some(v), Some(b)) if scores.as_ptr() != base.as_ptr() => {
                    format!("{v:.3} ({:+.3})", v - b)
                }
                (Some(v), _) => format!("{v:.3}"),
                _ => "-".into(),
            })
            .collect();
        out.push_str(&format!("| {label} | {} |\n", cells.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of `StageSwitches`, by name, as set in `s`. The destructuring names every
    /// field without `..`: a new switch does not compile until it is listed here (and below
    /// must then have its ablation row).
    fn fields(s: StageSwitches) -> [(&'static str, bool); 11] {
        let StageSwitches {
            noise,
            tag_path,
            site_memory,
            column_join,
            hierarchy,
            page_type,
            prune,
            related,
            tail,
            learned,
            learned_only,
        } = s;
        [
            ("noise", noise),
            ("tag_path", tag_path),
            ("site_memory", site_memory),
            ("column_join", column_join),
            ("hierarchy", hierarchy),
            ("page_type", page_type),
            ("prune", prune),
            ("related", related),
            ("tail", tail),
            ("learned", learned),
            ("learned_only", learned_only),
        ]
    }

    #[test]
    fn every_stage_switch_has_its_own_ablation_row() {
        let all = fields(StageSwitches::default());
        let vs = variants();
        assert_eq!(vs[0].switches, StageSwitches::default());
        for (k, (name, _)) in all.iter().enumerate() {
            let own_row = vs.iter().any(|v| {
                let f = fields(v.switches);
                (0..all.len()).all(|j| (f[j].1 != all[j].1) == (j == k))
            });
            assert!(own_row, "no ablation row switches only `{name}`");
        }
    }
}
