//! Selection → [`Article`]: metadata, blocks, then the fields derived from both.

use super::build::{self, Context};
use super::metadata::{self, Metadata};
use std::collections::HashSet;

use super::text::{blocks_plain, plain, reading_time, word_count};
use super::Inline;
use super::{Article, Block};
use crate::extract::Selection;
use crate::rules::prune::{is_post_furniture, THREAD_REPEAT_MIN_CHARS};
use crate::snapshot::visibility::Visibility;
use crate::snapshot::Snapshot;

/// How many leading blocks may hold the title repeated as a heading (a kicker or a
/// date line sometimes sits above it).
const TITLE_HEADING_WINDOW: usize = 3;

/// Builds the article for what the engine selected; `None` when nothing readable remains.
/// `visibility` is the page's `Features::visibility` (computed once per extraction).
pub(crate) fn assemble(
    snap: &Snapshot,
    sel: &Selection,
    visibility: &Visibility,
    page_url: Option<&str>,
) -> Option<Article> {
    let meta = metadata::read(snap, &sel.roots, page_url);
    let cx = Context {
        snap,
        drop: &sel.drop,
        base: meta.base.clone(),
        lang: meta.lang.clone(),
        dir: meta.dir.clone(),
        visibility,
    };
    let mut blocks = build::blocks(&cx, &sel.roots);
    drop_title_heading(&mut blocks, meta.title.as_deref());
    drop_byline_line(&mut blocks, &meta.authors);
    if sel.thread {
        let mut seen = HashSet::new();
        drop_repeated_lines(&mut blocks, &mut seen);
    }
    if blocks.is_empty() {
        return None;
    }
    let mut text = String::new();
    blocks_plain(&blocks, &mut text);
    let word_count = word_count(&text);
    let excerpt = meta.excerpt.clone().or_else(|| first_paragraph(&blocks));
    let Metadata {
        title,
        authors,
        published,
        modified,
        site_name,
        lang,
        dir,
        lead_image,
        ..
    } = meta;
    Some(Article {
        title,
        byline: (!authors.is_empty()).then(|| authors.join(", ")),
        authors,
        published,
        modified,
        site_name,
        lang,
        dir,
        excerpt,
        lead_image,
        blocks,
        word_count,
        reading_time: reading_time(word_count),
        confidence: sel.confidence,
        content: sel.roots.clone(),
        truncated: snap.truncated,
    })
}

/// On a forum thread (`Selection::thread`: the page declares a discussion in JSON-LD, or shows
/// forum user cards, `classify::noise::user_card_lines`), prints each line once: a line (a paragraph, a
/// heading, or a run of a paragraph between line breaks) of at least
/// [`THREAD_REPEAT_MIN_CHARS`] whose text (case and whitespace folded) an earlier line showed
/// is left out. Why: forum replies quote earlier posts as plain lines inside their own
/// paragraphs, and posts repeat their author's signature; readers (and the corpora's gold)
/// show each once. The `prune` stage only sees whole blocks. A line that is a post's
/// furniture (`rules::prune::is_post_furniture`: "#12", "3 Likes") is left out as well.
fn drop_repeated_lines(blocks: &mut Vec<Block>, seen: &mut HashSet<String>) {
    blocks.retain_mut(|b| match b {
        Block::Paragraph { content } | Block::Heading { content, .. } => {
            let mut lines: Vec<Vec<Inline>> = vec![Vec::new()];
            for i in content.drain(..) {
                if matches!(i, Inline::Break) {
                    lines.push(Vec::new());
                } else if let Some(last) = lines.last_mut() {
                    last.push(i);
                }
            }
            let mut kept: Vec<Inline> = Vec::new();
            for line in lines {
                let key = crate::classify::noise::squeezed_lower(&plain(&line));
                if is_post_furniture(&key)
                    || key.len() >= THREAD_REPEAT_MIN_CHARS as usize && !seen.insert(key)
                {
                    continue;
                }
                if !kept.is_empty() {
                    kept.push(Inline::Break);
                }
                kept.extend(line);
            }
            *content = kept;
            !content.is_empty()
        }
        Block::List { items, .. } => {
            items
                .iter_mut()
                .for_each(|item| drop_repeated_lines(item, seen));
            items.retain(|item| !item.is_empty());
            !items.is_empty()
        }
        Block::Quote { content } => {
            drop_repeated_lines(content, seen);
            !content.is_empty()
        }
        _ => true,
    });
}

/// Drops the article title when the content repeats it as its first heading, or as a paragraph
/// holding nothing else (the view shows it).
fn drop_title_heading(blocks: &mut Vec<Block>, title: Option<&str>) {
    let Some(title) = title else { return };
    let key = crate::classify::noise::squeezed_lower;
    let want = key(title);
    let pos = blocks
        .iter()
        .take(TITLE_HEADING_WINDOW)
        .position(|b| match b {
            // Old markup draws the heading with `<font size=5><b>`: a paragraph that is only
            // the title is that heading.
            Block::Heading { content, .. } | Block::Paragraph { content } => {
                same_title(&key(&plain(content)), &want)
            }
            _ => false,
        });
    if let Some(p) = pos {
        // Keep any anchors the heading carried by moving them nowhere: a title is never a link target
        // worth keeping over a clean outline.
        blocks.remove(p);
    }
}

/// Separators between a page title and the site's name ("Winter Notes - Old Home Page").
const TITLE_SITE_SEPARATORS: &[&str] = &[" - ", " | ", " – ", " — ", " :: ", " · "];

/// `text` is the title, or the title's part before a site-name separator.
fn same_title(text: &str, title: &str) -> bool {
    !text.is_empty()
        && (text == title
            || TITLE_SITE_SEPARATORS.iter().any(|sep| {
                title
                    .strip_prefix(text)
                    .is_some_and(|rest| rest.starts_with(sep))
            }))
}

/// A byline line is short: the names plus "By", a date, a role or a reading time.
const MAX_BYLINE_LINE_CHARS: usize = 160;
/// Words of a byline line that are not the names ("By", "and", a date, "5 min read").
const MAX_BYLINE_EXTRA_WORDS: usize = 10;

/// Drops a leading paragraph that only repeats the byline the header shows (every author named,
/// little else): the view would otherwise say it twice.
fn drop_byline_line(blocks: &mut Vec<Block>, authors: &[String]) {
    if authors.is_empty() {
        return;
    }
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(crate::lower)
            .collect()
    };
    let names: Vec<String> = authors.iter().flat_map(|a| words(a)).collect();
    let is_byline = |b: &Block| match b {
        Block::Paragraph { content } => {
            let text = plain(content);
            let ws = words(&text);
            text.chars().count() <= MAX_BYLINE_LINE_CHARS
                && names.iter().all(|n| ws.contains(n))
                && ws.iter().filter(|w| !names.contains(w)).count() <= MAX_BYLINE_EXTRA_WORDS
        }
        _ => false,
    };
    if let Some(p) = blocks
        .iter()
        .take(TITLE_HEADING_WINDOW + 1)
        .position(is_byline)
    {
        blocks.remove(p);
    }
}

fn first_paragraph(blocks: &[Block]) -> Option<String> {
    blocks.iter().find_map(|b| match b {
        Block::Paragraph { content } => metadata::excerpt_from(&plain(content)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_matched_whole_or_before_the_site_name() {
        assert!(same_title("winter notes", "winter notes"));
        assert!(same_title("winter notes", "winter notes - old home page"));
        assert!(same_title("winter notes", "winter notes | old home page"));
        assert!(!same_title("winter", "winter notes - old home page"));
        assert!(!same_title("old home page", "winter notes - old home page"));
        assert!(!same_title("", "winter notes"));
    }
}
