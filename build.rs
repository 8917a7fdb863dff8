//! Generates the C header with cbindgen on every build into OUT_DIR, and
//! refreshes the committed `include/oddsmith.h` only when it is missing or
//! `ODDSMITH_UPDATE_HEADER=1` asks for it (a unit test fails when the two
//! differ, naming that command). On ELF platforms the shared library gets
//! the soname `liboddsmith.so.<ABI version>` (the major version, `0.<minor>`
//! before 1.0), so programs linked against it load any later library of
//! the same ABI (`scripts/install` puts the versioned file and its links in
//! place; a build links the soname beside the library it makes). Nothing slow happens here.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

// The formatter of baked tables (`crate::baked` here and in the library),
// the evaluator's table generator and the hand order it reads, shared with
// the library by path.
#[path = "src/baked.rs"]
mod baked;
#[path = "src/poker/classes.rs"]
#[allow(dead_code)]
mod classes;
#[path = "src/poker/eval_tables.rs"]
mod eval_tables;
// The preflop table's layout and packing, shared with the library by path.
#[path = "src/poker/equity/preflop/layout.rs"]
#[allow(dead_code)]
mod preflop_layout;
#[path = "src/poker/equity/preflop/packing.rs"]
#[allow(dead_code)]
mod preflop_packing;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=ODDSMITH_UPDATE_HEADER");

    // Not on Windows or Apple targets (DLLs and install names are another
    // matter): every ELF platform's linker takes -soname.
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if !matches!(
        os.as_str(),
        "windows" | "macos" | "ios" | "tvos" | "watchos"
    ) {
        let soname = format!("liboddsmith.so.{}", abi_version());
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
        link_soname_in_place(&soname);
    }

    let crate_dir =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    bake(
        &crate_dir,
        &out_dir,
        &["src/poker/classes.rs", "src/poker/eval_tables.rs"],
        "eval_tables.rs",
        || eval_tables::generate().to_rust(),
    );
    bake(
        &crate_dir,
        &out_dir,
        &["src/poker/equity/preflop/layout.rs"],
        "preflop_layout.rs",
        || preflop_layout::Layout::compute().to_rust(),
    );
    bake(
        &crate_dir,
        &out_dir,
        &["src/poker/equity/preflop/layout.rs"],
        "preflop_entry.bin",
        || preflop_layout::Layout::compute().entry_bytes(),
    );
    let table = crate_dir.join("src/poker/equity/preflop_heads_up.bin");
    bake(
        &crate_dir,
        &out_dir,
        &[
            "src/poker/equity/preflop/packing.rs",
            "src/poker/equity/preflop_heads_up.bin",
        ],
        "preflop_counts.bin",
        || preflop_packing::unpacked(&fs::read(&table).expect("the preflop table is readable")),
    );
    bake(
        &crate_dir,
        &out_dir,
        &[
            "src/poker/equity/preflop/layout.rs",
            "src/poker/equity/preflop/packing.rs",
            "src/poker/equity/preflop_heads_up.bin",
        ],
        "preflop_vs_every_hand.bin",
        || {
            let counts = preflop_packing::unpacked(
                &fs::read(&table).expect("the preflop table is readable"),
            );
            preflop_layout::Layout::compute().vs_every_hand_bytes(&counts, preflop_packing::FIELDS)
        },
    );
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is valid");

    let bindings = cbindgen::Builder::new()
        .with_config(config)
        // The C surface is exactly the ffi module and what it declares.
        .with_src(crate_dir.join("src/ffi/mod.rs"))
        .generate()
        .expect("cbindgen can parse the crate");
    let mut header = Vec::new();
    bindings.write(&mut header);
    fs::write(out_dir.join("oddsmith.h"), &header).expect("OUT_DIR is writable");

    let committed = crate_dir.join("include/oddsmith.h");
    let asked = env::var("ODDSMITH_UPDATE_HEADER").is_ok_and(|v| v == "1");
    if asked || !committed.exists() {
        fs::create_dir_all(crate_dir.join("include")).expect("include/ is creatable");
        fs::write(&committed, &header).expect("include/oddsmith.h is writable");
    }
}

/// Writes a table made by `make` (Rust statics or raw bytes) into OUT_DIR
/// as `target`, regenerating it only when its generator's source files
/// changed (the script reruns on every change under src/): a stamp file
/// beside it holds the sources' hash.
fn bake<T: AsRef<[u8]>>(
    crate_dir: &Path,
    out_dir: &Path,
    sources: &[&str],
    target: &str,
    make: impl Fn() -> T,
) {
    // FNV-1a of the sources: a stamp, not a security measure.
    let stamp = sources
        .iter()
        .flat_map(|f| fs::read(crate_dir.join(f)).expect("the generator's sources are readable"))
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    let stamp = format!("{stamp:016x}");
    let stamp_file = out_dir.join(format!("{target}.stamp"));
    let target = out_dir.join(target);
    if target.exists() && fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp) {
        return;
    }
    fs::write(&target, make()).expect("OUT_DIR is writable");
    fs::write(&stamp_file, stamp).expect("OUT_DIR is writable");
}

/// The part of the version that names an ABI: the major version, or
/// before 1.0 `0.<minor>` (0.x releases may break the ABI, so a program
/// built against 0.2 must not load 0.3). `scripts/install` says the same.
fn abi_version() -> String {
    let part = |name: &str| env::var(name).expect("cargo sets the version");
    let major = part("CARGO_PKG_VERSION_MAJOR");
    if major == "0" {
        format!("0.{}", part("CARGO_PKG_VERSION_MINOR"))
    } else {
        major
    }
}

/// Puts `<soname> -> liboddsmith.so` beside the library
/// cargo builds (target/<profile>/, three levels above OUT_DIR), so a
/// program linked in place against target/release runs without an install
/// step: its loader looks for the soname. The link is made before the
/// library exists (this script runs first) and is left alone when present.
/// Nothing is made where the layout is not cargo's usual one.
fn link_soname_in_place(soname: &str) {
    #[cfg(unix)]
    {
        let Ok(out_dir) = env::var("OUT_DIR") else {
            return;
        };
        let out_dir = PathBuf::from(out_dir);
        let Some(profile_dir) = out_dir.ancestors().nth(3) else {
            return;
        };
        let is_cargo_layout = out_dir.ancestors().nth(2).and_then(Path::file_name)
            == Some(std::ffi::OsStr::new("build"))
            && profile_dir.join("deps").is_dir();
        let link = profile_dir.join(soname);
        if is_cargo_layout && fs::symlink_metadata(&link).is_err() {
            // A failure here costs only the convenience: say so, go on.
            if let Err(e) = std::os::unix::fs::symlink("liboddsmith.so", &link) {
                println!("cargo:warning=could not link {}: {e}", link.display());
            }
        }
    }
    #[cfg(not(unix))]
    let _ = soname;
}
