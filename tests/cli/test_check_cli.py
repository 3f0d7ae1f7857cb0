"""``trfkit check``, ``trfkit rules`` and ``trfkit rule`` through the click runner."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import cli_run, player_line_no, round_col, swiss_fault, swiss_lines
from swiss_edits import put as put_text

from trfkit.cli import cli
from trfkit.diagnostic_codes import CODES
from trfkit.schema import iter_schema_errors

RULES_DIR = Path(__file__).resolve().parents[1] / "data" / "rules"
ROOT = Path(__file__).resolve().parents[2]
CLEAN = (RULES_DIR / "T202-player-count-mismatch.clean.trf").read_text(encoding="ascii")
BAD = RULES_DIR / "T303-color-conflict.trf"
GOOD = RULES_DIR / "T303-color-conflict.clean.trf"


def check(runner: CliRunner, *args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["check", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------- faults injected into a clean file


def put(line: int, column: int, text: str) -> Callable[[list[str]], None]:
    """Overwrite ``text`` at 1-based ``column`` of 1-based ``line``."""

    def edit(lines: list[str]) -> None:
        old = lines[line - 1]
        lines[line - 1] = old[: column - 1] + text + old[column - 1 + len(text) :]

    return edit


def both(*edits: Callable[[list[str]], None]) -> Callable[[list[str]], None]:
    def edit(lines: list[str]) -> None:
        for e in edits:
            e(lines)

    return edit


def replace_line(line: int, text: str) -> Callable[[list[str]], None]:
    def edit(lines: list[str]) -> None:
        lines[line - 1] = text

    return edit


def shift(line: int) -> Callable[[list[str]], None]:
    def edit(lines: list[str]) -> None:
        lines[line - 1] = lines[line - 1][:91] + " " + lines[line - 1][91:]

    return edit


P = {s: 11 + s for s in range(1, 7)}  # line of player s in the clean file
LINES = CLEAN.splitlines()

FAULTS: dict[str, tuple[Callable[[list[str]], None], str, str]] = {
    # name: (edit, code, "line:col" where it must be reported)
    "changed points field": (put(P[3], 81, " 3.0"), "T401", f"{P[3]}:81"),
    "one side's result flipped": (put(P[4], 109, "1"), "T304", f"{P[4]}:109"),
    "opponent replaced on one side": (put(P[2], 112, "   4"), "T302", f"{P[2]}:112"),
    "equal colours": (put(P[3], 97, "b"), "T303", f"{P[6]}:97"),
    "missing opponent": (put(P[1], 92, "0000"), "T315", f"{P[1]}:92"),
    "duplicate start numbers": (put(P[6], 5, "   5"), "T305", f"{P[6]}:5"),
    "duplicate FIDE ids": (put(P[5], 58, LINES[P[4] - 1][57:68]), "T306", f"{P[5]}:58"),
    "self-pairing": (put(P[1], 92, "   1"), "T307", f"{P[1]}:92"),
    "bad result letter": (put(P[5], 119, "X"), "T104", f"{P[5]}:119"),
    "bad colour letter": (put(P[5], 117, "g"), "T105", f"{P[5]}:117"),
    "impossible date": (replace_line(4, "042 2024/02/30"), "T106", "4:5"),
    "shifted round blocks": (shift(P[3]), "T107", f"{P[3]}:92"),
    "wrong 062": (replace_line(6, "062 9"), "T202", "6:5"),
    "bye with an opponent": (put(P[1], 99, "H"), "T309", f"{P[1]}:92"),
    "two byes in a round": (
        both(put(P[1], 92, "0000 - U"), put(P[4], 92, "0000 - U")),
        "T312",
        f"{P[4]}:99",
    ),
    "cut-short line": (
        lambda lines: lines.__setitem__(P[6] - 1, lines[P[6] - 1][:60]),
        "T102",
        f"{P[6]}:52",
    ),
    "swapped ranks": (both(put(P[1], 86, "   3"), put(P[3], 86, "   1")), "T402", f"{P[3]}:86"),
}


def test_the_base_file_is_clean(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "base.trf").write_text(CLEAN)
    assert check(runner, str(tmp_path / "base.trf")) == (0, "No problems found in 1 file.\n", "")


@pytest.mark.parametrize("fault", FAULTS)
def test_injected_fault_is_reported_with_its_code(
    runner: CliRunner, tmp_path: Path, fault: str
) -> None:
    edit, code, where = FAULTS[fault]
    lines = CLEAN.splitlines()
    edit(lines)
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = check(runner, str(path))
    assert status == 1
    assert f"{path}:{where}: {code} " in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    ("data", "code"), [(b"", "T005"), (b"\x00\xff\xfe\x01PK\x03\x04" * 50, "T001")]
)
def test_empty_and_binary_files(runner: CliRunner, tmp_path: Path, data: bytes, code: str) -> None:
    path = tmp_path / "x.trf"
    path.write_bytes(data)
    status, out, err = check(runner, str(path))
    assert status == 1
    assert out.startswith(f"{path}:1:1: {code} ")
    assert "Traceback" not in out + err


# ---------------------------------------------------------------- exit codes and options


def test_exit_codes_and_thresholds(runner: CliRunner) -> None:
    assert check(runner, str(BAD))[0] == 1
    assert check(runner, str(BAD), "--exit-zero")[0] == 0
    assert check(runner, str(GOOD))[0] == 0
    warn = str(RULES_DIR / "T308-repeated-pairing.trf")
    assert check(runner, warn)[0] == 0
    assert check(runner, warn, "--fail-on", "warning")[0] == 1
    info = str(RULES_DIR / "T403-scoring-system-assumed.trf")
    assert check(runner, info, "--fail-on", "warning")[0] == 0
    assert check(runner, info, "--fail-on", "info")[0] == 1


def test_select_and_ignore(runner: CliRunner) -> None:
    path = str(RULES_DIR / "T404-duplicate-rank.trf")
    assert check(runner, path, "--fail-on", "info")[1].count(": T40") == 2
    status, out, _ = check(runner, path, "--ignore", "T403", "--fail-on", "info")
    assert (status, [line.split(": ")[1][:4] for line in out.splitlines()[:-1]]) == (1, ["T404"])
    status, out, _ = check(runner, path, "--select", "T3", "--fail-on", "info")
    assert (status, out) == (0, "No problems found in 1 file.\n")
    status, out, _ = check(runner, path, "--select", "T3", "--extend-select", "T404")
    assert out.splitlines()[0].endswith("T404 players 1 and 2 both declare rank 1")


def test_usage_errors_exit_2(runner: CliRunner) -> None:
    status, _, err = check(runner, str(BAD), "--select", "T77")
    assert status == 2 and "unknown code or prefix 'T77'" in err
    status, _, err = check(runner, str(BAD), "--ignore", "T4033")  # a typo gets a suggestion
    assert status == 2 and "did you mean T403 or T703 or T633?" in err
    assert check(runner, str(BAD), "--encoding", "no-such-codec")[0] == 2
    assert check(runner, str(BAD), "--output-format", "xml")[0] == 2
    assert runner.invoke(cli, ["check"]).exit_code == 2


def test_missing_path_exits_2_but_the_other_files_are_checked(runner: CliRunner) -> None:
    status, out, err = check(runner, "nope.trf", str(BAD))
    assert status == 2
    assert out.startswith("nope.trf:1:1: T014 no such file or directory\n")  # located, stdout
    assert f"{BAD}:17:97: T303 " in out
    assert out.endswith(" in 1 file checked, 1 unreadable.\n")


def test_stdin_with_display_name(runner: CliRunner) -> None:
    status, out, _ = check(runner, "-", "--stdin-display-name", "event.trf", stdin=BAD.read_bytes())
    assert status == 1
    assert out.startswith("event.trf:17:97: T303 round 1: players 3 and 6 both have black\n")
    status, out, _ = check(runner, "-", stdin=GOOD.read_bytes())
    assert (status, out) == (0, "No problems found in 1 file.\n")


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "a.trf").write_bytes(BAD.read_bytes())
    (tmp_path / "sub" / "b.TRF").write_bytes(GOOD.read_bytes())
    (tmp_path / "sub" / "deeper" / "c.tab").write_bytes(BAD.read_bytes())
    (tmp_path / "sub" / "notes.md").write_text("not a report")
    (tmp_path / ".hidden" / "d.trf").write_bytes(BAD.read_bytes())
    return tmp_path


def test_directories_are_walked_with_default_globs(runner: CliRunner, tmp_path: Path) -> None:
    root = _tree(tmp_path)
    status, out, _ = check(runner, str(root))
    files = [line.split(":")[0] for line in out.splitlines()[:-1]]
    assert files == [str(root / "a.trf"), str(root / "sub" / "deeper" / "c.tab")]
    # notes.md below sub/: passed over by name, and counted
    assert out.endswith("in 3 files. 1 file skipped (not tournament files).\n") and status == 1
    status, out, _ = check(runner, str(root), "--glob", "*.tab")
    assert out.endswith("in 1 file.\n")
    status, out, _ = check(runner, str(root), "--glob", "sub/*")
    assert out.endswith("in 3 files.\n")  # b.TRF, deeper/c.tab and notes.md below sub/
    assert check(runner, str(root), "--glob", "*.xyz")[0] == 2


def test_workers_give_the_same_output_in_the_same_order(runner: CliRunner, tmp_path: Path) -> None:
    for i, source in enumerate(
        [
            BAD,
            GOOD,
            RULES_DIR / "T401-points-mismatch.trf",
            RULES_DIR / "T302-asymmetric-pairing.trf",
        ]
        * 2
    ):
        (tmp_path / f"f{i}.trf").write_bytes(source.read_bytes())
    (tmp_path / "f9.trf").write_bytes(b"\x00\x01" * 100)
    serial = check(runner, str(tmp_path))
    parallel = check(runner, str(tmp_path), "-j", "2", "--output-format", "text")
    assert serial == parallel
    assert serial[0] == 1 and serial[1].count(": T303 ") == 2


def test_a_crashing_rule_exits_2_with_t999_and_no_traceback(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfkit.validation import driver as validate_module

    validate_module.rules()
    original = validate_module.RULES["T303"]

    def boom(t: object) -> object:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setitem(validate_module.RULES, "T303", validate_module.Rule("T303", boom))
    status, out, err = check(runner, str(BAD), str(GOOD))
    assert status == 2
    assert out.count("T999 rule T303 (color-conflict) failed with ZeroDivisionError") == 2
    assert "Traceback" not in out + err
    assert original.code == "T303"


def test_a_crashing_reader_is_one_t999_and_the_other_files_go_on(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trfkit.formats.trf import reader as trf_reader

    real = trf_reader.read_trf

    def flaky(data: bytes, **kw: object) -> object:
        if b"Player 6" in data and b"6 b =" in data:
            raise KeyError("surprise")
        return real(data, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(trf_reader, "read_trf", flaky)
    status, out, err = check(runner, str(BAD), str(GOOD))
    assert status == 2
    assert f"{BAD}:1:1: T999 trfkit failed on this input with KeyError" in out
    assert ": T303 " not in out  # BAD crashed before its rules ran
    assert out.endswith("Found 1 problem (1 error) in 2 files.\n")
    assert "Traceback" not in out + err


# ---------------------------------------------------------------- machine formats through the CLI


def test_json_output_is_valid_against_the_schema(runner: CliRunner) -> None:
    status, out, _ = check(
        runner, str(BAD), str(RULES_DIR / "T401-points-mismatch.trf"), "--output-format", "json"
    )
    data = json.loads(out)
    assert status == 1
    assert list(iter_schema_errors("diagnostics", data)) == []
    assert [d["code"] for d in data["diagnostics"]] == ["T303", "T401"]
    assert data["diagnostics"][0]["related"]["location"] == {"row": 14, "column": 97}


def test_sarif_and_github_through_the_cli(runner: CliRunner) -> None:
    _, out, _ = check(runner, str(BAD), "--output-format", "sarif")
    result = json.loads(out)["runs"][0]["results"][0]
    assert result["ruleId"] == "T303"
    assert result["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 14
    _, out, _ = check(runner, str(BAD), "--output-format", "github")
    assert out.startswith(f"::error title=T303 color-conflict,file={BAD},line=17,col=97,")


def test_full_and_statistics(runner: CliRunner) -> None:
    _, out, _ = check(runner, str(BAD), "--output-format", "full")
    lines = out.splitlines()
    assert lines[2].startswith(" 17 | 001    6")
    assert lines[3] == "    | " + " " * 96 + "^"
    assert "= help: Both players of a game have the same colour." in out
    _, out, _ = check(runner, str(BAD), str(RULES_DIR / "T303-color-conflict.trf"), "--statistics")
    assert out.splitlines()[0] == "1  T303  color-conflict                   [error]"


# ---------------------------------------------------------------- rules, rule, docs, pre-commit


def test_rules_lists_every_code(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rules"])
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == len(CODES)
    assert any(line.startswith("T302  asymmetric-pairing") for line in result.stdout.splitlines())
    data = json.loads(runner.invoke(cli, ["rules", "--output-format", "json"]).stdout)
    assert {d["code"] for d in data} == set(CODES)
    assert next(d for d in data if d["code"] == "T302")["severity"] == "error"


def test_rule_explains_one_code(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rule", "T302"])
    assert result.exit_code == 0
    assert result.stdout.startswith(
        "T302 asymmetric-pairing (error, emitted by the validate stage)"
    )
    assert "Bad:" in result.stdout and "Good:" in result.stdout
    by_name = runner.invoke(cli, ["rule", "asymmetric-pairing", "--output-format", "json"])
    assert json.loads(by_name.stdout)["code"] == "T302"
    missing = runner.invoke(cli, ["rule", "T777"])
    assert missing.exit_code == 2 and "unknown code 'T777'" in missing.stderr


def test_docs_rules_md_is_up_to_date() -> None:
    from trfkit.diagnostic_docs import markdown

    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == markdown(), "run: python -m trfkit.diagnostic_docs > docs/rules.md"


def test_rule_doc_examples_behave_as_documented() -> None:
    from trfkit.diagnostic_docs import DOCS
    from trfkit.formats.trf.reader import loads_trf
    from trfkit.selection import profiles_of
    from trfkit.validation.driver import validate

    for code, doc in DOCS.items():
        if not doc.is_trf:
            continue
        # a profile's code is shown with its profile on, and stays silent without it
        profile = next(iter(profiles_of(code)), None)
        bad = {d.code for d in validate(loads_trf(doc.bad), profile=profile)}
        good = {d.code for d in validate(loads_trf(doc.good), profile=profile)}
        assert code in bad and code not in good, code
        if profile:
            assert code not in {d.code for d in validate(loads_trf(doc.bad))}, code


def test_pre_commit_hook_definition() -> None:
    yaml = pytest.importorskip("yaml")
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [h["id"] for h in hooks] == ["trfkit-check", "trfkit-fix"]
    hook = hooks[0]
    assert (hook["id"], hook["entry"], hook["language"]) == (
        "trfkit-check",
        "trfkit check --force-exclude",
        "python",
    )
    import re

    pattern = re.compile(hook["files"])
    assert pattern.search("reports/Event.TRF") and pattern.search("x.tab")
    assert not pattern.search("README.md")


def test_readme_check_section_python_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Checking files", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```py\n(.+?)\n```", section, flags=re.DOTALL)
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["problems"] == []
    assert "--output-format sarif > trfkit.sarif" in section
    assert "github/codeql-action/upload-sarif" in section and "id: trfkit-check" in section


# ---------------------------------------------------------------- result cache


def test_cache_answers_unchanged_inputs_without_reading_them_again(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trfkit.formats.trf import reader as trf_reader

    event = tmp_path / "event.trf"
    event.write_bytes(BAD.read_bytes())
    cache = str(tmp_path / "cache")
    first = check(runner, str(event), str(GOOD), "--cache-dir", cache, "--output-format", "full")
    assert first[0] == 1 and f"{event}:17:97: T303 " in first[1]

    def refuse(data: bytes, **kw: object) -> object:
        raise AssertionError("the reader must not run for a cached input")

    monkeypatch.setattr(trf_reader, "read_trf", refuse)
    assert (
        check(runner, str(event), str(GOOD), "--cache-dir", cache, "--output-format", "full")
        == first
    )
    # another name for the same bytes: still a hit, reported under the new name
    copy = tmp_path / "copy.trf"
    copy.write_bytes(event.read_bytes())
    status, out, _ = check(runner, str(copy), "--cache-dir", cache, "--output-format", "full")
    assert (status, f"{copy}:17:97: T303 " in out, f"related: {copy}:14:97" in out) == (
        1,
        True,
        True,
    )


def test_cache_misses_on_changed_bytes_or_options(runner: CliRunner, tmp_path: Path) -> None:
    event = tmp_path / "event.trf"
    event.write_bytes(BAD.read_bytes())
    cache = str(tmp_path / "cache")
    assert check(runner, str(event), "--cache-dir", cache)[0] == 1
    assert check(runner, str(event), "--cache-dir", cache, "--ignore", "T303")[0] == 0
    event.write_bytes(GOOD.read_bytes())
    assert check(runner, str(event), "--cache-dir", cache) == (
        0,
        "No problems found in 1 file.\n",
        "",
    )


def test_internal_errors_are_not_cached_and_a_broken_cache_is_ignored(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trfkit.formats.trf import reader as trf_reader

    real = trf_reader.read_trf
    cache = str(tmp_path / "cache")
    monkeypatch.setattr(trf_reader, "read_trf", lambda data, **kw: 1 / 0)
    assert check(runner, str(BAD), "--cache-dir", cache)[0] == 2
    monkeypatch.setattr(trf_reader, "read_trf", real)
    assert check(runner, str(BAD), "--cache-dir", cache)[0] == 1
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    assert check(runner, str(BAD), "--cache-dir", str(not_a_dir))[0] == 1


def test_a_json_model_is_reported_at_the_json_file(runner: CliRunner, tmp_path: Path) -> None:
    converted = tmp_path / "event.json"
    result = runner.invoke(cli, ["convert", str(BAD), "--to", "json", "-o", str(converted)])
    # the input has an error check reports (T303): convert says so and exits 1 (issue 15)
    assert result.exit_code == 1 and "T303" in result.stderr and converted.is_file()
    status, out, _ = check(runner, str(converted), "--output-format", "json")
    [found] = json.loads(out)["diagnostics"]
    assert (status, found["code"], found["filename"], found["location"]) == (
        1,
        "T303",
        str(converted),
        {"row": 1, "column": 1},
    )
    assert found["model_path"] == "players[5].rounds[0]" and str(BAD) not in out


def test_every_code_has_an_explanation_with_examples(runner: CliRunner) -> None:
    from trfkit.diagnostic_docs import DOCS

    assert sorted(DOCS) == sorted(CODES)
    for code, doc in DOCS.items():
        assert doc.why and doc.good and (doc.bad or code == "T005"), code  # T005: empty input
    result = runner.invoke(cli, ["rule", "T627"])
    assert "Bad:" in result.stdout and "<!DOCTYPE" in result.stdout


@pytest.mark.parametrize(
    ("kind", "code", "where"),
    [
        ("points", "T401", "13:81"),
        ("result", "T304", None),
        ("opponent", "T302", None),
        ("colour", "T303", None),
        ("self", "T307", "13:92"),
        ("dup-start", "T305", None),
        ("dup-id", "T306", None),
        ("bad-result", "T104", "13:99"),
        ("bad-colour", "T105", "13:97"),
        ("date", "T106", "13:70"),
        ("shift", "T107", None),
        ("062", "T202", "6:"),
        ("short", "T102", None),
        ("ranks", "T402", None),
    ],
)
def test_injected_faults_are_reported_with_their_code(
    kind: str, code: str, where: str | None
) -> None:
    result = cli_run("check", "-", "--stdin-display-name", "ev.trf", stdin=swiss_fault(kind))
    assert result.exit_code == 1, result.stdout
    hits = [x for x in result.stdout.splitlines() if f" {code} " in x]
    assert hits, result.stdout
    assert all(h.startswith("ev.trf:") for h in hits)
    if where:
        assert any(h.startswith(f"ev.trf:{where}") for h in hits), hits
    assert "Traceback" not in result.output


def test_bye_with_opponent_two_byes_empty_and_binary() -> None:
    lines = swiss_lines()
    p6, p7 = player_line_no(6), player_line_no(7)
    lines[p6] = put_text(lines[p6], round_col(3), "   7 - U")  # PAB with an opponent
    assert "T309" in cli_run("check", "-", stdin="\n".join(lines).encode()).stdout
    lines = swiss_lines()
    lines[p7] = put_text(lines[p7], round_col(3), "0000 - U")  # 6 and 7 both get the PAB in round 3
    out = cli_run("check", "-", stdin="\n".join(lines).encode())
    assert out.exit_code == 1 and " T312 " in out.stdout
    assert cli_run("check", "-", stdin=b"").stdout.startswith("<stdin>:1:1: T005 ")
    binary = cli_run("check", "-", stdin=bytes(range(256)) * 4)
    assert binary.exit_code == 1 and " T001 " in binary.stdout


def test_rules_listing_and_rule_explanation() -> None:
    listing = json.loads(cli_run("rules", "--output-format", "json").stdout)
    by_code = {r["code"]: r for r in listing}
    expected = {
        "T001": "undecodable-input",
        "T002": "encoding-guessed",
        "T005": "empty-input",
        "T107": "misaligned-round-block",
        "T205": "round-count-mismatch",
        "T302": "asymmetric-pairing",
        "T312": "several-pairing-byes-in-round",
        "T313": "pairing-bye-twice",
        "T401": "points-mismatch",
        "T403": "scoring-system-assumed",
        "T503": "declared-tiebreak-differs",
        "T999": "internal-error",
    }
    assert {c: by_code[c]["name"] for c in expected} == expected
    assert (by_code["T002"]["severity"], by_code["T308"]["severity"]) == ("info", "warning")
    text = cli_run("rule", "T302")
    assert text.exit_code == 0 and "Bad:" in text.stdout and "Good:" in text.stdout
    assert cli_run("rule", "T998").exit_code == 2
    assert cli_run("rules").stdout.startswith("T001  undecodable-input")


def test_pre_commit_hook_runs_trfkit_check() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    assert "id: trfkit-check" in text and "entry: trfkit check" in text
