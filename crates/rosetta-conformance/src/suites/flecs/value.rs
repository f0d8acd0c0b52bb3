//! The corpus' `value` (`ecs_ptr_to_json`, `ecs_array_to_json`) and `type_info`
//! (`ecs_type_info_to_json`) cases: the type (and value) built in a new world from the case
//! and written in both modes, as [`rosetta_flecs::corpus`] describes.

use serde_json::Value as Json;

/// A `value` case; `Err` is the failure line (expected against written).
pub(super) fn run_value_case(case: &Json) -> Result<(), String> {
    rosetta_flecs::corpus::check_value_case(case)
}

/// A `type_info` case; `Err` is the failure line (expected against written).
pub(super) fn run_type_info_case(case: &Json) -> Result<(), String> {
    rosetta_flecs::corpus::check_type_info_case(case)
}
