//! The `oddsmith` binary end to end: output, JSON, exit codes, no panics.

use std::process::{Command, Output};

fn oddsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .output()
        .expect("run oddsmith")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_lists_one_subcommand_per_engine() {
    let out = oddsmith(&["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for sub in [
        "cards",
        "equity",
        "split-damage",
        "combat",
        "coins",
        "durak",
    ] {
        assert!(help.contains(sub), "--help lacks {sub}: {help}");
    }
}

#[test]
fn cards_parses_and_prints_back() {
    let out = oddsmith(&["cards", "AhKs"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).trim(), "AhKs (2 cards)");

    let out = oddsmith(&["cards", "ah", "10d", "--json"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.contains(r#""cards":["Ah","Td"]"#), "{stdout}");
    assert!(stdout.contains(r#""count":2"#), "{stdout}");
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for args in [
        &["cards", "AhZz"][..],
        &["cards", "AhAh"],
        &["cards", "AhZz", "--json"],
    ] {
        let out = oddsmith(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    let out = oddsmith(&["cards", "AhZz"]);
    assert!(text(&out.stderr).contains("'Zz' at position 2"));
    // Unknown subcommands and flags are usage errors, also exit code 2.
    assert_eq!(oddsmith(&["nope"]).status.code(), Some(2));
}

#[test]
fn unbuilt_engines_say_so() {
    let out = oddsmith(&["coins", "1", "2", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("not yet built"));
}
