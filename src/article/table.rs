//! Tables: data tables keep their cells (headers, spans); layout tables are read as blocks.

use super::build::Walker;
use super::text::tidy;
use super::{Block, Cell};
use crate::snapshot::NodeId;

/// HTML caps `colspan` at 1000 and `rowspan` at 65534; a smaller cap keeps renderers sane.
const MAX_SPAN: u32 = 1000;

impl Walker<'_> {
    /// The rows (`tr`) of a table, through `thead`/`tbody`/`tfoot`, not into nested tables.
    fn rows(&self, table: NodeId) -> Vec<NodeId> {
        let snap = self.snap();
        let mut rows = Vec::new();
        for &c in &snap.node(table).children {
            let n = snap.node(c);
            if n.is("tr") {
                rows.push(c);
            } else if matches!(n.tag.as_str(), "thead" | "tbody" | "tfoot") {
                rows.extend(
                    n.children
                        .iter()
                        .copied()
                        .filter(|&r| snap.node(r).is("tr")),
                );
            }
        }
        rows.retain(|&r| !self.skipped(r));
        rows
    }

    fn cells(&self, row: NodeId) -> Vec<NodeId> {
        let snap = self.snap();
        snap.node(row)
            .children
            .iter()
            .copied()
            .filter(|&c| (snap.node(c).is("td") || snap.node(c).is("th")) && !self.skipped(c))
            .collect()
    }

    /// Layout tables arrange a page rather than tabulate data: `role=presentation`, a single
    /// column, a nested table, or no header cells/caption while cells hold block content.
    fn is_layout_table(&self, table: NodeId, rows: &[NodeId]) -> bool {
        let snap = self.snap();
        let n = snap.node(table);
        if matches!(n.attr("role"), Some("presentation" | "none")) {
            return true;
        }
        let max_cols = rows.iter().map(|&r| self.cells(r).len()).max().unwrap_or(0);
        if max_cols <= 1 {
            return true;
        }
        let mut has_header = n
            .children
            .iter()
            .any(|&c| snap.node(c).is("caption") || snap.node(c).is("thead"));
        let mut block_cells = false;
        for &r in rows {
            for c in self.cells(r) {
                has_header |= snap.node(c).is("th");
                block_cells |= self.has_block[c.index()];
                if snap.descendants(c).any(|d| snap.node(d).is("table")) {
                    return true;
                }
            }
        }
        !has_header && block_cells
    }

    pub(crate) fn table(&mut self, id: NodeId, depth: usize, out: &mut Vec<Block>) {
        let rows = self.rows(id);
        if self.is_layout_table(id, &rows) {
            for &r in &rows {
                for c in self.cells(r) {
                    self.container(c, depth + 2, out);
                }
            }
            return;
        }
        let snap = self.snap();
        let mut caption = Vec::new();
        if let Some(&cap) = snap
            .node(id)
            .children
            .iter()
            .find(|&&c| snap.node(c).is("caption"))
        {
            self.inline_children(cap, depth + 1, &mut caption);
        }
        let mut grid = Vec::new();
        for &r in &rows {
            let in_head = snap
                .node(r)
                .parent
                .is_some_and(|p| snap.node(p).is("thead"));
            let mut cells = Vec::new();
            for c in self.cells(r) {
                let mut content = Vec::new();
                self.inline_children(c, depth + 2, &mut content);
                let span = |k: &str| {
                    snap.node(c)
                        .attr(k)
                        .and_then(|v| v.trim().parse::<u32>().ok())
                        .unwrap_or(1)
                        .clamp(1, MAX_SPAN)
                };
                cells.push(Cell {
                    header: snap.node(c).is("th") || in_head,
                    colspan: span("colspan"),
                    rowspan: span("rowspan"),
                    content: tidy(content),
                });
            }
            if !cells.is_empty() {
                grid.push(cells);
            }
        }
        if !grid.is_empty() {
            out.push(Block::Table {
                caption: tidy(caption),
                rows: grid,
            });
        }
    }
}
