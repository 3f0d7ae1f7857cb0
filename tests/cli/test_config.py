"""``trfkit.toml`` and ``[tool.trfkit]``: found upwards, the closest wins, the command line
overrides, ``per-file-ignores``, ``--config``, ``--isolated``, ``--show-settings``, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swiss_edits import SWISS, cli_run

from trfkit.config import Config, find_config, glob_regex, read_config

#: samples/swiss.trf with player 1 declaring 9.5 points: T401 at 13:81, T402 at 14:86.
T401 = "13:81: T401 player 1 declares 9.5 points"
T402 = "14:86: T402 player 2 is ranked 1"


def bad_swiss() -> str:
    lines = SWISS.read_text(encoding="ascii").split("\n")
    lines[12] = lines[12][:80] + " 9.5" + lines[12][84:]
    return "\n".join(lines)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp/{a.trf, old/b.trf, sub/c.trf}, all the same bad file; the working directory."""
    for name in ("a.trf", "old/b.trf", "sub/c.trf"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(bad_swiss(), encoding="ascii")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def codes(*args: str) -> tuple[int, list[str]]:
    result = cli_run("check", *args, "-q", "--output-format", "json")
    found = json.loads(result.stdout)["diagnostics"] if result.stdout else []
    return result.exit_code, [f"{d['filename']}:{d['code']}" for d in found]


def test_the_closest_configuration_wins(tree: Path) -> None:
    (tree / "trfkit.toml").write_text('select = ["T401"]\n')
    (tree / "sub" / "trfkit.toml").write_text('select = ["T402"]\n')
    assert codes(".") == (1, ["a.trf:T401", "old/b.trf:T401", "sub/c.trf:T402"])
    assert find_config(tree / "sub") == str(tree / "sub" / "trfkit.toml")
    assert find_config(tree / "old") == str(tree / "trfkit.toml")


def test_a_pyproject_without_the_table_is_passed_over(tree: Path) -> None:
    (tree / "trfkit.toml").write_text('select = ["T401"]\n')
    (tree / "sub" / "pyproject.toml").write_text('[project]\nname = "reports"\n')
    assert find_config(tree / "sub") == str(tree / "trfkit.toml")
    assert codes("sub") == (1, ["sub/c.trf:T401"])
    (tree / "sub" / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.trfkit]\nselect = ["T402"]\n'
    )
    assert find_config(tree / "sub") == str(tree / "sub" / "pyproject.toml")
    assert codes("sub") == (1, ["sub/c.trf:T402"])
    # trfkit.toml before pyproject.toml in one directory
    (tree / "sub" / "trfkit.toml").write_text('select = ["T403"]\n')
    assert codes("sub") == (0, ["sub/c.trf:T403"])


def test_without_a_configuration_in_the_working_directory_the_inputs_is_used(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "sub" / "trfkit.toml").write_text('select = ["T402"]\nfail-on = "info"\n')
    monkeypatch.chdir(tree / "old")
    # fail-on (a setting of the run) from the first input's configuration: T403 fails
    assert codes(str(tree / "sub"), "--select", "T403") == (1, [f"{tree}/sub/c.trf:T403"])


def test_the_command_line_overrides_the_file(tree: Path) -> None:
    (tree / "trfkit.toml").write_text(
        'select = ["T401"]\nfail-on = "info"\nmin-severity = "error"\n'
    )
    assert codes("a.trf") == (1, ["a.trf:T401"])
    assert codes("a.trf", "--select", "T403") == (1, [])  # min-severity error hides the info
    assert codes("a.trf", "--select", "T403", "--fail-on", "error") == (0, [])
    assert codes("a.trf", "--select", "T403", "--min-severity", "info") == (1, ["a.trf:T403"])
    assert codes("a.trf", "--extend-select", "T402") == (1, ["a.trf:T401", "a.trf:T402"])


def test_per_file_ignores_globs_are_relative_to_the_configuration(tree: Path) -> None:
    (tree / "trfkit.toml").write_text(
        'select = ["T4"]\nignore = ["T403"]\n\n[per-file-ignores]\n"old/*.trf" = ["T401"]\n'
        '"c.trf" = ["T40"]\n'
    )
    assert codes(".") == (
        1,
        ["a.trf:T401", "a.trf:T402", "old/b.trf:T402"],
    )
    # the same from elsewhere: the globs are the configuration's, not the working directory's
    assert codes(str(tree / "old"), "--config", str(tree / "trfkit.toml")) == (
        1,
        [f"{tree}/old/b.trf:T402"],
    )


@pytest.mark.parametrize(
    "extra", [["-j", "2"], ["--cache-dir", "CACHE"], ["-j", "2", "--cache-dir", "CACHE"]]
)
def test_per_file_ignores_with_workers_and_the_cache(tree: Path, extra: list[str]) -> None:
    extra = [str(tree / ".cache") if a == "CACHE" else a for a in extra]
    (tree / "trfkit.toml").write_text('[per-file-ignores]\n"old/**" = ["T401", "T402"]\n')
    (tree / "sub" / "trfkit.toml").write_text('ignore = ["T401"]\n')
    want = (1, ["a.trf:T401", "a.trf:T402", "sub/c.trf:T402"])
    for _ in range(2):  # the second run answers from the cache: the same bytes, three answers
        assert codes(".", "--select", "T401,T402", *extra) == want
    assert codes(".", "--select", "T401,T402", *extra, "--isolated") == (
        1,
        [
            "a.trf:T401",
            "a.trf:T402",
            "old/b.trf:T401",
            "old/b.trf:T402",
            "sub/c.trf:T401",
            "sub/c.trf:T402",
        ],
    )


def test_an_input_without_a_configuration_does_not_borrow_another_inputs(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "sub" / "trfkit.toml").write_text('select = ["T402"]\n')
    monkeypatch.chdir(tree / "old")  # no configuration here nor above
    found = codes(str(tree / "sub"), str(tree / "a.trf"), "--extend-select", "T401")
    # sub/ keeps its select (plus the command line's T401); a.trf has no configuration: all
    sub, top = f"{tree}/sub/c.trf", f"{tree}/a.trf"
    assert found == (1, [f"{sub}:T401", f"{sub}:T402", f"{top}:T403", f"{top}:T401", f"{top}:T402"])


def test_stdin_uses_its_display_name_for_per_file_ignores(tree: Path) -> None:
    (tree / "trfkit.toml").write_text('select = ["T401"]\n[per-file-ignores]\n"old/*" = ["T401"]\n')
    data = (tree / "a.trf").read_text()
    for name, want in (("old/x.trf", []), ("new/x.trf", ["new/x.trf:T401"])):
        result = cli_run(
            "check", "-", "--stdin-display-name", name, "--output-format", "json", stdin=data
        )
        assert [
            f"{d['filename']}:{d['code']}" for d in json.loads(result.stdout)["diagnostics"]
        ] == want


def test_cache_dir_is_relative_to_the_configuration(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "trfkit.toml").write_text('cache-dir = ".trfkit-cache"\n')
    monkeypatch.chdir(tree / "sub")
    assert codes("c.trf", "--select", "T401") == (1, ["c.trf:T401"])
    assert (tree / ".trfkit-cache" / "check-results-v1.sqlite").is_file()


def test_isolated_and_config(tree: Path) -> None:
    (tree / "trfkit.toml").write_text('select = ["T401"]\n')
    other = tree / "other.toml"
    other.write_text('select = ["T402"]\n')
    assert codes("a.trf", "--isolated", "--select", "T40")[1] == [
        "a.trf:T403",
        "a.trf:T401",
        "a.trf:T402",
    ]
    assert codes("a.trf", "--config", str(other)) == (1, ["a.trf:T402"])
    # --config is used for every input, their own configurations not looked for
    (tree / "sub" / "trfkit.toml").write_text('select = ["T403"]\n')
    assert codes("sub", "--config", str(other)) == (1, ["sub/c.trf:T402"])
    result = cli_run("check", "a.trf", "--config", str(other), "--isolated")
    assert result.exit_code == 2 and "--config and --isolated exclude each other" in result.stderr


def test_show_settings(tree: Path) -> None:
    (tree / "trfkit.toml").write_text(
        'select = ["T4"]\nignore = ["T403"]\nfail-on = "warning"\nprofile = "fide-rating"\n'
        '[per-file-ignores]\n"old/*.trf" = ["T401"]\n'
    )
    result = cli_run("check", "a.trf", "--show-settings", "--ignore", "T402")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "# configuration: trfkit.toml"
    settings = {line.split(" = ")[0]: line.split(" = ", 1)[1] for line in lines[1:]}
    assert settings["select"].split() == ['["T4"]', "#", "trfkit.toml"]
    assert settings["ignore"].split() == ['["T402"]', "#", "command", "line"]
    assert settings["per-file-ignores"].split() == [
        '{"old/*.trf"',
        "=",
        '["T401"]}',
        "#",
        "trfkit.toml",
    ]
    assert settings["fail-on"].split() == ['"warning"', "#", "trfkit.toml"]
    assert settings["min-severity"].split() == ["(not", "set)", "#", "default"]
    if "--profile" not in cli_run("check", "--help").stdout:  # until check has --profile
        assert settings["profile"].split() == [
            '"fide-rating"',
            "#",
            "trfkit.toml,",
            "not",
            "used",
            "by",
            "check",
        ]
    # an input with its own configuration: its per-file keys
    (tree / "sub" / "trfkit.toml").write_text('select = ["T402"]\n')
    lines = cli_run("check", "sub/c.trf", "--show-settings").stdout.splitlines()
    assert lines[1] == "# sub/c.trf: per-file keys from sub/trfkit.toml"
    assert [line.split() for line in lines if line.startswith(("select", "fail-on"))] == [
        ["select", "=", '["T402"]', "#", "sub/trfkit.toml"],
        ["fail-on", "=", '"warning"', "#", "trfkit.toml"],
    ]
    assert cli_run("check", "--show-settings", "--isolated").stdout.startswith(
        "# configuration: none (--isolated)\n"
    )
    missing = cli_run("check")
    assert missing.exit_code == 2 and "Missing argument 'PATH... | -'" in missing.stderr


@pytest.mark.parametrize(
    ("name", "text", "error"),
    [
        (
            "trfkit.toml",
            'select = ["T4"]\n\nselct = ["T3"]\n',
            "trfkit.toml:3: unknown key 'selct' (did you mean 'select'?)",
        ),
        (
            "trfkit.toml",
            'ignore = "T403"\n',
            'trfkit.toml:1: ignore must be a list of codes or prefixes, e.g. ["T3", "T401"]',
        ),
        (
            "trfkit.toml",
            '# codes\nignore = ["T4x"]\n',
            "trfkit.toml:2: unknown code or prefix 'T4x' (try `trfkit rules`)",
        ),
        (
            "trfkit.toml",
            'fail-on = "errors"\n',
            "trfkit.toml:1: fail-on must be one of info, warning, error, not 'errors'",
        ),
        (
            "trfkit.toml",
            'encoding = "cp9999"\n',
            "trfkit.toml:1: encoding: unknown encoding 'cp9999'",
        ),
        ("trfkit.toml", 'select = ["T4"\nfail-on = 1\n', "trfkit.toml:2: invalid TOML: "),
        (
            "trfkit.toml",
            '[per-file-ignores]\n"a/*.trf" = "T401"\n',
            "trfkit.toml:2: per-file-ignores 'a/*.trf' must be a list",
        ),
        (
            "pyproject.toml",
            '[project]\nname = "x"\n\n[tool.trfkit]\nselect = ["T4"]\nfail_on = "info"\n',
            "pyproject.toml:6: unknown key 'fail_on' (did you mean 'fail-on'?)",
        ),
        ("trfkit.toml", 'rules = "fide-1999"\n', "trfkit.toml:1: rules: 'fide-1999' is not one of"),
    ],
)
def test_errors_are_located_one_line_exit_2(tree: Path, name: str, text: str, error: str) -> None:
    (tree / name).write_text(text)
    command = "tiebreaks" if "rules" in text else "check"
    result = cli_run(command, "a.trf")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: {error}"), result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    assert cli_run(command, "a.trf", "--isolated").exit_code in (0, 1)


def test_a_bad_rules_value_fails_check_too(tree: Path) -> None:
    """``check`` (what CI runs) passed ``rules = "fide-1999"``, which only ``tiebreaks``
    then refused: the value is checked when the file is read, for every command."""
    (tree / "trfkit.toml").write_text('rules = "fide-1999"\n')
    result = cli_run("check", "a.trf")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: trfkit.toml:1: rules: 'fide-1999' is not one of auto, fide-2009, fide-2024, "
        "fide-2026, ru-2013\n"
    )
    (tree / "trfkit.toml").write_text('rules = "FIDE-2024"\n')
    assert cli_run("check", "a.trf").exit_code in (0, 1)


def test_keys_reach_the_other_commands(tree: Path) -> None:
    cp1252 = tree / "cp.trf"
    cp1252.write_bytes((SWISS.parent / "cp1252.trf").read_bytes())
    info = json.loads(cli_run("info", "cp.trf", "--to", "json").stdout)
    (tree / "trfkit.toml").write_text(
        'encoding = "cp1250"\nrules = "fide-2009"\nfail-on = "info"\n'
    )
    assert info["encoding"] == "cp1252"
    assert json.loads(cli_run("info", "cp.trf", "--to", "json").stdout)["encoding"] == "cp1250"
    assert (
        json.loads(cli_run("info", "cp.trf", "--to", "json", "--isolated").stdout)["encoding"]
        == "cp1252"
    )
    standings = json.loads(cli_run("tiebreaks", "a.trf", "--to", "json").stdout)
    assert standings["rules"] == "fide-2009"


def test_read_config_normalises() -> None:
    assert glob_regex("old/**/*.trf").fullmatch("old/2024/x/a.trf")
    assert glob_regex("old/**/*.trf").fullmatch("old/a.trf")
    assert not glob_regex("old/*.trf").fullmatch("old/2024/a.trf")
    assert glob_regex("old/").fullmatch("old/2024/a.trf")
    assert glob_regex("[ab].tr?").fullmatch("b.trf") and not glob_regex("[!ab].trf").fullmatch(
        "a.trf"
    )
    config = Config(
        "/r/trfkit.toml", {"per-file-ignores": (("*.tab", ("T2",)), ("x/*.trf", ("T401", "T2")))}
    )
    assert config.file_ignores("/r/x/a.trf") == ("T401", "T2")
    assert config.file_ignores("/r/y/z.tab") == ("T2",)
    assert config.file_ignores("/elsewhere/x/a.trf") == ()


def test_read_config_values(tmp_path: Path) -> None:
    path = tmp_path / "trfkit.toml"
    path.write_text(
        'select = ["t3", "T401"]\ncache-dir = "cache"\nmin-severity = "INFO"\n'
        'per-file-ignores = { "old/*.trf" = ["T505"] }\n'
    )
    config = read_config(path)
    assert config.values == {
        "select": ("T3", "T401"),
        "cache-dir": str(tmp_path / "cache"),
        "min-severity": "info",
        "per-file-ignores": (("old/*.trf", ("T505",)),),
    }
    assert config.lines == {"select": 1, "cache-dir": 2, "min-severity": 3, "per-file-ignores": 4}
