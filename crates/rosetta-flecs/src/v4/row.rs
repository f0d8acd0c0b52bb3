//! The pieces of one entity's row in v4's table format (`serialize_iter_result_table.c`):
//! `tags`, `pairs`, `components` and `inherited`. `ecs_entity_to_json`, `ecs_world_to_json` and
//! `ecs_iter_to_json` with `table` write an entity's ids with them.
//!
//! An id of the entity's type is a *tag* (no pair, no data), a *pair* (no data) or a
//! *component* (data, a pair included: its key is `(First,Second)`). `(ChildOf, ...)` and
//! `(Identifier, Name)` are left out unless `builtin` is on (they are the row's `parent` and
//! `name`). A base in `inherited` shows only ids whose relationship (or the id itself) has
//! the trait `(OnInstantiate, Inherit)`: v4 copies the others to the instance.

use rosetta_types::Value;
use rosetta_world::builtin::{CHILD_OF, DOC_DESCRIPTION, IDENTIFIER, IS_A};
use rosetta_world::{Id, World};

use crate::error::Result;
use crate::ser::names::{alive_or, path_into, push_u32, NAME_PAIR};
use crate::ser::ValueWriter;
use crate::text::{self, List, Mode};

/// How deep `inherited` follows `IsA` (the world keeps `IsA` acyclic; this bounds the rest).
const MAX_BASE_DEPTH: usize = 64;

/// The options the row pieces follow, and what they gather while writing: the writers of the
/// component types met and, when `type_info` is on, each type's reflection once.
#[derive(Debug)]
pub struct RowWriter<'w> {
    w: &'w World,
    /// Keys and values as full paths (else labels).
    pub full_paths: bool,
    /// `(ChildOf, ...)` and `(Identifier, Name)` written as ids too.
    pub builtin: bool,
    /// Component values written (else `null`).
    pub values: bool,
    /// Type entities written as a v4 world holds them (`flecs.core.Component` with its
    /// layout, the meta components): world JSON, which Flecs loads back.
    pub type_entities: bool,
    mode: Mode,
    on_instantiate: Option<Id>,
    inherit: Option<Id>,
    writers: Vec<(Id, Option<CompWriter>)>,
    type_info: Option<(String, List, Vec<Id>)>,
}

/// How one component type's values are written.
#[derive(Debug)]
enum CompWriter {
    Value(ValueWriter),
    /// `EcsIdentifier` and `EcsDocDescription`: the struct `{value: string}` v4 reflects them as.
    StringStruct,
}

impl<'w> RowWriter<'w> {
    /// A writer over `w`; `type_info` gathers the type info of every component written.
    pub fn new(w: &'w World, mode: Mode, type_info: bool) -> RowWriter<'w> {
        RowWriter {
            w,
            full_paths: true,
            builtin: false,
            values: true,
            type_entities: false,
            mode,
            on_instantiate: w.lookup("flecs.core.OnInstantiate"),
            inherit: w.lookup("flecs.core.Inherit"),
            writers: Vec::new(),
            type_info: type_info.then(|| {
                let mut s = String::new();
                let l = List::open(&mut s, '{');
                (s, l, Vec::new())
            }),
        }
    }

    /// The gathered `type_info` object (`None` when not gathering).
    pub fn take_type_info(&mut self) -> Option<String> {
        self.type_info.take().map(|(mut s, l, _)| {
            l.close(&mut s, '}');
            s
        })
    }

    fn skipped(&self, id: Id) -> bool {
        !self.builtin && (id == NAME_PAIR || (id.is_pair() && id.first() == CHILD_OF))
    }

    /// `skipped`, and for a type entity in world JSON the meta ids written from its type.
    fn skipped_on(&self, ent: Id, id: Id) -> bool {
        self.skipped(id) || (self.type_entities && super::types::writes_meta_id(self.w, ent, id))
    }

    /// Whether a base shares `id` with its instances: `(OnInstantiate, Inherit)` on its
    /// relationship (or on the id itself).
    pub fn inherits(&self, id: Id) -> bool {
        let pred = if id.has_pair_flag() {
            id.first()
        } else {
            id.without_flags()
        };
        match (self.on_instantiate, self.inherit, self.w.alive(pred)) {
            (Some(oi), Some(inh), Some(p)) => self.w.owns(p, Id::pair(oi, inh)),
            _ => false,
        }
    }

    /// Whether `id` has data in Flecs: a component, not of a zero-sized type (Flecs holds
    /// an empty struct as a tag).
    fn has_column(&self, id: Id) -> bool {
        id.flags() & !Id::PAIR == 0
            && self
                .w
                .type_id_of(id)
                .is_some_and(|ty| !super::types::is_zero_sized(self.w, ty))
    }

    /// `flecs_json_id_member`: a tag's or component's key, without quotes.
    fn id_member(&self, out: &mut String, id: Id) {
        if id.has_flag(Id::OVERRIDE) {
            out.push_str("auto_override|");
        }
        if id.has_flag(Id::TOGGLE) {
            out.push_str("toggle|");
        }
        let id = Id(id.0 & !(Id::OVERRIDE | Id::TOGGLE));
        if id.is_pair() {
            out.push('(');
            self.elem(out, alive_or(self.w, id.first()));
            out.push(',');
            self.elem(out, alive_or(self.w, id.second()));
            out.push(')');
        } else {
            self.elem(out, Id(id.0 & Id::COMPONENT_MASK));
        }
    }

    fn elem(&self, out: &mut String, e: Id) {
        if self.full_paths {
            path_into(out, self.w, e, self.mode);
        } else if let Some(l) = self.w.label_of(e) {
            text::raw_into(out, l, self.mode);
        }
    }

    /// `flecs_json_path_or_label`: an entity in quotes.
    fn path_or_label(&self, out: &mut String, e: Id) {
        if self.full_paths {
            out.push('"');
            path_into(out, self.w, e, self.mode);
            out.push('"');
        } else {
            push_label(out, self.w, e, self.mode);
        }
    }

    /// `"tags":[...]` of `ent`, when it has any (only the inherited ones for a base).
    pub fn tags(&self, out: &mut String, obj: &mut List, ent: Id, base: bool) {
        let mut list: Option<List> = None;
        let own = self.w.type_of(ent);
        // A type entity's tags kept as its type's metadata (an enum's), merged in id order.
        let extra = if self.type_entities {
            super::types::meta_tags(self.w, ent)
        } else {
            &[]
        };
        let merged: std::borrow::Cow<'_, [Id]> = if extra.is_empty() {
            std::borrow::Cow::Borrowed(own)
        } else {
            let mut v: Vec<Id> = own.iter().chain(extra).copied().collect();
            v.sort_unstable();
            v.dedup();
            std::borrow::Cow::Owned(v)
        };
        for &id in merged.iter() {
            if id.is_pair() || self.skipped_on(ent, id) || self.has_column(id) {
                continue;
            }
            if base && !self.inherits(id) {
                continue;
            }
            let l = list.get_or_insert_with(|| {
                obj.key(out, "tags", self.mode);
                List::open(out, '[')
            });
            l.next(out);
            out.push('"');
            self.id_member(out, id);
            out.push('"');
        }
        if let Some(l) = list {
            l.close(out, ']');
        }
    }

    /// `"pairs":{...}` of `ent`: each relationship once, its targets in a list when it has
    /// more than one.
    pub fn pairs(&self, out: &mut String, obj: &mut List, ent: Id, base: bool) {
        let ids: Vec<Id> = self
            .w
            .type_of(ent)
            .iter()
            .copied()
            .filter(|&id| id.is_pair() && !self.skipped_on(ent, id) && !self.has_column(id))
            .filter(|&id| !base || self.inherits(id))
            .collect();
        if ids.is_empty() {
            return;
        }
        obj.key(out, "pairs", self.mode);
        let mut map = List::open(out, '{');
        let mut i = 0;
        while i < ids.len() {
            let first = ids[i].first();
            let n = ids[i..].iter().take_while(|p| p.first() == first).count();
            map.next(out);
            self.path_or_label(out, alive_or(self.w, first));
            out.push(':');
            if n > 1 {
                let mut l = List::open(out, '[');
                for p in &ids[i..i + n] {
                    l.next(out);
                    self.path_or_label(out, alive_or(self.w, p.second()));
                }
                l.close(out, ']');
            } else {
                self.path_or_label(out, alive_or(self.w, ids[i].second()));
            }
            i += n;
        }
        map.close(out, '}');
    }

    /// `"components":{...}` of `ent`: each component's key and value (`null` without
    /// reflection or with `values` off).
    pub fn components(
        &mut self,
        out: &mut String,
        obj: &mut List,
        ent: Id,
        base: bool,
    ) -> Result<()> {
        let w = self.w;
        let mut map: Option<List> = None;
        for &id in w.type_of(ent) {
            if self.skipped_on(ent, id) || !self.has_column(id) || (base && !self.inherits(id)) {
                continue;
            }
            let Some(value) = w.get_owned(ent, id) else {
                continue;
            };
            let ty = w.type_id_of(id);
            if let Some(ty) = ty {
                self.gather_type_info(ty)?;
            }
            let m = map.get_or_insert_with(|| {
                obj.key(out, "components", self.mode);
                List::open(out, '{')
            });
            m.next(out);
            out.push('"');
            self.id_member(out, id);
            out.push_str("\":");
            if self.type_entities && super::types::is_component_id(id) {
                match super::types::component_value(w, ent) {
                    Some(v) => out.push_str(&v),
                    None => out.push_str("null"),
                }
                for id in super::types::meta_components(out, m, w, ent, self.mode) {
                    self.gather_type_info(id)?;
                }
                continue;
            }
            match ty {
                Some(ty) if self.values => self.value(out, ty, &value)?,
                _ => out.push_str("null"),
            }
        }
        if let Some(m) = map {
            m.close(out, '}');
        }
        Ok(())
    }

    fn value(&mut self, out: &mut String, ty: Id, value: &Value) -> Result<()> {
        let i = match self.writers.iter().position(|(t, _)| *t == ty) {
            Some(i) => i,
            None => {
                let wr = if ty == IDENTIFIER || ty == DOC_DESCRIPTION {
                    Some(CompWriter::StringStruct)
                } else {
                    ValueWriter::for_id(self.w, ty, self.mode)?.map(CompWriter::Value)
                };
                self.writers.push((ty, wr));
                self.writers.len() - 1
            }
        };
        match &self.writers[i].1 {
            Some(CompWriter::Value(v)) => v.write(out, self.w, value)?,
            Some(CompWriter::StringStruct) => {
                out.push_str("{\"value\":");
                match value {
                    Value::String(s) => text::push_escaped(out, s.as_str(), self.mode),
                    _ => out.push_str("null"),
                }
                out.push('}');
            }
            None => out.push_str("null"),
        }
        Ok(())
    }

    /// `flecs_json_accum_type_info`: the type info of `ty` once, keyed by its path.
    fn gather_type_info(&mut self, ty: Id) -> Result<()> {
        let (w, mode) = (self.w, self.mode);
        let Some((s, l, seen)) = self.type_info.as_mut() else {
            return Ok(());
        };
        if seen.contains(&ty) {
            return Ok(());
        }
        seen.push(ty);
        l.next(s);
        s.push('"');
        path_into(s, w, ty, mode);
        s.push_str("\":");
        let len = s.len();
        if super::types::type_info_to_json(s, w, ty, mode).is_err() {
            s.truncate(len);
            s.push('0');
        }
        Ok(())
    }

    /// `"inherited":{...}` when `ent` has `IsA` bases: per base (its own bases first), by
    /// path, what it shares with its instances.
    pub fn inherited(&mut self, out: &mut String, obj: &mut List, ent: Id) -> Result<()> {
        if self.w.targets(ent, IS_A).is_empty() {
            return Ok(());
        }
        obj.key(out, "inherited", self.mode);
        let mut map = List::open(out, '{');
        self.bases(out, &mut map, ent, 0)?;
        map.close(out, '}');
        Ok(())
    }

    fn bases(&mut self, out: &mut String, map: &mut List, ent: Id, depth: usize) -> Result<()> {
        if depth >= MAX_BASE_DEPTH {
            return Ok(());
        }
        for base in self.w.targets(ent, IS_A) {
            if self.w.table_of(base).is_none() {
                continue;
            }
            self.bases(out, map, base, depth + 1)?;
            map.next(out);
            out.push('"');
            path_into(out, self.w, base, self.mode);
            out.push_str("\":");
            let mut b = List::open(out, '{');
            self.tags(out, &mut b, base, true);
            self.pairs(out, &mut b, base, true);
            self.components(out, &mut b, base, true)?;
            b.close(out, '}');
        }
        Ok(())
    }
}

/// `flecs_json_label`: the doc name or name, escaped, in quotes; `"#<id>"` without either.
pub fn push_label(out: &mut String, w: &World, e: Id, mode: Mode) {
    match w.label_of(e) {
        Some(l) => text::push_escaped(out, l, mode),
        None => {
            out.push_str("\"#");
            push_u32(out, e.index());
            out.push('"');
        }
    }
}
