//! The serializer's state ([`Ser`]): the writer, the options that apply without a registry, and
//! the open arrays and objects ([`Compound`]) that serde's compound serializers write into.

use ::serde::ser::Serialize;

use crate::error::{Error, Result};
use crate::o3de::options::StoreOptions;
use crate::text::writer::{fixed_form, FloatForm, Frame, Writer};

/// The serializer (`&mut Ser` implements `serde::Serializer`). `INDENTS`: whether the text may
/// be pretty; `FORM`: the float form, fixed or as the options say (a
/// [`form`](crate::text::writer::form) code).
pub struct Ser<const INDENTS: bool, const FORM: u8> {
    pub(super) w: Writer<INDENTS>,
    pub(super) float_form: FloatForm,
    pub(super) sort_maps: bool,
    pub(super) max_depth: usize,
    /// Containers open around what is being written.
    pub(super) depth: usize,
    /// Options and newtypes open around what is being written: they nest no JSON, but a
    /// recursive type can nest them without end.
    pub(super) wraps: usize,
}

impl<const I: bool, const F: u8> Ser<I, F> {
    pub(super) fn new(options: &StoreOptions) -> Self {
        Ser {
            w: Writer::with_indent(options.indent),
            float_form: options.float_form,
            sort_maps: options.sort_maps,
            max_depth: options.max_depth,
            depth: 0,
            wraps: 0,
        }
    }

    /// The float form: fixed by the type, or as the options say.
    #[inline(always)]
    pub(super) fn float_form(&self) -> FloatForm {
        fixed_form::<F>(self.float_form)
    }

    /// One level of nesting more, or the error for too many.
    #[inline]
    pub(super) fn open(&mut self) -> Result<()> {
        if self.depth >= self.max_depth {
            return Err(self.too_deep());
        }
        self.depth += 1;
        Ok(())
    }

    /// Writes within one level of nesting more (a map entry's `{"Key", "Value"}` object).
    #[inline]
    pub(super) fn nested(&mut self, write: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        self.open()?;
        let result = write(self);
        self.depth -= 1;
        result
    }

    #[cold]
    pub(super) fn too_deep(&self) -> Error {
        Error::custom(format!("nesting deeper than {} levels", self.max_depth))
    }

    /// A value that is written as its content (`Some(v)`, a newtype struct).
    #[inline]
    pub(super) fn wrapped<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        if self.wraps >= self.max_depth {
            return Err(self.too_deep());
        }
        self.wraps += 1;
        let result = value.serialize(&mut *self);
        self.wraps -= 1;
        result
    }

    #[inline]
    pub(super) fn array(&mut self) -> Result<Compound<'_, I, F>> {
        self.open()?;
        let frame = self.w.begin_array();
        Ok(Compound {
            ser: self,
            frame,
            index: 0,
        })
    }

    #[inline]
    pub(super) fn object(&mut self) -> Result<Compound<'_, I, F>> {
        self.open()?;
        let frame = self.w.begin_object();
        Ok(Compound {
            ser: self,
            frame,
            index: 0,
        })
    }

    /// `{"$type": "Variant"` of an enum variant's object, open.
    #[inline]
    pub(super) fn variant(&mut self, variant: &str) -> Result<Compound<'_, I, F>> {
        let mut c = self.object()?;
        c.ser.w.key(&mut c.frame, "$type");
        c.ser.w.string(variant);
        Ok(c)
    }
}

/// An open array or object: a seq, tuple, tuple struct, struct or struct variant.
pub struct Compound<'a, const I: bool, const F: u8> {
    pub(super) ser: &'a mut Ser<I, F>,
    pub(super) frame: Frame,
    /// The next element's index (for error paths).
    pub(super) index: usize,
}

impl<const I: bool, const F: u8> Compound<'_, I, F> {
    #[inline]
    pub(super) fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.ser.w.element(&mut self.frame);
        if let Err(e) = value.serialize(&mut *self.ser) {
            return Err(e.under_index(self.index));
        }
        self.index += 1;
        Ok(())
    }

    #[inline]
    pub(super) fn end_array(self) -> Result<()> {
        self.ser.w.end_array(self.frame);
        self.ser.depth -= 1;
        Ok(())
    }

    #[inline]
    pub(super) fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.ser.w.key(&mut self.frame, key);
        value.serialize(&mut *self.ser).map_err(|e| e.under(key))
    }

    #[inline]
    pub(super) fn end_object(self) -> Result<()> {
        self.ser.w.end_object(self.frame);
        self.ser.depth -= 1;
        Ok(())
    }
}

/// `{"$type": "Variant", "Value": [...]}` open at the array.
pub struct TupleVariant<'a, const I: bool, const F: u8> {
    pub(super) inner: Compound<'a, I, F>,
    pub(super) outer: Frame,
}
