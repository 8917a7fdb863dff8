//! `scripts/install` into a temporary prefix, then what a C or C++ user
//! does with it: a CMake project with `find_package(oddsmith)` (shared and
//! static) and a C program built with pkg-config (shared and static),
//! each run. Needs cmake and pkg-config (scripts/test installs them).

mod support;

use std::path::Path;
use std::process::Command;
use support::{lib_dir, root, run, scratch};

/// The dynamic libraries a binary needs (readelf's NEEDED entries).
fn needed(binary: &Path) -> String {
    let out = run(Command::new("readelf").arg("-d").arg(binary));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("(NEEDED)") || l.contains("(SONAME)"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn install_then_build_with_cmake_and_pkg_config() {
    for tool in ["cmake", "pkg-config", "readelf"] {
        assert!(
            Command::new(tool).arg("--version").output().is_ok(),
            "{tool} is needed for this test (scripts/test installs it)"
        );
    }
    let work = scratch("install");
    let prefix = work.join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    run(Command::new(root().join("scripts/install"))
        .arg("--prefix")
        .arg(&prefix)
        .arg("--from")
        .arg(lib_dir()));
    let version = env!("CARGO_PKG_VERSION");
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let lib = prefix.join("lib");
    for file in [
        "include/oddsmith.h".to_string(),
        "include/oddsmith.hpp".to_string(),
        "lib/liboddsmith.a".to_string(),
        format!("lib/liboddsmith.so.{version}"),
        "lib/pkgconfig/oddsmith.pc".to_string(),
        "lib/cmake/oddsmith/oddsmithConfig.cmake".to_string(),
        "lib/cmake/oddsmith/oddsmithConfigVersion.cmake".to_string(),
    ] {
        assert!(prefix.join(&file).is_file(), "{file} not installed");
    }
    let link = |name: &str| std::fs::read_link(lib.join(name)).expect("a symlink");
    assert_eq!(
        link(&format!("liboddsmith.so.{major}")),
        Path::new(&format!("liboddsmith.so.{version}"))
    );
    assert_eq!(
        link("liboddsmith.so"),
        Path::new(&format!("liboddsmith.so.{major}"))
    );
    let soname = needed(&lib.join(format!("liboddsmith.so.{version}")));
    assert!(
        soname.contains(&format!("[liboddsmith.so.{major}]")),
        "{soname}"
    );

    // CMake, shared (the default) and static.
    for (name, static_link) in [("cmake-shared", "OFF"), ("cmake-static", "ON")] {
        let build = work.join(name);
        let _ = std::fs::remove_dir_all(&build);
        run(Command::new("cmake")
            .arg("-S")
            .arg(root().join("examples/cmake"))
            .arg("-B")
            .arg(&build)
            .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
            .arg(format!("-DODDSMITH_STATIC={static_link}")));
        run(Command::new("cmake").arg("--build").arg(&build));
        let exe = build.join("odds");
        let out = run(&mut Command::new(&exe));
        let text = stdout(&out);
        assert!(
            text.contains("Royal Flush") && text.contains("as expected"),
            "{text}"
        );
        let deps = needed(&exe);
        assert_eq!(
            deps.contains(&format!("liboddsmith.so.{major}")),
            static_link == "OFF",
            "{name}: {deps}"
        );
    }

    // pkg-config: a C program linked to the shared library, then statically.
    let pkg = |args: &[&str]| {
        let out = run(Command::new("pkg-config")
            .args(args)
            .arg("oddsmith")
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig")));
        stdout(&out)
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(pkg(&["--modversion"]), vec![version.to_string()]);
    let source = root().join("examples/c_client.c");
    let shared = work.join("c_shared");
    run(Command::new("gcc")
        .args(["-std=c99", "-pedantic", "-Werror"])
        .arg(&source)
        .arg("-o")
        .arg(&shared)
        .args(pkg(&["--cflags", "--libs"])));
    let out = run(Command::new(&shared).env("LD_LIBRARY_PATH", &lib));
    assert!(stdout(&out).contains("card 50 = Ah"), "{}", stdout(&out));
    assert!(needed(&shared).contains(&format!("liboddsmith.so.{major}")));
    // Static: liboddsmith.a between -Bstatic and -Bdynamic, then the
    // system libraries pkg-config lists for a static link.
    let system: Vec<String> = pkg(&["--static", "--libs-only-l"])
        .into_iter()
        .filter(|l| l != "-loddsmith")
        .collect();
    let fixed = work.join("c_static");
    run(Command::new("gcc")
        .args(["-std=c99", "-pedantic", "-Werror"])
        .arg(&source)
        .arg("-o")
        .arg(&fixed)
        .args(pkg(&["--cflags"]))
        .arg("-Wl,-Bstatic")
        .args(pkg(&["--libs"]))
        .arg("-Wl,-Bdynamic")
        .args(system));
    let out = run(&mut Command::new(&fixed));
    assert!(stdout(&out).contains("card 50 = Ah"), "{}", stdout(&out));
    assert!(
        !needed(&fixed).contains("liboddsmith"),
        "{}",
        needed(&fixed)
    );
}
