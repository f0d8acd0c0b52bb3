//! The roots of schema data, as in `c_schema.h`: generic data, component data, component
//! updates (fields, events and cleared fields), command requests and command responses.
//!
//! # Wire forms
//!
//! Component data, command requests and responses and generic data are each one [`Object`], and
//! their bytes are that object's: exactly what the SpatialOS SDK wrote (a snapshot's component
//! data is such an object).
//!
//! No public source shows how the SDK laid out a whole component update, so Rosetta defines its
//! own envelope, an object with:
//!
//! | field | content |
//! | --- | --- |
//! | 1 | the fields object (only fields that change) |
//! | 2 | the events object: field id = 1-based event index, one occurrence per event |
//! | 3 | the cleared field ids in ascending order, a packed `uint32` list (plain when there is one) |
//!
//! Fields 2 and 3 are left out when empty. It is Rosetta's own design: do not expect another
//! implementation to read it.

use crate::error::Result;
use crate::family::Uint32;
use crate::object::Object;

macro_rules! object_root {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $name {
            object: Object,
        }

        impl $name {
            /// An empty root.
            pub fn new() -> Self {
                Self::default()
            }

            /// The root's object.
            pub fn object(&self) -> &Object {
                &self.object
            }

            /// The root's object, to edit.
            pub fn object_mut(&mut self) -> &mut Object {
                &mut self.object
            }

            /// Takes the root's object.
            pub fn into_object(self) -> Object {
                self.object
            }

            /// The root's wire bytes: its object's.
            pub fn encode(&self) -> Vec<u8> {
                self.object.encode()
            }

            /// Reads a root from its wire bytes.
            pub fn decode(bytes: &[u8]) -> Result<Self> {
                Ok(Self { object: Object::decode(bytes)? })
            }
        }

        impl From<Object> for $name {
            fn from(object: Object) -> Self {
                Self { object }
            }
        }
    };
}

object_root!(
    /// A free-standing object (`Schema_GenericData`).
    GenericData
);
object_root!(
    /// A component's data at one point in time: all of its fields (`Schema_ComponentData`).
    ComponentData
);
object_root!(
    /// The payload of a command request (`Schema_CommandRequest`). The component id and the
    /// command index travel outside it, as in the SDK since 14.0.
    CommandRequest
);
object_root!(
    /// The payload of a command response (`Schema_CommandResponse`).
    CommandResponse
);

impl ComponentData {
    /// The component's fields (`Schema_GetComponentDataFields`).
    pub fn fields(&self) -> &Object {
        &self.object
    }

    /// The component's fields, to edit.
    pub fn fields_mut(&mut self) -> &mut Object {
        &mut self.object
    }
}

/// A change to a component (`Schema_ComponentUpdate`): the fields that change, the events that
/// happened, and the option, list and map fields that became empty.
///
/// The cleared fields are a set, kept in ascending id order whatever order they were added in:
/// the order carries no meaning (an update clears all of them before it sets its fields), and
/// every format writes them in one order of its own (the wire envelope ascending, the JSON forms
/// in the order of the fields), so an update reads back the same through any of them.
#[derive(Debug, Clone, Default)]
pub struct ComponentUpdate {
    pub(crate) fields: Object,
    pub(crate) events: Object,
    /// Ascending, without repeats.
    pub(crate) cleared: Vec<u32>,
}

impl ComponentUpdate {
    /// An empty update.
    pub fn new() -> Self {
        Self::default()
    }

    /// The fields that change (`Schema_GetComponentUpdateFields`).
    pub fn fields(&self) -> &Object {
        &self.fields
    }

    /// The fields that change, to edit.
    pub fn fields_mut(&mut self) -> &mut Object {
        &mut self.fields
    }

    /// The events: field id = 1-based event index (`Schema_GetComponentUpdateEvents`).
    pub fn events(&self) -> &Object {
        &self.events
    }

    /// The events, to edit.
    pub fn events_mut(&mut self) -> &mut Object {
        &mut self.events
    }

    /// Adds one occurrence of the event with this 1-based index and returns its payload.
    pub fn add_event(&mut self, event_index: u32) -> &mut Object {
        self.events.add_object(event_index)
    }

    /// The cleared field ids, in ascending order (`Schema_GetComponentUpdateClearedFieldList`;
    /// the SDK does not say in which order it listed them).
    pub fn cleared_fields(&self) -> &[u32] {
        &self.cleared
    }

    /// Marks a field as cleared (`Schema_AddComponentUpdateClearedField`); adding it twice is
    /// the same as once.
    pub fn add_cleared_field(&mut self, id: u32) {
        if let Err(at) = self.cleared.binary_search(&id) {
            self.cleared.insert(at, id);
        }
    }

    /// Whether a field is cleared (`Schema_IsComponentUpdateFieldCleared`).
    pub fn is_field_cleared(&self, id: u32) -> bool {
        self.cleared.binary_search(&id).is_ok()
    }

    /// Forgets every cleared field (`Schema_ClearComponentUpdateClearedFields`).
    pub fn clear_cleared_fields(&mut self) {
        self.cleared.clear();
    }

    /// Whether the update changes nothing and carries no event.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.events.is_empty() && self.cleared.is_empty()
    }

    /// The update in Rosetta's envelope (see the module docs).
    pub fn encode(&self) -> Vec<u8> {
        let mut envelope = Object::new();
        *envelope.add_object(1) = self.fields.clone();
        if !self.events.is_empty() {
            *envelope.add_object(2) = self.events.clone();
        }
        envelope.add_list::<Uint32>(3, &self.cleared);
        envelope.encode()
    }

    /// Reads an update from Rosetta's envelope.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let envelope = Object::decode(bytes)?;
        let mut update = ComponentUpdate::new();
        for fields in envelope.objects(1)? {
            update.fields.copy_from(fields);
        }
        for events in envelope.objects(2)? {
            update.events.copy_from(events);
        }
        for id in envelope.list::<Uint32>(3) {
            update.add_cleared_field(id);
        }
        Ok(update)
    }
}

/// Updates compare by their fields, events (in order per event index) and the set of cleared
/// field ids.
impl PartialEq for ComponentUpdate {
    fn eq(&self, other: &Self) -> bool {
        self.fields == other.fields && self.events == other.events && self.cleared == other.cleared
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Double;

    #[test]
    fn update_envelope_round_trips() {
        let mut update = ComponentUpdate::new();
        update.fields_mut().add::<Double>(1, 2.5);
        update.add_event(2).add::<Double>(1, 1.0);
        update.add_event(2).add::<Double>(1, 2.0);
        update.add_cleared_field(7);
        update.add_cleared_field(4);
        update.add_cleared_field(4);
        update.add_cleared_field(6);
        update.add_cleared_field(5);
        // A set, in ascending order whatever the order of adding.
        assert_eq!(update.cleared_fields(), [4, 5, 6, 7]);
        let back = ComponentUpdate::decode(&update.encode()).unwrap();
        assert_eq!(back, update);
        assert_eq!(back.cleared_fields(), [4, 5, 6, 7]);
        // An envelope written in another order reads the same.
        let mut envelope = Object::new();
        envelope.add_object(1);
        envelope.add_list::<Uint32>(3, &[6, 4, 5, 7]);
        assert_eq!(
            ComponentUpdate::decode(&envelope.encode())
                .unwrap()
                .cleared_fields(),
            [4, 5, 6, 7]
        );
        assert_eq!(back.events().object_count(2), 2);
        let copy = back.clone();
        assert!(copy.is_field_cleared(7));
    }

    #[test]
    fn data_bytes_are_the_object() {
        let mut data = ComponentData::new();
        data.fields_mut().add_string(1, "TestEntity");
        assert_eq!(data.encode(), b"\x0a\x0aTestEntity");
        assert_eq!(ComponentData::decode(&data.encode()).unwrap(), data);
    }
}
