"""``trfkit check --profile fide-rating``: one file, many files, the cache key, SARIF, and the
option as a configuration feeds it (click's ``default_map``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from trfkit.cli import cli

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
BAD = RULES / "T703-platform-in-header.trf"  # lichess's URL and name in 022, 032 and 102
GOOD = RULES / "T703-platform-in-header.clean.trf"
T703 = [
    f"{BAD}:2:5: T703 022 (city) holds 'https://lichess.org/swiss/AbCd1234', "
    "a web address or platform name",
    f"{BAD}:3:5: T703 032 (federation) holds 'Lichess', a web address or platform name",
    f"{BAD}:9:5: T703 102 (chief arbiter) holds 'https://lichess.org/swiss', "
    "a web address or platform name",
]


def _check(*args: str, **kw: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", *args], **kw)  # type: ignore[arg-type]
    return result.exit_code, result.stdout, result.stderr


def test_profile_reports_the_platform_names_at_their_records() -> None:
    status, out, _ = _check(str(BAD), "--profile", "fide-rating")
    assert (status, out.splitlines()) == (
        1,
        [*T703, "Found 3 problems (3 errors) in 1 file. 1 info hidden (-v shows them)."],
    )


def test_without_the_profile_the_same_file_is_clean() -> None:
    assert _check(str(BAD)) == (
        0,
        "No problems found in 1 file. 1 info hidden (-v shows them).\n",
        "",
    )


def test_a_clean_rated_report_passes_the_profile() -> None:
    status, out, _ = _check(str(GOOD), "--profile", "fide-rating")
    assert (status, out) == (0, "No problems found in 1 file. 1 info hidden (-v shows them).\n")


def test_many_files_with_workers_get_the_profile(tmp_path: Path) -> None:
    (tmp_path / "a.trf").write_bytes(BAD.read_bytes())
    (tmp_path / "b.trf").write_bytes((RULES / "T704-unknown-event-federation.trf").read_bytes())
    status, out, _ = _check(
        str(tmp_path), "--profile", "fide-rating", "-j", "2", "-q", "--select", "T7"
    )
    lines = [line.replace(str(tmp_path) + "/", "") for line in out.splitlines()]
    assert status == 1 and [line.split(" ")[0:2] for line in lines[:-1]] == [
        ["a.trf:2:5:", "T703"],
        ["a.trf:3:5:", "T703"],
        ["a.trf:9:5:", "T703"],
        ["b.trf:3:5:", "T704"],
    ]


def test_the_profile_is_part_of_the_cache_key(tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    assert _check(str(BAD), "--cache-dir", cache)[0] == 0
    status, out, _ = _check(str(BAD), "--cache-dir", cache, "--profile", "fide-rating")
    assert status == 1 and out.splitlines()[:3] == T703
    assert _check(str(BAD), "--cache-dir", cache)[0] == 0  # each key answers its own run


def test_sarif_lists_a_profile_rule_when_it_is_reported_marked_off_by_default() -> None:
    _, out, _ = _check(str(BAD), "--profile", "fide-rating", "--output-format", "sarif")
    run = json.loads(out)["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert [c for c in rules if c.startswith("T7")] == ["T703"]
    assert rules["T703"]["defaultConfiguration"] == {"level": "error", "enabled": False}
    assert {r["ruleId"] for r in run["results"]} == {"T403", "T703"}
    _, plain, _ = _check(str(BAD), "--output-format", "sarif")
    codes = [r["id"] for r in json.loads(plain)["runs"][0]["tool"]["driver"]["rules"]]
    assert not [c for c in codes if c.startswith("T7")] and "T703" not in codes


def test_an_unknown_profile_is_a_usage_error() -> None:
    status, _, err = _check(str(BAD), "--profile", "ecf-rating")
    assert status == 2 and "Invalid value for '--profile': 'ecf-rating' is not 'fide-rating'" in err


def test_a_configuration_selects_the_profile_through_default_map() -> None:
    """The configuration helper feeds ``[tool.trfkit] profile`` as click's default_map."""
    from trfkit.cli.check import check

    [option] = [p for p in check.params if p.name == "profile"]
    assert isinstance(option, click.Option) and option.default is None
    status, out, _ = _check(str(BAD), default_map={"check": {"profile": "fide-rating"}})
    assert status == 1 and out.splitlines()[:3] == T703


def test_readme_profile_example_is_what_the_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Rating-officer profile", 1)[1]
    block = re.findall(r"```console\n\$ trfkit (.+?)\n(.+?)\n```", section, flags=re.DOTALL)[0]
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, block[0].split())
    assert result.exit_code == 1 and result.stdout == block[1] + "\n"


def test_rules_listing_marks_the_profile_codes() -> None:
    result = CliRunner().invoke(cli, ["rules"])
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert lines["T709"].endswith("per player. [--profile fide-rating]")
    assert "--profile" not in lines["T302"]
    data = json.loads(CliRunner().invoke(cli, ["rule", "T709", "--output-format", "json"]).stdout)
    assert data["profiles"] == ["fide-rating"]
