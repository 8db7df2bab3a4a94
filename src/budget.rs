//! Time budget: a deadline checked from long loops, with a clock supplied by the platform.

use crate::Error;

/// Milliseconds from an arbitrary fixed origin.
pub type Clock = fn() -> f64;

/// A point in time after which work stops with [`Error::TimeBudgetExceeded`].
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    now: Clock,
    start: f64,
    limit_ms: u32,
}

impl Deadline {
    /// A deadline `limit_ms` from now on `clock`; `0` means no time limit.
    pub fn new(limit_ms: u32, clock: Clock) -> Self {
        Deadline {
            now: clock,
            start: clock(),
            limit_ms,
        }
    }

    /// A deadline on the platform's default clock (`std::time::Instant` natively).
    pub fn start(limit_ms: u32) -> Self {
        Self::new(limit_ms, default_clock)
    }

    /// Milliseconds since the deadline was set.
    pub fn elapsed_ms(&self) -> f64 {
        (self.now)() - self.start
    }

    /// `Err` once the budget is spent.
    pub fn check(&self) -> Result<(), Error> {
        if self.limit_ms > 0 && self.elapsed_ms() > f64::from(self.limit_ms) {
            return Err(Error::TimeBudgetExceeded {
                limit_ms: self.limit_ms,
            });
        }
        Ok(())
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// wasm32 has no std clock; the web layer passes its own (`Date.now`) via [`Deadline::new`].
#[cfg(target_arch = "wasm32")]
fn default_clock() -> f64 {
    0.0
}
