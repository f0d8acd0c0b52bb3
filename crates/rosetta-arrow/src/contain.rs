//! Panics inside arrow-rs and parquet contained as errors. Rosetta checks what those readers
//! trust before they decode (`read::guard`, `read::pages`), but parquet 59 has panics left
//! that a damaged file reaches (fuzzing finds more), so decoding runs inside
//! [`contained`] as a last line: a panic there is an error, and its message is not printed.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use crate::error::{Error, Result};

thread_local! {
    /// Whether this thread is inside [`contained`].
    static CONTAINED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, turning a panic inside it into an error ([`Error::Value`], with the panic's
/// message) instead of unwinding further. The panic hook stays quiet for such panics; every
/// other panic reaches the hook that was installed before (once, on the first call).
///
/// Only a build that unwinds can contain a panic (not `panic = "abort"`). Under cargo-fuzz
/// (`cfg(fuzzing)`) nothing is contained, so that the fuzzer still reports every panic it
/// reaches. State that `f` shared with the rest of the program may be half-changed after a
/// panic: drop what `f` was using.
///
/// ```
/// let err = rosetta_arrow::contained(|| -> u32 { panic!("inside a reader") }).unwrap_err();
/// assert!(err.to_string().ends_with("inside a reader"));
/// assert_eq!(rosetta_arrow::contained(|| 7).unwrap(), 7);
/// ```
pub fn contained<T>(f: impl FnOnce() -> T) -> Result<T> {
    // A build that aborts on a panic cannot contain one, and a fuzzer must see them: let
    // them report themselves as usual.
    if cfg!(any(panic = "abort", fuzzing)) {
        return Ok(f());
    }
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !CONTAINED.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let outer = CONTAINED.with(|c| c.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CONTAINED.with(|c| c.set(outer));
    result.map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        Error::Value(format!("the reader failed on damaged data: {message}"))
    })
}
