//! Loaded source files and the mapping from byte offsets to lines and columns.

use rosetta_bundle::SourceRef;

use crate::lex::Span;

/// One loaded schema file.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path relative to its schema root, with `/` separators.
    pub canonical_path: String,
    /// Path shown to people (as found on disk).
    pub display_path: String,
    /// The text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl Source {
    /// Wraps a file's text.
    pub fn new(canonical_path: String, display_path: String, text: String) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Source {
            canonical_path,
            display_path,
            text,
            line_starts,
        }
    }

    /// 0-based line index of a byte offset.
    fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next.saturating_sub(1),
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn position(&self, offset: usize) -> SourceRef {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let column = self
            .text
            .get(start..offset)
            .map_or(offset - start, |prefix| prefix.chars().count());
        SourceRef {
            line: line as u32 + 1,
            column: column as u32 + 1,
        }
    }

    /// The position of the start of a span.
    pub fn at(&self, span: &Span) -> SourceRef {
        self.position(span.start)
    }

    /// The text of the line that holds `offset`, without its line break.
    pub fn line_text(&self, offset: usize) -> &str {
        let line = self.line_index(offset.min(self.text.len()));
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |next| next - 1);
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_offsets_to_lines_and_character_columns() {
        let source = Source::new("a".into(), "a".into(), "ab\nλx y\n".into());
        assert_eq!(source.position(0), SourceRef { line: 1, column: 1 });
        assert_eq!(source.position(3), SourceRef { line: 2, column: 1 });
        // `λ` is two bytes but one column.
        assert_eq!(source.position(6), SourceRef { line: 2, column: 3 });
        assert_eq!(source.line_text(4), "λx y");
        assert_eq!(source.position(100), SourceRef { line: 3, column: 1 });
    }
}
