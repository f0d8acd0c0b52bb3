//! [`ComponentJson`]: what a JSON snapshot needs besides its framing.

use serde_json::Value;

use super::scanner::JsonScanner;
use super::text::JsonText;
use crate::error::Result;
use crate::object::Object;

/// Turns one component's data into JSON and back: what a JSON snapshot needs besides its
/// framing. The schema-aware SpatialOS JSON codec implements it; so can a test.
///
/// [`to_json`](Self::to_json) and [`from_json`](Self::from_json) are the whole contract.
/// [`read_json`](Self::read_json) and [`write_json`](Self::write_json) are the same through
/// the text, without a `Value` in between; their defaults go through `from_json` and `to_json`,
/// and a codec overrides them to be faster, not to be different.
pub trait ComponentJson {
    /// The JSON of a component's data (`{"coords": {"x": 0.0, …}}` for Position).
    fn to_json(&self, component_id: u32, data: &Object) -> Result<Value>;

    /// A component's data from its JSON.
    // Named as the codec's own functions are; `self` is the codec, not the JSON.
    #[allow(clippy::wrong_self_convention)]
    fn from_json(&self, component_id: u32, value: &Value) -> Result<Object>;

    /// A component's data read straight from the entity's text: the next value of `scanner`,
    /// which is left past it.
    ///
    /// It must give what [`from_json`](Self::from_json) gives for the `Value` of that text, or
    /// an error. Its errors are not reported: on any error the reader reads the whole entity
    /// again as `Value`s, through `from_json`, and reports what that path says. So an override
    /// may refuse anything it does not handle, and need not say why.
    // `self` is the codec, as in `from_json`.
    #[allow(clippy::wrong_self_convention)]
    fn read_json(&self, component_id: u32, scanner: &mut JsonScanner<'_>) -> Result<Object> {
        let value = scanner.value()?;
        self.from_json(component_id, &value)
    }

    /// Appends a component's data to `out` as the text of [`to_json`](Self::to_json)'s value,
    /// byte for byte (pretty, at `out`'s indentation); an error where `to_json` fails.
    fn write_json(&self, component_id: u32, data: &Object, out: &mut JsonText) -> Result<()> {
        let value = self.to_json(component_id, data)?;
        out.value(&value)
    }
}

impl<T: ComponentJson + ?Sized> ComponentJson for &T {
    fn to_json(&self, component_id: u32, data: &Object) -> Result<Value> {
        (**self).to_json(component_id, data)
    }

    fn from_json(&self, component_id: u32, value: &Value) -> Result<Object> {
        (**self).from_json(component_id, value)
    }

    fn read_json(&self, component_id: u32, scanner: &mut JsonScanner<'_>) -> Result<Object> {
        (**self).read_json(component_id, scanner)
    }

    fn write_json(&self, component_id: u32, data: &Object, out: &mut JsonText) -> Result<()> {
        (**self).write_json(component_id, data, out)
    }
}
