//! JSON snapshots: concatenated JSON objects, one per entity,
//! `{"__entity_id": "1", "<qualified component name>": {…}, …}`.
//!
//! This module does the framing (the stream of objects, the entity id, component names to and
//! from component ids through a compiled [`Schema`](rosetta_schema::Schema)); a
//! [`ComponentJson`] codec turns each component's data into JSON and back, through serde_json
//! `Value`s or straight from and to the text ([`JsonScanner`], [`JsonText`]).
//!
//! | file | what it holds |
//! | --- | --- |
//! | `codec.rs` | [`ComponentJson`] |
//! | `frame.rs` | the entity id and the framing's errors |
//! | `entities.rs` | [`JsonEntities`]: the entities as `Value`s, and the step both readers share |
//! | `scanner.rs` | [`JsonScanner`]: the pull parser of the direct read path |
//! | `reader.rs` | [`JsonSnapshotReader`]: the direct path, and the `Value` path behind it |
//! | `text.rs` | [`JsonText`]: the text of an entity being written |
//! | `writer.rs` | [`JsonSnapshotWriter`] |

mod codec;
mod entities;
mod frame;
mod reader;
mod scanner;
mod text;
mod writer;

pub use self::codec::ComponentJson;
pub use self::entities::JsonEntities;
pub use self::reader::JsonSnapshotReader;
pub use self::scanner::{JsonKind, JsonMark, JsonNumber, JsonScanner};
pub use self::text::JsonText;
pub use self::writer::JsonSnapshotWriter;
