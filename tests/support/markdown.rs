//! The fenced code blocks of the user docs (README.md and the book under
//! docs/src), for the tests that run every example as written. Shared by
//! the library's and the CLI's tests (by path).

#![allow(dead_code)] // each test file uses a subset

use std::path::{Path, PathBuf};

/// One fenced block: where it is (file and the line of its opening fence),
/// its language tag and its text.
#[derive(Debug, Clone)]
pub struct Block {
    pub file: PathBuf,
    pub line: usize,
    pub lang: String,
    pub body: String,
}

impl Block {
    /// `docs/src/c-abi.md:12`, for failure messages.
    pub fn place(&self, root: &Path) -> String {
        let file = self.file.strip_prefix(root).unwrap_or(&self.file);
        format!("{}:{}", file.display(), self.line)
    }
}

/// The user docs: README.md and every chapter of the book, in a fixed
/// order.
pub fn doc_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut chapters = Vec::new();
    collect_markdown(&root.join("docs/src"), &mut chapters);
    chapters.sort();
    files.extend(chapters);
    files
}

fn collect_markdown(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            collect_markdown(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// Every fenced block of `file`.
pub fn blocks_of(file: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        match open.as_mut() {
            None => {
                if let Some(tag) = line.strip_prefix("```") {
                    open = Some(Block {
                        file: file.to_path_buf(),
                        line: index + 1,
                        lang: tag.trim().to_string(),
                        body: String::new(),
                    });
                }
            }
            Some(block) => {
                if line.trim_end() == "```" {
                    blocks.extend(open.take());
                } else {
                    block.body.push_str(line);
                    block.body.push('\n');
                }
            }
        }
    }
    assert!(
        open.is_none(),
        "{}: a code block is never closed",
        file.display()
    );
    blocks
}

/// Every block in the user docs whose language tag is `lang`.
pub fn blocks(root: &Path, lang: &str) -> Vec<Block> {
    doc_files(root)
        .iter()
        .flat_map(|f| blocks_of(f))
        .filter(|b| b.lang == lang)
        .collect()
}
