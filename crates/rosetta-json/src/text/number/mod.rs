//! Number text: as RapidJSON 1.1.0 reads it ([`rapidjson`], with [`decimal`]'s fast paths) and
//! writes it ([`grisu`]), and as the C library reads and prints it ([`c`]).

pub(crate) mod c;
pub(crate) mod decimal;
pub(crate) mod grisu;
pub(crate) mod rapidjson;
