//! [`F32s`]: the components of an `f32` math value, kept inline when there are at most four.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// The most components kept inline.
const INLINE: usize = 4;

/// The components of an `f32` math value ([`Value::MathF32`](crate::Value::MathF32)): up to
/// four (vectors, quaternions, colors) are kept inline, more (matrices, transforms) on the heap.
/// Most math values are small, and a list of 100,000 vectors then makes no allocation per
/// vector. Derefs to `[f32]`, and [`Value`](crate::Value) stays 24 bytes.
///
/// ```
/// use rosetta_types::F32s;
/// let v: F32s = [1.0, 2.0, 3.0].into();
/// assert_eq!(&*v, &[1.0, 2.0, 3.0]);
/// let m: F32s = (0..16).map(|i| i as f32).collect();
/// assert_eq!(m.len(), 16);
/// ```
#[derive(Clone)]
pub struct F32s(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, data: [f32; INLINE] },
    Heap(Box<[f32]>),
}

impl F32s {
    /// The components as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[f32] {
        match &self.0 {
            // `len` is at most INLINE (see `From<&[f32]>`).
            Repr::Inline { len, data } => &data[..usize::from(*len).min(INLINE)],
            Repr::Heap(h) => h,
        }
    }

    /// The components as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [f32] {
        match &mut self.0 {
            Repr::Inline { len, data } => &mut data[..usize::from(*len).min(INLINE)],
            Repr::Heap(h) => h,
        }
    }
}

impl Deref for F32s {
    type Target = [f32];
    #[inline]
    fn deref(&self) -> &[f32] {
        self.as_slice()
    }
}

impl DerefMut for F32s {
    #[inline]
    fn deref_mut(&mut self) -> &mut [f32] {
        self.as_mut_slice()
    }
}

impl From<&[f32]> for F32s {
    #[inline]
    fn from(c: &[f32]) -> Self {
        if c.len() <= INLINE {
            let mut data = [0.0; INLINE];
            data[..c.len()].copy_from_slice(c);
            F32s(Repr::Inline {
                len: c.len() as u8,
                data,
            })
        } else {
            F32s(Repr::Heap(c.into()))
        }
    }
}

impl<const N: usize> From<[f32; N]> for F32s {
    #[inline]
    fn from(c: [f32; N]) -> Self {
        F32s::from(&c[..])
    }
}

impl From<Vec<f32>> for F32s {
    fn from(c: Vec<f32>) -> Self {
        if c.len() <= INLINE {
            F32s::from(&c[..])
        } else {
            F32s(Repr::Heap(c.into_boxed_slice()))
        }
    }
}

impl FromIterator<f32> for F32s {
    fn from_iter<I: IntoIterator<Item = f32>>(iter: I) -> Self {
        let mut iter = iter.into_iter();
        let mut data = [0.0; INLINE];
        let mut len = 0;
        for x in iter.by_ref() {
            if len == INLINE {
                let mut heap = data.to_vec();
                heap.push(x);
                heap.extend(iter);
                return F32s(Repr::Heap(heap.into_boxed_slice()));
            }
            data[len] = x;
            len += 1;
        }
        F32s(Repr::Inline {
            len: len as u8,
            data,
        })
    }
}

impl fmt::Debug for F32s {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_up_to_four_heap_beyond() {
        for n in 0..20 {
            let c: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
            let collected: F32s = c.iter().copied().collect();
            let from_vec = F32s::from(c.clone());
            let from_slice = F32s::from(&c[..]);
            for v in [collected, from_vec, from_slice] {
                assert_eq!(&*v, &c[..]);
                assert_eq!(matches!(v.0, Repr::Inline { .. }), n <= INLINE);
                assert_eq!(format!("{v:?}"), format!("{c:?}"));
            }
        }
        let mut v = F32s::from([1.0, 2.0]);
        v[1] = 5.0;
        assert_eq!(&*v, &[1.0, 5.0]);
        assert_eq!(std::mem::size_of::<crate::Value>(), 24);
    }
}
