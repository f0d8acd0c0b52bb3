//! Store for containers of elements: lists and sets (a set sorted as `JsonSerialization::Compare`
//! orders it, unless the caller's order is kept), and fixed arrays, pairs and tuples, whose
//! elements are compared with their own defaults.

use rosetta_types::{TypeId, Value};

use super::default::Dflt;
use super::value::Store;
use crate::o3de::report::context::Step;
use crate::o3de::report::result::Outcome;

impl<'r> Store<'r, '_> {
    pub(super) fn list(
        &mut self,
        element: TypeId,
        v: &'r Value,
        d: Dflt<'_>,
        sorted: bool,
    ) -> Step {
        let Value::List(items) = v else {
            return Err(self.mismatch(element, v));
        };
        if items.is_empty() {
            if !self.opts.keep_defaults && d.is_empty_container() {
                // Nothing written and no work done (`JsonBasicContainerSerializer::Store`): no
                // DefaultsUsed that would make the value holding it PartialDefaults.
                return Ok(self.ctx.fresh());
            }
            self.w.raw("[]");
            return self.success();
        }
        let fresh = self.fresh();
        let mut result = self.ctx.fresh();
        if sorted {
            let mut parts = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let (code, json) = self.fragment(i, |s| s.element(element, item, fresh))?;
                result.absorb(code);
                parts.push(json);
            }
            self.write_sorted(parts);
            return Ok(self.ctx.container(result));
        }
        if let Some(code) = self.plain_list(element, items)? {
            return Ok(code);
        }
        let mut frame = self.w.begin_array();
        for (i, item) in items.iter().enumerate() {
            self.w.element(&mut frame);
            let len = self.ctx.enter_index(i)?;
            let code = self.element(element, item, fresh);
            self.ctx.leave(len);
            result.absorb(code?);
        }
        self.w.end_array(frame);
        Ok(self.ctx.container(result))
    }

    /// An `AZStd::array`, pair or tuple: element `i` compared with default element `i`; all
    /// default is nothing.
    pub(super) fn fixed(
        &mut self,
        v: &'r Value,
        d: Dflt<'_>,
        ty_of: impl Fn(usize) -> TypeId,
    ) -> Step {
        let items = match v {
            Value::List(items) | Value::Tuple(items) => items,
            _ => {
                return Err(self
                    .ctx
                    .error(format!("a {} is not an array or tuple", v.kind_name())))
            }
        };
        let start = self.w.len();
        let mut frame = self.w.begin_array();
        let mut result = self.ctx.fresh();
        for (i, item) in items.iter().enumerate() {
            self.w.element(&mut frame);
            let len = self.ctx.enter_index(i)?;
            let default = match d {
                Dflt::None if !self.opts.keep_defaults => Dflt::New,
                d => d.element(i),
            };
            let code = self.element(ty_of(i), item, default);
            self.ctx.leave(len);
            result.absorb(code?);
        }
        if result.outcome() == Outcome::DefaultsUsed && !self.opts.keep_defaults {
            self.w.abandon(start);
            return self.defaults_used();
        }
        self.w.end_array(frame);
        if !result.has_done_work() {
            result = self.ctx.code(Outcome::Success);
        }
        Ok(result)
    }
}
