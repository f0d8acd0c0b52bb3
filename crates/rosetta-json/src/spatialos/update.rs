//! Component updates in JSON: the changed fields as in component data, at the top level (so
//! `{"coords": {...}}` is an update of `improbable.Position`, as the SDK's
//! `Schema_Json_LoadComponentUpdate` read it), cleared fields and events beside them. See the
//! [module docs](super) for the representation.

use rosetta_types::{Arity, ComponentInfo, StructType, TypeId, TypeRegistry};
use rosetta_wire::{ComponentUpdate, Object};
use serde_json::Value;

use super::de::{json_kind, Loader};
use super::elem::struct_def;
use super::options::{DumpOptions, MemberOrder};
use super::ser::{field_number, Dumper};
use super::sink::{Sink, TextSink, ValueSink};
use crate::error::{Error, Result};

/// The member that holds the events: `{"event name": [payload, ...]}`.
pub const EVENTS_MEMBER: &str = "__events";
/// The member that holds cleared fields that cannot be written as `[]`: `["field name", ...]`.
pub const CLEARED_MEMBER: &str = "__cleared";

/// A component's fields and component info; the reserved members must not be field names.
fn component(registry: &TypeRegistry, ty: TypeId) -> Result<(&StructType, &ComponentInfo)> {
    let def = struct_def(registry, ty)?;
    let info = registry
        .get(ty)
        .and_then(|t| t.component())
        .ok_or_else(|| Error::schema(format!("`{}` is not a component", registry.display(ty))))?;
    for reserved in [EVENTS_MEMBER, CLEARED_MEMBER] {
        if def.field(reserved).is_some() {
            return Err(Error::schema(format!(
                "`{}` has a field named `{reserved}`, which update JSON reserves",
                registry.display(ty)
            )));
        }
    }
    Ok((def, info))
}

impl<'r, S: Sink> Dumper<'r, '_, S> {
    /// A component update.
    pub(crate) fn update(&mut self, ty: TypeId, update: &ComponentUpdate) -> Result<()> {
        let (def, info) = component(self.registry, ty)?;
        let fields = update.fields();
        self.check_unknown(ty, def, fields)?;
        if let Some(id) = update
            .cleared_fields()
            .iter()
            .find(|id| def.field_by_number(**id).is_none())
        {
            return Err(self.path.error(format!(
                "the update clears field {id}, which `{}` does not declare",
                self.registry.display(ty)
            )));
        }
        // A cleared option, list or map is written as `[]`; one that is also set, or a cleared
        // singular field, is listed by name. Both in the order of the members, so that the
        // text does not depend on the order the fields were cleared in (it carries no meaning).
        let mut explicit = Vec::new();
        self.sink.begin_object();
        for field in self.order(def) {
            let id = field_number(field)?;
            let cleared = update.is_field_cleared(id);
            if fields.has_field(id) {
                self.sink.key(field.name());
                self.path.push_name(field.name());
                self.field(field, fields, 1)?;
                self.path.pop();
            } else if cleared && field.arity() != Arity::Singular {
                self.sink.key(field.name());
                self.sink.begin_array();
                self.sink.end_array();
                continue;
            }
            if cleared {
                explicit.push(field.name());
            }
        }
        if !explicit.is_empty() {
            self.sink.key(CLEARED_MEMBER);
            self.sink.begin_array();
            for name in explicit {
                self.sink.string(name);
            }
            self.sink.end_array();
        }
        if !update.events().is_empty() {
            self.path.push_name(EVENTS_MEMBER);
            self.events(info, update.events())?;
            self.path.pop();
        }
        self.sink.end_object();
        Ok(())
    }

    fn events(&mut self, info: &'r ComponentInfo, events: &Object) -> Result<()> {
        if let Some(index) = events
            .unique_field_ids()
            .into_iter()
            .find(|i| info.event(*i).is_none())
        {
            return Err(self.path.error(format!(
                "the update has event {index}, which the component does not declare"
            )));
        }
        let mut order: Vec<_> = info.events().iter().collect();
        if self.options.member_order == MemberOrder::Alphabetical {
            order.sort_by(|a, b| a.name().cmp(b.name()));
        }
        self.sink.key(EVENTS_MEMBER);
        self.sink.begin_object();
        for event in order {
            let payloads = events
                .objects(event.index())
                .map_err(|e| Error::wire(self.path.child(event.name()), &e))?;
            if payloads.is_empty() {
                continue;
            }
            let def = struct_def(self.registry, event.ty())?;
            self.sink.key(event.name());
            self.path.push_name(event.name());
            self.sink.begin_array();
            for (i, payload) in payloads.into_iter().enumerate() {
                self.path.push_index(i);
                self.structure(event.ty(), def, payload, 1)?;
                self.path.pop();
            }
            self.sink.end_array();
            self.path.pop();
        }
        self.sink.end_object();
        Ok(())
    }
}

impl<'r> Loader<'r> {
    /// A component update.
    pub(crate) fn update(&mut self, ty: TypeId, json: &Value) -> Result<ComponentUpdate> {
        let (def, info) = component(self.registry, ty)?;
        let members = self.members(ty, json)?;
        self.check_members(ty, def, members, &[EVENTS_MEMBER, CLEARED_MEMBER])?;
        let mut update = ComponentUpdate::new();
        for field in def.fields() {
            let Some(value) = members.get(field.name()) else {
                continue;
            };
            let id = field_number(field)?;
            let empty = value.as_array().is_some_and(Vec::is_empty);
            if empty && field.arity() != Arity::Singular {
                update.add_cleared_field(id);
                continue;
            }
            self.path.push_name(field.name());
            self.field(field, value, update.fields_mut(), 1)?;
            self.path.pop();
        }
        if let Some(cleared) = members.get(CLEARED_MEMBER) {
            self.path.push_name(CLEARED_MEMBER);
            self.cleared(ty, def, cleared, &mut update)?;
            self.path.pop();
        }
        if let Some(events) = members.get(EVENTS_MEMBER) {
            self.path.push_name(EVENTS_MEMBER);
            self.events(info, events, &mut update)?;
            self.path.pop();
        }
        Ok(update)
    }

    fn cleared(
        &mut self,
        ty: TypeId,
        def: &StructType,
        json: &Value,
        update: &mut ComponentUpdate,
    ) -> Result<()> {
        let names = json.as_array().ok_or_else(|| {
            self.path.error(format!(
                "expected an array of field names, found {}",
                json_kind(json)
            ))
        })?;
        for (i, name) in names.iter().enumerate() {
            self.path.push_index(i);
            let field = name.as_str().ok_or_else(|| {
                self.path
                    .error(format!("expected a field name, found {}", json_kind(name)))
            })?;
            let field = def.field(field).ok_or_else(|| {
                self.path.error(format!(
                    "`{}` has no field `{field}`",
                    self.registry.display(ty)
                ))
            })?;
            update.add_cleared_field(field_number(field)?);
            self.path.pop();
        }
        Ok(())
    }

    fn events(
        &mut self,
        info: &'r ComponentInfo,
        json: &Value,
        update: &mut ComponentUpdate,
    ) -> Result<()> {
        let members = json.as_object().ok_or_else(|| {
            self.path.error(format!(
                "expected an object of events by name, found {}",
                json_kind(json)
            ))
        })?;
        for (name, payloads) in members {
            let event = info.event_by_name(name).ok_or_else(|| {
                Error::at(
                    self.path.child(name),
                    format!("the component has no event `{name}`"),
                )
            })?;
            let (index, ty) = (event.index(), event.ty());
            let def = struct_def(self.registry, ty)?;
            self.path.push_name(event.name());
            let payloads = payloads.as_array().ok_or_else(|| {
                self.path.error(format!(
                    "expected an array of event payloads, found {}",
                    json_kind(payloads)
                ))
            })?;
            for (i, payload) in payloads.iter().enumerate() {
                self.path.push_index(i);
                self.structure(ty, def, payload, update.add_event(index), 1)?;
                self.path.pop();
            }
            self.path.pop();
        }
        Ok(())
    }
}

/// A component update as JSON (`Schema_Json_DumpComponentUpdate`), in the form described in the
/// [module docs](super#component-updates).
pub fn dump_update(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
) -> Result<Value> {
    dump_update_with(registry, component, update, &DumpOptions::default())
}

/// [`dump_update`] with options.
pub fn dump_update_with(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
    options: &DumpOptions,
) -> Result<Value> {
    let mut sink = ValueSink::default();
    Dumper::new(registry, &mut sink, *options).update(component, update)?;
    Ok(sink.finish())
}

/// A component update as JSON text, written straight from the update.
pub fn update_to_string(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
    options: &DumpOptions,
) -> Result<String> {
    let mut sink = TextSink::new(options.pretty);
    Dumper::new(registry, &mut sink, *options).update(component, update)?;
    Ok(sink.finish())
}

/// A component update from JSON (`Schema_Json_LoadComponentUpdate`): `{}` is the empty update.
pub fn load_update(
    registry: &TypeRegistry,
    component: TypeId,
    json: &Value,
) -> Result<ComponentUpdate> {
    Loader::new(registry).update(component, json)
}
