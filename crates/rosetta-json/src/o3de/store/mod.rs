//! Store: a value of the shared type model written straight to JSON text by O3DE's rules, one
//! file per kind of value: [`value`] walks and dispatches (scalars, enums, options, and what
//! every kind shares), [`structs`], [`list`] (lists, sets, arrays, tuples), [`map`], [`math`]
//! (vectors, quaternions, colors, matrices, transforms), [`dynamic`] (entities, polymorphic
//! values, `any`), and [`fast`], the tight loops for plain members and elements. What a value is
//! compared with to leave defaults out is [`default`]; what is worked out once per struct type,
//! [`plan`].

pub(crate) mod default;
pub(crate) mod dynamic;
pub(crate) mod fast;
pub(crate) mod list;
pub(crate) mod map;
pub(crate) mod math;
pub(crate) mod plan;
pub(crate) mod structs;
pub(crate) mod value;

use rosetta_types::{Kind, TypeId, TypeRegistry, Value};

use crate::error::{Error, Result};
use crate::o3de::options::StoreOptions;
use crate::o3de::report::context::Halt;
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, ResultCode};
use default::Dflt;
use plan::Plans;
use value::Store;

/// What [`store()`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    /// The JSON text (`{}` when everything was the default).
    pub json: String,
    /// The combined result.
    pub result: ResultCode,
}

/// Writes `value` of type `ty` as JSON, leaving out what equals the type's default (unless
/// `keep_defaults`). A value that is not a class or container (a number, a string, an enum, a
/// vector) is written whatever it is: the engine's `Store` makes a default object to compare
/// with for classes only, so `0` is `0`, not `{}`.
pub fn store(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    options: &StoreOptions,
    reporter: &mut dyn Reporter,
) -> Result<Stored> {
    let leaf = registry.get(ty).is_some_and(|t| {
        !matches!(
            t.kind(),
            Kind::Struct(_)
                | Kind::List(_)
                | Kind::Set(_)
                | Kind::Array(..)
                | Kind::Tuple(_)
                | Kind::Map(..)
                | Kind::Option(_)
                | Kind::Entity
                | Kind::Polymorphic(_)
                | Kind::Any
        )
    });
    let default = if options.keep_defaults || leaf {
        Dflt::None
    } else {
        Dflt::Type
    };
    store_against(registry, ty, value, default, options, reporter)
}

/// Writes `value`, leaving out what equals `default` (O3DE's `Store` with a default object:
/// `keep_defaults` does not apply).
pub fn store_with_default(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    default: &Value,
    options: &StoreOptions,
    reporter: &mut dyn Reporter,
) -> Result<Stored> {
    let options = StoreOptions {
        keep_defaults: false,
        ..options.clone()
    };
    store_against(
        registry,
        ty,
        value,
        Dflt::Value(default),
        &options,
        reporter,
    )
}

fn store_against(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    default: Dflt<'_>,
    options: &StoreOptions,
    reporter: &mut dyn Reporter,
) -> Result<Stored> {
    let plans = Plans::of(registry);
    let mut s = Store::new(registry, &plans, options, reporter);
    let result = match s.value(ty, value, default) {
        Ok(code) => code,
        Err(Halt::Error(e)) => return Err(e),
        Err(Halt::Code(code)) => {
            return Err(Error::at(s.ctx.path(), format!("storing halted: {code}")))
        }
    };
    if result.outcome() == Outcome::DefaultsUsed && s.w.is_empty() {
        // The explicit default, except for an absent option, which `{}` would read back as a
        // present default.
        if matches!(value, Value::Option(None)) {
            s.w.null();
        } else {
            s.w.empty_object();
        }
    }
    Ok(Stored {
        json: s.w.into_string(),
        result,
    })
}
