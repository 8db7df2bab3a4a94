//! The article model: metadata plus typed content blocks, independent of any DOM.
//!
//! Built from a [`Snapshot`](crate::Snapshot) and the set of nodes the engine kept; rendered by
//! `crate::render` to allowlisted HTML, plain text, Markdown or JSON.

pub(crate) mod assemble;
pub(crate) mod build;
mod dates;
pub(crate) mod embed;
mod images;
pub(crate) mod json;
pub(crate) mod markup;
pub(crate) mod math;
pub(crate) mod metadata;
mod table;
mod tex;
mod text;
pub(crate) mod url;

use crate::NodeId;
use serde::{Deserialize, Serialize};

/// An extracted article.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Article {
    /// Title without the site-name suffix.
    pub title: Option<String>,
    /// Byline as shown (authors joined), if any.
    pub byline: Option<String>,
    /// Author names, in page order.
    pub authors: Vec<String>,
    /// Publication date as found (ISO 8601 when the page gives it).
    pub published: Option<String>,
    /// Last-modified date as found.
    pub modified: Option<String>,
    /// Site name.
    pub site_name: Option<String>,
    /// Language tag (BCP 47), from the page.
    pub lang: Option<String>,
    /// Text direction of the content: `ltr` or `rtl`.
    pub dir: Option<String>,
    /// A short summary.
    pub excerpt: Option<String>,
    /// Absolute URL of the lead image.
    pub lead_image: Option<String>,
    /// Content as typed blocks.
    pub blocks: Vec<Block>,
    /// Words in the content.
    pub word_count: usize,
    /// Estimated minutes to read.
    pub reading_time: u32,
    /// 0–1: how sure the engine is that this is the page's main content.
    pub confidence: f32,
    /// Snapshot nodes whose subtrees make up the content (for highlighting on the live page).
    pub content: Vec<NodeId>,
    /// True when a limit cut the capture short (see [`Limits`](crate::Limits)).
    pub truncated: bool,
}

/// A block of content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Block {
    /// `h1`–`h6` (`level` 1–6).
    Heading {
        /// 1–6.
        level: u8,
        /// Heading text and markup.
        content: Vec<Inline>,
    },
    /// A paragraph.
    Paragraph {
        /// Paragraph text and markup.
        content: Vec<Inline>,
    },
    /// A list; each item is a sequence of blocks.
    List {
        /// Numbered list.
        ordered: bool,
        /// Items.
        items: Vec<Vec<Block>>,
    },
    /// A block quote.
    Quote {
        /// Quoted blocks.
        content: Vec<Block>,
    },
    /// Preformatted code, whitespace kept.
    Code {
        /// Language, from `language-*`/`lang-*` classes, when given.
        lang: Option<String>,
        /// The code text.
        text: String,
    },
    /// An image with an optional caption.
    Figure {
        /// The image.
        image: Image,
        /// Caption text and markup.
        caption: Vec<Inline>,
    },
    /// A data table.
    Table {
        /// Caption, if any.
        caption: Vec<Inline>,
        /// Rows of cells.
        rows: Vec<Vec<Cell>>,
    },
    /// Display math as MathML markup (allowlisted when rendered).
    Math {
        /// MathML source.
        mathml: String,
    },
    /// A video from a known provider (see `article::embed`), kept as an inert placeholder: the
    /// HTML renderer emits a figure with a link to the original and the player address as data,
    /// never an iframe. Not part of the plain text.
    Embed {
        /// Provider name (`YouTube`, `Vimeo`).
        provider: String,
        /// The iframe's `title`, when the page gave one.
        title: Option<String>,
        /// The privacy-preserving player address to frame on request (https, known host).
        player: String,
        /// The original video page.
        url: String,
    },
    /// A thematic break.
    Rule,
    /// Blocks whose language or direction differs from the article's (`lang`/`dir` on a container).
    Group {
        /// BCP 47 language tag, when it differs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
        /// `ltr`, `rtl` or `auto`, when it differs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dir: Option<String>,
        /// The blocks.
        content: Vec<Block>,
    },
}

/// A table cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cell {
    /// Header cell (`th`).
    pub header: bool,
    /// Column span (≥ 1).
    pub colspan: u32,
    /// Row span (≥ 1).
    pub rowspan: u32,
    /// Cell content.
    pub content: Vec<Inline>,
}

/// An image reference, resolved to an absolute URL.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    /// Absolute source URL.
    pub src: String,
    /// Alternative text; empty string marks a decorative image.
    pub alt: String,
    /// Width from the page, if given.
    pub width: Option<u32>,
    /// Height from the page, if given.
    pub height: Option<u32>,
}

/// Inline content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Inline {
    /// Plain text.
    Text {
        /// The text.
        text: String,
    },
    /// A hyperlink with an absolute `href`.
    Link {
        /// Absolute URL (only http, https, mailto and in-page `#` links survive).
        href: String,
        /// Link content.
        content: Vec<Inline>,
    },
    /// Emphasis (`em`, `i`).
    Emphasis {
        /// Content.
        content: Vec<Inline>,
    },
    /// Strong importance (`strong`, `b`).
    Strong {
        /// Content.
        content: Vec<Inline>,
    },
    /// Inline code.
    Code {
        /// Code text.
        text: String,
    },
    /// Superscript.
    Sup {
        /// Content.
        content: Vec<Inline>,
    },
    /// Subscript.
    Sub {
        /// Content.
        content: Vec<Inline>,
    },
    /// An inline image.
    Image {
        /// The image.
        image: Image,
    },
    /// Inline math as MathML markup.
    Math {
        /// MathML source.
        mathml: String,
    },
    /// A line break.
    Break,
    /// The target of an in-page link (a footnote, a back-reference): keeps `#id` links working.
    Anchor {
        /// The element id from the page.
        id: String,
    },
    /// Text for assistive technology only (`sr-only`, `visually-hidden`): kept, not shown.
    VisuallyHidden {
        /// Content.
        content: Vec<Inline>,
    },
    /// Text shown but hidden from assistive technology (`aria-hidden` on inline content): the
    /// visual twin of [`Inline::VisuallyHidden`] text ("7:45" beside "seven forty-five"), a
    /// glyph. The HTML keeps it marked `aria-hidden`; plain text and Markdown give what assistive
    /// technology reads, so they leave it out (no twin is read twice).
    VisualOnly {
        /// Content (text and markup; images inside are icons and are left out).
        content: Vec<Inline>,
    },
    /// A run whose language or direction differs from its surroundings.
    Span {
        /// BCP 47 language tag, when it differs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
        /// `ltr`, `rtl` or `auto`, when it differs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dir: Option<String>,
        /// Content.
        content: Vec<Inline>,
    },
}
