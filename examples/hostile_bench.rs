//! Time and peak memory per hostile-input case (the table in docs/ROBUSTNESS.md).
//!
//!     cargo run --release --example hostile_bench [-- NAME-SUBSTRING]
//!
//! Each case runs in its own child process so its peak resident memory (Linux `VmHWM`) is its
//! own; the figure includes the generated input itself, which is also printed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/hostile/cases.rs"]
#[allow(dead_code)]
mod cases;

use std::process::Command;
use std::time::Instant;

fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn run_one(index: usize) {
    let case = cases::all().swap_remove(index);
    let input = (case.input)();
    let before = status_kib("VmRSS:");
    let start = Instant::now();
    let outcome = cases::run(&case, &input);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let outcome = match outcome {
        Ok(Some((html, _))) => format!(
            "article, {} KiB html{}",
            html.len() / 1024,
            if lectern::allowlist_violations(&html).is_empty() {
                ""
            } else {
                " (ALLOWLIST BROKEN)"
            }
        ),
        Ok(None) => "no article".into(),
        Err(e) => format!("{e:?}").chars().take(60).collect(),
    };
    println!(
        "| {} | {:.1} MiB | {outcome} | {ms:.0} | {:.0} | {:.0} |",
        case.name,
        input.len() as f64 / (1024.0 * 1024.0),
        before as f64 / 1024.0,
        status_kib("VmHWM:") as f64 / 1024.0,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, i] = args.as_slice() {
        if flag == "--case" {
            run_one(i.parse().unwrap());
            return;
        }
    }
    let filter = args.first().cloned().unwrap_or_default();
    println!("| case | input | outcome | ms | RSS before (MiB) | peak RSS (MiB) |");
    println!("|---|---|---|---|---|---|");
    let exe = std::env::current_exe().unwrap();
    for (i, case) in cases::all().iter().enumerate() {
        if !case.name.contains(&filter) {
            continue;
        }
        let status = Command::new(&exe)
            .args(["--case", &i.to_string()])
            .status()
            .unwrap();
        if !status.success() {
            println!("| {} | | CRASHED: {status} | | | |", case.name);
        }
    }
}
