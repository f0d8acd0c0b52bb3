//! The entities a world made with `ecs_init()` has beyond the core builtins of [`super::BUILTINS`]:
//! what `src/bootstrap.c` creates with regular ids (its observers in `flecs.core.internals`)
//! and what the addons `ecs_init` imports, in this order, create: system, pipeline, timer,
//! meta, doc, script, rest (`src/world.c`; the units module is not imported). Each takes
//! the next regular id above `EcsFirstUserEntityId` (384), or the next low id for a component
//! (8, 9), so the first entity a user creates is [`FIRST_FREE_ID`] (541) and the first
//! user component 10, as in a real v3.2.12 world.
//!
//! Ids, parents and names are those of a v3.2.12 world built with every addon (the
//! amalgamated `flecs.c` of the release); three names keep the trailing space Flecs' enum
//! macros leave in them. Observers, systems and the pipeline query are entities with no data
//! here (Flecs keeps their objects in `(Poly, ...)` components); reflection members and enum
//! constants of Flecs' own types are named entities without their meta components.

/// What an entity of the table is, for the tags it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An addon module: tagged `Module`; one directly in `flecs` has its path as symbol.
    Module,
    /// An observer (tagged `Observer`).
    Observer,
    /// A system: tagged `Query`, `Observer` and `System`.
    System,
    /// The builtin pipeline's query: tagged `Query` and `Observer`.
    Pipeline,
    /// A component of an addon (without reflection here).
    Component,
    /// An enum constant of a meta type: tagged `Constant`.
    Constant,
    /// A named entity with no tags (reflection members, `flecs.rest.Plecs`).
    Named,
    /// An anonymous entity with no tags (the pipeline's phase ordering).
    Anonymous,
}

/// One entity: its id, its parent's id, its name (empty for an anonymous one), its kind.
pub(crate) struct Addon {
    pub id: u64,
    pub parent: u64,
    pub name: &'static str,
    pub kind: Kind,
}

const fn a(id: u64, parent: u64, name: &'static str, kind: Kind) -> Addon {
    Addon {
        id,
        parent,
        name,
        kind,
    }
}

/// The addon modules (children of `flecs`) in the order their rows take in their table in
/// v3.2.12, the order each got its final type (doc, imported by system, first): a query over
/// `(ChildOf, flecs)` lists them so.
pub(crate) const MODULE_ROWS: [&str; 7] = [
    "doc", "system", "pipeline", "timer", "meta", "script", "rest",
];

/// The first id left for the user: one above the last id the default addons create.
pub const FIRST_FREE_ID: u64 = 541;

use Kind::*;

/// The entities, in id order.
pub(crate) const ADDONS: &[Addon] = &[
    a(8, 258, "addon_vec_t", Component),
    a(9, 534, "Script", Component),
    a(385, 259, "", Observer),
    a(386, 259, "", Observer),
    a(387, 386, "", Observer),
    a(388, 259, "", Observer),
    a(389, 388, "", Observer),
    a(390, 259, "", Observer),
    a(391, 390, "", Observer),
    a(392, 259, "", Observer),
    a(393, 392, "", Observer),
    a(394, 259, "", Observer),
    a(395, 394, "", Observer),
    a(396, 259, "", Observer),
    a(397, 396, "", Observer),
    a(398, 259, "", Observer),
    a(399, 398, "", Observer),
    a(400, 259, "", Observer),
    a(401, 259, "", Observer),
    a(402, 401, "", Observer),
    a(403, 259, "", Observer),
    a(404, 403, "", Observer),
    a(405, 259, "", Observer),
    a(406, 405, "", Observer),
    a(407, 259, "", Observer),
    a(408, 407, "", Observer),
    a(409, 259, "", Observer),
    a(410, 409, "", Observer),
    a(411, 259, "", Observer),
    a(412, 411, "", Observer),
    a(413, 259, "", Observer),
    a(414, 257, "system", Module),
    a(415, 257, "doc", Module),
    a(416, 257, "pipeline", Module),
    a(417, 416, "", Anonymous),
    a(418, 416, "", Anonymous),
    a(419, 416, "", Anonymous),
    a(420, 416, "", Anonymous),
    a(421, 416, "", Anonymous),
    a(422, 416, "", Anonymous),
    a(423, 416, "", Anonymous),
    a(424, 416, "", Anonymous),
    a(425, 416, "", Anonymous),
    a(426, 416, "BuiltinPipeline", Pipeline),
    a(427, 426, "", Observer),
    a(428, 426, "", Observer),
    a(429, 426, "", Observer),
    a(430, 426, "", Observer),
    a(431, 426, "", Observer),
    a(432, 257, "timer", Module),
    a(433, 432, "AddTickSource", System),
    a(434, 433, "", Observer),
    a(435, 433, "", Observer),
    a(436, 433, "", Observer),
    a(437, 432, "ProgressTimers", System),
    a(438, 437, "", Observer),
    a(439, 437, "", Observer),
    a(440, 432, "ProgressRateFilters", System),
    a(441, 440, "", Observer),
    a(442, 440, "", Observer),
    a(443, 432, "ProgressTickSource", System),
    a(444, 443, "", Observer),
    a(445, 443, "", Observer),
    a(446, 443, "", Observer),
    a(447, 257, "meta", Module),
    a(448, 259, "", Observer),
    a(449, 259, "", Observer),
    a(450, 259, "", Observer),
    a(451, 259, "", Observer),
    a(452, 259, "", Observer),
    a(453, 259, "", Observer),
    a(454, 259, "", Observer),
    a(455, 259, "", Observer),
    a(456, 259, "", Observer),
    a(457, 259, "", Observer),
    a(458, 259, "", Observer),
    a(459, 259, "", Observer),
    a(460, 259, "", Observer),
    a(461, 259, "", Observer),
    a(462, 461, "", Observer),
    a(463, 461, "", Observer),
    a(464, 1, "size", Named),
    a(465, 1, "alignment", Named),
    a(466, 468, "string_vec_t ", Component),
    a(467, 447, "flecs", Module),
    a(468, 467, "core", Module),
    a(469, 258, "build_info_t", Component),
    a(470, 469, "compiler", Named),
    a(471, 469, "addons", Named),
    a(472, 469, "version", Named),
    a(473, 469, "version_major", Named),
    a(474, 469, "version_minor", Named),
    a(475, 469, "version_patch", Named),
    a(476, 469, "debug", Named),
    a(477, 469, "sanitize", Named),
    a(478, 469, "perf_trace", Named),
    a(479, 369, "value", Named),
    a(480, 447, "TypeKind", Component),
    a(481, 480, "PrimitiveType", Constant),
    a(482, 480, "BitmaskType", Constant),
    a(483, 480, "EnumType", Constant),
    a(484, 480, "StructType", Constant),
    a(485, 480, "ArrayType", Constant),
    a(486, 480, "VectorType", Constant),
    a(487, 480, "OpaqueType", Constant),
    a(488, 354, "kind", Named),
    a(489, 447, "PrimitiveKind", Component),
    a(490, 489, "Bool", Constant),
    a(491, 489, "Char", Constant),
    a(492, 489, "Byte", Constant),
    a(493, 489, "U8", Constant),
    a(494, 489, "U16", Constant),
    a(495, 489, "U32", Constant),
    a(496, 489, "U64 ", Constant),
    a(497, 489, "I8", Constant),
    a(498, 489, "I16", Constant),
    a(499, 489, "I32", Constant),
    a(500, 489, "I64", Constant),
    a(501, 489, "F32", Constant),
    a(502, 489, "F64", Constant),
    a(503, 489, "UPtr ", Constant),
    a(504, 489, "IPtr", Constant),
    a(505, 489, "String", Constant),
    a(506, 489, "Entity", Constant),
    a(507, 489, "Id", Constant),
    a(508, 356, "kind", Named),
    a(509, 359, "type", Named),
    a(510, 359, "count", Named),
    a(511, 359, "unit", Named),
    a(512, 359, "offset", Named),
    a(513, 447, "value_range", Component),
    a(514, 513, "min", Named),
    a(515, 513, "max", Named),
    a(516, 360, "value", Named),
    a(517, 360, "warning", Named),
    a(518, 360, "error", Named),
    a(519, 362, "type", Named),
    a(520, 362, "count", Named),
    a(521, 363, "type", Named),
    a(522, 364, "as_type", Named),
    a(523, 447, "unit_translation", Component),
    a(524, 523, "factor", Named),
    a(525, 523, "power", Named),
    a(526, 365, "symbol", Named),
    a(527, 365, "prefix", Named),
    a(528, 365, "base", Named),
    a(529, 365, "over", Named),
    a(530, 365, "translation", Named),
    a(531, 366, "symbol", Named),
    a(532, 366, "translation", Named),
    a(533, 257, "rest", Module),
    a(534, 257, "script", Module),
    a(535, 534, "UsingVector", Component),
    a(536, 9, "using", Named),
    a(537, 9, "script", Named),
    a(538, 533, "DequeueRest", System),
    a(539, 533, "", Observer),
    a(540, 533, "Plecs", Named),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::BUILTINS;

    #[test]
    fn ids_ascend_parents_exist_and_the_first_free_id_follows() {
        let mut last = 0;
        for a in ADDONS {
            assert!(a.id > last, "{} out of order", a.id);
            last = a.id;
            let parent_known = ADDONS.iter().any(|p| p.id == a.parent)
                || BUILTINS.iter().any(|b| b.id == a.parent);
            assert!(parent_known, "{}: parent {} unknown", a.id, a.parent);
        }
        assert_eq!(FIRST_FREE_ID, last + 1);
        assert!(BUILTINS.iter().all(|b| ADDONS.iter().all(|a| a.id != b.id)));
    }
}
