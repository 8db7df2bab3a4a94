//! Data tables inside the selection: their cells are read as data, not as link lists.
//!
//! A data table's cells are often one link each: the names in Wikipedia's "List of Nobel
//! laureates" (each laureate links to their article), the teams of a sports standings table,
//! the titles of a ranking. By link density every such cell is boilerplate, and the hierarchy
//! vote then drops whole rows, leaving the years and the numbers without the names (wcxb-dev
//! listing pages). A menu laid out as a table has no header row, one row, or cells holding whole
//! link lists; a data table has header cells, several rows of several columns and short cells.

use crate::extract::blocks::Features;
use crate::rules::limits;
use crate::snapshot::{NodeId, Snapshot};

/// `cell[id]`: `id` sits in a `td`/`th` of a headed grid inside one of `roots` ([`GRID`]),
/// of short cells too ([`DATA`]); 0 elsewhere.
pub(crate) fn data_cells(snap: &Snapshot, f: &Features, roots: &[NodeId]) -> Vec<u8> {
    let mut cell = vec![0; snap.len()];
    for &r in roots {
        for t in std::iter::once(r).chain(snap.descendants(r)) {
            if !snap.node(t).is("table") {
                continue;
            }
            let Some((cells, level)) = data_table_cells(snap, f, t) else {
                continue;
            };
            for c in cells {
                for d in std::iter::once(c).chain(snap.descendants(c)) {
                    cell[d.index()] = level;
                }
            }
        }
    }
    cell
}

/// A cell of a headed grid: a header row over several rows of several cells, whatever their
/// length. Why it matters with layout: a course schedule's "Resources" column of reading lists
/// holds most of the table's prose, so it sets the reading column and the date and topic
/// columns beside it read as side boxes (`layout::off_column`; wcxb-dev sitanchen.com live).
/// The cells of one row are one record, not a side column: a layout table has no header row.
pub(crate) const GRID: u8 = 1;
/// A cell of a grid of short cells (names, numbers, dates): its one link is its whole text.
pub(crate) const DATA: u8 = 2;
/// A cell of a grid of short cells without a header row: one record's field, not a side column
/// when its table lies across the reading column (with layout, `layout::off_column` then leaves
/// it alone; `layout::table_across_column`), but its label is still judged as any block's. Why: a city page's table of training providers (name | website, the header row in
/// plain `td`s: wcxb-dev austintexas.gov) is wider than the prose above it, so its first and
/// last columns read as side boxes and were dropped live, while parsed HTML kept them. A page
/// laid out as a table holds whole columns in its cells, not short fields.
pub(crate) const RECORD: u8 = 3;

/// The rows (`tr`) of a table, through `thead`/`tbody`/`tfoot`, not into nested tables.
fn rows(snap: &Snapshot, table: NodeId) -> Vec<NodeId> {
    let mut rows = Vec::new();
    for &c in &snap.node(table).children {
        let n = snap.node(c);
        if n.is("tr") {
            rows.push(c);
        } else if n.is("thead") || n.is("tbody") || n.is("tfoot") {
            rows.extend(
                n.children
                    .iter()
                    .copied()
                    .filter(|&r| snap.node(r).is("tr")),
            );
        }
    }
    rows
}

/// The cells of `table` when it tabulates data: not `role=presentation`, no nested table, a
/// header (`th`, `thead` or `caption`), at least [`limits::DATA_TABLE_MIN_ROWS`] rows, most of
/// them with two cells or more, and cells of at most [`limits::DATA_TABLE_MEAN_CELL_CHARS`] on
/// average (a layout table's cells hold whole columns of a page) for [`DATA`]; see [`GRID`].
fn data_table_cells(snap: &Snapshot, f: &Features, table: NodeId) -> Option<(Vec<NodeId>, u8)> {
    let n = snap.node(table);
    if matches!(n.attr("role"), Some("presentation" | "none")) {
        return None;
    }
    let rows = rows(snap, table);
    if rows.len() < limits::DATA_TABLE_MIN_ROWS {
        return None;
    }
    let mut header = n
        .children
        .iter()
        .any(|&c| snap.node(c).is("caption") || snap.node(c).is("thead"));
    let mut cells = Vec::new();
    let mut wide_rows = 0;
    for &r in &rows {
        let before = cells.len();
        for &c in &snap.node(r).children {
            let cn = snap.node(c);
            if cn.is("td") || cn.is("th") {
                header |= cn.is("th");
                cells.push(c);
            }
        }
        if cells.len() - before >= 2 {
            wide_rows += 1;
        }
    }
    if wide_rows * 2 < rows.len() || cells.is_empty() {
        return None;
    }
    if snap.descendants(table).any(|d| snap.node(d).is("table")) {
        return None;
    }
    let chars: u32 = cells.iter().map(|c| f.text_len[c.index()]).sum();
    let short = chars as f32 / cells.len() as f32 <= limits::DATA_TABLE_MEAN_CELL_CHARS;
    match (header, short) {
        (true, true) => Some((cells, DATA)),
        (true, false) => Some((cells, GRID)),
        (false, true) => Some((cells, RECORD)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::blocks;
    use crate::extract::stages::tests::run_default;
    use crate::snapshot::build::Builder;

    const PROSE: &str = "The prize is awarded every year to the people whose work did the most good, and the list below names every one of them.";

    /// An article with a table of linked names under a header row, and (when `header` is
    /// false) the same table without one.
    fn page(header: bool) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut table, mut name) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("article", &[], |b| {
                for _ in 0..4 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                table = b.el("table", &[], |b| {
                    if header {
                        b.el("tr", &[], |b| {
                            for h in ["Year", "Physics", "Chemistry"] {
                                b.el("th", &[], |b| {
                                    b.text(h);
                                });
                            }
                        });
                    }
                    for (y, p, c) in [
                        ("1901", "Wilhelm Röntgen", "Jacobus van 't Hoff"),
                        ("1902", "Hendrik Lorentz", "Emil Fischer"),
                        ("1903", "Henri Becquerel", "Svante Arrhenius"),
                    ] {
                        b.el("tr", &[], |b| {
                            b.el("td", &[], |b| {
                                b.text(y);
                            });
                            for n in [p, c] {
                                let cell = b.el("td", &[], |b| {
                                    b.el("a", &[("href", "/wiki/x")], |b| {
                                        b.text(n);
                                    });
                                });
                                if n == "Emil Fischer" {
                                    name = cell;
                                }
                            }
                        });
                    }
                });
            });
        });
        (b.finish(), table, name)
    }

    #[test]
    fn a_headed_table_of_linked_names_is_data() {
        let (s, table, name) = page(true);
        let f = blocks::compute(&s);
        let cells = data_cells(&s, &f, &[NodeId::ROOT]);
        assert_eq!(cells[name.index()], DATA);
        assert_eq!(cells[table.index()], 0);
        let sel = run_default(&s).unwrap_or_default();
        assert!(!sel.drop[name.index()]);
    }

    #[test]
    fn a_table_of_links_without_header_is_records_not_data() {
        // Its cells are one record's fields (never a side column), but not read as data.
        let (s, _, name) = page(false);
        let f = blocks::compute(&s);
        assert_eq!(data_cells(&s, &f, &[NodeId::ROOT])[name.index()], RECORD);
    }

    /// A table: a header row of `th` (when `header`), then three rows of a date, a topic and
    /// a long reading list.
    fn schedule(header: bool) -> (Snapshot, NodeId) {
        let mut b = Builder::new();
        let mut topic = NodeId(0);
        b.el("body", &[], |b| {
            b.el("table", &[], |b| {
                if header {
                    b.el("tr", &[], |b| {
                        for h in ["Date", "Topic", "Resources"] {
                            b.el("th", &[], |b| {
                                b.text(h);
                            });
                        }
                    });
                }
                for d in ["Sep 6", "Sep 11", "Sep 13"] {
                    b.el("tr", &[], |b| {
                        b.el("td", &[], |b| {
                            b.text(d);
                        });
                        topic = b.el("td", &[], |b| {
                            b.text("Tensors: Jennrich's algorithm");
                        });
                        b.el("td", &[], |b| {
                            b.text(&format!("{PROSE} {PROSE} {PROSE} {PROSE}"));
                        });
                    });
                }
            });
        });
        (b.finish(), topic)
    }

    #[test]
    fn a_headed_schedule_of_long_cells_is_a_grid_not_data() {
        let (s, topic) = schedule(true);
        let f = blocks::compute(&s);
        assert_eq!(data_cells(&s, &f, &[NodeId::ROOT])[topic.index()], GRID);
        // Without the header row its long cells could be a layout table's page columns.
        let (s, topic) = schedule(false);
        let f = blocks::compute(&s);
        assert_eq!(data_cells(&s, &f, &[NodeId::ROOT])[topic.index()], 0);
    }
}
