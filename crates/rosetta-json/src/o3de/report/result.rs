//! O3DE's `JsonSerializationResult`: what happened to a value, as a (task, processing, outcome)
//! triple combined by severity exactly as the engine combines them.

use std::fmt;

/// What was being done when the result was reported (`JsonSerializationResult::Tasks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Task {
    /// Looking up type information.
    RetrieveInfo = 1,
    /// Creating a default instance.
    CreateDefault,
    /// Converting a value from one kind to another.
    Convert,
    /// Clearing a container before loading into it.
    Clear,
    /// Reading a value from JSON (a load).
    ReadField,
    /// Writing a value to JSON (a store).
    WriteValue,
    /// Applying a patch.
    Merge,
    /// Creating a patch.
    CreatePatch,
    /// Resolving `$import`.
    Import,
}

/// How far the operation got (`JsonSerializationResult::Processing`), least to most severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Processing {
    /// Done as asked.
    Completed = 1,
    /// Done another way: the value was not applied.
    Altered,
    /// Some parts were done as asked and some another way.
    PartialAlter,
    /// Stopped.
    Halted,
}

/// What came of it (`JsonSerializationResult::Outcomes`), least to most severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum Outcome {
    /// Everything was read or written.
    Success = 1,
    /// A value was ignored (an unknown member, an element past the end).
    Skipped,
    /// Some values were ignored.
    PartialSkip,
    /// Nothing was read or written because the value is the default.
    DefaultsUsed,
    /// Some values were defaults.
    PartialDefaults,
    /// A value could not be used (a duplicate set element); the rest went on.
    Unavailable,
    /// The JSON cannot be turned into the type, or the type is not supported; the target is
    /// untouched.
    Unsupported,
    /// The JSON is of a type that does not fit at all.
    TypeMismatch,
    /// A JSON Patch `test` failed.
    TestFailed,
    /// Something required is missing.
    Missing,
    /// The operation is invalid.
    Invalid,
    /// Not known (an unregistered type or an unknown name).
    Unknown,
    /// Unrecoverable.
    Catastrophic,
}

impl Task {
    /// Every task, in the engine's order.
    pub const ALL: [Task; 9] = [
        Task::RetrieveInfo,
        Task::CreateDefault,
        Task::Convert,
        Task::Clear,
        Task::ReadField,
        Task::WriteValue,
        Task::Merge,
        Task::CreatePatch,
        Task::Import,
    ];
}

impl Outcome {
    /// Every outcome, least to most severe.
    pub const ALL: [Outcome; 13] = [
        Outcome::Success,
        Outcome::Skipped,
        Outcome::PartialSkip,
        Outcome::DefaultsUsed,
        Outcome::PartialDefaults,
        Outcome::Unavailable,
        Outcome::Unsupported,
        Outcome::TypeMismatch,
        Outcome::TestFailed,
        Outcome::Missing,
        Outcome::Invalid,
        Outcome::Unknown,
        Outcome::Catastrophic,
    ];

    /// The engine's name of the outcome (`"PartialDefaults"`).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Success => "Success",
            Outcome::Skipped => "Skipped",
            Outcome::PartialSkip => "PartialSkip",
            Outcome::DefaultsUsed => "DefaultsUsed",
            Outcome::PartialDefaults => "PartialDefaults",
            Outcome::Unavailable => "Unavailable",
            Outcome::Unsupported => "Unsupported",
            Outcome::TypeMismatch => "TypeMismatch",
            Outcome::TestFailed => "TestFailed",
            Outcome::Missing => "Missing",
            Outcome::Invalid => "Invalid",
            Outcome::Unknown => "Unknown",
            Outcome::Catastrophic => "Catastrophic",
        }
    }

    /// The outcome named `name` (the engine's spelling).
    pub fn from_name(name: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.name() == name)
    }

    /// The processing the engine pairs with this outcome when it reports one.
    pub fn implied_processing(self) -> Processing {
        match self {
            Outcome::Success
            | Outcome::Skipped
            | Outcome::PartialSkip
            | Outcome::DefaultsUsed
            | Outcome::PartialDefaults => Processing::Completed,
            Outcome::Unavailable | Outcome::Unsupported => Processing::Altered,
            _ => Processing::Halted,
        }
    }
}

impl Processing {
    /// The engine's name (`"PartialAlter"`).
    pub fn name(self) -> &'static str {
        match self {
            Processing::Completed => "Completed",
            Processing::Altered => "Altered",
            Processing::PartialAlter => "PartialAlter",
            Processing::Halted => "Halted",
        }
    }

    /// The processing named `name`.
    pub fn from_name(name: &str) -> Option<Processing> {
        [
            Processing::Completed,
            Processing::Altered,
            Processing::PartialAlter,
            Processing::Halted,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

/// A result: task, processing and outcome, packed as the engine packs them so that combining is
/// the maximum of the packed number plus three special cases ([`ResultCode::combine`]).
///
/// A fresh code for a task has no outcome yet; it reads as [`Outcome::DefaultsUsed`] (nothing
/// was done), as in the engine.
///
/// ```
/// use rosetta_json::o3de::{Outcome, ResultCode, Task};
/// let a = ResultCode::new(Task::ReadField, Outcome::Success);
/// let b = ResultCode::new(Task::ReadField, Outcome::DefaultsUsed);
/// assert_eq!(a.combine(b).outcome(), Outcome::PartialDefaults);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResultCode {
    /// `outcome << 16 | processing << 8 | task`; the engine's union on a little-endian machine.
    packed: u32,
}

impl ResultCode {
    /// A code no operation makes (no outcome is that large): equal to nothing it is compared
    /// with.
    pub(crate) const NEVER: ResultCode = ResultCode { packed: u32::MAX };

    /// A task that has not done anything yet.
    pub const fn for_task(task: Task) -> Self {
        ResultCode {
            packed: task as u32,
        }
    }

    /// `outcome` of `task`, with the processing the outcome implies.
    pub fn new(task: Task, outcome: Outcome) -> Self {
        Self::with_processing(task, outcome.implied_processing(), outcome)
    }

    /// All three parts given.
    pub const fn with_processing(task: Task, processing: Processing, outcome: Outcome) -> Self {
        ResultCode {
            packed: (outcome as u32) << 16 | (processing as u32) << 8 | task as u32,
        }
    }

    /// The task; `None` for a code that never had one.
    pub fn task(self) -> Option<Task> {
        Task::ALL
            .into_iter()
            .find(|t| *t as u32 == self.packed & 0xff)
    }

    /// The processing ([`Processing::Completed`] while nothing was done).
    pub fn processing(self) -> Processing {
        match (self.packed >> 8) & 0xff {
            2 => Processing::Altered,
            3 => Processing::PartialAlter,
            4 => Processing::Halted,
            _ => Processing::Completed,
        }
    }

    /// The outcome ([`Outcome::DefaultsUsed`] while nothing was done).
    pub fn outcome(self) -> Outcome {
        let n = self.packed >> 16;
        Outcome::ALL
            .into_iter()
            .find(|o| *o as u32 == n)
            .unwrap_or(Outcome::DefaultsUsed)
    }

    /// Whether an outcome was set (`HasDoneWork`).
    pub fn has_done_work(self) -> bool {
        self.packed >> 16 != 0
    }

    /// Whether processing stopped.
    pub fn halted(self) -> bool {
        self.processing() == Processing::Halted
    }

    /// The two results together (`ResultCode::Combine`): the more severe, except that Success
    /// with DefaultsUsed is PartialDefaults, Success with Skipped is PartialSkip, and Completed
    /// with Altered processing is PartialAlter.
    #[must_use]
    pub fn combine(self, other: ResultCode) -> ResultCode {
        let mut result = ResultCode {
            packed: self.packed.max(other.packed),
        };
        let outcomes = (self.packed >> 16, other.packed >> 16);
        let pair = |a: Outcome, b: Outcome| {
            outcomes == (a as u32, b as u32) || outcomes == (b as u32, a as u32)
        };
        if pair(Outcome::Success, Outcome::DefaultsUsed) {
            result.set_outcome(Outcome::PartialDefaults);
        } else if pair(Outcome::Success, Outcome::Skipped) {
            result.set_outcome(Outcome::PartialSkip);
        }
        let processing = ((self.packed >> 8) & 0xff, (other.packed >> 8) & 0xff);
        let (c, a) = (Processing::Completed as u32, Processing::Altered as u32);
        if processing == (c, a) || processing == (a, c) {
            result.packed = (result.packed & !0xff00) | (Processing::PartialAlter as u32) << 8;
        }
        result
    }

    /// Combines `other` into `self`. The same code again, what nearly every value adds, changes
    /// nothing and is checked first.
    #[inline]
    pub fn absorb(&mut self, other: ResultCode) {
        if *self != other {
            *self = self.combine(other);
        }
    }

    fn set_outcome(&mut self, outcome: Outcome) {
        self.packed = (self.packed & 0xffff) | (outcome as u32) << 16;
    }
}

impl fmt::Debug for ResultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for ResultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let task = self.task().map_or("-".into(), |t| format!("{t:?}"));
        write!(
            f,
            "{}/{}/{task}",
            self.outcome().name(),
            self.processing().name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combine(a: Outcome, b: Outcome) -> Outcome {
        ResultCode::new(Task::ReadField, a)
            .combine(ResultCode::new(Task::ReadField, b))
            .outcome()
    }

    #[test]
    fn combining_follows_the_engine() {
        assert_eq!(
            combine(Outcome::Success, Outcome::Skipped),
            Outcome::PartialSkip
        );
        assert_eq!(
            combine(Outcome::DefaultsUsed, Outcome::Success),
            Outcome::PartialDefaults
        );
        assert_eq!(
            combine(Outcome::DefaultsUsed, Outcome::Unsupported),
            Outcome::Unsupported
        );
        let altered = ResultCode::new(Task::ReadField, Outcome::Success)
            .combine(ResultCode::new(Task::ReadField, Outcome::Unavailable));
        assert_eq!(altered.processing(), Processing::PartialAlter);
        assert_eq!(altered.outcome(), Outcome::Unavailable);
        let fresh = ResultCode::for_task(Task::WriteValue);
        assert!(!fresh.has_done_work());
        assert_eq!(fresh.outcome(), Outcome::DefaultsUsed);
        assert_eq!(
            fresh
                .combine(ResultCode::new(Task::WriteValue, Outcome::Success))
                .outcome(),
            Outcome::Success
        );
    }
}
