//! React streaming server rendering joined as the browser joins it (step `join_streamed_segments`).
//!
//! Why: React 18+ servers (Next.js app router, GitBook, Best Buy, Wayfair, Zalando, fool.com,
//! Vercel, Product Hunt in wcxb-dev) send the slow parts of a page after its shell. The shell
//! holds `<!--$?--><template id="B:0"></template>fallback<!--/$-->` boundaries and
//! `<template id="P:1"></template>` placeholders; each part arrives at the end of `body` as
//! `<div hidden id="S:0">…</div>`, followed by `<script>$RC("B:0","S:0")</script>` (replace the
//! boundary's fallback with the segment's children) or `$RS("S:1","P:1")` (put them in place of
//! the placeholder). A browser runs those scripts; parsed HTML kept the parts hidden at the end of
//! the page. Only these two exact calls are read, never run; anything else (`$RX`, a client-render
//! error that keeps the fallback; a missing, reused or self-containing id) leaves the tree as
//! parsed. Work is bounded by the arena's size.

use std::collections::HashMap;

use html5ever::{local_name, ns, LocalName};

use super::{detach, insert_before, Data, Id, ParsedDom, Slot, DOCUMENT, NONE};

/// Longest id read from a call (React writes `B:`/`S:`/`P:` and a hex counter).
const MAX_ID: usize = 16;

/// One streaming instruction: move `segment`'s children to `target` (a boundary when `boundary`,
/// else a placeholder).
struct Call {
    boundary: bool,
    target: Id,
    segment: Id,
}

impl ParsedDom {
    /// Applies the page's `$RC`/`$RS` calls in document order (the order the browser ran them).
    pub(crate) fn join_streamed_segments(&mut self) {
        let calls = self.streamed_calls();
        let mut budget = self.slots.len();
        for call in calls {
            let slots = &mut self.slots;
            if call.boundary {
                complete_boundary(slots, call.target, call.segment, &mut budget);
            } else {
                complete_segment(slots, call.target, call.segment, &mut budget);
            }
        }
    }

    /// The calls whose ids name a hidden segment and a `<template>` target, each id used once.
    fn streamed_calls(&self) -> Vec<Call> {
        let mut ids: HashMap<&str, Id> = HashMap::new();
        let mut scripts = Vec::new();
        for (i, slot) in self.slots.iter().enumerate() {
            let Data::Element { attrs } = &slot.data else {
                continue;
            };
            let local = &self.names[i].local;
            if *local == local_name!("script") {
                scripts.push(i);
                continue;
            }
            let attr = |n: LocalName| {
                attrs
                    .iter()
                    .find(|a| a.name.local == n && a.name.ns == ns!())
            };
            let Some(id) = attr(local_name!("id")) else {
                continue;
            };
            let target = *local == local_name!("template") && id.value.starts_with(['B', 'P']);
            if target || id.value.starts_with('S') && attr(local_name!("hidden")).is_some() {
                ids.entry(&*id.value).or_insert(i as Id);
            }
        }
        if ids.is_empty() {
            return Vec::new();
        }
        let mut calls = Vec::new();
        for script in scripts {
            let mut child = self.slots[script].first_child;
            while child != NONE {
                if let Data::Text(text) = &self.slots[child as usize].data {
                    for (boundary, target, segment) in parse_calls(text) {
                        // A second use of an id finds nothing, as `getElementById` would.
                        if let (Some(&t), Some(&s)) = (ids.get(target), ids.get(segment)) {
                            ids.remove(target);
                            ids.remove(segment);
                            calls.push(Call {
                                boundary,
                                target: t,
                                segment: s,
                            });
                        }
                    }
                }
                child = self.slots[child as usize].next;
            }
        }
        calls
    }
}

/// `$RC("B:n","S:n")` and `$RS("S:n","P:n")` in a script's text as (boundary?, target, segment);
/// a definition (`$RC=function(b,c){…}`), `$RX(…)` or an escaped copy inside JSON is no call.
fn parse_calls(text: &str) -> impl Iterator<Item = (bool, &str, &str)> {
    text.match_indices("$R").filter_map(|(at, _)| {
        let rest = &text[at + 2..];
        let (boundary, rest) = match rest.strip_prefix("C(") {
            Some(rest) => (true, rest),
            None => (false, rest.strip_prefix("S(")?),
        };
        let (first, rest) = quoted_id(rest, if boundary { "B:" } else { "S:" })?;
        let (second, rest) =
            quoted_id(rest.strip_prefix(',')?, if boundary { "S:" } else { "P:" })?;
        rest.starts_with(')').then_some(if boundary {
            (true, first, second)
        } else {
            (false, second, first)
        })
    })
}

/// A `"`-quoted id of `prefix` and a hex counter at the start of `s`, and the text after it.
fn quoted_id<'a>(s: &'a str, prefix: &str) -> Option<(&'a str, &'a str)> {
    let s = s.strip_prefix('"')?;
    let end = s.bytes().take(MAX_ID).position(|b| b == b'"')?;
    let id = &s[..end];
    let counter = id.strip_prefix(prefix)?;
    (!counter.is_empty() && counter.bytes().all(|b| b.is_ascii_hexdigit()))
        .then_some((id, &s[end + 1..]))
}

/// Whether `node` is in the document and not inside `outside` (each step spends `budget`).
fn attached_outside(slots: &[Slot], mut node: Id, outside: Id, budget: &mut usize) -> bool {
    loop {
        if node == DOCUMENT {
            return true;
        }
        if node == NONE || node == outside || *budget == 0 {
            return false;
        }
        *budget -= 1;
        node = slots[node as usize].parent;
    }
}

/// Moves `segment`'s children before `before` and drops the emptied segment.
fn move_children(slots: &mut [Slot], segment: Id, before: Id) {
    loop {
        let child = slots[segment as usize].first_child;
        if child == NONE {
            break;
        }
        insert_before(slots, before, child);
    }
    detach(slots, segment);
}

/// `$RS`: the segment's children take the placeholder's place.
fn complete_segment(slots: &mut [Slot], placeholder: Id, segment: Id, budget: &mut usize) {
    if attached_outside(slots, placeholder, segment, budget)
        && attached_outside(slots, segment, NONE, budget)
    {
        move_children(slots, segment, placeholder);
        detach(slots, placeholder);
    }
}

/// `$RC`: the boundary's fallback — the template and its siblings from the `<!--$?-->` before it to
/// the matching `<!--/$-->`, nested boundaries counted — gives way to the segment's children.
fn complete_boundary(slots: &mut [Slot], template: Id, segment: Id, budget: &mut usize) {
    let open = slots[template as usize].prev;
    if open == NONE
        || !matches!(slots[open as usize].data, Data::Boundary(true))
        || !attached_outside(slots, template, segment, budget)
        || !attached_outside(slots, segment, NONE, budget)
    {
        return;
    }
    // The segment's ancestor among the fallback's siblings, if any: then it sits in the fallback.
    let mut inside = segment;
    while inside != NONE && slots[inside as usize].parent != slots[open as usize].parent {
        inside = slots[inside as usize].parent;
    }
    let mut depth = 0usize;
    let mut close = slots[open as usize].next;
    loop {
        if close == NONE || close == inside || *budget == 0 {
            return;
        }
        *budget -= 1;
        match slots[close as usize].data {
            Data::Boundary(false) if depth == 0 => break,
            Data::Boundary(false) => depth -= 1,
            Data::Boundary(true) => depth += 1,
            _ => {}
        }
        close = slots[close as usize].next;
    }
    while slots[open as usize].next != close {
        detach(slots, slots[open as usize].next);
    }
    move_children(slots, segment, close);
}
