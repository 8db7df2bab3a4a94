//! Serde deserialization from the crate's own [`Json`] tree, for the wasm exports (options
//! objects and site-memory imports).
//!
//! Why not serde-wasm-bindgen's deserializer: its error type formats serde's "unexpected
//! value" with the standard float printer, and together with the deserializer itself that is
//! ~17 KB of the gzipped extension wasm, for reading a handful of option fields. The options
//! object goes through `JSON.stringify` into the tolerant reader of `article::json`, and this
//! deserializer walks the tree. Error messages name what was found without printing floats.

use std::fmt;

use serde::de::{
    self, DeserializeOwned, Expected, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};

use crate::article::json::{self, Json};

/// A deserialization error: the message only.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DeError(pub(crate) String);

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DeError(msg.to_string())
    }

    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        DeError(format!(
            "invalid type: {}, expected {exp}",
            describe(&unexp)
        ))
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        DeError(format!(
            "invalid value: {}, expected {exp}",
            describe(&unexp)
        ))
    }
}

/// What serde found, in words; numbers that are not integers print as "a number" (see the
/// module docs for why no float is printed).
fn describe(u: &Unexpected<'_>) -> String {
    match u {
        Unexpected::Bool(b) => format!("boolean `{b}`"),
        Unexpected::Unsigned(n) => format!("integer `{n}`"),
        Unexpected::Signed(n) => format!("integer `{n}`"),
        Unexpected::Float(_) => "a number".into(),
        Unexpected::Char(c) => format!("character `{c}`"),
        Unexpected::Str(s) => format!("string \"{s}\""),
        Unexpected::Unit => "null".into(),
        Unexpected::Seq => "an array".into(),
        Unexpected::Map => "an object".into(),
        Unexpected::Other(s) => (*s).into(),
        _ => "an unexpected value".into(),
    }
}

/// Reads a `T` from JSON text (one value; tolerant of what `article::json` tolerates).
pub(crate) fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, DeError> {
    match json::parse_all(text).as_slice() {
        [value] => T::deserialize(value),
        [] => Err(DeError("not JSON".into())),
        _ => Err(DeError("more than one JSON value".into())),
    }
}

/// Integers JavaScript represents exactly (2^53); larger whole numbers stay floats.
const MAX_SAFE: f64 = 9_007_199_254_740_992.0;

impl<'de> de::Deserializer<'de> for &Json {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        match self {
            Json::Null => v.visit_unit(),
            Json::Bool(b) => v.visit_bool(*b),
            Json::Num(n) if n.fract() == 0.0 && n.abs() <= MAX_SAFE => {
                if *n >= 0.0 {
                    v.visit_u64(*n as u64)
                } else {
                    v.visit_i64(*n as i64)
                }
            }
            Json::Num(n) => v.visit_f64(*n),
            Json::Str(s) => v.visit_str(s),
            Json::Arr(items) => v.visit_seq(Seq(items.iter())),
            Json::Obj(kv) => v.visit_map(Map {
                iter: kv.iter(),
                value: None,
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        match self {
            Json::Null => v.visit_none(),
            other => v.visit_some(other),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, DeError> {
        v.visit_newtype_struct(self)
    }

    /// Unit variants only, as strings (`"balanced"`): the only enums the exports read.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, DeError> {
        match self {
            Json::Str(s) => v.visit_enum(s.as_str().into_deserializer()),
            _ => Err(de::Error::invalid_type(unexpected(self), &"a string")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

fn unexpected(j: &Json) -> Unexpected<'_> {
    match j {
        Json::Null => Unexpected::Unit,
        Json::Bool(b) => Unexpected::Bool(*b),
        Json::Num(n) => Unexpected::Float(*n),
        Json::Str(s) => Unexpected::Str(s),
        Json::Arr(_) => Unexpected::Seq,
        Json::Obj(_) => Unexpected::Map,
    }
}

struct Seq<'a>(std::slice::Iter<'a, Json>);

impl<'de> SeqAccess<'de> for Seq<'_> {
    type Error = DeError;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        self.0.next().map(|j| seed.deserialize(j)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Map<'a> {
    iter: std::slice::Iter<'a, (String, Json)>,
    value: Option<&'a Json>,
}

impl<'de> MapAccess<'de> for Map<'_> {
    type Error = DeError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((k, v)) = self.iter.next() else {
            return Ok(None);
        };
        self.value = Some(v);
        seed.deserialize(k.as_str().into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DeError> {
        match self.value.take() {
            Some(v) => seed.deserialize(v),
            None => Err(DeError("a value was read before its key".into())),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{Limits, Mode, Options, SiteMemory};

    #[test]
    fn reads_options_with_defaults_for_missing_fields() {
        let o: Options =
            from_str(r#"{"url":"https://a.example/x","mode":"recall","limits":{"maxNodes":1000}}"#)
                .unwrap();
        assert_eq!(o.url.as_deref(), Some("https://a.example/x"));
        assert_eq!(o.mode, Mode::Recall);
        assert_eq!(o.limits.max_nodes, 1000);
        assert_eq!(o.limits.max_depth, Limits::default().max_depth);
        let d: Options = from_str("{}").unwrap();
        assert_eq!(d, Options::default());
        let n: Options = from_str(r#"{"url":null}"#).unwrap();
        assert_eq!(n.url, None);
    }

    #[test]
    fn errors_name_the_problem_without_printing_floats() {
        let e = from_str::<Options>(r#"{"mode":"fast"}"#).unwrap_err();
        assert!(e.0.contains("unknown variant `fast`"), "{e}");
        let e = from_str::<Options>(r#"{"limits":{"maxNodes":1.5}}"#).unwrap_err();
        assert_eq!(e.0, "invalid type: a number, expected usize");
        let e = from_str::<Options>(r#"{"limits":{"maxNodes":-3}}"#).unwrap_err();
        assert!(e.0.contains("integer `-3`"), "{e}");
        let e = from_str::<Options>(r#"{"mode":3}"#).unwrap_err();
        assert!(e.0.starts_with("invalid type: a number"), "{e}");
        assert!(from_str::<Options>("").is_err());
        assert!(from_str::<Options>("{} {}").is_err());
        assert!(from_str::<Options>("[1,2]").is_err());
    }

    #[test]
    fn site_memory_round_trips_through_its_json_export() {
        let mut m = SiteMemory {
            pages: 3,
            ..SiteMemory::default()
        };
        m.texts.insert(
            0xdead_beef_0000_0001,
            crate::Seen {
                kept: 2,
                dropped: 0,
                last: 3,
            },
        );
        let text = serde_json::to_string(&m).unwrap();
        let back: SiteMemory = from_str(&text).unwrap();
        assert_eq!(back, m);
        assert!(
            from_str::<SiteMemory>(r#"{"pages":1,"texts":[["zz",1,0,1]],"paths":[]}"#)
                .unwrap_err()
                .0
                .contains("bad key")
        );
    }
}
