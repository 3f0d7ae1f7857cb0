"""The bad and the good example of each diagnostic code, and why the rule exists.

:mod:`trfkit.diagnostic_docs` shows them (``trfkit rule CODE``, ``docs/rules.md``); they
live apart because they are data, one entry a code, and the page's rendering is code.
The TRF examples are built from the few helpers below so that every column sits where
TRF.md puts it; a test feeds each one through the reader and validator (the bad one must
raise its code, the good one must not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """``why`` explains the rule; ``bad``/``good`` are inputs (TRF text when ``is_trf``)."""

    why: str
    bad: str
    good: str
    is_trf: bool = True


def _block(text: str) -> str:
    """``"2 w 1"`` -> ``"   2 w 1"``; ``"0 - U"`` -> ``"0000 - U"``."""
    opp, colour, result = (text.split(" ") + ["", ""])[:3]
    number = int(opp)
    return f"{number:>4} {colour} {result}" if number else f"0000 {colour} {result}"


def p(
    start: int,
    points: str,
    rank: int,
    *blocks: str,
    fide: str = "",
    rating: str = "",
    sex: str = " ",
    title: str = "",
    fed: str = "",
    birth: str = "",
) -> str:
    """A 001 line with the fields at their TRF16 columns (TRF.md §4.1)."""
    name = f"Player {start}"
    fixed = (
        f"001 {start:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide:>11} "
        f"{birth:<10} {points:>4} {rank:>4}"
    )
    return (fixed + "  " + "  ".join(_block(b) for b in blocks)).rstrip()


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# Two players who met in round 1, player 1 won: the base of most examples.
_GAME = (p(1, "1.0", 1, "2 w 1"), p(2, "0.0", 2, "1 b 0"))
_HEAD = ("012 Club Championship",)


def _t013(name: str, *members: int) -> str:
    """A TRF16 team line: name at 5-36, members from 37, four wide, step 5 (TRF.md §5)."""
    return (f"013 Team {name:<27}" + " ".join(f"{m:>4}" for m in members)).rstrip()


def _t310(number: int, name: str, mp: float, gp: float, rank: int, *members: int) -> str:
    """A TRF26 team line: number, name, MP at 55-60, GP at 62-67, rank 69-71, members from 74."""
    head = f"310 {number:>3} {'Team ' + name:<32} {'':<5} {'':<6} {mp:>6.1f} {gp:>6.1f} {rank:>3}  "
    return head + " ".join(f"{m:>4}" for m in members)


# A two-board team match: team A (1, 2) beats team B (3, 4) 2:0.
_MATCH = (
    p(1, "1.0", 1, "3 w 1"),
    p(2, "1.0", 1, "4 b 1"),
    p(3, "0.0", 3, "1 b 0"),
    p(4, "0.0", 3, "2 w 0"),
)
# Three teams mixed up in one round: A's board 2 plays team C.
_TEAMS3_BAD = (
    p(1, "1.0", 1, "3 w 1"),
    p(2, "1.0", 1, "5 b 1"),
    p(3, "0.0", 4, "1 b 0"),
    p(4, "1.0", 1, "6 w 1"),
    p(5, "0.0", 4, "2 w 0"),
    p(6, "0.0", 4, "4 b 0"),
)

# fmt: off
DOCS: Final[dict[str, RuleDoc]] = {
    "T001": RuleDoc("A TRF file is text. Bytes that no encoding can turn into text are usually "
                    "a PDF, a ZIP or a spreadsheet saved under a .trf name.",
                    "a PDF or ZIP file renamed to event.trf", "the TRF export of the pairing "
                    "program", is_trf=False),
    "T002": RuleDoc("Every single-byte code page turns any bytes into some text: the cp1251 "
                    "bytes of \"Петров, Алексей\" read as cp1252 are \"Ïåòðîâ, Àëåêñåé\", read "
                    "as KOI8-R \"оЕРПНБ, юКЕЙЯЕИ\". trfkit reads the names in each code page "
                    "TRF files come in (cp1250-cp1254, cp1257, KOI8-R/U, cp866, ISO-8859-1/2/5/7/"
                    "9/15) and keeps the most plausible reading: one script per word, no "
                    "symbols inside names, sensible capitals, letters of the languages of the "
                    "players' federations. The message gives the confidence; when another code "
                    "page reads the names nearly as well, T002 is a warning naming it (\"decoded "
                    "as cp1250; cp1252 also possible: pass --encoding\"): check the names, and "
                    "pass --encoding (or --fallback-encoding) with the right one. A guessed "
                    "encoding also decides the column positions of everything after a name.",
                    "names with accents or in Cyrillic saved in a Windows or DOS code page",
                    "the same file saved as UTF-8", is_trf=False),
    "T003": RuleDoc("Some programs start UTF-8 files with a byte-order mark, which other tools "
                    "read as part of the first record code.", "EF BB BF 30 31 32 20 ... (BOM, "
                    "then 012)", "30 31 32 20 ... (012 without BOM)", is_trf=False),
    "T004": RuleDoc("Mixed CR, LF and CRLF line endings mean the file was edited or concatenated "
                    "by different tools.", "012 ...\\r\\n001 ...\\n", "012 ...\\r\\n001 ...\\r\\n",
                    is_trf=False),
    "T005": RuleDoc("An empty upload or a truncated transfer.", "", trf(*_HEAD, *_GAME)),
    "T006": RuleDoc("Without any record of a tournament format the input (a letter, a Markdown "
                    "note, a LICENSE, a PGN) is not a tournament report; it gets this one "
                    "error, not one note per line.",
                    trf("Hello, this is not a tournament"), trf(*_HEAD, *_GAME)),
    "T013": RuleDoc("A file with a tournament header (or a Swiss-Manager template) but no player "
                    "is not yet a report: passing it would be a false green, converting it an "
                    "empty document.", trf(*_HEAD, "042 2026/04/12"),
                    trf(*_HEAD, "042 2026/04/12", *_GAME)),
    "T014": RuleDoc("A path named on the command line, or a file found by a walk, that cannot "
                    "be opened is reported where it is, in every output format, and makes the "
                    "exit status 2.", "trfkit check missing.trf (no such file)",
                    "trfkit check event.trf (a readable file)", is_trf=False),
    "T007": RuleDoc("Very large inputs are refused to keep memory bounded.",
                    "a 2 GB file", "a tournament report", is_trf=False),
    "T008": RuleDoc("No valid record is longer than a few thousand characters; such a line is "
                    "binary data or a damaged file.", "one 100 000-character line",
                    "001 lines of 89 + 10 x rounds characters", is_trf=False),
    "T020": RuleDoc("A directory walk stays inside the directory: a link in an upload folder to "
                    "/etc/passwd or to a parent directory would quote a stranger's files or walk "
                    "forever.", "reports/a.trf -> /etc/passwd, reports/sub/up -> ..",
                    "reports/a.trf, a regular file (or a link to a file inside reports/)",
                    is_trf=False),
    "T021": RuleDoc("Reading a FIFO blocks until someone writes to it, and a device never ends; "
                    "a walk reads regular files only.", "reports/x.trf made by mkfifo",
                    "reports/x.trf, a regular file", is_trf=False),
    "T022": RuleDoc("Real archives are a few levels deep; a tree hundreds of levels deep is a "
                    "fault, and walking it would exhaust memory or path length.",
                    "reports/d/d/d/... 65 levels deep", "reports/2026/march/a.trf",
                    is_trf=False),
    "T023": RuleDoc("XInclude pulls other files into an XML document; a processor that honours "
                    "it would read /etc/passwd for an upload. trfkit never includes anything, so "
                    "the file is read without what it tried to include.",
                    '<chessresults xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include '
                    'href="/etc/passwd"/>', "<chessresults><players>...</players>",
                    is_trf=False),
    "T024": RuleDoc("Ratings live between 0 and 4000, and no event has more than 999 rounds: a "
                    "modifier beyond that is a typo, and computing it anyway (a rating table "
                    "fifty million entries wide) would take gigabytes. On the command line "
                    "the same values are a usage error.", trf(*_HEAD, "202 PTP/U50000000, BH",
                                                              *_GAME),
                    trf(*_HEAD, "202 PTP/U1400, BH", *_GAME)),
    "T025": RuleDoc("A cut removes the lowest results; cutting as many as there are rounds "
                    "leaves nothing, so the tie-break cannot separate anyone.",
                    "--tb BH/C99 on a 5-round Swiss", "--tb BH/C1", is_trf=False),
    "T040": RuleDoc("A '### trfkit: ignore CODE reason' comment is an exception someone "
                    "reviewed; once the file no longer raises CODE (the problem was fixed) or "
                    "when CODE is mistyped, the comment only misleads the next reader.",
                    trf(*_HEAD, "### trfkit: ignore T401 the arbiter confirmed player 1's score",
                        *_GAME),
                    trf(*_HEAD, "### trfkit: ignore T401 the arbiter confirmed player 1's score",
                        p(1, "1.5", 1, "2 w 1"), _GAME[1])),
    "T041": RuleDoc("A suppression says which codes it silences and why: the reason is what a "
                    "reviewer checks. One without a reason still suppresses; one that is not "
                    "'ignore CODES REASON' suppresses nothing.",
                    trf(*_HEAD, "### trfkit: ignore T401", p(1, "1.5", 1, "2 w 1"), _GAME[1]),
                    trf(*_HEAD, "### trfkit: ignore T401 the arbiter confirmed player 1's score",
                        p(1, "1.5", 1, "2 w 1"), _GAME[1])),
    "T101": RuleDoc("A three-digit record code TRF does not define is usually a typo for a real "
                    "one (101 for 001), and the record is lost.",
                    trf(*_HEAD, _GAME[0], "1" + _GAME[1][1:]), trf(*_HEAD, *_GAME)),
    "T102": RuleDoc("A 001 line must reach the Points field (column 84); shorter lines lost "
                    "their end.", trf(*_HEAD, "001    1      Player 1"), trf(*_HEAD, *_GAME)),
    "T103": RuleDoc("Start numbers, ratings, FIDE ids, points and ranks are numbers; anything "
                    "else means the columns are shifted. A number no output can hold (NaN, an "
                    "infinity, a scoring value of hundreds of digits, more than 1,000,000 either "
                    "way, a negative start number) is reported too and read as a usable value.",
                    trf(*_HEAD, _GAME[0].replace("1.0", "1,O", 1), _GAME[1]),
                    trf(*_HEAD, *_GAME)),
    "T104": RuleDoc("Results are 1 = 0 + - W D L H F U Z or blank (TRF.md §4.3).",
                    trf(*_HEAD, _GAME[0][:-1] + "X", _GAME[1]), trf(*_HEAD, *_GAME)),
    "T105": RuleDoc("Colours are w, b, - or blank.",
                    trf(*_HEAD, _GAME[0].replace("2 w 1", "2 x 1"), _GAME[1]),
                    trf(*_HEAD, *_GAME)),
    "T106": RuleDoc("Dates must exist: a 30 February is a typo or a swapped day and month.",
                    trf(*_HEAD, "042 2024/02/30", *_GAME), trf(*_HEAD, "042 2024/02/20", *_GAME)),
    "T107": RuleDoc("Round blocks start at columns 92, 102, 112, ... A block off that grid usually "
                    "means a UTF-8 file read as cp1252, or a hand edit.",
                    trf(*_HEAD, _GAME[0][:91] + " " + _GAME[0][91:], _GAME[1]),
                    trf(*_HEAD, *_GAME)),
    "T108": RuleDoc("Separator columns (4, 9, 14, 48, ...) are blank; a character there means a "
                    "field overflowed.", "001    1x     Player 1 ...", "001    1      Player 1 ...",
                    is_trf=False),
    "T109": RuleDoc("Records such as 012, 042 or 062 hold one value; a second copy contradicts "
                    "or repeats the first.", trf(*_HEAD, "012 Another Name", *_GAME),
                    trf(*_HEAD, *_GAME)),
    "T110": RuleDoc("Old programs write unplayed rounds in ways TRF16 does not define "
                    "(0000 - = for a half-point bye); trfkit reads and normalises them.",
                    "0000 - =", "0000 - H", is_trf=False),
    "T111": RuleDoc("Vendor spellings (sex f, lower-case title letters) are normalised.",
                    "001    1 f  g Player 1 ...", "001    1 w GM Player 1 ...", is_trf=False),
    "T112": RuleDoc("Empty blocks after the last round carry nothing and are dropped.",
                    "...     2 w 1  0000 -  ", "...     2 w 1", is_trf=False),
    "T113": RuleDoc("A finished event's report gives every player a rank; a blank column (as "
                    "left by converters that compute none) hides the final standings.",
                    "001    1      Doe, John                         2000 GER     1234567 "
                    "1980/01/01  1.0      ...", "001    1      Doe, John                  "
                    "       2000 GER     1234567 1980/01/01  1.0    1 ...", is_trf=False),
    "T201": RuleDoc("Rating officers and archives identify a report by its 012 name.",
                    trf(*_GAME), trf(*_HEAD, *_GAME)),
    "T202": RuleDoc("062 should count the 001 records; a difference means a player line is "
                    "missing or the header is stale.", trf(*_HEAD, "062 3", *_GAME),
                    trf(*_HEAD, "062 2", *_GAME)),
    "T203": RuleDoc("072 should count the players with a rating.",
                    trf(*_HEAD, "072 2", p(1, "1.0", 1, "2 w 1", rating="1800"), _GAME[1]),
                    trf(*_HEAD, "072 1", p(1, "1.0", 1, "2 w 1", rating="1800"), _GAME[1])),
    "T204": RuleDoc("The event cannot end before it starts, and rounds happen in order inside "
                    "the event's dates.", trf(*_HEAD, "042 2024/03/02", "052 2024/03/01", *_GAME),
                    trf(*_HEAD, "042 2024/03/01", "052 2024/03/02", *_GAME)),
    "T205": RuleDoc("The number of rounds (142 or XXR) must cover every round block; extra "
                    "blocks are results the standings will not count.",
                    trf(*_HEAD, "XXR 1", p(1, "2.0", 1, "2 w 1", "2 b 1"),
                        p(2, "0.0", 2, "1 b 0", "1 w 0")),
                    trf(*_HEAD, "XXR 2", p(1, "2.0", 1, "2 w 1", "2 b 1"),
                        p(2, "0.0", 2, "1 b 0", "1 w 0"))),
    "T206": RuleDoc("192 codes select the pairing system for engines; an unknown one is ignored "
                    "by them.", trf(*_HEAD, "192 FIDE_DUTCHY", *_GAME),
                    trf(*_HEAD, "192 FIDE_DUTCH_2025", *_GAME)),
    "T301": RuleDoc("Every opponent must have a 001 record.",
                    trf(*_HEAD, p(1, "1.0", 1, "3 w 1"), p(2, "0.0", 2)), trf(*_HEAD, *_GAME)),
    "T302": RuleDoc("A game is written on both players' lines; if only one side lists it, one of "
                    "the lines is wrong.",
                    trf(*_HEAD, p(1, "1.0", 1, "2 w 1"), p(2, "0.0", 2, "0 - Z"),
                        p(3, "0.0", 3, "0 - Z")), trf(*_HEAD, *_GAME)),
    "T303": RuleDoc("One player of a game has white, the other black.",
                    trf(*_HEAD, _GAME[0], p(2, "0.0", 2, "1 w 0")), trf(*_HEAD, *_GAME)),
    "T304": RuleDoc("The two sides must agree: 1 with 0, = with =, + with -, - with - "
                    "(double forfeit), W with L, D with D.",
                    trf(*_HEAD, _GAME[0], p(2, "1.0", 1, "1 b 1")), trf(*_HEAD, *_GAME)),
    "T305": RuleDoc("Start numbers identify players in every round block; two players cannot "
                    "share one.", trf(*_HEAD, *_GAME, p(2, "0.0", 3)),
                    trf(*_HEAD, *_GAME, p(3, "0.0", 3))),
    "T306": RuleDoc("A FIDE id belongs to one person; a repeat is a copy-paste error.",
                    trf(*_HEAD, p(1, "1.0", 1, "2 w 1", fide="4100018"),
                        p(2, "0.0", 2, "1 b 0", fide="4100018")),
                    trf(*_HEAD, p(1, "1.0", 1, "2 w 1", fide="4100018"),
                        p(2, "0.0", 2, "1 b 0", fide="4100026"))),
    "T307": RuleDoc("Nobody plays themself.",
                    trf(*_HEAD, p(1, "1.0", 1, "1 w 1"), p(2, "0.0", 2, "0 - Z")),
                    trf(*_HEAD, *_GAME)),
    "T308": RuleDoc("In a Swiss event two players meet at most once (a double round robin is "
                    "the exception, hence a warning).",
                    trf(*_HEAD, p(1, "2.0", 1, "2 w 1", "2 b 1"), p(2, "0.0", 2, "1 b 0", "1 w 0")),
                    trf(*_HEAD, *_GAME)),
    "T309": RuleDoc("H, F, U and Z are rounds without a game, so the opponent field is 0000.",
                    trf(*_HEAD, p(1, "0.5", 1, "2 - H"), p(2, "0.5", 1, "0 - H")),
                    trf(*_HEAD, p(1, "0.5", 1, "0 - H"), p(2, "0.5", 1, "0 - H"))),
    "T310": RuleDoc("Team members are start numbers of 001 records.",
                    trf(*_HEAD, *_GAME, "013 Team A                             1    3"),
                    trf(*_HEAD, *_GAME, "013 Team A                             1    2")),
    "T311": RuleDoc("A player plays for one team only.",
                    trf(*_HEAD, *_GAME, "013 Team A                             1    2",
                        "013 Team B                             2"),
                    trf(*_HEAD, *_GAME, "013 Team A                             1",
                        "013 Team B                             2")),
    "T312": RuleDoc("The pairing-allocated bye goes to one player per round (in team events, to "
                    "one team).",
                    trf(*_HEAD, p(1, "1.0", 1, "0 - U"), p(2, "1.0", 1, "0 - U")),
                    trf(*_HEAD, p(1, "1.0", 1, "0 - U"), p(2, "0.0", 2, "0 - Z"))),
    "T313": RuleDoc("FIDE C.04.1: a player receives the pairing-allocated bye at most once.",
                    trf(*_HEAD, p(1, "2.0", 1, "0 - U", "0 - U")),
                    trf(*_HEAD, p(1, "1.5", 1, "0 - U", "0 - H"))),
    "T314": RuleDoc("A game over the board has a white and a black player.",
                    trf(*_HEAD, p(1, "1.0", 1, "2 - 1"), p(2, "0.0", 2, "1 - 0")),
                    trf(*_HEAD, *_GAME)),
    "T315": RuleDoc("A win, draw or loss over the board needs an opponent; a point without a "
                    "game is F, H or U.",
                    trf(*_HEAD, p(1, "1.0", 1, "0 w 1"), p(2, "0.0", 2, "0 - Z")),
                    trf(*_HEAD, p(1, "1.0", 1, "0 - F"), p(2, "0.0", 2, "0 - Z"))),
    "T316": RuleDoc("Start numbers run from 1 to the number of players; a hole usually means a "
                    "player line was lost.", trf(*_HEAD, *_GAME, p(4, "0.0", 3)),
                    trf(*_HEAD, *_GAME, p(3, "0.0", 3))),
    "T317": RuleDoc("In a team match every board of a team plays the same opposing team.",
                    trf(*_HEAD, *_TEAMS3_BAD, _t013("A", 1, 2), _t013("B", 3, 4), _t013("C", 5, 6)),
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4))),
    "T318": RuleDoc("A team fields at most as many boards as the team size (the length of 352, "
                    "else the largest match).", trf(*_HEAD, "352 W", *_MATCH, _t013("A", 1, 2),
                                                    _t013("B", 3, 4)),
                    trf(*_HEAD, "352 WB", *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4))),
    "T319": RuleDoc("The match points, game points and rank a 310 record declares must be what "
                    "the board results give.",
                    trf(*_HEAD, *_MATCH, _t310(1, "A", 2.0, 1.5, 1, 1, 2),
                        _t310(2, "B", 0.0, 0.0, 2, 3, 4)),
                    trf(*_HEAD, *_MATCH, _t310(1, "A", 2.0, 2.0, 1, 1, 2),
                        _t310(2, "B", 0.0, 0.0, 2, 3, 4))),
    "T320": RuleDoc("Boards are played in the order of the team lists (013/310) unless a 300 "
                    "line-up says otherwise: board 1 meets board 1.",
                    trf(*_HEAD, p(1, "1.0", 1, "4 w 1"), p(2, "1.0", 1, "3 b 1"),
                        p(3, "0.0", 3, "2 w 0"), p(4, "0.0", 3, "1 b 0"), _t013("A", 1, 2),
                        _t013("B", 3, 4)),
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4))),
    "T321": RuleDoc("With an odd number of teams one team has a bye each round. Swiss-Manager's "
                    "TRF16 export does not write it: the team's players all show 0000 - -, and "
                    "the file scores the round as an absence. Say so with 320 (or count it with "
                    "trfkit tiebreaks --team-bye MP,GP).",
                    trf(*_HEAD, *_MATCH, p(5, "0.0", 5, "0 - -"), p(6, "0.0", 5, "0 - -"),
                        _t013("A", 1, 2), _t013("B", 3, 4), _t013("C", 5, 6)),
                    trf(*_HEAD, *_MATCH, p(5, "0.0", 5, "0 - -"), p(6, "0.0", 5, "0 - -"),
                        _t013("A", 1, 2), _t013("B", 3, 4), _t013("C", 5, 6), "320  1.0  2.0   3")),
    "T322": RuleDoc("Players of one team do not play each other in a team event.",
                    trf(*_HEAD, *_GAME, _t013("A", 1, 2)),
                    trf(*_HEAD, *_GAME, _t013("A", 1), _t013("B", 2))),
    "T323": RuleDoc("A board pairs players of the two teams of the match, never of a third team.",
                    trf(*_HEAD, *_TEAMS3_BAD, _t013("A", 1, 2), _t013("B", 3, 4), _t013("C", 5, 6)),
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4))),
    "T324": RuleDoc("In a team event every player belongs to a team; a lone 013 line (such as "
                    "the JaVaFo manual's example) turns an individual event into a team event.",
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2)),
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4))),
    "T325": RuleDoc("A 300 line-up lists players of its own team, who play the opposing team it "
                    "names.", trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4),
                                  "300   1   1   2    1    3"),
                    trf(*_HEAD, *_MATCH, _t013("A", 1, 2), _t013("B", 3, 4),
                        "300   1   1   2    2    1")),
    "T401": RuleDoc("The Points column must equal the results added up under the file's scoring "
                    "system (162, XXS, BB?; 1/0.5/0 by default). Pairing engines refuse files "
                    "where it does not.", trf(*_HEAD, p(1, "1.5", 1, "2 w 1"), _GAME[1]),
                    trf(*_HEAD, *_GAME)),
    "T402": RuleDoc("Unless 212 ranks by something before points, a better rank needs at least "
                    "as many points.",
                    trf(*_HEAD, p(1, "1.0", 2, "2 w 1"), p(2, "0.0", 1, "1 b 0")),
                    trf(*_HEAD, *_GAME)),
    "T403": RuleDoc("Without 162, XXS or BB? lines the points are checked against 1/0.5/0; "
                    "declare the system when the event used another one.",
                    trf(*_HEAD, *_GAME),
                    trf(*_HEAD, "162  W 1.0   D 0.5   L 0.0   A 0.0   P 1.0", *_GAME)),
    "T404": RuleDoc("TRF26 allows tied ranks; in TRF16 files each rank is normally given once.",
                    trf(*_HEAD, p(1, "0.5", 1, "2 w ="), p(2, "0.5", 1, "1 b =")),
                    trf(*_HEAD, p(1, "0.5", 1, "2 w ="), p(2, "0.5", 2, "1 b ="))),
    "T009": RuleDoc("`trfkit convert --to json` writes a document that reads back losslessly; a "
                    "hand-edited or foreign JSON file that breaks the tournament schema cannot.",
                    '{"format": "trfkit-tournament", "version": 1, "players": "none"}',
                    '{"format": "trfkit-tournament", "version": 1, "players": []}', is_trf=False),
    "T501": RuleDoc("Tie-break codes follow TIEBREAKS.md B.6 (BH, BH/C1, SB, DE, ...); an unknown "
                    "code or modifier cannot be computed (`check` reports one in the file's "
                    "202/212 list at its record).", "trfkit tiebreaks event.trf --tb BHX",
                    "trfkit tiebreaks event.trf --tb BH/C1", is_trf=False),
    "T502": RuleDoc("Unplayed rounds (byes, forfeits, absences) enter tie-breaks by the rule of "
                    "the chosen edition; the diagnostic says which value was used.",
                    "a player with a half-point bye, BH computed", "(information only)",
                    is_trf=False),
    "T503": RuleDoc("Files that carry their own tie-break values (chess-results tb1..tb6, "
                    "Swiss-Manager tie-break columns) are compared with what trfkit computes; "
                    "a team's declared match and game points are T319's.",
                    "declared BH (tb1) 3,0, computed 3.5", "declared = computed",
                    is_trf=False),
    "T504": RuleDoc("Tie-breaks of a round in progress change when the results come in.",
                    "...     5 w  (paired, no result yet)", "...     5 w 1", is_trf=False),
    "T505": RuleDoc("The Rank column disagrees with the standings trfkit computes from points "
                    "and the file's own tie-break list (202/212, or the list a Swiss-Manager "
                    "file or chess-results page declares), after the file's last round with "
                    "results; a rank inside the places of players the list leaves tied "
                    "agrees.",
                    "rank 1 for the second-best tie-break", "ranks in computed order",
                    is_trf=False),
    "T506": RuleDoc("Standings under trfkit's default list or a --tb list are not the ones "
                    "the file's ranks were made with, so differing ranks are only noted (one "
                    "info for all of them); declare the list (202) to have them checked (T505). "
                    "Also when a code of the file's own list is undefined for every player (a "
                    "rating tie-break on a page without ratings): it cannot give the file's "
                    "order.",
                    "trfkit tiebreaks event.trf --tb SB   (no 202 in the file)",
                    "202 SB", is_trf=False),
    "T515": RuleDoc("A 299 record re-values a result type in a round, or adds a bonus or "
                    "penalty, for the players it names; a start number the file lacks, or a "
                    "result type the player does not have there, changes nothing.",
                    "299 W            1.5    3    9  (player 9 drew in round 3)",
                    "299 D            0.0    3    9", is_trf=False),
    "T516": RuleDoc("An event in progress declares more rounds (142/XXR) than have results: "
                    "tie-breaks score the rounds up to the last one with a result, never the "
                    "rounds to come as absences; `--after-round` chooses another round.",
                    "142 9, results up to round 5: standings after round 5 of 9",
                    "(information only)", is_trf=False),
    "T517": RuleDoc("A starting list, or an event whose first round has no result yet: "
                    "every player (team) has 0 points and every tie-break is 0, so the "
                    "standings rank everyone first; they say nothing yet.",
                    "001 records without round blocks", "(information only)", is_trf=False),
    "T510": RuleDoc("A start number names one participant: when two 001 records share it "
                    "(T305), tie-breaks and standings take the first and leave the other out, so "
                    "no one is listed twice and every pairing points at one player.",
                    "two 001 records with start number 4", "one 001 record per start number",
                    is_trf=False),
    "T601": RuleDoc("Rulers, legend lines, comments and engine records that trfkit does not model "
                    "are kept verbatim, so that writing the file back loses nothing.",
                    "1234567890123456789012345678901234567890", "(information only)",
                    is_trf=False),
    "T602": RuleDoc("A vendor-specific field carries nothing the model can hold.",
                    "a vendor field in an otherwise standard record", "(information only)",
                    is_trf=False),
    "T603": RuleDoc("CSV cannot hold header records or vendor lines; TRF16 cannot hold TRF26 "
                    "records. The conversion says what was left out.",
                    "trfkit convert trf26.trf --to trf16", "trfkit convert trf26.trf --to json",
                    is_trf=False),
    "T604": RuleDoc("Whatever trfkit writes it must read back: a JSON output beyond the JSON "
                    "reader's limits (values, start numbers, --max-bytes; trfkit.limits) is not "
                    "written: -o FILE is left as it was; on stdout, where the JSON is "
                    "streamed, the output stops there, incomplete.",
                    "a hand-made model with 20000 players --to json",
                    "a tournament within the limits of TRF", is_trf=False),
    "T620": RuleDoc("Swiss-Manager files are built of tagged sections; an unknown one is skipped.",
                    "a .TUNX written by a newer Swiss-Manager", "(information only)",
                    is_trf=False),
    "T621": RuleDoc("A truncated download or a damaged Swiss-Manager file cannot be decoded.",
                    "the first 10 KB of a .TUNX", "the whole file", is_trf=False),
    "T622": RuleDoc("A Swiss-Manager result code outside the known table: that game is left out.",
                    "a pairing with an unknown result byte", "a pairing with a known result",
                    is_trf=False),
    "T623": RuleDoc("Pairings of a round not yet played have no result: the pairing is kept "
                    "(TRF writes opponent and colour with a blank result, CSV `12w`).",
                    "round 5 paired, not played", "(information only)", is_trf=False),
    "T624": RuleDoc("Arbiter e-mails and local file paths are personal data and are not copied.",
                    "an e-mail address in the arbiter field", "(information only)",
                    is_trf=False),
    "T625": RuleDoc("Swiss-Manager stores tie-break parameters (cuts, limits) that trfkit does not "
                    "map yet; the FIDE tie-break is used without them.",
                    "Buchholz with a Swiss-Manager cut setting", "(information only)",
                    is_trf=False),
    "T626": RuleDoc("Some Swiss-Manager tie-breaks have no FIDE definition; their values are "
                    "carried, never computed.", "a Swiss-Manager-only tie-break number",
                    "(information only)", is_trf=False),
    "T627": RuleDoc("A DOCTYPE with entities can expand without bound (billion laughs); trfkit "
                    "refuses such XML.", '<!DOCTYPE x [<!ENTITY a "...">]>',
                    "the chess-results upload XML as Swiss-Manager writes it", is_trf=False),
    "T628": RuleDoc("Spreadsheet input needs an optional dependency.", "reading .xlsx without "
                    "openpyxl", "pip install 'trfkit[xlsx]'", is_trf=False),
    "T629": RuleDoc("A chess-results table is read by its header row; without one the columns "
                    "are unknown.", "a page with the table header cut off",
                    "the saved crosstable page", is_trf=False),
    "T630": RuleDoc("A crosstable cell points at a row that does not exist; that entry is dropped.",
                    "a cell naming opponent 99 in a 40-player table", "cells naming listed rows",
                    is_trf=False),
    "T631": RuleDoc("Swiss-Manager lists can name one tie-break number twice (two Buchholz "
                    "variants told apart by parameters); trfkit computes both as the same code "
                    "in both positions, so its standings may differ from Swiss-Manager's.",
                    "Swiss-Manager tie-breaks 84, 84 (BH twice)",
                    "distinct tie-breaks, or `--tb` with the variants", is_trf=False),
    "T632": RuleDoc("A Swiss-Manager file stores no ranks; a TRF needs them, so `convert --to "
                    "trf` ranks the field with the file's own tie-break list and says so.",
                    "a native Swiss-Manager file converted to TRF", "(information only)",
                    is_trf=False),
    "T633": RuleDoc("When the input has no ranks and its tie-break list cannot be computed, "
                    "the rank column stays blank: said, not silent.",
                    "a tie-break list trfkit cannot compute", "a computable list, or ranks",
                    is_trf=False),
    "T634": RuleDoc("Older Swiss-Manager legends print \"Buchholz Tie-Breaks (variabel with "
                    "parameter)\" for every variant; the page's own values tell which cut was "
                    "used.", "TB1 and TB2 both \"Buchholz ... with parameter\"",
                    "(information only)", is_trf=False),
    "T635": RuleDoc("When no variant reproduces the values of a legend that hides its "
                    "settings, the column is compared as the plain tie-break; its differences "
                    "may be the unknown settings.", "hand-edited values under a hidden legend",
                    "a legend that names its cuts", is_trf=False),
    "T636": RuleDoc("ARO, APRO, TPR and PTP are computed from ratings; a crosstable saved "
                    "without its rating column cannot give them, so the first tie-break "
                    "cannot reproduce the page's order.",
                    "a crosstable without Rtg whose TB1 is ARO",
                    "the same page with the Rtg column", is_trf=False),
    # T750-T758 need a rating list (check --rating-list): their examples are described
    "T750": RuleDoc("FIDE rates only players it knows: an id missing from the list of the "
                    "period is a typing error or a player registered later.",
                    "001 ... 1503041 with --rating-list players_list_foa.txt (no such id)",
                    "the id as FIDE lists it", is_trf=False),
    "T751": RuleDoc("The name identifies the player to the rating officer; FIDE's spelling is "
                    "the reference. Case, accents, punctuation and order do not count.",
                    "'Karlsen, Magnus' for id 1503014 (the list: 'Carlsen, Magnus')",
                    "'CARLSEN Magnus' or 'Magnus Carlsen'", is_trf=False),
    "T752": RuleDoc("A player plays for the federation FIDE records; a transfer is FIDE's to "
                    "make, not the file's.", "USA for a player the list has as NOR",
                    "NOR, as the list", is_trf=False),
    "T753": RuleDoc("Sex decides women's titles and lists; the file must say what FIDE says.",
                    "w for a player the list has as M", "m, as the list", is_trf=False),
    "T754": RuleDoc("Birth years decide age categories and K factors.",
                    "1991/11/30 for a player born 1990 in the list",
                    "1990/11/30", is_trf=False),
    "T755": RuleDoc("An event is rated with the ratings of the list of the month it starts "
                    "in; another rating changes the expected scores.",
                    "2830 in an October event for a player rated 2823 in OCT25",
                    "2823, the OCT25 standard rating", is_trf=False),
    "T756": RuleDoc("Comparing the ratings of another month would flag every player whose "
                    "rating moved; one diagnostic says the list is the wrong one.",
                    "--rating-list standard_sep25frl.txt for an event starting 2025/10/04",
                    "the OCT25 list", is_trf=False),
    "T757": RuleDoc("A standard list has no rapid ratings to compare a rapid event with.",
                    "standard_rating_list.txt for a 222 of 900+10",
                    "the combined list or rapid_rating_list.txt", is_trf=False),
    "T758": RuleDoc("The combined list (players_list_foa.txt) does not carry its month; "
                    "its ratings are taken as the start month's.",
                    "--rating-list players_list_foa.txt",
                    "--rating-list players_list_foa.txt --rating-period 2025-10", is_trf=False),
    "T901": RuleDoc("The reader met a record it could not parse as written, skipped or repaired "
                    "it and went on; the line is reported so that it can be fixed.",
                    "a record the reader had to repair", "(information only)", is_trf=False),
    "T999": RuleDoc("trfkit itself failed on this input. The other rules and files were still "
                    "checked; please report the bug with the file if you can share it.",
                    "an input that crashes a rule", "(no example: this is a bug in trfkit)",
                    is_trf=False),
}
# fmt: on
