//! The cheap "is this an article?" signal for the toolbar button: prose paragraphs outside
//! noise areas, with diminishing returns per paragraph so one long blurb is not enough and a
//! home page of many short teasers stays below the line.

use crate::classify::noise::NoiseClassifier;
use crate::extract::blocks;
use crate::rules::limits;
use crate::snapshot::Snapshot;

/// True when the page holds enough link-poor prose outside noise areas.
pub(crate) fn is_probably_readerable(snap: &Snapshot) -> bool {
    let f = blocks::compute(snap);
    let noise = NoiseClassifier::new(snap, &f).classify();
    let mut evidence = 0.0f32;
    for &b in &f.blocks {
        let i = b.index();
        let len = f.own_len[i];
        if noise.inside[i] || len < limits::READERABLE_PARAGRAPH_CHARS {
            continue;
        }
        if f.own_link_density(b) > 0.3 {
            continue;
        }
        evidence += ((len - limits::READERABLE_PARAGRAPH_CHARS) as f32).sqrt();
        if evidence > limits::READERABLE_MIN_EVIDENCE {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;

    const PROSE: &str = "Lectern reads the page, weighs every paragraph, and keeps the article, which is what readers want from a reader mode that works on every site.";

    #[test]
    fn article_is_readerable_index_is_not() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("article", &[], |b| {
                for _ in 0..3 {
                    b.el("p", &[], |b| {
                        b.text(&PROSE.repeat(3));
                    });
                }
            });
        });
        assert!(is_probably_readerable(&b.finish()));

        let mut b = Builder::new();
        b.el("body", &[], |b| {
            for _ in 0..20 {
                b.el("div", &[], |b| {
                    b.el("a", &[("href", "/x")], |b| {
                        b.text(PROSE);
                    });
                });
            }
            b.el("nav", &[], |b| {
                b.text(&PROSE.repeat(5));
            });
        });
        assert!(!is_probably_readerable(&b.finish()));
    }
}
