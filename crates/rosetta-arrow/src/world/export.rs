//! A world written as tables: `entities` and one table per reflected component.

use std::collections::BTreeMap;
use std::sync::Arc;

use arrow::array::{ArrayBuilder, ArrayRef, Int64Builder, ListBuilder, RecordBatch, StringBuilder};
use arrow::datatypes::{DataType, Field, Schema as ArrowSchema, SchemaRef};
use rosetta_world::{builtin, Id, World};

use crate::error::Result;
use crate::schema::{ArrowOptions, ComponentTable, ENTITY_ID};
use crate::world::builtins::Builtins;
use crate::write::batch::{ComponentBatcher, Table};

/// The schema of a world's `entities` table: id, path (null for an unnamed entity), the
/// `ChildOf` parent, and the entity's type as Flecs writes each id (`Position`,
/// `(ChildOf,Sun)`).
pub fn world_entities_schema() -> SchemaRef {
    Arc::new(ArrowSchema::new(vec![
        Field::new(ENTITY_ID, DataType::Int64, false),
        Field::new("name", DataType::Utf8, true),
        Field::new("parent", DataType::Int64, true),
        Field::new(
            "type",
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            false,
        ),
    ]))
}

/// A Flecs id as the `Int64` of an `entity_id` column (its 64 bits, generation included).
fn int64(id: Id) -> i64 {
    id.0 as i64
}

/// Splits `world` into tables, handing each record batch of at most `batch_rows` rows to
/// `sink` as it fills: the entities in table order, then every component's rows, by path.
/// Returns the number of entities.
pub fn write_world_batches(
    world: &World,
    options: ArrowOptions,
    batch_rows: usize,
    sink: &mut dyn FnMut(Table<'_>, RecordBatch) -> Result<()>,
) -> Result<u64> {
    let batch_rows = batch_rows.max(1);
    let builtins = Builtins::new(world);
    let registry = world.types();
    let mut entities = WorldEntities::new(batch_rows);
    let mut components: BTreeMap<String, (Id, ComponentBatcher)> = BTreeMap::new();
    let mut by_id: BTreeMap<Id, Option<String>> = BTreeMap::new();
    let mut count = 0;
    for table in world.tables() {
        let own: Vec<usize> = (0..table.len())
            .filter(|&row| !builtins.contains(world, table.entities()[row]))
            .collect();
        if own.is_empty() {
            continue;
        }
        for &row in &own {
            let e = table.entities()[row];
            if let Some(batch) = entities.push(world, e, table.ids())? {
                sink(Table::Entities, batch)?;
            }
            count += 1;
        }
        for &id in table.ids() {
            let name = match by_id.get(&id) {
                Some(name) => name.clone(),
                None => {
                    let name = component_table(world, &builtins, id, options)?.map(|t| {
                        let name = t.name().to_string();
                        components.insert(name.clone(), (id, ComponentBatcher::new(t, batch_rows)));
                        name
                    });
                    by_id.insert(id, name.clone());
                    name
                }
            };
            let (Some(name), Some(values)) = (name, table.values(id)) else {
                continue;
            };
            let Some((_, batcher)) = components.get_mut(&name) else {
                continue;
            };
            for &row in &own {
                let Some(value) = values.get(row) else {
                    continue;
                };
                let e = table.entities()[row];
                if let Some(batch) = batcher.push_value(registry, int64(e), &value)? {
                    sink(Table::Component(batcher.table()), batch)?;
                }
            }
        }
    }
    if let Some(batch) = entities.finish()? {
        sink(Table::Entities, batch)?;
    }
    for (_, batcher) in components.values_mut() {
        if let Some(batch) = batcher.finish()? {
            sink(Table::Component(batcher.table()), batch)?;
        }
    }
    Ok(count)
}

/// The table of component `id`, when it is the world's own and reflected.
fn component_table(
    world: &World,
    builtins: &Builtins,
    id: Id,
    options: ArrowOptions,
) -> Result<Option<ComponentTable>> {
    if id.is_pair() || builtins.contains(world, id) {
        return Ok(None);
    }
    let Some(ty) = world.component_info(id).and_then(|c| c.ty) else {
        return Ok(None);
    };
    ComponentTable::of_type(world.types(), ty, world.path_of(id), options).map(Some)
}

/// Rows of a world's `entities` table, in batches.
struct WorldEntities {
    ids: Int64Builder,
    names: StringBuilder,
    parents: Int64Builder,
    types: ListBuilder<StringBuilder>,
    batch_rows: usize,
}

impl WorldEntities {
    fn new(batch_rows: usize) -> Self {
        WorldEntities {
            ids: Int64Builder::with_capacity(batch_rows),
            names: StringBuilder::new(),
            parents: Int64Builder::with_capacity(batch_rows),
            types: ListBuilder::new(StringBuilder::new()),
            batch_rows,
        }
    }

    fn push(&mut self, world: &World, e: Id, ty: &[Id]) -> Result<Option<RecordBatch>> {
        self.ids.append_value(int64(e));
        self.names
            .append_option(world.name_of(e).is_some().then(|| world.path_of(e)));
        self.parents
            .append_option(world.target(e, builtin::CHILD_OF, 0).map(int64));
        self.types
            .append_value(ty.iter().map(|&id| Some(world.id_str(id))));
        if self.ids.len() >= self.batch_rows {
            return self.finish();
        }
        Ok(None)
    }

    fn finish(&mut self) -> Result<Option<RecordBatch>> {
        if self.ids.len() == 0 {
            return Ok(None);
        }
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(self.ids.finish()),
            Arc::new(self.names.finish()),
            Arc::new(self.parents.finish()),
            Arc::new(self.types.finish()),
        ];
        Ok(Some(RecordBatch::try_new(world_entities_schema(), arrays)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow::array::{Array, AsArray, Float32Array};
    use arrow::datatypes::Int64Type;

    fn tables(script: &str) -> BTreeMap<String, Vec<RecordBatch>> {
        let loaded = rosetta_world::script::load_str(script).unwrap();
        let mut out: BTreeMap<String, Vec<RecordBatch>> = BTreeMap::new();
        write_world_batches(&loaded.world, ArrowOptions::default(), 2, &mut |t, b| {
            out.entry(t.name().to_string()).or_default().push(b);
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn entities_and_components_of_a_script() {
        let out = tables(
            r#"[
            ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
            ["entity", "Sun"],
            ["entity", "Sun.Earth"],
            ["entity", "Sun.Mars"],
            ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}],
            ["set", "Sun.Mars", "Position", {"x": 3, "y": 4}],
            ["set", "Sun", "Position", {"x": 0, "y": 0}]
        ]"#,
        );
        // Batches of 2 rows: Position, Sun, Sun.Earth, Sun.Mars as entities.
        let entities = &out["entities"];
        let rows: usize = entities.iter().map(|b| b.num_rows()).sum();
        assert_eq!(rows, 4);
        assert!(entities.iter().all(|b| b.num_rows() <= 2));
        let names: Vec<String> = entities
            .iter()
            .flat_map(|b| {
                let names = b.column(1).as_string::<i32>();
                (0..b.num_rows())
                    .map(|i| names.value(i).to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(names.contains(&"Sun.Earth".to_string()), "{names:?}");
        let position = &out["Position"];
        let xs: Vec<f32> = position
            .iter()
            .flat_map(|b| {
                let x = b
                    .column_by_name("x")
                    .unwrap()
                    .as_any()
                    .downcast_ref::<Float32Array>()
                    .unwrap()
                    .clone();
                (0..x.len()).map(move |i| x.value(i))
            })
            .collect();
        let mut sorted = xs.clone();
        sorted.sort_by(f32::total_cmp);
        assert_eq!(sorted, [0.0, 1.0, 3.0]);
        // Every Position row's entity is in `entities`.
        let ids: Vec<i64> = entities
            .iter()
            .flat_map(|b| b.column(0).as_primitive::<Int64Type>().values().to_vec())
            .collect();
        for b in position {
            for id in b.column(0).as_primitive::<Int64Type>().values() {
                assert!(ids.contains(id));
            }
        }
    }

    #[test]
    fn builtins_are_left_out_and_tags_are_in_the_type() {
        let out = tables(r#"[["tag", "Marker"], ["entity", "Ship"], ["add", "Ship", "Marker"]]"#);
        let entities = &out["entities"];
        let rows: usize = entities.iter().map(|b| b.num_rows()).sum();
        assert_eq!(rows, 2, "only Marker and Ship");
        let types: Vec<String> = entities
            .iter()
            .flat_map(|b| {
                let list = b.column(3).as_list::<i32>().clone();
                (0..b.num_rows())
                    .flat_map(move |i| {
                        let items = list.value(i);
                        let items = items.as_string::<i32>();
                        (0..items.len())
                            .map(|j| items.value(j).to_string())
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(types.contains(&"Marker".to_string()), "{types:?}");
        assert_eq!(out.len(), 1, "no component tables: {:?}", out.keys());
    }
}
