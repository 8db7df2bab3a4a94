//! Bytes as `snapshot.json`: deserialize → validate → extract → render; see `../check.rs`.
#![no_main]

#[path = "../check.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::snapshot_render(data));
