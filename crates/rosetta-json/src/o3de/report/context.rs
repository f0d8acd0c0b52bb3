//! What store and load share: the path of the current value, reporting (with the reporter's
//! power to escalate), strict mode, and how processing stops.

use crate::error::Error;
use crate::o3de::report::reporter::{Report, Reporter};
use crate::o3de::report::result::{Outcome, Processing, ResultCode, Task};
use crate::text::pointer::push_pointer;
use crate::text::writer::extend_short;
use rosetta_types::{TypeId, TypeRegistry};

/// Why processing stopped early: a hard error (bad syntax, strict mode, a limit), or a halting
/// result, which is the operation's result rather than an error.
#[derive(Debug)]
pub(crate) enum Halt {
    Error(Error),
    Code(ResultCode),
}

impl From<Error> for Halt {
    fn from(e: Error) -> Self {
        Halt::Error(e)
    }
}

/// The result of one value, or a stop.
pub(crate) type Step = Result<ResultCode, Halt>;

/// One step of the path to the current value.
#[derive(Debug, Clone, Copy)]
enum Seg<'k> {
    /// A member name that lives as long as the operation (in the JSON text or the registry).
    Key(&'k str),
    /// A member name made on the way: `names[start..end]`.
    Owned { start: usize, end: usize },
    /// An element index.
    Index(usize),
}

/// The JSON Pointer of the current value is kept as its steps and written out only when a
/// report is delivered or an error made: most values are never reported.
pub(crate) struct Ctx<'p, 'k> {
    reporter: &'p mut dyn Reporter,
    task: Task,
    strict: bool,
    report_successes: bool,
    segs: Vec<Seg<'k>>,
    /// The names of the `Owned` steps of `segs`, one after the other, unescaped (UTF-8: only
    /// whole names are pushed).
    names: Vec<u8>,
    pub max_depth: usize,
    /// The objects (structs and entities) the current value is in, as
    /// [`MAX_NESTING`](rosetta_types::MAX_NESTING) counts them.
    objects: usize,
}

impl<'p, 'k> Ctx<'p, 'k> {
    pub fn new(
        reporter: &'p mut dyn Reporter,
        task: Task,
        strict: bool,
        report_successes: bool,
        max_depth: usize,
    ) -> Self {
        Ctx {
            reporter,
            task,
            strict,
            report_successes,
            segs: Vec::new(),
            names: Vec::new(),
            max_depth,
            objects: 0,
        }
    }

    pub fn code(&self, outcome: Outcome) -> ResultCode {
        ResultCode::new(self.task, outcome)
    }

    /// A fresh code for combining into (it reads as DefaultsUsed until something is added).
    pub fn fresh(&self) -> ResultCode {
        ResultCode::for_task(self.task)
    }

    /// A container's result from its elements' (PR o3de/o3de#1350): nothing reported is
    /// Success (`[]`), and elements that were all defaults make PartialDefaults, not
    /// DefaultsUsed, since the container itself was written or read.
    #[inline]
    pub fn container(&self, elements: ResultCode) -> ResultCode {
        if !elements.has_done_work() {
            self.code(Outcome::Success)
        } else if elements.outcome() == Outcome::DefaultsUsed {
            elements.combine(self.code(Outcome::Success))
        } else {
            elements
        }
    }

    /// Reports `outcome` for the current value. The message is only built when someone will
    /// see it. Plain results (Success, DefaultsUsed, PartialDefaults, not coerced) reach the
    /// reporter only when asked for: they are what every document is made of.
    #[inline]
    pub fn report(
        &mut self,
        outcome: Outcome,
        coerced: bool,
        message: impl FnOnce() -> String,
    ) -> Step {
        let code = self.code(outcome);
        let plain = matches!(
            outcome,
            Outcome::Success | Outcome::DefaultsUsed | Outcome::PartialDefaults
        );
        if plain && !coerced && !self.report_successes {
            return Ok(code);
        }
        self.deliver(code, coerced, &message())
    }

    fn deliver(&mut self, code: ResultCode, coerced: bool, message: &str) -> Step {
        let code = self.reporter.report(&Report {
            message,
            code,
            path: &self.path(),
            coerced,
        });
        let accepted = matches!(
            code.outcome(),
            Outcome::Success | Outcome::DefaultsUsed | Outcome::PartialDefaults
        );
        if self.strict && (coerced || !accepted) {
            let what = if coerced && accepted {
                "coerced".to_owned()
            } else {
                code.outcome().name().to_owned()
            };
            return Err(Halt::Error(Error::at(
                self.path(),
                format!("{message} [{what}; strict mode]"),
            )));
        }
        if code.processing() == Processing::Halted {
            return Err(Halt::Code(code));
        }
        Ok(code)
    }

    /// The JSON Pointer (RFC 6901) of the current value.
    pub fn path(&self) -> String {
        let mut path = String::new();
        for seg in &self.segs {
            match *seg {
                Seg::Key(name) => push_pointer(&mut path, name),
                Seg::Owned { start, end } => {
                    let name = self.names.get(start..end).unwrap_or_default();
                    push_pointer(&mut path, &String::from_utf8_lossy(name))
                }
                Seg::Index(i) => {
                    path.push('/');
                    path.push_str(itoa::Buffer::new().format(i));
                }
            }
        }
        path
    }

    /// Enters a child value named `key`.
    #[inline]
    pub fn enter_key(&mut self, key: &'k str) -> Result<usize, Halt> {
        self.descend(Seg::Key(key))
    }

    /// Enters a child value named `key`, a name that does not live as long as the operation.
    #[inline]
    pub fn enter_owned_key(&mut self, key: &str) -> Result<usize, Halt> {
        let start = self.names.len();
        extend_short(&mut self.names, key.as_bytes());
        self.descend(Seg::Owned {
            start,
            end: self.names.len(),
        })
    }

    /// Enters a child value named by a key read from the text.
    #[inline]
    #[allow(clippy::ptr_arg)] // the borrowed case is what lives long enough
    pub fn enter_read_key(&mut self, key: &std::borrow::Cow<'k, str>) -> Result<usize, Halt> {
        match key {
            std::borrow::Cow::Borrowed(k) => self.enter_key(k),
            std::borrow::Cow::Owned(k) => self.enter_owned_key(k),
        }
    }

    /// Enters the child value at `index`.
    #[inline]
    pub fn enter_index(&mut self, index: usize) -> Result<usize, Halt> {
        self.descend(Seg::Index(index))
    }

    /// The step of element `index` of an array whose elements are read one after another:
    /// entered at the first (its depth kept in `depth`, to leave to after the last), changed
    /// after.
    #[inline]
    pub fn element_step(&mut self, depth: &mut Option<usize>, index: usize) -> Result<(), Halt> {
        match depth {
            None => *depth = Some(self.enter_index(index)?),
            Some(_) => self.set_index(index),
        }
        Ok(())
    }

    /// Returns what to [`Ctx::leave`] with: the depth before.
    #[inline]
    fn descend(&mut self, seg: Seg<'k>) -> Result<usize, Halt> {
        let depth = self.segs.len();
        self.segs.push(seg);
        if self.segs.len() > self.max_depth {
            return Err(self.too_deep());
        }
        Ok(depth)
    }

    /// Enters an object (a struct or an entity): one past
    /// [`MAX_NESTING`](rosetta_types::MAX_NESTING) is an error here, as every format says it.
    #[inline]
    pub fn enter_object(&mut self) -> Result<(), Halt> {
        if self.objects >= rosetta_types::MAX_NESTING {
            return Err(self.too_many_objects(&[]));
        }
        self.objects += 1;
        Ok(())
    }

    /// Leaves the object [`Ctx::enter_object`] entered.
    #[inline]
    pub fn leave_object(&mut self) {
        self.objects -= 1;
    }

    /// Whether the default of `ty`, filled in for what the data leaves out at `below` (member
    /// names) under the current value, has an object past
    /// [`MAX_NESTING`](rosetta_types::MAX_NESTING): an error there, as a writer, which meets the
    /// default as a value, says it.
    #[inline]
    pub fn check_default(
        &self,
        reg: &TypeRegistry,
        ty: TypeId,
        below: &[&str],
    ) -> Result<(), Halt> {
        let level = self.objects + 1;
        // A default nests no deeper than there are types (none holds itself outside an option,
        // list or map), so shallow values need no look.
        if level + reg.len() <= rosetta_types::MAX_NESTING {
            return Ok(());
        }
        match rosetta_types::default_past_limit(reg, ty, level) {
            None => Ok(()),
            Some(steps) => Err(self.too_many_objects(&[below, &steps].concat())),
        }
    }

    /// The error for an object past [`MAX_NESTING`](rosetta_types::MAX_NESTING): the current
    /// value, or the one at `below` (member names) under it.
    #[cold]
    pub fn too_many_objects(&self, below: &[&str]) -> Halt {
        let mut path = self.path();
        for name in below {
            push_pointer(&mut path, name);
        }
        Halt::Error(Error::at(path, rosetta_types::too_deep_message()))
    }

    /// The error for nesting deeper than the limit, here.
    #[cold]
    pub fn too_deep(&self) -> Halt {
        Halt::Error(Error::at(
            self.path(),
            format!("nesting deeper than {} levels", self.max_depth),
        ))
    }

    /// Makes the innermost step element `index`: one [`Ctx::enter_index`] per array instead of
    /// an enter and a leave per element.
    #[inline]
    pub fn set_index(&mut self, index: usize) {
        self.drop_owned_top();
        self.set_top(Seg::Index(index));
    }

    /// Makes the innermost step the member `key` read from the text (as [`Ctx::set_index`]).
    #[inline]
    #[allow(clippy::ptr_arg)] // the borrowed case is what lives long enough
    pub fn set_read_key(&mut self, key: &std::borrow::Cow<'k, str>) {
        match key {
            std::borrow::Cow::Borrowed(k) => self.set_key(k),
            std::borrow::Cow::Owned(k) => {
                self.drop_owned_top();
                let start = self.names.len();
                extend_short(&mut self.names, k.as_bytes());
                self.set_top(Seg::Owned {
                    start,
                    end: self.names.len(),
                });
            }
        }
    }

    /// Makes the innermost step the member `key` (as [`Ctx::set_index`]).
    #[inline]
    pub fn set_key(&mut self, key: &'k str) {
        self.drop_owned_top();
        self.set_top(Seg::Key(key));
    }

    #[inline(always)]
    fn set_top(&mut self, seg: Seg<'k>) {
        if let Some(last) = self.segs.last_mut() {
            *last = seg;
        }
    }

    #[inline]
    fn drop_owned_top(&mut self) {
        if let Some(Seg::Owned { start, .. }) = self.segs.last() {
            self.names.truncate(*start);
        }
    }

    #[inline]
    pub fn leave(&mut self, depth: usize) {
        if let Some(Seg::Owned { start, .. }) = self.segs.get(depth) {
            self.names.truncate(*start);
        }
        self.segs.truncate(depth);
    }

    /// An error at the current path.
    pub fn error(&self, message: impl Into<String>) -> Halt {
        Halt::Error(Error::at(self.path(), message))
    }

    /// Reports the member just entered as the second of its name in its object. RapidJSON
    /// keeps both members and the engine reads them in turn (`JsonDeserializer::LoadClass`
    /// walks every member; a map loads onto the entry the first made), so the second is read
    /// on top of the first, as here; that is reported as a coercion, which `--strict` refuses,
    /// where the strict formats and the JSON utilities refuse the document (the same words).
    #[cold]
    pub fn second_member(&mut self) -> Step {
        let name = match self.segs.last() {
            Some(Seg::Key(name)) => (*name).to_owned(),
            Some(Seg::Owned { start, end }) => {
                String::from_utf8_lossy(self.names.get(*start..*end).unwrap_or_default())
                    .into_owned()
            }
            _ => String::new(),
        };
        self.report(Outcome::Success, true, move || {
            format!("a second member `{name}`: read on top of the first, as O3DE reads it")
        })
    }
}

/// Which members of an object have been read, by index, so that a second member of one name
/// is found with a bit test; the first 64 take no allocation.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    low: u64,
    high: Vec<u64>,
}

impl Seen {
    /// Marks member `i` read; whether it was already.
    #[inline(always)]
    pub fn insert(&mut self, i: usize) -> bool {
        if i < 64 {
            let bit = 1u64 << i;
            let was = self.low & bit != 0;
            self.low |= bit;
            was
        } else {
            self.insert_high(i)
        }
    }

    #[cold]
    #[inline(never)]
    fn insert_high(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64 - 1, i % 64);
        if self.high.len() <= word {
            self.high.resize(word + 1, 0);
        }
        let was = self.high[word] & (1 << bit) != 0;
        self.high[word] |= 1 << bit;
        was
    }
}
