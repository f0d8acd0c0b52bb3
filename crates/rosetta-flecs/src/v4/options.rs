//! The options of v4's entity serializer (`ecs_entity_to_json_desc_t`).

use rosetta_world::Id;

use crate::text::Mode;

/// `ecs_entity_to_json_desc_t` of v4.1.6 (field names without `serialize_`); `Default` is
/// `ECS_ENTITY_TO_JSON_INIT`: `full_paths` and `values` on, the rest off, plus the text
/// [`Mode`] (lossless valid JSON by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntityDesc {
    /// `"id"`: the entity id (and `"version"` for a recycled id).
    pub entity_id: bool,
    /// `"doc"`: the doc label, brief, color and link.
    pub doc: bool,
    /// Tags, pairs and component keys as full paths (else labels).
    pub full_paths: bool,
    /// `"inherited"`: what the entity's `IsA` bases share with it (`(OnInstantiate, Inherit)`).
    pub inherited: bool,
    /// Component values (`null` for each when off).
    pub values: bool,
    /// Builtin data as ids too: `(ChildOf, ...)` and `(Identifier, Name)`.
    pub builtin: bool,
    /// `"type_info"`: the reflection of each component type written.
    pub type_info: bool,
    /// `"alerts"`: the entity's active alerts.
    pub alerts: bool,
    /// `"refs"`: entities that have a pair with this relationship (`*` for any) and the entity.
    pub refs: Option<Id>,
    /// `"matches"`: the named queries the entity matches.
    pub matches: bool,
    /// How to write what v4 writes as invalid or lossy JSON.
    pub mode: Mode,
}

impl Default for EntityDesc {
    fn default() -> Self {
        EntityDesc {
            entity_id: false,
            doc: false,
            full_paths: true,
            inherited: false,
            values: true,
            builtin: false,
            type_info: false,
            alerts: false,
            refs: None,
            matches: false,
            mode: Mode::Lossless,
        }
    }
}

impl EntityDesc {
    /// Sets the option named as v4.1.6's REST API names it (`entity_id`, `doc`, `full_paths`,
    /// `inherited`, `values`, `builtin`, `type_info`, `alerts`, `matches`); `false` for an
    /// unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let field = match name {
            "entity_id" => &mut self.entity_id,
            "doc" => &mut self.doc,
            "full_paths" => &mut self.full_paths,
            "inherited" => &mut self.inherited,
            "values" => &mut self.values,
            "builtin" => &mut self.builtin,
            "type_info" => &mut self.type_info,
            "alerts" => &mut self.alerts,
            "matches" => &mut self.matches,
            _ => return false,
        };
        *field = on;
        true
    }
}
