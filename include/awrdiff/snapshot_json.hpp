// awrdiff — a Snapshot as JSON text (`awrdiff snapshot FILE --format json`): the model's names, units
// in key suffixes, null for absent values. Written by a streaming writer (RapidJSON): no document tree.
// Read back by snapshot_from_json, so a saved snapshot stands in for its report (docs/snapshot-json.md).
#pragma once

#include <awrdiff/model.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// The major version of the snapshot JSON, written under the key "awrdiff_snapshot". It changes only
/// when a key is removed or renamed or changes its meaning or unit; keys are added without changing
/// it (readers ignore keys they do not know).
inline constexpr int snapshot_json_version = 1;

/// One snapshot as a JSON object: pretty-printed with 2-space indentation.
///
/// Shape: `awrdiff_snapshot` (snapshot_json_version: marks the text as a snapshot and says which
/// version of this shape it has), `source` (file name as given), `kind` ("awr_instance",
/// "awr_global", "statspack"), `format` ("html", "text"), `valid`, `invalid_reason`, `timings_valid`,
/// `truncated` (no "End of Report": later sections may be missing), `has_sql_sections` (the report
/// has a "SQL ordered by" list, even an empty one); objects `database`, `interval` (with the derived
/// `db_time_s`, `db_cpu_s`, `average_active_sessions`, `unaccounted_db_time_s`), `host_cpu`,
/// `cache_sizes`; arrays of objects, one per model row: `load_profile[]`, `efficiency[]`, `top_events[]` (report
/// order), `foreground_events[]`, `background_events[]`, `wait_classes[]`, `foreground_wait_classes[]`,
/// `time_model[]`, `sql[]` (elapsed descending) and `sql_elapsed_cutoff_s`, `activity[]`, `parameters[]`, `iostat_function[]`,
/// `iostat_filetype[]`, `tablespace_io[]`, `file_io[]` (each with `filename`), `segments[]`, `latches[]`,
/// `mutex_sleeps[]`, `enqueues[]`, `library_cache[]`, `dictionary_cache[]`, `undo[]`,
/// `wait_histograms[]` (`pct_waits`: an object, bucket label -> percent; a label given twice keeps its
/// last value), `addm_findings[]`, `global_cache[]`, `os_stats[]`, `instance_rows[]` (RAC global
/// reports), `other_sections[]` (tables not interpreted: section, title, known, `rows[]` = the cells as
/// printed, one array of strings per row, `columns[]` of {header, column, unit}); `diagnostics[]` ({level, line, message,
/// section}) only when `with_diagnostics`.
///
/// Units: as in the model, in the key's suffix: `_s` seconds, `_ms` milliseconds, `_bytes` bytes,
/// `_gb` GiB, `pct_` percent 0–100, plain counts otherwise.
/// Numbers: integers for the model's integer fields (dbid, con_dbid, instance numbers, snap ids,
/// plan_hash_value, `line`), doubles elsewhere, in shortest round-trip form.
/// Null: a value the report does not give (never 0), an optional text field that is empty (e.g.
/// database.name, sql.module, invalid_reason), and a NaN or infinite number.
/// Keys: in every object in byte-wise ascending order, so the output is stable and diffable.
/// Strings: UTF-8; an invalid byte sequence is replaced by U+FFFD (one per maximal invalid subpart).
/// The text ends with a newline.
std::string snapshot_json_text(const Snapshot& snapshot, bool with_diagnostics = false);

/// Where a text written piece by piece goes (standard output, a file, a string): called with consecutive
/// pieces of it, in order (each about 64 KiB; longer when one value is). It may throw (a failed write).
using TextSink = std::function<void(std::string_view)>;

/// snapshot_json_text's text, byte for byte, handed to `sink` in pieces instead of returned whole, so that
/// it is never held in memory at once (what `awrdiff snapshot` writes). Throws what `sink` throws.
void write_snapshot_json(const Snapshot& snapshot, bool with_diagnostics, const TextSink& sink);

/// Reads the text of snapshot_json_text back into a Snapshot: snapshot_json_text(snapshot_from_json(t))
/// == t byte for byte for any text t that snapshot_json_text wrote (with or without diagnostics), and
/// the Snapshot equals the one written in every field the text carries, with these exceptions:
/// - derived values are not read: `interval.average_active_sessions`, `db_cpu_s`,
///   `unaccounted_db_time_s`, `sql[].elapsed_per_exec_s`, `parameters[].changed` (the model computes
///   them again, to the same values); `interval.db_time_s` is Snapshot::db_time_s(), so it is read into
///   Interval::db_time_s only when the time model gives no DB time (then it is the header's figure);
/// - `other_sections[]` carries headers, columns, units and the cells as printed (a file written before
///   the cells were kept gives a row count instead: GenericTable::rows then holds that many empty rows;
///   at most 1,048,576 rows in all);
/// - `pct_waits` holds one bucket per label, in label order (the report's order and a label given
///   twice are not kept); text that was not valid UTF-8 comes back with U+FFFD; NaN and infinite
///   numbers come back absent;
/// - not in the text at all: WaitEvent::line, GenericTable::line, Snapshot::members (1), and the
///   diagnostics when written without them (empty).
/// `source` names the input in errors only; Snapshot::source is the text's `source` (or `source` when
/// the text has none).
///
/// Accepts the same major version (snapshot_json_version) and ignores keys it does not know; a key
/// missing leaves the model's default (absent, empty, no rows; `valid` true; `has_sql_sections` true
/// when there is SQL). Throws Error(source, "snapshot JSON: ...")
/// naming the JSON path for text that is not JSON, truncated JSON, a JSON value that is not a snapshot
/// (no `awrdiff_snapshot` key), another version, and a value of the wrong type or range, e.g.
/// "snapshot JSON: sql[3].elapsed_s is not a number". Never reads past `json`; fast (RapidJSON's
/// reader into a document, numbers by std::from_chars): about 2 ms for 1 MB.
Snapshot snapshot_from_json(std::string_view json, const std::string& source);
/// The same snapshot, or the same error, as snapshot_from_json(json, source), parsing `json` where it lies: its
/// strings are decoded in place and the text is left overwritten (no copy of them is made: a quarter less work for
/// the megabyte of a stored body). For a text that is read once (the history store's inflated bodies).
Snapshot snapshot_from_json_in_place(std::string& json, const std::string& source);

/// Whether `text` looks like a snapshot JSON (what snapshot_from_json reads): its first character
/// other than white space is '{', and it has the key "awrdiff_snapshot" or its first key is "activity"
/// (the writer's first: a snapshot cut short before its version key). Cheap (no parse); the text may
/// still be invalid. parse_report, and so load_report, read such a text as a saved snapshot.
bool looks_like_snapshot_json(std::string_view text);

/// A guess of snapshot_json_text's size in bytes for `snapshot` (about 300 bytes a row plus the SQL text), to
/// reserve room for it.
std::size_t snapshot_json_size_hint(const Snapshot& snapshot);

/// One element of a JSON array of snapshots (write_snapshot_array): a report that was read, or why one was not.
struct SnapshotArrayItem {
  std::string file;  ///< the path as given
  const Snapshot* snapshot = nullptr;  ///< the report read; nullptr when it was not
  std::optional<std::string> error;  ///< when `snapshot` is nullptr: why (one line, as Error::what())
};

/// `items` as a JSON array in their order, formatted as snapshot_json_text and handed to `sink` in pieces:
/// {"file", "snapshot"} for a report that was read, {"error", "file"} for one that was not. What
/// snapshots_json_text (awrdiff/parse.hpp) writes for load_reports' results.
void write_snapshot_array(const std::vector<SnapshotArrayItem>& items, bool with_diagnostics, const TextSink& sink);

struct PeriodDetail;  // period_detail.hpp

/// A period's detail (PeriodDetail, period_detail.hpp) as compact JSON: {"v":2,"sql":[[sql_id,text,elapsed_per_s,
/// pct_db_time|null,signature_key|null],...],"parts":[[name,aas],...],"events":[[name,aas],...]}, doubles as the
/// shortest text that reads back to them (docs/history.md, "The detail of a period"). Version 1 (read too) has no
/// signature key.
std::string period_detail_json(const PeriodDetail& detail);
/// The reverse: every double comes back with the same bits. Throws Error("", reason) for text that is not such JSON.
PeriodDetail period_detail_from_json(std::string_view json);

}  // namespace awrdiff
