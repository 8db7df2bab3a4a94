//! Stage 3: candidate regions from runs of same-path text blocks (seeds 003 and 000).
//!
//! Walking text blocks in document order, consecutive blocks with the same parent tag path form
//! a run (XTractor's groups). Runs are scored and handed to content scoring as evidence, not
//! picked winner-takes-all: the noise stage has already removed the comment/ad runs and
//! copyright lines that made XTractor fail.

use crate::classify::noise::NoiseLabels;
use crate::extract::blocks::Features;
use crate::rules::limits;
use crate::snapshot::NodeId;

/// One run of consecutive same-path blocks.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    /// Blocks in document order.
    pub blocks: Vec<NodeId>,
    /// Summed non-link text of the run.
    pub score: f32,
}

/// All runs plus, per node, the share of the best run's score its run reached (0–1).
#[derive(Debug, Default)]
pub(crate) struct PathRuns {
    pub runs: Vec<Run>,
    pub share: Vec<f32>,
}

impl PathRuns {
    /// The highest-scoring run, if any.
    pub fn best(&self) -> Option<&Run> {
        self.runs.iter().max_by(|a, b| a.score.total_cmp(&b.score))
    }
}

/// Groups text blocks outside noise into runs and scores them.
pub(crate) fn group(f: &Features, noise: &NoiseLabels) -> PathRuns {
    let mut runs: Vec<Run> = Vec::new();
    let mut last_path = None;
    for &b in &f.blocks {
        let i = b.index();
        if noise.inside[i] {
            // Noise between two paragraphs (an ad slot) does not split the article's run.
            continue;
        }
        let text = f.own_len[i].saturating_sub(f.own_link_len[i]) as f32;
        match runs.last_mut() {
            Some(run) if last_path == Some(f.ptp[i]) => {
                run.blocks.push(b);
                run.score += text;
            }
            _ => runs.push(Run {
                blocks: vec![b],
                score: text,
            }),
        }
        last_path = Some(f.ptp[i]);
    }
    runs.retain(|r| r.blocks.len() >= limits::MIN_RUN_BLOCKS);
    let best = runs.iter().map(|r| r.score).fold(0.0f32, f32::max);
    let mut share = vec![0.0; f.ptp.len()];
    if best > 0.0 {
        for r in &runs {
            for b in &r.blocks {
                share[b.index()] = r.score / best;
            }
        }
    }
    PathRuns { runs, share }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::noise::NoiseClassifier;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;

    #[test]
    fn consecutive_same_path_blocks_form_scored_runs() {
        let mut b = Builder::new();
        let mut art = vec![];
        b.el("body", &[], |b| {
            b.el("ul", &[], |b| {
                for _ in 0..3 {
                    b.el("li", &[], |b| {
                        b.text("short");
                    });
                }
            });
            b.el("div", &[], |b| {
                art.push(b.el("p", &[], |b| {
                    b.text("The first long paragraph of the article body text.");
                }));
                b.el("div", &[("class", "ad")], |b| {
                    b.el("p", &[], |b| {
                        b.text("Advertisement copy that interrupts the article text");
                    });
                });
                art.push(b.el("p", &[], |b| {
                    b.text("The second long paragraph continues after the ad.");
                }));
            });
        });
        let s = b.finish();
        let f = blocks::compute(&s);
        let noise = NoiseClassifier::new(&s, &f).classify();
        let runs = group(&f, &noise);
        assert_eq!(runs.runs.len(), 2);
        assert_eq!(runs.best().map(|r| r.blocks.clone()), Some(art.clone()));
        assert!((runs.share[art[0].index()] - 1.0).abs() < 1e-6);
    }
}
