//! Lowering resolved declarations into the bundle model, with every check that needs names.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap, HashSet};

use rosetta_bundle::{
    EnumDef, EnumValueDef, FieldDef, FieldType, Import, Package, SchemaBundle, SchemaFile, TypeDef,
    TypeRef,
};

use super::symbols::{join, Decl, Symbol, Symbols};
use crate::ast::{
    EnumDecl, FieldDecl, FieldTypeAst, Item, QualName, TypeDecl, TypeMember, TypeRefAst,
};
use crate::diagnostic::Diagnostics;
use crate::lex::Span;
use crate::load::Unit;
use crate::source::Source;

/// The largest field number protobuf's wire format can carry.
const MAX_FIELD_ID: i128 = (1 << 29) - 1;

/// Lowers every unit into a bundle, reporting what does not resolve or check.
pub(crate) fn lower(
    units: &[Unit],
    symbols: &Symbols<'_>,
    diagnostics: &mut Diagnostics,
) -> SchemaBundle {
    let mut lowering = Lowering {
        units,
        symbols,
        type_fields: HashMap::new(),
        component_ids: HashMap::new(),
        set_ids: HashMap::new(),
        visible: visible_files(units),
        current: Cell::new(None),
        unimported: RefCell::new(BTreeMap::new()),
    };
    lowering.collect_type_fields();
    let schema_files = (0..units.len())
        .filter(|&i| units[i].file.package.is_some())
        .map(|i| {
            lowering.current.set(Some(i));
            lowering.file(i, diagnostics)
        })
        .collect();
    lowering.check_recursion(diagnostics);
    for ((user, definer), (span, name)) in lowering.unimported.into_inner() {
        let (source, defined_in) = (&units[user].source, &units[definer].source);
        diagnostics.warning(
            source,
            &span,
            format!(
                "`{name}` is defined in `{}`, which this file does not import (directly or through its imports)",
                defined_in.canonical_path
            ),
        );
    }
    SchemaBundle { schema_files }
}

/// For each unit, the units it imports directly or transitively, itself included.
fn visible_files(units: &[Unit]) -> Vec<HashSet<usize>> {
    let index: HashMap<&str, usize> = units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.source.canonical_path.as_str(), i))
        .collect();
    (0..units.len())
        .map(|start| {
            let mut seen = HashSet::from([start]);
            let mut queue = vec![start];
            while let Some(unit) = queue.pop() {
                for import in &units[unit].file.imports {
                    if let Some(&target) = index.get(import.path.as_str()) {
                        if seen.insert(target) {
                            queue.push(target);
                        }
                    }
                }
            }
            seen
        })
        .collect()
}

pub(super) struct Lowering<'a, 's> {
    pub(super) units: &'a [Unit],
    pub(super) symbols: &'s Symbols<'a>,
    /// The resolved fields of every type, for typing annotation values.
    pub(super) type_fields: HashMap<String, Vec<FieldDef>>,
    pub(super) component_ids: HashMap<u32, (usize, Span)>,
    pub(super) set_ids: HashMap<u32, (usize, Span)>,
    /// The files each file can see through its imports.
    visible: Vec<HashSet<usize>>,
    /// The unit being lowered; `None` while resolving quietly.
    current: Cell<Option<usize>>,
    /// Uses of a declaration from a file that does not import it: (user, definer) -> first use.
    unimported: RefCell<BTreeMap<(usize, usize), (Span, String)>>,
}

impl<'a, 's> Lowering<'a, 's> {
    /// Resolves the field types of every type, quietly: errors are reported when the files are
    /// lowered.
    fn collect_type_fields(&mut self) {
        let mut found = HashMap::new();
        for unit in self.units {
            let Some(package) = &unit.file.package else {
                continue;
            };
            let package = package.name.dotted();
            for item in &unit.file.items {
                if let Item::Type(t) = item {
                    self.collect_nested(&package, t, &mut found);
                }
            }
        }
        self.type_fields = found;
    }

    fn collect_nested(
        &self,
        scope: &str,
        ty: &TypeDecl,
        found: &mut HashMap<String, Vec<FieldDef>>,
    ) {
        let qualified = join(scope, &ty.name.name);
        let mut fields = Vec::new();
        for member in &ty.members {
            match member {
                TypeMember::Field(field) => {
                    if let Ok(field_type) = self.field_type(&qualified, &field.ty) {
                        fields.push(self.bare_field(field, field_type, None));
                    }
                }
                TypeMember::Type(nested) => self.collect_nested(&qualified, nested, found),
                TypeMember::Enum(_) => {}
            }
        }
        found.entry(qualified).or_insert(fields);
    }

    fn bare_field(&self, field: &FieldDecl, ty: FieldType, source: Option<&Source>) -> FieldDef {
        FieldDef {
            source_reference: source.map(|s| s.at(&field.start)).unwrap_or_default(),
            annotations: Vec::new(),
            name: field.name.name.clone(),
            field_id: u32::try_from(field.number).unwrap_or(0),
            transient: field.transient,
            ty,
        }
    }

    /// Resolves a name written in `scope`, noting uses of files that are not imported.
    pub(super) fn lookup(&self, scope: &str, name: &QualName) -> Option<(String, &'s Symbol<'a>)> {
        let (qualified, symbol) = self.symbols.lookup(scope, name)?;
        if let Some(user) = self.current.get() {
            if !self.visible[user].contains(&symbol.unit) {
                self.unimported
                    .borrow_mut()
                    .entry((user, symbol.unit))
                    .or_insert_with(|| (name.span(), qualified.clone()));
            }
        }
        Some((qualified, symbol))
    }

    /// Resolves a reference to a primitive, a type or an enum.
    pub(super) fn type_ref(&self, scope: &str, ty: &TypeRefAst) -> Result<TypeRef, (Span, String)> {
        let name = match ty {
            TypeRefAst::Primitive(primitive, _) => return Ok(TypeRef::Primitive(*primitive)),
            TypeRefAst::Named(name) => name,
        };
        match self.lookup(scope, name) {
            Some((qualified, symbol)) => match symbol.decl {
                Decl::Type(_) => Ok(TypeRef::Type(qualified)),
                Decl::Enum(_) => Ok(TypeRef::Enum(qualified)),
                other => Err((
                    name.span(),
                    format!("`{qualified}` is {}, not a type or an enum", other.kind()),
                )),
            },
            None => Err((name.span(), self.symbols.unknown("type", name))),
        }
    }

    /// Resolves a reference that must name a user type (events, commands, `data`).
    pub(super) fn user_type(
        &self,
        scope: &str,
        ty: &TypeRefAst,
        what: &str,
    ) -> Result<String, (Span, String)> {
        match self.type_ref(scope, ty)? {
            TypeRef::Type(qualified) => Ok(qualified),
            TypeRef::Enum(qualified) => Err((
                ty.span(),
                format!("{what} must be a type, but `{qualified}` is an enum"),
            )),
            TypeRef::Primitive(p) => Err((
                ty.span(),
                format!(
                    "{what} must be a user-defined type, not the built-in `{}`",
                    p.keyword().unwrap_or("?")
                ),
            )),
        }
    }

    fn field_type(&self, scope: &str, ty: &FieldTypeAst) -> Result<FieldType, (Span, String)> {
        Ok(match ty {
            FieldTypeAst::Singular(t) => FieldType::Singular(self.type_ref(scope, t)?),
            FieldTypeAst::Option(t) => FieldType::Option(self.type_ref(scope, t)?),
            FieldTypeAst::List(t) => FieldType::List(self.type_ref(scope, t)?),
            FieldTypeAst::Map(k, v) => {
                FieldType::Map(self.type_ref(scope, k)?, self.type_ref(scope, v)?)
            }
        })
    }

    fn file(&mut self, index: usize, diagnostics: &mut Diagnostics) -> SchemaFile {
        let unit = &self.units[index];
        let source = &unit.source;
        let package_decl = unit.file.package.as_ref();
        let package = package_decl.map(|p| p.name.dotted()).unwrap_or_default();
        let mut file = SchemaFile {
            canonical_path: source.canonical_path.clone(),
            package: Package {
                source_reference: package_decl
                    .map(|p| source.at(&p.keyword))
                    .unwrap_or_default(),
                name: package.clone(),
            },
            imports: unit
                .file
                .imports
                .iter()
                .map(|i| Import {
                    source_reference: source.at(&i.keyword),
                    path: i.path.clone(),
                })
                .collect(),
            ..SchemaFile::default()
        };
        for item in &unit.file.items {
            match item {
                Item::Type(t) => self.type_def(source, &package, "", t, &mut file, diagnostics),
                Item::Enum(e) => {
                    let def = self.enum_def(source, &package, "", e, diagnostics);
                    file.enums.push(def);
                }
                Item::Component(c) => {
                    let def = self.component_def(index, &package, c, diagnostics);
                    file.components.push(def);
                }
                Item::ComponentSet(s) => {
                    let def = self.component_set_def(index, &package, s, diagnostics);
                    file.component_sets.push(def);
                }
            }
        }
        file
    }

    /// A type, then its nested types and enums (pre-order, as the compiler listed them).
    fn type_def(
        &self,
        source: &Source,
        scope: &str,
        outer: &str,
        ty: &TypeDecl,
        file: &mut SchemaFile,
        diagnostics: &mut Diagnostics,
    ) {
        let qualified = join(scope, &ty.name.name);
        let fields: Vec<&FieldDecl> = ty
            .members
            .iter()
            .filter_map(|m| match m {
                TypeMember::Field(f) => Some(f),
                _ => None,
            })
            .collect();
        let def = TypeDef {
            source_reference: source.at(&ty.keyword),
            annotations: self.annotations(source, &qualified, &ty.annotations, diagnostics),
            qualified_name: qualified.clone(),
            name: ty.name.name.clone(),
            outer_type: outer.to_string(),
            fields: self.fields(source, &qualified, &fields, diagnostics),
        };
        file.types.push(def);
        for member in &ty.members {
            match member {
                TypeMember::Type(nested) => {
                    self.type_def(source, &qualified, &qualified, nested, file, diagnostics)
                }
                TypeMember::Enum(e) => {
                    let def = self.enum_def(source, &qualified, &qualified, e, diagnostics);
                    file.enums.push(def);
                }
                TypeMember::Field(_) => {}
            }
        }
    }

    fn enum_def(
        &self,
        source: &Source,
        scope: &str,
        outer: &str,
        decl: &EnumDecl,
        diagnostics: &mut Diagnostics,
    ) -> EnumDef {
        let qualified = join(scope, &decl.name.name);
        let mut seen: HashMap<&str, &Span> = HashMap::new();
        let mut values = Vec::with_capacity(decl.values.len());
        for value in &decl.values {
            if let Some(first) = seen.insert(&value.name.name, &value.name.span) {
                let at = source.at(first);
                diagnostics.error(
                    source,
                    &value.name.span,
                    format!(
                        "enum value `{}` is defined twice in `{qualified}` (first at line {})",
                        value.name.name, at.line
                    ),
                );
            }
            let number = match u32::try_from(value.value) {
                Ok(number) => number,
                Err(_) => {
                    diagnostics.error(
                        source,
                        &value.value_span,
                        format!("enum value {} is out of range: enum values are unsigned 32-bit integers", value.value),
                    );
                    0
                }
            };
            values.push(EnumValueDef {
                source_reference: source.at(&value.name.span),
                annotations: self.annotations(source, &qualified, &value.annotations, diagnostics),
                name: value.name.name.clone(),
                value: number,
            });
        }
        if decl.values.is_empty() {
            diagnostics.error(
                source,
                &decl.name.span,
                format!("enum `{qualified}` has no values"),
            );
        }
        EnumDef {
            source_reference: source.at(&decl.keyword),
            annotations: self.annotations(source, scope, &decl.annotations, diagnostics),
            qualified_name: qualified,
            name: decl.name.name.clone(),
            outer_type: outer.to_string(),
            values,
        }
    }

    /// The fields of a type or component, checking names and numbers.
    pub(super) fn fields(
        &self,
        source: &Source,
        scope: &str,
        fields: &[&FieldDecl],
        diagnostics: &mut Diagnostics,
    ) -> Vec<FieldDef> {
        let mut numbers: HashMap<i128, &FieldDecl> = HashMap::new();
        let mut names: HashMap<&str, &FieldDecl> = HashMap::new();
        let mut out = Vec::with_capacity(fields.len());
        for field in fields {
            if let Some(first) = names.insert(&field.name.name, field) {
                diagnostics.error(
                    source,
                    &field.name.span,
                    format!(
                        "field `{}` is defined twice in `{scope}` (first at line {})",
                        field.name.name,
                        source.at(&first.name.span).line
                    ),
                );
            }
            if !(1..=MAX_FIELD_ID).contains(&field.number) {
                diagnostics.error(
                    source,
                    &field.number_span,
                    format!(
                        "invalid field number {}: field numbers go from 1 to {MAX_FIELD_ID}",
                        field.number
                    ),
                );
            } else if let Some(first) = numbers.insert(field.number, field) {
                diagnostics.error(
                    source,
                    &field.number_span,
                    format!(
                        "field number {} of `{scope}` is already used by `{}`",
                        field.number, first.name.name
                    ),
                );
            }
            if field.transient && matches!(field.ty, FieldTypeAst::Singular(_)) {
                diagnostics.error(
                    source,
                    &field.start,
                    "`transient` applies only to option, list and map fields",
                );
            }
            match self.field_type(scope, &field.ty) {
                Ok(ty) => {
                    let mut def = self.bare_field(field, ty, Some(source));
                    def.annotations =
                        self.annotations(source, scope, &field.annotations, diagnostics);
                    out.push(def);
                }
                Err((span, message)) => diagnostics.error(source, &span, message),
            }
        }
        out
    }
}
