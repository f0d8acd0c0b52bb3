//! How to dump: the order of members, and the options.

/// The order of an object's members when dumped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MemberOrder {
    /// The fields' declaration order (and components by ascending id).
    #[default]
    Declaration,
    /// Sorted by name, bytewise, as in the SDK-written JSON snapshots of the corpus.
    Alphabetical,
}

/// How to dump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DumpOptions {
    /// The order of members.
    pub member_order: MemberOrder,
    /// Leave out fields the type does not declare instead of failing.
    pub skip_unknown_fields: bool,
    /// Text only: two-space indented, as `serde_json::to_string_pretty` writes.
    pub pretty: bool,
}

impl DumpOptions {
    /// Pretty text, declaration order, strict.
    pub fn pretty() -> Self {
        DumpOptions {
            pretty: true,
            ..DumpOptions::default()
        }
    }
}
