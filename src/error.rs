//! The one error type. "No article found" is not an error: extraction returns `Ok(None)`.

use std::fmt;

/// Everything that can go wrong, each with a message a user can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input is larger than [`Limits::max_input_bytes`](crate::Limits::max_input_bytes).
    InputTooLarge {
        /// Input size in bytes.
        size: usize,
        /// The limit in force.
        limit: usize,
    },
    /// Extraction ran past [`Limits::time_budget_ms`](crate::Limits::time_budget_ms).
    TimeBudgetExceeded {
        /// The limit in force.
        limit_ms: u32,
    },
    /// The input is not a document Lectern can read (e.g. binary data).
    NotADocument(String),
    /// A serialized snapshot is malformed.
    InvalidSnapshot(String),
    /// An option has an invalid value.
    InvalidOptions(String),
    /// Reading the live DOM failed.
    Dom(String),
}

impl Error {
    /// The variant's name (`"InputTooLarge"`, `"InvalidOptions"`, …): the `name` of the JS
    /// `Error` the npm package throws, so callers can branch on it.
    pub fn name(&self) -> &'static str {
        match self {
            Error::InputTooLarge { .. } => "InputTooLarge",
            Error::TimeBudgetExceeded { .. } => "TimeBudgetExceeded",
            Error::NotADocument(_) => "NotADocument",
            Error::InvalidSnapshot(_) => "InvalidSnapshot",
            Error::InvalidOptions(_) => "InvalidOptions",
            Error::Dom(_) => "Dom",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InputTooLarge { size, limit } => write!(
                f,
                "input is {size} bytes, over the limit of {limit} bytes (raise limits.maxInputBytes to allow it)"
            ),
            Error::TimeBudgetExceeded { limit_ms } => write!(
                f,
                "extraction took longer than the time budget of {limit_ms} ms (raise limits.timeBudgetMs, or 0 for none)"
            ),
            Error::NotADocument(why) => write!(f, "input is not an HTML document: {why}"),
            Error::InvalidSnapshot(why) => write!(f, "invalid snapshot: {why}"),
            Error::InvalidOptions(why) => write!(f, "invalid options: {why}"),
            Error::Dom(why) => write!(f, "could not read the page: {why}"),
        }
    }
}

impl std::error::Error for Error {}
