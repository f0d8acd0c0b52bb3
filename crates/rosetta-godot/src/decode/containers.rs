//! The containers and objects of [`decode`](super::decode): the values that hold other values.

use super::Reader;
use crate::encode::ENCODED_OBJECT_AS_ID;
use crate::error::{Error, Result};
use crate::header::{type_from_id, Version, KIND_BUILTIN, KIND_CLASS_NAME, KIND_NONE};
use crate::typed::{self, Context, Role};
use crate::variant::{Array, ContainerType, Dictionary, Object, Variant, VariantType};

impl Reader<'_> {
    pub(super) fn object(&mut self, start: usize, as_id: bool, depth: usize) -> Result<Variant> {
        if as_id {
            let id = self.u64("an object instance id")?;
            return Ok(Variant::Object(Box::new(if id == 0 {
                Object::Null
            } else {
                Object::InstanceId(id)
            })));
        }
        let class = self.string("an object class name")?;
        if !self.options.allow_objects {
            return Err(Error::ObjectsNotAllowed {
                offset: start,
                class,
            });
        }
        if class.is_empty() {
            return Ok(Variant::Object(Box::new(Object::Null)));
        }
        if let Some(filter) = self.options.class_filter {
            if !filter(&class) {
                return Err(self.invalid(start, format!("unknown class {class:?}")));
            }
        }
        let n = self.count(8, "object property")?;
        let mut properties = Vec::with_capacity(n);
        for _ in 0..n {
            let name_at = self.pos;
            let name = self.string("a property name")?;
            let value = self.value(depth + 1)?;
            if self.options.version == Version::Godot4 && name == "script" && value != Variant::Nil
            {
                // Godot 4 loads the script (a res:// path to an existing Script) or fails;
                // Rosetta never loads scripts.
                return Err(self.invalid(name_at, "an object's script property is not loaded"));
            }
            properties.push((name, value));
        }
        Ok(Variant::Object(Box::new(Object::Full {
            class,
            properties,
        })))
    }

    /// A container type of `kind` (Godot 4 typed Array / Dictionary).
    fn container_type(&mut self, kind: u32) -> Result<ContainerType> {
        let at = self.pos;
        Ok(match kind {
            KIND_NONE => ContainerType::None,
            KIND_BUILTIN => {
                let id = self.u32("a container element type")?;
                let ty = type_from_id(Version::Godot4, id).ok_or_else(|| {
                    self.invalid(at, format!("container type id {id} does not exist"))
                })?;
                if ty == VariantType::Object && !self.options.allow_objects {
                    // As Godot 4.6 reads `Array[Object]` without objects (asked of the engine).
                    ContainerType::ClassName(ENCODED_OBJECT_AS_ID.to_owned())
                } else {
                    ContainerType::Builtin(ty)
                }
            }
            KIND_CLASS_NAME => {
                let name = self.string("a container class name")?;
                if self.options.allow_objects {
                    ContainerType::ClassName(name)
                } else {
                    ContainerType::ClassName(ENCODED_OBJECT_AS_ID.to_owned())
                }
            }
            _ => {
                let path = self.string("a container script path")?;
                if self.options.allow_objects {
                    return Err(self.invalid(
                        at,
                        format!("container typed by script {path:?}: scripts are not loaded"),
                    ));
                }
                ContainerType::ClassName(ENCODED_OBJECT_AS_ID.to_owned())
            }
        })
    }

    /// An Array's or Dictionary's count; each element takes at least `min` bytes. Bit 31 is the
    /// old "shared" flag, masked off.
    fn container_count(&mut self, what: &'static str, min: usize) -> Result<usize> {
        let at = self.pos;
        let n = (self.u32("a container count")? & 0x7FFF_FFFF) as usize;
        let bytes = n.saturating_mul(min);
        if bytes > self.remaining() {
            return Err(self.invalid(
                at,
                format!(
                    "{what} count {n} needs at least {bytes} bytes, more than the {} that remain",
                    self.remaining()
                ),
            ));
        }
        Ok(n)
    }

    /// An Array. Deep inputs recurse through here, so it keeps a small frame (debug builds
    /// too): everything but the loop is out of line.
    pub(super) fn array_value(&mut self, header: u32, depth: usize) -> Result<Variant> {
        let (mut array, n) = self.array_head(header)?;
        for i in 0..n {
            let at = self.pos;
            let item = match self.value(depth + 1) {
                Ok(item) => item,
                Err(e) => return Err(typed::in_element(e, i)),
            };
            // Godot converts what it can and drops the rest, with an error; Rosetta refuses.
            if typed::holds(&array.element_type, &item) {
                array.items.push(item);
            } else {
                array.items.push(element(&array.element_type, item, at, i)?);
            }
        }
        Ok(Variant::Array(array))
    }

    /// An Array's element type and count, and the Array to fill.
    #[inline(never)]
    fn array_head(&mut self, header: u32) -> Result<(Box<Array>, usize)> {
        let element_type = if self.options.version == Version::Godot4 {
            self.container_type((header >> 16) & 3)?
        } else {
            ContainerType::None
        };
        let n = self.container_count("an Array", 4)?;
        let items = Vec::with_capacity(n);
        Ok((
            Box::new(Array {
                element_type,
                items,
            }),
            n,
        ))
    }

    /// A Dictionary. Deep inputs recurse through here, so it keeps a small frame (debug builds
    /// too): everything but the loop is out of line.
    pub(super) fn dictionary(&mut self, header: u32, depth: usize) -> Result<Variant> {
        let (mut dict, n) = self.dictionary_head(header)?;
        for i in 0..n {
            let at = self.pos;
            let key = match self.value(depth + 1) {
                Ok(key) => key,
                Err(e) => return Err(typed::in_key(e, i)),
            };
            let value = match self.value(depth + 1) {
                Ok(value) => value,
                Err(e) => return Err(typed::in_value(e, &key)),
            };
            // Keys are converted or the entry dropped, as Array elements; Godot leaves the
            // values unchecked (a `Dictionary[int, String]` can hold `{1: 2}`), and so does
            // Rosetta.
            if typed::holds(&dict.key_type, &key) {
                dict.entries.push((key, value));
            } else {
                let key = dictionary_key(&dict, key, at)?;
                dict.entries.push((key, value));
            }
        }
        Ok(Variant::Dictionary(dict))
    }

    /// A Dictionary's key and value types and count, and the Dictionary to fill.
    #[inline(never)]
    fn dictionary_head(&mut self, header: u32) -> Result<(Box<Dictionary>, usize)> {
        let (key_type, value_type) = if self.options.version == Version::Godot4 {
            let key = self.container_type((header >> 16) & 3)?;
            (key, self.container_type((header >> 18) & 3)?)
        } else {
            (ContainerType::None, ContainerType::None)
        };
        let n = self.container_count("a Dictionary", 8)?;
        Ok((
            Box::new(Dictionary {
                key_type,
                value_type,
                entries: Vec::with_capacity(n),
            }),
            n,
        ))
    }
}

/// An Array element of another type than the Array's, converted or refused.
#[cold]
#[inline(never)]
fn element(ty: &ContainerType, item: Variant, at: usize, index: usize) -> Result<Variant> {
    let found = item.variant_type();
    typed::element(ty, item).map_err(|refusal| {
        Error::typed_element(
            Some(at),
            format!("[{index}]"),
            typed::refused(
                Context::Decode,
                found,
                Role::Element,
                &typed::array_name(ty),
                ty,
                refusal,
            ),
        )
    })
}

/// A Dictionary key of another type than the Dictionary's keys, converted or refused.
#[cold]
#[inline(never)]
fn dictionary_key(dict: &Dictionary, key: Variant, at: usize) -> Result<Variant> {
    let found = key.variant_type();
    let path = typed::key_segment(&key);
    typed::element(&dict.key_type, key).map_err(|refusal| {
        Error::typed_element(
            Some(at),
            path,
            typed::refused(
                Context::Decode,
                found,
                Role::Key,
                &typed::dictionary_name(&dict.key_type, &dict.value_type),
                &dict.key_type,
                refusal,
            ),
        )
    })
}
