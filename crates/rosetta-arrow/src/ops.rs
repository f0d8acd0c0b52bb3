//! Component updates, events and command payloads as tables, for users who keep a log of what
//! happened to their entities (snapshots and worlds hold component data only).
//!
//! - An update of component `game.Health` is a row of the table `game.Health.update`:
//!   `entity_id`, then every field of the component, null when the update leaves it alone
//!   (an `option<T>` field set to a value is that value; one set empty is in `__cleared`),
//!   then `__cleared` (`List<Utf8>`: the option, list and map fields the update empties, by
//!   name), then `__events` when the component has events (a `Struct` with a `List` per event:
//!   the update's occurrences of it, each its payload). [`UpdateTable`].
//! - An event's payloads alone are the table `game.Health.events.damaged` ([`event_table`]).
//! - A command's requests and responses are `game.Door.commands.open.request` and
//!   `.response` ([`command_table`]).
//!
//! Event and command tables are [`ComponentTable`]s of the payload type: their rows go in with
//! [`ComponentBatcher`](crate::ComponentBatcher) and come back with
//! [`component_rows`](crate::component_rows) and [`to_object`](crate::to_object), as a
//! component's do. An update table's rows are [`UpdateTable::to_value`] going in and
//! [`UpdateTable::to_update`] coming back.
//!
//! ```
//! use rosetta_arrow::{component_rows, ops::UpdateTable, ArrowOptions, ComponentBatcher};
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//! use rosetta_wire::{family::Int32, ComponentUpdate};
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "game.schema".into(),
//!     text: "package game; type Hit { int32 amount = 1; }
//!            component Health { id = 100; int32 current = 1; list<int32> log = 2; event Hit hit; }"
//!         .into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let registry = schema.registry();
//! let table = UpdateTable::new(registry, 100, ArrowOptions::default()).unwrap();
//!
//! // 40 damage: `current` changes, `log` empties, one `hit` event.
//! let mut update = ComponentUpdate::new();
//! update.fields_mut().add::<Int32>(1, 60);
//! update.add_cleared_field(2);
//! update.add_event(1).add::<Int32>(1, 40);
//!
//! let mut batcher = ComponentBatcher::new(table.table().clone(), 1024);
//! batcher.push_value(registry, 7, &table.to_value(registry, &update).unwrap()).unwrap();
//! let batch = batcher.finish().unwrap().unwrap();
//! let names: Vec<_> = batch.schema().fields().iter().map(|f| f.name().clone()).collect();
//! assert_eq!(names, ["entity_id", "current", "log", "__cleared", "__events"]);
//!
//! let (entity, value) = component_rows(registry, table.table(), &batch).unwrap().remove(0);
//! let back = table.to_update(registry, &value).unwrap();
//! assert_eq!((entity, back.encode()), (7, update.encode()));
//! ```

use std::collections::HashMap;

use rosetta_types::{ComponentId, Kind, StructType, TypeId, TypeRegistry, Value};
use rosetta_wire::{typed, ComponentUpdate};

use crate::error::{Error, Result};
use crate::schema::meta;
use crate::schema::shape::{Member, Resolver, Shape};
use crate::schema::{ArrowOptions, ComponentTable};

/// The column of an update's cleared fields.
pub const CLEARED: &str = "__cleared";
/// The column of an update's events.
pub const EVENTS: &str = "__events";

/// The table of one component's updates, and the conversions of an update to its row.
#[derive(Debug, Clone)]
pub struct UpdateTable {
    table: ComponentTable,
    /// The component's fields: number and name, in column order.
    fields: Vec<(u32, Box<str>)>,
    /// The component's events: index and payload type, in the order of `__events`' members.
    events: Vec<(u32, TypeId)>,
}

impl UpdateTable {
    /// The update table of component `id` of `registry`, named `<component>.update`.
    pub fn new(registry: &TypeRegistry, id: ComponentId, options: ArrowOptions) -> Result<Self> {
        let (ty, name, def) = component(registry, id)?;
        let info = registry
            .get(ty)
            .and_then(|t| t.component())
            .ok_or_else(|| Error::Unsupported(format!("`{name}` is no component")))?;
        let mut resolver = Resolver::new(registry, options);
        let mut members: Vec<Member> = resolver
            .members(ty, def)?
            .into_iter()
            .map(|m| Member {
                shape: Shape::optional(m.shape),
                ..m
            })
            .collect();
        members.push(Member {
            name: CLEARED.into(),
            shape: Shape::List(Box::new(Shape::String)),
            type_name: None,
        });
        if !info.events().is_empty() {
            let events = info
                .events()
                .iter()
                .map(|event| {
                    Ok(Member {
                        name: event.name().into(),
                        shape: Shape::List(Box::new(resolver.shape(event.ty())?)),
                        type_name: None,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            members.push(Member {
                name: EVENTS.into(),
                shape: Shape::Struct(events),
                type_name: None,
            });
        }
        let metadata = table_metadata(&name, id, "update");
        Ok(UpdateTable {
            table: ComponentTable::of_members(ty, format!("{name}.update"), members, metadata),
            fields: def
                .fields()
                .iter()
                .filter_map(|f| Some((f.number()?, f.name().into())))
                .collect(),
            events: info.events().iter().map(|e| (e.index(), e.ty())).collect(),
        })
    }

    /// The table: its name, Arrow schema and the layout its batchers and readers follow.
    pub fn table(&self) -> &ComponentTable {
        &self.table
    }

    /// The row of `update` (without its entity id), for
    /// [`ComponentBatcher::push_value`](crate::ComponentBatcher::push_value).
    pub fn to_value(&self, registry: &TypeRegistry, update: &ComponentUpdate) -> Result<Value> {
        let ty = self.table.ty;
        let failed = |e: rosetta_wire::Error| Error::Value(format!("`{}`: {e}", self.table.name));
        typed::check_update(registry, ty, update).map_err(failed)?;
        let mut row = Vec::with_capacity(self.fields.len() + 2);
        for (number, name) in &self.fields {
            row.push(Value::Option(if update.fields().has_field(*number) {
                let value =
                    typed::get_field(registry, ty, update.fields(), name).map_err(failed)?;
                Some(Box::new(value))
            } else {
                None
            }));
        }
        let cleared = update.cleared_fields().iter().map(|n| {
            let (_, name) = self.fields.iter().find(|(number, _)| number == n)?;
            Some(Value::string(name.as_ref()))
        });
        // `check_update` has refused a cleared field the component does not declare.
        row.push(Value::List(cleared.flatten().collect()));
        if !self.events.is_empty() {
            let mut events = Vec::with_capacity(self.events.len());
            for &(index, event_ty) in &self.events {
                let payloads = update.events().objects(index).map_err(failed)?;
                let payloads = payloads
                    .into_iter()
                    .map(|payload| typed::read(registry, event_ty, payload))
                    .collect::<std::result::Result<Vec<_>, _>>()
                    .map_err(failed)?;
                events.push(Value::List(payloads.into()));
            }
            row.push(Value::Struct(events.into()));
        }
        Ok(Value::Struct(row.into()))
    }

    /// The update that a row (read by [`component_rows`](crate::component_rows)) holds.
    pub fn to_update(&self, registry: &TypeRegistry, row: &Value) -> Result<ComponentUpdate> {
        let ty = self.table.ty;
        let wrong = |what: &str| Error::Value(format!("`{}`: {what}", self.table.name));
        let failed = |e: rosetta_wire::Error| Error::Value(format!("`{}`: {e}", self.table.name));
        let columns = row.as_struct().ok_or_else(|| wrong("a row is no struct"))?;
        let expected = self.fields.len() + 1 + usize::from(!self.events.is_empty());
        if columns.len() != expected {
            return Err(wrong(&format!("{} columns for {expected}", columns.len())));
        }
        let mut update = ComponentUpdate::new();
        for ((_, name), value) in self.fields.iter().zip(columns) {
            match value {
                Value::Option(None) => {}
                Value::Option(Some(value)) => {
                    typed::set_field(registry, ty, update.fields_mut(), name, value)
                        .map_err(failed)?;
                }
                _ => return Err(wrong(&format!("field `{name}` is no option"))),
            }
        }
        let Value::List(cleared) = &columns[self.fields.len()] else {
            return Err(wrong(&format!("`{CLEARED}` is no list")));
        };
        for name in cleared.iter() {
            let name = name.as_str().unwrap_or_default();
            let (number, _) = self
                .fields
                .iter()
                .find(|(_, n)| n.as_ref() == name)
                .ok_or_else(|| wrong(&format!("`{CLEARED}` names `{name}`, no field of it")))?;
            update.add_cleared_field(*number);
        }
        if let Some(events) = columns.get(self.fields.len() + 1) {
            let events = events
                .as_struct()
                .ok_or_else(|| wrong(&format!("`{EVENTS}` is no struct")))?;
            for (&(index, event_ty), payloads) in self.events.iter().zip(events.iter()) {
                let Value::List(payloads) = payloads else {
                    return Err(wrong(&format!("event {index} is no list")));
                };
                for payload in payloads.iter() {
                    let object = typed::write(registry, event_ty, payload).map_err(failed)?;
                    update.add_event(index).copy_from(&object);
                }
            }
        }
        Ok(update)
    }
}

/// The table of event `event` (by name) of component `id`: `entity_id`, then the fields of
/// the event's payload. Named `<component>.events.<event>`.
pub fn event_table(
    registry: &TypeRegistry,
    id: ComponentId,
    event: &str,
    options: ArrowOptions,
) -> Result<ComponentTable> {
    let (ty, name, _) = component(registry, id)?;
    let info = registry.get(ty).and_then(|t| t.component());
    let event = info
        .and_then(|info| info.event_by_name(event))
        .ok_or_else(|| Error::Unsupported(format!("`{name}` has no event `{event}`")))?;
    payload_table(
        registry,
        event.ty(),
        format!("{name}.events.{}", event.name()),
        table_metadata(&name, id, "event"),
        options,
    )
}

/// Which payload of a command a table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandPart {
    /// The request, sent to the entity.
    Request,
    /// The response, sent back.
    Response,
}

/// The table of command `command`'s (by name) requests or responses of component `id`:
/// `entity_id` (the entity the command is for), then the payload's fields. Named
/// `<component>.commands.<command>.request` (or `.response`).
pub fn command_table(
    registry: &TypeRegistry,
    id: ComponentId,
    command: &str,
    part: CommandPart,
    options: ArrowOptions,
) -> Result<ComponentTable> {
    let (ty, name, _) = component(registry, id)?;
    let info = registry.get(ty).and_then(|t| t.component());
    let command = info
        .and_then(|info| info.commands().iter().find(|c| c.name() == command))
        .ok_or_else(|| Error::Unsupported(format!("`{name}` has no command `{command}`")))?;
    let (payload, suffix) = match part {
        CommandPart::Request => (command.request(), "request"),
        CommandPart::Response => (command.response(), "response"),
    };
    payload_table(
        registry,
        payload,
        format!("{name}.commands.{}.{suffix}", command.name()),
        table_metadata(&name, id, suffix),
        options,
    )
}

/// A component's type, qualified name and fields.
fn component(registry: &TypeRegistry, id: ComponentId) -> Result<(TypeId, String, &StructType)> {
    let t = registry
        .component(id)
        .ok_or_else(|| Error::Unsupported(format!("the schema has no component {id}")))?;
    let name = t.qualified_name().unwrap_or_default().to_string();
    match t.kind() {
        Kind::Struct(def) => Ok((t.id(), name, def)),
        _ => Err(Error::Unsupported(format!(
            "component `{name}` is no struct type"
        ))),
    }
}

fn payload_table(
    registry: &TypeRegistry,
    ty: TypeId,
    name: String,
    metadata: HashMap<String, String>,
    options: ArrowOptions,
) -> Result<ComponentTable> {
    let Some(Kind::Struct(def)) = registry.get(ty).map(|t| t.kind()) else {
        return Err(Error::Unsupported(format!(
            "`{name}`: its payload `{}` is no struct type",
            registry.display(ty)
        )));
    };
    let members = Resolver::new(registry, options).members(ty, def)?;
    Ok(ComponentTable::of_members(ty, name, members, metadata))
}

/// A table's metadata: the component it belongs to and what of it the rows are.
fn table_metadata(component: &str, id: ComponentId, rows: &str) -> HashMap<String, String> {
    HashMap::from([
        (meta::COMPONENT.to_string(), component.to_string()),
        (meta::COMPONENT_ID.to_string(), id.to_string()),
        (meta::ROWS.to_string(), rows.to_string()),
    ])
}
