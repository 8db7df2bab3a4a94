//! A small command-line parser: `--name value`, `--name=value`, repeated options, positionals.

use std::path::PathBuf;

/// Parsed arguments of one subcommand.
#[derive(Debug, Default)]
pub(crate) struct Args {
    options: Vec<(String, String)>,
    flags: Vec<String>,
    positional: Vec<String>,
}

impl Args {
    /// Parses `argv` (after the subcommand); every option takes a value and must be in `known`.
    pub(crate) fn parse(argv: &[String], known: &[&str]) -> Result<Args, String> {
        Args::parse_with_flags(argv, known, &[])
    }

    /// As [`Args::parse`], where the names in `flags` take no value.
    pub(crate) fn parse_with_flags(
        argv: &[String],
        known: &[&str],
        flags: &[&str],
    ) -> Result<Args, String> {
        let mut args = Args::default();
        let mut it = argv.iter();
        while let Some(a) = it.next() {
            let Some(name) = a.strip_prefix("--") else {
                args.positional.push(a.clone());
                continue;
            };
            if flags.contains(&name) {
                args.flags.push(name.to_string());
                continue;
            }
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    let v = it.next().ok_or(format!("--{name} needs a value"))?;
                    (name.to_string(), v.clone())
                }
            };
            if !known.contains(&name.as_str()) {
                return Err(format!("unknown option --{name}"));
            }
            args.options.push((name, value));
        }
        Ok(args)
    }

    /// True when flag `name` was given.
    pub(crate) fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The last value given for `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value given for `name`, in order.
    pub(crate) fn all(&self, name: &str) -> Vec<&str> {
        self.options
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    pub(crate) fn path(&self, name: &str) -> Option<PathBuf> {
        self.get(name).map(PathBuf::from)
    }

    pub(crate) fn required_path(&self, name: &str) -> Result<PathBuf, String> {
        self.path(name).ok_or(format!("--{name} is required"))
    }

    /// A positive count option (`--threads`, `--limit`).
    pub(crate) fn count(&self, name: &str) -> Result<Option<usize>, String> {
        self.get(name)
            .map(|v| match v.parse::<usize>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!("--{name} takes a positive number, not {v:?}")),
            })
            .transpose()
    }

    pub(crate) fn positional(&self) -> &[String] {
        &self.positional
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_both_option_forms_and_positionals() {
        let a = Args::parse(
            &argv("page.html --url=u --format json -"),
            &["url", "format"],
        );
        let a = a.unwrap_or_default();
        assert_eq!(a.get("url"), Some("u"));
        assert_eq!(a.get("format"), Some("json"));
        assert_eq!(a.positional(), ["page.html", "-"]);
    }

    #[test]
    fn repeats_and_errors() {
        let a = Args::parse(&argv("--data a --data b"), &["data"]).unwrap_or_default();
        assert_eq!(a.all("data"), ["a", "b"]);
        assert!(Args::parse(&argv("--nope 1"), &["data"]).is_err());
        assert!(Args::parse(&argv("--data"), &["data"]).is_err());
        let t = Args::parse(&argv("--threads 0"), &["threads"]).unwrap_or_default();
        assert!(t.count("threads").is_err());
    }

    #[test]
    fn flags_take_no_value() {
        let a = Args::parse_with_flags(&argv("--ablate --data d"), &["data"], &["ablate"]);
        let a = a.unwrap_or_default();
        assert!(a.flag("ablate") && !a.flag("no-site-memory"));
        assert_eq!(a.get("data"), Some("d"));
        assert!(Args::parse(&argv("--ablate"), &["data"]).is_err());
    }
}
