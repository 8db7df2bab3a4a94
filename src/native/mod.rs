//! HTML string → Snapshot via html5ever (`ParsedDom`). Placeholder until the parser lands.

use crate::budget::Deadline;
use crate::{Error, Options, Snapshot};

pub(crate) fn parse_str(
    _html: &str,
    _options: &Options,
    _deadline: &Deadline,
) -> Result<Snapshot, Error> {
    Err(Error::NotADocument("parser not built yet".into()))
}

pub(crate) fn parse_bytes(
    _bytes: &[u8],
    _options: &Options,
    _deadline: &Deadline,
) -> Result<Snapshot, Error> {
    Err(Error::NotADocument("parser not built yet".into()))
}
