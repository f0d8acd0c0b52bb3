//! Structs: named fields with optional field numbers, indexed by name and by number.

use std::collections::HashMap;
use std::fmt;

use crate::error::{ErrorKind, Result};
use crate::id::TypeId;
use crate::meta::Meta;
use crate::value::Value;

/// How a field holds its type, as the SpatialOS schema declares it: `T`, `option<T>`, `list<T>`
/// or `map<K, V>`. It follows from the field's type and is computed when the registry is built:
/// a field whose type is an [`Option`](crate::Kind::Option) has arity `Option`, one whose type is
/// a [`List`](crate::Kind::List), [`Set`](crate::Kind::Set) or [`Array`](crate::Kind::Array) has
/// arity `List` (repeated on the wire), a [`Map`](crate::Kind::Map) has arity `Map`, anything else
/// is `Singular`. The element types are resolved through named container types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Arity {
    /// One value (written even when it is the default).
    #[default]
    Singular,
    /// Zero or one value of the inner type.
    Option(TypeId),
    /// Any number of values of the element type.
    List(TypeId),
    /// Entries with a key (wire field 1) and a value (wire field 2).
    Map(TypeId, TypeId),
}

/// A field of a struct: name, optional field number, type and metadata.
///
/// ```
/// use rosetta_types::{Field, TypeId};
/// let hp = Field::new("hp", TypeId::INT32).with_number(1).with_doc("Hit points.");
/// assert_eq!((hp.name(), hp.number(), hp.ty()), ("hp", Some(1), TypeId::INT32));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    name: Box<str>,
    number: Option<u32>,
    ty: TypeId,
    arity: Arity,
    meta: Meta,
    default: Option<Box<Value>>,
}

impl Field {
    /// A field without a number.
    pub fn new(name: impl Into<Box<str>>, ty: TypeId) -> Self {
        Field {
            name: name.into(),
            number: None,
            ty,
            arity: Arity::Singular,
            meta: Meta::default(),
            default: None,
        }
    }

    /// With a default value other than the type's (a C++ member initializer, as O3DE classes
    /// have): [`default_value`](crate::default_value) of the struct uses it, and formats that
    /// leave out defaults compare against it. It should be a valid value of the field's type.
    pub fn with_default(mut self, value: Value) -> Self {
        self.default = Some(Box::new(value));
        self
    }

    /// The field's own default value, if it has one.
    pub fn default(&self) -> Option<&Value> {
        self.default.as_deref()
    }

    /// With a field number (the SpatialOS field id).
    pub fn with_number(mut self, number: u32) -> Self {
        self.number = Some(number);
        self
    }

    /// With metadata.
    pub fn with_meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    /// With a doc string.
    pub fn with_doc(mut self, doc: impl Into<Box<str>>) -> Self {
        self.meta.doc = Some(doc.into());
        self
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The field number, if the format has them.
    pub fn number(&self) -> Option<u32> {
        self.number
    }

    /// The type of the field's value (for `option<int32>`, the option type).
    pub fn ty(&self) -> TypeId {
        self.ty
    }

    /// The arity (computed when the registry is built; `Singular` before).
    pub fn arity(&self) -> Arity {
        self.arity
    }

    /// The metadata.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    pub(crate) fn set_arity(&mut self, arity: Arity) {
        self.arity = arity;
    }
}

/// A struct: fields in declaration order, with O(1) lookups by name and by number. A struct value
/// ([`Value::Struct`](crate::Value::Struct)) holds one value per field, in the same order.
///
/// ```
/// use rosetta_types::{Field, StructType, TypeId};
/// let s = StructType::new([
///     Field::new("x", TypeId::DOUBLE).with_number(1),
///     Field::new("y", TypeId::DOUBLE).with_number(2),
/// ]).unwrap();
/// assert_eq!(s.index_of("y"), Some(1));
/// assert_eq!(s.field_by_number(1).map(|f| f.name()), Some("x"));
/// assert!(StructType::new([Field::new("x", TypeId::BOOL), Field::new("x", TypeId::BOOL)]).is_err());
/// ```
#[derive(Clone, Default)]
pub struct StructType {
    fields: Vec<Field>,
    by_name: HashMap<Box<str>, usize>,
    by_number: HashMap<u32, usize>,
}

/// The largest field number: a protobuf tag holds it in 29 bits. Field numbers, and the event
/// indices that are field ids of an update's events, go from 1 to this.
pub const MAX_FIELD_NUMBER: u32 = (1 << 29) - 1;

/// Checks that `n` can be a field id on the wire, 1 to [`MAX_FIELD_NUMBER`].
pub(crate) fn check_number(what: &'static str, n: u32) -> Result<()> {
    if n == 0 || n > MAX_FIELD_NUMBER {
        return Err(ErrorKind::InvalidNumber {
            what,
            number: n,
            max: MAX_FIELD_NUMBER,
        }
        .into());
    }
    Ok(())
}

impl StructType {
    /// A struct with these fields. Errors on a repeated name or number, and on a number no
    /// protobuf tag can carry (0, or above [`MAX_FIELD_NUMBER`]).
    pub fn new(fields: impl IntoIterator<Item = Field>) -> Result<Self> {
        let fields: Vec<Field> = fields.into_iter().collect();
        let mut by_name = HashMap::with_capacity(fields.len());
        let mut by_number = HashMap::new();
        for (i, field) in fields.iter().enumerate() {
            if by_name.insert(field.name.clone(), i).is_some() {
                return Err(ErrorKind::Duplicate {
                    what: "field name",
                    name: field.name.clone(),
                }
                .into());
            }
            if let Some(n) = field.number {
                check_number("field number", n)?;
                if by_number.insert(n, i).is_some() {
                    return Err(ErrorKind::Duplicate {
                        what: "field number",
                        name: n.to_string().into(),
                    }
                    .into());
                }
            }
        }
        Ok(StructType {
            fields,
            by_name,
            by_number,
        })
    }

    /// The fields in declaration order.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether the struct has no fields.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The field named `name`.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.index_of(name).and_then(|i| self.fields.get(i))
    }

    /// The position of the field named `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The field with number `number`.
    pub fn field_by_number(&self, number: u32) -> Option<&Field> {
        self.index_of_number(number)
            .and_then(|i| self.fields.get(i))
    }

    /// The position of the field with number `number`.
    pub fn index_of_number(&self, number: u32) -> Option<usize> {
        self.by_number.get(&number).copied()
    }

    pub(crate) fn fields_mut(&mut self) -> &mut [Field] {
        &mut self.fields
    }
}

impl PartialEq for StructType {
    fn eq(&self, other: &Self) -> bool {
        self.fields == other.fields
    }
}

impl fmt::Debug for StructType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StructType")
            .field("fields", &self.fields)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        let s = StructType::new([
            Field::new("a", TypeId::BOOL).with_number(4),
            Field::new("b", TypeId::STRING),
            Field::new("c", TypeId::INT32).with_number(1),
        ])
        .unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s.index_of("c"), Some(2));
        assert_eq!(s.index_of_number(4), Some(0));
        assert_eq!(s.field_by_number(2), None);
        assert_eq!(s.field("b").map(Field::ty), Some(TypeId::STRING));
        assert!(StructType::default().is_empty());
    }

    #[test]
    fn duplicate_numbers_are_rejected() {
        let err = StructType::new([
            Field::new("a", TypeId::BOOL).with_number(1),
            Field::new("b", TypeId::BOOL).with_number(1),
        ])
        .unwrap_err();
        assert_eq!(err.to_string(), "duplicate field number `1`");
    }

    #[test]
    fn numbers_no_tag_can_carry_are_rejected() {
        for number in [0, MAX_FIELD_NUMBER + 1, u32::MAX] {
            let err = StructType::new([Field::new("a", TypeId::INT32).with_number(number)]);
            assert_eq!(
                err.unwrap_err().to_string(),
                format!("invalid field number {number}: it goes from 1 to 536870911")
            );
        }
        let last = Field::new("a", TypeId::INT32).with_number(MAX_FIELD_NUMBER);
        assert!(StructType::new([last]).is_ok());
    }

    #[test]
    fn equality_ignores_indices() {
        let a = StructType::new([Field::new("a", TypeId::BOOL)]).unwrap();
        assert_eq!(a.clone(), a);
        assert!(format!("{a:?}").starts_with("StructType { fields: ["));
    }
}
