//! Writes the snapshot JSON of each HTML file given: seeds for the `snapshot_render` fuzz target.
//!
//!     cargo run --example snapshot_json -- OUT_DIR FILE.html...

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, files)) = args.split_first() else {
        eprintln!("usage: snapshot_json OUT_DIR FILE.html...");
        std::process::exit(2);
    };
    std::fs::create_dir_all(out).unwrap();
    let mut written = 0;
    for (i, file) in files.iter().enumerate() {
        let bytes = std::fs::read(file).unwrap();
        let Ok(snap) = lectern::parse_bytes(&bytes, &lectern::Options::default()) else {
            continue;
        };
        let name = Path::new(file).file_stem().unwrap().to_string_lossy();
        let path = Path::new(out).join(format!("{i:04}-{name}.json"));
        std::fs::write(path, serde_json::to_string(&snap).unwrap()).unwrap();
        written += 1;
    }
    eprintln!("{written} snapshots written to {out}");
}
