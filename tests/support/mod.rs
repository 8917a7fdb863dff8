//! Helpers for the tests: building and running programs in other
//! languages against the library cargo just built, and comparing combat
//! answers with Firestone's (`compare`).

#![allow(dead_code)] // each test file uses a subset

pub mod compare;

use std::path::{Path, PathBuf};

use std::process::{Command, Output};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding liboddsmith.{a,so}: `cargo test` builds every
/// crate type of the library beside the test binary, in target/<profile>/deps.
pub fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe
        .parent()
        .expect("test binary lives in target/<profile>/deps")
        .to_path_buf();
    for lib in ["liboddsmith.a", "liboddsmith.so"] {
        assert!(
            dir.join(lib).exists(),
            "{lib} not found in {}: cargo builds it with the tests",
            dir.display()
        );
    }
    // Programs linked against the library look for its soname at run
    // time, as an install provides it (build.rs links it only beside the
    // uplifted library in target/<profile>).
    let soname = dir.join(soname());
    if std::fs::symlink_metadata(&soname).is_err() {
        // Tests run in parallel: another may have made it meanwhile.
        let _ = std::os::unix::fs::symlink("liboddsmith.so", &soname);
    }
    dir
}

/// The shared library's soname (build.rs): `liboddsmith.so.<ABI>`, the
/// ABI being the major version, or `0.<minor>` before 1.0.
pub fn soname() -> String {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    if major == "0" {
        format!("liboddsmith.so.0.{}", env!("CARGO_PKG_VERSION_MINOR"))
    } else {
        format!("liboddsmith.so.{major}")
    }
}

/// A scratch directory for one test's build products.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("abi-tests")
        .join(name);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs a command, failing the test with its output when it fails.
pub fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({})\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The native libraries a Rust staticlib needs on this platform, as rustc
/// reports them with `--print native-static-libs` (asked once per test
/// binary: tests run in parallel and would race on the probe's files).
pub fn native_static_libs() -> Vec<String> {
    static LIBS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LIBS.get_or_init(ask_rustc_for_native_libs).clone()
}

fn ask_rustc_for_native_libs() -> Vec<String> {
    let dir = scratch(&format!("native-libs-{}", std::process::id()));
    let src = dir.join("empty.rs");
    std::fs::write(&src, "").expect("write empty.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = run(Command::new(rustc)
        .args([
            "--crate-type",
            "staticlib",
            "--print",
            "native-static-libs",
            "-o",
        ])
        .arg(dir.join("libempty.a"))
        .arg(&src));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr
        .lines()
        .find_map(|l| l.split("native-static-libs:").nth(1))
        .expect("rustc printed native-static-libs");
    line.split_whitespace().map(str::to_string).collect()
}

/// How a test program links the library.
#[derive(Clone, Copy, Debug)]
pub enum Linkage {
    Static,
    Shared,
}

/// Compiles one C or C++ source file against the header (and the C++
/// bindings) and the library, returning the executable's path. `tag` keeps
/// the outputs of tests running in parallel apart.
pub fn build_program(
    tag: &str,
    compiler: &str,
    std: &str,
    source: &Path,
    linkage: Linkage,
) -> PathBuf {
    let lib = lib_dir();
    let stem = source.file_stem().expect("source name").to_string_lossy();
    let exe = scratch(tag).join(format!("{stem}-{compiler}-{linkage:?}").to_lowercase());
    let mut cmd = Command::new(compiler);
    cmd.arg(format!("-std={std}"))
        .args(["-pedantic", "-Wall", "-Wextra", "-Werror", "-O1"])
        .arg("-I")
        .arg(root().join("include"))
        .arg("-I")
        .arg(root().join("bindings/cpp"))
        .arg("-I")
        .arg(root().join("tests/c"))
        .arg(source)
        .arg("-o")
        .arg(&exe);
    cmd.arg("-lm");
    match linkage {
        Linkage::Static => {
            cmd.arg(lib.join("liboddsmith.a"));
            cmd.args(native_static_libs());
        }
        Linkage::Shared => {
            cmd.arg("-L").arg(&lib).arg("-loddsmith");
            cmd.arg(format!("-Wl,-rpath,{}", lib.display()));
        }
    }
    run(&mut cmd);
    exe
}

/// A command running a program built by `build_program`: the loader must
/// find this build's liboddsmith.so, not a stale copy that cargo's own
/// LD_LIBRARY_PATH (target/<profile>) may list first.
pub fn program(exe: &Path) -> Command {
    let mut cmd = Command::new(exe);
    cmd.env("LD_LIBRARY_PATH", lib_dir());
    cmd
}
