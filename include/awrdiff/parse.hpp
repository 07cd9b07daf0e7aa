// awrdiff — reading reports.
//
// Two tokenizers (HTML, text) turn a report into RawTables identified by the catalog; one builder
// turns RawTables into a Snapshot. Only the tokenizing differs between formats: section and column
// knowledge lives in the catalog, and the meaning of each section in the builder.
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/snapshot_json.hpp>  // TextSink, write_snapshot_array

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// One row of a RawTable. `cells` are aligned with RawTable::headers. Text reports keep the whole
/// line in `raw` and, for SQL lists, the lines that follow the figures (Module:, SQL text) in
/// `continuation`.
struct RawRow {
  std::vector<std::string> cells;
  std::string raw;
  std::vector<std::string> continuation;
  int line = 0;
};

/// One table of a report, as printed, with the section the catalog found for it.
struct RawTable {
  SectionId section = SectionId::unknown;
  std::string title;  ///< heading or title line ("Load Profile"); may be empty
  std::string summary;  ///< HTML summary= attribute; empty for text
  std::vector<std::string> headers;  ///< column headers as printed (multi-line headers joined)
  std::vector<ColumnId> columns;  ///< catalog column for each header
  std::vector<RawRow> rows;
  int line = 0;  ///< line of the title (text) or table (HTML), 1-based
  bool folded = false;  ///< cells already have white space folded (HTML)

  /// Index of the column with this id, or -1.
  int column_index(ColumnId id) const;
};

/// A whole report, tokenized.
struct RawReport {
  ReportFormat format = ReportFormat::html;
  ReportKind kind = ReportKind::awr_instance;
  std::vector<RawTable> tables;
  std::vector<Diagnostic> diagnostics;
  std::string not_read;  ///< why the input was not read at all (a bound on hostile input); empty if read
};

/// What a file holds, judged from its first bytes and its title line.
enum class InputKind {
  awr_instance_html,
  awr_instance_text,
  awr_global_html,
  awr_global_text,
  statspack_text,
  ash_report,
  addm_report,
  oracle_error,
  not_a_report,
  awr_compare_report,  ///< AWR Compare Periods report (awrddrpt.sql / awrgdrpt.sql): two periods side by side
  metric_dump,  ///< AWR-Miner capture, DMA collector output or another DBA_HIST_SYSMETRIC_SUMMARY dump
};

/// Classifies decoded report text. Cheap: looks only for the markers awrrpt/awrgrpt/spreport print.
InputKind detect_input(std::string_view content);

/// Splits an HTML report into tables. pugixml reads well-formed files. A file it rejects is read
/// again table by table (after quoting its attributes as XML when they are its fault): each
/// top-level table, and the text between two, by pugixml, and a region pugixml rejects by libxml2's
/// forgiving HTML parser into the same tree, so extraction is written once. Each region read by
/// libxml2 adds an info diagnostic with its lines. Throws nothing but std::bad_alloc; an input
/// without a table tag gives no tables.
RawReport tokenize_html(std::string_view content);

/// Splits a text report into tables, using the dashed rule under each header for column positions.
RawReport tokenize_text(std::string_view content);

/// Tokenizes with the tokenizer for `kind` (HTML kinds: tokenize_html; the others: tokenize_text) and
/// sets RawReport::kind (statspack, awr_global or awr_instance) from it.
RawReport tokenize(std::string_view content, InputKind kind);

/// Builds a Snapshot from tokenized tables. Values that cannot be parsed become diagnostics and
/// absent values. Never throws for content; `source` names the file in diagnostics.
Snapshot build_snapshot(const RawReport& raw, std::string source);

/// Decodes raw file bytes to UTF-8 text with '\n' line ends: gunzips `.gz` content, removes a BOM,
/// converts UTF-16 and Windows-1252/ISO-8859-1 text. Throws Error(source, ...) for binary content.
std::string decode_input(std::string bytes, const std::string& source);

/// Reads and decodes one file (see decode_input). Throws Error(file, reason) when it is missing,
/// unreadable, a directory or device, larger than 512 MiB (before or after gunzip), empty or binary.
std::string read_input(const std::filesystem::path& file);

/// The reports a decoded text holds, each as its own text, in file order: one element for a file of
/// one report, several for reports concatenated into one file (HTML or text, as found in the wild).
/// A report starts at its title ("WORKLOAD REPOSITORY report for", "STATSPACK report for", ...),
/// an HTML one at the <html> / <!DOCTYPE> before its title; what precedes the first title (SQL*Plus
/// prompts) stays with the first report. Never throws; cheap (one scan for the titles).
std::vector<std::string_view> split_reports(std::string_view content);

/// A text whose every line carries a line-number prefix ("123:" from grep -n, "  123<TAB>" from cat -n
/// or an editor's copy), numbered consecutively from any start, without the prefixes; empty when the
/// text is not numbered like that (at least 3 lines; 98% of them numbered in sequence).
std::optional<std::string> without_line_numbers(std::string_view content);

/// The Diagnostic::section of what the report itself gets wrong, said on every run (the pair's warnings, check -q):
/// reconcile()'s warning where one of two figures that disagree was used, the reason of a report found inconsistent,
/// and the tokenizers' rows past a bound not read (a table of more than 20,000 rows, a SQL record of more than 2,000
/// lines: the message names the section).
inline constexpr std::string_view k_ledger_section = "ledger";

/// Cross-checks a report's redundant figures, once, as it is read (parse_report calls it; docs/robustness.md, "A
/// report is a ledger", gives each check and its tolerance):
///  - DB time: the header's DB Time (min), the Time Model's DB time (s) and the Load Profile's DB Time(s) per second
///    times Elapsed. Header and Time Model apart by more than rounding and 1%: the one the Load Profile sides with is
///    used (both fields set to it, a warning); when it sides with neither, or is absent, the report is not valid;
///  - Elapsed against the begin and end snap times (5% or 5 min): the snap times are used when the DB time fits them
///    (a warning), else check_period() in the comparison says neither fits;
///  - the instance's Startup Time after the end snapshot: left unknown (a warning), never read as a restart;
///  - a section printed twice (the builder): with the same figures, once; with other figures, not valid.
/// A report found inconsistent gets Snapshot::valid false and invalid_reason "inconsistent report: ..." naming both
/// figures; every warning is a Diagnostic of section k_ledger_section. Never throws.
void reconcile(Snapshot& snapshot);

/// Parses decoded report text: an AWR instance report (awrrpt/awrrpti, also CDB and PDB reports), an
/// AWR RAC global report (awrgrpt, Snapshot::kind awr_global) or a Statspack report (spreport,
/// Snapshot::kind statspack). A report that declares its own figures invalid is returned with
/// Snapshot::valid false. Throws Error(source, reason) for anything else (names what it is: ASH,
/// ADDM, an AWR Compare Periods report, an AWR-Miner dump, a report fragment without its header, an
/// ORA- error, ...) and for a report with no section awrdiff reads. Reads a text saved with
/// line-number prefixes after stripping them (an info diagnostic says so). Throws for a file holding
/// several reports (split_reports), naming how many and which periods: one report stands for one
/// period (see parse_reports).
Snapshot parse_report(std::string_view content, const std::string& source);

/// Parses every report a decoded text holds (split_reports), in file order. For one report, the same
/// as parse_report. For several, each Snapshot's `source` is "FILE [report K of N]"; throws
/// Error(source, "report K of N: reason") at the first that cannot be read.
std::vector<Snapshot> parse_reports(std::string_view content, const std::string& source);

/// Reads, decodes and parses one file. Throws Error(file, reason) when it is missing, unreadable,
/// a directory, empty, binary, or not a report awrdiff can read.
Snapshot load_report(const std::filesystem::path& file);

/// Reads, decodes and parses every report of one file (parse_reports): a file holding several
/// concatenated reports gives one Snapshot each. Throws as load_report.
std::vector<Snapshot> load_each_report(const std::filesystem::path& file);

/// The outcome of loading one of several files: exactly one of `snapshot` and `error` is set.
struct LoadResult {
  std::filesystem::path file;
  std::optional<Snapshot> snapshot;  ///< the parsed report (see load_report)
  std::optional<Error> error;  ///< why it could not be read: one line naming the file
};

/// Loads several files with load_report, in parallel on at most `threads` worker threads
/// (0: std::thread::hardware_concurrency(); never more threads than files). Results come in the
/// order of `files`. A bad file does not stop the others: its error is in its LoadResult. Never
/// throws for file content; std::bad_alloc in one file becomes that file's error.
std::vector<LoadResult> load_reports(const std::vector<std::filesystem::path>& files, unsigned threads = 0);

/// As load_reports, but a file holding several reports gives one LoadResult per report (each with
/// the file's path; Snapshot::source says which report), in file order: `awrdiff snapshot` of a file
/// of concatenated reports prints each.
std::vector<LoadResult> load_reports_each(const std::vector<std::filesystem::path>& files, unsigned threads = 0);

/// The results of load_reports as a JSON array in their order, formatted as snapshot_json_text:
/// {"file", "snapshot"} for a report that was read (`snapshot` as above), {"error", "file"} for one
/// that was not (`error`: the one-line message, as Error::what()). `file` is the path as given.
std::string snapshots_json_text(const std::vector<LoadResult>& results, bool with_diagnostics = false);
/// snapshots_json_text's text handed to `sink` in pieces (see write_snapshot_json).
void write_snapshots_json(const std::vector<LoadResult>& results, bool with_diagnostics, const TextSink& sink);

}  // namespace awrdiff
