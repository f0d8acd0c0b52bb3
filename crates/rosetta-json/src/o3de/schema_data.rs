//! Schema data in O3DE-style JSON: objects (component data, command requests and responses,
//! any type's object) and component updates, through the shared type model.
//!
//! An update is an object of the fields it sets (a field set to its default is written as the
//! explicit default `{}`, so it is not lost), plus two reserved members:
//!
//! ```json
//! {
//!     "level": 3,
//!     "name": {},
//!     "$cleared": ["titles"],
//!     "$events": { "levelled_up": [ { "new_level": 3 } ] }
//! }
//! ```

use rosetta_types::{default_value, Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::{typed, ComponentUpdate, Object};

use crate::error::{Error, Result};
use crate::o3de::load::value::{failed, Load};
use crate::o3de::load::value::{finish, loader};
use crate::o3de::options::{LoadOptions, StoreOptions};
use crate::o3de::report::context::{Halt, Seen, Step};
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, ResultCode, Task};
use crate::o3de::store::plan::Plans;
use crate::o3de::store::value::Store;
use crate::o3de::store::Stored;
use crate::text::reader::Peek;

/// The update member listing cleared fields by name.
pub const CLEARED_MEMBER: &str = "$cleared";
/// The update member holding events: event name to an array of payloads.
pub const EVENTS_MEMBER: &str = "$events";

fn wire(e: rosetta_wire::Error) -> Error {
    Error::wire(String::new(), &e)
}

/// Writes schema data `object` of type (or component) `ty` as JSON.
pub fn store_object(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    options: &StoreOptions,
    reporter: &mut dyn Reporter,
) -> Result<Stored> {
    // Objects past MAX_NESTING are read so that the store refuses them, at their JSON Pointer.
    let value = typed::read_past_limit(registry, ty, object).map_err(wire)?;
    crate::o3de::store::store(registry, ty, &value, options, reporter)
}

/// Reads schema data of type (or component) `ty` from JSON.
pub fn load_object(
    registry: &TypeRegistry,
    ty: TypeId,
    text: &str,
    options: &LoadOptions,
    reporter: &mut dyn Reporter,
) -> Result<(Object, ResultCode)> {
    let loaded = crate::o3de::load::load(registry, ty, text, options, reporter)?;
    let object = typed::write(registry, ty, &loaded.value).map_err(wire)?;
    Ok((object, loaded.result))
}

fn component_parts(
    registry: &TypeRegistry,
    component: TypeId,
) -> Result<(&rosetta_types::StructType, &rosetta_types::ComponentInfo)> {
    let t = registry
        .get(component)
        .ok_or_else(|| Error::schema(format!("no type with id {}", component.as_u32())))?;
    match (t.kind(), t.component()) {
        (Kind::Struct(s), Some(info)) => Ok((s, info)),
        _ => Err(Error::schema(format!(
            "`{}` is not a component",
            registry.display(component)
        ))),
    }
}

/// Writes a component update as JSON.
pub fn store_update(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
    options: &StoreOptions,
    reporter: &mut dyn Reporter,
) -> Result<Stored> {
    let (def, info) = component_parts(registry, component)?;
    // What the component does not declare is an error, as in `typed::read` and the SDK's form.
    typed::check_update(registry, component, update).map_err(wire)?;
    // Every value is read before the store starts, which borrows them for its paths.
    let mut cleared = Vec::new();
    let mut values = Vec::new();
    for field in def.fields() {
        let Some(n) = field.number() else { continue };
        if update.is_field_cleared(n) {
            cleared.push(field.name());
        }
        if update.fields().has_field(n) {
            let value =
                typed::get_field_past_limit(registry, component, update.fields(), field.name())
                    .map_err(wire)?;
            values.push((field, value));
        }
    }
    let mut events = Vec::new();
    for event in info.events() {
        let objects = update.events().objects(event.index()).map_err(wire)?;
        if !objects.is_empty() {
            let read = objects
                .iter()
                .map(|object| typed::read_past_limit(registry, event.ty(), object).map_err(wire))
                .collect::<Result<Vec<_>>>()?;
            events.push((event, read));
        }
    }
    let plans = Plans::of(registry);
    let mut s = Store::new(registry, &plans, options, reporter);
    let mut frame = s.w.begin_object();
    let mut result = ResultCode::new(Task::WriteValue, Outcome::Success);
    let halt = |h: Halt| match h {
        Halt::Error(e) => e,
        Halt::Code(code) => Error::at(String::new(), format!("storing halted: {code}")),
    };
    // The fields are in the update's object, level 1; an event's payload is a root of its own.
    s.ctx.enter_object().map_err(halt)?;
    for (field, value) in &values {
        let fresh = s.fresh();
        s.w.key(&mut frame, field.name());
        let code = s.element_under(field.name(), field.ty(), value, fresh);
        result.absorb(code.map_err(halt)?);
    }
    s.ctx.leave_object();
    if !cleared.is_empty() {
        s.w.key(&mut frame, CLEARED_MEMBER);
        let mut a = s.w.begin_array();
        for name in cleared {
            s.w.element(&mut a);
            s.w.string(name);
        }
        s.w.end_array(a);
    }
    let mut events_frame = None;
    for (event, read) in &events {
        let events = events_frame.get_or_insert_with(|| {
            s.w.key(&mut frame, EVENTS_MEMBER);
            s.w.begin_object()
        });
        s.w.key(events, event.name());
        let mut a = s.w.begin_array();
        let fresh = s.fresh();
        for (i, value) in read.iter().enumerate() {
            s.w.element(&mut a);
            // At `/$events/NAME/i`, where a load finds it.
            let len = s.ctx.enter_key(EVENTS_MEMBER).map_err(halt)?;
            s.ctx.enter_key(event.name()).map_err(halt)?;
            s.ctx.enter_index(i).map_err(halt)?;
            let code = s.element(event.ty(), value, fresh);
            s.ctx.leave(len);
            result.absorb(code.map_err(halt)?);
        }
        s.w.end_array(a);
    }
    if let Some(events) = events_frame {
        s.w.end_object(events);
    }
    s.w.end_object(frame);
    Ok(Stored {
        json: s.w.into_string(),
        result,
    })
}

/// Reads a component update from JSON (the form [`store_update`] writes).
pub fn load_update(
    registry: &TypeRegistry,
    component: TypeId,
    text: &str,
    options: &LoadOptions,
    reporter: &mut dyn Reporter,
) -> Result<(ComponentUpdate, ResultCode)> {
    let (def, info) = component_parts(registry, component)?;
    let mut l = loader(registry, text, options, reporter);
    let mut update = ComponentUpdate::new();
    let code = update_members(&mut l, component, def, info, &mut update);
    let code = finish(&mut l, code)?;
    Ok((update, code))
}

fn update_members(
    l: &mut Load<'_, '_, '_>,
    component: TypeId,
    def: &rosetta_types::StructType,
    info: &rosetta_types::ComponentInfo,
    update: &mut ComponentUpdate,
) -> Step {
    if l.r.peek()? != Peek::Object {
        return l.wrong_kind("an object");
    }
    l.r.begin_object()?;
    let mut first = true;
    let mut result = l.ctx.code(Outcome::Success);
    // The fields by index, then the two reserved members.
    let mut seen = Seen::default();
    while let Some(key) = l.r.next_key(&mut first)? {
        let len = l.ctx.enter_read_key(&key)?;
        let slot = match &*key {
            CLEARED_MEMBER => Some(def.len()),
            EVENTS_MEMBER => Some(def.len() + 1),
            name => find_field_index(def, name),
        };
        if slot.is_some_and(|i| seen.insert(i)) {
            let code = l.ctx.second_member();
            if code.is_err() {
                l.ctx.leave(len);
            }
            result.absorb(code?);
        }
        let code = if key == CLEARED_MEMBER {
            cleared(l, def, update)
        } else if key == EVENTS_MEMBER {
            events(l, info, update)
        } else {
            field(l, component, def, &key, update)
        };
        l.ctx.leave(len);
        result.absorb(code?);
    }
    Ok(result)
}

fn find_field<'s>(
    def: &'s rosetta_types::StructType,
    name: &str,
) -> Option<&'s rosetta_types::Field> {
    find_field_index(def, name).and_then(|i| def.fields().get(i))
}

/// The field of a member name, matched as the engine matches them: exactly, else in any case.
fn find_field_index(def: &rosetta_types::StructType, name: &str) -> Option<usize> {
    def.index_of(name).or_else(|| {
        def.fields()
            .iter()
            .position(|f| f.name().eq_ignore_ascii_case(name))
    })
}

fn field(
    l: &mut Load<'_, '_, '_>,
    component: TypeId,
    def: &rosetta_types::StructType,
    key: &str,
    update: &mut ComponentUpdate,
) -> Step {
    let Some(field) = find_field(def, key) else {
        l.r.skip_value()?;
        let message = format!("`{}` has no field `{key}`", l.reg.display(component));
        return l.ctx.report(Outcome::Skipped, false, || message);
    };
    let mut value = default_value(l.reg, field.ty()).map_err(|e| l.ctx.error(e.to_string()))?;
    // In the update's object, level 1 (an event's payload is a root of its own).
    l.ctx.enter_object()?;
    let code = l.root(field.ty(), &mut value);
    l.ctx.leave_object();
    let code = code?;
    if failed(code) {
        return Ok(code);
    }
    // On the wire an update cannot set a list, map or option to empty: it clears the field
    // (as the SDK's JSON form reads `[]` too).
    let empty = match &value {
        Value::List(items) => items.is_empty(),
        Value::Map(entries) => entries.is_empty(),
        Value::Option(inner) => inner.is_none(),
        _ => false,
    };
    match field.number() {
        Some(n) if empty => update.add_cleared_field(n),
        _ => typed::set_field(l.reg, component, update.fields_mut(), field.name(), &value)
            .map_err(|e| l.ctx.error(e.to_string()))?,
    }
    Ok(code)
}

fn cleared(
    l: &mut Load<'_, '_, '_>,
    def: &rosetta_types::StructType,
    update: &mut ComponentUpdate,
) -> Step {
    if l.r.peek()? != Peek::Array {
        return l.wrong_kind("an array of field names");
    }
    l.r.begin_array()?;
    let mut first = true;
    let mut result = l.ctx.code(Outcome::Success);
    let mut i = 0;
    while l.r.next_element(&mut first)? {
        let len = l.ctx.enter_index(i)?;
        i += 1;
        let code = if l.r.peek()? == Peek::String {
            let name = l.r.string()?;
            match find_field(def, &name).and_then(|f| f.number()) {
                Some(n) => {
                    update.add_cleared_field(n);
                    Ok(l.ctx.code(Outcome::Success))
                }
                None => l.ctx.report(Outcome::Skipped, false, || {
                    format!("no field `{name}` to clear")
                }),
            }
        } else {
            l.wrong_kind("a field name")
        };
        l.ctx.leave(len);
        result.absorb(code?);
    }
    Ok(result)
}

fn events(
    l: &mut Load<'_, '_, '_>,
    info: &rosetta_types::ComponentInfo,
    update: &mut ComponentUpdate,
) -> Step {
    if l.r.peek()? != Peek::Object {
        return l.wrong_kind("an object of event names");
    }
    l.r.begin_object()?;
    let mut first = true;
    let mut result = l.ctx.code(Outcome::Success);
    let mut seen = Seen::default();
    while let Some(name) = l.r.next_key(&mut first)? {
        let len = l.ctx.enter_read_key(&name)?;
        let event = info.event_by_name(&name).or_else(|| {
            info.events()
                .iter()
                .find(|e| e.name().eq_ignore_ascii_case(&name))
        });
        // Payloads of one event under two members are all added, in order.
        if event.is_some_and(|e| seen.insert(e.index() as usize)) {
            let code = l.ctx.second_member();
            if code.is_err() {
                l.ctx.leave(len);
            }
            result.absorb(code?);
        }
        let code = match event {
            None => l.skip(|| format!("no event `{name}`")),
            Some(event) if l.r.peek()? == Peek::Array => event_payloads(l, event, update),
            Some(_) => l.wrong_kind("an array of event payloads"),
        };
        l.ctx.leave(len);
        result.absorb(code?);
    }
    Ok(result)
}

fn event_payloads(
    l: &mut Load<'_, '_, '_>,
    event: &rosetta_types::Event,
    update: &mut ComponentUpdate,
) -> Step {
    let fresh = default_value(l.reg, event.ty()).map_err(|e| l.ctx.error(e.to_string()))?;
    l.r.begin_array()?;
    let mut first = true;
    let mut result = l.ctx.code(Outcome::Success);
    let mut i = 0;
    while l.r.next_element(&mut first)? {
        let len = l.ctx.enter_index(i)?;
        i += 1;
        let mut value = fresh.clone();
        let code = l.value(event.ty(), &mut value).and_then(|code| {
            if !failed(code) {
                let object = typed::write(l.reg, event.ty(), &value)
                    .map_err(|e| l.ctx.error(e.to_string()))?;
                *update.add_event(event.index()) = object;
            }
            Ok(code)
        });
        l.ctx.leave(len);
        result.absorb(code?);
    }
    Ok(result)
}
