//! Types that contain themselves through singular fields have no finite value.

use std::collections::HashMap;

use rosetta_bundle::{FieldType, TypeRef};

use super::lower::Lowering;
use super::symbols::Decl;
use crate::ast::TypeMember;
use crate::diagnostic::Diagnostics;

impl Lowering<'_, '_> {
    /// Reports each singular field that closes a cycle of types.
    pub(super) fn check_recursion(&self, diagnostics: &mut Diagnostics) {
        let mut names: Vec<&str> = self.type_fields.keys().map(String::as_str).collect();
        names.sort_unstable();
        // 0 = unvisited, 1 = on the stack, 2 = done.
        let mut state: HashMap<&str, u8> = HashMap::new();
        for start in names {
            if state.contains_key(start) {
                continue;
            }
            let mut stack: Vec<(&str, usize)> = vec![(start, 0)];
            state.insert(start, 1);
            while let Some((ty, next)) = stack.last_mut() {
                let (ty, index) = (*ty, *next);
                let fields = self.type_fields.get(ty).map_or(&[][..], Vec::as_slice);
                let Some(field) = fields.get(index) else {
                    state.insert(ty, 2);
                    stack.pop();
                    continue;
                };
                *next += 1;
                let FieldType::Singular(TypeRef::Type(target)) = &field.ty else {
                    continue;
                };
                match state.get(target.as_str()) {
                    None => {
                        state.insert(target, 1);
                        stack.push((target, 0));
                    }
                    Some(1) => {
                        let from = stack.iter().position(|(t, _)| *t == target).unwrap_or(0);
                        let mut chain: Vec<&str> = stack[from..].iter().map(|(t, _)| *t).collect();
                        chain.push(target);
                        self.report_recursive_field(
                            ty,
                            &field.name,
                            &chain.join(" -> "),
                            diagnostics,
                        );
                    }
                    Some(_) => {}
                }
            }
        }
    }

    fn report_recursive_field(
        &self,
        ty: &str,
        field: &str,
        chain: &str,
        diagnostics: &mut Diagnostics,
    ) {
        let Some(symbol) = self.symbols.get(ty) else {
            return;
        };
        let Decl::Type(decl) = symbol.decl else {
            return;
        };
        let span = decl.members.iter().find_map(|m| match m {
            TypeMember::Field(f) if f.name.name == field => Some(&f.start),
            _ => None,
        });
        if let Some(span) = span {
            diagnostics.error(
                &self.units[symbol.unit].source,
                span,
                format!(
                    "recursive type without end: {chain}; make the field an option, list or map"
                ),
            );
        }
    }
}
