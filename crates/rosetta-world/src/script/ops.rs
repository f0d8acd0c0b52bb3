//! One world-script operation.

use rosetta_types::Value;
use serde_json::Value as Json;

use crate::builtin;
use crate::entity::DocKind;
use crate::id::Id;
use crate::script::{Ctx, Marker, MarkerKind};

type R<T> = std::result::Result<T, (String, String)>;

fn err<T>(ptr: &str, msg: impl Into<String>) -> R<T> {
    Err((ptr.to_string(), msg.into()))
}

fn string<'a>(a: &'a [Json], i: usize, ptr: &str) -> R<&'a str> {
    match a.get(i) {
        Some(Json::String(s)) => Ok(s),
        _ => err(&format!("{ptr}/{i}"), "expected a string"),
    }
}

impl Ctx {
    fn entity_arg(&self, a: &[Json], i: usize, ptr: &str) -> R<Id> {
        let s = string(a, i, ptr)?;
        self.resolve(s).map_err(|m| (format!("{ptr}/{i}"), m))
    }

    /// An id: a name, `[first, second]`, or `{flag, id}`.
    pub(crate) fn id_arg(&self, j: &Json, ptr: &str) -> R<Id> {
        match j {
            Json::String(s) => self.resolve(s).map_err(|m| (ptr.to_string(), m)),
            Json::Array(p) if p.len() == 2 => {
                let f = self.id_arg(&p[0], &format!("{ptr}/0"))?;
                let s = self.id_arg(&p[1], &format!("{ptr}/1"))?;
                Ok(Id::pair(f, s))
            }
            Json::Object(o) => {
                let flag = match o.get("flag").and_then(Json::as_str) {
                    Some("TOGGLE") => Id::TOGGLE,
                    Some("OVERRIDE") => Id::OVERRIDE,
                    _ => return err(&format!("{ptr}/flag"), "flag must be TOGGLE or OVERRIDE"),
                };
                let id = self.id_arg(o.get("id").unwrap_or(&Json::Null), &format!("{ptr}/id"))?;
                Ok(id.with_flag(flag))
            }
            _ => err(ptr, "an id is a name, [first, second] or {flag, id}"),
        }
    }

    fn named(&mut self, a: &[Json], ptr: &str, ids: &[Id]) -> R<Id> {
        let name = string(a, 1, ptr)?;
        let e = self
            .world
            .entity_with(name, ids)
            .map_err(|e| (format!("{ptr}/1"), e.to_string()))?;
        // The name as written is the test's C variable: later ops refer to the entity by it,
        // even after a ChildOf moves the entity out of the root scope.
        self.aliases.insert(name.to_string(), e);
        Ok(e)
    }

    fn bind(&mut self, a: &[Json], i: usize, ptr: &str, e: Id) -> R<()> {
        let alias = string(a, i, ptr)?;
        self.aliases.insert(alias.to_string(), e);
        Ok(())
    }

    /// A component value for `comp` (the value's type is `type_id_of(comp)`).
    pub(crate) fn value_for(&mut self, comp: Id, j: &Json, ptr: &str) -> R<Value> {
        let Some(tc) = self.world.type_id_of(comp) else {
            return err(
                ptr,
                format!("'{}' is not a component", self.world.id_str(comp)),
            );
        };
        match self.world.component_info(tc).and_then(|c| c.ty) {
            Some(ty) => self.decode(ty, j, ptr, 0),
            None => Ok(Value::Tuple(Box::new([]))),
        }
    }

    fn set_value(&mut self, e: Id, comp: Id, j: &Json, ptr: &str) -> R<()> {
        let v = self.value_for(comp, j, ptr)?;
        self.world
            .set(e, comp, v)
            .map_err(|x| (ptr.to_string(), x.to_string()))
    }

    fn mark(&mut self, kind: MarkerKind) {
        self.world.process_pending();
        let m = Marker {
            ops_before: self.ops_run.saturating_sub(1),
            tables_before: self.world.tables().len(),
            kind,
        };
        self.markers.push(m);
    }

    pub(crate) fn run_op(&mut self, op: &Json, ptr: &str, depth: usize) -> R<()> {
        let Json::Array(a) = op else {
            return err(ptr, "an operation is a JSON array");
        };
        let Some(Json::String(name)) = a.first() else {
            return err(&format!("{ptr}/0"), "expected the operation's name");
        };
        let w = |x: crate::error::Error| (ptr.to_string(), x.to_string());
        match name.as_str() {
            // ECS_TAG in v3.2.12 names the entity and sets no symbol.
            "tag" => {
                self.named(a, ptr, &[])?;
            }
            "component" => {
                let n = string(a, 1, ptr)?;
                let e = self.world.component(n).map_err(w)?;
                self.aliases.insert(n.to_string(), e);
            }
            "struct" => {
                let e = match self.world.lookup_from(Id::NULL, string(a, 1, ptr)?, false) {
                    Some(e) => e,
                    None => self.named(a, ptr, &[])?,
                };
                let m =
                    self.members(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"), depth)?;
                self.world.register_struct(e, m).map_err(w)?;
            }
            "struct_at" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let m =
                    self.members(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"), depth)?;
                self.world.register_struct(e, m).map_err(w)?;
            }
            "enum" | "bitmask" => {
                let e = match a.get(1) {
                    Some(Json::Null) => self.world.new_entity(),
                    _ => self.named(a, ptr, &[])?,
                };
                let c = self.constants(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"))?;
                if name == "enum" {
                    self.world.register_enum(e, &c).map_err(w)?;
                } else {
                    self.world.register_bitmask(e, &c).map_err(w)?;
                }
                if a.len() > 3 {
                    self.bind(a, 3, ptr, e)?;
                }
            }
            "type" => {
                self.type_spec(a.get(1).unwrap_or(&Json::Null), &format!("{ptr}/1"), depth)?;
            }
            "unit" => {
                let e = self.named(a, ptr, &[])?;
                let u = self.unit(a.get(2), &format!("{ptr}/2"))?;
                self.world.register_unit(e, u).map_err(w)?;
            }
            "quantity" => {
                let e = self.named(a, ptr, &[])?;
                self.world.register_quantity(e).map_err(w)?;
            }
            "entity" => match a.get(1) {
                Some(Json::Null) | None => {
                    let e = self.world.new_entity();
                    self.bind(a, 2, ptr, e)?;
                }
                _ => {
                    self.named(a, ptr, &[])?;
                }
            },
            "entity_at" => {
                let n = a
                    .get(1)
                    .and_then(Json::as_u64)
                    .ok_or_else(|| (format!("{ptr}/1"), "expected an id".to_string()))?;
                let e = self
                    .world
                    .make_alive(Id(n))
                    .map_err(|x| (format!("{ptr}/1"), x.to_string()))?;
                self.bind(a, 2, ptr, e)?;
            }
            "prefab" => {
                self.named(a, ptr, &[builtin::PREFAB])?;
            }
            // ECS_ENTITY(world, N, Union): no symbol either.
            "union" => {
                self.named(a, ptr, &[builtin::UNION])?;
            }
            "new_w" => {
                let id = self.id_arg(a.get(1).unwrap_or(&Json::Null), &format!("{ptr}/1"))?;
                let e = self.world.new_entity();
                self.world.add(e, id).map_err(w)?;
                self.bind(a, 2, ptr, e)?;
            }
            "new_set" => {
                let comp = self.id_arg(a.get(1).unwrap_or(&Json::Null), &format!("{ptr}/1"))?;
                let e = self.world.new_entity();
                self.set_value(
                    e,
                    comp,
                    a.get(2).unwrap_or(&Json::Null),
                    &format!("{ptr}/2"),
                )?;
                self.bind(a, 3, ptr, e)?;
            }
            "set_name" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let n = string(a, 2, ptr)?;
                self.world.set_name(e, n).map_err(w)?;
            }
            "add" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let id = self.id_arg(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"))?;
                self.world.add(e, id).map_err(w)?;
            }
            "set" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let comp = self.id_arg(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"))?;
                self.set_value(
                    e,
                    comp,
                    a.get(3).unwrap_or(&Json::Null),
                    &format!("{ptr}/3"),
                )?;
            }
            "singleton_set" => {
                let comp = self.id_arg(a.get(1).unwrap_or(&Json::Null), &format!("{ptr}/1"))?;
                self.set_value(
                    comp,
                    comp,
                    a.get(2).unwrap_or(&Json::Null),
                    &format!("{ptr}/2"),
                )?;
            }
            "doc" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let kind = DocKind::parse(string(a, 2, ptr)?).ok_or_else(|| {
                    (
                        format!("{ptr}/2"),
                        "doc kind is name, brief, link or color".to_string(),
                    )
                })?;
                let text = match a.get(3) {
                    Some(Json::String(s)) => Some(s.as_str()),
                    Some(Json::Null) => None,
                    _ => return err(&format!("{ptr}/3"), "expected a string or null"),
                };
                self.world.doc_set(e, kind, text).map_err(w)?;
            }
            "private" => {
                let e = self.entity_arg(a, 1, ptr)?;
                self.world.add(e, builtin::PRIVATE).map_err(w)?;
            }
            "delete" => {
                let e = self.entity_arg(a, 1, ptr)?;
                self.world.delete(e).map_err(w)?;
            }
            "disable" => {
                let e = self.entity_arg(a, 1, ptr)?;
                self.world.enable(e, false).map_err(w)?;
            }
            "enable" => {
                let e = self.entity_arg(a, 1, ptr)?;
                self.world.enable(e, true).map_err(w)?;
            }
            "enable_id" => {
                let e = self.entity_arg(a, 1, ptr)?;
                let id = self.id_arg(a.get(2).unwrap_or(&Json::Null), &format!("{ptr}/2"))?;
                let on = match a.get(3) {
                    None => true,
                    Some(Json::Bool(b)) => *b,
                    Some(_) => return err(&format!("{ptr}/3"), "expected true or false"),
                };
                self.world.enable_id(e, id, on).map_err(w)?;
            }
            "import" => {
                let m = string(a, 1, ptr)?.to_string();
                if m == "FlecsUnits" {
                    self.world.import_units().map_err(w)?;
                }
                self.mark(MarkerKind::Import(m));
            }
            "filter" => {
                let e = self.named(a, ptr, &[])?;
                let expr = string(a, 2, ptr)?.to_string();
                self.world.add_named_filter(e, &expr);
                self.mark(MarkerKind::Filter { entity: e, expr });
            }
            "query_created" => self.mark(MarkerKind::QueryCreated),
            "rule_created" => self.mark(MarkerKind::RuleCreated),
            "query_created_expr" => {
                let expr = string(a, 1, ptr)?.to_string();
                self.mark(MarkerKind::QueryCreatedExpr(expr));
            }
            "repeat" => {
                if depth >= rosetta_types::MAX_NESTING {
                    return err(ptr, rosetta_types::too_deep_message());
                }
                let n = a
                    .get(1)
                    .and_then(Json::as_u64)
                    .ok_or_else(|| (format!("{ptr}/1"), "expected a count".to_string()))?;
                let Some(Json::Array(ops)) = a.get(2) else {
                    return err(&format!("{ptr}/2"), "expected a list of operations");
                };
                let inner = format!("{ptr}/2");
                for _ in 0..n.min(super::MAX_OPS as u64 + 1) {
                    self.run_ops(ops, &inner, depth + 1).map_err(|e| match e {
                        crate::error::Error::Script {
                            pointer, reason, ..
                        } => (pointer, reason),
                        other => (inner.clone(), other.to_string()),
                    })?;
                }
            }
            other => return err(&format!("{ptr}/0"), format!("unknown operation '{other}'")),
        }
        Ok(())
    }
}
