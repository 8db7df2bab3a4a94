//! Sorting through one instantiation of the standard sort.
//!
//! Every `sort_by` with its own closure or element type compiles its own copy of the standard
//! library's sort (quicksort, driftsort, small sorts): twiggy counted 62 such functions,
//! about 43 KB of the extension wasm before gzip. Here every sort becomes a sort of
//! `(u64 key, u32 position)` pairs, so the module links the sort once. Ties keep their input
//! order (the position is part of the pair), which makes every sort here stable.

/// Sorts `v` by `key`, ascending and stable.
pub(crate) fn by_key<T>(v: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    let mut keys: Vec<(u64, u32)> = v
        .iter()
        .enumerate()
        .map(|(i, x)| (key(x), u32::try_from(i).unwrap_or(u32::MAX)))
        .collect();
    sort_pairs(&mut keys);
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        keys.iter()
            .filter_map(|&(_, i)| slots.get_mut(i as usize).and_then(Option::take)),
    );
}

/// The one place the standard sort is instantiated (kept out of line so callers share it).
#[inline(never)]
fn sort_pairs(keys: &mut [(u64, u32)]) {
    keys.sort_unstable();
}

/// A key that orders `f32`s as [`f32::total_cmp`] does (−NaN < −∞ < … < −0 < +0 < … < +∞ < NaN).
pub(crate) fn f32_key(x: f32) -> u64 {
    let bits = x.to_bits();
    u64::from(if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    })
}

/// Descending order: `by_key(v, |x| descending(k(x)))`; ties still keep their input order.
pub(crate) fn descending(key: u64) -> u64 {
    !key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_by_key() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        by_key(&mut v, |x| x.0);
        assert_eq!(v, [(1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]);
        by_key(&mut v, |x| descending(x.0));
        assert_eq!(v, [(3, 'a'), (3, 'c'), (2, 'd'), (1, 'b'), (1, 'e')]);
    }

    #[test]
    fn float_keys_follow_total_cmp() {
        let xs = [
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            -0.0,
            0.0,
            1.5,
            -1.5,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            1e30,
            -1e-30,
        ];
        let mut ours = xs.to_vec();
        by_key(&mut ours, |&x| f32_key(x));
        let mut std = xs.to_vec();
        std.sort_by(f32::total_cmp);
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&ours), bits(&std));
    }

    #[test]
    fn empty_and_single() {
        let mut v: Vec<String> = Vec::new();
        by_key(&mut v, |s| s.len() as u64);
        assert!(v.is_empty());
        let mut v = vec![String::from("x")];
        by_key(&mut v, |s| s.len() as u64);
        assert_eq!(v, ["x"]);
    }
}
