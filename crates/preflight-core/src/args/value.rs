//! Conversions between typed `ServerArgs` fields and Python values ([`PyVal`]).
//!
//! `to_py` gives what Python holds (`None` for an unset optional); `from_py` accepts what a
//! field of that Python type can hold (an `int` into a `float` field, `None` into an optional
//! one) and refuses the rest with the expected type, never panicking.

use crate::pyfmt::PyVal;

/// A Rust type that holds one `ServerArgs` field.
pub trait FieldValue: Sized {
    /// The value as Python sees it.
    fn to_py(&self) -> PyVal;
    /// The field's value from a Python value; `Err` names the expected type.
    fn from_py(v: PyVal) -> Result<Self, String>;
}

/// A field's value as Python sees it: [`FieldValue::to_py`], kept out of line so that the
/// generated per-field readers of `ServerArgs` stay one call each (code size of the wasm).
#[inline(never)]
pub fn get_py<T: FieldValue>(slot: &T) -> PyVal {
    slot.to_py()
}

/// Writes a field from a Python value ([`FieldValue::from_py`]); the field is unchanged when
/// the value has the wrong type, and the error names the expected type. Out of line, as
/// [`get_py`].
#[inline(never)]
pub fn set_py<T: FieldValue>(slot: &mut T, v: PyVal) -> Result<(), String> {
    *slot = T::from_py(v)?;
    Ok(())
}

impl FieldValue for i64 {
    fn to_py(&self) -> PyVal {
        PyVal::Int(*self)
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::Int(i) => Ok(i),
            // bool is an int subclass in Python
            PyVal::Bool(b) => Ok(b as i64),
            other => Err(format!("expected an int, got {}", other.to_repr())),
        }
    }
}

impl FieldValue for f64 {
    fn to_py(&self) -> PyVal {
        PyVal::Float(*self)
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::Float(f) => Ok(f),
            PyVal::Int(i) => Ok(i as f64),
            PyVal::Bool(b) => Ok(b as i64 as f64),
            other => Err(format!("expected a float, got {}", other.to_repr())),
        }
    }
}

impl FieldValue for bool {
    fn to_py(&self) -> PyVal {
        PyVal::Bool(*self)
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::Bool(b) => Ok(b),
            other => Err(format!("expected a bool, got {}", other.to_repr())),
        }
    }
}

impl FieldValue for String {
    fn to_py(&self) -> PyVal {
        PyVal::Str(self.clone())
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::Str(s) | PyVal::Raw(s) => Ok(s),
            other => Err(format!("expected a str, got {}", other.to_repr())),
        }
    }
}

/// A `str` field of `ServerArgs`: a literal (SGLang's defaults, the values resolution writes)
/// is borrowed, so copying the resolving view allocates nothing for it; a user's value is
/// owned. Compare with `==` against a `&str`, read with `&*s` / `as_deref()`.
pub type Str = std::borrow::Cow<'static, str>;

impl FieldValue for Str {
    fn to_py(&self) -> PyVal {
        PyVal::Str(self.to_string())
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::Str(s) | PyVal::Raw(s) => Ok(Str::Owned(s)),
            other => Err(format!("expected a str, got {}", other.to_repr())),
        }
    }
}

impl<T: FieldValue> FieldValue for Option<T> {
    fn to_py(&self) -> PyVal {
        match self {
            Some(v) => v.to_py(),
            None => PyVal::None,
        }
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::None => Ok(None),
            v => T::from_py(v).map(Some),
        }
    }
}

impl<T: FieldValue> FieldValue for Vec<T> {
    fn to_py(&self) -> PyVal {
        PyVal::List(self.iter().map(FieldValue::to_py).collect())
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        match v {
            PyVal::List(items) => items.into_iter().map(T::from_py).collect(),
            other => Err(format!("expected a list, got {}", other.to_repr())),
        }
    }
}

impl FieldValue for PyVal {
    fn to_py(&self) -> PyVal {
        self.clone()
    }
    fn from_py(v: PyVal) -> Result<Self, String> {
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_follow_python_types() {
        assert_eq!(i64::from_py(PyVal::Int(3)), Ok(3));
        assert!(i64::from_py(PyVal::s("3")).is_err());
        assert_eq!(f64::from_py(PyVal::Int(2)), Ok(2.0));
        assert_eq!(Option::<String>::from_py(PyVal::None), Ok(None));
        assert_eq!(
            Option::<Vec<i64>>::from_py(PyVal::List(vec![PyVal::Int(1)])),
            Ok(Some(vec![1]))
        );
        assert_eq!(Some(5i64).to_py(), PyVal::Int(5));
        assert_eq!(None::<bool>.to_py(), PyVal::None);
    }
}
