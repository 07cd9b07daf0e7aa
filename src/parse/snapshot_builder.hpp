// Internal to the snapshot builder (src/parse): class Builder, which gives each known section of a
// RawReport its meaning in one Snapshot, once for both formats (build_snapshot). Its member functions
// are defined in one file per group of sections:
//   snapshot_builder.cpp          build(), running each table's reader as its catalog row names it
//                                 (table), the reader of the sections bound field by field
//                                 (bound, section_fields.hpp), generic tables, reading cells, names a
//                                 text report cut to its column width
//   snapshot_builder_summary.cpp  the report's summary: database and host header, snapshots, Load
//                                 Profile, Instance Efficiency, wait events and their precision, wait
//                                 classes, time model, Host CPU, containers, the SQL lists and texts
//   snapshot_builder_rac.cpp      a RAC global report's own tables (awrgrpt.sql), and its Load Profile's
//                                 DB time and DB CPU
//   snapshot_builder_detail.cpp   the sections beyond the summary with a reader of their own:
//                                 Instance Activity, init.ora, IOStat, Cache Sizes, segments,
//                                 latches, wait event histograms, RAC global cache
// Only those files include this header; its names live in awrdiff::detail::builder.
#pragma once

#include "parse/tokenizer_common.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace awrdiff::detail::builder {

/// Index of the first column with this id at or after `from`, or -1 (for headers printed twice: "Reqs
/// per sec" under Reads: and under Writes:, "Pct Miss" for gets and for pins).
inline int column_from(const RawTable& t, ColumnId id, int from) {
  for (std::size_t i = from < 0 ? 0 : static_cast<std::size_t>(from); i < t.columns.size(); ++i)
    if (t.columns[i] == id) return static_cast<int>(i);
  return -1;
}

/// How finely one wait event row printed each figure, in the figure's unit (see Builder::resolution).
struct EventResolution {
  OptDouble time_s, waits, avg_wait_ms, pct_db_time;
};

/// Reads the RawTables of one report into one Snapshot: construct it with the report's source, call
/// build() once.
class Builder {
public:
  explicit Builder(std::string source) { m_snap.source = std::move(source); }

  /// Every table in report order, then the finish_* steps that need the whole report.
  Snapshot build(const RawReport& raw);

private:
  // ---- cells (snapshot_builder.cpp; num_at in snapshot_builder_detail.cpp) ---------------------
  std::string text(const RawTable& t, const RawRow& r, ColumnId id) const { return cell_at(t, r, t.column_index(id)); }

  OptDouble num(const RawTable& t, const RawRow& r, ColumnId id) {
    int c = t.column_index(id);
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return std::nullopt;
    auto v = parse_cell(r.cells[c], column_spec(id).unit);
    cell_diag(t, r, c, v.status);
    return v.value;
  }

  // The row's cell in this column is '####' (did not fit its width).
  bool overflowed(const RawTable& t, const RawRow& r, ColumnId id) const;
  // A cell that did not parse: a warning, or an info diagnostic for '####' (see the definition).
  void cell_diag(const RawTable& t, const RawRow& r, int c, CellStatus status);
  void diag(const RawTable& t, int line, std::string message, Diagnostic::Level level = Diagnostic::Level::warning);
  // Cell `c` of a row read in `unit`, with cell_diag; empty when the row is shorter or c < 0.
  OptDouble num_at(const RawTable& t, const RawRow& r, int c, Unit unit);

  // Cell `c` of a row with white space folded, so that "enq: IV -  contention" reads alike in text
  // and HTML (HTML cells come folded); empty when the row is shorter.
  static std::string cell_at(const RawTable& t, const RawRow& r, int c) {
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return {};
    const auto& cell = r.cells[static_cast<std::size_t>(c)];
    return t.folded ? cell : detail::fold_space(cell);
  }

  // Names a text report cut to its column width (see the definitions).
  std::string full_name(const std::string& name, std::size_t longest, std::string_view kind, std::size_t min_length,
                        std::size_t ordinal = 0, std::size_t count = 1) const;
  std::string by_idleness(const std::string& name, std::size_t longest, bool idle_tail) const;
  static std::vector<std::pair<std::size_t, std::size_t>> occurrences(const RawTable& t, int c);
  static std::size_t longest_cell(const RawTable& t, int c);
  // A row's name in column `c` of a table whose rows merge by name (Instance Activity's three tables, Latch
  // Activity and Sleep Breakdown): as printed (`raw`), in full (full_name), and the key it merges under (a cut
  // name that stays ambiguous is kept once per row, never merged with its namesake). Empty for a row without one.
  struct RowName {
    std::string raw, name, key;
  };
  std::vector<std::optional<RowName>> row_names(const RawTable& t, int c, std::string_view kind, std::size_t min_length) const;

  // ---- dispatch (snapshot_builder.cpp) ------------------------------------------------------------
  // Runs the reader the section's catalog row names (SectionSpec::reader); unknown sections: generic.
  void table(const RawTable& t);
  void generic(const RawTable& t);
  // The readers a catalog row names that fill one of several lists, or decide which of two tables
  // giving the same data wins (snapshot_builder_summary.cpp, snapshot_builder_detail.cpp).
  void read_top_events(const RawTable& t);
  void read_foreground_events(const RawTable& t);
  void read_background_events(const RawTable& t);
  void read_wait_classes(const RawTable& t);
  void read_foreground_wait_class(const RawTable& t);
  void read_rac_top_foreground_events(const RawTable& t);
  void read_iostat_function(const RawTable& t);
  void read_iostat_filetype(const RawTable& t);
  // A section read by its field binding alone (section_fields.hpp): one row per table row whose key
  // cells are not all empty, each bound column into its field; a table without the first key column
  // is kept as printed (snapshot_builder.cpp).
  template <SectionReader R>
  void bound(const RawTable& t);

  // ---- summary (snapshot_builder_summary.cpp) -----------------------------------------------------
  void header(const RawTable& t);
  void snapshot_info(const RawTable& t);
  void load_profile(const RawTable& t);
  void efficiency(const RawTable& t);
  bool cluster_row(const RawTable& t, const RawRow& r, std::string_view total = "*") const;
  OptDouble resolution(const RawTable& t, const RawRow& r, ColumnId id) const;
  void events(const RawTable& t, std::vector<WaitEvent>& out, std::vector<EventResolution>* resolutions = nullptr);
  void finish_events();
  void finish_db_cpu();
  void wait_classes(const RawTable& t, std::vector<WaitClassRow>& out);
  void host_cpu(const RawTable& t);
  void time_model(const RawTable& t);
  void containers(const RawTable& t);
  void finish_host();
  SqlStat& sql_entry(const std::string& id, const std::string& pdb);
  void sql_list(const RawTable& t);
  void sql_text(const RawTable& t);
  void finish_sql();
  void total_sql_by_pdb();
  void flag_impossible_sql();

  // ---- RAC global report (snapshot_builder_rac.cpp) ----------------------------------------------
  void rac_database_summary(const RawTable& t);
  InstanceRow& instance_row(int number);
  void rac_instances(const RawTable& t);
  std::string totals_label(const RawTable& t) const;
  void rac_time_model(const RawTable& t);
  void rac_foreground_wait_classes(const RawTable& t);
  void rac_os_stats(const RawTable& t);
  void rac_sysstat_per_second(const RawTable& t);
  void finish_global();

  // ---- sections beyond the summary (snapshot_builder_detail.cpp) ---------------------------------
  void activity(const RawTable& t);
  void parameters(const RawTable& t);
  void iostat(const RawTable& t, std::vector<IoStatRow>& out, ColumnId name_id, std::string_view kind);
  void cache_sizes(const RawTable& t);
  void segments(const RawTable& t);
  void latches(const RawTable& t);
  void wait_histogram(const RawTable& t);
  void global_cache(const RawTable& t);
  void finish_overflow();

  /// An Instance Activity figure printed as '####' (finish_overflow).
  struct Overflow {
    std::size_t index;  ///< in m_snap.activity
    bool per_trans;  ///< per Trans, else per Second
    int line;
    SectionId section;
  };
  std::vector<Overflow> m_overflow;

  Snapshot m_snap;
  // The first table read of each known section: its line and its header and cells (a second copy: repeated_section).
  // The first table read of each section (a table of the RawReport being built, which outlives the build).
  std::map<SectionId, const RawTable*> m_first_copy;
  // A known section read a second time: true when it is to be skipped (see the definition).
  bool repeated_section(const RawTable& t);
  std::map<std::string, std::size_t> m_sql_index;
  std::map<std::string, std::size_t> m_activity_index;
  std::map<std::string, std::size_t> m_latch_index;
  /// How finely each top list / Foreground Wait Events row printed its figures (finish_events).
  std::vector<EventResolution> m_top_resolution, m_fg_resolution;
  /// How finely the time model printed its DB CPU row (time, % of DB time); empty without one.
  std::optional<EventResolution> m_tm_cpu_resolution;
  bool m_have_fg_top = false;  ///< a RAC global report's Top Timed Foreground Events was read
  bool m_wait_classes_from_fg = false;  ///< wait_classes holds Foreground Wait Class rows so far
  bool m_have_db_header = false;  ///< the report's DB Name / DB Id table was read (header)
};

}  // namespace awrdiff::detail::builder
