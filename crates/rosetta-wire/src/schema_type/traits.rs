//! The traits generated types implement (see the module docs of [`schema_type`](super)).

use bytes::Bytes;

use crate::encoding::WireType;
use crate::error::Result;
use crate::object::Object;
use crate::roots::{CommandRequest, CommandResponse, ComponentData, ComponentUpdate};
use std::collections::BTreeSet;
use std::fmt::Debug;

use super::input::Input;

/// A generated schema type or component: a struct with one Rust field per schema field.
pub trait SchemaType: Sized + Default + Clone + PartialEq + Debug {
    /// The qualified name in the schema (`improbable.Coordinates`).
    const NAME: &'static str;

    /// Appends the fields' wire bytes (the object's body, with no length prefix), in the order
    /// the schema declares them.
    fn write_fields(&self, out: &mut Vec<u8>);

    /// Reads one occurrence of field `id`, whose tag had wire type `wire`; fields the schema
    /// does not declare are skipped.
    fn merge_field(&mut self, id: u32, wire: WireType, input: &mut Input<'_>) -> Result<()>;

    /// Reads every field up to the end of the object `input` is in.
    #[inline(always)]
    fn merge_from(&mut self, input: &mut Input<'_>) -> Result<()> {
        while !input.at_end() {
            let (id, wire) = input.tag()?;
            self.merge_field(id, wire, input)?;
        }
        Ok(())
    }

    /// Appends the wire bytes (`Schema_SerializeToBuffer`).
    #[inline]
    fn encode_to(&self, out: &mut Vec<u8>) {
        self.write_fields(out);
    }

    /// The wire bytes.
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64);
        self.write_fields(&mut out);
        out
    }

    /// Reads a value from wire bytes; absent fields keep their defaults, as `Schema_Get*`
    /// reads them. Objects nested past [`MAX_NESTING`](rosetta_types::MAX_NESTING) are refused.
    fn decode(bytes: &[u8]) -> Result<Self> {
        let mut value = Self::default();
        value.merge_from(&mut Input::new(bytes))?;
        Ok(value)
    }

    /// [`decode`](SchemaType::decode) from a shared buffer: `Bytes` fields (rosetta-build's
    /// `BytesType::Bytes`) are slices of `bytes`, not copies.
    fn decode_shared(bytes: &Bytes) -> Result<Self> {
        let mut value = Self::default();
        value.merge_from(&mut Input::shared(bytes))?;
        Ok(value)
    }

    /// The value as a dynamic [`Object`].
    fn to_object(&self) -> Object {
        // A generated type's own bytes always decode (its field ids are the schema's, each
        // within MAX_FIELD_ID, and its lengths are measured), so the default is never taken.
        Object::decode(&self.encode()).unwrap_or_default()
    }

    /// Reads a value from a dynamic [`Object`].
    fn from_object(object: &Object) -> Result<Self> {
        Self::decode(&object.encode())
    }
}

/// A generated enum: the schema's constants, and any other value kept as it was read.
pub trait SchemaEnum: Copy + Default + Eq + Debug {
    /// The Rust name of the enum.
    const RUST_NAME: &'static str;
    /// Each constant's name (as in the schema) and value, in declaration order.
    const VALUES: &'static [(&'static str, u32)];
    /// The constants' names, in declaration order.
    const NAMES: &'static [&'static str];
    /// The value on the wire.
    fn value(self) -> u32;
    /// The enum value of a wire value: a constant, or the value kept as unknown.
    fn from_value(value: u32) -> Self;
}

/// A generated component: its data type, with its id, update type and commands.
pub trait Component: SchemaType {
    /// The component id.
    const ID: u32;
    /// The update type: fields as options, events, cleared fields.
    type Update: SchemaUpdate;
    /// The command requests (an enum over the commands, or [`NoCommands`]).
    type Request: CommandPayload;
    /// The command responses.
    type Response: CommandPayload;

    /// Applies an update as [`ComponentData::apply`] does: cleared fields are emptied, then
    /// every field the update sets replaces the data's, whole.
    fn apply(&mut self, update: &Self::Update);

    /// An update that sets every field (`Schema_ConvertComponentDataIntoUpdate`): empty option,
    /// list and map fields are cleared.
    fn to_update(&self) -> Self::Update;

    /// The data as dynamic component data.
    fn to_data(&self) -> ComponentData {
        ComponentData::from(self.to_object())
    }

    /// Reads dynamic component data.
    fn from_data(data: &ComponentData) -> Result<Self> {
        Self::from_object(data.fields())
    }
}

/// A generated component update.
pub trait SchemaUpdate: Sized + Default + Clone + PartialEq + Debug {
    /// Appends the wire bytes of the fields the update sets (an empty option, list or map it
    /// sets is written as cleared instead).
    fn write_fields(&self, out: &mut Vec<u8>);
    /// Reads one occurrence of a field of the update's fields object.
    fn merge_field(&mut self, id: u32, wire: WireType, input: &mut Input<'_>) -> Result<()>;
    /// Appends the events object's bytes (field id = 1-based event index).
    fn write_events(&self, out: &mut Vec<u8>);
    /// Reads one event of the events object.
    fn merge_event(&mut self, index: u32, wire: WireType, input: &mut Input<'_>) -> Result<()>;
    /// The fields the update clears: those it lists, and the option, list and map fields it
    /// sets to empty.
    fn cleared_fields(&self) -> BTreeSet<u32>;
    /// Marks a field as cleared.
    fn add_cleared(&mut self, id: u32);
    /// Merges a later update into this one, as [`ComponentUpdate::merge`] does: applying the
    /// result equals applying `self` and then `later`; events concatenate.
    fn merge(&mut self, later: &Self);

    /// The update as a dynamic [`ComponentUpdate`].
    fn to_dynamic(&self) -> ComponentUpdate {
        let mut update = ComponentUpdate::new();
        let mut bytes = Vec::new();
        self.write_fields(&mut bytes);
        // Bytes written by generated code always decode (see `SchemaType::to_object`).
        *update.fields_mut() = Object::decode(&bytes).unwrap_or_default();
        bytes.clear();
        self.write_events(&mut bytes);
        *update.events_mut() = Object::decode(&bytes).unwrap_or_default();
        for id in self.cleared_fields() {
            update.add_cleared_field(id);
        }
        update
    }

    /// Reads a dynamic [`ComponentUpdate`].
    fn from_dynamic(update: &ComponentUpdate) -> Result<Self> {
        let mut typed = Self::default();
        let fields = update.fields().encode();
        let mut input = Input::new(&fields);
        while !input.at_end() {
            let (id, wire) = input.tag()?;
            typed.merge_field(id, wire, &mut input)?;
        }
        let events = update.events().encode();
        let mut input = Input::new(&events);
        while !input.at_end() {
            let (index, wire) = input.tag()?;
            typed.merge_event(index, wire, &mut input)?;
        }
        for &id in update.cleared_fields() {
            typed.add_cleared(id);
        }
        Ok(typed)
    }

    /// The update in Rosetta's envelope ([`ComponentUpdate::encode`]).
    fn encode(&self) -> Vec<u8> {
        self.to_dynamic().encode()
    }

    /// Reads an update from Rosetta's envelope.
    fn decode(bytes: &[u8]) -> Result<Self> {
        Self::from_dynamic(&ComponentUpdate::decode(bytes)?)
    }
}

/// A generated command request or response: one variant per command of a component.
pub trait CommandPayload: Sized + Clone + PartialEq + Debug {
    /// The 1-based index of the command.
    fn command_index(&self) -> u32;
    /// Appends the payload's wire bytes.
    fn write(&self, out: &mut Vec<u8>);
    /// Reads the payload of command `command_index`.
    fn decode(command_index: u32, bytes: &[u8]) -> Result<Self>;

    /// The payload as a dynamic request (for a request type).
    fn to_request(&self) -> CommandRequest {
        let mut out = Vec::new();
        self.write(&mut out);
        CommandRequest::from(Object::decode(&out).unwrap_or_default())
    }

    /// The payload as a dynamic response (for a response type).
    fn to_response(&self) -> CommandResponse {
        let mut out = Vec::new();
        self.write(&mut out);
        CommandResponse::from(Object::decode(&out).unwrap_or_default())
    }
}

/// The requests and responses of a component with no commands: there are none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoCommands {}

impl CommandPayload for NoCommands {
    fn command_index(&self) -> u32 {
        match *self {}
    }
    fn write(&self, _: &mut Vec<u8>) {
        match *self {}
    }
    fn decode(command_index: u32, _: &[u8]) -> Result<Self> {
        Err(crate::error::Error::custom(format!(
            "the component has no command {command_index}"
        )))
    }
}
