//! The C# bindings (bindings/csharp) compiled with mono's `mcs` and run with
//! `mono` against the shared library. The test command installs mono
//! (mono-mcs, mono-runtime) when missing; here a missing mono fails loudly.

mod support;

use std::process::Command;
use support::{lib_dir, root, run, scratch};

#[test]
fn csharp_bindings_pass_on_mono() {
    for tool in ["mcs", "mono"] {
        assert!(
            Command::new("which")
                .arg(tool)
                .output()
                .is_ok_and(|o| o.status.success()),
            "`{tool}` is missing: run `apt-get install -y mono-mcs mono-runtime` (scripts/test does)"
        );
    }
    let exe = scratch("csharp").join("OddsmithTests.exe");
    run(Command::new("mcs")
        .arg("-warnaserror+")
        .arg(format!("-out:{}", exe.display()))
        .arg(root().join("bindings/csharp/Oddsmith.cs"))
        .arg(root().join("bindings/csharp/tests/OddsmithTests.cs")));
    let out = run(Command::new("mono")
        .arg(&exe)
        .env("LD_LIBRARY_PATH", lib_dir()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("csharp: ") && stdout.contains(" 0 failed"),
        "mono printed: {stdout}"
    );
}

#[test]
fn csharp_example_runs_on_mono() {
    let exe = scratch("csharp-example").join("CsharpConsole.exe");
    run(Command::new("mcs")
        .arg(format!("-out:{}", exe.display()))
        .arg(root().join("bindings/csharp/Oddsmith.cs"))
        .arg(root().join("examples/CsharpConsole.cs")));
    let out = run(Command::new("mono")
        .arg(&exe)
        .env("LD_LIBRARY_PATH", lib_dir()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("card 50 = Ah") && stdout.contains("as expected: Parse"),
        "{stdout}"
    );
}
