//! What makes a type a component: its component id, events and commands.

use crate::error::{ErrorKind, Result};
use crate::id::{ComponentId, TypeId};
use crate::meta::Meta;

/// An event of a component: name, 1-based index among the component's events, payload type.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    name: Box<str>,
    index: u32,
    ty: TypeId,
    meta: Meta,
}

impl Event {
    /// An event.
    pub fn new(name: impl Into<Box<str>>, index: u32, ty: TypeId) -> Self {
        Event {
            name: name.into(),
            index,
            ty,
            meta: Meta::default(),
        }
    }

    /// With metadata.
    pub fn with_meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The 1-based index (the field id of the event in an update's events object).
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The payload type.
    pub fn ty(&self) -> TypeId {
        self.ty
    }

    /// The metadata.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }
}

/// A command of a component: name, 1-based index among the component's commands, request and
/// response types (`command Response name(Request);`).
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    name: Box<str>,
    index: u32,
    request: TypeId,
    response: TypeId,
    meta: Meta,
}

impl Command {
    /// A command.
    pub fn new(name: impl Into<Box<str>>, index: u32, request: TypeId, response: TypeId) -> Self {
        Command {
            name: name.into(),
            index,
            request,
            response,
            meta: Meta::default(),
        }
    }

    /// With metadata.
    pub fn with_meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The 1-based index.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The request type.
    pub fn request(&self) -> TypeId {
        self.request
    }

    /// The response type.
    pub fn response(&self) -> TypeId {
        self.response
    }

    /// The metadata.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }
}

/// Marks a type as a component: its id, events and commands. The type's kind describes the
/// component's data (for a SpatialOS component, a struct of its fields; for `data T;`, a struct
/// with `T`'s fields, and [`ComponentInfo::data_definition`] naming `T`).
///
/// ```
/// use rosetta_types::{Command, ComponentInfo, Event, TypeId};
/// # let (hit, req, resp) = (TypeId::INT32, TypeId::STRING, TypeId::BOOL);
/// let info = ComponentInfo::new(1000)
///     .with_event(Event::new("hit", 1, hit))
///     .with_command(Command::new("respawn", 1, req, resp));
/// assert_eq!(info.id(), 1000);
/// assert_eq!(info.event(1).map(|e| e.name()), Some("hit"));
/// assert_eq!(info.command_by_name("respawn").map(|c| c.response()), Some(resp));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ComponentInfo {
    id: ComponentId,
    events: Vec<Event>,
    commands: Vec<Command>,
    data_definition: Option<TypeId>,
}

impl ComponentInfo {
    /// A component with id `id`, no events and no commands.
    pub fn new(id: ComponentId) -> Self {
        ComponentInfo {
            id,
            events: Vec::new(),
            commands: Vec::new(),
            data_definition: None,
        }
    }

    /// With one more event.
    pub fn with_event(mut self, event: Event) -> Self {
        self.events.push(event);
        self
    }

    /// With one more command.
    pub fn with_command(mut self, command: Command) -> Self {
        self.commands.push(command);
        self
    }

    /// With the type named by `data T;`.
    pub fn with_data_definition(mut self, ty: TypeId) -> Self {
        self.data_definition = Some(ty);
        self
    }

    /// The component id.
    pub fn id(&self) -> ComponentId {
        self.id
    }

    /// The events in declaration order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The commands in declaration order.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The type named by `data T;`, if the component was declared that way.
    pub fn data_definition(&self) -> Option<TypeId> {
        self.data_definition
    }

    /// The event with 1-based index `index` (O(1) when indices follow declaration order).
    pub fn event(&self, index: u32) -> Option<&Event> {
        by_index(&self.events, index, Event::index)
    }

    /// The event named `name`.
    pub fn event_by_name(&self, name: &str) -> Option<&Event> {
        self.events.iter().find(|e| e.name() == name)
    }

    /// The command with 1-based index `index` (O(1) when indices follow declaration order).
    pub fn command(&self, index: u32) -> Option<&Command> {
        by_index(&self.commands, index, Command::index)
    }

    /// The command named `name`.
    pub fn command_by_name(&self, name: &str) -> Option<&Command> {
        self.commands.iter().find(|c| c.name() == name)
    }

    /// Every type the component refers to.
    pub(crate) fn referenced_types(&self) -> impl Iterator<Item = TypeId> + '_ {
        let events = self.events.iter().map(Event::ty);
        let commands = self
            .commands
            .iter()
            .flat_map(|c| [c.request(), c.response()]);
        events.chain(commands).chain(self.data_definition)
    }

    /// Errors on a repeated event or command name or index.
    pub(crate) fn check(&self) -> Result<()> {
        // An event's index is its payloads' field id in an update's events.
        for event in &self.events {
            crate::struct_type::check_number("event index", event.index())?;
        }
        check_unique(&self.events, "event", |e| (e.name(), e.index()))?;
        check_unique(&self.commands, "command", |c| (c.name(), c.index()))
    }
}

fn by_index<T>(items: &[T], index: u32, get: impl Fn(&T) -> u32) -> Option<&T> {
    let guess = (index as usize).checked_sub(1).and_then(|i| items.get(i));
    match guess {
        Some(item) if get(item) == index => Some(item),
        _ => items.iter().find(|item| get(item) == index),
    }
}

fn check_unique<T>(items: &[T], what: &'static str, key: impl Fn(&T) -> (&str, u32)) -> Result<()> {
    for (i, item) in items.iter().enumerate() {
        let (name, index) = key(item);
        for earlier in &items[..i] {
            let (earlier_name, earlier_index) = key(earlier);
            if earlier_name == name {
                return Err(ErrorKind::Duplicate {
                    what,
                    name: name.into(),
                }
                .into());
            }
            if earlier_index == index {
                let what = if what == "event" {
                    "event index"
                } else {
                    "command index"
                };
                return Err(ErrorKind::Duplicate {
                    what,
                    name: index.to_string().into(),
                }
                .into());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_by_index_tolerate_gaps() {
        let info = ComponentInfo::new(7)
            .with_event(Event::new("a", 2, TypeId::BOOL))
            .with_event(Event::new("b", 1, TypeId::BOOL));
        assert_eq!(info.event(1).map(Event::name), Some("b"));
        assert_eq!(info.event(2).map(Event::name), Some("a"));
        assert!(info.event(0).is_none() && info.event(3).is_none());
        assert!(info.check().is_ok());
        assert_eq!(info.referenced_types().count(), 2);
    }

    #[test]
    fn duplicates() {
        let info = ComponentInfo::new(7)
            .with_command(Command::new("a", 1, TypeId::BOOL, TypeId::BOOL))
            .with_command(Command::new("b", 1, TypeId::BOOL, TypeId::BOOL));
        assert_eq!(
            info.check().unwrap_err().to_string(),
            "duplicate command index `1`"
        );
        let info = ComponentInfo::new(7)
            .with_event(Event::new("a", 1, TypeId::BOOL))
            .with_event(Event::new("a", 2, TypeId::BOOL));
        assert_eq!(info.check().unwrap_err().to_string(), "duplicate event `a`");
    }

    #[test]
    fn event_indices_are_field_ids() {
        for index in [0, crate::MAX_FIELD_NUMBER + 1] {
            let info = ComponentInfo::new(7).with_event(Event::new("a", index, TypeId::BOOL));
            assert_eq!(
                info.check().unwrap_err().to_string(),
                format!("invalid event index {index}: it goes from 1 to 536870911")
            );
        }
        let last = Event::new("a", crate::MAX_FIELD_NUMBER, TypeId::BOOL);
        assert!(ComponentInfo::new(7).with_event(last).check().is_ok());
    }
}
