//! Block classifiers, one job per file (see `extract/stages.rs` for the order they run in).

pub(crate) mod hierarchy;
pub(crate) mod learned;
pub(crate) mod noise;
pub(crate) mod page_type;
pub(crate) mod site_memory;
pub(crate) mod tag_path;
