//! Differences between compiler versions that are not only spelling (those live in the bundle
//! writer): the 14.x compiler wrote no position for the inner value of an option annotation value.

use rosetta_bundle::{
    Annotation, BundleFormat, FieldDef, SchemaBundle, SourceRef, Value, ValueKind,
};

/// Rewrites a bundle compiled with 15.x positions into what the given compiler version wrote.
pub(crate) fn adapt(bundle: &mut SchemaBundle, format: BundleFormat) {
    if format != BundleFormat::V14 {
        return;
    }
    let fields = |fields: &mut [FieldDef]| {
        for field in fields {
            annotations(&mut field.annotations);
        }
    };
    for file in &mut bundle.schema_files {
        for e in &mut file.enums {
            annotations(&mut e.annotations);
            for value in &mut e.values {
                annotations(&mut value.annotations);
            }
        }
        for t in &mut file.types {
            annotations(&mut t.annotations);
            fields(&mut t.fields);
        }
        for c in &mut file.components {
            annotations(&mut c.annotations);
            fields(&mut c.fields);
            for event in &mut c.events {
                annotations(&mut event.annotations);
            }
            for command in &mut c.commands {
                annotations(&mut command.annotations);
            }
        }
        for set in &mut file.component_sets {
            annotations(&mut set.annotations);
            annotations(&mut set.component_list.annotations);
        }
    }
}

fn annotations(annotations: &mut [Annotation]) {
    for annotation in annotations {
        for field in &mut annotation.type_value.fields {
            value(&mut field.value);
        }
    }
}

fn value(value: &mut Value) {
    match &mut value.kind {
        ValueKind::Option(Some(inner)) => {
            inner.source_reference = SourceRef::default();
            self::value(inner);
        }
        ValueKind::List(items) => items.iter_mut().for_each(self::value),
        ValueKind::Map(entries) => {
            for (k, v) in entries {
                self::value(k);
                self::value(v);
            }
        }
        ValueKind::Type(type_value) => type_value
            .fields
            .iter_mut()
            .for_each(|f| self::value(&mut f.value)),
        _ => {}
    }
}
