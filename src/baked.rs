//! Rust source for a table the build script bakes into the library: one
//! `static` array literal. Shared by path with every generator included by
//! `build.rs` (`poker/eval_tables.rs`, `poker/equity/preflop/layout.rs`),
//! so it uses nothing of the crate.

use std::fmt::Display;

/// `{visibility} static {name}: [{ty}; N] = [...];` with `per_line`
/// items a line.
pub fn static_array<T: Display>(
    visibility: &str,
    name: &str,
    ty: &str,
    items: &[T],
    per_line: usize,
) -> String {
    let mut s = format!("{visibility} static {name}: [{ty}; {}] = [", items.len());
    for (i, x) in items.iter().enumerate() {
        if i % per_line == 0 {
            s.push('\n');
        }
        s.push_str(&format!("{x},"));
    }
    s.push_str("\n];\n");
    s
}
