//! Compiler diagnostics: a reason, a place and a rendered snippet.

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Compilation fails.
    Error,
    /// Worth reading; compilation goes on.
    Warning,
}

/// One problem found in the schema.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// A one-line reason.
    pub message: String,
    /// The file's display path.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// Every problem found in one compilation.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// The diagnostics in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    /// Renders every diagnostic with its `file:line:column`, the source line and a caret,
    /// in ANSI colour when `color` is set.
    pub fn render(&self, color: bool) -> String {
        let _ = color;
        todo!()
    }
}
