//! Store for the kinds that carry other types: entities (components by qualified name),
//! polymorphic values (`$type` first when the actual type is not the declared one) and `any`
//! (`{"$type", "Value"}`).

use rosetta_types::{Kind, TypeId, Value};

use super::default::Dflt;
use super::value::Store;
use crate::o3de::report::context::Step;
use crate::o3de::report::result::Outcome;
use crate::o3de::repr::names::type_name;

impl<'r> Store<'r, '_> {
    /// An entity: an object, one level deeper as [`MAX_NESTING`](rosetta_types::MAX_NESTING)
    /// counts them (and its components' data one more).
    pub(crate) fn entity(&mut self, v: &'r Value, d: Dflt<'_>) -> Step {
        self.ctx.enter_object()?;
        let code = self.entity_components(v, d);
        self.ctx.leave_object();
        code
    }

    /// The components of an entity.
    fn entity_components(&mut self, v: &'r Value, d: Dflt<'_>) -> Step {
        let Value::Entity(components) = v else {
            return Err(self.mismatch(TypeId::ENTITY, v));
        };
        if components.is_empty() && !self.opts.keep_defaults && d.is_empty_container() {
            return self.defaults_used();
        }
        let mut frame = self.w.begin_object();
        let mut result = self.ctx.code(Outcome::Success);
        let reg = self.reg;
        for (id, data) in components.iter() {
            let component = reg
                .component(*id)
                .ok_or_else(|| self.ctx.error(format!("no component with id {id}")))?;
            let name = component.qualified_name().unwrap_or_default();
            self.w.key(&mut frame, name);
            let len = self.ctx.enter_key(name)?;
            let code = self.element(component.id(), data, self.fresh());
            self.ctx.leave(len);
            result.absorb(code?);
        }
        self.w.end_object(frame);
        Ok(result)
    }

    /// A pointer to a polymorphic class: `$type` first when the actual type is not the declared
    /// one, unless the default has the same actual type and defaults are not kept.
    pub(crate) fn polymorphic(&mut self, base: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let Value::Dynamic(dynamic) = v else {
            return Err(self.mismatch(base, v));
        };
        let actual = dynamic.ty;
        let default = d.dynamic(base);
        let same_type_default = default.is_some_and(|(t, _)| t == actual);
        let write_type = actual != base && (self.opts.keep_defaults || !same_type_default);
        let inner_default = match default {
            Some((t, inner)) if t == actual => inner,
            _ => self.fresh(),
        };
        let is_struct = matches!(
            self.reg.get(actual).map(|t| t.kind()),
            Some(Kind::Struct(_))
        );
        if !is_struct {
            let whole_default = same_type_default && matches!(d, Dflt::Value(dv) if dv == v);
            return self.typed_value(
                actual,
                &dynamic.value,
                inner_default,
                write_type,
                whole_default,
            );
        }
        if !write_type {
            return self.structure(actual, &dynamic.value, inner_default);
        }
        let mut frame = self.w.begin_object();
        self.w.key(&mut frame, "$type");
        self.w.string(&type_name(self.reg, actual));
        let mut code = self.members(&mut frame, actual, &dynamic.value, inner_default)?;
        if matches!(&dynamic.value, Value::Struct(fields) if fields.is_empty()) {
            // `StoreClass` of a class without members did no work.
            code = code.combine(self.ctx.code(Outcome::DefaultsUsed));
        }
        self.w.end_object(frame);
        Ok(self.ctx.code(Outcome::Success).combine(code))
    }

    /// `{"$type": name, "Value": value}` (`AZStd::any`, and polymorphic values that are not
    /// classes).
    fn typed_value(
        &mut self,
        ty: TypeId,
        value: &'r Value,
        default: Dflt<'_>,
        write_type: bool,
        whole_default: bool,
    ) -> Step {
        if whole_default && !self.opts.keep_defaults {
            return self.defaults_used();
        }
        let mut frame = self.w.begin_object();
        if write_type {
            self.w.key(&mut frame, "$type");
            self.w.string(&type_name(self.reg, ty));
        }
        let mark = self.w.mark(&frame);
        self.w.key(&mut frame, "Value");
        let len = self.ctx.enter_key("Value")?;
        let start = self.w.len();
        let code = self.value(ty, value, default);
        self.ctx.leave(len);
        let code = code?;
        if self.left_out(&code, start) {
            self.w.rollback(&mut frame, mark);
        }
        self.w.end_object(frame);
        Ok(self.ctx.code(Outcome::Success).combine(code))
    }

    pub(crate) fn any(&mut self, v: &'r Value, d: Dflt<'_>) -> Step {
        let Value::Dynamic(dynamic) = v else {
            return Err(self.mismatch(TypeId::ANY, v));
        };
        // `JsonAnySerializer::Store`: an empty `any` is the default (no work done); any other
        // always has its `$type`, and its value is compared with the default's when that holds
        // the same type. Otherwise it has no default: a class is compared with a new instance
        // (`StoreClass`), any other value is written whatever it is (`false`, `0`).
        if dynamic.ty == TypeId::NIL {
            return self.defaults_used();
        }
        let class = matches!(
            self.reg.get(dynamic.ty).map(|t| t.kind()),
            Some(Kind::Struct(_))
        );
        let inner = match d {
            Dflt::Value(Value::Dynamic(dd)) if dd.ty == dynamic.ty => Dflt::Value(&dd.value),
            _ if class => self.fresh(),
            _ => Dflt::None,
        };
        self.typed_value(dynamic.ty, &dynamic.value, inner, true, false)
    }
}
