"""``trfkit fix`` over every TRF file of the reference corpus: fixing twice is fixing once,
nothing but the fixed fields changes (every player's rounds, name and other fields, every
other record), and ``check`` finds nothing new in a fixed file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli
from trfkit.model import Tournament, replace
from trfkit.reading import LoadedDocument, load_data
from trfkit.validation.driver import validate


def trf_files(shared: Path) -> list[Path]:
    return sorted(p for p in (shared / "corpus" / "trf").rglob("*") if p.is_file())


def kept(t: Tournament) -> tuple[object, ...]:
    """What fix must not change: the players without points, rank and line (by start
    number), and the other header records in their order."""
    players = {p.start: replace(p, points=None, rank=None, line=0) for p in t.players}
    records = [(r.code, r.value) for r in t.header.records if r.code not in ("062", "072")]
    return players, records, [(r.kind, r.text) for r in t.extra], t.teams


def codes(doc: LoadedDocument) -> Counter[str]:
    return Counter(d.code for d in validate(doc))


def test_fix_over_the_corpus(shared_dir: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    fixed = refused = 0
    for path in trf_files(shared_dir):
        out = tmp_path / "fixed.trf"
        out.unlink(missing_ok=True)
        before = path.read_bytes()
        result = runner.invoke(cli, ["fix", str(path), "-o", str(out)])
        assert path.read_bytes() == before
        if result.exit_code == 1:  # refused: one line, nothing written
            assert result.stderr.count("\n") == 1 and "cannot fix safely" in result.stderr
            assert not out.exists()
            refused += 1
            continue
        assert result.exit_code == 0, (path, result.output)
        again = runner.invoke(cli, ["fix", str(out), "--diff"])
        assert (again.exit_code, again.stdout) == (0, ""), path
        original, now = load_data(before, path=str(path)), load_data(out.read_bytes())
        assert kept(now.tournament) == kept(original.tournament), path
        new = codes(now) - codes(original)
        assert not new, (path, new)
        fixed += out.read_bytes() != before
    assert refused <= 3  # the empty file, a code page that is a close call
    assert fixed >= 6


@pytest.mark.parametrize("name", ["icu-krause/armstrong_2012_with_bom.tab"])
def test_a_corpus_file_with_a_byte_order_mark(shared_dir: Path, name: str) -> None:
    data = (shared_dir / "corpus" / "trf" / name).read_bytes()
    result = CliRunner().invoke(cli, ["fix", "-"], input=data)
    assert result.exit_code == 0
    assert result.stdout_bytes == data[3:]
    assert result.stderr.splitlines()[-1] == "<stdin>: removed the byte-order mark"
