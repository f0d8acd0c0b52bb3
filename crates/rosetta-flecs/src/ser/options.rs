//! The serializers' options (`ecs_entity_to_json_desc_t`, `ecs_iter_to_json_desc_t`, the page)
//! with v3.2.12's defaults, and set by name as Flecs names them: the C field of the desc
//! (`serialize_values`) or the name without its `serialize_` prefix (`values`, as REST and the
//! command line spell them).

use rosetta_world::Id;

/// `ecs_entity_to_json_desc_t`: what [`entity_to_json`](super::entity_to_json) writes. [`Default`] is
/// `ECS_ENTITY_TO_JSON_INIT` (path, ids and base on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntityDesc {
    /// `serialize_path`.
    pub path: bool,
    /// `serialize_label`.
    pub label: bool,
    /// `serialize_brief`.
    pub brief: bool,
    /// `serialize_link`.
    pub link: bool,
    /// `serialize_color`.
    pub color: bool,
    /// `serialize_ids`.
    pub ids: bool,
    /// `serialize_id_labels`.
    pub id_labels: bool,
    /// `serialize_base`.
    pub base: bool,
    /// `serialize_private`.
    pub private: bool,
    /// `serialize_hidden`.
    pub hidden: bool,
    /// `serialize_values`.
    pub values: bool,
    /// `serialize_type_info`.
    pub type_info: bool,
    /// `serialize_alerts`.
    pub alerts: bool,
    /// `serialize_refs`: the relationship whose sources are listed (`*` for all), if any.
    pub refs: Option<Id>,
    /// `serialize_matches`.
    pub matches: bool,
    /// Lossless valid JSON (the default), Flecs' lossy bytes as valid JSON, or v3.2.12's
    /// bytes exactly ([`Mode`](crate::text::Mode)).
    pub mode: crate::text::Mode,
}

impl Default for EntityDesc {
    fn default() -> Self {
        EntityDesc {
            path: true,
            label: false,
            brief: false,
            link: false,
            color: false,
            ids: true,
            id_labels: false,
            base: true,
            private: false,
            hidden: false,
            values: false,
            type_info: false,
            alerts: false,
            refs: None,
            matches: false,
            mode: crate::text::Mode::Lossless,
        }
    }
}

/// `ecs_iter_to_json_desc_t`: what [`iter_to_json`](super::iter_to_json) writes. [`Default`] is
/// `ECS_ITER_TO_JSON_INIT` (term_ids, ids, sources, variables, is_set, values and entities on);
/// [`IterDesc::rest`] is the REST API's starting point (entities and variables only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each field is the `serialize_<name>` option of the same name
pub struct IterDesc {
    pub term_ids: bool,
    pub term_labels: bool,
    pub ids: bool,
    pub id_labels: bool,
    pub sources: bool,
    pub variables: bool,
    pub variable_labels: bool,
    pub variable_ids: bool,
    pub is_set: bool,
    pub values: bool,
    pub private: bool,
    pub entities: bool,
    pub entity_labels: bool,
    pub entity_ids: bool,
    pub colors: bool,
    /// `measure_eval_duration`.
    pub eval_duration: bool,
    pub type_info: bool,
    pub field_info: bool,
    pub query_info: bool,
    pub query_plan: bool,
    pub query_profile: bool,
    pub table: bool,
    pub rows: bool,
    /// `dont_serialize_results` negated: whether `results` is written.
    pub results: bool,
    /// Lossless valid JSON (the default), Flecs' lossy bytes as valid JSON, or v3.2.12's
    /// bytes exactly ([`Mode`](crate::text::Mode)).
    pub mode: crate::text::Mode,
}

impl Default for IterDesc {
    fn default() -> Self {
        IterDesc {
            term_ids: true,
            ids: true,
            sources: true,
            variables: true,
            is_set: true,
            values: true,
            entities: true,
            results: true,
            ..IterDesc::none()
        }
    }
}

impl IterDesc {
    /// Every option off (and `results` on).
    pub const fn none() -> IterDesc {
        IterDesc {
            term_ids: false,
            term_labels: false,
            ids: false,
            id_labels: false,
            sources: false,
            variables: false,
            variable_labels: false,
            variable_ids: false,
            is_set: false,
            values: false,
            private: false,
            entities: false,
            entity_labels: false,
            entity_ids: false,
            colors: false,
            eval_duration: false,
            type_info: false,
            field_info: false,
            query_info: false,
            query_plan: false,
            query_profile: false,
            table: false,
            rows: false,
            results: true,
            mode: crate::text::Mode::Lossless,
        }
    }

    /// What v3.2.12's REST `/query` starts from before reading the request's parameters:
    /// all off but `entities` and `variables`.
    pub const fn rest() -> IterDesc {
        IterDesc {
            entities: true,
            variables: true,
            ..IterDesc::none()
        }
    }
}

/// Offset and limit in entities, as `ecs_page_iter` applies them (REST's `offset` and
/// `limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Page {
    /// Entities skipped.
    pub offset: usize,
    /// At most this many entities, if set.
    pub limit: Option<usize>,
}

/// An option name without Flecs' `serialize_` / `measure_` prefix.
fn short(name: &str) -> &str {
    name.strip_prefix("serialize_")
        .or_else(|| name.strip_prefix("measure_"))
        .unwrap_or(name)
}

impl EntityDesc {
    /// The boolean option names, in `ecs_entity_to_json_desc_t`'s order (`refs` takes a
    /// relationship and is set on its own).
    pub const OPTIONS: &'static [&'static str] = &[
        "path",
        "label",
        "brief",
        "link",
        "color",
        "ids",
        "id_labels",
        "base",
        "private",
        "hidden",
        "values",
        "type_info",
        "alerts",
        "matches",
    ];

    /// Sets a boolean option by name (`serialize_values` or `values`); false for an unknown
    /// name.
    ///
    /// ```
    /// let mut d = rosetta_flecs::EntityDesc::default();
    /// assert!(d.set("serialize_values", true) && d.values);
    /// assert!(d.set("path", false) && !d.path);
    /// assert!(!d.set("nope", true));
    /// ```
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let slot = match short(name) {
            "path" => &mut self.path,
            "label" => &mut self.label,
            "brief" => &mut self.brief,
            "link" => &mut self.link,
            "color" => &mut self.color,
            "ids" => &mut self.ids,
            "id_labels" => &mut self.id_labels,
            "base" => &mut self.base,
            "private" => &mut self.private,
            "hidden" => &mut self.hidden,
            "values" => &mut self.values,
            "type_info" => &mut self.type_info,
            "alerts" => &mut self.alerts,
            "matches" => &mut self.matches,
            _ => return false,
        };
        *slot = on;
        true
    }
}

impl IterDesc {
    /// The option names, in `ecs_iter_to_json_desc_t`'s order (`results` is
    /// `dont_serialize_results` negated).
    pub const OPTIONS: &'static [&'static str] = &[
        "term_ids",
        "term_labels",
        "ids",
        "id_labels",
        "sources",
        "variables",
        "is_set",
        "values",
        "private",
        "entities",
        "entity_labels",
        "entity_ids",
        "variable_labels",
        "variable_ids",
        "colors",
        "eval_duration",
        "type_info",
        "field_info",
        "query_info",
        "query_plan",
        "query_profile",
        "table",
        "rows",
        "results",
    ];

    /// Sets an option by name: the C field (`serialize_values`, `measure_eval_duration`,
    /// `dont_serialize_results`) or the short name (`values`, `eval_duration`, `results`);
    /// false for an unknown name.
    ///
    /// ```
    /// let mut d = rosetta_flecs::IterDesc::none();
    /// assert!(d.set("measure_eval_duration", true) && d.eval_duration);
    /// assert!(d.set("dont_serialize_results", true) && !d.results);
    /// assert!(d.set("entity_labels", true) && d.entity_labels);
    /// ```
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        if name == "dont_serialize_results" {
            self.results = !on;
            return true;
        }
        let slot = match short(name) {
            "term_ids" => &mut self.term_ids,
            "term_labels" => &mut self.term_labels,
            "ids" => &mut self.ids,
            "id_labels" => &mut self.id_labels,
            "sources" => &mut self.sources,
            "variables" => &mut self.variables,
            "is_set" => &mut self.is_set,
            "values" => &mut self.values,
            "private" => &mut self.private,
            "entities" => &mut self.entities,
            "entity_labels" => &mut self.entity_labels,
            "entity_ids" => &mut self.entity_ids,
            "variable_labels" => &mut self.variable_labels,
            "variable_ids" => &mut self.variable_ids,
            "colors" => &mut self.colors,
            "eval_duration" => &mut self.eval_duration,
            "type_info" => &mut self.type_info,
            "field_info" => &mut self.field_info,
            "query_info" => &mut self.query_info,
            "query_plan" => &mut self.query_plan,
            "query_profile" => &mut self.query_profile,
            "table" => &mut self.table,
            "rows" => &mut self.rows,
            "results" => &mut self.results,
            _ => return false,
        };
        *slot = on;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_settable() {
        let mut e = EntityDesc::default();
        for n in EntityDesc::OPTIONS {
            assert!(e.set(n, true), "{n}");
            assert!(e.set(&format!("serialize_{n}"), true), "{n}");
        }
        let mut i = IterDesc::none();
        for n in IterDesc::OPTIONS {
            assert!(i.set(n, true), "{n}");
        }
        assert!(!i.set("entity_names", true));
    }
}
