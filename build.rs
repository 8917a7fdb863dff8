//! Generates the C header with cbindgen on every build into OUT_DIR, and
//! refreshes the committed `include/oddsmith.h` only when it is missing or
//! `ODDSMITH_UPDATE_HEADER=1` asks for it (a unit test fails when the two
//! differ, naming that command). On ELF platforms the shared library gets
//! the soname `liboddsmith.so.<major>`, so programs linked against it load
//! any later library of the same major version (`scripts/install` puts the
//! versioned file and its links in place). Nothing slow happens here.

use std::env;
use std::fs;
use std::path::PathBuf;

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
        let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liboddsmith.so.{major}");
    }

    let crate_dir =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
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
