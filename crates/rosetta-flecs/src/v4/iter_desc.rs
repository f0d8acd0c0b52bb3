//! `ecs_iter_to_json_desc_t` of v4.1.6: the options of [`super::iter_to_json`].

use rosetta_world::Id;

use crate::text::Mode;

/// `ecs_iter_to_json_desc_t` (v4.1.6): what [`super::iter_to_json`] writes. [`Default`] is
/// `ECS_ITER_TO_JSON_INIT` (`values`, `full_paths` and `fields` on).
///
/// `alerts`, `refs`, `matches` and `parents_before_children` are accepted and not written:
/// this world holds no alerts module and no named queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each field is the `serialize_<name>` option of the same name
pub struct IterDesc {
    pub entity_ids: bool,
    pub values: bool,
    pub builtin: bool,
    pub doc: bool,
    pub full_paths: bool,
    pub fields: bool,
    pub inherited: bool,
    pub table: bool,
    pub type_info: bool,
    pub field_info: bool,
    pub query_info: bool,
    pub query_plan: bool,
    pub query_profile: bool,
    /// `dont_serialize_results`: leave `results` out.
    pub dont_serialize_results: bool,
    pub alerts: bool,
    pub refs: Option<Id>,
    pub matches: bool,
    pub parents_before_children: bool,
    /// Lossless valid JSON (the default), Flecs' bytes as valid JSON, or its bytes exactly.
    pub mode: Mode,
}

impl Default for IterDesc {
    fn default() -> Self {
        IterDesc {
            entity_ids: false,
            values: true,
            builtin: false,
            doc: false,
            full_paths: true,
            fields: true,
            inherited: false,
            table: false,
            type_info: false,
            field_info: false,
            query_info: false,
            query_plan: false,
            query_profile: false,
            dont_serialize_results: false,
            alerts: false,
            refs: None,
            matches: false,
            parents_before_children: false,
            mode: Mode::Lossless,
        }
    }
}

impl IterDesc {
    /// Sets the option REST and the C desc name `name` (`entity_ids`, `values`, ..., or
    /// `results`, the negation of `dont_serialize_results`; the C field's `serialize_` prefix
    /// may be kept). Returns `false` for a name that is not a boolean option.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let name = name.strip_prefix("serialize_").unwrap_or(name);
        let slot = match name {
            "entity_ids" => &mut self.entity_ids,
            "values" => &mut self.values,
            "builtin" => &mut self.builtin,
            "doc" => &mut self.doc,
            "full_paths" => &mut self.full_paths,
            "fields" => &mut self.fields,
            "inherited" => &mut self.inherited,
            "table" => &mut self.table,
            "type_info" => &mut self.type_info,
            "field_info" => &mut self.field_info,
            "query_info" => &mut self.query_info,
            "query_plan" => &mut self.query_plan,
            "query_profile" => &mut self.query_profile,
            "alerts" => &mut self.alerts,
            "matches" => &mut self.matches,
            "parents_before_children" => &mut self.parents_before_children,
            "dont_serialize_results" => &mut self.dont_serialize_results,
            "results" => {
                self.dont_serialize_results = !on;
                return true;
            }
            _ => return false,
        };
        *slot = on;
        true
    }
}
