// The reader of AWR-Miner and DBCSI captures (sysmetric_read.hpp): the MAIN-METRICS table, one line per
// snapshot and instance, each column a statistic of one DBA_HIST_SYSMETRIC_SUMMARY metric.
#include "parse/sysmetric_read.hpp"
#include "support/text.hpp"

#include <cmath>

namespace awrdiff::detail::metric_dump {

namespace {

enum class MinerStat { average, maximum, sd };

struct MinerColumn {
  std::string_view alias;  // the column heading AWR-Miner gives it
  std::string_view metric;  // DBA_HIST_SYSMETRIC_SUMMARY.METRIC_NAME it is computed from
  std::string_view unit;  // that metric's METRIC_UNIT
  MinerStat stat;  // AVERAGE, MAXVAL or STANDARD_DEVIATION
  double factor;  // column value x factor = value in `unit` (AWR-Miner divided by it)
};

constexpr double k_mib = 1048576.0;

// From the MAIN-METRICS query of every AWR-Miner release in tmuth/AWR-Miner (2.9.x to 5.0.8) and of
// the DBCSI script (4.0.11.aws): `max(decode(metric_name, '<metric>', <expression>, null)) "<alias>"`
// over round(average, 1), round(maxval, 1), round(standard_deviation, 1) of
// DBA_HIST_SYSMETRIC_SUMMARY. The expression's division is undone by `factor`.
constexpr std::array<MinerColumn, 67> k_miner_columns{{
    {"os_cpu", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::average, 1},
    {"os_cpu_max", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::maximum, 1},
    {"os_cpu_sd", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::sd, 1},
    {"db_wait_ratio", "Database Wait Time Ratio", "% Wait/DB_Time", MinerStat::average, 1},
    {"db_cpu_ratio", "Database CPU Time Ratio", "% Cpu/DB_Time", MinerStat::average, 1},
    {"cpu_per_s", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::average, 100},  // round(average/100,3)
    {"cpu_per_s_max", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::maximum, 100},
    {"cpu_per_s_sd", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::sd, 100},
    {"h_cpu_per_s", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::average, 100},
    {"h_cpu_per_s_max", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::maximum, 100},
    {"h_cpu_per_s_sd", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::sd, 100},
    {"aas", "Average Active Sessions", "Active Sessions", MinerStat::average, 1},
    {"aas_max", "Average Active Sessions", "Active Sessions", MinerStat::maximum, 1},
    {"aas_sd", "Average Active Sessions", "Active Sessions", MinerStat::sd, 1},
    {"db_time", "Database Time Per Sec", "CentiSeconds Per Second", MinerStat::average, 1},
    {"db_time_sd", "Database Time Per Sec", "CentiSeconds Per Second", MinerStat::sd, 1},
    {"sql_res_t_cs", "SQL Service Response Time", "CentiSeconds Per Call", MinerStat::average, 1},
    {"bkgd_t_per_s", "Background Time Per Sec", "Active Sessions", MinerStat::average, 1},
    {"logons_s", "Logons Per Sec", "Logons Per Second", MinerStat::average, 1},
    {"logons_total", "Current Logons Count", "Logons", MinerStat::average, 1},
    {"exec_s", "Executions Per Sec", "Executes Per Second", MinerStat::average, 1},
    {"hard_p_s", "Hard Parse Count Per Sec", "Parses Per Second", MinerStat::average, 1},
    {"l_reads_s", "Logical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"commits_s", "User Commits Per Sec", "Commits Per Second", MinerStat::average, 1},
    {"read_mb_s", "Physical Read Total Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"read_mb_s_max", "Physical Read Total Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"read_iops", "Physical Read Total IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"read_iops_max", "Physical Read Total IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"read_iops_direct", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_iops_direct_max", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::maximum, 1},
    {"read_bks", "Physical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_bks_direct", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"write_mb_s", "Physical Write Total Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"write_mb_s_max", "Physical Write Total Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"write_iops", "Physical Write Total IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"write_iops_max", "Physical Write Total IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"write_iops_direct", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_iops_direct_max", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::maximum, 1},
    {"write_bks", "Physical Writes Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_bks_direct", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"read_nt_mb_s", "Physical Read Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"read_nt_mb_s_max", "Physical Read Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"read_nt_iops", "Physical Read IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"read_nt_iops_max", "Physical Read IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"write_nt_mb_s", "Physical Write Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"write_nt_mb_s_max", "Physical Write Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"write_nt_iops", "Physical Write IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"write_nt_iops_max", "Physical Write IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"redo_mb_s", "Redo Generated Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"db_block_gets_s", "DB Block Gets Per Sec", "Blocks Per Second", MinerStat::average, 1},
    {"db_block_changes_s", "DB Block Changes Per Sec", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cr_rec_s", "GC CR Block Received Per Second", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cu_rec_s", "GC Current Block Received Per Second", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cr_get_cs", "Global Cache Average CR Get Time", "CentiSeconds Per Get", MinerStat::average, 1},
    {"gc_cu_get_cs", "Global Cache Average Current Get Time", "CentiSeconds Per Get", MinerStat::average, 1},
    {"gc_bk_corrupted", "Global Cache Blocks Corrupted", "Blocks", MinerStat::average, 1},
    {"gc_bk_lost", "Global Cache Blocks Lost", "Blocks", MinerStat::average, 1},
    {"px_sess", "Active Parallel Sessions", "Sessions", MinerStat::average, 1},
    {"se_sess", "Active Serial Sessions", "Sessions", MinerStat::average, 1},
    {"s_blk_r_lat", "Average Synchronous Single-Block Read Latency", "Milliseconds", MinerStat::average, 1},
    {"cell_io_int_mb", "Cell Physical IO Interconnect Bytes", "bytes", MinerStat::average, k_mib},
    {"cell_io_int_mb_max", "Cell Physical IO Interconnect Bytes", "bytes", MinerStat::maximum, k_mib},
    {"swap_in_sec", "VM in bytes Per Sec", "bytes per sec", MinerStat::average, 1},
    {"swap_out_sec", "VM out bytes Per Sec", "bytes per sec", MinerStat::average, 1},
    {"rollbacks_per_sec", "User Rollbacks Per Sec", "Rollbacks Per Second", MinerStat::average, 1},
    {"pq_to_serial_per_sec", "PX downgraded to serial Per Sec", "PX Operations Per Second", MinerStat::average, 1},
    {"long_tbl_scan_per_sec", "Long Table Scans Per Sec", "Scans Per Second", MinerStat::average, 1},
}};

// AWR-Miner 3.0.13 to 3.0.16 computed read_iops / write_iops (and their _max) from the block
// counts 'Physical Reads Per Sec' / 'Physical Writes Per Sec', not from the IO requests.
constexpr std::array<MinerColumn, 4> k_miner_3013_columns{{
    {"read_iops", "Physical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_iops_max", "Physical Reads Per Sec", "Reads Per Second", MinerStat::maximum, 1},
    {"write_iops", "Physical Writes Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_iops_max", "Physical Writes Per Sec", "Writes Per Second", MinerStat::maximum, 1},
}};

constexpr std::string_view k_unmapped_unit = "awr-miner column";

// One metric of a MAIN-METRICS row: the columns that give its average, maximum and deviation.
struct MinerGroup {
  std::string_view metric, unit;
  std::array<int, 3> column{-1, -1, -1};  // by MinerStat
  std::array<double, 3> factor{1, 1, 1};
};

bool version_in_3013_3016(std::string_view v) {
  for (std::string_view p : {"3.0.13", "3.0.14", "3.0.15", "3.0.16"})
    if (v.substr(0, p.size()) == p && (v.size() == p.size() || !is_digit(v[p.size()]))) return true;
  return false;
}

struct MinerHeader {
  std::string version;
  std::optional<std::uint64_t> dbid;
};

// ~~BEGIN-OS-INFORMATION~~: STAT_NAME / STAT_VALUE lines.
MinerHeader read_os_information(const std::vector<std::string_view>& lines, SysmetricDump& dump, DumpBuilder& b) {
  MinerHeader h;
  std::size_t i = 0;
  while (i < lines.size() && trim(lines[i]) != "~~BEGIN-OS-INFORMATION~~") ++i;
  if (i == lines.size()) {
    b.diag(0, "no ~~BEGIN-OS-INFORMATION~~ section: database name, DB Id and release unknown", Diagnostic::Level::info);
    return h;
  }
  std::optional<Span> name_span;
  for (++i; i < lines.size(); ++i) {
    const auto line = lines[i];
    const auto t = trim(line);
    if (t.substr(0, 2) == "~~") break;
    if (is_rule(line)) {
      const auto spans = rule_spans(line);
      if (!spans.empty()) name_span = spans.front();
      continue;
    }
    if (!name_span || t.empty()) continue;
    const auto name = cell_at(line, *name_span);
    const auto value = name_span->end < line.size() ? trim(line.substr(name_span->end)) : std::string_view{};
    if (name == "DB_NAME") dump.db_name = std::string(value);
    else if (name == "VERSION") dump.release = std::string(value);
    else if (name == "HOSTS") dump.host = std::string(value);
    else if (name == "PLATFORM_NAME") dump.platform = std::string(value);
    else if (name == "AWR_MINER_VER") h.version = std::string(value);
    else if (name == "INSTANCES") {
      if (auto n = parse_integer<int>(value); n && *n > 0) dump.instance_count = *n;
    } else if (name == "NUM_CPUS") {
      if (auto n = parse_integer<long long>(value)) dump.cpus = static_cast<double>(*n);
    } else if (name == "DBID" && !value.empty()) {
      h.dbid = parse_integer<std::uint64_t>(value);
      if (!h.dbid) b.diag(static_cast<int>(i + 1), fmt::format("DBID '{}' is not a number", value));
    }
  }
  return h;
}

// The DB Id in AWR-Miner's own file name, awr-hist-<dbid>-<db name>-<snap min>-<snap max>.out.
std::optional<std::uint64_t> dbid_from_file_name(std::string_view source) {
  const auto slash = source.find_last_of("/\\");
  auto name = slash == std::string_view::npos ? source : source.substr(slash + 1);
  if (!istarts_with(name, "awr-hist-")) return std::nullopt;
  name.remove_prefix(9);
  const auto dash = name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  return parse_integer<std::uint64_t>(name.substr(0, dash));
}

// The lines of ~~BEGIN-MAIN-METRICS~~ .. ~~END-MAIN-METRICS~~ (the marker lines excluded).
struct MainMetrics {
  std::size_t begin = 0;  // the ~~BEGIN-MAIN-METRICS~~ line
  std::size_t stop = 0;  // the ~~END-MAIN-METRICS~~ line, the next ~~BEGIN- or the end of the file
};

MainMetrics find_main_metrics(const std::vector<std::string_view>& lines, const SysmetricDump& dump, DumpBuilder& b) {
  std::size_t begin = 0;
  while (begin < lines.size() && trim(lines[begin]) != k_main_begin) ++begin;
  if (begin == lines.size()) throw Error(dump.source, "AWR-Miner capture without a ~~BEGIN-MAIN-METRICS~~ section");
  std::size_t stop = begin + 1;
  bool closed = false;
  while (stop < lines.size()) {
    const auto t = trim(lines[stop]);
    if (t == k_main_end) {
      closed = true;
      break;
    }
    if (t.substr(0, 8) == "~~BEGIN-") break;
    ++stop;
  }
  if (!closed) b.diag(static_cast<int>(stop), "~~END-MAIN-METRICS~~ missing: the capture may be cut short");
  return {begin, stop};
}

// The MAIN-METRICS table: its first heading over a dashed rule.
Table main_metrics_table(const std::vector<std::string_view>& lines, const MainMetrics& main, const SysmetricDump& dump) {
  std::optional<Table> table;
  for (std::size_t i = main.begin + 1; i < main.stop && !table; ++i) {
    if (is_oracle_error(lines[i]))
      throw Error(dump.source, fmt::format("MAIN-METRICS holds an Oracle error: {}", trim(lines[i])));
    if (auto f = fixed_layout_at(lines, i)) table = Table{std::move(f), std::nullopt};
  }
  if (!table) throw Error(dump.source, "~~BEGIN-MAIN-METRICS~~ holds no table (no heading over a dashed rule)");
  return std::move(*table);
}

// The key columns of a MAIN-METRICS row: snapshot, duration (minutes), end time, instance.
struct MinerKeys {
  int snap = -1, dur = -1, end = -1, inst = -1;
  bool has(std::size_t c) const {
    const auto i = static_cast<int>(c);
    return i == snap || i == dur || i == end || i == inst;
  }
};

// The metric groups of the table's columns: each column AWR-Miner computes from a known metric under
// that metric; the rest kept under their own name ("<x>_max" and "<x>_sd" beside an unmapped "<x>" are
// its maximum and deviation).
std::vector<MinerGroup> miner_groups(const std::vector<std::string_view>& names, const MinerKeys& keys, const MinerHeader& header,
                                     DumpBuilder& b) {
  const bool old_iops = version_in_3013_3016(header.version) ||
                        (has_columns(names, {"cpu_per_s_max", "read_iops_direct"}) && !has_columns(names, {"read_bks"}));
  if (old_iops)
    b.diag(0, "AWR-Miner 3.0.13-3.0.16 layout: read_iops and write_iops are 'Physical Reads/Writes Per Sec' (blocks)",
           Diagnostic::Level::info);
  std::vector<MinerGroup> groups;
  auto group_for = [&groups](std::string_view metric, std::string_view unit) -> MinerGroup& {
    for (auto& g : groups)
      if (g.metric == metric) return g;
    groups.push_back({metric, unit, {-1, -1, -1}, {1, 1, 1}});
    return groups.back();
  };
  std::vector<std::size_t> unmapped_columns;
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (keys.has(c)) continue;
    const MinerColumn* m = nullptr;
    if (old_iops)
      for (const auto& mc : k_miner_3013_columns)
        if (mc.alias == names[c]) m = &mc;
    if (!m)
      for (const auto& mc : k_miner_columns)
        if (mc.alias == names[c]) m = &mc;
    if (m) {
      auto& g = group_for(m->metric, m->unit);
      const auto s = static_cast<std::size_t>(m->stat);
      if (g.column[s] < 0) {
        g.column[s] = static_cast<int>(c);
        g.factor[s] = m->factor;
        continue;
      }
      b.diag(0,
             fmt::format("column {} gives the same figure of '{}' as column {}; kept under its own name", names[c], m->metric,
                         names[static_cast<std::size_t>(g.column[s])]),
             Diagnostic::Level::info);
    }
    unmapped_columns.push_back(c);
  }
  auto is_unmapped = [&](int c) {
    return c >= 0 &&
           std::find(unmapped_columns.begin(), unmapped_columns.end(), static_cast<std::size_t>(c)) != unmapped_columns.end();
  };
  for (auto c : unmapped_columns) {
    const auto name = names[c];
    if (name.empty()) continue;
    b.diag(0,
           fmt::format("column {} is not one AWR-Miner computes from a known metric: kept as metric '{}' ({})", name, name,
                       k_unmapped_unit),
           Diagnostic::Level::info);
    std::string_view base = name;
    std::size_t stat = 0;
    for (auto [suffix, s] : {std::pair<std::string_view, std::size_t>{"_max", 1}, {"_sd", 2}}) {
      if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix) continue;
      const auto candidate = name.substr(0, name.size() - suffix.size());
      if (is_unmapped(column_index(names, {candidate}))) {
        base = candidate;
        stat = s;
      }
    }
    auto& g = group_for(base, k_unmapped_unit);
    if (g.column[stat] < 0) g.column[stat] = static_cast<int>(c);
  }
  return groups;
}

// Reads each MAIN-METRICS line into one SysmetricRow per metric group.
class MinerRows {
public:
  MinerRows(const std::vector<std::string_view>& names, const MinerKeys& keys, const std::vector<MinerGroup>& groups,
            SysmetricDump& dump, DumpBuilder& b)
      : m_names(names), m_keys(keys), m_groups(groups), m_dump(dump), m_b(b), m_column_nonzero(names.size(), false) {}

  void operator()(int line, const std::vector<std::string_view>& cells) {
    ++m_rows_seen;
    const auto cell = [&](int c) { return cells[static_cast<std::size_t>(c)]; };
    const auto snap = parse_integer<std::int64_t>(cell(m_keys.snap));
    const auto inst = parse_integer<int>(cell(m_keys.inst));
    const auto end = parse_yy_mm_dd(cell(m_keys.end));
    if (!snap || !inst || !end) {
      m_b.diag(line, !snap   ? fmt::format("row skipped: snap '{}' is not a snapshot id", cell(m_keys.snap))
                     : !inst ? fmt::format("row skipped: inst '{}' is not an instance number", cell(m_keys.inst))
                             : fmt::format("row skipped: end '{}' is not a YY/MM/DD HH24:MI time", cell(m_keys.end)));
      return;
    }
    if (const int first = m_b.seen({0, *inst, *snap, {}, {}, {}}, line)) {
      m_b.diag(line, fmt::format("row skipped: snap {} inst {} again (first at line {})", *snap, *inst, first));
      return;
    }
    const std::optional<double> minutes = duration(line, cells);
    const std::string end_iso = iso(*end);
    const std::string begin_iso = minutes ? iso(minus_seconds(*end, std::llround(*minutes * 60))) : std::string();
    for (const auto& g : m_groups) {
      SysmetricRow row;
      if (!read_group(g, line, cells, *snap, *inst, row) || !any_value(row)) continue;
      row.metric_name = std::string(g.metric);
      row.metric_unit = std::string(g.unit);
      row.dbid = m_dump.dbid;
      row.instance_number = *inst;
      row.snap_id = *snap;
      row.begin_time = begin_iso;
      row.end_time = end_iso;
      row.num_intervals = minutes;
      if (minutes) row.interval_s = *minutes * 60;
      row.line = line;
      m_b.add(std::move(row));
    }
  }

  // DBCSI writes nvl(value, 0): a 0 may be a metric DBA_HIST_SYSMETRIC_SUMMARY did not have. The columns
  // that are 0 in every row are named.
  void report_zero_columns() {
    if (m_rows_seen == 0) return;
    std::string zero;
    for (const auto& g : m_groups)
      for (std::size_t s = 0; s < 3; ++s)
        if (g.column[s] >= 0 && !m_column_nonzero[static_cast<std::size_t>(g.column[s])])
          zero += (zero.empty() ? "" : ", ") + std::string(m_names[static_cast<std::size_t>(g.column[s])]);
    if (!zero.empty())
      m_b.diag(0,
               fmt::format("DBCSI writes 0 for a metric the database did not record; these columns are 0 in every row: {}", zero),
               Diagnostic::Level::info);
  }

private:
  // The period's length in minutes (dur_m), when the table has it and it reads.
  std::optional<double> duration(int line, const std::vector<std::string_view>& cells) {
    if (m_keys.dur < 0) return std::nullopt;
    const auto cell = cells[static_cast<std::size_t>(m_keys.dur)];
    double v = 0;
    const auto st = m_numbers.read(cell, v);
    if (st == NumStatus::ok && v >= 0 && v < 1e7) return v;
    if (st != NumStatus::blank)
      m_b.diag(line, number_problem(st == NumStatus::ok ? NumStatus::invalid : st, cell, "dur_m", m_numbers.mark()) +
                         "; the period's begin time is left empty");
    return std::nullopt;
  }

  // The group's average, maximum and deviation into `row`; false (with a diagnostic) when a cell is not a
  // number.
  bool read_group(const MinerGroup& g, int line, const std::vector<std::string_view>& cells, std::int64_t snap, int inst,
                  SysmetricRow& row) {
    for (std::size_t s = 0; s < 3; ++s) {
      if (g.column[s] < 0) continue;
      const auto col = static_cast<std::size_t>(g.column[s]);
      double v = 0;
      const auto st = m_numbers.read(cells[col], v);
      if (st == NumStatus::blank) continue;
      if (st != NumStatus::ok) {
        m_b.diag(line, fmt::format("{} skipped for snap {} inst {}: {}", g.metric, snap, inst,
                                   number_problem(st, cells[col], m_names[col], m_numbers.mark())));
        return false;
      }
      if (v != 0) m_column_nonzero[col] = true;
      v *= g.factor[s];
      if (s == 0) row.average = v;
      else if (s == 1) row.maximum = v;
      else row.standard_deviation = v;
    }
    return true;
  }

  const std::vector<std::string_view>& m_names;
  const MinerKeys& m_keys;
  const std::vector<MinerGroup>& m_groups;
  SysmetricDump& m_dump;
  DumpBuilder& m_b;
  NumberReader m_numbers{true};
  std::vector<bool> m_column_nonzero;
  std::size_t m_rows_seen = 0;
};

}  // namespace

void parse_awr_miner(const TextLines& text, SysmetricDump& dump) {
  const auto& lines = text.lines;
  DumpBuilder b(dump, "MAIN-METRICS");
  const MinerHeader header = read_os_information(lines, dump, b);
  dump.tool_version = header.version;
  dump.dbid = header.dbid;
  if (!dump.dbid) {
    if (auto id = dbid_from_file_name(dump.source)) {
      dump.dbid = id;
      b.diag(0, fmt::format("DB Id {} read from the file name (the capture does not print it)", *id), Diagnostic::Level::info);
    }
  }
  const MainMetrics main = find_main_metrics(lines, dump, b);
  const Table table = main_metrics_table(lines, main, dump);
  const auto& names = table.names();
  const MinerKeys keys{column_index(names, {"snap"}), column_index(names, {"dur_m"}), column_index(names, {"end"}),
                       column_index(names, {"inst"})};
  if (keys.snap < 0 || keys.end < 0 || keys.inst < 0)
    throw Error(dump.source, "MAIN-METRICS table without its snap, end and inst columns");
  const std::vector<MinerGroup> groups = miner_groups(names, keys, header, b);
  MinerRows rows(names, keys, groups, dump, b);
  for_each_row(lines, main.stop, table, text.last_complete, b, rows);
  dump.rows_selected.reset();  // a line holds many rows: SQL*Plus's count is of lines
  dump.duplicate_rows = 0;
  if (header.version.find(".aws") != std::string::npos) rows.report_zero_columns();  // DBCSI
  b.finish();
}

}  // namespace awrdiff::detail::metric_dump
