#!/usr/bin/env python3
"""Writes the C# raw layer, bindings/csharp/Raw.g.cs, from include/oddsmith.h.

The raw layer is what must match the C ABI to the byte: the status enum,
every integer constant, every struct (sequential layout, fixed arrays as
ByValArray) and every P/Invoke signature. It is generated from the header
cbindgen writes, so a field or parameter added in Rust reaches C# by
rerunning this script; `tests/csharp.rs` runs it with --check and fails
when the committed file is stale. The idiomatic layer (Oddsmith.cs) adds
methods to the generated structs (they are `partial`) and wraps the calls.

    scripts/csharp_raw.py            # rewrite bindings/csharp/Raw.g.cs
    scripts/csharp_raw.py --check    # exit 1 when it is stale

What the header cannot say is in STRUCTS below: each C struct's C# name and
visibility, and the fields whose C# type is an enum of the idiomatic layer
or that callers must not set (internal).
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "include" / "oddsmith.h"
OUTPUT = ROOT / "bindings" / "csharp" / "Raw.g.cs"

# C struct -> (C# name, visibility, {C field: (C# type or None, visibility or None)}).
STRUCTS = {
    "OddsmithBgCard": ("BgCardNative", "internal", {}),
    "OddsmithProgressReport": ("ProgressReport", "public", {}),
    "OddsmithProgress": ("ProgressNative", "internal", {}),
    "OddsmithMinion": ("Minion", "public", {"keywords": ("Keywords", None)}),
    "OddsmithGameBonuses": ("GameBonuses", "public", {}),
    "OddsmithCombatOptions": (
        "CombatOptions",
        "public",
        {
            "mode": ("CombatMode", None),
            "progress": (None, "internal"),
            "unmodelled": ("Unmodelled", None),
        },
    ),
    "OddsmithCombatResult": ("CombatResultNative", "internal", {}),
    "OddsmithBestOrderOptions": ("BestOrderOptions", "public", {"objective": ("Objective", None)}),
    "OddsmithBestOrderResult": ("BestOrderResultNative", "internal", {}),
    "OddsmithDurakRules": (
        "DurakRules",
        "public",
        {"variant": ("DurakVariant", None), "protocol": ("DurakProtocol", None)},
    ),
    "OddsmithDurakMove": ("DurakMove", "public", {"kind": ("DurakMoveKind", None)}),
    "OddsmithDurakObservation": ("DurakObservation", "public", {}),
    "OddsmithDurakBudget": (
        "DurakBudget",
        "public",
        {"rollout": ("DurakRollout", None), "progress": (None, "internal")},
    ),
    "OddsmithDurakStats": ("DurakStats", "public", {}),
    "OddsmithDurakOutcome": ("DurakOutcome", "public", {}),
    "OddsmithGameNode": (
        "GameNode",
        "public",
        {"kind": ("NodeKind", None), "child_count": (None, "internal")},
    ),
    "OddsmithGameChild": ("GameChildNative", "internal", {}),
    "OddsmithGameDef": ("GameDefNative", "internal", {}),
    "OddsmithExpectimaxOptions": ("ExpectimaxOptionsNative", "internal", {}),
    "OddsmithExpectimaxResult": ("ExpectimaxResultNative", "internal", {}),
    "OddsmithDenseChild": ("DenseChild", "public", {}),
    "OddsmithDenseGameDef": ("DenseGameDefNative", "internal", {}),
    "OddsmithPigResult": ("PigResultNative", "internal", {}),
    "OddsmithEquityRequest": ("EquityRequestNative", "internal", {}),
    "OddsmithEquityResult": ("EquityResultNative", "internal", {}),
    # Spelled out as Card0, Card1: the struct stays blittable.
    "OddsmithComboEquity": ("ComboEquity", "public", {"cards": ("split", None)}),
    "OddsmithStrengthResult": ("StrengthNative", "internal", {}),
    "OddsmithBoardQuestion": ("BoardQuestionNative", "internal", {}),
    "OddsmithBoardClass": ("BoardClassNative", "internal", {}),
    "OddsmithBoardResult": ("BoardResultNative", "internal", {}),
    "OddsmithPushFoldQuestion": ("PushFoldQuestionNative", "internal", {}),
    "OddsmithPushFoldSpot": ("PushFoldSpotNative", "internal", {}),
    "OddsmithPushFoldResult": ("PushFoldResultNative", "internal", {}),
    "OddsmithSplitTarget": ("SplitTarget", "public", {}),
    "OddsmithSplitDamageOptions": (
        "SplitDamageOptions",
        "public",
        {"progress": (None, "internal")},
    ),
    "OddsmithSplitDamageResult": ("SplitDamageNative", "internal", {}),
}

# Opaque handles: C type -> the SafeHandle the idiomatic layer declares.
HANDLES = {"OddsmithDurakGame": "DurakGameHandle"}

PRIMITIVES = {
    "uint8_t": "byte",
    "char": "byte",
    "int8_t": "sbyte",
    "uint16_t": "ushort",
    "int16_t": "short",
    "uint32_t": "uint",
    "int32_t": "int",
    "uint64_t": "ulong",
    "int64_t": "long",
    "size_t": "UIntPtr",
    "double": "double",
    "float": "float",
}

CS_KEYWORDS = {"out", "ref", "in", "object", "string", "base", "params", "fixed", "checked"}


def pascal(name):
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def doc(comment_lines, indent):
    if not comment_lines:
        return ""
    text = " ".join(c.strip() for c in comment_lines)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"{indent}/// <summary>{text}</summary>\n"


def parse(header):
    """Defines, the status enum, structs (name, [(comments, type, name, dims)])
    and function prototypes (return type, name, [(type, name)])."""
    defines = {}
    for m in re.finditer(r"^#define (ODDSMITH_\w+) (.+)$", header, re.M):
        name, value = m.groups()
        if name != "ODDSMITH_H":
            defines[name] = value.strip()
    status = re.search(r"typedef enum \{(.*?)\} OddsmithStatus;", header, re.S).group(1)
    statuses = re.findall(r"^\s*(ODDSMITH_\w+) = (\d+),", status, re.M)
    structs = []
    for m in re.finditer(r"typedef struct \{\n(.*?)\n\} (\w+);", header, re.S):
        body, name = m.groups()
        fields, comments = [], []
        for line in body.split("\n"):
            line = line.strip()
            if line.startswith("//"):
                comments.append(line[2:].strip())
                continue
            f = re.match(r"(.+?)\s*\b(\w+)((?:\[\w+\])*);$", line)
            if not f:
                raise SystemExit(f"cannot read field '{line}' of {name}")
            ctype, fname, dims = f.groups()
            fields.append((comments, ctype.strip(), fname, re.findall(r"\[(\w+)\]", dims)))
            comments = []
        structs.append((name, fields))
    functions = []
    for m in re.finditer(r"^(\w[\w\s\*]*?)\s*\b(oddsmith_\w+)\(([^;]*?)\);", header, re.M | re.S):
        ret, name, params = m.groups()
        args = []
        for p in [p.strip() for p in params.split(",")]:
            if p in ("", "void"):
                continue
            a = re.match(r"(.+?)\s*\b(\w+)$", p)
            args.append((a.group(1).replace(" *", "*").strip(), a.group(2)))
        functions.append((ret.strip(), name, args))
    return defines, statuses, structs, functions


def resolve(dim, defines):
    value = defines.get(dim, dim)
    value = re.sub(r"ODDSMITH_\w+", lambda m: resolve(m.group(0), defines), value)
    return str(eval(value, {"__builtins__": {}}))  # small integer expressions only


def field_type(ctype, struct_names):
    base = ctype.replace("const ", "").strip()
    if "*" in base or base.endswith("Fn"):
        return "IntPtr"
    if base in PRIMITIVES:
        return PRIMITIVES[base]
    if base in struct_names:
        return struct_names[base]
    raise SystemExit(f"no C# type for '{ctype}'")


def emit_struct(name, fields, defines, struct_names):
    cs_name, visibility, overrides = STRUCTS[name]
    out = [
        "    [StructLayout(LayoutKind.Sequential)]\n",
        f"    {visibility} partial struct {cs_name}\n    {{\n",
    ]
    for comments, ctype, fname, dims in fields:
        over_type, over_vis = overrides.get(fname, (None, None))
        ty = over_type or field_type(ctype, struct_names)
        vis = over_vis or "public"
        out.append(doc(comments, "        "))
        if dims and ty == "split":
            element = field_type(ctype, struct_names)
            singular = pascal(fname).rstrip("s")
            count = int(resolve(dims[0], defines))
            names = ", ".join(f"{singular}{i}" for i in range(count))
            out.append(f"        {vis} {element} {names};\n")
        elif dims:
            size = 1
            for d in dims:
                size *= int(resolve(d, defines))
            out.append(
                f"        [MarshalAs(UnmanagedType.ByValArray, SizeConst = {size})] {vis} {ty}[] {pascal(fname)};\n"
            )
        else:
            out.append(f"        {vis} {ty} {pascal(fname)};\n")
    out.append("    }\n")
    return "".join(out)


def param_type(args, i, struct_names, function):
    """The C# type of parameter i by the C shape: strings and arrays (a
    pointer followed by its size_t count) as arrays, other struct pointers
    as ref (const) or out, opaque handles as their SafeHandle, progress and
    user pointers as IntPtr."""
    ctype, _ = args[i]
    const = ctype.startswith("const ")
    base = ctype.replace("const ", "").strip()
    stars = base.count("*")
    base = base.replace("*", "").strip()
    followed_by_size = i + 1 < len(args) and args[i + 1][0] == "size_t"
    if stars == 0:
        return field_type(base, struct_names)
    if base in HANDLES:
        if stars == 2:
            return f"out {HANDLES[base]}"
        return "IntPtr" if function.endswith("_free") else HANDLES[base]
    if stars == 2:
        raise SystemExit(f"{function}: no C# type for '{ctype}'")
    if base in ("void", "OddsmithProgress") or base.endswith("Fn"):
        return "IntPtr"
    element = field_type(base, struct_names)
    if base == "char" or (base in PRIMITIVES and (const or followed_by_size)):
        return f"{element}[]"
    if followed_by_size:
        return f"{element}[]" if const else f"[Out] {element}[]"
    return f"ref {element}" if const else f"out {element}"


def return_type(ctype):
    if ctype == "OddsmithStatus":
        return "Status"
    if ctype == "void":
        return "void"
    if "*" in ctype:
        return "IntPtr"
    return PRIMITIVES[ctype]


def const_decl(name, value):
    n = int(value)
    ty = "uint" if 0 <= n <= 0xFFFFFFFF else ("int" if -(2**31) <= n < 2**31 else "long")
    return f"        public const {ty} {name} = {n};\n"


def generate():
    header = HEADER.read_text()
    defines, statuses, structs, functions = parse(header)
    struct_names = {c: STRUCTS[c][0] for c, _ in structs if c in STRUCTS}
    missing = [c for c, _ in structs if c not in STRUCTS]
    if missing:
        raise SystemExit(f"add to STRUCTS in {Path(__file__).name}: {missing}")
    out = [
        "// Generated by scripts/csharp_raw.py from include/oddsmith.h: do not edit.\n",
        "// tests/csharp.rs fails when this file is stale (rerun the script).\n",
        "using System;\nusing System.Runtime.InteropServices;\n\n",
        "namespace Oddsmith\n{\n",
        "    /// <summary>OddsmithStatus.</summary>\n    public enum Status\n    {\n",
    ]
    for name, value in statuses:
        member = "Ok" if name == "ODDSMITH_OK" else pascal(name[len("ODDSMITH_ERR_"):].lower())
        out.append(f"        {member} = {value},\n")
    out.append("    }\n\n")
    out.append("    /// <summary>Every integer constant of oddsmith.h.</summary>\n")
    out.append("    public static class Constants\n    {\n")
    for name, value in defines.items():
        try:
            out.append(const_decl(name, resolve(name, defines)))
        except Exception:
            continue
    out.append("    }\n")
    for name, fields in structs:
        out.append("\n" + emit_struct(name, fields, defines, struct_names))
    out.append("\n    /// <summary>Every entry point of oddsmith.h.</summary>\n")
    out.append("    internal static partial class Native\n    {\n")
    out.append('        private const string Lib = "oddsmith";\n')
    for ret, name, args in functions:
        params = ", ".join(
            f"{param_type(args, i, struct_names, name)} {'@' + a if a in CS_KEYWORDS else a}"
            for i, (_, a) in enumerate(args)
        )
        out.append(
            "\n        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]\n"
            f"        internal static extern {return_type(ret)} {name}({params});\n"
        )
    out.append("    }\n}\n")
    return "".join(out)


def main():
    text = generate()
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(ROOT)} is stale: run scripts/csharp_raw.py", file=sys.stderr)
            sys.exit(1)
        return
    OUTPUT.write_text(text)


if __name__ == "__main__":
    main()
