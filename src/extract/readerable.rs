//! The cheap "is this an article?" signal for the toolbar button: prose paragraphs outside
//! noise areas, with diminishing returns per paragraph so one long blurb is not enough, summed
//! per parent element so a listing of many teaser cards (one blurb per card) stays below the
//! line while an article's paragraphs, siblings in one container, add up.

use crate::classify::noise::{NoiseClassifier, NoiseLabels};
use crate::extract::blocks::{self, Features};
use crate::rules::limits;
use crate::snapshot::Snapshot;

/// True when one element holds enough link-poor prose paragraphs outside noise areas.
pub(crate) fn is_probably_readerable(snap: &Snapshot) -> bool {
    let f = blocks::compute(snap);
    let noise = NoiseClassifier::new(snap, &f).classify();
    from_features(snap, &f, &noise)
}

/// [`is_probably_readerable`] on features and noise labels already computed (an extraction's
/// `blocks` stage and its first, default `noise` pass: the same ones this check computes).
pub(crate) fn from_features(snap: &Snapshot, f: &Features, noise: &NoiseLabels) -> bool {
    // Evidence per parent element, indexed by node id.
    let mut evidence = vec![0.0f32; snap.nodes.len()];
    for &b in &f.blocks {
        let i = b.index();
        let len = f.own_len[i];
        if noise.inside[i] || len < limits::READERABLE_PARAGRAPH_CHARS {
            continue;
        }
        if f.own_link_density(b) > 0.3 {
            continue;
        }
        let Some(parent) = snap.node(b).parent else {
            continue;
        };
        let sum = &mut evidence[parent.index()];
        *sum += ((len - limits::READERABLE_PARAGRAPH_CHARS) as f32).sqrt();
        if *sum > limits::READERABLE_MIN_EVIDENCE {
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

    /// A listing: every card holds one long, link-poor blurb. The page-wide sum would pass; no
    /// single parent does.
    #[test]
    fn teaser_cards_are_not_readerable() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("main", &[], |b| {
                for _ in 0..12 {
                    b.el("div", &[("class", "card")], |b| {
                        b.el("h2", &[], |b| {
                            b.el("a", &[("href", "/story")], |b| {
                                b.text("A story");
                            });
                        });
                        b.el("p", &[], |b| {
                            b.text(&PROSE.repeat(2));
                        });
                    });
                }
            });
        });
        assert!(!is_probably_readerable(&b.finish()));
    }

    /// The same paragraphs as siblings under one container are an article.
    #[test]
    fn sibling_paragraphs_add_up() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[("class", "post")], |b| {
                for _ in 0..4 {
                    b.el("p", &[], |b| {
                        b.text(&PROSE.repeat(2));
                    });
                }
            });
        });
        assert!(is_probably_readerable(&b.finish()));
    }

    /// An extraction asked for the check answers it from its own features as the check does,
    /// with the noise stage on or ablated (pages: an article as in `sibling_paragraphs_add_up`,
    /// one paragraph, a list of linked lines).
    #[test]
    fn the_extraction_answers_as_the_check_does() {
        use crate::extract::stages::{run_with, Learning, StageSwitches};
        let page = |paragraphs: usize, links: bool| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[("class", "post")], |b| {
                    for _ in 0..paragraphs {
                        b.el("p", &[], |b| {
                            if links {
                                b.el("a", &[("href", "/x")], |b| {
                                    b.text(PROSE);
                                });
                            } else {
                                b.text(&PROSE.repeat(2));
                            }
                        });
                    }
                });
            });
            b.finish()
        };
        let learning = Learning {
            readerable: true,
            ..Learning::default()
        };
        for s in [page(4, false), page(1, false), page(6, true)] {
            for noise in [true, false] {
                let switches = StageSwitches {
                    noise,
                    ..StageSwitches::default()
                };
                let deadline = crate::budget::Deadline::start(0);
                let out = run_with(
                    &s,
                    crate::Mode::Balanced,
                    None,
                    switches,
                    learning,
                    &deadline,
                );
                let answer = out.ok().and_then(|o| o.readerable);
                assert_eq!(answer, Some(is_probably_readerable(&s)));
            }
        }
    }
}
