//! Compiler diagnostics: a one-line reason, a `file:line:column` and the source line with a
//! caret under the problem.

use std::fmt::Write as _;

use rosetta_types::elide_middle;

use crate::lex::Span;
use crate::source::Source;

/// The longest source line shown whole; a longer one is shown as a window around the problem.
const MAX_SNIPPET: usize = 160;

/// How many characters of a long line are shown on each side of the problem.
const CONTEXT: usize = 60;

/// The longest message shown whole; a longer one keeps its two ends.
const MAX_MESSAGE: usize = 400;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Compilation fails.
    Error,
    /// Worth reading; compilation goes on.
    Warning,
}

/// One problem found in the schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// A one-line reason.
    pub message: String,
    /// The file's display path (empty for problems that belong to no file).
    pub file: String,
    /// 1-based line (0 when there is no file).
    pub line: u32,
    /// 1-based column (0 when there is no file).
    pub column: u32,
    /// The source line, for the snippet.
    pub snippet: String,
    /// How many characters of the snippet to underline.
    pub width: usize,
}

impl Diagnostic {
    /// A diagnostic about a span of a loaded file.
    pub(crate) fn at(severity: Severity, source: &Source, span: &Span, message: String) -> Self {
        let position = source.at(span);
        let snippet = source.line_text(span.start).to_string();
        let rest = snippet
            .chars()
            .count()
            .saturating_sub(position.column as usize - 1);
        let width = source
            .text
            .get(span.clone())
            .map_or(1, |text| text.chars().take_while(|c| *c != '\n').count())
            .clamp(1, rest.max(1));
        Diagnostic {
            severity,
            message,
            file: source.display_path.clone(),
            line: position.line,
            column: position.column,
            snippet,
            width,
        }
    }

    /// A diagnostic that belongs to no place in a file (a missing input, say).
    pub(crate) fn general(message: String) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message,
            file: String::new(),
            line: 0,
            column: 0,
            snippet: String::new(),
            width: 0,
        }
    }

    fn render_into(&self, out: &mut String, color: bool) {
        let (label, tint) = match self.severity {
            Severity::Error => ("error", "\x1b[1;31m"),
            Severity::Warning => ("warning", "\x1b[1;33m"),
        };
        let (bold, blue, reset) = if color {
            ("\x1b[1m", "\x1b[1;34m", "\x1b[0m")
        } else {
            ("", "", "")
        };
        let tint = if color { tint } else { "" };
        let message = elide_middle(&self.message, MAX_MESSAGE);
        let _ = writeln!(out, "{tint}{label}{reset}{bold}: {message}{reset}");
        if self.file.is_empty() {
            return;
        }
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let _ = writeln!(
            out,
            "{pad}{blue}-->{reset} {}:{}:{}",
            self.file, self.line, self.column
        );
        let _ = writeln!(out, "{pad} {blue}|{reset}");
        let (snippet, before, width) = self.window();
        let _ = writeln!(out, "{blue}{number} |{reset} {snippet}");
        let _ = writeln!(
            out,
            "{pad} {blue}|{reset} {before}{tint}{}{reset}",
            "^".repeat(width)
        );
    }

    /// The source line as shown, the blanks before the caret and the caret's width. Tabs are
    /// shown as four spaces so the caret lines up. A line longer than [`MAX_SNIPPET`] characters
    /// is shown from [`CONTEXT`] characters before the problem to as many after it (the caret
    /// at most that wide), with `…` where it was cut, so the caret still points at the problem.
    fn window(&self) -> (String, String, usize) {
        let chars: Vec<char> = self.snippet.chars().collect();
        let column = (self.column as usize).saturating_sub(1).min(chars.len());
        let (start, end, width) = if chars.len() <= MAX_SNIPPET {
            (0, chars.len(), self.width)
        } else {
            let width = self.width.min(CONTEXT);
            let start = column.saturating_sub(CONTEXT);
            let end = (column + width + CONTEXT).min(chars.len());
            (start, end, width)
        };
        let mut snippet = String::new();
        let mut before = String::new();
        if start > 0 {
            snippet.push_str("… ");
            before.push_str("  ");
        }
        for c in &chars[start..end] {
            match c {
                '\t' => snippet.push_str("    "),
                c => snippet.push(*c),
            }
        }
        if end < chars.len() {
            snippet.push_str(" …");
        }
        before.extend(
            chars[start..column]
                .iter()
                .map(|c| if *c == '\t' { "    " } else { " " }),
        );
        (snippet, before, width)
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.file.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

/// Every problem found in one compilation, errors and warnings.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// The diagnostics in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    /// How many diagnostics there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    pub(crate) fn error(&mut self, source: &Source, span: &Span, message: impl Into<String>) {
        self.push(Diagnostic::at(
            Severity::Error,
            source,
            span,
            message.into(),
        ));
    }

    pub(crate) fn warning(&mut self, source: &Source, span: &Span, message: impl Into<String>) {
        self.push(Diagnostic::at(
            Severity::Warning,
            source,
            span,
            message.into(),
        ));
    }

    /// Renders every diagnostic with its `file:line:column`, the source line and a caret,
    /// in ANSI colour when `color` is set, followed by a count of errors.
    pub fn render(&self, color: bool) -> String {
        let mut out = String::new();
        for diagnostic in &self.items {
            diagnostic.render_into(&mut out, color);
            out.push('\n');
        }
        let errors = self
            .items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        if errors > 0 {
            let plural = if errors == 1 { "" } else { "s" };
            let _ = writeln!(out, "{errors} error{plural}");
        }
        out
    }
}

impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_place_snippet_and_caret() {
        let source = Source::new(
            "a.schema".into(),
            "schema/a.schema".into(),
            "package p;\ntype T { Foo x = 1; }\n".into(),
        );
        let mut diagnostics = Diagnostics::default();
        diagnostics.error(&source, &(20..23), "unknown type `Foo`");
        let text = diagnostics.render(false);
        assert_eq!(
            text,
            "error: unknown type `Foo`\n --> schema/a.schema:2:10\n  |\n2 | type T { Foo x = 1; }\n  |          ^^^\n\n1 error\n"
        );
        assert!(diagnostics.render(true).contains("\x1b[1;31merror"));
        assert_eq!(
            diagnostics
                .iter()
                .next()
                .map(ToString::to_string)
                .as_deref(),
            Some("schema/a.schema:2:10: unknown type `Foo`")
        );
    }

    #[test]
    fn a_long_line_is_shown_around_the_problem_with_the_caret_on_it() {
        let mut line = "x".repeat(200_000);
        line.insert_str(100_000, "Foo");
        let text = format!("package p;\n{line}\n");
        let source = Source::new("a.schema".into(), "a.schema".into(), text);
        let mut diagnostics = Diagnostics::default();
        let start = 11 + 100_000;
        diagnostics.error(&source, &(start..start + 3), "unknown type `Foo`");
        let rendered = diagnostics.render(false);
        assert!(rendered.len() < 500, "{rendered}");
        let lines: Vec<&str> = rendered.lines().collect();
        let snippet = lines[3];
        let caret = lines[4];
        assert!(
            snippet.starts_with("2 | … x") && snippet.ends_with("x …"),
            "{snippet}"
        );
        let at = caret.chars().position(|c| c == '^').unwrap_or(0);
        let pointed: String = snippet.chars().skip(at).take(3).collect();
        assert_eq!(pointed, "Foo", "{snippet}\n{caret}");
        assert!(caret.ends_with("^^^"), "{caret}");
    }
}
