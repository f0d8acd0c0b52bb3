//! How deep an object nests, checked against the schema without reading its values.

use rosetta_types::{Arity, StructType, TypeId, TypeRegistry, MAX_NESTING};

use super::element::{component_step, element, struct_def, too_deep, Element};
use super::read::Step;
use crate::error::Result;
use crate::object::Object;

/// Checks that `object`, data of struct type (or component) `ty`, has no object nested deeper
/// than [`MAX_NESTING`], counted as [`read`](super::read) counts them; the error is the one
/// `read` and [`write`](super::write) give, `nesting deeper than 100 object levels (at PATH)`.
/// For a format that passes objects through without reading their values (the wire format
/// itself, binary snapshots): only the fields that hold objects are walked, and each nested
/// object is parsed once (the object keeps it). What is not an object where the schema has one is
/// left for the readers to report.
///
/// ```
/// use rosetta_schema::{compile_sources, Schema, SourceFile};
/// use rosetta_wire::{typed, Object};
///
/// let compiled = compile_sources(vec![SourceFile {
///     canonical_path: "t.schema".into(),
///     text: "package t; type Node { option<Node> next = 1; }".into(),
/// }]).unwrap();
/// let schema = Schema::from_bundle(compiled.bundle()).unwrap();
/// let node = schema.registry().lookup("t.Node").unwrap();
/// let nested = |levels: usize| {
///     let mut object = Object::new();
///     for _ in 1..levels {
///         let mut outer = Object::new();
///         *outer.add_object(1) = object;
///         object = outer;
///     }
///     object
/// };
/// assert!(typed::check_nesting(schema.registry(), node, &nested(100)).is_ok());
/// let error = typed::check_nesting(schema.registry(), node, &nested(101)).unwrap_err();
/// assert_eq!(error.to_string(), format!(
///     "nesting deeper than 100 object levels (at {})", "/next/0".repeat(100)
/// ));
/// ```
pub fn check_nesting(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Result<()> {
    let mut walk = Walk {
        registry,
        path: Vec::new(),
    };
    walk.structure(struct_def(registry, ty)?, object, 1)
}

/// [`check_nesting`] for a component update: its fields are in the update's object (level 1, at
/// the paths they have in component data) and each event payload is a root of its own (at
/// `/__events/NAME/i`, as the SDK's JSON form has it). Events the component does not declare
/// are left for the readers to report.
pub fn check_update_nesting(
    registry: &TypeRegistry,
    component: TypeId,
    update: &crate::roots::ComponentUpdate,
) -> Result<()> {
    let mut walk = Walk {
        registry,
        path: Vec::new(),
    };
    let def = struct_def(registry, component)?;
    walk.present_fields(def, update.fields(), 1)?;
    let Some(info) = registry.get(component).and_then(|t| t.component()) else {
        return Ok(());
    };
    for event in info.events() {
        let Ok(def) = struct_def(registry, event.ty()) else {
            continue;
        };
        let payloads = update.events().objects(event.index()).unwrap_or_default();
        for (i, payload) in payloads.into_iter().enumerate() {
            walk.path = vec![
                Seg::Field("__events"),
                Seg::Field(event.name()),
                Seg::Index(i),
            ];
            walk.structure(def, payload, 1)?;
        }
    }
    Ok(())
}

/// One step of the path to the object being walked.
#[derive(Debug, Clone, Copy)]
enum Seg<'r> {
    Field(&'r str),
    Index(usize),
    Component(u32),
}

struct Walk<'r> {
    registry: &'r TypeRegistry,
    /// The path, spelled out only for the error.
    path: Vec<Seg<'r>>,
}

impl<'r> Walk<'r> {
    #[cold]
    fn too_deep(&self) -> crate::error::Error {
        let mut pointer = String::new();
        for seg in &self.path {
            pointer.push('/');
            match seg {
                Seg::Field(name) => pointer.push_str(name),
                Seg::Index(i) => pointer.push_str(&i.to_string()),
                Seg::Component(id) => pointer.push_str(&component_step(self.registry, *id)),
            }
        }
        too_deep(&pointer)
    }

    /// The default of `ty`, at `steps` below the current path, for what the data leaves out: an
    /// object at `level` if it is one.
    fn default(&mut self, ty: TypeId, steps: &[Seg<'r>], level: usize) -> Result<()> {
        let Some(below) = rosetta_types::default_past_limit(self.registry, ty, level) else {
            return Ok(());
        };
        self.path.extend_from_slice(steps);
        self.path.extend(below.into_iter().map(Seg::Field));
        Err(self.too_deep())
    }

    /// A struct's data at `level`.
    fn structure(&mut self, def: &'r StructType, object: &Object, level: usize) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.too_deep());
        }
        self.fields(def, object, level, true)
    }

    /// The fields an update sets, of the update's object at `level` (what it leaves out stays as
    /// it is: no default is read).
    fn present_fields(&mut self, def: &'r StructType, object: &Object, level: usize) -> Result<()> {
        self.fields(def, object, level, false)
    }

    /// The fields of a struct's data at `level`; `defaults`: a singular field left out reads as
    /// its default.
    fn fields(
        &mut self,
        def: &'r StructType,
        object: &Object,
        level: usize,
        defaults: bool,
    ) -> Result<()> {
        for field in def.fields() {
            let Some(id) = field.number() else { continue };
            if !object.has_field(id) {
                if defaults && field.arity() == Arity::Singular {
                    // Read as its default, which a writer meets as a value.
                    self.default(field.ty(), &[Seg::Field(field.name())], level + 1)?;
                }
                continue;
            }
            self.path.push(Seg::Field(field.name()));
            match field.arity() {
                Arity::Singular => self.elements(field.ty(), object, id, Step::Field, level + 1)?,
                Arity::Option(inner) => {
                    self.elements(inner, object, id, Step::Option, level + 1)?
                }
                Arity::List(inner) => self.elements(inner, object, id, Step::List, level + 1)?,
                Arity::Map(key, value) => {
                    let holds = |ty| matches!(element(self.registry, ty), Ok(e) if e.is_object());
                    if holds(key) || holds(value) {
                        for (i, entry) in object.objects(id).unwrap_or_default().iter().enumerate()
                        {
                            // The entry object is no level of its own.
                            self.path.push(Seg::Index(i));
                            for (slot, ty, name) in [(1, key, "key"), (2, value, "value")] {
                                if entry.has_field(slot) {
                                    self.path.push(Seg::Field(name));
                                    self.elements(ty, entry, slot, Step::Field, level + 1)?;
                                    self.path.pop();
                                } else {
                                    self.default(ty, &[Seg::Field(name)], level + 1)?;
                                }
                            }
                            self.path.pop();
                        }
                    }
                }
            }
            self.path.pop();
        }
        Ok(())
    }

    /// The occurrences of field `id` of element type `ty`, each at `level` if an object.
    fn elements(
        &mut self,
        ty: TypeId,
        object: &Object,
        id: u32,
        step: Step,
        level: usize,
    ) -> Result<()> {
        let Ok(element) = element(self.registry, ty) else {
            return Ok(());
        };
        if !element.is_object() {
            return Ok(());
        }
        let objects = object.objects(id).unwrap_or_default();
        for (i, nested) in objects.into_iter().enumerate() {
            match step {
                Step::Field => {}
                Step::Option => self.path.push(Seg::Index(0)),
                Step::List => self.path.push(Seg::Index(i)),
            }
            match element {
                Element::Struct(_, def) => self.structure(def, nested, level)?,
                _ => self.entity(nested, level)?,
            }
            if step != Step::Field {
                self.path.pop();
            }
        }
        Ok(())
    }

    /// An entity at `level`: each component's data is one level deeper.
    fn entity(&mut self, entity: &Object, level: usize) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.too_deep());
        }
        for id in entity.unique_field_ids() {
            let registry = self.registry;
            let Some(def) = registry
                .component(id)
                .and_then(|t| struct_def(registry, t.id()).ok())
            else {
                continue;
            };
            self.path.push(Seg::Component(id));
            for data in entity.objects(id).unwrap_or_default() {
                self.structure(def, data, level + 1)?;
            }
            self.path.pop();
        }
        Ok(())
    }
}
