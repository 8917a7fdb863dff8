"""The README's Python examples run as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def python_blocks():
    text = README.read_text()
    start = text.index("\n## Python\n")
    end = text.index("\n## ", start + 1)
    return re.findall(r"```python\n(.*?)```", text[start:end], re.S)


def test_the_readme_has_python_examples():
    assert len(python_blocks()) >= 5


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_example(index, capsys):
    exec(compile(python_blocks()[index], f"README.md python block {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip(), "every example prints its answer"
