//! A small TeX → presentation MathML converter for the math pages carry as TeX only (MathJax 2
//! `<script type="math/tex">`): the common subset — fractions, sub/superscripts, Greek letters,
//! operators and relations, roots, sums/integrals with limits, `\left…\right`, matrices and cases,
//! accents, fonts, text and spacing. An unknown command becomes `<mtext>` with its name, so nothing
//! is ever lost; the caller keeps the TeX source as an annotation besides.

use super::markup::escape;
use crate::rules;

/// Deepest nesting converted; deeper input is kept as text (hostile or broken sources).
const MAX_DEPTH: usize = 64;

/// Letters and symbols set as identifiers (`mi`): Greek, and a few letter-like symbols.
const IDENTIFIERS: &str = pairs![
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("delta", "δ"),
    ("epsilon", "ϵ"),
    ("varepsilon", "ε"),
    ("zeta", "ζ"),
    ("eta", "η"),
    ("theta", "θ"),
    ("vartheta", "ϑ"),
    ("iota", "ι"),
    ("kappa", "κ"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("nu", "ν"),
    ("xi", "ξ"),
    ("pi", "π"),
    ("varpi", "ϖ"),
    ("rho", "ρ"),
    ("varrho", "ϱ"),
    ("sigma", "σ"),
    ("varsigma", "ς"),
    ("tau", "τ"),
    ("upsilon", "υ"),
    ("phi", "ϕ"),
    ("varphi", "φ"),
    ("chi", "χ"),
    ("psi", "ψ"),
    ("omega", "ω"),
    ("Gamma", "Γ"),
    ("Delta", "Δ"),
    ("Theta", "Θ"),
    ("Lambda", "Λ"),
    ("Xi", "Ξ"),
    ("Pi", "Π"),
    ("Sigma", "Σ"),
    ("Upsilon", "Υ"),
    ("Phi", "Φ"),
    ("Psi", "Ψ"),
    ("Omega", "Ω"),
    ("infty", "∞"),
    ("partial", "∂"),
    ("nabla", "∇"),
    ("hbar", "ℏ"),
    ("ell", "ℓ"),
    ("emptyset", "∅"),
    ("varnothing", "∅"),
    ("Re", "ℜ"),
    ("Im", "ℑ"),
    ("aleph", "ℵ"),
];

/// Operators, relations, arrows and delimiters (`mo`).
const OPERATORS: &str = pairs![
    ("times", "×"),
    ("cdot", "⋅"),
    ("div", "÷"),
    ("pm", "±"),
    ("mp", "∓"),
    ("ast", "∗"),
    ("star", "⋆"),
    ("circ", "∘"),
    ("bullet", "∙"),
    ("leq", "≤"),
    ("le", "≤"),
    ("geq", "≥"),
    ("ge", "≥"),
    ("neq", "≠"),
    ("ne", "≠"),
    ("ll", "≪"),
    ("gg", "≫"),
    ("approx", "≈"),
    ("equiv", "≡"),
    ("sim", "∼"),
    ("simeq", "≃"),
    ("cong", "≅"),
    ("propto", "∝"),
    ("in", "∈"),
    ("notin", "∉"),
    ("ni", "∋"),
    ("subset", "⊂"),
    ("subseteq", "⊆"),
    ("supset", "⊃"),
    ("supseteq", "⊇"),
    ("cup", "∪"),
    ("cap", "∩"),
    ("setminus", "∖"),
    ("forall", "∀"),
    ("exists", "∃"),
    ("neg", "¬"),
    ("lnot", "¬"),
    ("land", "∧"),
    ("wedge", "∧"),
    ("lor", "∨"),
    ("vee", "∨"),
    ("oplus", "⊕"),
    ("otimes", "⊗"),
    ("perp", "⊥"),
    ("parallel", "∥"),
    ("mid", "∣"),
    ("angle", "∠"),
    ("to", "→"),
    ("rightarrow", "→"),
    ("leftarrow", "←"),
    ("gets", "←"),
    ("leftrightarrow", "↔"),
    ("Rightarrow", "⇒"),
    ("Leftarrow", "⇐"),
    ("Leftrightarrow", "⇔"),
    ("implies", "⟹"),
    ("iff", "⟺"),
    ("mapsto", "↦"),
    ("uparrow", "↑"),
    ("downarrow", "↓"),
    ("ldots", "…"),
    ("dots", "…"),
    ("cdots", "⋯"),
    ("vdots", "⋮"),
    ("ddots", "⋱"),
    ("prime", "′"),
    ("langle", "⟨"),
    ("rangle", "⟩"),
    ("lbrace", "{"),
    ("rbrace", "}"),
    ("lfloor", "⌊"),
    ("rfloor", "⌋"),
    ("lceil", "⌈"),
    ("rceil", "⌉"),
    ("vert", "|"),
    ("Vert", "‖"),
    ("|", "‖"),
    ("{", "{"),
    ("}", "}"),
    ("colon", ":"),
];

/// Large operators: limits go under/over in display style (`munderover`).
const LARGE_OPS: &str = pairs![
    ("sum", "∑"),
    ("prod", "∏"),
    ("coprod", "∐"),
    ("bigcup", "⋃"),
    ("bigcap", "⋂"),
    ("bigoplus", "⨁"),
    ("bigotimes", "⨂"),
];
/// Integrals: limits as sub/superscripts (`msubsup`).
const INTEGRALS: &str = pairs![("int", "∫"), ("iint", "∬"), ("iiint", "∭"), ("oint", "∮")];
/// Named functions set upright; `lim`-like ones take limits underneath.
const FUNCTIONS: &str = words![
    "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
    "log", "ln", "lg", "exp", "det", "dim", "ker", "deg", "gcd", "arg", "hom", "Pr",
];
const LIMIT_FUNCTIONS: &str = words!["lim", "liminf", "limsup", "max", "min", "sup", "inf"];
/// Accents: `(command, mark)`, set with `mover accent="true"`.
const ACCENTS: &str = pairs![
    ("hat", "^"),
    ("widehat", "^"),
    ("bar", "¯"),
    ("overline", "¯"),
    ("vec", "→"),
    ("overrightarrow", "→"),
    ("dot", "˙"),
    ("ddot", "¨"),
    ("tilde", "~"),
    ("widetilde", "~"),
];
/// Font commands and the `mathvariant` they set.
const FONTS: &str = pairs![
    ("mathbf", "bold"),
    ("boldsymbol", "bold-italic"),
    ("mathit", "italic"),
    ("mathrm", "normal"),
    ("operatorname", "normal"),
    ("mathbb", "double-struck"),
    ("mathcal", "script"),
    ("mathscr", "script"),
    ("mathfrak", "fraktur"),
    ("mathsf", "sans-serif"),
    ("mathtt", "monospace"),
];
/// Spacing commands and their widths.
const SPACES: &str = pairs![
    (",", "0.167em"),
    (":", "0.222em"),
    (">", "0.222em"),
    (";", "0.278em"),
    (" ", "0.333em"),
    ("quad", "1em"),
    ("qquad", "2em"),
    ("!", "0em"),
];
/// Commands that only size or style delimiters or layout: dropped, their argument kept.
const TRANSPARENT: &str = words![
    "displaystyle",
    "textstyle",
    "scriptstyle",
    "big",
    "Big",
    "bigg",
    "Bigg",
    "bigl",
    "bigr",
    "Bigl",
    "Bigr",
    "biggl",
    "biggr",
    "limits",
    "nolimits",
    "nonumber",
    "notag",
    "label",
];
/// Matrix environments and their surrounding delimiters.
const MATRICES: &str = triples![
    ("matrix", "", ""),
    ("smallmatrix", "", ""),
    ("array", "", ""),
    ("aligned", "", ""),
    ("align", "", ""),
    ("align*", "", ""),
    ("gathered", "", ""),
    ("split", "", ""),
    ("pmatrix", "(", ")"),
    ("bmatrix", "[", "]"),
    ("Bmatrix", "{", "}"),
    ("vmatrix", "|", "|"),
    ("Vmatrix", "‖", "‖"),
    ("cases", "{", ""),
];

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// `\name` or `\` + one symbol.
    Cmd(String),
    Open,
    Close,
    Sup,
    Sub,
    Amp,
    /// `\\` (row break).
    Newline,
    /// A digit run (with one decimal point inside).
    Num(String),
    Char(char),
    /// A whitespace run: ignored in math, kept in `\text{…}`.
    Space,
}

fn lex(s: &str) -> Vec<Tok> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => match chars.get(i) {
                Some('\\') => {
                    i += 1;
                    out.push(Tok::Newline);
                }
                Some(d) if d.is_ascii_alphabetic() => {
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    let mut name: String = chars[start..i].iter().collect();
                    if chars.get(i) == Some(&'*') && name == "align" {
                        i += 1;
                        name.push('*');
                    }
                    out.push(Tok::Cmd(name));
                }
                Some(&d) => {
                    i += 1;
                    out.push(Tok::Cmd(d.to_string()));
                }
                None => out.push(Tok::Char('\\')),
            },
            '{' => out.push(Tok::Open),
            '}' => out.push(Tok::Close),
            '^' => out.push(Tok::Sup),
            '_' => out.push(Tok::Sub),
            '&' => out.push(Tok::Amp),
            '%' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_digit() => {
                let start = i - 1;
                while i < chars.len()
                    && (chars[i].is_ascii_digit()
                        || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
                {
                    i += 1;
                }
                out.push(Tok::Num(chars[start..i].iter().collect()));
            }
            c if c.is_whitespace() => {
                if out.last() != Some(&Tok::Space) {
                    out.push(Tok::Space);
                }
            }
            c => out.push(Tok::Char(c)),
        }
    }
    out
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    depth: usize,
}

/// What stops an expression.
#[derive(Clone, Copy, PartialEq)]
enum Stop {
    End,
    Close,
    Right,
    /// `&`, `\\` or `\end` inside an environment.
    Cell,
}

fn el(name: &str, inner: &str) -> String {
    format!("<{name}>{inner}</{name}>")
}

fn mo(s: &str) -> String {
    el("mo", &escape(s))
}

fn row(items: Vec<String>) -> String {
    if items.len() == 1 {
        items.into_iter().next().unwrap_or_default()
    } else {
        el("mrow", &items.concat())
    }
}

impl Parser {
    /// The next token that is not a space (spaces are skipped over).
    fn peek(&mut self) -> Option<&Tok> {
        while self.toks.get(self.pos) == Some(&Tok::Space) {
            self.pos += 1;
        }
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Option<Tok> {
        self.peek();
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    /// The next token as written, spaces included (raw text arguments).
    fn next_raw(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    /// Items up to (not consuming) the stop token.
    fn expr(&mut self, stop: Stop) -> Vec<String> {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            let halt = match t {
                Tok::Close => true,
                Tok::Cmd(c) if c == "right" => stop == Stop::Right,
                Tok::Cmd(c) if c == "end" => stop == Stop::Cell,
                Tok::Amp | Tok::Newline => stop == Stop::Cell,
                _ => false,
            };
            if halt {
                break;
            }
            if let Some(item) = self.scripted() {
                items.push(item);
            }
        }
        items
    }

    /// An atom with any `^`/`_` (and primes) after it.
    fn scripted(&mut self) -> Option<String> {
        let (base, limits) = match self.peek() {
            Some(Tok::Sup | Tok::Sub) => ("<mrow></mrow>".to_string(), false),
            _ => {
                let limits = matches!(self.peek(), Some(Tok::Cmd(c)) if rules::table_value(LARGE_OPS, c).is_some() || rules::table_has(LIMIT_FUNCTIONS, c));
                (self.atom()?, limits)
            }
        };
        let (mut sub, mut sup) = (None, None);
        loop {
            match self.peek() {
                Some(Tok::Sub) if sub.is_none() => {
                    self.pos += 1;
                    sub = Some(self.argument());
                }
                Some(Tok::Sup) if sup.is_none() => {
                    self.pos += 1;
                    sup = Some(self.argument());
                }
                Some(Tok::Char('\'')) if sup.is_none() => {
                    let mut primes = String::new();
                    while self.peek() == Some(&Tok::Char('\'')) {
                        self.pos += 1;
                        primes.push('′');
                    }
                    sup = Some(mo(&primes));
                }
                _ => break,
            }
        }
        let (under, over, both) = if limits {
            ("munder", "mover", "munderover")
        } else {
            ("msub", "msup", "msubsup")
        };
        Some(match (sub, sup) {
            (None, None) => base,
            (Some(b), None) => el(under, &format!("{base}{b}")),
            (None, Some(p)) => el(over, &format!("{base}{p}")),
            (Some(b), Some(p)) => el(both, &format!("{base}{b}{p}")),
        })
    }

    /// A braced group or a single atom (the argument of `^`, `\frac`, …).
    fn argument(&mut self) -> String {
        match self.peek() {
            Some(Tok::Open) => {
                self.pos += 1;
                let r = self.group_body();
                row(r)
            }
            _ => self.atom().unwrap_or_else(|| "<mrow></mrow>".into()),
        }
    }

    /// Items up to the matching `}` (consumed).
    fn group_body(&mut self) -> Vec<String> {
        self.depth += 1;
        let items = if self.depth > MAX_DEPTH {
            vec![el("mtext", &escape(&self.raw_until_close()))]
        } else {
            self.expr(Stop::Close)
        };
        self.depth -= 1;
        if self.peek() == Some(&Tok::Close) {
            self.pos += 1;
        }
        items
    }

    /// The raw text of a braced argument (for `\text{…}`, `\begin{…}`), `{` already consumed.
    fn raw_until_close(&mut self) -> String {
        let mut depth = 0usize;
        let mut s = String::new();
        while let Some(t) = self.next_raw() {
            match t {
                Tok::Space => s.push(' '),
                Tok::Open => {
                    depth += 1;
                    s.push('{');
                }
                Tok::Close if depth == 0 => break,
                Tok::Close => {
                    depth -= 1;
                    s.push('}');
                }
                Tok::Cmd(c) if c.len() == 1 && !c.chars().all(char::is_alphabetic) => {
                    s.push_str(&c)
                }
                Tok::Cmd(c) => {
                    s.push('\\');
                    s.push_str(&c);
                }
                Tok::Num(n) => s.push_str(&n),
                Tok::Char(c) => s.push(c),
                Tok::Sup => s.push('^'),
                Tok::Sub => s.push('_'),
                Tok::Amp => s.push('&'),
                Tok::Newline => s.push_str("\\\\"),
            }
        }
        s
    }

    /// Raw text of a `{…}` argument when one follows.
    fn raw_argument(&mut self) -> String {
        if self.peek() == Some(&Tok::Open) {
            self.pos += 1;
            self.raw_until_close()
        } else {
            match self.next() {
                Some(Tok::Char(c)) => c.to_string(),
                Some(Tok::Num(n)) => n,
                _ => String::new(),
            }
        }
    }

    /// A delimiter after `\left`/`\right` (`.` is none).
    fn delimiter(&mut self) -> String {
        match self.next() {
            Some(Tok::Char('.')) | None => String::new(),
            Some(Tok::Char(c)) => c.to_string(),
            Some(Tok::Cmd(c)) => rules::table_value(OPERATORS, &c).unwrap_or("").to_string(),
            Some(_) => String::new(),
        }
    }

    fn fence(d: &str) -> String {
        if d.is_empty() {
            String::new()
        } else {
            format!("<mo fence=\"true\" stretchy=\"true\">{}</mo>", escape(d))
        }
    }

    fn atom(&mut self) -> Option<String> {
        let t = self.next()?;
        Some(match t {
            Tok::Open => row(self.group_body()),
            // A stray closer is kept as text (unbalanced input never loses characters).
            Tok::Close => mo("}"),
            Tok::Num(n) => el("mn", &n),
            Tok::Char(c) if c.is_alphabetic() => el("mi", &escape(&c.to_string())),
            Tok::Char(c) => mo(&c.to_string()),
            Tok::Amp => mo("&"),
            Tok::Newline => String::new(),
            Tok::Sup | Tok::Sub => return self.atom(),
            Tok::Space => String::new(),
            Tok::Cmd(c) => self.command(&c),
        })
    }

    fn command(&mut self, c: &str) -> String {
        if let Some(s) = rules::table_value(IDENTIFIERS, c) {
            return el("mi", s);
        }
        if let Some(s) = rules::table_value(OPERATORS, c) {
            return mo(s);
        }
        if let Some(s) = rules::table_value(LARGE_OPS, c) {
            return format!("<mo movablelimits=\"true\" largeop=\"true\">{s}</mo>");
        }
        if let Some(s) = rules::table_value(INTEGRALS, c) {
            return format!("<mo largeop=\"true\">{s}</mo>");
        }
        if rules::table_has(FUNCTIONS, c) || rules::table_has(LIMIT_FUNCTIONS, c) {
            return el("mi", c);
        }
        if let Some(w) = rules::table_value(SPACES, c) {
            return format!("<mspace width=\"{w}\"></mspace>");
        }
        if let Some(mark) = rules::table_value(ACCENTS, c) {
            let base = self.argument();
            return format!("<mover accent=\"true\">{base}{}</mover>", mo(mark));
        }
        if let Some(variant) = rules::table_value(FONTS, c) {
            let arg = self.raw_argument();
            let simple = arg.chars().all(char::is_alphanumeric);
            return if simple && !arg.is_empty() {
                format!("<mi mathvariant=\"{variant}\">{}</mi>", escape(&arg))
            } else {
                let inner = convert_inner(&arg, self.depth + 1);
                format!("<mstyle mathvariant=\"{variant}\">{inner}</mstyle>")
            };
        }
        if rules::table_has(TRANSPARENT, c) {
            if c == "label" {
                self.raw_argument();
            }
            return String::new();
        }
        match c {
            "frac" | "dfrac" | "tfrac" | "cfrac" => {
                let (a, b) = (self.argument(), self.argument());
                el("mfrac", &format!("{a}{b}"))
            }
            "binom" | "dbinom" | "tbinom" => {
                let (a, b) = (self.argument(), self.argument());
                format!(
                    "<mrow>{}<mfrac linethickness=\"0\">{a}{b}</mfrac>{}</mrow>",
                    mo("("),
                    mo(")")
                )
            }
            "sqrt" => {
                let index = if self.peek() == Some(&Tok::Char('[')) {
                    self.pos += 1;
                    let mut items = Vec::new();
                    while !matches!(self.peek(), Some(Tok::Char(']')) | None) {
                        if let Some(i) = self.scripted() {
                            items.push(i);
                        }
                    }
                    self.pos += 1;
                    Some(row(items))
                } else {
                    None
                };
                let base = self.argument();
                match index {
                    Some(i) => el("mroot", &format!("{base}{i}")),
                    None => el("msqrt", &base),
                }
            }
            "text" | "textrm" | "textit" | "textbf" | "mbox" | "textsf" | "texttt" => {
                el("mtext", &escape(&self.raw_argument()))
            }
            "left" => {
                let open = self.delimiter();
                let inner = self.expr(Stop::Right);
                let close = if matches!(self.peek(), Some(Tok::Cmd(r)) if r == "right") {
                    self.pos += 1;
                    self.delimiter()
                } else {
                    String::new()
                };
                format!(
                    "<mrow>{}{}{}</mrow>",
                    Self::fence(&open),
                    inner.concat(),
                    Self::fence(&close)
                )
            }
            "right" => {
                self.delimiter();
                String::new()
            }
            "begin" => self.environment(),
            "end" => {
                self.raw_argument();
                String::new()
            }
            _ => el("mtext", &escape(&format!("\\{c}"))),
        }
    }

    /// `\begin{env} … \end{env}` as an `mtable`, with the environment's delimiters.
    fn environment(&mut self) -> String {
        let name = self.raw_argument();
        if name == "array" && self.peek() == Some(&Tok::Open) {
            self.raw_argument(); // column spec
        }
        let mut rows = Vec::new();
        let mut cells = Vec::new();
        loop {
            self.depth += 1;
            let cell = if self.depth > MAX_DEPTH {
                Vec::new()
            } else {
                self.expr(Stop::Cell)
            };
            self.depth -= 1;
            cells.push(el("mtd", &row(cell)));
            match self.next() {
                Some(Tok::Amp) => {}
                Some(Tok::Newline) => rows.push(el("mtr", &std::mem::take(&mut cells).concat())),
                Some(Tok::Cmd(c)) if c == "end" => {
                    self.raw_argument();
                    break;
                }
                // A `}` or the end of input closes the environment too.
                _ => break,
            }
        }
        let last_empty = cells.len() == 1 && cells[0] == "<mtd><mrow></mrow></mtd>";
        if !cells.is_empty() && !last_empty {
            rows.push(el("mtr", &cells.concat()));
        }
        let (open, close) = rules::table_value(MATRICES, &name)
            .and_then(|d| d.split_once('\t'))
            .unwrap_or(("", ""));
        let align = if name == "cases" || name.starts_with("align") {
            " columnalign=\"left\""
        } else {
            ""
        };
        let table = format!("<mtable{align}>{}</mtable>", rows.concat());
        if open.is_empty() && close.is_empty() {
            table
        } else {
            format!(
                "<mrow>{}{table}{}</mrow>",
                Self::fence(open),
                Self::fence(close)
            )
        }
    }
}

fn convert_inner(tex: &str, depth: usize) -> String {
    let mut p = Parser {
        toks: lex(tex),
        pos: 0,
        depth,
    };
    let mut items = Vec::new();
    while p.pos < p.toks.len() {
        items.extend(p.expr(Stop::End));
        if p.peek() == Some(&Tok::Close) {
            // Unbalanced `}`: keep it, go on.
            p.pos += 1;
            items.push(mo("}"));
        }
    }
    row(items)
}

/// Presentation MathML (the content of a `math` element, without it) for a TeX source.
pub(crate) fn to_mathml(tex: &str) -> String {
    convert_inner(tex, 0)
}

#[cfg(test)]
#[path = "tex_tests.rs"]
mod tests;
