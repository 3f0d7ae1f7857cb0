"""Every diagnostic code trfkit can emit, with its fixed name and severity.

Codes never change meaning and are never reused; the hundreds digit is the
category (T0 input, T1 record syntax, T2 header, T3 pairings and teams, T4 scores,
T5 tie-breaks, T6 dialects, T7 the rating officer's profile, T9 internal); the T7
codes are off unless ``--profile fide-rating`` (:data:`trfkit.selection.PROFILES`)
switches them on. ``trfkit rules`` prints this table and ``docs/rules.md`` is
generated from it. Examples for ``trfkit rule CODE`` live in
:mod:`trfkit.diagnostic_docs` so that this table stays one line per code.

One code is raised above its severity by the stage that emits it: T002 (info) is a
warning when another code page reads the names nearly as well (:mod:`trfkit.decoding`).
Its ``raised`` field names that higher severity, so that everything showing the code's
severity (``trfkit rules``, ``trfkit rule``, ``docs/rules.md``) shows both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """One diagnostic code: its stable name, fixed severity, the stage that emits it,
    a one-line summary and an optional hint on how to fix the input."""

    code: str
    name: str
    severity: str  # "error" | "warning" | "info"
    stage: str  # decode | parse | validate | tiebreak | write | internal
    summary: str
    hint: str = ""
    raised: str = ""  # the higher severity the emitting stage gives some of its diagnostics

    @property
    def severities(self) -> str:
        """``info`` or, for a code some diagnostics of which are raised, ``info or warning``."""
        return f"{self.severity} or {self.raised}" if self.raised else self.severity


#: (code, name, severity, stage, summary[, hint]): the class itself, one call a code at import.
_c: Final = CodeInfo


# fmt: off
_ALL: Final = (
    # T0xx: input and encoding
    _c("T001", "undecodable-input", "error", "decode",
       "The bytes cannot be decoded as text (binary data?)."),
    _c("T002", "encoding-guessed", "info", "decode",
       "The input is not UTF-8; its code page was detected from the names (a warning when "
       "another code page reads them nearly as well).",
       "Save the file as UTF-8, or pass --encoding (--fallback-encoding for a folder that "
       "mixes UTF-8 and one code page).", raised="warning"),
    _c("T003", "byte-order-mark", "info", "decode", "The input starts with a "
                                                    "UTF-8 byte-order mark."),
    _c("T004", "mixed-line-endings", "warning", "decode",
       "The input mixes CR, LF and CRLF line endings."),
    _c("T005", "empty-input", "error", "decode", "The input is empty or holds only blank lines."),
    _c("T006", "not-a-tournament-file", "error", "decode",
       "The input does not look like a tournament report (no record of a tournament format)."),
    _c("T007", "input-too-large", "error", "decode", "The input is larger than "
                                                     "the allowed maximum.",
       "Raise the limit with --max-bytes."),
    _c("T008", "line-too-long", "error", "decode", "A line is longer than "
                                                   "any valid record can be."),
    _c("T009", "invalid-json-document", "error", "decode",
       "The JSON input is malformed or does not match the tournament schema."),
    _c("T013", "no-players", "error", "decode",
       "The input holds no players: a tournament header or an empty template, not a report.",
       "Enter the players (001 records) before checking or converting the file."),
    _c("T014", "unreadable-input", "error", "decode",
       "The input could not be read at all (no such file, a directory, permission denied)."),
    _c("T020", "link-not-followed", "warning", "decode",
       "A symbolic link in a walked directory leads outside it, into a loop or nowhere; "
       "it was not read.",
       "Name the file on the command line to check it anyway."),
    _c("T021", "special-file-skipped", "warning", "decode",
       "A FIFO, socket or device in a walked directory was not read."),
    _c("T022", "directory-too-deep", "warning", "decode",
       "A directory too many levels below the walked one was not walked."),
    _c("T023", "xinclude-ignored", "warning", "parse",
       "An XML input holds XInclude elements; they were not processed."),
    _c("T024", "tiebreak-parameter-out-of-range", "error", "tiebreak",
       "A tie-break in the file's 202/212 list has a modifier outside its range "
       "(a rating beyond 0-4000, a cut beyond 999 results); that tie-break is not computed."),
    _c("T025", "cut-removes-every-result", "info", "tiebreak",
       "A cut or median removes as many results as there are rounds: the tie-break cannot "
       "separate anyone."),
    _c("T040", "unused-suppression", "warning", "validate",
       "A '### trfkit: ignore' comment names a code this file does not raise (fixed, or "
       "mistyped), or one that cannot be suppressed.",
       "Delete the code from the comment, or the comment."),
    _c("T041", "malformed-suppression", "warning", "validate",
       "A '### trfkit:' comment is not 'ignore CODES REASON', or gives no reason.",
       "Write '### trfkit: ignore T505 why this exception was accepted'."),
    # T1xx: record syntax
    _c("T101", "unknown-record-code", "error", "parse",
       "A line starts with a record code TRF does not define."),
    _c("T102", "record-too-short", "error", "parse",
       "A record is too short or a mandatory field is missing."),
    _c("T103", "field-not-numeric", "error", "parse", "A numeric field holds something else."),
    _c("T104", "invalid-result-code", "error", "parse",
       "A round block holds an unknown result code."),
    _c("T105", "invalid-color", "error", "parse", "A round block holds an unknown colour."),
    _c("T106", "invalid-date", "error", "parse", "A date cannot be read or does not exist."),
    _c("T107", "misaligned-round-block", "error", "parse",
       "Round data is off the 10-column grid (wrong encoding or shifted columns).",
       "If the file has accented names, try --encoding utf-8 or cp1252."),
    _c("T108", "non-blank-separator", "warning", "parse",
       "A column that must be blank holds a character."),
    _c("T109", "duplicate-singleton-record", "error", "parse",
       "A record that may occur once occurs again."),
    _c("T110", "legacy-result-form", "info", "parse",
       "A non-standard way to write an unplayed round was read and normalised."),
    _c("T111", "normalised-field", "info", "parse",
       "A field written in a vendor style was normalised."),
    _c("T112", "extra-round-blocks", "warning", "parse",
       "Empty round blocks after the last round were dropped."),
    _c("T113", "rank-missing", "warning", "validate",
       "A finished event's player record has a blank rank (columns 86-89)."),
    # T2xx: header consistency
    _c("T201", "missing-tournament-name", "warning", "validate", "The tournament "
                                                                 "has no name (012)."),
    _c("T202", "player-count-mismatch", "error", "validate",
       "062 differs from the number of 001 records."),
    _c("T203", "rated-count-mismatch", "info", "validate",
       "072 differs from the number of rated players."),
    _c("T204", "dates-out-of-order", "error", "validate",
       "Start, end or round dates are out of order."),
    _c("T205", "round-count-mismatch", "error", "validate",
       "The number of rounds differs between XXR/142, 132 and the round blocks."),
    _c("T206", "unknown-tournament-type", "info", "validate",
       "192 holds a code outside the known list."),
    # T3xx: pairings and teams
    _c("T301", "unknown-opponent", "error", "validate",
       "An opponent's start number is not in the field."),
    _c("T302", "asymmetric-pairing", "error", "validate",
       "A lists B as opponent but B does not list A."),
    _c("T303", "color-conflict", "error", "validate", "Both players of a game "
                                                      "have the same colour."),
    _c("T304", "result-conflict", "error", "validate",
       "The two sides of a game show results that do not match."),
    _c("T305", "duplicate-start-rank", "error", "validate", "Two 001 records "
                                                            "share a start number."),
    _c("T306", "duplicate-fide-id", "error", "validate", "Two players share a FIDE id."),
    _c("T307", "self-pairing", "error", "validate", "A player is paired with themself."),
    _c("T308", "repeated-pairing", "warning", "validate", "Two players meet more than once."),
    _c("T309", "bye-with-opponent", "error", "validate",
       "A bye or absence code carries an opponent."),
    _c("T310", "unknown-team-member", "error", "validate",
       "A team lists a start number that has no 001 record."),
    _c("T311", "player-in-two-teams", "error", "validate", "A player is a member of two teams."),
    _c("T312", "several-pairing-byes-in-round", "error", "validate",
       "More than one pairing-allocated bye (U) in one round."),
    _c("T313", "pairing-bye-twice", "error", "validate",
       "A player got the pairing-allocated bye twice."),
    _c("T314", "missing-color", "warning", "validate", "A game with an opponent has no colour."),
    _c("T315", "missing-opponent", "error", "validate",
       "A result of a game over the board has no opponent (0000 or blank)."),
    _c("T316", "start-number-gap", "error", "validate",
       "Start numbers do not run from 1 to the number of players without gaps."),
    # T317-T329: team events (trfkit.validation.rules.teams)
    _c("T317", "match-with-three-teams", "error", "validate",
       "The boards of one team in one round are paired with players of more than one other team."),
    _c("T318", "more-boards-than-team-size", "error", "validate",
       "A team fields more boards in a match than the team size (352, or the largest match)."),
    _c("T319", "declared-team-score-differs", "warning", "validate",
       "Match points, game points or rank declared in 310 differ from the rebuilt matches."),
    _c("T320", "board-order-broken", "warning", "validate",
       "Players of a team do not play in the order of "
       "the team list (013/310) or of the 300 line-up."),
    _c("T321", "team-bye-not-encoded", "warning", "validate",
       "A team has no game in a round in which every other team is paired: an unencoded team bye.",
       "Swiss-Manager TRF16 exports do not write the team "
       "PAB; the file scores the round as an absence."),
    _c("T322", "board-pairing-within-team", "error", "validate",
       "Two players of the same team are paired."),
    _c("T323", "board-pairing-between-teams-not-met", "error", "validate",
       "A board pairs players of two teams that did not meet in that round's match."),
    _c("T324", "player-without-team", "warning", "validate",
       "Team records cover only part of the players; a player belongs to no team."),
    _c("T325", "lineup-mismatch", "warning", "validate",
       "A 300 line-up disagrees with the board results "
       "(player not in the team, or opponent team differs)."),
    # T4xx: scores and standings
    _c("T401", "points-mismatch", "error", "validate",
       "Declared points differ from the results under the file's scoring system."),
    _c("T402", "rank-contradicts-points", "error", "validate",
       "A better rank is declared for fewer points."),
    _c("T403", "scoring-system-assumed", "info", "validate",
       "No scoring system is declared; 1/½/0 was assumed."),
    _c("T404", "duplicate-rank", "warning", "validate", "Two players declare the same rank."),
    # T5xx: tie-breaks
    _c("T501", "unsupported-tiebreak", "error", "tiebreak",
       "A tie-break code is unknown or not supported."),
    _c("T502", "unplayed-game-assumption", "info", "tiebreak",
       "An unplayed round was scored by rule."),
    _c("T503", "declared-tiebreak-differs", "warning", "tiebreak",
       "A declared value differs from the computed one."),
    _c("T504", "incomplete-rounds", "warning", "tiebreak", "Some rounds have unfinished games."),
    _c("T505", "rank-differs", "error", "tiebreak",
       "The file's rank differs from the standings under the file's own tie-break list."),
    _c("T506", "rank-differs-other-list", "info", "tiebreak",
       "Declared ranks differ from standings made with a tie-break list the file does not "
       "declare."),
    _c("T510", "duplicate-record-left-out", "warning", "tiebreak",
       "A 001 record repeats a start number; the standings use the first record only."),
    _c("T515", "abnormal-points-unapplied", "warning", "tiebreak",
       "A 299 record names a player or a result the file does not have; it was not applied."),
    _c("T516", "standings-before-last-round", "info", "tiebreak",
       "The last rounds have no result yet; the standings are those after the last round "
       "with one."),
    _c("T517", "no-results-yet", "warning", "tiebreak",
       "No round has a result yet: the standings separate no one."),
    # T6xx: dialects and conversion
    _c("T601", "vendor-record-preserved", "info", "parse",
       "A vendor or layout line was kept verbatim."),
    _c("T602", "vendor-field-ignored", "info", "parse", "A vendor-specific field was ignored."),
    _c("T603", "lossy-conversion", "warning", "write",
       "The output format cannot hold some of the input."),
    _c("T604", "output-too-large", "error", "write",
       "The output would be larger than trfkit reads back; it was not written."),
    # T62x: Swiss-Manager native files and chess-results exports (trfkit.formats.swissmanager.reader, cr*)
    _c("T620", "unknown-section", "warning", "parse",
       "A Swiss-Manager file section with an unknown tag was skipped."),
    _c("T621", "malformed-binary", "error", "parse",
       "A Swiss-Manager file is truncated or a section does not decode with the known layout."),
    _c("T622", "unknown-result-code", "warning", "parse",
       "A Swiss-Manager pairing carries a result code "
       "trfkit does not know; the game was left out."),
    _c("T623", "game-without-result", "info", "parse",
       "A paired game has no result yet; it is kept as a pairing with a blank result."),
    _c("T624", "private-data-withheld", "info", "parse",
       "Header strings that can hold e-mail addresses or local paths were not copied.",
       "Use --show-private to display them."),
    _c("T625", "tiebreak-parameters-unknown", "info", "parse",
       "Swiss-Manager tie-break numbers were mapped without their parameters (cuts, limits)."),
    _c("T626", "unmapped-tiebreak", "info", "parse",
       "A Swiss-Manager tie-break number has no FIDE counterpart; its values are only carried."),
    _c("T627", "unsafe-xml", "error", "decode",
       "The XML declares a DOCTYPE or entities; it was refused (entity expansion is unsafe)."),
    _c("T628", "optional-extra-missing", "error", "decode",
       "Reading this format needs an optional extra that is not installed.",
       "Install it with: pip install 'trfkit[xlsx]'"),
    _c("T629", "header-row-not-found", "error", "parse",
       "No table header row with a name column and a number or rank column was found."),
    _c("T630", "derived-opponent-number", "warning", "parse",
       "A crosstable cell names an opponent that no row holds; the entry was dropped."),
    _c("T631", "tiebreak-repeated", "warning", "parse",
       "A Swiss-Manager or chess-results tie-break list names the same tie-break twice "
       "(variants whose parameters trfkit cannot read); both positions are kept.",
       "Check the variants in Swiss-Manager and pass them with --tb if they differ."),
    _c("T632", "ranks-computed", "info", "write",
       "The input declares no ranks; the TRF rank column holds the standings computed "
       "with the file's own tie-break list."),
    _c("T633", "ranks-not-computed", "warning", "write",
       "The input declares no ranks and its tie-break list cannot be computed; the TRF "
       "rank column was left blank."),
    _c("T634", "legend-settings-inferred", "info", "parse",
       "A chess-results legend does not show a tie-break's settings (cuts); the variant "
       "whose values the page prints was taken."),
    _c("T635", "legend-settings-unknown", "warning", "parse",
       "A chess-results legend does not show a tie-break's settings and no variant "
       "reproduces the page's values; it was read without a cut."),
    _c("T636", "ratings-missing", "warning", "parse",
       "The first tie-break needs ratings that the chess-results page does not show; "
       "standings computed from the page cannot follow its order.",
       "Save the page with its rating column (or the starting list with ratings)."),
    # T70x-T71x: the rating officer's profile (--profile fide-rating; off by default,
    # trfkit.validation.rules.rating_header and rating_players)
    _c("T701", "rating-record-missing", "error", "validate",
       "A header record FIDE's rating needs (012 022 032 042 052 092 102 122) is missing "
       "or empty.", "Fill it in the pairing program before exporting the report."),
    _c("T702", "rating-date-incomplete", "error", "validate",
       "The start (042) or end (052) date is not a complete day, or not YYYY/MM/DD in a "
       "TRF-2026 file."),
    _c("T703", "platform-in-header", "error", "validate",
       "A URL or a platform name (lichess, chess.com, chess-results, ...) stands where the "
       "city (022), the federation (032) or the chief arbiter (102) belongs.",
       "Write the city, the FIDE federation code and the arbiter's name with FIDE id."),
    _c("T704", "unknown-event-federation", "error", "validate",
       "032 is not the code of a FIDE member federation.",
       "Use the organising federation's 3-letter FIDE code (FID for FIDE's own events)."),
    _c("T705", "unknown-player-federation", "warning", "validate",
       "A player's federation (columns 54-56) is not the code of a FIDE member federation.",
       "Write the player's FIDE federation, not a club or region code."),
    _c("T706", "unknown-title", "warning", "validate",
       "A player's title (columns 11-13) is not a title TRF allows "
       "(GM IM WGM FM WIM CM WFM WCM)."),
    _c("T707", "chief-arbiter-without-fide-id", "warning", "validate",
       "The chief arbiter (102) is named without a FIDE id.",
       "Add the arbiter's FIDE id to 102, e.g. '102 IA Jane Doe (12345678)'."),
    _c("T708", "new-player-data-missing", "error", "validate",
       "A player without a FIDE id has no birth date or no sex; FIDE registers new "
       "players only with both."),
    _c("T709", "one-rating-across-periods", "warning", "validate",
       "The event lasts more than 30 days across rating periods, but the report carries "
       "one rating per player.",
       "Report each rating period's games with that period's ratings."),
    _c("T710", "time-control-unreadable", "warning", "validate",
       "122 names no time (no number of minutes or seconds): the rating category "
       "(standard, rapid, blitz) cannot be told."),
    # T750-T758: the rating-list cross-check of check --rating-list (trfkit.validation.rating_list)
    _c("T750", "fide-id-not-in-rating-list", "error", "validate",
       "A player's FIDE id is not in the rating list given with --rating-list.",
       "Check the id on ratings.fide.com; a player registered after the list was published "
       "is in the next month's list."),
    _c("T751", "name-differs-from-rating-list", "warning", "validate",
       "A player's name differs from the rating list's (case, accents, punctuation and the "
       "order of the parts aside)."),
    _c("T752", "federation-differs-from-rating-list", "error", "validate",
       "A player's federation (cols 54-56) differs from the rating list's."),
    _c("T753", "sex-differs-from-rating-list", "error", "validate",
       "A player's sex (col 10) differs from the rating list's."),
    _c("T754", "birth-year-differs-from-rating-list", "error", "validate",
       "A player's birth year (cols 70-73) differs from the rating list's."),
    _c("T755", "rating-differs-from-rating-list", "error", "validate",
       "A player's rating (cols 49-52) differs from the rating list's for the event's kind "
       "(standard, rapid or blitz) and period.",
       "FIDE rates an event with the list of the month it starts in (042)."),
    _c("T756", "rating-list-period-differs", "warning", "validate",
       "The rating list is of another period than the month the tournament starts in (042); "
       "ratings were not compared.",
       "Pass the list of the start month (FIDE's archive: standard_<mon><yy>frl.zip)."),
    _c("T757", "rating-list-kind-missing", "warning", "validate",
       "The rating list holds no ratings of the tournament's kind (a standard list for a "
       "rapid event); ratings were not compared.",
       "Pass the combined list or the list of that kind, or name the kind with --rating-kind."),
    _c("T758", "rating-list-period-unknown", "info", "validate",
       "Neither the rating list nor its file name says its period; its ratings were compared "
       "as those of the start month.",
       "Name it with --rating-period YYYY-MM."),
    # T9xx: internal
    _c("T901", "parser-recovered", "warning", "internal",
       "The reader recovered from a malformed record."),
    _c("T999", "internal-error", "error", "internal",
       "trfkit failed internally; please report a bug.",
       "Please report this at the trfkit issue tracker with the input file if you can share it."),
)
# fmt: on

CODES: Final[dict[str, CodeInfo]] = {c.code: c for c in _ALL}

#: Reader codes after which there is no model worth checking (binary, empty, not a
#: tournament file, too big, no players, unreadable): the rules are not run. Like
#: trfkit's own failure (T999) they are reported whatever ``--select``/``--ignore``
#: say, as ruff reports a syntax error: a selection must not make "nothing was
#: checked" look like "nothing was found".
FATAL_CODES: Final = frozenset({"T001", "T005", "T006", "T007", "T013", "T014"})
ALWAYS_REPORTED: Final = FATAL_CODES | {"T999"}


def register(info: CodeInfo) -> CodeInfo:
    """Add a code from another module (team rules, Swiss-Manager readers).

    Raises if the code exists with another name: codes never change meaning.
    """
    existing = CODES.get(info.code)
    if existing is not None and existing.name != info.name:
        raise ValueError(f"code {info.code} is already {existing.name}")
    CODES[info.code] = info
    return info
