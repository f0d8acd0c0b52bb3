//! Cases of the Flecs v3 JSON corpus (`shared/corpus/flecs/v3_json_vectors.json`, kept
//! outside the repository) checked against this crate's serializers, for the conformance
//! suite `flecs` and the crate's tests.

mod value;

pub use value::{check_type_info_case, check_value_case};
