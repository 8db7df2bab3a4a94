//! Article → output formats.

/// Plain text rendering.
pub(crate) mod text;

pub use text::to_text;
