"""The package's surface: every public name documented and typed."""

import inspect
import pathlib

import oddsmith
from oddsmith import cluster


def public(module):
    return [getattr(module, n) for n in module.__all__]


def test_every_public_name_exists_and_has_a_docstring():
    for obj in public(oddsmith) + public(cluster):
        assert inspect.getdoc(obj), f"{obj!r} has no docstring"


def test_functions_say_what_to_pass():
    doc = inspect.getdoc(oddsmith.equity)
    for word in ("players", "board", "dead", "mode", "time_ms", "seed", "threads", "by_combo"):
        assert word in doc
    assert "players" in str(inspect.signature(oddsmith.equity))


def test_the_stubs_cover_the_native_module():
    stubs = (pathlib.Path(oddsmith.__file__).parent / "_native.pyi").read_text()
    names = [n for n in dir(oddsmith._native) if not n.startswith("_")]
    for name in names:
        declared = (f"def {name}(", f"class {name}", f"\n{name}: ")
        assert any(d in stubs for d in declared), f"{name} missing from _native.pyi"
    assert (pathlib.Path(oddsmith.__file__).parent / "py.typed").exists()


def test_the_version_matches_the_library():
    assert oddsmith.__version__ == "0.2.0"


def test_the_docstring_examples_hold():
    import doctest

    failures, tried = doctest.testmod(oddsmith, verbose=False)
    assert tried >= 6 and failures == 0
