"""``check --output-format markdown``: the summary table a CI job summary shows."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.conftest import SAMPLES
from tests.library.test_fixing import HEAD, player, trf
from trfkit.cli import cli


def test_markdown_counts_each_code(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"  # two wrong totals (T401) and a blank rank (T113)
    path.write_bytes(
        trf(*HEAD, player(1), player(2, points="2.0"), player(3, points="2.0"), player(4, rank=""))
    )
    args = ["check", str(path), str(SAMPLES / "swiss.trf"), "--output-format", "markdown"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert result.stdout == (
        "### trfkit check\n"
        "\n"
        "Found 3 problems (2 errors, 1 warning) in 2 files. 2 infos hidden (-v shows them).\n"
        "\n"
        "| code | name | severity | count |\n"
        "|---|---|---|---:|\n"
        "| T401 | points-mismatch | error | 2 |\n"
        "| T113 | rank-missing | warning | 1 |\n"
    )


def test_markdown_of_a_clean_run_is_the_sentence() -> None:
    result = CliRunner().invoke(
        cli, ["check", str(SAMPLES / "swiss.trf"), "--output-format", "markdown"]
    )
    assert result.exit_code == 0
    assert result.stdout == (
        "### trfkit check\n\nNo problems found in 1 file. 1 info hidden (-v shows them).\n"
    )
