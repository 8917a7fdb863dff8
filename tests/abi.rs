//! The C ABI from outside Rust: the header compiles as strict C99 and
//! C++11, and the C and C++ test programs pass against both the static and
//! the shared library.

mod support;

use std::process::Command;
use support::{Linkage, build_program, program, root, run, scratch};

#[test]
fn header_compiles_as_strict_c99_and_cpp11() {
    let dir = scratch("header");
    let c = dir.join("only_header.c");
    std::fs::write(
        &c,
        "#include \"oddsmith.h\"\nint main(void) { return oddsmith_version() == 0u ? 1 : 0; }\n",
    )
    .expect("write probe");
    let cpp = dir.join("only_header.cpp");
    std::fs::copy(&c, &cpp).expect("copy probe");
    for (compiler, std, src) in [("gcc", "c99", &c), ("g++", "c++11", &cpp)] {
        run(Command::new(compiler)
            .arg(format!("-std={std}"))
            .args([
                "-pedantic",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-fsyntax-only",
                "-I",
            ])
            .arg(root().join("include"))
            .arg(src));
    }
}

/// The header and the C++ wrapper compile after `<stdio.h>` with the C
/// libraries our users build against besides glibc: musl (`musl-gcc`) and
/// Windows' (MinGW-w64, whose `<stdio.h>` defines `stderr` as a call, as
/// MSVC's does). Only compiled: no Windows or musl Rust target is built
/// here. Every result field that holds a standard error is read, so a field
/// named like a `<stdio.h>` macro fails here. `scripts/test` installs the
/// compilers (Debian's `musl-tools` and `mingw-w64`).
#[test]
fn header_compiles_with_musl_and_windows_headers() {
    let dir = scratch("cross-header");
    let probe = "#include <stdio.h>\n#include <stdlib.h>\n#include \"oddsmith.h\"\n\
        double sum(const OddsmithEquityResult *e, const OddsmithStrengthResult *s,\n\
                   const OddsmithCombatResult *c, const OddsmithProgressReport *p);\n\
        double sum(const OddsmithEquityResult *e, const OddsmithStrengthResult *s,\n\
                   const OddsmithCombatResult *c, const OddsmithProgressReport *p) {\n\
            fputs(\"probe\\n\", stderr);\n\
            return e->std_error + s->std_error + c->std_error + p->std_error;\n\
        }\n\
        int main(void) { return oddsmith_version() == 0u ? 1 : 0; }\n";
    let c = dir.join("stdio_first.c");
    std::fs::write(&c, probe).expect("write probe");
    let cpp = dir.join("stdio_first.cpp");
    std::fs::write(
        &cpp,
        format!("#include <cstdio>\n#include \"oddsmith.hpp\"\n{probe}"),
    )
    .expect("write probe");
    for (compiler, std, src) in [
        ("musl-gcc", "c99", &c),
        ("x86_64-w64-mingw32-gcc", "c99", &c),
        ("x86_64-w64-mingw32-g++", "c++11", &cpp),
    ] {
        assert!(
            Command::new(compiler).arg("--version").output().is_ok(),
            "{compiler} not found: install Debian's musl-tools and mingw-w64 \
             (scripts/test does)"
        );
        run(Command::new(compiler)
            .arg(format!("-std={std}"))
            .args(["-pedantic", "-Wall", "-Wextra", "-Werror", "-c", "-o"])
            .arg(dir.join(format!("{compiler}.o")))
            .arg("-I")
            .arg(root().join("include"))
            .arg("-I")
            .arg(root().join("bindings/cpp"))
            .arg(src));
    }
}

fn run_program(compiler: &str, std: &str, source: &str, expect: &str) {
    for linkage in [Linkage::Static, Linkage::Shared] {
        let exe = build_program(source, compiler, std, &root().join(source), linkage);
        let out = run(&mut program(&exe));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(expect) && stdout.contains(" 0 failed"),
            "{source} ({linkage:?}) printed: {stdout}"
        );
    }
}

#[test]
fn c_pools_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/pools_test.c", "c: ");
}

#[test]
fn c_cards_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/cards_test.c", "c: ");
}

#[test]
fn cpp_cards_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/cards_test.cpp", "cpp: ");
}

#[test]
fn c_split_damage_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/split_damage_test.c", "c: ");
}

#[test]
fn cpp_split_damage_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/split_damage_test.cpp", "cpp: ");
}

#[test]
fn c_expectimax_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/expectimax_test.c", "c: ");
}

#[test]
fn cpp_expectimax_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/expectimax_test.cpp", "cpp: ");
}

#[test]
fn c_poker_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/poker_test.c", "c: ");
}

#[test]
fn cpp_poker_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/poker_test.cpp", "cpp: ");
}

#[test]
fn c_board_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/board_test.c", "c: ");
}

#[test]
fn cpp_board_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/board_test.cpp", "cpp: ");
}

#[test]
fn c_pushfold_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/pushfold_test.c", "c: ");
}

#[test]
fn cpp_pushfold_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/pushfold_test.cpp", "cpp: ");
}

#[test]
fn c_combat_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/combat_test.c", "c: ");
}

#[test]
fn cpp_combat_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/combat_test.cpp", "cpp: ");
}

#[test]
fn c_progress_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/progress_test.c", "c: ");
}

#[test]
fn cpp_progress_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/progress_test.cpp", "cpp: ");
}

#[test]
fn c_durak_program_passes_static_and_shared() {
    run_program("gcc", "c99", "tests/c/durak_test.c", "c: ");
}

#[test]
fn cpp_durak_program_passes_static_and_shared() {
    run_program("g++", "c++11", "tests/cpp/durak_test.cpp", "cpp: ");
}

/// The console game runs to the end when its input ends at once (the
/// human then passes or takes every time).
#[test]
fn durak_console_example_plays_to_the_end() {
    let exe = build_program(
        "durak-console",
        "gcc",
        "c99",
        &root().join("examples/durak_console.c"),
        Linkage::Static,
    );
    let out = run(program(&exe).args(["3", "5"]));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("engine:") && (stdout.contains("durak") || stdout.contains("draw")),
        "{stdout}"
    );
    // Perevodnoy: some seeds offer a transfer on the way.
    let offered = (1..=10).any(|seed| {
        let out = run(program(&exe).args([&seed.to_string(), "2", "--variant", "transfer"]));
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            stdout.contains("durak") || stdout.contains("draw"),
            "{stdout}"
        );
        stdout.contains("transfer with")
    });
    assert!(offered, "no transfer offered in 10 games");
}

#[test]
fn c_example_runs() {
    let exe = build_program(
        "example",
        "gcc",
        "c99",
        &root().join("examples/c_client.c"),
        Linkage::Shared,
    );
    let out = run(&mut program(&exe));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("card 50 = Ah") && stdout.contains("'Zz'"),
        "{stdout}"
    );
}

/// No definite leaks or invalid accesses across the boundary. Only definite
/// leaks count: rayon's pool threads are still alive at exit.
#[test]
fn c_program_is_clean_under_valgrind() {
    assert!(
        Command::new("valgrind")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success()),
        "valgrind is missing: run `apt-get install -y valgrind` (scripts/test does)"
    );
    // The cards (buffers, strings) and the Durak handles (used after free,
    // freed twice, stale after their slot holds a newer game).
    for source in ["tests/c/cards_test.c", "tests/c/handles_test.c"] {
        let exe = build_program(
            "valgrind",
            "gcc",
            "c99",
            &root().join(source),
            Linkage::Shared,
        );
        run(Command::new("valgrind")
            .args([
                "--quiet",
                "--leak-check=full",
                "--errors-for-leak-kinds=definite",
                "--error-exitcode=9",
            ])
            .arg(&exe));
    }
}

/// No cold start: the evaluator's tables are static data, so the first
/// `oddsmith_eval7` in a fresh process costs what the second does (whole
/// processes counted by callgrind, calling it 0, 1 and 2 times; the
/// tables built on a first call would cost about 150 M instructions).
#[test]
fn the_first_eval7_costs_what_the_second_does() {
    let exe = cold_start_program("cold-start-eval7");
    let (none, one, two) = (
        instructions(&exe, "0", "eval7"),
        instructions(&exe, "1", "eval7"),
        instructions(&exe, "2", "eval7"),
    );
    let (first, second) = (one - none, two - one);
    println!("process {none}, first eval7 {first}, second {second} instructions");
    assert!(first <= second + 200, "first {first}, second {second}");
    assert!(
        one <= 5_000_000,
        "{one} instructions for a process with one call"
    );
}

/// The preflop matchup table and its layout are read-only data: the first
/// heads-up preflop query builds nothing (it cost 42 M instructions when
/// the table was decoded on first use).
#[test]
fn the_first_preflop_equity_costs_about_what_the_second_does() {
    let exe = cold_start_program("cold-start-equity");
    let (none, one, two) = (
        instructions(&exe, "0", "equity"),
        instructions(&exe, "1", "equity"),
        instructions(&exe, "2", "equity"),
    );
    let (first, second) = (one - none, two - one);
    println!("process {none}, first preflop equity {first}, second {second} instructions");
    // The first call also pays one-time allocator and thread-local set-up
    // (measured: 17.5 k against 14.4 k instructions).
    assert!(first <= second + 20_000, "first {first}, second {second}");
}

fn cold_start_program(tag: &str) -> std::path::PathBuf {
    build_program(
        tag,
        "gcc",
        "c99",
        &root().join("tests/c/cold_start.c"),
        Linkage::Static,
    )
}

/// The whole process's instructions under callgrind.
fn instructions(exe: &std::path::Path, calls: &str, kind: &str) -> u64 {
    let out = run(Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .arg(calls)
        .arg(kind));
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.split("Collected : ").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no instruction count from callgrind: {stderr}"))
}
