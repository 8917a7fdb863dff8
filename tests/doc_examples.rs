//! Every C, C++ and C# example of the user docs (README.md and the book in
//! docs/src) compiled as written, with the same strict flags as the test
//! programs, and run where it is a whole program; and every link between
//! the docs leads to a file of the repository. The Rust examples are
//! doctests (src/doc_examples.rs), the Python ones run under pytest
//! (bindings/python/tests/test_readme.py), the CLI ones in the CLI's tests.

mod support;

#[path = "support/markdown.rs"]
mod markdown;

use markdown::{Block, blocks, doc_files};
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{Linkage, build_program, lib_dir, program, root, run, scratch};

/// Writes a block to a scratch file named after its place in the docs.
fn write_block(block: &Block, tag: &str, text: &str, extension: &str) -> PathBuf {
    let place = block
        .place(&root())
        .replace(['/', ':', '.'], "_")
        .replace("_md_", "_");
    let path = scratch(tag).join(format!("{place}.{extension}"));
    std::fs::write(&path, text).expect("write example");
    path
}

fn is_whole_program(block: &Block) -> bool {
    block.body.contains("int main(") || block.body.contains("static void Main(")
}

/// A snippet (no `#include` of its own) is compiled inside a function.
fn is_snippet(block: &Block) -> bool {
    !block.body.trim_start().starts_with("#include") && !block.body.contains("using ")
}

fn compile_only(compiler: &str, std: &str, source: &Path) {
    run(Command::new(compiler)
        .arg(format!("-std={std}"))
        .args(["-pedantic", "-Wall", "-Wextra", "-Werror", "-c", "-o"])
        .arg(source.with_extension("o"))
        .arg("-I")
        .arg(root().join("include"))
        .arg("-I")
        .arg(root().join("bindings/cpp"))
        .arg(source));
}

fn run_example(block: &Block, exe: &Path) {
    let out = program(exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    assert!(
        out.status.success(),
        "the example at {} failed ({}):\n{}{}",
        block.place(&root()),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn c_examples_compile_and_run() {
    let examples = blocks(&root(), "c");
    assert!(examples.len() >= 4, "the docs lost their C examples");
    for block in &examples {
        let source = write_block(block, "doc-c", &block.body, "c");
        if is_whole_program(block) {
            let exe = build_program("doc-c", "gcc", "c99", &source, Linkage::Shared);
            run_example(block, &exe);
        } else {
            compile_only("gcc", "c99", &source);
        }
        // As written, with the C libraries of the platforms we only
        // compile for (musl, and Windows' whose stdio.h is MSVC's kind).
        for compiler in ["musl-gcc", "x86_64-w64-mingw32-gcc"] {
            compile_only(compiler, "c99", &source);
        }
    }
}

#[test]
fn cpp_examples_compile_and_run() {
    let examples = blocks(&root(), "cpp");
    assert!(examples.len() >= 3, "the docs lost their C++ examples");
    for block in &examples {
        if is_snippet(block) {
            let text = format!(
                "#include \"oddsmith.hpp\"\n#include <cstdio>\nvoid example();\nvoid example() {{\n{}}}\n",
                block.body
            );
            let source = write_block(block, "doc-cpp", &text, "cpp");
            compile_only("g++", "c++11", &source);
        } else {
            let source = write_block(block, "doc-cpp", &block.body, "cpp");
            assert!(is_whole_program(block), "{}", block.place(&root()));
            let exe = build_program("doc-cpp", "g++", "c++11", &source, Linkage::Shared);
            run_example(block, &exe);
            compile_only("x86_64-w64-mingw32-g++", "c++11", &source);
        }
    }
}

#[test]
fn csharp_examples_compile_and_run_on_mono() {
    let examples = blocks(&root(), "csharp");
    assert!(examples.len() >= 3, "the docs lost their C# examples");
    let bindings = [
        root().join("bindings/csharp/Oddsmith.cs"),
        root().join("bindings/csharp/Raw.g.cs"),
    ];
    for block in &examples {
        let whole = is_whole_program(block);
        let text = if is_snippet(block) {
            format!(
                "using System;\nusing Oddsmith;\nstatic class Example\n{{\n    static void Run()\n    {{\n{}    }}\n}}\n",
                block.body
            )
        } else {
            block.body.clone()
        };
        let source = write_block(block, "doc-csharp", &text, "cs");
        let out = source.with_extension(if whole { "exe" } else { "dll" });
        run(Command::new("mcs")
            .arg("-warnaserror+")
            .arg(if whole {
                "-target:exe"
            } else {
                "-target:library"
            })
            .arg(format!("-out:{}", out.display()))
            .args(&bindings)
            .arg(&source));
        if whole {
            let result = run(Command::new("mono")
                .arg(&out)
                .env("LD_LIBRARY_PATH", lib_dir()));
            assert!(
                !result.stdout.is_empty(),
                "{} printed nothing",
                block.place(&root())
            );
        }
    }
}

/// Relative links (`[text](path#anchor)`) in the docs, with the line each
/// is on.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut in_code = false;
    for (index, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            let target = &after[..end];
            if !target.contains("://") && !target.starts_with('#') && !target.starts_with("mailto:")
            {
                links.push((index + 1, target.to_string()));
            }
            rest = &after[end..];
        }
    }
    links
}

#[test]
fn every_link_of_the_docs_stays_inside_the_repository() {
    let repo = root().canonicalize().expect("repository root");
    let mut checked = 0;
    for file in doc_files(&root()) {
        let text = std::fs::read_to_string(&file).expect("read doc");
        for (line, target) in relative_links(&text) {
            let path = target.split('#').next().unwrap_or("");
            let resolved = file.parent().expect("a doc's folder").join(path);
            let place = format!(
                "{}:{line}",
                file.strip_prefix(&repo).unwrap_or(&file).display()
            );
            let found = resolved
                .canonicalize()
                .unwrap_or_else(|_| panic!("{place}: the link `{target}` leads nowhere"));
            assert!(
                found.starts_with(&repo),
                "{place}: the link `{target}` leaves the repository"
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} links found: the parser broke");
}

#[test]
fn the_book_lists_every_chapter() {
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    let listed: Vec<String> = relative_links(&summary)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    for file in doc_files(&root()).iter().skip(1) {
        let name = file
            .strip_prefix(root().join("docs/src"))
            .expect("a chapter")
            .to_string_lossy()
            .into_owned();
        if name != "SUMMARY.md" {
            assert!(
                listed.contains(&name),
                "docs/src/{name} is not in SUMMARY.md: the book would not show it"
            );
        }
    }
}

#[test]
fn every_example_names_its_language_and_every_doc_is_doctested() {
    // An untagged block would be taken for Rust by rustdoc, and a doc
    // missing from src/doc_examples.rs would keep its Rust examples untested.
    let doctested = std::fs::read_to_string(root().join("src/doc_examples.rs")).expect("read");
    for file in doc_files(&root()) {
        let relative = file.strip_prefix(root()).expect("in the repository");
        let include = format!("include_str!(\"../{}\")", relative.display());
        assert!(
            doctested.contains(&include),
            "{} is missing from src/doc_examples.rs",
            relative.display()
        );
        for block in markdown::blocks_of(&file) {
            assert!(
                !block.lang.is_empty(),
                "{}: a code block without a language tag",
                block.place(&root())
            );
        }
    }
}
