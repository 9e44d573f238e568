//! Hash routing (pure): `#/rules` (the rule list, with its filters after a `?`),
//! `#/rules/CODE` (one rule), `#/matrix` (the matrix of the builder's model, with its view
//! after a `?`: `kind=attention|dsa|dsv4`, `vendor=nvidia|amd|all`), `#/__panic` (the hidden test route of [`crate::stopped`]),
//! anything else the builder. The builder's own state lives in the
//! query string, which the hash never touches, so going to a rule page and back keeps it.

use crate::url::{decode, encode};

/// Filters of the rule list (empty = any).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleFilter {
    /// Text searched in the code, name, title and messages.
    pub q: String,
    /// GPU family (the picker's family label, e.g. `Hopper`).
    pub gpu: String,
    /// Backend name (`flashinfer_sparse_mla`).
    pub backend: String,
    /// Model family label.
    pub model: String,
    /// Stage label key (`construction`).
    pub stage: String,
    /// SGLang release (`0.5.23`).
    pub version: String,
}

impl RuleFilter {
    /// The filter's fields as (URL key, value).
    fn fields(&self) -> [(&'static str, &String); 6] {
        [
            ("q", &self.q),
            ("gpu", &self.gpu),
            ("backend", &self.backend),
            ("model", &self.model),
            ("stage", &self.stage),
            ("v", &self.version),
        ]
    }

    /// Whether any filter is set.
    pub fn is_empty(&self) -> bool {
        self.fields().iter().all(|(_, v)| v.is_empty())
    }
}

/// What the matrix page crosses (empty = chosen from the builder's launch).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatrixView {
    /// `attention`, `dsa`, `dsv4`, or empty (what the launch's model uses).
    pub kind: String,
    /// `nvidia`, `amd`, `all`, or empty (the builder GPU's vendor).
    pub vendor: String,
}

/// The matrix kinds the page offers.
pub const MATRIX_KINDS: &[&str] = &["attention", "dsa", "dsv4"];
/// The vendor filters the page offers.
pub const MATRIX_VENDORS: &[&str] = &["nvidia", "amd", "all"];

/// A page of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The builder (default).
    Builder,
    /// The rule list.
    Rules(RuleFilter),
    /// One rule (or parser code) page.
    Rule(String),
    /// The matrix of the builder's model.
    Matrix(MatrixView),
    /// `#/__panic`: a hidden test route whose page panics, so that the e2e tests can check
    /// what a panic does (crate::stopped). Nothing links to it; typing it stops the page,
    /// and Reload brings the builder back with the same configuration.
    Panic,
}

impl Route {
    /// Reads `location.hash` (`#/rules/DSA001`, `#/rules?q=fp8`; the `#` optional).
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#');
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        let path = path.trim_matches('/');
        let mut parts = path.split('/');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("rules"), None, None) => {
                let mut f = RuleFilter::default();
                for pair in query.split('&').filter(|p| !p.is_empty()) {
                    let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                    let v: String = decode(v).chars().take(200).collect();
                    match k {
                        "q" => f.q = v,
                        "gpu" => f.gpu = v,
                        "backend" => f.backend = v,
                        "model" => f.model = v,
                        "stage" => f.stage = v,
                        "v" => f.version = v,
                        _ => {}
                    }
                }
                Route::Rules(f)
            }
            (Some("__panic"), None, None) => Route::Panic,
            (Some("matrix"), None, None) => {
                let mut m = MatrixView::default();
                for pair in query.split('&').filter(|p| !p.is_empty()) {
                    let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                    let v = decode(v);
                    match k {
                        "kind" if MATRIX_KINDS.contains(&v.as_str()) => m.kind = v,
                        "vendor" if MATRIX_VENDORS.contains(&v.as_str()) => m.vendor = v,
                        _ => {}
                    }
                }
                Route::Matrix(m)
            }
            (Some("rules"), Some(code), None) => {
                let code: String = decode(code)
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric())
                    .take(16)
                    .collect();
                // nothing of a code left (`#/rules/%00`): the list, as `#/rules` reads
                if code.is_empty() {
                    Route::Rules(RuleFilter::default())
                } else {
                    Route::Rule(code.to_ascii_uppercase())
                }
            }
            _ => Route::Builder,
        }
    }

    /// The hash for this route (with its leading `#`).
    pub fn hash(&self) -> String {
        match self {
            Route::Builder => "#/".into(),
            Route::Rules(f) => {
                let q: Vec<String> = f
                    .fields()
                    .iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(k, v)| format!("{k}={}", encode(v)))
                    .collect();
                if q.is_empty() {
                    "#/rules".into()
                } else {
                    format!("#/rules?{}", q.join("&"))
                }
            }
            Route::Rule(code) => format!("#/rules/{code}"),
            Route::Matrix(m) => {
                let q: Vec<String> = [("kind", &m.kind), ("vendor", &m.vendor)]
                    .iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                if q.is_empty() {
                    "#/matrix".into()
                } else {
                    format!("#/matrix?{}", q.join("&"))
                }
            }
            Route::Panic => "#/__panic".into(),
        }
    }
}

/// The link to a rule page.
pub fn rule_href(code: &str) -> String {
    Route::Rule(code.to_string()).hash()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_writes_back() {
        assert_eq!(Route::parse(""), Route::Builder);
        assert_eq!(Route::parse("#findings"), Route::Builder);
        assert_eq!(Route::parse("#/"), Route::Builder);
        assert_eq!(Route::parse("#/rules"), Route::Rules(RuleFilter::default()));
        assert_eq!(
            Route::parse("#/rules/"),
            Route::Rules(RuleFilter::default())
        );
        assert_eq!(Route::parse("#/rules/dsa001"), Route::Rule("DSA001".into()));
        // a code of nothing but characters a code cannot hold is the list, and reads back
        // (the url fuzz target found `#/rules/` + NULs as Rule(""), written as `#/rules/`)
        for hash in ["#/rules/\0\0\0", "#/rules/%00", "#/rules/-?q="] {
            let r = Route::parse(hash);
            assert_eq!(r, Route::Rules(RuleFilter::default()), "{hash}");
            assert_eq!(Route::parse(&r.hash()), r, "{hash}");
        }
        assert_eq!(
            Route::parse("#/matrix"),
            Route::Matrix(MatrixView::default())
        );
        let m = Route::parse("#/matrix?kind=dsa&vendor=amd&x=1");
        assert_eq!(m.hash(), "#/matrix?kind=dsa&vendor=amd");
        assert_eq!(
            Route::parse("#/matrix?kind=%3Cscript%3E").hash(),
            "#/matrix"
        );
        assert_eq!(
            Route::parse("#/rules/%3Cscript%3E"),
            Route::Rule("SCRIPT".into())
        );
        let f = RuleFilter {
            q: "fp8 kv".into(),
            gpu: "Blackwell (SM120)".into(),
            backend: "trtllm".into(),
            model: String::new(),
            stage: "construction".into(),
            version: "0.5.19".into(),
        };
        let r = Route::Rules(f);
        assert_eq!(Route::parse(&r.hash()), r);
        assert_eq!(rule_href("DSA001"), "#/rules/DSA001");
        assert_eq!(Route::parse("#/nope/x/y"), Route::Builder);
        assert_eq!(Route::parse("#/__panic"), Route::Panic);
        assert_eq!(Route::parse(&Route::Panic.hash()), Route::Panic);
        assert_eq!(Route::parse("#/__panic/x"), Route::Builder);
    }
}
