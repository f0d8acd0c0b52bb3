//! Load for lists and sets (`JsonBasicContainerSerializer`, `JsonUnorderedSetSerializer`):
//! elements appended to what the target holds, unless `clear_containers`; a set's duplicates are
//! Unavailable.

use rosetta_types::{Kind, TypeId, Value};

use super::fast::general_only;
use super::value::{failed, placeholder, Load};
use crate::o3de::report::context::Step;
use crate::o3de::report::result::Outcome;
use crate::text::reader::Peek;

impl Load<'_, '_, '_> {
    pub(crate) fn list(&mut self, element: TypeId, target: &mut Value, set: bool) -> Step {
        if self.r.peek()? != Peek::Array {
            return self.wrong_kind("an array");
        }
        let old = match std::mem::replace(target, placeholder()) {
            Value::List(items) if !self.opts.clear_containers && !items.is_empty() => items,
            _ => {
                // A list inside this one finds the scratch empty and makes its own.
                let mut items = std::mem::take(&mut self.scratch);
                let result = self.list_items(element, &mut items, set);
                if items.len() > 64 {
                    // Copying a long list costs more than shrinking it in place.
                    *target = Value::List(items.into_boxed_slice());
                } else {
                    *target = Value::List(items.drain(..).collect());
                    self.scratch = items;
                }
                return result;
            }
        };
        let mut items = old.into_vec();
        let result = self.list_items(element, &mut items, set);
        *target = Value::List(items.into_boxed_slice());
        result
    }

    fn list_items(&mut self, element: TypeId, items: &mut Vec<Value>, set: bool) -> Step {
        let mut seen: std::collections::HashSet<Value> = if set {
            items.iter().map(set_key).collect()
        } else {
            Default::default()
        };
        self.r.begin_array()?;
        let mut first = true;
        let mut result = self.ctx.fresh();
        // Leaves as written report nothing (when successes are not asked for): read straight
        // into the list, with no placeholder, dispatch or result per element.
        let leaf = match self.reg.get(element).map(|t| t.kind()) {
            Some(k @ (Kind::Int(_) | Kind::Float(_) | Kind::String | Kind::Bool))
                if !set && !self.opts.report_successes && !general_only() =>
            {
                Some(k)
            }
            _ => None,
        };
        let success = self.ctx.code(Outcome::Success);
        // One step for the elements, entered at the first and changed per element.
        let mut depth = None;
        let mut index = 0;
        while self.r.next_element(&mut first)? {
            self.ctx.element_step(&mut depth, index)?;
            index += 1;
            if let Some(kind) = leaf {
                if let Some(v) = self.leaf_value(kind)? {
                    items.push(v);
                    result.absorb(success);
                    continue;
                }
            }
            // Made as it is read (the default if nothing is, as for `{}`).
            let mut item = placeholder();
            let code = self.value(element, &mut item).and_then(|code| {
                if failed(code) {
                    return Ok(code);
                }
                if set && !seen.insert(set_key(&item)) {
                    return self.ctx.report(Outcome::Unavailable, false, || {
                        "a duplicate set element".into()
                    });
                }
                items.push(item);
                Ok(code)
            });
            result.absorb(code?);
        }
        if let Some(depth) = depth {
            self.ctx.leave(depth);
        }
        Ok(self.ctx.container(result))
    }
}

/// `item` as a set compares it: C++'s `operator<` and `std::hash` find `-0.0` equal to `0.0`,
/// so a set keeps only the first of the two (also inside tuples and math values).
fn set_key(item: &Value) -> Value {
    fn unsign(v: &mut Value) {
        match v {
            Value::F32(x) if *x == 0.0 => *x = 0.0,
            Value::F64(x) if *x == 0.0 => *x = 0.0,
            Value::MathF32(xs) => xs.iter_mut().filter(|x| **x == 0.0).for_each(|x| *x = 0.0),
            Value::MathF64(xs) => xs.iter_mut().filter(|x| **x == 0.0).for_each(|x| *x = 0.0),
            Value::Tuple(vs) | Value::Struct(vs) | Value::List(vs) => {
                vs.iter_mut().for_each(unsign)
            }
            _ => {}
        }
    }
    let mut key = item.clone();
    unsign(&mut key);
    key
}
