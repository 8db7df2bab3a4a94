//! A token filter between html5ever's tokenizer and tree builder that keeps hostile input cheap.
//!
//! html5ever's tree builder scans the whole stack of open elements for many start tags ("is a
//! `<p>` in button scope?"), so N nested elements cost O(N²): 20,000 nested `<ul><li>` took 6.7 s
//! in a release build. Browsers cap parser nesting (Blink at 512); past the same depth this
//! filter closes each new element right after opening it, so deeper content lands as siblings
//! and the stack stays bounded. It also watches the deadline, so one parse chunk cannot run on.

use std::cell::Cell;

use html5ever::tokenizer::{EndTag, StartTag, Tag, TagToken, Token, TokenSink, TokenSinkResult};
use html5ever::tree_builder::TreeBuilder;
use html5ever::{local_name, LocalName};

use super::dom::{Id, Sink};
use crate::budget::Deadline;

/// Nesting depth past which new elements are closed at once. Why: Blink's
/// `kMaximumHTMLParserDOMTreeDepth`; real pages stay far below it, and capture flattens at
/// `Limits::max_depth` (256) anyway.
pub(crate) const MAX_PARSE_DEPTH: u32 = 512;

/// Tokens between deadline checks: a few microseconds of work each.
const TOKENS_PER_CHECK: u32 = 2048;

pub(crate) struct GuardedBuilder<'d> {
    pub(crate) builder: TreeBuilder<Id, Sink>,
    deadline: &'d Deadline,
    tokens: Cell<u32>,
    expired: Cell<bool>,
}

impl<'d> GuardedBuilder<'d> {
    pub(crate) fn new(builder: TreeBuilder<Id, Sink>, deadline: &'d Deadline) -> Self {
        GuardedBuilder {
            builder,
            deadline,
            tokens: Cell::new(0),
            expired: Cell::new(false),
        }
    }

    /// Once the budget is spent the rest of the input is skipped; the caller reports the error.
    fn out_of_time(&self) -> bool {
        let n = self.tokens.get().wrapping_add(1);
        self.tokens.set(n);
        if n % TOKENS_PER_CHECK == 0 && self.deadline.check().is_err() {
            self.expired.set(true);
        }
        self.expired.get()
    }
}

/// Start tags whose element can be closed right away by a matching end tag. Void elements are
/// never pushed (and `</br>` means `<br>`); `html`/`head`/`body`/`frameset` end tags would change
/// the insertion mode for the rest of the document.
fn closable(name: &LocalName) -> bool {
    !matches!(
        *name,
        local_name!("area")
            | local_name!("base")
            | local_name!("basefont")
            | local_name!("bgsound")
            | local_name!("br")
            | local_name!("col")
            | local_name!("embed")
            | local_name!("frame")
            | local_name!("hr")
            | local_name!("image")
            | local_name!("img")
            | local_name!("input")
            | local_name!("keygen")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("param")
            | local_name!("source")
            | local_name!("track")
            | local_name!("wbr")
            | local_name!("html")
            | local_name!("head")
            | local_name!("body")
            | local_name!("frameset")
    )
}

impl TokenSink for GuardedBuilder<'_> {
    type Handle = Id;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Id> {
        if self.out_of_time() {
            return TokenSinkResult::Continue;
        }
        let close_at_once = match &token {
            TagToken(tag) if tag.kind == StartTag && !tag.self_closing => {
                (self.builder.sink.insertion_depth() >= MAX_PARSE_DEPTH && closable(&tag.name))
                    .then(|| tag.name.clone())
            }
            _ => None,
        };
        let result = self.builder.process_token(token, line_number);
        // Raw-text elements (script, style, textarea…) switch the tokenizer; leave them alone.
        if let (Some(name), TokenSinkResult::Continue) = (close_at_once, &result) {
            let end = Tag {
                kind: EndTag,
                name,
                self_closing: false,
                attrs: Vec::new(),
                had_duplicate_attributes: false,
            };
            // The end tag only pops what the start tag pushed; its result is always Continue.
            let _ = self.builder.process_token(TagToken(end), line_number);
        }
        result
    }

    fn end(&self) {
        self.builder.end();
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.builder
            .adjusted_current_node_present_but_not_in_html_namespace()
    }
}
