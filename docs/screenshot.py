"""The README's screenshot of a report: ``python3 docs/screenshot.py`` writes docs/report.png.

It renders ``trfkit report samples/swiss.trf`` into a temporary file and has a headless
Chromium (Debian's ``chromium`` package) take the picture. The rendering test
(``tests/cli/test_report_browser.py``) drives Chromium through the same functions.

    python3 docs/screenshot.py [--input FILE] [--output PNG] [--size 1280,2000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Where Debian puts the browser; ``CHROMIUM`` names another binary.
DEFAULT_CHROMIUM = "/usr/bin/chromium"
#: A page is small and local: a browser that takes longer than this is stuck.
TIMEOUT = 120


def chromium() -> str | None:
    """The Chromium binary to run, or None when there is none on this machine."""
    named = os.environ.get("CHROMIUM")
    for candidate in (named, DEFAULT_CHROMIUM, shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _run(browser: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    with tempfile.TemporaryDirectory() as profile:  # a fresh profile: nothing of a previous run
        return subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                *args,
            ],
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )


def screenshot(browser: str, page: Path, png: Path, size: str = "1280,2000") -> None:
    """A PNG of ``page`` as a ``size`` (``W,H``) window shows it."""
    done = _run(browser, f"--screenshot={png}", f"--window-size={size}", page.resolve().as_uri())
    if not png.is_file():
        raise RuntimeError(f"chromium wrote no screenshot: {done.stderr.decode(errors='replace')}")


def print_pdf(browser: str, page: Path, pdf: Path) -> None:
    """``page`` printed to ``pdf`` (its own print CSS: page sizes, page breaks)."""
    done = _run(browser, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.resolve().as_uri())
    if not pdf.is_file():
        raise RuntimeError(f"chromium wrote no PDF: {done.stderr.decode(errors='replace')}")


def dump_dom(browser: str, page: Path) -> str:
    """The DOM of ``page`` once loaded and its scripts run, as HTML."""
    done = _run(browser, "--dump-dom", page.resolve().as_uri())
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default="samples/swiss.trf", help="relative to the checkout")
    ap.add_argument("--output", default=str(ROOT / "docs" / "report.png"))
    ap.add_argument("--size", default="1280,2000")
    args = ap.parse_args(argv)
    browser = chromium()
    if browser is None:
        print("screenshot.py: no chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "report.html"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "trfkit", "report", args.input, "-o", str(page)],
            env=env,
            cwd=ROOT,  # the page names the input as given: samples/swiss.trf, not a local path
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode not in (0, 1):
            print(done.stderr, file=sys.stderr)
            return 2
        screenshot(browser, page, Path(args.output), args.size)
    print(args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
