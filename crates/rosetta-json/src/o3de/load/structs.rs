//! Load for structs (`JsonDeserializer::LoadClass`): members matched by name in any case, in
//! place when they come in declaration order; unknown members skipped; what the JSON leaves out
//! gets its default.

use rosetta_types::{Kind, TypeId, Value};

use super::value::{failed, is_placeholder, placeholder, Load, Made};
use crate::o3de::report::context::{Seen, Step};
use crate::o3de::report::result::Outcome;
use crate::text::reader::{Member, Peek};

impl Load<'_, '_, '_> {
    /// A struct: an object, one level deeper as [`MAX_NESTING`](rosetta_types::MAX_NESTING)
    /// counts them.
    pub(crate) fn structure(&mut self, ty: TypeId, target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Object {
            return self.wrong_kind("an object");
        }
        self.ctx.enter_object()?;
        let code = self.members(ty, target);
        self.ctx.leave_object();
        code
    }

    /// The members of the struct ahead (after its `{` was seen).
    fn members(&mut self, ty: TypeId, target: &mut Value) -> Step {
        let reg = self.reg;
        let Some(Kind::Struct(s)) = reg.get(ty).map(|t| t.kind()) else {
            return Err(self.ctx.error("not a struct"));
        };
        if target.as_struct().map_or(true, |v| v.len() != s.len()) {
            // Members are made as they are read; the others get their defaults at the end.
            *target = Value::Struct((0..s.len()).map(|_| placeholder()).collect());
        }
        let Value::Struct(values) = target else {
            return Err(self.ctx.error("not a struct value"));
        };
        let fields = s.fields();
        self.r.begin_object()?;
        let mut first = true;
        let mut result = self.ctx.fresh();
        let mut hint = 0;
        let mut loaded = 0usize;
        // Member names are matched in any case, as the engine's (lower-cased) CRCs are, so
        // `name` and `Name` are one member twice.
        let mut seen = Seen::default();
        loop {
            // `None`: the member expected next, matched in place.
            let key = match self
                .r
                .next_member(&mut first, fields.get(hint).map(|f| f.name()))?
            {
                Member::End => break,
                Member::Expected => None,
                Member::Other(key) => Some(key),
            };
            let index = match &key {
                None => Some(hint),
                Some(key) if key == "$type" => {
                    self.r.skip_value()?;
                    continue;
                }
                Some(key) => s.index_of(key).or_else(|| {
                    fields
                        .iter()
                        .position(|f| f.name().eq_ignore_ascii_case(key))
                }),
            };
            let repeated = index.is_some_and(|i| seen.insert(i));
            if let Some(i) = index.filter(|_| !self.opts.report_successes && !repeated) {
                // A plain member read as written reports nothing, so needs no path.
                if let Some(t) = reg.get(fields[i].ty()) {
                    match self.value_fast(t.kind(), &mut values[i]) {
                        Ok(Some(code)) => {
                            hint = i + 1;
                            loaded += 1;
                            result.absorb(code);
                            continue;
                        }
                        Ok(None) => {}
                        Err(e) => return self.stopped(fields[i].ty(), &mut values[i], e),
                    }
                }
            }
            let len = match &key {
                Some(key) => self.ctx.enter_read_key(key)?,
                None => self.ctx.enter_key(fields[hint].name())?,
            };
            if repeated {
                match self.ctx.second_member() {
                    Ok(code) => result.absorb(code),
                    Err(e) => {
                        self.ctx.leave(len);
                        return Err(e);
                    }
                }
            }
            let code = match index {
                Some(i) => {
                    hint = i + 1;
                    let made = Made::Default(fields[i].default());
                    let code = self.value_or(fields[i].ty(), &mut values[i], made);
                    // `LoadClass` counts the members that were not Altered: one that failed
                    // leaves its default, which makes the whole PartialAlter, not Altered.
                    if code.as_ref().is_ok_and(|&c| !failed(c)) {
                        loaded += 1;
                    }
                    code
                }
                None => {
                    let key = key.unwrap_or_default();
                    self.skip(|| format!("`{}` has no member `{key}`", reg.display(ty)))
                }
            };
            self.ctx.leave(len);
            result.absorb(code?);
        }
        if loaded < fields.len() {
            // `JsonDeserializer::LoadClass`: some members missing is PartialDefaults, all of
            // them DefaultsUsed, whatever the loaded members reported.
            let missing = if loaded == 0 {
                Outcome::DefaultsUsed
            } else {
                Outcome::PartialDefaults
            };
            result.absorb(self.ctx.code(missing));
        }
        for (field, value) in fields.iter().zip(values.iter_mut()) {
            if is_placeholder(value) {
                *value = match field.default() {
                    Some(d) => d.clone(),
                    None => {
                        // One level below this struct's, as a writer meets it.
                        self.ctx.check_default(reg, field.ty(), &[field.name()])?;
                        self.default_of(field.ty())?
                    }
                };
            }
        }
        Ok(result)
    }
}
