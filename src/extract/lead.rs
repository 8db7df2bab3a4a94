//! Stage helper of `select`: the standfirst. A story's dek (the one- or two-sentence summary
//! under the headline) often sits in the page header, outside the container that wins the
//! scoring; the page's own `<meta name="description">` usually repeats it word for word. A
//! prose block before the selection that opens with the description is joined to it.
//!
//! Why: trafilatura corpus (session 8), 40 missed "with" snippets lay inside the page's
//! description and outside the selection, most of them a dek above the story.

use crate::extract::score::Inputs;
use crate::rules::limits::{LEAD_MATCH_CHARS, LEAD_MAX_CHARS};
use crate::snapshot::NodeId;

/// The block before `first` (the selection's first root) whose text opens as `description`
/// does (the first [`LEAD_MATCH_CHARS`] chars, whitespace collapsed), the innermost one when
/// several nest. Mostly plain text, outside noise, at most [`LEAD_MAX_CHARS`].
pub(crate) fn standfirst(inp: &Inputs, first: NodeId, description: &str) -> Option<NodeId> {
    let f = inp.f;
    let want = opening(description);
    // A description shorter than the compared opening says too little to match on.
    want.char_indices().nth(LEAD_MATCH_CHARS - 1)?;
    let start = f.preorder[first.index()];
    let mut best: Option<NodeId> = None;
    for &id in f.order.get(..start as usize)? {
        let i = id.index();
        if !f.is_block[i]
            || f.subtree_end[i] >= start
            || inp.noise.inside[i]
            || f.text_len[i] > LEAD_MAX_CHARS
            || f.link_len[i] * 2 >= f.text_len[i]
        {
            continue;
        }
        if opening(&inp.snap.text_of(id)) == want
            && best.is_none_or(|b| f.text_len[i] <= f.text_len[b.index()])
        {
            best = Some(id);
        }
    }
    best
}

/// The first [`LEAD_MATCH_CHARS`] chars of `text`, whitespace runs as one space.
fn opening(text: &str) -> String {
    let mut out = String::new();
    for w in text.split_whitespace() {
        out.push_str(w);
        out.push(' ');
        if out.len() >= LEAD_MATCH_CHARS * 4 {
            break;
        }
    }
    if let Some((cut, _)) = out.char_indices().nth(LEAD_MATCH_CHARS) {
        out.truncate(cut);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;

    const DEK: &str = "The council voted to close the old bridge for two years of repairs.";

    #[test]
    fn the_dek_above_the_story_matches_the_description() {
        let mut b = Builder::new();
        let (mut dek, mut story) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("header", &[("class", "story-head")], |b| {
                b.el("h1", &[], |b| {
                    b.text("Bridge closes");
                });
                dek = b.el("p", &[("class", "dek")], |b| {
                    b.text(DEK);
                });
            });
            b.el("p", &[], |b| {
                b.text("An unrelated paragraph of the page, long enough to be a block here.");
            });
            story = b.el("div", &[], |b| {
                b.el("p", &[], |b| {
                    b.text("The story itself begins here, after the header.");
                });
            });
        });
        let s = b.finish();
        crate::extract::prune::tests::with_inputs(&s, |inp| {
            assert_eq!(standfirst(inp, story, DEK), Some(dek));
            // A truncated description ("…") still opens the same way.
            assert_eq!(standfirst(inp, story, &DEK[..50]), Some(dek));
            // A description the page does not show: nothing.
            assert_eq!(
                standfirst(inp, story, "Nothing on this page reads like this text."),
                None
            );
            // Only before the selection.
            assert_eq!(standfirst(inp, dek, DEK), None);
        });
    }
}
