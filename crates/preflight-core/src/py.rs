//! Python semantics the ports of SGLang's code need: integer division and modulo (floor
//! semantics, `ZeroDivisionError`), and SGLang's environment-variable parsers
//! (`sglang/srt/environ.py@0.5.23`).
//!
//! Rust's `/` and `%` truncate toward zero and panic on a zero divisor; Python floors and
//! raises. Ported code never uses them on values that come from the user: it calls
//! [`floordiv`] / [`modulo`], which return `None` for a zero divisor (the caller raises the
//! `ZeroDivisionError` rule, as Python would).

/// Python `a // b`; `None` when `b == 0`.
pub fn floordiv(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.wrapping_div(b);
    Some(if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// Python `a % b` (the sign of `b`); `None` when `b == 0`.
pub fn modulo(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let r = a.wrapping_rem(b);
    Some(if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    })
}

/// `EnvBool.parse` (`environ.py:143-150@0.5.23`): lower-cased `true/1/yes/y` or `false/0/no/n`;
/// anything else warns and gives the default, as does an unset variable.
pub fn env_bool(value: Option<&str>, default: bool) -> bool {
    match value.map(str::to_lowercase).as_deref() {
        Some("true" | "1" | "yes" | "y") => true,
        Some("false" | "0" | "no" | "n") => false,
        _ => default,
    }
}

/// `EnvInt.parse`: Python `int(value)`; an invalid or unset value gives the default.
pub fn env_int(value: Option<&str>, default: i64) -> i64 {
    match value.map(crate::args::py_int) {
        Some(Some(Ok(i))) => i,
        _ => default,
    }
}

/// `EnvFloat.parse`: Python `float(value)`; an invalid or unset value gives the default.
pub fn env_float(value: Option<&str>, default: f64) -> f64 {
    value.and_then(crate::args::py_float).unwrap_or(default)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_division() {
        assert_eq!(floordiv(7, 2), Some(3));
        assert_eq!(floordiv(-7, 2), Some(-4));
        assert_eq!(floordiv(7, -2), Some(-4));
        assert_eq!(floordiv(1, 0), None);
        assert_eq!(modulo(-7, 2), Some(1));
        assert_eq!(modulo(7, -2), Some(-1));
        assert_eq!(modulo(8, 4), Some(0));
        assert_eq!(modulo(8, 0), None);
        assert!(env_bool(Some("Y"), false));
        assert!(!env_bool(Some("maybe"), false));
        assert!(env_bool(None, true));
        assert_eq!(env_int(Some(" 12 "), 0), 12);
        assert_eq!(env_int(Some("x"), 5), 5);
    }
}
