//! "Did you mean": the closest spelling among known words, for unknown flags, values, URL
//! keys, GPU and architecture names.
//!
//! Distance is the optimal-string-alignment edit distance (`strsim::osa_distance`: insertions,
//! deletions, substitutions and swaps of neighbours) on lower-cased words, accepted up to a
//! third of the word's length (at least 1), as rustc's "a similar name exists" does; a
//! candidate equal but for case is distance 0.

/// The candidate closest to `word`, or `None` when none is close enough (see the module docs).
/// Ties go to the first candidate. Never panics; empty input gives `None`.
pub fn closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let w = word.trim().to_ascii_lowercase();
    if w.is_empty() {
        return None;
    }
    let limit = (w.chars().count() / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        let lc = c.to_ascii_lowercase();
        let d = if lc == w {
            0
        } else {
            strsim::osa_distance(&w, &lc)
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn typos_swaps_and_case() {
        let flags = ["--attention-backend", "--kv-cache-dtype", "--page-size"];
        assert_eq!(
            closest("--attention-backnd", flags),
            Some("--attention-backend")
        );
        assert_eq!(closest("--kv-cahce-dtype", flags), Some("--kv-cache-dtype"));
        assert_eq!(closest("--PAGE-SIZE", flags), Some("--page-size"));
        assert_eq!(closest("--tp-size", flags), None);
        assert_eq!(closest("", flags), None);
        assert_eq!(closest("bf61", ["bf16", "fp8_e4m3"]), Some("bf16"));
    }
}
