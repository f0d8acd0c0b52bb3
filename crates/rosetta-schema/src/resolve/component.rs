//! Components and component sets: ids, `data`, events and commands, members.

use std::collections::HashMap;

use rosetta_bundle::{
    CommandDef, ComponentDef, ComponentList, ComponentRef, ComponentSetDef, EventDef,
};

use super::lower::Lowering;
use super::symbols::{join, Decl};
use crate::ast::{ComponentDecl, ComponentMember, ComponentSetDecl, TypeRefAst};
use crate::diagnostic::Diagnostics;
use crate::lex::Span;
use crate::load::Unit;
use crate::source::Source;

impl Lowering<'_, '_> {
    pub(super) fn component_def(
        &mut self,
        unit: usize,
        package: &str,
        decl: &ComponentDecl,
        diagnostics: &mut Diagnostics,
    ) -> ComponentDef {
        let source = &self.units[unit].source;
        let qualified = join(package, &decl.name.name);
        let mut def = ComponentDef {
            source_reference: source.at(&decl.keyword),
            annotations: self.annotations(source, package, &decl.annotations, diagnostics),
            qualified_name: qualified.clone(),
            name: decl.name.name.clone(),
            ..ComponentDef::default()
        };
        let mut id: Option<&Span> = None;
        let mut data: Option<&Span> = None;
        let mut fields = Vec::new();
        let mut names: HashMap<&str, &Span> = HashMap::new();
        for member in &decl.members {
            match member {
                ComponentMember::Id {
                    keyword,
                    value,
                    value_span,
                } => {
                    if id.is_some() {
                        diagnostics.error(
                            source,
                            keyword,
                            format!("component `{qualified}` has more than one `id`"),
                        );
                        continue;
                    }
                    id = Some(value_span);
                    match u32::try_from(*value) {
                        Ok(value) if value > 0 => {
                            def.component_id = value;
                            let ids = &mut self.component_ids;
                            claim_id(
                                self.units,
                                ids,
                                "component id",
                                value,
                                unit,
                                value_span,
                                diagnostics,
                            );
                        }
                        _ => diagnostics.error(
                            source,
                            value_span,
                            format!(
                                "invalid component id {value}: component ids go from 1 to {}",
                                u32::MAX
                            ),
                        ),
                    }
                }
                ComponentMember::Data { keyword, ty } => {
                    if data.is_some() {
                        diagnostics.error(
                            source,
                            keyword,
                            format!("component `{qualified}` has more than one `data` statement"),
                        );
                        continue;
                    }
                    data = Some(keyword);
                    match self.user_type(package, ty, "a component's `data`") {
                        Ok(name) => def.data_definition = name,
                        Err((span, message)) => diagnostics.error(source, &span, message),
                    }
                }
                ComponentMember::Field(field) => fields.push(field),
                ComponentMember::Event(event) => {
                    check_member_name(
                        source,
                        &qualified,
                        &event.name.name,
                        &event.name.span,
                        &mut names,
                        diagnostics,
                    );
                    let type_name = self
                        .user_type(package, &event.ty, "an event's payload")
                        .unwrap_or_else(|(span, message)| {
                            diagnostics.error(source, &span, message);
                            String::new()
                        });
                    def.events.push(EventDef {
                        source_reference: source.at(&event.keyword),
                        annotations: self.annotations(
                            source,
                            package,
                            &event.annotations,
                            diagnostics,
                        ),
                        name: event.name.name.clone(),
                        type_name,
                        event_index: def.events.len() as u32 + 1,
                    });
                }
                ComponentMember::Command(command) => {
                    check_member_name(
                        source,
                        &qualified,
                        &command.name.name,
                        &command.name.span,
                        &mut names,
                        diagnostics,
                    );
                    let mut resolve = |ty: &TypeRefAst, what: &str| {
                        self.user_type(package, ty, what)
                            .unwrap_or_else(|(span, message)| {
                                diagnostics.error(source, &span, message);
                                String::new()
                            })
                    };
                    let response_type = resolve(&command.response, "a command's response");
                    let request_type = resolve(&command.request, "a command's request");
                    def.commands.push(CommandDef {
                        // The compiler wrote the component's position for every command.
                        source_reference: source.at(&decl.keyword),
                        annotations: self.annotations(
                            source,
                            package,
                            &command.annotations,
                            diagnostics,
                        ),
                        name: command.name.name.clone(),
                        request_type,
                        response_type,
                        command_index: def.commands.len() as u32 + 1,
                    });
                }
            }
        }
        if id.is_none() {
            diagnostics.error(
                source,
                &decl.name.span,
                format!("component `{qualified}` has no `id = N;`"),
            );
        }
        if let (Some(_), Some(first)) = (data, fields.first()) {
            diagnostics.error(
                source,
                &first.start,
                format!(
                    "component `{qualified}` has a `data` type, so it cannot also declare fields"
                ),
            );
        }
        def.fields = self.fields(source, &qualified, &fields, diagnostics);
        def
    }

    pub(super) fn component_set_def(
        &mut self,
        unit: usize,
        package: &str,
        decl: &ComponentSetDecl,
        diagnostics: &mut Diagnostics,
    ) -> ComponentSetDef {
        let source = &self.units[unit].source;
        let qualified = join(package, &decl.name.name);
        let mut def = ComponentSetDef {
            source_reference: source.at(&decl.keyword),
            annotations: self.annotations(source, package, &decl.annotations, diagnostics),
            qualified_name: qualified.clone(),
            name: decl.name.name.clone(),
            ..ComponentSetDef::default()
        };
        match &decl.id {
            Some((value, span)) => match u32::try_from(*value) {
                Ok(value) if value > 0 => {
                    def.component_set_id = value;
                    let ids = &mut self.set_ids;
                    claim_id(
                        self.units,
                        ids,
                        "component set id",
                        value,
                        unit,
                        span,
                        diagnostics,
                    );
                }
                _ => diagnostics.error(source, span, format!("invalid component set id {value}")),
            },
            None => diagnostics.error(
                source,
                &decl.name.span,
                format!("component set `{qualified}` has no `id = N;`"),
            ),
        }
        let Some(list) = &decl.list else {
            diagnostics.error(
                source,
                &decl.name.span,
                format!("component set `{qualified}` has no `components = [...];`"),
            );
            return def;
        };
        let mut members: Vec<(u32, ComponentRef)> = Vec::new();
        for name in &list.components {
            match self.lookup(package, name) {
                Some((member, symbol)) => match symbol.decl {
                    Decl::Component(component) => {
                        if members.iter().any(|(_, m)| m.component == member) {
                            diagnostics.error(
                                source,
                                &name.span(),
                                format!("`{member}` is listed twice in `{qualified}`"),
                            );
                            continue;
                        }
                        let id = component_id(component);
                        members.push((
                            id,
                            ComponentRef {
                                source_reference: source.at(&name.span()),
                                component: member,
                            },
                        ));
                    }
                    other => diagnostics.error(
                        source,
                        &name.span(),
                        format!(
                            "`{member}` is {}, but a component set lists components",
                            other.kind()
                        ),
                    ),
                },
                None => diagnostics.error(
                    source,
                    &name.span(),
                    self.symbols.unknown("component", name),
                ),
            }
        }
        // The compiler listed members by ascending component id.
        members.sort_by_key(|(id, _)| *id);
        def.component_list = ComponentList {
            source_reference: source.at(&list.keyword),
            annotations: self.annotations(source, package, &list.annotations, diagnostics),
            components: members.into_iter().map(|(_, m)| m).collect(),
        };
        def
    }
}

/// Records that `unit` uses `id` at `span`, or reports where it was used first.
fn claim_id(
    units: &[Unit],
    ids: &mut HashMap<u32, (usize, Span)>,
    what: &str,
    id: u32,
    unit: usize,
    span: &Span,
    diagnostics: &mut Diagnostics,
) {
    if let Some((first_unit, first)) = ids.get(&id) {
        let first_source = &units[*first_unit].source;
        let at = first_source.at(first);
        diagnostics.error(
            &units[unit].source,
            span,
            format!(
                "{what} {id} is already used at {}:{}:{}",
                first_source.display_path, at.line, at.column
            ),
        );
    } else {
        ids.insert(id, (unit, span.clone()));
    }
}

fn component_id(component: &ComponentDecl) -> u32 {
    component
        .members
        .iter()
        .find_map(|m| match m {
            ComponentMember::Id { value, .. } => u32::try_from(*value).ok(),
            _ => None,
        })
        .unwrap_or(0)
}

/// Events and commands of a component share one namespace.
fn check_member_name<'n>(
    source: &Source,
    component: &str,
    name: &'n str,
    span: &'n Span,
    names: &mut HashMap<&'n str, &'n Span>,
    diagnostics: &mut Diagnostics,
) {
    if let Some(first) = names.insert(name, span) {
        diagnostics.error(
            source,
            span,
            format!(
                "`{name}` is already an event or command of `{component}` (line {})",
                source.at(first).line
            ),
        );
    }
}
