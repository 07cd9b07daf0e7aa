// awrdiff — the binding of a typed section's columns to the model's fields: one constexpr table per row
// struct of the model (MutexSleep, EnqueueStat, ...), each entry a report column (ColumnId, and so its
// catalog unit), the field's key in the snapshot JSON, the member it fills and its role (the row's key,
// a detail, a measure). Each section whose rows are such a struct is declared once (BoundSection: its
// Snapshot list and JSON key, whether the builder reads it by the binding alone, how it is compared), and
// everything else follows: the snapshot builder reads it with one reader walking the table
// (Builder::bound), the snapshot JSON writer and reader write and read its list, walking the table for
// the row's keys (src/json/snapshot_json_fields.hpp), and the comparison (src/diff/section_table.cpp)
// makes its table from the declared measures, each naming the field it compares by its JSON key.
// A set of reports merges each field as its `merge` declares and each row struct's rows as k_set_rows does
// (merge_snapshots, src/merge/merge_sections.cpp).
//
// It sits between the catalog and the model: it includes both, and neither includes it (the catalog
// depends on nothing, model.hpp does not know the catalog). Sections whose reader has real quirks (merged
// rows, positional columns, names cut by a text report) keep a hand-written reader; see docs/design.md.
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/model.hpp>

#include <array>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace awrdiff {

/// What a bound field is to its row.
enum class FieldRole : unsigned char {
  /// Names the row (text): a row whose key cells are all empty is not a row (a blank or continuation
  /// line); the first key's column is the one a table must have, else it is kept as printed. The
  /// comparison matches rows by their keys, joined with " / ".
  key,
  detail,  ///< text beside the key (a file name, a retention as printed): read and kept, not matched by
  measure,  ///< a number, in its column's catalog unit (times `scale`)
};

/// How a text field is written in the snapshot JSON (snapshot_json_fields.hpp): always, as null when
/// empty, or left out when empty.
enum class JsonText : unsigned char { text, text_or_null, text_if_any };

/// How a set of reports (merge_snapshots, src/merge) merges one field of a row every report of the set lists:
/// the reports' figures for that row into the set's.
enum class MergeRule : unsigned char {
  automatic,  ///< a key or a detail: the first report's text; a measure: `sum`
  sum,  ///< a total over the period: summed (unknown when a report lacks it)
  rate,  ///< a rate per second: each report's times its elapsed, over the summed elapsed
  weighted,  ///< an average or a percentage of the count `by`: each report's times its `by`, over the summed `by`
  max,  ///< the highest of the reports' (a longest query, a peak concurrency)
  last,  ///< the latest report's (a level at the end of the period)
  same_text,  ///< text: as printed when every report prints the same, else empty
  ratio,  ///< recomputed from the merged fields, `of` / `by` x `factor` when `by` > 0 (a wait time over its waits)
};

/// A field's merge rule and the fields it reads, named by their JSON keys.
struct FieldMerge {
  MergeRule rule = MergeRule::automatic;
  std::string_view of = {};  ///< ratio: the numerator's field
  std::string_view by = {};  ///< weighted, ratio: the count's field
  double factor = 1;  ///< ratio: the unit's factor (s per wait x 1000: ms)
  bool or_weighted = false;  ///< ratio: when the merged fields cannot give it, `weighted` by `by`
};
/// A rate per second, over the set's summed elapsed.
constexpr FieldMerge merge_rate() { return {MergeRule::rate}; }
/// An average or percentage of the count in field `by`.
constexpr FieldMerge merge_weighted(std::string_view by) { return {MergeRule::weighted, {}, by}; }
/// The highest of the reports'.
constexpr FieldMerge merge_max() { return {MergeRule::max}; }
/// The latest report's.
constexpr FieldMerge merge_last() { return {MergeRule::last}; }
/// The text every report prints, else empty.
constexpr FieldMerge merge_same_text() { return {MergeRule::same_text}; }
/// Field `of` over field `by` (both merged) times `factor`; `or_weighted`: else weighted by `by`.
constexpr FieldMerge merge_ratio(std::string_view of, std::string_view by, double factor = 1, bool or_weighted = false) {
  return {MergeRule::ratio, of, by, factor, or_weighted};
}

/// One column of a section bound to one field of its row struct `Row`: exactly one of `number` and
/// `text` is set (a measure is a number, a key or detail text).
template <class Row>
struct FieldBinding {
  ColumnId column;  ///< the report column (catalog key and unit: column_spec(column))
  std::string_view json_key;  ///< the field's key in the snapshot JSON (snake case, unit suffix)
  FieldRole role;
  OptDouble Row::*number = nullptr;  ///< the member a measure fills
  std::string Row::*text = nullptr;  ///< the member a key or detail fills, the cell as printed (spaces folded)
  JsonText json_text = JsonText::text;  ///< how a text field is written
  /// For a header printed twice in one table: the first `column` at or after this column (Library Cache
  /// Activity's "Pct Miss" of the gets and of the pins); the field is absent when the table lacks it.
  /// ColumnId::unknown: the table's first `column`.
  ColumnId after = ColumnId::unknown;
  double scale = 1;  ///< the value as printed times this (Undo's Num Undo Blocks, printed in thousands)
  /// How a set of reports merges the field (merge_snapshots): set with merged() on a row of the tables below.
  FieldMerge merge = {};

  /// This field, merged as `how` for a set of reports.
  constexpr FieldBinding merged(FieldMerge how) const {
    FieldBinding b = *this;
    b.merge = how;
    return b;
  }
};

/// A key field: the cell of `column` as printed, into `member`.
template <class Row>
constexpr FieldBinding<Row> key_field(ColumnId column, std::string_view json_key, std::string Row::*member,
                                      JsonText json = JsonText::text) {
  return {column, json_key, FieldRole::key, nullptr, member, json};
}
/// A detail field: text kept beside the key.
template <class Row>
constexpr FieldBinding<Row> detail_field(ColumnId column, std::string_view json_key, std::string Row::*member,
                                         JsonText json = JsonText::text) {
  return {column, json_key, FieldRole::detail, nullptr, member, json};
}
/// A measure: the cell of `column` read in its catalog unit, times `scale`, into `member`.
template <class Row>
constexpr FieldBinding<Row> measure_field(ColumnId column, std::string_view json_key, OptDouble Row::*member,
                                          ColumnId after = ColumnId::unknown, double scale = 1) {
  return {column, json_key, FieldRole::measure, member, nullptr, JsonText::text, after, scale};
}

/// The field table of a row struct, in the report's column order (the order the builder reads the
/// cells, so the order of its diagnostics). Specialised below for each bound row struct; every field of
/// such a struct is in its table (the snapshot JSON writes exactly these).
template <class Row>
struct RowBinding;

template <>
struct RowBinding<MutexSleep> {  // Mutex Sleep Summary
  static constexpr std::array fields = {
      key_field(ColumnId::mutex_type, "mutex_type", &MutexSleep::mutex_type),
      key_field(ColumnId::location, "location", &MutexSleep::location),
      measure_field(ColumnId::sleeps, "sleeps", &MutexSleep::sleeps),
      measure_field(ColumnId::wait_time_ms, "wait_time_ms", &MutexSleep::wait_time_ms),
  };
};

template <>
struct RowBinding<EnqueueStat> {  // Enqueue Activity
  static constexpr std::array fields = {
      key_field(ColumnId::enqueue_type, "name", &EnqueueStat::name),
      measure_field(ColumnId::requests, "requests", &EnqueueStat::requests),
      measure_field(ColumnId::successful_gets, "succ_gets", &EnqueueStat::succ_gets),
      measure_field(ColumnId::failed_gets, "failed_gets", &EnqueueStat::failed_gets),
      measure_field(ColumnId::waits, "waits", &EnqueueStat::waits),
      measure_field(ColumnId::time_s, "wait_time_s", &EnqueueStat::wait_time_s),
      measure_field(ColumnId::avg_wait_ms, "avg_wait_ms", &EnqueueStat::avg_wait_ms)
          .merged(merge_ratio("wait_time_s", "waits", 1000)),
  };
};

template <>
struct RowBinding<LibraryCacheStat> {  // Library Cache Activity: "Pct Miss" once after the gets, once after the pins
  static constexpr std::array fields = {
      key_field(ColumnId::namespace_name, "namespace", &LibraryCacheStat::name),
      measure_field(ColumnId::get_requests, "get_requests", &LibraryCacheStat::get_requests),
      measure_field(ColumnId::pct_miss, "pct_get_miss", &LibraryCacheStat::pct_get_miss, ColumnId::get_requests)
          .merged(merge_weighted("get_requests")),
      measure_field(ColumnId::pin_requests, "pin_requests", &LibraryCacheStat::pin_requests),
      measure_field(ColumnId::pct_miss, "pct_pin_miss", &LibraryCacheStat::pct_pin_miss, ColumnId::pin_requests)
          .merged(merge_weighted("pin_requests")),
      measure_field(ColumnId::reloads, "reloads", &LibraryCacheStat::reloads),
      measure_field(ColumnId::invalidations, "invalidations", &LibraryCacheStat::invalidations),
  };
};

template <>
struct RowBinding<DictionaryCacheStat> {  // Dictionary Cache Stats (the first Pct Miss: of the gets)
  static constexpr std::array fields = {
      key_field(ColumnId::cache_name, "cache", &DictionaryCacheStat::name),
      measure_field(ColumnId::get_requests, "get_requests", &DictionaryCacheStat::get_requests),
      measure_field(ColumnId::pct_miss, "pct_miss", &DictionaryCacheStat::pct_miss).merged(merge_weighted("get_requests")),
      measure_field(ColumnId::scan_requests, "scan_requests", &DictionaryCacheStat::scan_requests),
      measure_field(ColumnId::mod_requests, "mod_requests", &DictionaryCacheStat::mod_requests),
      measure_field(ColumnId::final_usage, "final_usage", &DictionaryCacheStat::final_usage).merged(merge_last()),
  };
};

template <>
struct RowBinding<UndoSummary> {  // Undo Segment Summary
  static constexpr std::array fields = {
      key_field(ColumnId::undo_tablespace, "undo_tablespace", &UndoSummary::undo_tablespace),
      measure_field(ColumnId::undo_blocks_thousands, "undo_blocks", &UndoSummary::undo_blocks, ColumnId::unknown, 1000.0),
      measure_field(ColumnId::transactions, "transactions", &UndoSummary::transactions),
      measure_field(ColumnId::max_query_length_s, "max_query_length_s", &UndoSummary::max_query_length_s).merged(merge_max()),
      measure_field(ColumnId::max_tx_concurrency, "max_tx_concurrency", &UndoSummary::max_tx_concurrency).merged(merge_max()),
      detail_field(ColumnId::tuned_retention, "tuned_retention", &UndoSummary::tuned_retention, JsonText::text_or_null)
          .merged(merge_same_text()),
      detail_field(ColumnId::sto_oos, "sto_oos", &UndoSummary::sto_oos, JsonText::text_or_null).merged(merge_same_text()),
  };
};

template <>
struct RowBinding<TablespaceIo> {  // Tablespace IO Stats and File IO Stats (Filename: File IO Stats only)
  static constexpr std::array fields = {
      key_field(ColumnId::tablespace, "tablespace", &TablespaceIo::tablespace),
      detail_field(ColumnId::filename, "filename", &TablespaceIo::filename, JsonText::text_if_any),
      measure_field(ColumnId::reads, "reads", &TablespaceIo::reads),
      measure_field(ColumnId::reads_per_second, "reads_per_s", &TablespaceIo::reads_per_s).merged(merge_rate()),
      measure_field(ColumnId::avg_read_ms, "avg_read_ms", &TablespaceIo::avg_read_ms).merged(merge_weighted("reads")),
      measure_field(ColumnId::blocks_per_read, "blocks_per_read", &TablespaceIo::blocks_per_read).merged(merge_weighted("reads")),
      measure_field(ColumnId::writes, "writes", &TablespaceIo::writes),
      measure_field(ColumnId::writes_per_second, "writes_per_s", &TablespaceIo::writes_per_s).merged(merge_rate()),
      measure_field(ColumnId::buffer_waits, "buffer_waits", &TablespaceIo::buffer_waits),
      measure_field(ColumnId::avg_buffer_wait_ms, "avg_buffer_wait_ms", &TablespaceIo::avg_buffer_wait_ms)
          .merged(merge_weighted("buffer_waits")),
  };
};

template <>
struct RowBinding<LatchStat> {  // Latch Activity and Latch Sleep Breakdown, merged by latch (Builder::latches)
  static constexpr std::array fields = {
      key_field(ColumnId::latch_name, "name", &LatchStat::name),
      measure_field(ColumnId::get_requests, "get_requests", &LatchStat::get_requests),
      measure_field(ColumnId::pct_get_miss, "pct_get_miss", &LatchStat::pct_get_miss).merged(merge_weighted("get_requests")),
      measure_field(ColumnId::avg_sleeps_per_miss, "avg_sleeps_per_miss", &LatchStat::avg_sleeps_per_miss)
          .merged(merge_ratio("sleeps", "misses", 1, true)),
      measure_field(ColumnId::time_s, "wait_time_s", &LatchStat::wait_time_s),
      measure_field(ColumnId::nowait_requests, "nowait_requests", &LatchStat::nowait_requests),
      measure_field(ColumnId::pct_nowait_miss, "pct_nowait_miss", &LatchStat::pct_nowait_miss)
          .merged(merge_weighted("nowait_requests")),
      measure_field(ColumnId::misses, "misses", &LatchStat::misses),
      measure_field(ColumnId::sleeps, "sleeps", &LatchStat::sleeps),
      measure_field(ColumnId::spin_gets, "spin_gets", &LatchStat::spin_gets),
  };
};

template <>
struct RowBinding<OsStat> {  // Operating System Statistics
  static constexpr std::array fields = {
      key_field(ColumnId::statistic, "name", &OsStat::name),
      measure_field(ColumnId::value, "value", &OsStat::value),
      measure_field(ColumnId::end_value, "end_value", &OsStat::end_value),
  };
};

template <>
struct RowBinding<AddmFinding> {  // Top ADDM Findings by Average Active Sessions
  static constexpr std::array fields = {
      key_field(ColumnId::finding_name, "name", &AddmFinding::name),
      measure_field(ColumnId::task_avg_active_sessions, "task_avg_active_sessions", &AddmFinding::task_avg_active_sessions),
      measure_field(ColumnId::pct_active_sessions, "pct_active_sessions", &AddmFinding::pct_active_sessions),
      detail_field(ColumnId::task_name, "task_name", &AddmFinding::task_name, JsonText::text_or_null),
  };
};

/// How a set of reports merges a bound section's rows (merge_snapshots): `rows`: the rows every report lists,
/// matched by their keys (joined with " / ") and merged field by field (FieldBinding::merge), the others left
/// out and noted; `top_list`: a top-N list, ranked by its `rate` fields times each report's elapsed (an item
/// some report does not list is bounded by that list's last value); `own`: merged by code of its own
/// (Operating System Statistics: a statistic is a total or a level by its name); `none`: not merged (ADDM
/// findings: one report's analysis of its own period).
enum class SetRows : unsigned char { rows, top_list, own, none };
template <class Row>
inline constexpr SetRows k_set_rows = SetRows::rows;
template <>
inline constexpr SetRows k_set_rows<TablespaceIo> = SetRows::top_list;
template <>
inline constexpr SetRows k_set_rows<OsStat> = SetRows::own;
template <>
inline constexpr SetRows k_set_rows<AddmFinding> = SetRows::none;

// ---- each bound section, declared once -----------------------------------------------------------

/// How a bound section's measure is compared between two periods (src/diff/section_table.cpp).
enum class CompareAs : unsigned char {
  as_printed,  ///< the value as printed (a level, an average, a percentage)
  /// A total over the period, per second of elapsed; a time (seconds, ms) becomes seconds per second: AAS.
  per_second,
};

/// One measure of a bound section's comparison: the field it reads (its JSON key in the row's binding), how it
/// is compared, its column's key (under base_ and target_) and header, and whether its change ranks and assesses
/// a row. The column's unit and decimals follow from the field's catalog column and `how` (a count per second
/// "/s", a time per second "AAS", a percentage "%" with 2 decimals, seconds as printed with none...).
struct ComparedMeasure {
  std::string_view field = {};
  CompareAs how = CompareAs::as_printed;
  std::string_view key = {}, header = {};
  bool ranks = false;  ///< the measure whose change ranks and assesses a row (one per section)
};

/// How a bound section is compared: one table whose rows are named by the binding's key fields (joined with
/// " / "), matched by that name, ranked by the change of the measure that `ranks`.
struct ComparedSection {
  std::string_view title = {};  ///< the comparison table's title
  std::string_view name_header = {};  ///< the header of the rows' name
  std::string_view family = {};  ///< the registry family assessing a row (metrics.cpp: "<kind>.<measure>")
  bool top_n = false;  ///< the report lists its top rows only: a row missing there is not shown (unknown)
  std::size_t text_rows = 10;  ///< rows the text formats show (0: all)
  std::string_view note = {};  ///< under the table
  /// A row is material only when the measure at this position reaches gate_floor on both sides (-1: always).
  int gate = -1;
  double gate_floor = 0;
  /// Rows under quiet_floor of the measure at this position in both periods and unchanged are counted in a
  /// note, not listed (-1: every row is listed).
  int quiet = -1;
  double quiet_floor = 0;
};

/// A section whose rows are its field binding's row struct (RowBinding), declared once: the Snapshot list its
/// rows go to, that list's key in the snapshot JSON (and its comparison table's), whether the builder reads it
/// by the binding alone (Builder::bound<R>, for the catalog rows naming reader R; else R is a reader of its
/// own), and, when compared by its binding, `compared` and its `measures`. Specialised for each reader of
/// k_bound_sections; from these the builder's table of readers, the snapshot JSON's lists
/// (snapshot_json_fields.hpp) and the comparison's tables (src/diff/section_table.cpp) follow.
template <SectionReader R>
struct BoundSection;

template <>
struct BoundSection<SectionReader::latches> {  // Latch Activity and Latch Sleep Breakdown, merged by latch
  static constexpr auto list = &Snapshot::latches;
  static constexpr std::string_view key = "latches";
  static constexpr bool read_by_binding = false;  // Builder::latches: two tables merged, names a text report cuts
  static constexpr ComparedSection compared{.title = "Latch Activity",
                                            .name_header = "Latch",
                                            .family = "latch.wait_time_per_s",
                                            .note = "Wait (AAS): latch wait time per second of elapsed.",
                                            .quiet = 0,
                                            .quiet_floor = 1};
  static constexpr ComparedMeasure measures[] = {
      {.field = "get_requests", .how = CompareAs::per_second, .key = "gets_s", .header = "Gets/s"},
      {.field = "pct_get_miss", .key = "pct_get_miss", .header = "Get miss %"},
      {.field = "sleeps", .how = CompareAs::per_second, .key = "sleeps_s", .header = "Sleeps/s"},
      {.field = "wait_time_s", .how = CompareAs::per_second, .key = "wait_aas", .header = "Wait (AAS)", .ranks = true},
  };
};
template <>
struct BoundSection<SectionReader::mutex_sleeps> {  // Mutex Sleep Summary
  static constexpr auto list = &Snapshot::mutex_sleeps;
  static constexpr std::string_view key = "mutex_sleeps";
  static constexpr bool read_by_binding = true;
  static constexpr ComparedSection compared{
      .title = "Mutex Sleep Summary", .name_header = "Mutex / location", .family = "mutex.wait_time_per_s"};
  static constexpr ComparedMeasure measures[] = {
      {.field = "sleeps", .how = CompareAs::per_second, .key = "sleeps_s", .header = "Sleeps/s"},
      {.field = "wait_time_ms", .how = CompareAs::per_second, .key = "wait_aas", .header = "Wait (AAS)", .ranks = true},
  };
};
template <>
struct BoundSection<SectionReader::enqueues> {  // Enqueue Activity
  static constexpr auto list = &Snapshot::enqueues;
  static constexpr std::string_view key = "enqueues";
  static constexpr bool read_by_binding = true;
  static constexpr ComparedSection compared{
      .title = "Enqueue Activity", .name_header = "Enqueue type", .family = "enqueue.wait_time_per_s"};
  static constexpr ComparedMeasure measures[] = {
      {.field = "requests", .how = CompareAs::per_second, .key = "requests_s", .header = "Requests/s"},
      {.field = "waits", .how = CompareAs::per_second, .key = "waits_s", .header = "Waits/s"},
      {.field = "wait_time_s", .how = CompareAs::per_second, .key = "wait_aas", .header = "Wait (AAS)", .ranks = true},
      {.field = "avg_wait_ms", .key = "avg_wait_ms", .header = "Avg wait (ms)"},
  };
};
template <>
struct BoundSection<SectionReader::library_cache> {  // Library Cache Activity
  static constexpr auto list = &Snapshot::library_cache;
  static constexpr std::string_view key = "library_cache";
  static constexpr bool read_by_binding = true;
  static constexpr ComparedSection compared{.title = "Library Cache Activity",
                                            .name_header = "Namespace",
                                            .family = "library_cache.pct_get_miss",
                                            .gate = 0,
                                            .gate_floor = 1};
  static constexpr ComparedMeasure measures[] = {
      {.field = "get_requests", .how = CompareAs::per_second, .key = "gets_s", .header = "Gets/s"},
      {.field = "pct_get_miss", .key = "pct_get_miss", .header = "Get miss %", .ranks = true},
      {.field = "pin_requests", .how = CompareAs::per_second, .key = "pins_s", .header = "Pins/s"},
      {.field = "pct_pin_miss", .key = "pct_pin_miss", .header = "Pin miss %"},
      {.field = "reloads", .how = CompareAs::per_second, .key = "reloads_s", .header = "Reloads/s"},
      {.field = "invalidations", .how = CompareAs::per_second, .key = "invalidations_s", .header = "Invalid./s"},
  };
};
template <>
struct BoundSection<SectionReader::dictionary_cache> {  // Dictionary Cache Stats
  static constexpr auto list = &Snapshot::dictionary_cache;
  static constexpr std::string_view key = "dictionary_cache";
  static constexpr bool read_by_binding = true;
  static constexpr ComparedSection compared{.title = "Dictionary Cache Stats",
                                            .name_header = "Cache",
                                            .family = "dictionary_cache.pct_miss",
                                            .gate = 0,
                                            .gate_floor = 1};
  static constexpr ComparedMeasure measures[] = {
      {.field = "get_requests", .how = CompareAs::per_second, .key = "gets_s", .header = "Gets/s"},
      {.field = "pct_miss", .key = "pct_miss", .header = "Miss %", .ranks = true},
      {.field = "mod_requests", .how = CompareAs::per_second, .key = "mods_s", .header = "Mods/s"},
      {.field = "final_usage", .key = "final_usage", .header = "Final usage"},
  };
};
template <>
struct BoundSection<SectionReader::undo> {  // Undo Segment Summary
  static constexpr auto list = &Snapshot::undo;
  static constexpr std::string_view key = "undo";
  static constexpr bool read_by_binding = true;
  static constexpr ComparedSection compared{
      .title = "Undo Segment Summary", .name_header = "Undo TS", .family = "undo.blocks_per_s", .text_rows = 0};
  static constexpr ComparedMeasure measures[] = {
      {.field = "undo_blocks", .how = CompareAs::per_second, .key = "blocks_s", .header = "Undo blocks/s", .ranks = true},
      {.field = "transactions", .how = CompareAs::per_second, .key = "txns_s", .header = "Transactions/s"},
      {.field = "max_query_length_s", .key = "max_query_s", .header = "Max query (s)"},
      {.field = "max_tx_concurrency", .key = "max_concurrency", .header = "Max concurrency"},
  };
};
// Read by their binding, compared by a reader of their own in src/diff/section_table.cpp (a hidden sum of reads
// and writes, the file's tablespace as a column; times and paged bytes told from levels by the statistic's name),
// or not compared (ADDM findings).
template <>
struct BoundSection<SectionReader::tablespace_io> {  // Tablespace IO Stats
  static constexpr auto list = &Snapshot::tablespace_io;
  static constexpr std::string_view key = "tablespace_io";
  static constexpr bool read_by_binding = true;
};
template <>
struct BoundSection<SectionReader::file_io> {  // File IO Stats
  static constexpr auto list = &Snapshot::file_io;
  static constexpr std::string_view key = "file_io";
  static constexpr bool read_by_binding = true;
};
template <>
struct BoundSection<SectionReader::os_stats> {  // Operating System Statistics
  static constexpr auto list = &Snapshot::os_stats;
  static constexpr std::string_view key = "os_stats";
  static constexpr bool read_by_binding = true;
};
template <>
struct BoundSection<SectionReader::addm_findings> {  // Top ADDM Findings by Average Active Sessions
  static constexpr auto list = &Snapshot::addm_findings;
  static constexpr std::string_view key = "addm_findings";
  static constexpr bool read_by_binding = true;
};

/// Every bound section, in the order the comparison shows those it compares by their binding (after the
/// Segments by ... lists, before init.ora).
inline constexpr SectionReader k_bound_sections[] = {
    SectionReader::latches,          SectionReader::mutex_sleeps,  SectionReader::enqueues,      SectionReader::library_cache,
    SectionReader::dictionary_cache, SectionReader::undo,          SectionReader::tablespace_io, SectionReader::file_io,
    SectionReader::os_stats,         SectionReader::addm_findings,
};

/// Whether a bound section is compared by its binding (it declares `compared` and `measures`).
template <SectionReader R>
inline constexpr bool compared_by_binding = requires {
  BoundSection<R>::compared;
};

/// The row struct of a bound section.
template <SectionReader R>
using BoundRow = typename std::remove_reference_t<decltype(std::declval<Snapshot&>().*BoundSection<R>::list)>::value_type;

namespace detail {

/// The position of the measure whose JSON key is `json_key` in Row's table; the table's size when none.
template <class Row>
constexpr std::size_t measure_index(std::string_view json_key) {
  const auto& f = RowBinding<Row>::fields;
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].json_key == json_key && f[i].number != nullptr) return i;
  return f.size();
}

// A merge rule that fits its field: text kept or same text, numbers by a numeric rule whose fields are measures.
template <class Row>
constexpr bool well_formed_merge(const FieldBinding<Row>& b) {
  const auto rule = b.merge.rule;
  const std::size_t n = RowBinding<Row>::fields.size();
  if (b.text != nullptr) return rule == MergeRule::automatic || rule == MergeRule::same_text;
  if (rule == MergeRule::same_text) return false;
  if ((rule == MergeRule::weighted || rule == MergeRule::ratio) && measure_index<Row>(b.merge.by) == n) return false;
  if (rule == MergeRule::ratio && measure_index<Row>(b.merge.of) == n) return false;
  return true;
}

template <class Row>
constexpr bool well_formed_binding() {
  const auto& f = RowBinding<Row>::fields;
  if (f.empty() || f[0].role != FieldRole::key) return false;  // the first field is the key a table must have
  for (std::size_t i = 0; i < f.size(); ++i) {
    if ((f[i].number == nullptr) == (f[i].text == nullptr)) return false;  // one member, number or text
    if ((f[i].role == FieldRole::measure) != (f[i].number != nullptr)) return false;  // measures are numbers
    if (f[i].json_key.empty() || f[i].column == ColumnId::unknown) return false;
    if (!well_formed_merge<Row>(f[i])) return false;
    for (std::size_t k = 0; k < i; ++k) {
      if (f[k].json_key == f[i].json_key) return false;  // one JSON key per field
      if (f[i].number != nullptr && f[k].number == f[i].number) return false;  // one column per member
      if (f[i].text != nullptr && f[k].text == f[i].text) return false;
    }
  }
  return true;
}

// A compared bound section's measures name numeric fields of its binding, and exactly one ranks.
template <SectionReader R>
constexpr bool well_formed_comparison() {
  if constexpr (!compared_by_binding<R>) {
    return true;
  } else {
    using Row = BoundRow<R>;
    int ranking = 0;
    for (const auto& m : BoundSection<R>::measures) {
      bool numeric = false;
      for (const auto& f : RowBinding<Row>::fields) numeric = numeric || (f.json_key == m.field && f.number != nullptr);
      if (!numeric || m.key.empty() || m.header.empty()) return false;
      ranking += m.ranks ? 1 : 0;
    }
    return ranking == 1;
  }
}

template <std::size_t... I>
constexpr bool well_formed_sections(std::index_sequence<I...>) {
  constexpr auto& b = k_bound_sections;
  for (std::size_t i = 0; i < std::size(b); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (b[k] == b[i]) return false;  // one declaration per section
  return (well_formed_comparison<b[I]>() && ...);
}

}  // namespace detail

/// The positions of a row struct's fields in byte-wise order of their JSON keys: the order the snapshot
/// JSON writes them (every object's keys ascending).
template <class Row>
constexpr auto json_order() {
  constexpr auto& f = RowBinding<Row>::fields;
  std::array<std::size_t, f.size()> order{};
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = 1; i < order.size(); ++i)  // insertion sort: constexpr, a dozen fields at most
    for (std::size_t k = i; k > 0 && f[order[k]].json_key < f[order[k - 1]].json_key; --k) {
      const std::size_t x = order[k];
      order[k] = order[k - 1];
      order[k - 1] = x;
    }
  return order;
}

/// The position of the field whose JSON key is `json_key` in Row's table; the table's size when none.
template <class Row>
constexpr std::size_t field_index(std::string_view json_key) {
  const auto& f = RowBinding<Row>::fields;
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].json_key == json_key) return i;
  return f.size();
}

static_assert(detail::well_formed_binding<MutexSleep>());
static_assert(detail::well_formed_binding<EnqueueStat>());
static_assert(detail::well_formed_binding<LibraryCacheStat>());
static_assert(detail::well_formed_binding<DictionaryCacheStat>());
static_assert(detail::well_formed_binding<UndoSummary>());
static_assert(detail::well_formed_binding<TablespaceIo>());
static_assert(detail::well_formed_binding<LatchStat>());
static_assert(detail::well_formed_binding<OsStat>());
static_assert(detail::well_formed_binding<AddmFinding>());
static_assert(detail::well_formed_sections(std::make_index_sequence<std::size(k_bound_sections)>{}),
              "each bound section once; a compared one's measures read numeric fields of its binding, one ranks");

}  // namespace awrdiff
