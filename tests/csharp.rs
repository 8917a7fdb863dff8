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
        .arg(root().join("bindings/csharp/Raw.g.cs"))
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

/// The generated raw layer (structs, constants, status enum, P/Invokes) is
/// what `scripts/csharp_raw.py` makes from the committed header.
#[test]
fn the_csharp_raw_layer_is_fresh() {
    let out = run(Command::new("python3")
        .arg(root().join("scripts/csharp_raw.py"))
        .arg("--check"));
    assert!(out.status.success());
}

#[test]
fn csharp_example_runs_on_mono() {
    let exe = scratch("csharp-example").join("CsharpConsole.exe");
    run(Command::new("mcs")
        .arg(format!("-out:{}", exe.display()))
        .arg(root().join("bindings/csharp/Oddsmith.cs"))
        .arg(root().join("bindings/csharp/Raw.g.cs"))
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

/// The C structs of the header: (name, field names), parsed from
/// cbindgen's regular output (`typedef struct { ...; } Name;`).
fn header_structs() -> Vec<(String, Vec<String>)> {
    let header = std::fs::read_to_string(root().join("include/oddsmith.h")).expect("header");
    let mut structs = Vec::new();
    let mut fields: Option<Vec<String>> = None;
    for line in header.lines() {
        let code = line.split("//").next().unwrap_or("").trim();
        if code.starts_with("typedef struct") && code.ends_with('{') {
            fields = Some(Vec::new());
        } else if let Some(list) = fields.as_mut() {
            if let Some(name) = code.strip_prefix('}') {
                let name = name.trim().trim_end_matches(';').trim().to_string();
                structs.push((name, fields.take().unwrap_or_default()));
            } else if let Some(decl) = code.strip_suffix(';') {
                let decl = decl.split('[').next().unwrap_or(decl);
                let name = decl
                    .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .find(|t| !t.is_empty())
                    .expect("a field name");
                list.push(name.to_string());
            }
        }
    }
    structs
}

/// The header's numeric constants: `#define ODDSMITH_...` and the status
/// codes (`ODDSMITH_OK = 0,`).
fn header_constants() -> Vec<String> {
    let header = std::fs::read_to_string(root().join("include/oddsmith.h")).expect("header");
    header
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let name = match l.strip_prefix("#define ") {
                Some(d) => d.split_whitespace().next()?,
                None if l.contains(" = ") => l.split(" = ").next()?,
                None => return None,
            };
            (name.starts_with("ODDSMITH_") && name != "ODDSMITH_H").then(|| name.to_string())
        })
        .collect()
}

/// `MonteCarlo` as `MONTE_CARLO`.
fn screaming(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_uppercase());
    }
    out
}

/// Field names compared without case or underscores (`player_count` is
/// `PlayerCount`).
fn normalize(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every struct the C# bindings marshal has the header's size and field
/// offsets, and every C# enum member and constant the header's value: a
/// generated C program prints sizeof/offsetof and the constants, the C#
/// side Marshal.SizeOf/OffsetOf and its enums and constants. A C# struct
/// mirrors `OddsmithX` when named X, XNative, or X with a trailing Result
/// as Native. (Tried: a field added to `OddsmithPigResult` alone fails it,
/// and so does `PigMove.Hold = 2`.)
#[test]
fn csharp_matches_the_header_layout_and_constants() {
    let structs = header_structs();
    assert!(structs.len() >= 20, "parsed {} structs", structs.len());
    let mut c = String::from(
        "#include \"oddsmith.h\"\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n",
    );
    for (name, fields) in &structs {
        c.push_str(&format!(
            "    printf(\"TYPE {name} %zu\\n\", sizeof({name}));\n"
        ));
        for f in fields {
            c.push_str(&format!(
                "    printf(\"FIELD {name}.{f} %zu\\n\", offsetof({name}, {f}));\n"
            ));
        }
    }
    for name in header_constants() {
        c.push_str(&format!(
            "    printf(\"CONST {name} %lld\\n\", (long long)({name}));\n"
        ));
    }
    c.push_str("    return 0;\n}\n");
    let dir = scratch("layout");
    let source = dir.join("layout.c");
    std::fs::write(&source, c).expect("write layout.c");
    let c_exe = dir.join("layout");
    run(Command::new("gcc")
        .args(["-std=c99", "-pedantic", "-Werror", "-I"])
        .arg(root().join("include"))
        .arg(&source)
        .arg("-o")
        .arg(&c_exe));
    let c_out = String::from_utf8_lossy(&run(&mut Command::new(&c_exe)).stdout).into_owned();

    let cs_exe = dir.join("LayoutDump.exe");
    run(Command::new("mcs")
        .arg(format!("-out:{}", cs_exe.display()))
        .arg(root().join("bindings/csharp/Oddsmith.cs"))
        .arg(root().join("bindings/csharp/Raw.g.cs"))
        .arg(root().join("bindings/csharp/tests/LayoutDump.cs")));
    let cs_out =
        String::from_utf8_lossy(&run(Command::new("mono").arg(&cs_exe)).stdout).into_owned();

    // (kind, name) -> value, for both sides.
    let parse = |text: &str| -> std::collections::HashMap<String, u64> {
        text.lines()
            .filter_map(|l| {
                let mut parts = l.split_whitespace();
                let (kind, name, value) = (parts.next()?, parts.next()?, parts.next()?);
                let key = match kind {
                    "TYPE" => name.to_string(),
                    _ => {
                        let (t, f) = name.split_once('.')?;
                        format!("{t}.{}", normalize(f))
                    }
                };
                Some((key, value.parse().ok()?))
            })
            .collect()
    };
    let (c_layout, cs_layout) = (parse(&c_out), parse(&cs_out));
    let mut mirrored = Vec::new();
    let mut problems = Vec::new();
    for (name, fields) in &structs {
        let base = name.strip_prefix("Oddsmith").unwrap_or(name);
        let candidates = [
            base.to_string(),
            format!("{base}Native"),
            format!("{}Native", base.strip_suffix("Result").unwrap_or(base)),
        ];
        let Some(cs) = candidates.iter().find(|n| cs_layout.contains_key(*n)) else {
            continue;
        };
        mirrored.push(name.clone());
        if c_layout[name] != cs_layout[cs] {
            problems.push(format!(
                "{name}: {} bytes in C, {} in C# {cs}",
                c_layout[name], cs_layout[cs]
            ));
        }
        for f in fields {
            let c_offset = c_layout[&format!("{name}.{}", normalize(f))];
            // An array may be spelled out element by element in C# (C's
            // `cards[2]` as `Card0, Card1`): its first element then stands
            // at the array's offset.
            let first_element = format!("{cs}.{}0", normalize(f.trim_end_matches('s')));
            let field = cs_layout
                .get(&format!("{cs}.{}", normalize(f)))
                .or_else(|| cs_layout.get(&first_element));
            match field {
                Some(&o) if o == c_offset => {}
                Some(&o) => problems.push(format!(
                    "{name}.{f}: offset {c_offset} in C, {o} in C# {cs}"
                )),
                None => problems.push(format!("{name}.{f}: no field of that name in C# {cs}")),
            }
        }
    }
    // Constants: every C# enum member and integer constant equals the
    // header's constant of its name (the C name is ODDSMITH_, the enum's C
    // prefix, then the member in capitals; a class constant is the header
    // constant whose name ends so). Keywords.None and Tribes.None have none.
    let prefixes = [
        ("Status", "ERR_"),
        ("NodeKind", "NODE_"),
        ("PigMove", "PIG_"),
        ("EquityMode", "MODE_"),
        ("CombatMode", "COMBAT_"),
        ("Objective", "OBJECTIVE_"),
        ("Keywords", "KW_"),
        ("Tribes", "TRIBE_"),
        ("DurakMoveKind", "DURAK_"),
        ("DurakVariant", "DURAK_VARIANT_"),
        ("DurakProtocol", "DURAK_"),
        ("DurakRollout", "DURAK_ROLLOUT_"),
    ];
    let consts = |text: &str| -> Vec<(String, i64)> {
        text.lines()
            .filter_map(|l| {
                let rest = l.strip_prefix("CONST ")?;
                let (name, value) = rest.split_once(' ')?;
                Some((name.to_string(), value.trim().parse().ok()?))
            })
            .collect()
    };
    let c_consts: std::collections::HashMap<String, i64> = consts(&c_out).into_iter().collect();
    let mut constants_checked = 0;
    for (name, value) in consts(&cs_out) {
        let (ty, member) = name.split_once('.').expect("Type.Member");
        let c_name = match prefixes.iter().find(|(t, _)| *t == ty) {
            Some(_) if member == "None" => continue,
            Some(_) if ty == "Status" && member == "Ok" => "ODDSMITH_OK".to_string(),
            Some((_, prefix)) => format!("ODDSMITH_{prefix}{}", screaming(member)),
            None if ty == "Constants" => member.to_string(),
            None => {
                let suffix = format!("_{}", screaming(member));
                match c_consts.keys().find(|k| k.ends_with(&suffix)) {
                    Some(k) => k.clone(),
                    None => continue,
                }
            }
        };
        constants_checked += 1;
        match c_consts.get(&c_name) {
            Some(&v) if v == value => {}
            Some(&v) => problems.push(format!("{name} = {value} in C#, {c_name} = {v} in C")),
            None => problems.push(format!("{name}: no {c_name} in the header")),
        }
    }
    println!("{constants_checked} C# constants checked against the header");
    assert!(
        constants_checked >= 40,
        "{constants_checked} constants checked"
    );
    assert!(
        problems.is_empty(),
        "layouts differ:\n{}",
        problems.join("\n")
    );
    assert!(
        mirrored.len() >= 20,
        "only {} of the header's structs found in C#: {mirrored:?}",
        mirrored.len()
    );
    println!(
        "{} of {} header structs mirrored in C# and checked",
        mirrored.len(),
        structs.len()
    );
}
