//! The world-script loader: a JSON array of setup operations, as the Flecs corpus'
//! `conventions.setup_ops` documents them (`["tag", "T"]`, `["entity", "a.b"]`,
//! `["add", "e", ["Rel", "Tgt"]]`, `["set", "e", "Position", {"x": 1}]`, ...). Beyond the
//! corpus' list, `["enable", E]` undoes `disable`, and `["enable_id", E, Id, true|false]` is
//! `ecs_enable_id` (it adds `TOGGLE | Id` first if needed; a new toggle starts disabled).
//!
//! Every error names the operation (its index and a JSON Pointer into the script) and says why.
//! Loading never panics: nesting is bounded by [`rosetta_types::MAX_NESTING`] and `repeat` by
//! [`MAX_OPS`] operations in all.
//!
//! ```
//! use rosetta_world::script;
//! let loaded = script::load_str(r#"[["tag", "T"], ["entity", null, "e"], ["add", "e", "T"]]"#)?;
//! let e = loaded.alias("e").unwrap();
//! assert!(loaded.world.has(e, loaded.world.lookup("T").unwrap()));
//! let err = script::load_str(r#"[["add", "nobody", "T"]]"#).unwrap_err();
//! assert!(err.to_string().contains("/0/1"));
//! # Ok::<(), rosetta_world::Error>(())
//! ```

mod ops;
mod types;
mod value;

use std::collections::HashMap;

use serde_json::Value as Json;

use crate::error::{Error, Result};
use crate::id::Id;
use crate::world::World;

/// The most operations one script may run (`repeat` included).
pub const MAX_OPS: usize = 1_000_000;

/// A point the script marks for the query layer.
#[derive(Debug, Clone, PartialEq)]
pub enum MarkerKind {
    /// `["query_created"]`: the case's cached query is created here.
    QueryCreated,
    /// `["rule_created"]`: the case's rule is created here.
    RuleCreated,
    /// `["query_created_expr", expr]`: a cached query with this expression is created here.
    QueryCreatedExpr(String),
    /// `["filter", name, expr]`: a named filter entity.
    Filter {
        /// The filter's entity.
        entity: Id,
        /// Its expression.
        expr: String,
    },
    /// `["import", module]`.
    Import(String),
}

/// A marker with the number of operations run before it and the world's table count then.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// Operations applied before the marker.
    pub ops_before: usize,
    /// Tables that existed at that point (the tables a query created then would see first).
    pub tables_before: usize,
    /// What it marks.
    pub kind: MarkerKind,
}

/// A loaded world script: the world, the aliases it bound, and its markers.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The world.
    pub world: World,
    /// Alias → entity (anonymous entities named by the script).
    pub aliases: HashMap<String, Id>,
    /// Markers in order.
    pub markers: Vec<Marker>,
}

impl Loaded {
    /// The entity bound to an alias.
    pub fn alias(&self, name: &str) -> Option<Id> {
        self.aliases.get(name).copied()
    }

    /// An alias or a path.
    pub fn resolve(&self, name: &str) -> Option<Id> {
        self.alias(name).or_else(|| self.world.lookup(name))
    }
}

/// Loads a world script from JSON text into a new world (a v3.2.12 world, as
/// [`World::new`]; [`load_str_version`] chooses the Flecs release).
pub fn load_str(text: &str) -> Result<Loaded> {
    load_str_version(text, crate::version::FlecsVersion::V3)
}

/// Loads a world script from JSON text into a new world that follows Flecs `version`
/// (its builtin entities and inheritance rules).
///
/// ```
/// use rosetta_world::{script, FlecsVersion};
/// let loaded = script::load_str_version(r#"[["entity", "e"]]"#, FlecsVersion::V4)?;
/// assert_eq!(loaded.world.version(), FlecsVersion::V4);
/// # Ok::<(), rosetta_world::Error>(())
/// ```
pub fn load_str_version(text: &str, version: crate::version::FlecsVersion) -> Result<Loaded> {
    let json: Json = crate::script::parse_json(text)?;
    load_json_version(&json, version)
}

/// Parses JSON text with serde_json, bounded by its default recursion limit.
fn parse_json(text: &str) -> Result<Json> {
    serde_json::from_str(text).map_err(|e| Error::Json(e.to_string()))
}

/// Loads a parsed world script into a new v3.2.12 world.
pub fn load_json(json: &Json) -> Result<Loaded> {
    load_json_version(json, crate::version::FlecsVersion::V3)
}

/// Loads a parsed world script into a new world that follows Flecs `version`.
pub fn load_json_version(json: &Json, version: crate::version::FlecsVersion) -> Result<Loaded> {
    let mut ctx = Ctx {
        world: World::with_version(version),
        aliases: HashMap::new(),
        markers: Vec::new(),
        ops_run: 0,
        frozen: false,
    };
    ctx.run_script(json)?;
    Ok(Loaded {
        world: ctx.world,
        aliases: ctx.aliases,
        markers: ctx.markers,
    })
}

/// Applies a world script to an existing loaded world (aliases carry over).
pub fn apply(loaded: &mut Loaded, json: &Json) -> Result<()> {
    let mut ctx = Ctx {
        world: std::mem::take(&mut loaded.world),
        aliases: std::mem::take(&mut loaded.aliases),
        markers: std::mem::take(&mut loaded.markers),
        ops_run: 0,
        frozen: false,
    };
    let r = ctx.run_script(json);
    loaded.world = ctx.world;
    loaded.aliases = ctx.aliases;
    loaded.markers = ctx.markers;
    r
}

/// Defines the type a corpus `type_spec` describes in `loaded`'s world (a primitive name, an
/// alias, a path, or a spec object such as `{"struct": "T", "members": [...]}`) and returns
/// its entity. Errors name the spec's part as a JSON Pointer.
///
/// ```
/// use rosetta_world::script;
/// let mut loaded = script::load_str("[]")?;
/// let spec = serde_json::json!({"struct": "T", "members": [{"name": "x", "type": "i32"}]});
/// let t = script::load_type(&mut loaded, &spec)?;
/// let v = script::decode_value(&mut loaded, t, &serde_json::json!({"x": 10}))?;
/// assert_eq!(v, rosetta_types::Value::Struct(Box::new([rosetta_types::Value::I32(10)])));
/// # Ok::<(), rosetta_world::Error>(())
/// ```
pub fn load_type(loaded: &mut Loaded, spec: &Json) -> Result<Id> {
    with_ctx(loaded, |ctx| ctx.type_ref(spec, "", 0))
}

/// Decodes a value in the corpus' value encoding (`{"entity": path}`, `{"raw": n}`,
/// `{"float": "nan"}`, ...) as a value of the reflected type entity `ty`.
pub fn decode_value(loaded: &mut Loaded, ty: Id, value: &Json) -> Result<rosetta_types::Value> {
    let Some(t) = loaded.world.component_info(ty).and_then(|c| c.ty) else {
        return Err(Error::BadType {
            name: loaded.world.path_of(ty),
            reason: "has no reflection data".into(),
        });
    };
    with_ctx(loaded, |ctx| ctx.decode(t, value, "", 0))
}

/// Decodes `value` (the script's value encoding: structs as objects, enums by name, entities
/// by path) as a value of what `comp` carries (a component, or a pair, as
/// [`World::type_id_of`] says), without changing the world: an entity given as
/// `{"entity_id": n}` must be alive. The value is not set; [`World::check_set`] and
/// [`World::set`] do that. An error is [`Error::Script`] with the JSON Pointer of the part of
/// `value` at fault (`/` for all of it).
///
/// ```
/// use rosetta_world::{script, Error};
/// let mut loaded = script::load_str(
///     r#"[["struct", "P", [["x", "f32"]]]]"#,
/// )?;
/// let p = loaded.world.lookup("P").unwrap();
/// let v = script::component_value(&mut loaded.world, p, &serde_json::json!({"x": 1}))?;
/// assert_eq!(v, rosetta_types::Value::Struct(Box::new([rosetta_types::Value::F32(1.0)])));
/// let bad = script::component_value(&mut loaded.world, p, &serde_json::json!({"x": "one"}));
/// assert!(matches!(bad, Err(Error::Script { pointer, .. }) if pointer == "/x"));
/// # Ok::<(), rosetta_world::Error>(())
/// ```
pub fn component_value(world: &mut World, comp: Id, value: &Json) -> Result<rosetta_types::Value> {
    let mut loaded = Loaded {
        world: std::mem::take(world),
        aliases: HashMap::new(),
        markers: Vec::new(),
    };
    let r = with_ctx(&mut loaded, |ctx| {
        ctx.frozen = true;
        ctx.value_for(comp, value, "")
    });
    *world = loaded.world;
    r
}

/// Runs `f` on a loader over `loaded` (aliases carry over); an error names the JSON Pointer.
fn with_ctx<T>(
    loaded: &mut Loaded,
    f: impl FnOnce(&mut Ctx) -> std::result::Result<T, (String, String)>,
) -> Result<T> {
    let mut ctx = Ctx {
        world: std::mem::take(&mut loaded.world),
        aliases: std::mem::take(&mut loaded.aliases),
        markers: std::mem::take(&mut loaded.markers),
        ops_run: 0,
        frozen: false,
    };
    let r = f(&mut ctx);
    loaded.world = ctx.world;
    loaded.aliases = ctx.aliases;
    loaded.markers = ctx.markers;
    r.map_err(|(pointer, reason)| Error::Script {
        index: 0,
        pointer: if pointer.is_empty() {
            "/".into()
        } else {
            pointer
        },
        reason,
    })
}

/// Loader state.
pub(crate) struct Ctx {
    pub(crate) world: World,
    pub(crate) aliases: HashMap<String, Id>,
    pub(crate) markers: Vec<Marker>,
    pub(crate) ops_run: usize,
    /// Values only read the world: `{"entity_id": n}` must name an alive entity instead of
    /// making it alive ([`component_value`]).
    pub(crate) frozen: bool,
}

impl Ctx {
    fn run_script(&mut self, json: &Json) -> Result<()> {
        let Json::Array(ops) = json else {
            return Err(Error::Json(
                "a world script is a JSON array of operations".into(),
            ));
        };
        self.run_ops(ops, "", 0)
    }

    pub(crate) fn run_ops(&mut self, ops: &[Json], prefix: &str, depth: usize) -> Result<()> {
        for (i, op) in ops.iter().enumerate() {
            let ptr = format!("{prefix}/{i}");
            self.ops_run += 1;
            if self.ops_run > MAX_OPS {
                return Err(Error::Script {
                    index: i,
                    pointer: ptr,
                    reason: format!("more than {MAX_OPS} operations"),
                });
            }
            self.run_op(op, &ptr, depth)
                .map_err(|(p, reason)| Error::Script {
                    index: i,
                    pointer: p,
                    reason,
                })?;
        }
        Ok(())
    }

    /// An alias, else a path looked up as `ecs_lookup` does.
    pub(crate) fn resolve(&self, name: &str) -> std::result::Result<Id, String> {
        if let Some(&e) = self.aliases.get(name) {
            return Ok(e);
        }
        self.world
            .lookup(name)
            .ok_or_else(|| format!("no entity or alias '{name}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_types::Value;
    use serde_json::json;

    #[test]
    fn id_values_keep_their_flags() {
        let mut l = load_str(r#"[["tag", "T"]]"#).unwrap();
        let id = load_type(&mut l, &json!("id")).unwrap();
        let t = l.world.lookup("T").unwrap();
        let v = decode_value(&mut l, id, &json!({"id": ["T"], "flags": "TOGGLE"})).unwrap();
        assert_eq!(v, Value::U64(t.with_flag(Id::TOGGLE).0));
        let bad = decode_value(&mut l, id, &json!({"id": ["T"], "flags": "NOPE"})).unwrap_err();
        assert!(bad.to_string().contains("NOPE"), "{bad}");
    }

    #[test]
    fn type_errors_say_where() {
        let mut l = load_str("[]").unwrap();
        let spec = json!({"struct": "T", "members": [{"name": "x", "type": "nope"}]});
        let e = load_type(&mut l, &spec).unwrap_err().to_string();
        assert!(e.contains("/members/0/type") && e.contains("nope"), "{e}");
        let plain = load_type(&mut l, &json!("f32")).unwrap();
        assert!(decode_value(&mut l, plain, &json!("x")).is_err());
        assert!(decode_value(&mut l, Id(9999), &json!(1)).is_err());
    }

    #[test]
    fn component_values_do_not_make_entities_alive() {
        let mut l = load_str(r#"[["struct", "Ref", [["e", "entity"]]]]"#).unwrap();
        let r = l.world.lookup("Ref").unwrap();
        let before = l.world.entity_count();
        let e = component_value(&mut l.world, r, &json!({"e": {"entity_id": 5000}}));
        assert!(
            matches!(&e, Err(Error::Script { pointer, reason, .. })
                if pointer == "/e" && reason.contains("not alive")),
            "{e:?}"
        );
        assert_eq!(l.world.entity_count(), before);
        assert!(!l.world.is_alive(Id(5000)));
        let tag = component_value(&mut l.world, crate::builtin::PREFAB, &json!(1));
        assert!(matches!(tag, Err(Error::Script { .. })), "{tag:?}");
    }
}
