//! Shared by the native benchmarks (`examples/bench_native.rs`, `benches/peers`): this thread's CPU
//! time, since on a shared machine wall-clock time also counts the other jobs.

/// This thread's CPU time in milliseconds (`CLOCK_THREAD_CPUTIME_ID`); NaN if unavailable.
pub fn cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return f64::NAN;
    }
    ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
}
