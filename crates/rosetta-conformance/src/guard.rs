//! Runs library calls so that a panic becomes a failed check instead of ending the run.
//!
//! The libraries must never panic on input; when one does anyway, the runner
//! reports it as a failure of that one check and goes on.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

static QUIET: Once = Once::new();

/// Runs `f`, turning a panic into `Err("panicked: <message>")`.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    // The default hook would print every panic with its backtrace hint; the message is reported
    // in the check's FAIL line instead.
    QUIET.call_once(|| panic::set_hook(Box::new(|_| {})));
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_owned());
        format!("panicked: {message}")
    })
}

#[cfg(test)]
mod tests {
    use super::catch;

    #[test]
    fn panics_become_errors() {
        assert_eq!(catch(|| 3), Ok(3));
        let err = catch(|| -> u8 { panic!("boom {}", 1) });
        assert_eq!(err, Err("panicked: boom 1".to_owned()));
    }
}
