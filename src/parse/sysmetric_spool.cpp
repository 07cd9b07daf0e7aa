// The reader of SQL*Plus spools of SELECT_BASELINE_METRIC and DBA_HIST_SYSMETRIC_SUMMARY (sysmetric_read.hpp).
#include "parse/sysmetric_read.hpp"

namespace awrdiff::detail::metric_dump {

namespace {

// The first table of the spool whose columns make `kind`.
std::optional<Table> find_spool_table(const std::vector<std::string_view>& lines, DumpKind kind) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_blank(lines[i]) || is_rule(lines[i])) continue;
    if (auto t = table_at(lines, i); t && spool_kind(t->names()) == kind) return t;
  }
  return std::nullopt;
}

}  // namespace

void parse_spool(const TextLines& text, SysmetricDump& dump, DumpKind kind) {
  const auto& lines = text.lines;
  const bool baseline = kind == DumpKind::select_baseline_metric;
  DumpBuilder b(dump, baseline ? "SELECT_BASELINE_METRIC" : "DBA_HIST_SYSMETRIC_SUMMARY");
  b.reserve(lines.size());
  const auto table = find_spool_table(lines, kind);
  if (!table) throw Error(dump.source, "no table with METRIC_NAME and AVERAGE columns");
  const auto& names = table->names();
  const int c_name = column_index(names, {"METRIC_NAME"}), c_unit = column_index(names, {"METRIC_UNIT"}),
            c_dbid = column_index(names, {"DBID"}), c_inst = column_index(names, {"INSTANCE_NUMBER", "INST_ID"}),
            c_snap = column_index(names, {"SNAP_ID"}), c_begin = column_index(names, {"BEG_TIME", "BEGIN_TIME"}),
            c_end = column_index(names, {"END_TIME"}), c_bname = column_index(names, {"BASELINE_NAME"});
  std::vector<StatColumn> stats;
  auto stat = [&](std::initializer_list<std::string_view> n, std::optional<double> SysmetricRow::*field) {
    if (const int c = column_index(names, n); c >= 0) stats.push_back({c, field, 0});
  };
  stat({"AVERAGE"}, &SysmetricRow::average);
  stat({"MINIMUM", "MINVAL"}, &SysmetricRow::minimum);
  stat({"MAXIMUM", "MAXVAL"}, &SysmetricRow::maximum);
  stat({"STANDARD_DEVIATION"}, &SysmetricRow::standard_deviation);
  stat({"NUM_INTERVAL"}, &SysmetricRow::num_intervals);
  stat({"INTERVAL_SIZE", "INTSIZE"}, &SysmetricRow::interval_s);

  // A comma is a decimal mark only in fixed-width columns: in a delimited file "1,234" is refused.
  NumberReader numbers(table->fixed.has_value());
  std::set<std::string, std::less<>> baselines;
  DateCache begin_cache, end_cache;
  auto on_row = [&](int line, const std::vector<std::string_view>& cells) {
    const auto cell = [&](int c) { return c >= 0 ? cells[static_cast<std::size_t>(c)] : std::string_view{}; };
    if (baseline && iequal(cell(c_bname), "BASELINE_NAME")) return;  // a header repeated
    std::optional<std::uint64_t> dbid;
    if (c_dbid >= 0 && !cell(c_dbid).empty()) {
      dbid = parse_integer<std::uint64_t>(cell(c_dbid));
      if (!dbid) return b.diag(line, fmt::format("row skipped: DBID '{}' is not a number", cell(c_dbid)));
    }
    std::optional<int> inst;
    if (c_inst >= 0 && !cell(c_inst).empty()) {
      inst = parse_integer<int>(cell(c_inst));
      if (!inst) return b.diag(line, fmt::format("row skipped: INSTANCE_NUMBER '{}' is not a number", cell(c_inst)));
    }
    std::optional<std::int64_t> snap;
    if (c_snap >= 0) {
      snap = parse_integer<std::int64_t>(cell(c_snap));
      if (!snap) return b.diag(line, fmt::format("row skipped: SNAP_ID '{}' is not a snapshot id", cell(c_snap)));
    }
    // A date cell: empty, or read (through the cache) to ISO; false when it is not a date.
    auto date = [&](int c, DateCache& cache) {
      const auto t = cell(c);
      if (t.empty()) return true;
      if (t != cache.text) {
        cache.text = t;
        cache.civil = parse_oracle_date(t);
        cache.iso_text = cache.civil ? iso(*cache.civil) : std::string();
      }
      if (cache.civil) return true;
      b.diag(line, fmt::format("row skipped: {} '{}' is not a date (DD-MON-RR, DD-MON-YYYY or YYYY-MM-DD, with "
                               "HH24:MI:SS or not)",
                               names[static_cast<std::size_t>(c)], t));
      return false;
    };
    if (!date(c_begin, begin_cache) || !date(c_end, end_cache)) return;
    const bool has_begin = !cell(c_begin).empty(), has_end = !cell(c_end).empty();
    if (!snap && !has_end) return b.diag(line, "row skipped: no snapshot id and no end time");
    const auto metric = cell(c_name);
    SysmetricRow row;
    if (!read_metric_stats(metric, stats, cells, names, numbers, row, b, line)) return;
    if (!row.average && !row.minimum && !row.maximum && !row.standard_deviation)
      return b.diag(line, fmt::format("row skipped ({}): no value", metric));
    if (const int first = b.seen(
            {dbid.value_or(0), inst.value_or(-1), snap.value_or(-1), cell(c_begin), cell(c_end), metric, cell(c_bname)}, line)) {
      return b.diag(line, fmt::format("row skipped: {} for the same {} again (first at line {})", metric,
                                      baseline ? "baseline and instance" : "snapshot and instance", first));
    }
    if (baseline && !cell(c_bname).empty() && baselines.size() < 16) baselines.emplace(cell(c_bname));
    if (baseline && dump.baseline_name.empty()) dump.baseline_name = std::string(cell(c_bname));
    if (row.interval_s) *row.interval_s /= 100;  // INTERVAL_SIZE / INTSIZE are in centiseconds
    row.metric_name = std::string(metric);
    row.metric_unit = std::string(cell(c_unit));
    row.dbid = dbid;
    row.instance_number = inst;
    row.snap_id = snap;
    if (has_begin) row.begin_time = begin_cache.iso_text;
    if (has_end) row.end_time = end_cache.iso_text;
    row.line = line;
    b.add(std::move(row));
  };
  for_each_row(lines, lines.size(), *table, text.last_complete, b, on_row);
  if (baselines.size() > 1) {
    std::string list;
    for (const auto& n : baselines) list += (list.empty() ? "" : ", ") + n;
    b.diag(0, fmt::format("rows of several baselines ({}); the dump is named after the first", list));
  }
  b.finish();
}

}  // namespace awrdiff::detail::metric_dump
