//! The serializer options by name, as Flecs names them: the C field of the desc
//! (`serialize_values`) or the name without its `serialize_` prefix (`values`, as REST and the
//! command line spell them).

use super::{EntityDesc, IterDesc};

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
