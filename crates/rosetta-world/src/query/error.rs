//! The one error type of the query language: a message, the text it is about and the column,
//! printed the way Flecs v3.2.12 logs a parser error.

use std::fmt;

/// Flecs stops counting columns past this value and points at column 0 instead.
const MAX_COLUMN: usize = 65536;

/// A query that does not parse, or that Flecs' filter checks refuse.
///
/// `Display` prints what Flecs v3.2.12 logs (and what its REST API returns in
/// `{"error": ...}`): the message, a newline, the line of the expression the column is on, a
/// newline, and a caret under the column.
///
/// ```
/// use rosetta_world::query::parse;
///
/// let err = parse("Position, (Likes").unwrap_err();
/// assert_eq!(err.message(), "unexpected end of term");
/// // Flecs shows an error inside a term against the query from that term on.
/// assert_eq!((err.column(), err.offset()), (6, Some(16)));
/// assert_eq!(err.to_string(), "unexpected end of term\n(Likes\n      ^");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    message: String,
    expr: String,
    column: usize,
    offset: Option<usize>,
    show_expr: bool,
    /// Printed as Flecs v4.1.6 logs it: `line: message`, the line, the caret.
    v4: bool,
}

impl ParseError {
    /// An error at byte `column` of the query text `expr`.
    pub(crate) fn in_query(expr: &[u8], column: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            expr: String::from_utf8_lossy(expr).into_owned(),
            column,
            offset: Some(column),
            show_expr: true,
            v4: false,
        }
    }

    /// An error of Flecs v4.1.6's query parser at byte `column` of the query text: it prints
    /// as v4 logs it, `line: message`, the line of the query the column is on, and a caret.
    pub(crate) fn v4_parser(expr: &[u8], column: usize, message: impl Into<String>) -> Self {
        ParseError {
            v4: true,
            ..ParseError::in_query(expr, column, message)
        }
    }

    /// An error Flecs v4.1.6 logs without a query position (its query validator's, which
    /// carries its own listing of the query in the message; or a limit it reports).
    pub(crate) fn v4_plain(message: impl Into<String>, offset: Option<usize>) -> Self {
        ParseError {
            message: message.into(),
            expr: String::new(),
            column: 0,
            offset,
            show_expr: false,
            v4: true,
        }
    }

    /// An error shown against some other text than the query (a token, or the query as Flecs
    /// prints it back after parsing), at byte `column` of that text.
    pub(crate) fn in_text(text: &str, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            expr: text.to_owned(),
            column,
            offset: None,
            show_expr: true,
            v4: false,
        }
    }

    /// An error whose message cuts the log line short (Flecs formats a NUL character into
    /// it, so everything after it, the expression and caret included, is lost).
    pub(crate) fn truncated(expr: &[u8], column: usize, message: impl Into<String>) -> Self {
        ParseError {
            show_expr: false,
            ..ParseError::in_query(expr, column, message)
        }
    }

    /// The error shown against the query from byte `start` on, as Flecs shows an error it
    /// finds inside a term (`flecs_parse_term` gets the term's text as its expression). The
    /// [`ParseError::offset`] in the query stays as it was.
    pub(crate) fn shown_from_term_start(mut self, start: usize) -> Self {
        if self.offset.is_some() && self.column >= start {
            if let Some(rest) = self.expr.get(start..) {
                self.expr = rest.to_owned();
                self.column -= start;
            }
        }
        self
    }

    /// Where the error was found in the query itself, when the error is about the query text.
    pub(crate) fn with_offset(mut self, offset: Option<usize>) -> Self {
        self.offset = offset;
        self
    }

    /// The message alone, as Flecs words it, e.g. `unexpected end of term`.
    ///
    /// ```
    /// let err = rosetta_world::query::parse("[in Position").unwrap_err();
    /// assert_eq!(err.message(), "expected ]");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The byte column in [`ParseError::expr`] the caret points at (for an error inside a
    /// term, counted from the term's start).
    ///
    /// ```
    /// let err = rosetta_world::query::parse("Position, Velocity(").unwrap_err();
    /// assert_eq!((err.column(), err.expr()), (9, "Velocity("));
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// The text the error is shown against: the query, or for a few errors what Flecs shows
    /// instead (the token with a missing closing quote, or the query printed back in its
    /// canonical form for the checks Flecs makes after parsing).
    ///
    /// ```
    /// let err = rosetta_world::query::parse("$x == \"B").unwrap_err();
    /// assert_eq!(err.expr(), "\"B");
    /// ```
    pub fn expr(&self) -> &str {
        &self.expr
    }

    /// The byte offset in the query text the error is at, when it is shown against the query
    /// text (`None` when [`ParseError::expr`] is some other text).
    ///
    /// ```
    /// let err = rosetta_world::query::parse("A, !").unwrap_err();
    /// assert_eq!(err.offset(), Some(4));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl ParseError {
    /// Flecs v4.1.6's form (`flecs_parser_errorv`): the line number of the column, the
    /// message, the column's line and a caret under the column.
    fn fmt_v4(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.show_expr {
            return f.write_str(&self.message);
        }
        let bytes = self.expr.as_bytes();
        let mut column = if self.column > MAX_COLUMN {
            0
        } else {
            self.column
        };
        let line = 1 + bytes.iter().take(column).filter(|&&b| b == b'\n').count();
        writeln!(f, "{line}: {}", self.message)?;
        // Back up from the column to the start of its line (a newline at the column belongs
        // to the line before it).
        let mut start = column.min(bytes.len());
        if bytes.get(start) == Some(&b'\n') && start > 0 {
            start -= 1;
        }
        while start > 0 && bytes.get(start) != Some(&b'\n') {
            start -= 1;
        }
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
        column = column.saturating_sub(start);
        let rest = bytes.get(start..).unwrap_or_default();
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let text = rest.get(..end).unwrap_or_default();
        write!(f, "{}\n{:column$}^", String::from_utf8_lossy(text), "")
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.v4 {
            return self.fmt_v4(f);
        }
        f.write_str(&self.message)?;
        if !self.show_expr {
            return Ok(());
        }
        let bytes = self.expr.as_bytes();
        let column = if self.column > MAX_COLUMN {
            0
        } else {
            self.column
        };
        // The line the column is on: back up to the newline before it (a newline at the column
        // itself counts, and then the caret is left out), unless that reaches the start.
        let mut line_start = column.min(bytes.len());
        while line_start > 0 && bytes.get(line_start) != Some(&b'\n') {
            line_start -= 1;
        }
        let (line_start, caret) = if line_start == 0 {
            (0, Some(column))
        } else {
            (line_start + 1, column.checked_sub(line_start + 1))
        };
        let rest = bytes.get(line_start..).unwrap_or_default();
        let line_end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let line = rest.get(..line_end).unwrap_or_default();
        write!(f, "\n{}\n", String::from_utf8_lossy(line))?;
        if let Some(caret) = caret {
            write!(f, "{:caret$}^", "")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_column() {
        let e = ParseError::in_query(b"A, B", 3, "oops");
        assert_eq!(e.to_string(), "oops\nA, B\n   ^");
    }

    #[test]
    fn only_the_line_of_the_column_is_shown() {
        let e = ParseError::in_query(b"A,\nB C", 5, "oops");
        assert_eq!(e.to_string(), "oops\nB C\n  ^");
        let first = ParseError::in_query(b"A,\nB", 1, "oops");
        assert_eq!(first.to_string(), "oops\nA,\n ^");
    }

    #[test]
    fn newline_at_column_drops_the_caret() {
        let e = ParseError::in_query(b"A\nB", 1, "oops");
        assert_eq!(e.to_string(), "oops\nB\n");
    }

    #[test]
    fn huge_column_points_at_start() {
        let text = "A".repeat(70000);
        let e = ParseError::in_query(text.as_bytes(), 69000, "oops");
        assert!(e.to_string().ends_with("\n^"));
    }

    #[test]
    fn shown_from_term_start_cuts_the_expression() {
        let e = ParseError::in_query(b"A, (B", 5, "oops").shown_from_term_start(3);
        assert_eq!(e.to_string(), "oops\n(B\n  ^");
        assert_eq!(e.offset(), Some(5));
        let token = ParseError::in_text("\"B", 0, "oops").shown_from_term_start(3);
        assert_eq!(token.to_string(), "oops\n\"B\n^");
    }

    #[test]
    fn truncated_message_has_no_expression() {
        let e = ParseError::truncated(b"A(up(B", 2, "expected ')', got '");
        assert_eq!(e.to_string(), "expected ')', got '");
    }
}
