//! A linear-chain CRF over a page's block sequence (seed 004), in its smallest form: the
//! boosted trees' logit is the unary score and a learned 2×2 transition table, one per value
//! of "same tag path as the previous block", couples neighbouring labels. Trained by
//! forward–backward (gradient ascent on the log-likelihood) on out-of-fold logits and decoded
//! with Viterbi; measured offline at block level by `lectern train --crf PREFIX`
//! (docs/LEARNED.md, session 15). Not wired into the engine.

/// One block of a sequence: the trees' logit, "same tag path as the previous block", the label.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Obs {
    pub logit: f32,
    pub same_path: bool,
    pub y: bool,
}

/// CRF weights: unary `scale · logit + bias` for content (0 for boilerplate), and
/// `trans[same_path][prev][cur]` between neighbours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Crf {
    pub scale: f64,
    pub bias: f64,
    pub trans: [[[f64; 2]; 2]; 2],
}

impl Default for Crf {
    /// Independent blocks: Viterbi decodes `logit > 0`, as the trees alone.
    fn default() -> Self {
        Crf {
            scale: 1.0,
            bias: 0.0,
            trans: [[[0.0; 2]; 2]; 2],
        }
    }
}

fn log_add(a: f64, b: f64) -> f64 {
    let m = a.max(b);
    m + ((a - m).exp() + (b - m).exp()).ln()
}

impl Crf {
    fn unary(&self, o: &Obs) -> [f64; 2] {
        [0.0, self.scale * f64::from(o.logit) + self.bias]
    }

    fn pair(&self, o: &Obs, prev: usize, cur: usize) -> f64 {
        self.trans[usize::from(o.same_path)][prev][cur]
    }

    /// The most likely label sequence.
    pub(crate) fn viterbi(&self, seq: &[Obs]) -> Vec<bool> {
        let Some(first) = seq.first() else {
            return Vec::new();
        };
        let mut score = self.unary(first);
        let mut back: Vec<[usize; 2]> = Vec::with_capacity(seq.len());
        back.push([0, 0]);
        for o in &seq[1..] {
            let u = self.unary(o);
            let mut next = [0.0; 2];
            let mut from = [0usize; 2];
            for (cur, slot) in next.iter_mut().enumerate() {
                let a = score[0] + self.pair(o, 0, cur);
                let b = score[1] + self.pair(o, 1, cur);
                (*slot, from[cur]) = if b > a { (b, 1) } else { (a, 0) };
                *slot += u[cur];
            }
            score = next;
            back.push(from);
        }
        let mut z = usize::from(score[1] > score[0]);
        let mut out = vec![false; seq.len()];
        for i in (0..seq.len()).rev() {
            out[i] = z == 1;
            z = back[i][z];
        }
        out
    }

    /// Forward and backward log scores of `seq` (`alpha[i][z]`, `beta[i][z]`) and log Z.
    fn forward_backward(&self, seq: &[Obs], u: &[[f64; 2]]) -> (Vec<[f64; 2]>, Vec<[f64; 2]>, f64) {
        let n = seq.len();
        let mut alpha = vec![[0.0; 2]; n];
        alpha[0] = u[0];
        for i in 1..n {
            for cur in 0..2 {
                alpha[i][cur] = u[i][cur]
                    + log_add(
                        alpha[i - 1][0] + self.pair(&seq[i], 0, cur),
                        alpha[i - 1][1] + self.pair(&seq[i], 1, cur),
                    );
            }
        }
        let mut beta = vec![[0.0; 2]; n];
        for i in (0..n - 1).rev() {
            for prev in 0..2 {
                beta[i][prev] = log_add(
                    self.pair(&seq[i + 1], prev, 0) + u[i + 1][0] + beta[i + 1][0],
                    self.pair(&seq[i + 1], prev, 1) + u[i + 1][1] + beta[i + 1][1],
                );
            }
        }
        let log_z = log_add(alpha[n - 1][0], alpha[n - 1][1]);
        (alpha, beta, log_z)
    }

    /// Posterior probability of content of each block (marginal decoding: `> 0.5`).
    pub(crate) fn marginals(&self, seq: &[Obs]) -> Vec<f64> {
        if seq.is_empty() {
            return Vec::new();
        }
        let u: Vec<[f64; 2]> = seq.iter().map(|o| self.unary(o)).collect();
        let (alpha, beta, log_z) = self.forward_backward(seq, &u);
        (0..seq.len())
            .map(|i| (alpha[i][1] + beta[i][1] - log_z).exp())
            .collect()
    }

    /// Log-likelihood of the gold labels of `seq`, with its gradient added to `grad`
    /// (`[scale, bias, trans…]`).
    fn log_likelihood(&self, seq: &[Obs], grad: &mut [f64; 10]) -> f64 {
        let n = seq.len();
        if n == 0 {
            return 0.0;
        }
        let u: Vec<[f64; 2]> = seq.iter().map(|o| self.unary(o)).collect();
        let (alpha, beta, log_z) = self.forward_backward(seq, &u);
        let mut gold = 0.0;
        for (i, o) in seq.iter().enumerate() {
            let z = usize::from(o.y);
            gold += u[i][z];
            // Unary: observed minus expected content.
            let p1 = (alpha[i][1] + beta[i][1] - log_z).exp();
            let d = f64::from(u8::from(o.y)) - p1;
            grad[0] += d * f64::from(o.logit);
            grad[1] += d;
            if i > 0 {
                let prev = usize::from(seq[i - 1].y);
                gold += self.pair(o, prev, z);
                let c = usize::from(o.same_path);
                for a in 0..2 {
                    for b in 0..2 {
                        let p = (alpha[i - 1][a] + self.pair(o, a, b) + u[i][b] + beta[i][b]
                            - log_z)
                            .exp();
                        let seen = f64::from(u8::from(a == prev && b == z));
                        grad[2 + 4 * c + 2 * a + b] += seen - p;
                    }
                }
            }
        }
        gold - log_z
    }

    /// Fits the weights to `seqs` by gradient ascent on the mean log-likelihood per block
    /// (L2 `l2` on the transitions), from independent blocks; returns the final mean.
    pub(crate) fn fit(seqs: &[Vec<Obs>], iterations: usize, l2: f64) -> (Crf, f64) {
        let blocks = seqs.iter().map(Vec::len).sum::<usize>().max(1) as f64;
        let mut crf = Crf::default();
        let mut ll = 0.0;
        // Adam on the 10 weights.
        let (mut m, mut v) = ([0.0f64; 10], [0.0f64; 10]);
        for t in 1..=iterations {
            let mut grad = [0.0f64; 10];
            ll = seqs
                .iter()
                .map(|s| crf.log_likelihood(s, &mut grad))
                .sum::<f64>()
                / blocks;
            let mut w = crf.weights();
            for k in 0..10 {
                let g = grad[k] / blocks - if k >= 2 { l2 * w[k] } else { 0.0 };
                m[k] = 0.9 * m[k] + 0.1 * g;
                v[k] = 0.999 * v[k] + 0.001 * g * g;
                let mh = m[k] / (1.0 - 0.9f64.powi(t as i32));
                let vh = v[k] / (1.0 - 0.999f64.powi(t as i32));
                w[k] += 0.05 * mh / (vh.sqrt() + 1e-8);
            }
            crf = Crf::from_weights(&w);
        }
        (crf, ll)
    }

    fn weights(&self) -> [f64; 10] {
        let mut w = [0.0; 10];
        w[0] = self.scale;
        w[1] = self.bias;
        for c in 0..2 {
            for a in 0..2 {
                for b in 0..2 {
                    w[2 + 4 * c + 2 * a + b] = self.trans[c][a][b];
                }
            }
        }
        w
    }

    fn from_weights(w: &[f64; 10]) -> Crf {
        let mut crf = Crf {
            scale: w[0],
            bias: w[1],
            ..Crf::default()
        };
        for c in 0..2 {
            for a in 0..2 {
                for b in 0..2 {
                    crf.trans[c][a][b] = w[2 + 4 * c + 2 * a + b];
                }
            }
        }
        crf
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(logit: f32, same_path: bool, y: bool) -> Obs {
        Obs {
            logit,
            same_path,
            y,
        }
    }

    #[test]
    fn without_transitions_viterbi_is_the_sign_of_the_logit() {
        let seq = [
            obs(2.0, false, true),
            obs(-0.5, true, false),
            obs(0.1, true, true),
        ];
        assert_eq!(Crf::default().viterbi(&seq), vec![true, false, true]);
    }

    #[test]
    fn a_sticky_same_path_transition_carries_a_run_over_a_weak_block() {
        // A list of same-path items, one with a slightly negative logit: a transition that
        // rewards staying in the label along a tag-path run keeps it with its neighbours.
        let seq = [
            obs(-3.0, false, false),
            obs(2.0, false, true),
            obs(-0.4, true, true),
            obs(1.5, true, true),
        ];
        let mut crf = Crf::default();
        assert_eq!(crf.viterbi(&seq), vec![false, true, false, true]);
        crf.trans[1] = [[0.5, 0.0], [0.0, 0.5]];
        assert_eq!(crf.viterbi(&seq), vec![false, true, true, true]);
    }

    #[test]
    fn fitting_learns_stickiness_from_runs_and_raises_the_likelihood() {
        // Same-path runs share their label while the logits are noisy.
        let mut seqs = Vec::new();
        for k in 0..40 {
            let noise = |i: usize| if (i + k) % 3 == 0 { -0.6f32 } else { 0.8 };
            let mut s = Vec::new();
            for i in 0..6 {
                s.push(obs(noise(i), i > 0, true));
            }
            for i in 0..6 {
                s.push(obs(-noise(i), i > 0, false));
            }
            seqs.push(s);
        }
        let mut g = [0.0; 10];
        let before: f64 = seqs
            .iter()
            .map(|s| Crf::default().log_likelihood(s, &mut g))
            .sum();
        let (crf, ll) = Crf::fit(&seqs, 200, 0.0);
        assert!(ll * (12.0 * 40.0) > before, "{ll} vs {before}");
        let same = crf.trans[1];
        assert!(same[0][0] + same[1][1] > same[0][1] + same[1][0], "{crf:?}");
        for s in &seqs {
            let want: Vec<bool> = s.iter().map(|o| o.y).collect();
            assert_eq!(crf.viterbi(s), want);
        }
    }

    #[test]
    fn marginals_without_transitions_are_the_logistic_of_the_logit() {
        let seq = [obs(0.0, false, true), obs(2.0, true, true)];
        let p = Crf::default().marginals(&seq);
        assert!((p[0] - 0.5).abs() < 1e-12);
        assert!((p[1] - 1.0 / (1.0 + (-2.0f64).exp())).abs() < 1e-12);
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let seq = [
            obs(0.7, false, true),
            obs(-0.2, true, false),
            obs(1.1, true, true),
        ];
        let crf = Crf {
            scale: 0.8,
            bias: 0.1,
            trans: [[[0.2, -0.1], [0.3, 0.0]], [[0.4, -0.3], [0.1, 0.5]]],
        };
        let mut grad = [0.0; 10];
        crf.log_likelihood(&seq, &mut grad);
        let w = crf.weights();
        for k in 0..10 {
            let mut up = w;
            up[k] += 1e-5;
            let mut down = w;
            down[k] -= 1e-5;
            let mut scratch = [0.0; 10];
            let num = (Crf::from_weights(&up).log_likelihood(&seq, &mut scratch)
                - Crf::from_weights(&down).log_likelihood(&seq, &mut scratch))
                / 2e-5;
            assert!(
                (num - grad[k]).abs() < 1e-6,
                "weight {k}: {num} vs {}",
                grad[k]
            );
        }
    }
}
