//! Every `oddsmith ...` command of the user docs (README.md and the book in
//! docs/src) run as written: it must succeed, print the numbers its
//! comment promises, and where the docs show a session (`$ oddsmith ...`
//! followed by its output) print that output (times aside).

#[path = "../../tests/support/markdown.rs"]
mod markdown;

use markdown::{Block, doc_files};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is inside the repository")
        .to_path_buf()
}

/// Runs one documented command line through the shell, with this build's
/// `oddsmith` first on the PATH (the line's quotes and `# comment` are the
/// shell's).
fn run_line(block: &Block, line: &str) -> Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_oddsmith"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(line)
        .env("PATH", path)
        .current_dir(repo())
        .output()
        .expect("run sh");
    assert!(
        out.status.success(),
        "{}: `{line}` failed ({}):\n{}{}",
        block.place(&repo()),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The numbers a comment promises: decimals written with at least four
/// places (`# 0.462145 / 0.537855`), which the output must contain as
/// written; rounder figures in comments are prose.
fn promised_numbers(comment: &str) -> Vec<&str> {
    comment
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|token| {
            token
                .split_once('.')
                .is_some_and(|(whole, places)| !whole.is_empty() && places.len() >= 4)
        })
        .collect()
}

/// A session's output with its timing (the last item of a summary line
/// such as `(exact, 56 states, 0.1 ms)`) blanked: it differs run to run.
fn without_times(text: &str) -> String {
    text.lines()
        .map(|line| match line.rsplit_once(", ") {
            Some((head, time)) if time.ends_with(" ms)") || time.ends_with(" s)") => {
                format!("{head}, (time))\n")
            }
            _ => format!("{line}\n"),
        })
        .collect()
}

#[test]
fn every_documented_command_runs() {
    // A command shown on several pages runs once; each page's comment is
    // checked against its output.
    let mut outputs: std::collections::HashMap<String, String> = Default::default();
    let mut commands = 0;
    for file in doc_files(&repo()) {
        for block in markdown::blocks_of(&file) {
            if block.lang != "sh" {
                continue;
            }
            for line in block.body.lines() {
                let line = line.trim();
                if !line.starts_with("oddsmith ") {
                    continue;
                }
                let (command, comment) = line.split_once(" # ").unwrap_or((line, ""));
                let stdout = outputs
                    .entry(command.trim().to_string())
                    .or_insert_with(|| {
                        String::from_utf8_lossy(&run_line(&block, command).stdout).into_owned()
                    });
                for number in promised_numbers(comment) {
                    assert!(
                        stdout.contains(number),
                        "{}: `{line}` promises {number} but printed:\n{stdout}",
                        block.place(&repo())
                    );
                }
                commands += 1;
            }
        }
    }
    assert!(commands >= 40, "only {commands} commands found");
}

#[test]
fn documented_sessions_print_what_the_docs_show() {
    let mut sessions = 0;
    for file in doc_files(&repo()) {
        for block in markdown::blocks_of(&file) {
            let Some(first) = block.body.lines().next() else {
                continue;
            };
            let Some(line) = first.strip_prefix("$ ") else {
                continue;
            };
            let shown: String = block
                .body
                .lines()
                .skip(1)
                .map(|l| format!("{l}\n"))
                .collect();
            let out = run_line(&block, line);
            let printed = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                without_times(&printed),
                without_times(&shown),
                "{}: `{line}` no longer prints what the docs show",
                block.place(&repo())
            );
            sessions += 1;
        }
    }
    assert!(sessions >= 1, "no documented session found");
}
