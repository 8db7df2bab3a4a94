//! HTML string → [`Snapshot`]: html5ever builds a [`ParsedDom`](dom::ParsedDom), then the shared
//! capture walker reads it like any other [`DomSource`](crate::DomSource).

mod dom;
mod encoding;
mod guard;
mod guard_sink;

use html5ever::buffer_queue::BufferQueue;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::TokenizerResult;

use crate::budget::Deadline;
use crate::snapshot::capture::capture;
use crate::{Error, Options, Snapshot};
pub(crate) use dom::ParsedDom;
#[allow(unused_imports)]
pub(crate) use encoding::decode;

/// Input is fed to html5ever in pieces this big so the deadline is checked while parsing
/// (a 30 MB page must not run unchecked); small enough to check every few milliseconds.
const CHUNK_BYTES: usize = 64 * 1024;

/// Markup bytes per arena node, to size the arena once. Why: wcxb-dev pages average ~140 bytes
/// per captured node, and the arena also holds whitespace text and comments that capture drops.
const BYTES_PER_NODE: usize = 64;

/// Parses an HTML string into a snapshot within `options.limits`.
pub(crate) fn parse_str(
    html: &str,
    options: &Options,
    deadline: &Deadline,
) -> Result<Snapshot, Error> {
    guard::check_size(html.len(), options.limits.max_input_bytes)?;
    guard::check_magic(html.as_bytes())?;
    guard::check_text(html)?;
    parse_text(html, options, deadline)
}

/// Parses raw page bytes, detecting their encoding, into a snapshot within `options.limits`.
pub(crate) fn parse_bytes(
    bytes: &[u8],
    options: &Options,
    deadline: &Deadline,
) -> Result<Snapshot, Error> {
    guard::check_size(bytes.len(), options.limits.max_input_bytes)?;
    guard::check_magic(bytes)?;
    let (text, _encoding) = encoding::decode(bytes);
    guard::check_text(&text)?;
    parse_text(&text, options, deadline)
}

/// Parses as a browser with scripting on; a page that then renders only a `<noscript>`
/// document (the crawler view of a script-built page) is parsed again with scripting off, so
/// that document is markup rather than one raw text node.
fn parse_text(text: &str, options: &Options, deadline: &Deadline) -> Result<Snapshot, Error> {
    let snap = capture_dom(&parse_dom(text, deadline, true)?, options, deadline)?;
    if !crate::extract::blocks::renders_only_noscript(&snap) {
        return Ok(snap);
    }
    capture_dom(&parse_dom(text, deadline, false)?, options, deadline)
}

fn capture_dom(dom: &ParsedDom, options: &Options, deadline: &Deadline) -> Result<Snapshot, Error> {
    let mut snap = capture(dom, &options.limits, deadline)?;
    snap.url.clone_from(&options.url);
    Ok(snap)
}

/// Runs html5ever over `text` like a browser with scripting on (`<noscript>` content is text)
/// or off, in chunks so that the deadline is honoured on huge pages.
pub(crate) fn parse_dom(
    text: &str,
    deadline: &Deadline,
    scripting_enabled: bool,
) -> Result<ParsedDom, Error> {
    let opts = TreeBuilderOpts {
        scripting_enabled,
        ..Default::default()
    };
    let builder = TreeBuilder::new(dom::Sink::new(text.len() / BYTES_PER_NODE), opts);
    let tokenizer = Tokenizer::new(
        guard_sink::GuardedBuilder::new(builder, deadline),
        TokenizerOpts::default(),
    );
    let queue = BufferQueue::default();
    let mut rest = text;
    while !rest.is_empty() {
        let cut = chunk_end(rest, CHUNK_BYTES);
        queue.push_back(StrTendril::from_slice(&rest[..cut]));
        rest = &rest[cut..];
        // `Script` asks the embedder to run a script (there is none); `EncodingIndicator` reports
        // a `<meta charset>`, already honoured by the byte prescan. Both pause the tokenizer.
        while !matches!(tokenizer.feed(&queue), TokenizerResult::Done) {}
        deadline.check()?;
    }
    tokenizer.end();
    let mut dom = tokenizer.sink.builder.sink.finish();
    dom.join_streamed_segments();
    Ok(dom)
}

/// The largest char boundary at or below `max` (or the whole string when shorter).
fn chunk_end(s: &str, max: usize) -> usize {
    if s.len() <= max {
        return s.len();
    }
    let mut at = max;
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests;
