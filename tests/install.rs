//! `scripts/install` into a temporary prefix, then what a C or C++ user
//! does with it: a CMake project with `find_package(oddsmith)` (shared and
//! static) and a C program built with pkg-config (shared and static),
//! each run. Needs cmake and pkg-config (scripts/test installs them).

mod support;

use std::path::Path;
use std::process::Command;
use support::{lib_dir, root, run, scratch, soname};

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
    let soname = soname();
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
        link(&soname),
        Path::new(&format!("liboddsmith.so.{version}"))
    );
    assert_eq!(link("liboddsmith.so"), Path::new(&soname));
    let dynamic = needed(&lib.join(format!("liboddsmith.so.{version}")));
    assert!(dynamic.contains(&format!("[{soname}]")), "{dynamic}");

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
            deps.contains(&soname),
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
    assert!(needed(&shared).contains(&soname));
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

/// Without `--from`, the script builds with cargo and takes the libraries
/// from where cargo says it put them (`CARGO_TARGET_DIR` or a config), not
/// from `target/`. A stand-in `cargo` first on the PATH answers `build`
/// (nothing to do) and `metadata` (a target directory elsewhere holding
/// this build's libraries), so no release build runs here.
#[test]
fn install_finds_the_libraries_where_cargo_put_them() {
    let work = scratch("install-target-dir");
    let elsewhere = work.join("elsewhere");
    let release = elsewhere.join("release");
    std::fs::create_dir_all(&release).expect("mkdir");
    for lib in ["liboddsmith.a", "liboddsmith.so"] {
        let _ = std::fs::remove_file(release.join(lib));
        std::fs::copy(lib_dir().join(lib), release.join(lib)).expect("copy the library");
    }
    let bin = work.join("bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let fake = bin.join("cargo");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\ncase \"$1\" in\n  build) exit 0 ;;\n  metadata) echo '{{\"packages\":[],\"target_directory\":\"{}\",\"version\":1}}' ;;\n  *) exit 3 ;;\nesac\n",
            elsewhere.display()
        ),
    )
    .expect("write the stand-in cargo");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let prefix = work.join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    run(Command::new(root().join("scripts/install"))
        .arg("--prefix")
        .arg(&prefix)
        .env("PATH", path));
    assert!(prefix.join("lib/liboddsmith.a").is_file());
    assert!(prefix.join(format!("lib/{}", soname())).exists());
}

/// A plain build leaves the soname beside the library it makes, so a
/// program linked in place against target/<profile> runs without an
/// install or a hand-made link.
#[test]
fn a_build_links_the_soname_beside_the_library() {
    let profile_dir = lib_dir()
        .parent()
        .expect("deps lives in target/<profile>")
        .to_path_buf();
    let link = profile_dir.join(soname());
    assert_eq!(
        std::fs::read_link(&link).unwrap_or_else(|e| panic!("{}: {e}", link.display())),
        Path::new("liboddsmith.so")
    );
}
