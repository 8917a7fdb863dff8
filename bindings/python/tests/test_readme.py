"""The Python examples of the README and of the book's Python chapter run
as written."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
# Every ```python block of these files is run (the book's chapters show
# their Python too).
DOCUMENTS = (
    "README.md",
    "docs/src/bindings/python.md",
    "docs/src/pushfold.md",
    "docs/src/poker-board.md",
    "docs/src/battlegrounds-best-order.md",
)


def python_blocks(document):
    text = (ROOT / document).read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def examples():
    return [
        (document, index, block)
        for document in DOCUMENTS
        for index, block in enumerate(python_blocks(document))
    ]


def test_the_documents_have_python_examples():
    assert len(python_blocks("README.md")) >= 1
    assert len(python_blocks("docs/src/bindings/python.md")) >= 5


@pytest.mark.parametrize(
    "document,index,block",
    examples(),
    ids=[f"{document} block {index + 1}" for document, index, _ in examples()],
)
def test_example(document, index, block, capsys):
    exec(compile(block, f"{document} python block {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip(), "every example prints its answer"
