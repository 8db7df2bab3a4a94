//! Bytes as a web page: parse → capture → extract → render; see `../check.rs`.
#![no_main]

#[path = "../check.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::parse_render(data));
