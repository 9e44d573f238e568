//! A POSIX-shell word splitter that keeps byte positions.
//!
//! Neither `shlex` nor `shell-words` reports where a word came from, and the parser needs
//! each flag's span to point at it and to rewrite it, so this is a small lexer of its own.
//! It handles what pasted launch commands contain: blanks, `'…'` and `"…"` quoting,
//! backslash escapes, `\`-newline continuations, `#` comments, the command separators
//! `;` `&&` `||` `|` `&` and newline, and redirections (`> log 2>&1`), whose targets are
//! dropped. Expansions (`$VAR`, `$(…)`, backticks) are kept as written and flagged.

use super::{ParseDiagnostic, Span, codes};

/// One shell word.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    /// The word after quote removal.
    pub text: String,
    /// Where the word is in the input, quotes included.
    pub span: Span,
    /// When the word's text is a verbatim slice of the input, the byte offset where that
    /// slice starts (an unquoted word without escapes, or one single `'…'`/`"…"` segment).
    pub linear_at: Option<usize>,
    /// The text holds an unexpanded `$…` or backtick expansion.
    pub expansion: bool,
}

impl Word {
    /// The span of `text[range]` in the input, when the word is linear; else the word's span.
    /// Never starts before the word's span: a config-file key `kv-cache-dtype` is the word
    /// `--kv-cache-dtype` whose two dashes are not in the input.
    pub fn sub_span(&self, from: usize, to: usize) -> Span {
        match self.linear_at {
            Some(at) => {
                let start = self.span.start;
                Span::new((at + from).max(start), (at + to).max(start))
            }
            None => self.span,
        }
    }
}

/// One simple command: the words between separators.
#[derive(Clone, Debug, PartialEq)]
pub struct Cmd {
    /// Its words, redirections removed.
    pub words: Vec<Word>,
}

struct Builder {
    text: String,
    start: usize,
    end: usize,
    /// Quoted segments seen: (quote char, had escapes).
    segments: usize,
    first_quote: Option<char>,
    escaped: bool,
    expansion: bool,
}

impl Builder {
    fn new(start: usize) -> Builder {
        Builder {
            text: String::new(),
            start,
            end: start,
            segments: 0,
            first_quote: None,
            escaped: false,
            expansion: false,
        }
    }

    fn finish(self, input: &str, base: usize) -> Word {
        let raw = &input[self.start..self.end];
        let linear_at = if self.escaped {
            None
        } else if self.segments == 0 {
            Some(base + self.start)
        } else if self.segments == 1
            && self
                .first_quote
                .is_some_and(|q| raw.starts_with(q) && raw.ends_with(q) && raw.len() >= 2)
        {
            Some(base + self.start + 1)
        } else {
            None
        };
        Word {
            text: self.text,
            span: Span::new(base + self.start, base + self.end),
            linear_at,
            expansion: self.expansion,
        }
    }
}

struct State {
    cmds: Vec<Cmd>,
    words: Vec<Word>,
    /// The next word is a redirection target.
    drop_next_word: bool,
}

impl State {
    fn push_word(&mut self, w: Word) {
        if self.drop_next_word {
            self.drop_next_word = false;
        } else {
            self.words.push(w);
        }
    }

    fn end_cmd(&mut self) {
        self.drop_next_word = false;
        if !self.words.is_empty() {
            self.cmds.push(Cmd {
                words: std::mem::take(&mut self.words),
            });
        }
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\r'
}

fn is_meta(c: char) -> bool {
    is_blank(c) || matches!(c, '\n' | ';' | '&' | '|' | '<' | '>')
}

/// Splits `input` into commands of words. `base` is added to every span (for text that
/// sits inside a larger input, such as the script of `bash -c '…'`).
pub fn lex(input: &str, base: usize, diags: &mut Vec<ParseDiagnostic>) -> Vec<Cmd> {
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    let n = chars.len();
    let at = |i: usize| chars.get(i).map(|&(_, c)| c);
    let pos = |i: usize| chars.get(i).map_or(input.len(), |&(p, _)| p);

    let mut st = State {
        cmds: Vec::new(),
        words: Vec::new(),
        drop_next_word: false,
    };
    let mut word: Option<Builder> = None;
    let mut i = 0;

    macro_rules! end_word {
        () => {
            if let Some(b) = word.take() {
                st.push_word(b.finish(input, base));
            }
        };
    }
    macro_rules! end_cmd {
        () => {
            end_word!();
            st.end_cmd();
        };
    }

    while i < n {
        let c = chars[i].1;
        if word.is_none() {
            // between words
            if is_blank(c) {
                i += 1;
                continue;
            }
            match c {
                '\n' => {
                    end_cmd!();
                    i += 1;
                    continue;
                }
                '#' => {
                    while i < n && chars[i].1 != '\n' {
                        i += 1;
                    }
                    continue;
                }
                ';' => {
                    end_cmd!();
                    i += 1;
                    continue;
                }
                '|' => {
                    end_cmd!();
                    i += if at(i + 1) == Some('|') { 2 } else { 1 };
                    continue;
                }
                '&' if at(i + 1) != Some('>') => {
                    end_cmd!();
                    i += if at(i + 1) == Some('&') { 2 } else { 1 };
                    continue;
                }
                '\\' => {
                    // continuation: backslash, optional blanks, newline
                    let mut j = i + 1;
                    while j < n && is_blank(chars[j].1) && chars[j].1 != '\r' {
                        j += 1;
                    }
                    let mut k = j;
                    if at(k) == Some('\r') {
                        k += 1;
                    }
                    if at(k) == Some('\n') || k >= n {
                        if j > i + 1 {
                            diags.push(ParseDiagnostic::new(
                                &codes::TRAILING_BLANK_AFTER_BACKSLASH,
                                "a backslash followed by spaces does not continue the line in a shell: the command ends here; read as a continuation".to_string(),
                                Some(Span::new(base + pos(i), base + pos(j))),
                            ));
                        }
                        i = k + 1;
                        continue;
                    }
                }
                _ => {}
            }
            // redirections: [digits](>|>>|<|<<|>&|<&|&>)[&digits|-]
            let mut j = i;
            while j < n && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            if matches!(at(j), Some('>') | Some('<')) || (c == '&' && at(i + 1) == Some('>')) {
                if c == '&' {
                    j = i + 1;
                }
                j += 1;
                while matches!(at(j), Some('>') | Some('<')) {
                    j += 1;
                }
                let mut target_inline = false;
                if at(j) == Some('&') {
                    j += 1;
                    let k = j;
                    while j < n && (chars[j].1.is_ascii_digit() || chars[j].1 == '-') {
                        j += 1;
                    }
                    target_inline = j > k;
                }
                st.drop_next_word = !target_inline;
                i = j;
                continue;
            }
            word = Some(Builder::new(pos(i)));
        }

        // inside a word
        let Some(b) = word.as_mut() else { break };
        match c {
            c if is_meta(c) => {
                end_word!();
                continue; // re-read the separator
            }
            '\'' => {
                let open = i;
                b.segments += 1;
                b.first_quote.get_or_insert('\'');
                i += 1;
                while i < n && chars[i].1 != '\'' {
                    b.text.push(chars[i].1);
                    i += 1;
                }
                if i >= n {
                    diags.push(ParseDiagnostic::new(
                        &codes::UNBALANCED_QUOTE,
                        "unbalanced single quote: the shell waits for the closing '".into(),
                        Some(Span::new(base + pos(open), base + input.len())),
                    ));
                    b.end = input.len();
                    b.escaped = true;
                } else {
                    i += 1;
                    b.end = pos(i);
                }
            }
            '"' => {
                let open = i;
                b.segments += 1;
                b.first_quote.get_or_insert('"');
                i += 1;
                let mut closed = false;
                while i < n {
                    let d = chars[i].1;
                    match d {
                        '"' => {
                            closed = true;
                            i += 1;
                            break;
                        }
                        '\\' if matches!(at(i + 1), Some('$' | '`' | '"' | '\\' | '\n')) => {
                            b.escaped = true;
                            if at(i + 1) != Some('\n') {
                                b.text.push(chars[i + 1].1);
                            }
                            i += 2;
                        }
                        '$' if matches!(at(i + 1), Some(x) if x.is_ascii_alphabetic() || matches!(x, '_' | '{' | '(')) =>
                        {
                            b.expansion = true;
                            b.text.push(d);
                            i += 1;
                        }
                        '`' => {
                            b.expansion = true;
                            b.text.push(d);
                            i += 1;
                        }
                        _ => {
                            b.text.push(d);
                            i += 1;
                        }
                    }
                }
                if !closed {
                    diags.push(ParseDiagnostic::new(
                        &codes::UNBALANCED_QUOTE,
                        "unbalanced double quote: the shell waits for the closing \"".into(),
                        Some(Span::new(base + pos(open), base + input.len())),
                    ));
                    b.escaped = true;
                }
                b.end = pos(i);
            }
            '\\' => {
                b.escaped = true;
                match at(i + 1) {
                    Some('\n') => i += 2,
                    Some('\r') if at(i + 2) == Some('\n') => i += 3,
                    Some(d) => {
                        b.text.push(d);
                        i += 2;
                    }
                    None => i += 1,
                }
                b.end = pos(i);
            }
            '$' | '`' => {
                if c == '`'
                    || matches!(at(i + 1), Some(x) if x.is_ascii_alphabetic() || matches!(x, '_' | '{' | '('))
                {
                    b.expansion = true;
                }
                b.text.push(c);
                i += 1;
                b.end = pos(i);
            }
            _ => {
                b.text.push(c);
                i += 1;
                b.end = pos(i);
            }
        }
    }
    end_cmd!();
    st.cmds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Vec<String>> {
        let mut d = Vec::new();
        lex(s, 0, &mut d)
            .into_iter()
            .map(|c| c.words.into_iter().map(|w| w.text).collect())
            .collect()
    }

    #[test]
    fn splits_quotes_escapes_and_continuations() {
        assert_eq!(
            words("A=1 python -m x \\\n  --a 'b c' --d=\"e \\\"f\\\"\" g\\ h"),
            vec![vec![
                "A=1",
                "python",
                "-m",
                "x",
                "--a",
                "b c",
                "--d=e \"f\"",
                "g h"
            ]]
        );
        assert_eq!(
            words("export A=1\nfoo; bar && baz | qux &"),
            vec![
                vec!["export", "A=1"],
                vec!["foo"],
                vec!["bar"],
                vec!["baz"],
                vec!["qux"]
            ]
        );
        assert_eq!(
            words("run --x 1 > log.txt 2>&1 # comment\nnext"),
            vec![vec!["run", "--x", "1"], vec!["next"]]
        );
        assert_eq!(words("a 'it'\\''s'"), vec![vec!["a", "it's"]]);
        assert_eq!(words(""), Vec::<Vec<String>>::new());
    }

    #[test]
    fn spans_and_linear_offsets() {
        let s = "x --a 'b c' \"d\" e\\f";
        let mut d = Vec::new();
        let c = lex(s, 10, &mut d);
        let w = &c[0].words;
        assert_eq!(w[1].span, Span::new(12, 15));
        assert_eq!(w[1].linear_at, Some(12));
        assert_eq!(w[2].span, Span::new(16, 21));
        assert_eq!(w[2].linear_at, Some(17));
        assert_eq!(w[3].linear_at, Some(23));
        assert_eq!(w[4].linear_at, None);
        assert!(d.is_empty());
    }

    #[test]
    fn unbalanced_quotes_and_expansions_are_reported() {
        let mut d = Vec::new();
        let c = lex("a 'b c", 0, &mut d);
        assert_eq!(c[0].words[1].text, "b c");
        assert_eq!(d[0].code, "PARSE004");
        let mut d = Vec::new();
        let c = lex("a \"$HOME/x\" $(pwd)", 0, &mut d);
        assert!(c[0].words[1].expansion && c[0].words[2].expansion);
    }

    #[test]
    fn backslash_with_trailing_blanks() {
        let mut d = Vec::new();
        let c = lex("a \\  \n b", 0, &mut d);
        assert_eq!(c.len(), 1);
        assert_eq!(d[0].code, "PARSE009");
    }
}
