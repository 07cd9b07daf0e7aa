// RawTables -> Snapshot. The meaning of each known section lives here, once for both formats.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <unordered_map>

namespace awrdiff {
namespace {

// How finely one wait event row printed each figure, in the figure's unit (see Builder::resolution).
struct EventResolution {
  OptDouble time_s, waits, avg_wait_ms, pct_db_time;
};

class Builder {
public:
  explicit Builder(std::string source) { m_snap.source = std::move(source); }

  Snapshot build(const RawReport& raw) {
    m_snap.format = raw.format;
    m_snap.kind = raw.kind;
    for (const auto& d : raw.diagnostics) m_snap.diagnostics.push_back(d);
    for (const auto& t : raw.tables) table(t);
    finish_events();
    finish_sql();
    finish_global();
    finish_host();
    finish_overflow();
    return std::move(m_snap);
  }

private:
  // ---- cells ----------------------------------------------------------------------------------
  std::string text(const RawTable& t, const RawRow& r, ColumnId id) const { return cell_at(t, r, t.column_index(id)); }

  OptDouble num(const RawTable& t, const RawRow& r, ColumnId id) {
    int c = t.column_index(id);
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return std::nullopt;
    auto v = parse_cell(r.cells[c], column_spec(id).unit);
    cell_diag(t, r, c, v.status);
    return v.value;
  }

  // The row's cell in this column is '####' (did not fit its width).
  bool overflowed(const RawTable& t, const RawRow& r, ColumnId id) const {
    const int c = t.column_index(id);
    return c >= 0 && static_cast<std::size_t>(c) < r.cells.size() &&
           parse_cell(r.cells[static_cast<std::size_t>(c)], column_spec(id).unit).status == CellStatus::overflow;
  }

  // A cell that did not parse is a warning; '####' (the report's own "did not fit its width",
  // common in Statspack per-transaction columns) is recorded as absent with an info diagnostic
  // (a per second / per transaction figure the row's total gives is derived: finish_overflow).
  void cell_diag(const RawTable& t, const RawRow& r, int c, CellStatus status) {
    if (status != CellStatus::invalid && status != CellStatus::overflow) return;
    const bool overflow = status == CellStatus::overflow;
    diag(t, r.line,
         fmt::format("column '{}': cannot read '{}'{}", c < static_cast<int>(t.headers.size()) ? t.headers[c] : "",
                     r.cells[c], overflow ? " (overflow)" : ""),
         overflow ? Diagnostic::Level::info : Diagnostic::Level::warning);
  }

  void diag(const RawTable& t, int line, std::string message, Diagnostic::Level level = Diagnostic::Level::warning) {
    std::string section = t.section == SectionId::unknown ? t.title : std::string(section_spec(t.section).key);
    m_snap.diagnostics.push_back({level, std::move(section), line, std::move(message)});
  }

  // ---- sections -------------------------------------------------------------------------------
  void table(const RawTable& t) {
    switch (t.section) {
      case SectionId::database_info:
      case SectionId::instance_info:
      case SectionId::host_info: header(t); return;
      case SectionId::snapshot_info: snapshot_info(t); return;
      case SectionId::load_profile: load_profile(t); return;
      case SectionId::efficiency: efficiency(t); return;
      case SectionId::top_events:
        if (m_snap.top_events.empty() && !m_have_fg_top) events(t, m_snap.top_events, &m_top_resolution);
        return;
      case SectionId::foreground_events: events(t, m_snap.foreground_events, &m_fg_resolution); return;
      case SectionId::background_events: events(t, m_snap.background_events); return;
      case SectionId::wait_classes:
        if (m_snap.wait_classes.empty() || m_wait_classes_from_fg) {
          m_snap.wait_classes.clear();
          m_wait_classes_from_fg = false;
          wait_classes(t, m_snap.wait_classes);
        }
        return;
      case SectionId::foreground_wait_class:
        if (m_snap.foreground_wait_classes.empty()) wait_classes(t, m_snap.foreground_wait_classes);
        // 11.2.0.2 and older print no summary Wait Classes table: the foreground one stands in.
        if (m_snap.wait_classes.empty()) {
          wait_classes(t, m_snap.wait_classes);
          m_wait_classes_from_fg = !m_snap.wait_classes.empty();
        }
        return;
      case SectionId::time_model: time_model(t); return;
      case SectionId::host_cpu: host_cpu(t); return;
      case SectionId::sql_text: sql_text(t); return;
      case SectionId::containers: containers(t); return;
      case SectionId::rac_os_stats: rac_os_stats(t); return;
      case SectionId::rac_foreground_wait_classes: rac_foreground_wait_classes(t); return;
      case SectionId::rac_database_summary: rac_database_summary(t); return;
      case SectionId::rac_instances: rac_instances(t); return;
      case SectionId::rac_time_model: rac_time_model(t); return;
      case SectionId::rac_top_foreground_events:
        m_snap.top_events.clear();  // the foreground list, like an instance report's top events
        m_top_resolution.clear();
        m_have_fg_top = true;
        events(t, m_snap.top_events, &m_top_resolution);
        return;
      case SectionId::rac_sysstat_per_second: rac_sysstat_per_second(t); return;
      default: break;
    }
    if (typed_section(t)) return;
    if (section_spec(t.section).is_sql_list) {
      sql_list(t);
      return;
    }
    generic(t);
  }

  // A table kept as cells, with its catalog section and each column's catalog key and unit.
  void generic(const RawTable& t) {
    GenericTable g;
    g.known = t.section != SectionId::unknown;
    g.section = g.known ? std::string(section_spec(t.section).key) : t.title;
    g.title = t.title;
    g.headers = t.headers;
    for (std::size_t i = 0; i < t.headers.size(); ++i) {
      const ColumnId id = i < t.columns.size() ? t.columns[i] : ColumnId::unknown;
      const auto& spec = column_spec(id);
      // "Begin" / "End" name Host CPU's load averages; elsewhere (Memory Statistics, Database
      // Resource Limits, Shared Pool Statistics) they are the values at the begin and end snapshot.
      if (id == ColumnId::load_average_begin || id == ColumnId::load_average_end) {
        g.columns.emplace_back(id == ColumnId::load_average_begin ? "begin" : "end");
        g.units.emplace_back(to_string(Unit::count));
        continue;
      }
      g.columns.emplace_back(spec.key);
      g.units.emplace_back(to_string(spec.unit));
    }
    g.line = t.line;
    for (const auto& r : t.rows) g.rows.push_back(r.cells);
    if (!g.known)
      diag(t, t.line, fmt::format("unknown section '{}' kept as a generic table", t.title.empty() ? "(untitled)" : t.title),
           Diagnostic::Level::info);
    m_snap.other_tables.push_back(std::move(g));
  }

  void header(const RawTable& t) {
    if (t.rows.empty()) return;
    const RawRow& r = t.rows.front();
    auto& db = m_snap.database;
    auto set = [&](std::string& field, ColumnId id) {
      if (auto v = text(t, r, id); !v.empty()) field = v;
    };
    set(db.name, ColumnId::db_name);
    set(db.unique_name, ColumnId::unique_name);
    set(db.role, ColumnId::role);
    set(db.edition, ColumnId::edition);
    set(db.release, ColumnId::release);
    set(db.container, ColumnId::container);
    set(db.instance, ColumnId::instance);
    set(db.startup_time, ColumnId::startup_time);
    set(db.host, ColumnId::host_name);
    set(db.platform, ColumnId::platform);
    auto read_id = [&](ColumnId id, std::optional<std::uint64_t>& field, const char* what) {
      auto v = text(t, r, id);
      if (v.empty()) return;
      try {
        field = std::stoull(v);
      } catch (...) {
        diag(t, r.line, fmt::format("{} '{}' is not a number", what, v));
      }
    };
    read_id(ColumnId::dbid, db.dbid, "DB Id");
    read_id(ColumnId::con_dbid, db.con_dbid, "Container DB Id");
    if (auto v = num(t, r, ColumnId::instance_number)) {
      if (*v >= 0 && *v <= 1e6 && *v == static_cast<double>(static_cast<int>(*v))) db.instance_number = static_cast<int>(*v);
      else diag(t, r.line, fmt::format("instance number {} is not a whole number in range", *v));
    }
    auto yes_no = [&](ColumnId id) -> std::optional<bool> {
      auto v = text(t, r, id);
      if (v.empty()) return std::nullopt;
      return v == "YES" || v == "Y" || v == "yes";
    };
    if (auto v = yes_no(ColumnId::rac)) db.rac = v;
    if (auto v = yes_no(ColumnId::cdb)) db.cdb = v;
    if (auto v = num(t, r, ColumnId::cpus)) db.cpus = v;
    if (auto v = num(t, r, ColumnId::cores)) db.cores = v;
    if (auto v = num(t, r, ColumnId::sockets)) db.sockets = v;
    // AIX reports print Memory (GB) ".00" beside blank CPUs: not reported, not a host without memory.
    if (auto v = num(t, r, ColumnId::memory_gb); v && *v > 0) db.memory_gb = v;
  }

  // "Elapsed:   60.22 (mins)" -> 3613.2 s. Reads the number before the first "(mins)" in the row.
  static OptDouble minutes_in(std::string_view s) {
    auto pos = s.find("(mins)");
    if (pos == std::string_view::npos) pos = s.find("(min)");
    if (pos == std::string_view::npos) return std::nullopt;
    std::size_t end = pos;
    while (end > 0 && s[end - 1] == ' ') --end;
    std::size_t start = end;
    while (start > 0 && (std::isdigit(static_cast<unsigned char>(s[start - 1])) != 0 || s[start - 1] == '.' ||
                         s[start - 1] == ',' || s[start - 1] == '-'))
      --start;
    auto v = parse_cell(s.substr(start, end - start), Unit::count);
    if (!v.value) return std::nullopt;
    return *v.value * 60.0;
  }

  void snapshot_info(const RawTable& t) {
    auto& iv = m_snap.interval;
    for (const auto& r : t.rows) {
      std::string joined = r.raw;
      if (joined.empty())
        for (const auto& c : r.cells) joined += c + "  ";
      std::string label = r.cells.empty() ? std::string() : normalize_label(r.cells.front());
      if (label.empty()) label = normalize_label(std::string(trim(joined)).substr(0, joined.find(':') + 1));
      if (label.rfind("beginsnap", 0) == 0 || label.rfind("endsnap", 0) == 0) {
        const bool begin = label.rfind("begin", 0) == 0;
        auto id = num(t, r, ColumnId::snap_id);
        auto time = text(t, r, ColumnId::snap_time);
        auto sessions = num(t, r, ColumnId::sessions);
        if (id && !(*id >= 0 && *id < 0x1p62)) {  // converting larger doubles to int64 is undefined
          diag(t, r.line, fmt::format("snap id {} out of range", *id));
          id.reset();
        }
        (begin ? iv.begin_snap : iv.end_snap) = id ? std::optional<std::int64_t>(static_cast<std::int64_t>(*id)) : std::nullopt;
        (begin ? iv.begin_time : iv.end_time) = time;
        (begin ? iv.begin_sessions : iv.end_sessions) = sessions;
        (begin ? iv.begin_cursors_per_session : iv.end_cursors_per_session) = num(t, r, ColumnId::cursors_per_session);
        if (auto n = num(t, r, ColumnId::instances); n && !m_snap.database.instances)
          m_snap.database.instances = static_cast<int>(*n);
      } else if (label.rfind("elapsed", 0) == 0) {
        iv.elapsed_s = minutes_in(joined);
        if (!iv.elapsed_s) diag(t, r.line, "cannot read Elapsed");
      } else if (label.rfind("dbtime", 0) == 0) {
        iv.db_time_s = minutes_in(joined);
        if (!iv.db_time_s) diag(t, r.line, "cannot read DB Time");
      }
      // Statspack 11g+: "DB time:  15.34 (mins)      DB CPU:  15.64 (mins)", DB CPU given nowhere else
      // when the report has no time model.
      if (auto pos = joined.find("DB CPU:"); pos != std::string::npos) {
        iv.header_db_cpu_s = minutes_in(std::string_view(joined).substr(pos));
        if (!iv.header_db_cpu_s) diag(t, r.line, "cannot read DB CPU");
      }
    }
  }

  void load_profile(const RawTable& t) {
    if (!m_snap.load_profile.empty()) return;
    std::vector<std::pair<std::size_t, int>> lp_overflow;  // row index, line
    const int label_col = t.column_index(ColumnId::label);
    for (const auto& r : t.rows) {
      if (r.cells.empty()) continue;
      const auto lc = label_col >= 0 && static_cast<std::size_t>(label_col) < r.cells.size() ? label_col : 0;
      std::string label(trim(r.cells[static_cast<std::size_t>(lc)]));
      if (label.empty()) continue;
      LoadProfileRow row;
      row.label = label;
      if (!row.label.empty() && row.label.back() == ':') row.label.pop_back();
      if (const auto* spec = find_load_profile_row(label)) {
        row.key = std::string(spec->key);
      } else {
        row.key = normalize_label(label);
        diag(t, r.line, fmt::format("Load Profile row '{}' not in the catalog", label), Diagnostic::Level::info);
      }
      row.per_second = num(t, r, ColumnId::per_second);
      row.per_transaction = num(t, r, ColumnId::per_transaction);
      row.per_exec = num(t, r, ColumnId::per_exec);
      row.per_call = num(t, r, ColumnId::per_call);
      if (overflowed(t, r, ColumnId::per_second) || overflowed(t, r, ColumnId::per_transaction))
        lp_overflow.push_back({m_snap.load_profile.size(), r.line});
      m_snap.load_profile.push_back(std::move(row));
    }
    // '####' in one of Per Second / Per Transaction: the other one times or over Transactions per
    // second (the last row, so read after the others).
    const LoadProfileRow* tx = m_snap.load_profile_row("transactions");
    const OptDouble tps = tx != nullptr ? tx->per_second : std::nullopt;
    for (const auto& [i, line] : lp_overflow) {
      LoadProfileRow& row = m_snap.load_profile[i];
      if (tps && *tps > 0 && row.per_second && !row.per_transaction) {
        row.per_transaction = *row.per_second / *tps;
        diag(t, line, fmt::format("'{}': Per Transaction printed as '####', derived as Per Second / Transactions per second", row.label),
             Diagnostic::Level::info);
      } else if (tps && *tps > 0 && row.per_transaction && !row.per_second) {
        row.per_second = *row.per_transaction * *tps;
        diag(t, line, fmt::format("'{}': Per Second printed as '####', derived as Per Transaction x Transactions per second", row.label),
             Diagnostic::Level::info);
      } else {
        diag(t, line, fmt::format("'{}': printed as '####' and not derivable: left absent", row.label));
      }
    }
  }

  // Instance Efficiency Percentages: rows of "Label %:" / value pairs, two a row in both formats.
  // Only pairs whose label ends in ':' are read, so a table that is not this one adds nothing.
  void efficiency(const RawTable& t) {
    if (!m_snap.efficiency.empty()) return;
    for (const auto& r : t.rows) {
      for (std::size_t c = 0; c + 1 < r.cells.size(); ++c) {
        std::string label = detail::fold_space(r.cells[c]);
        if (label.size() < 2 || label.back() != ':') continue;
        label.pop_back();
        label = std::string(trim(label));
        const auto v = parse_cell(r.cells[c + 1], Unit::percent);
        cell_diag(t, r, static_cast<int>(c + 1), v.status);
        EfficiencyRow row;
        row.label = label;
        if (const auto* spec = find_efficiency_row(label)) {
          row.key = std::string(spec->key);
        } else {
          row.key = normalize_label(label);
          diag(t, r.line, fmt::format("Instance Efficiency row '{}' not in the catalog", label), Diagnostic::Level::info);
        }
        row.pct = v.value;
        m_snap.efficiency.push_back(std::move(row));
        ++c;
      }
    }
  }

  static bool is_cpu_event(std::string_view name) {
    return name == "DB CPU" || name == "CPU time" || name == "CPU Time";
  }

  // RAC global tables: rows of one instance carry its number in I#; cluster-wide rows carry '*'
  // (events) or Sum / Avg / Std (statistics).
  bool cluster_row(const RawTable& t, const RawRow& r, std::string_view total = "*") const {
    if (t.column_index(ColumnId::inst_id) < 0) return true;
    return text(t, r, ColumnId::inst_id) == total;
  }

  // How finely a numeric cell is printed, in `unit`: one unit of its last printed digit ("2,198.8K" ->
  // 100, "2048" -> 1, "2,048.1" -> 0.1, "1.8E+08" -> 1e7, "306.50us" in ms -> 0.00001). Empty when the
  // cell is not a number.
  static OptDouble resolution(std::string_view cell, Unit unit) {
    std::string s(trim(cell));
    std::size_t i = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    std::size_t last = std::string::npos;
    for (; i < s.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(s[i])) != 0) {
        last = i;
        s[i] = '0';
      } else if (s[i] != ',' && s[i] != '.') {
        break;
      }
    }
    if (last == std::string::npos) return std::nullopt;
    s[last] = '1';  // the mantissa's digits zeroed but the last: its exponent and suffix scale it
    const auto v = parse_cell(s, unit);
    return v.value && *v.value > 0 ? v.value : std::nullopt;
  }
  OptDouble resolution(const RawTable& t, const RawRow& r, ColumnId id) const {
    return resolution(text(t, r, id), column_spec(id).unit);
  }

  void events(const RawTable& t, std::vector<WaitEvent>& out, std::vector<EventResolution>* resolutions = nullptr) {
    // Text reports cut event names to the column (26 characters in 11g's Foreground Wait Events,
    // "latch: cache buffers chain"): a name as long as the column is expanded to the one known event
    // it starts with, so it pairs with the HTML report's and the other list's row.
    const int name_col = t.column_index(ColumnId::event);
    const std::size_t longest = longest_cell(t, name_col);
    const auto occ = occurrences(t, name_col);
    const bool idle_last = t.section == SectionId::foreground_events || t.section == SectionId::background_events;
    bool idle_tail = false;  // an idle event was listed above
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const RawRow& r = t.rows[i];
      if (!cluster_row(t, r)) continue;
      WaitEvent e;
      e.name = text(t, r, ColumnId::event);
      if (e.name.empty()) continue;
      e.name = full_name(e.name, longest, "event", 18, occ[i].first, occ[i].second);
      if (idle_last) e.name = by_idleness(e.name, longest, idle_tail);
      e.line = r.line;
      e.is_cpu = is_cpu_event(e.name);
      if (e.is_cpu) e.name = "DB CPU";  // 10g and Statspack print "CPU time"
      e.waits = num(t, r, ColumnId::waits);
      e.time_s = num(t, r, ColumnId::time_s);
      e.avg_wait_ms = num(t, r, ColumnId::avg_wait_ms);
      e.pct_db_time = num(t, r, ColumnId::pct_db_time);
      e.wait_class = expand_wait_class(text(t, r, ColumnId::wait_class));
      if (e.is_cpu) {
        e.waits.reset();
        e.avg_wait_ms.reset();
        e.wait_class.clear();
      } else if (e.wait_class == "Idle" || (e.wait_class.empty() && is_idle_event(e.name))) {
        e.is_idle = true;
        e.wait_class = "Idle";
      }
      idle_tail = idle_tail || e.is_idle;
      out.push_back(std::move(e));
      if (resolutions != nullptr)
        resolutions->push_back({resolution(t, r, ColumnId::time_s), resolution(t, r, ColumnId::waits),
                                resolution(t, r, ColumnId::avg_wait_ms), resolution(t, r, ColumnId::pct_db_time)});
    }
  }

  // The top list and Foreground Wait Events print the same foreground event with different precision:
  // the top list rounds to its width ("2198.8K", "1.8E+08") where the full list prints every digit, and
  // 11g-12c HTML reports print the full list in whole seconds where the top list has tenths (2,048.1
  // vs 2048). Where the two rows agree within their rounding on every figure both print, they are one
  // measurement: each figure takes the more precise print (the full list's on a tie), and a figure only
  // one of them prints (waits, time, average) is filled in, so both rows carry the same figures. Rows
  // that disagree are different measurements (Statspack's top list counts background sessions too) and
  // stay as printed; Snapshot::foreground_event takes the full list's then. Either way the full list's
  // row takes the top list's wait class when it prints none.
  void finish_events() {
    if (m_top_resolution.size() != m_snap.top_events.size() || m_fg_resolution.size() != m_snap.foreground_events.size())
      return;  // not read by events(): nothing known about their precision
    finish_db_cpu();
    auto same_name = [](std::string_view a, std::string_view b) {
      return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
               return std::tolower(x) == std::tolower(y);
             });
    };
    using Field = OptDouble WaitEvent::*;
    using FieldRes = OptDouble EventResolution::*;
    static constexpr std::pair<Field, FieldRes> k_fields[] = {{&WaitEvent::time_s, &EventResolution::time_s},
                                                               {&WaitEvent::waits, &EventResolution::waits},
                                                               {&WaitEvent::avg_wait_ms, &EventResolution::avg_wait_ms},
                                                               {&WaitEvent::pct_db_time, &EventResolution::pct_db_time}};
    for (std::size_t i = 0; i < m_snap.top_events.size(); ++i) {
      WaitEvent& top = m_snap.top_events[i];
      if (top.is_cpu) continue;
      std::size_t j = 0;
      while (j < m_snap.foreground_events.size() && !same_name(m_snap.foreground_events[j].name, top.name)) ++j;
      if (j == m_snap.foreground_events.size()) continue;
      WaitEvent& full = m_snap.foreground_events[j];
      if (full.wait_class.empty()) full.wait_class = top.wait_class;  // the full list often prints none
      const EventResolution& rt = m_top_resolution[i];
      const EventResolution& rf = m_fg_resolution[j];
      bool agree = false;
      for (const auto& [f, res] : k_fields) {
        if (!(top.*f) || !(full.*f)) continue;
        const double tolerance = ((rt.*res).value_or(0) + (rf.*res).value_or(0)) / 2;
        if (std::fabs(*(top.*f) - *(full.*f)) > tolerance * (1 + 1e-9)) {
          agree = false;
          break;
        }
        agree = true;
      }
      if (!agree) continue;
      for (const auto& [f, res] : k_fields) {
        OptDouble& a = top.*f;
        OptDouble& b = full.*f;
        if (a && b) {
          const bool top_finer = (rt.*res) && (!(rf.*res) || *(rt.*res) < *(rf.*res));
          if (top_finer) b = a;
          else a = b;
        } else if (f != &WaitEvent::pct_db_time) {  // a percentage only one list prints may be of another total
          if (a) b = a;
          else a = b;
        }
      }
    }
  }

  // The top list's DB CPU row is the time model's DB CPU, rounded to the list's width (19c: "321.5K",
  // "92.9K" where the time model prints 321,484.48 and 92,864.71; 11.2: "5,207" against 5,207.4).
  // Where the two agree within their rounding, the row takes the time model's time and % of DB time
  // when they are printed more finely, so the top events table and the DB CPU part of the change read
  // one figure. Statspack's "CPU time" counts background sessions too: another measure, left as printed.
  void finish_db_cpu() {
    if (m_snap.kind == ReportKind::statspack || !m_tm_cpu_resolution) return;
    const TimeModelRow* tm = nullptr;
    for (const auto& row : m_snap.time_model)
      if (is_cpu_event(row.name)) tm = &row;
    if (tm == nullptr || !tm->time_s) return;
    for (std::size_t i = 0; i < m_snap.top_events.size(); ++i) {
      WaitEvent& top = m_snap.top_events[i];
      if (!top.is_cpu || !top.time_s) continue;
      const EventResolution& rt = m_top_resolution[i];
      auto finer = [](const OptDouble& mine, const OptDouble& theirs) { return theirs && (!mine || *theirs < *mine); };
      auto agree = [](double a, double b, const OptDouble& ra, const OptDouble& rb) {
        return std::fabs(a - b) <= (ra.value_or(0) + rb.value_or(0)) / 2 * (1 + 1e-9);
      };
      if (!agree(*top.time_s, *tm->time_s, rt.time_s, m_tm_cpu_resolution->time_s)) return;
      if (top.pct_db_time && tm->pct_db_time &&
          !agree(*top.pct_db_time, *tm->pct_db_time, rt.pct_db_time, m_tm_cpu_resolution->pct_db_time))
        return;
      if (finer(rt.time_s, m_tm_cpu_resolution->time_s)) top.time_s = tm->time_s;
      if (tm->pct_db_time && finer(rt.pct_db_time, m_tm_cpu_resolution->pct_db_time)) top.pct_db_time = tm->pct_db_time;
      return;
    }
  }

  void wait_classes(const RawTable& t, std::vector<WaitClassRow>& out) {
    const int name_col = t.column_index(ColumnId::wait_class);
    for (const auto& r : t.rows) {
      WaitClassRow w;
      w.name = name_col >= 0 ? text(t, r, ColumnId::wait_class) : (r.cells.empty() ? "" : r.cells.front());
      if (w.name.empty()) continue;
      w.name = expand_wait_class(w.name);
      w.waits = num(t, r, ColumnId::waits);
      w.time_s = num(t, r, ColumnId::time_s);
      w.avg_wait_ms = num(t, r, ColumnId::avg_wait_ms);
      w.pct_db_time = num(t, r, ColumnId::pct_db_time);
      out.push_back(std::move(w));
    }
  }

  void host_cpu(const RawTable& t) {
    if (t.rows.empty()) return;
    const RawRow& r = t.rows.front();
    auto& h = m_snap.host_cpu;
    h.load_average_begin = num(t, r, ColumnId::load_average_begin);
    h.load_average_end = num(t, r, ColumnId::load_average_end);
    h.pct_user = num(t, r, ColumnId::pct_user);
    h.pct_system = num(t, r, ColumnId::pct_system);
    h.pct_wio = num(t, r, ColumnId::pct_wio);
    h.pct_idle = num(t, r, ColumnId::pct_idle);
  }

  void time_model(const RawTable& t) {
    if (!m_snap.time_model.empty()) return;
    for (const auto& r : t.rows) {
      TimeModelRow row;
      row.name = std::string(without_footnote_marker(text(t, r, ColumnId::statistic)));
      if (row.name.empty()) continue;
      row.time_s = num(t, r, ColumnId::time_s);
      row.pct_db_time = num(t, r, ColumnId::pct_db_time);
      if (is_cpu_event(row.name) && !m_tm_cpu_resolution)
        m_tm_cpu_resolution = EventResolution{resolution(t, r, ColumnId::time_s), std::nullopt, std::nullopt,
                                              resolution(t, r, ColumnId::pct_db_time)};
      m_snap.time_model.push_back(std::move(row));
    }
  }

  // Container DB Id / Container Name / Open Time: a PDB report lists its one container; a CDB root
  // report lists them all (CDB$ROOT, PDB$SEED, every PDB), which names no single container.
  void containers(const RawTable& t) {
    if (t.rows.size() != 1) return;
    const RawRow& r = t.rows.front();
    auto& db = m_snap.database;
    db.container = text(t, r, ColumnId::container);
    // A redacted name (Autonomous Database) prints the rest of its closing tag as the value: "/td>".
    if (db.container == "/td>" || db.container == "td>") {
      diag(t, r.line, fmt::format("Container Name '{}' is markup, not a name: taken as blank", db.container),
           Diagnostic::Level::info);
      db.container.clear();
    }
    if (auto v = text(t, r, ColumnId::con_dbid); !v.empty()) {
      try {
        db.con_dbid = std::stoull(v);
      } catch (...) {
        diag(t, r.line, fmt::format("Container DB Id '{}' is not a number", v));
      }
    }
  }

  // ---- RAC global report (awrgrpt.sql) --------------------------------------------------------
  // Database Summary: Id and Name under "Database" are its first two columns (awrgrpt prints them
  // first; their headers "Id" / "Name" are too generic for the catalog); Begin / End under
  // "Snapshot Ids"; the first "In Report" is the number of instances; DB time and Elapsed time in
  // minutes (DB time summed over the instances, elapsed the report's total).
  void rac_database_summary(const RawTable& t) {
    if (t.rows.empty()) return;
    header(t);
    const RawRow& r = t.rows.front();
    auto& db = m_snap.database;
    if (r.cells.size() > 1) {
      try {
        db.dbid = std::stoull(std::string(trim(r.cells[0])));
      } catch (...) {
        diag(t, r.line, fmt::format("DB Id '{}' is not a number", r.cells[0]));
      }
      db.name = detail::fold_space(r.cells[1]);
    }
    auto& iv = m_snap.interval;
    if (auto v = num(t, r, ColumnId::load_average_begin)) iv.begin_snap = static_cast<std::int64_t>(*v);
    if (auto v = num(t, r, ColumnId::load_average_end)) iv.end_snap = static_cast<std::int64_t>(*v);
    if (auto v = num(t, r, ColumnId::in_report)) db.instances = static_cast<int>(*v);
    if (auto v = num(t, r, ColumnId::db_time_min)) iv.db_time_s = *v * 60.0;
    if (auto v = num(t, r, ColumnId::elapsed_min)) iv.elapsed_s = *v * 60.0;
  }

  InstanceRow& instance_row(int number) {
    for (auto& i : m_snap.instance_rows)
      if (i.instance_number == number) return i;
    m_snap.instance_rows.emplace_back();
    m_snap.instance_rows.back().instance_number = number;
    return m_snap.instance_rows.back();
  }

  void rac_instances(const RawTable& t) {
    auto& db = m_snap.database;
    auto join = [](std::string& field, const std::string& v) {
      if (v.empty()) return;
      if (!field.empty()) field += ", ";
      field += v;
    };
    db.instance.clear();
    db.host.clear();
    db.startup_time.clear();
    for (const auto& r : t.rows) {
      auto n = num(t, r, ColumnId::inst_id);
      if (!n) continue;
      InstanceRow& i = instance_row(static_cast<int>(*n));
      i.instance = text(t, r, ColumnId::instance);
      i.host = text(t, r, ColumnId::host_name);
      i.startup_time = text(t, r, ColumnId::startup_time);
      i.release = text(t, r, ColumnId::release);
      i.platform = text(t, r, ColumnId::platform);
      if (auto v = num(t, r, ColumnId::elapsed_min)) i.elapsed_s = *v * 60.0;
      if (auto v = num(t, r, ColumnId::db_time_min); v && !i.db_time_s) i.db_time_s = *v * 60.0;
      i.average_active_sessions = num(t, r, ColumnId::avg_active_sessions);
      // The cluster: instance names, hosts and startups listed together (a restart of any instance
      // changes the list); release and platform of the first instance.
      join(db.instance, i.instance);
      if (db.host.find(i.host) == std::string::npos) join(db.host, i.host);
      join(db.startup_time, i.startup_time);
      if (db.release.empty()) db.release = i.release;
      if (db.platform.empty()) db.platform = i.platform;
      if (m_snap.interval.begin_time.empty()) m_snap.interval.begin_time = text(t, r, ColumnId::begin_snap_time);
      if (m_snap.interval.end_time.empty()) m_snap.interval.end_time = text(t, r, ColumnId::end_snap_time);
    }
    if (!db.instances && !m_snap.instance_rows.empty()) db.instances = static_cast<int>(m_snap.instance_rows.size());
    if (m_snap.instance_rows.size() == 1) db.instance_number = m_snap.instance_rows.front().instance_number;
  }

  // Time Model: one column per statistic; the Sum row becomes the time model, I# rows give each
  // instance's DB time and DB CPU.
  static bool is_instance_number(const std::string& v) {
    return !v.empty() && v.size() < 6 && v.find_first_not_of("0123456789") == std::string::npos;
  }

  // The I# of the cluster-total row: "Sum"; a report of one instance prints no Sum row, and that
  // instance's row is the total.
  std::string totals_label(const RawTable& t) const {
    int instances = 0;
    std::string single;
    for (const auto& r : t.rows) {
      const std::string inst = text(t, r, ColumnId::inst_id);
      if (inst == "Sum") return inst;
      if (is_instance_number(inst)) {
        ++instances;
        single = inst;
      }
    }
    return instances == 1 ? single : "Sum";
  }

  void rac_time_model(const RawTable& t) {
    if (!m_snap.time_model.empty()) return;
    const std::string totals = totals_label(t);
    for (const auto& r : t.rows) {
      const std::string inst = text(t, r, ColumnId::inst_id);
      if (!is_instance_number(inst) && inst != "Sum") continue;  // Avg, Std
      InstanceRow* row = is_instance_number(inst) ? &instance_row(std::stoi(inst)) : nullptr;
      const bool sum = inst == totals;
      for (std::size_t c = 0; c < t.headers.size() && c < r.cells.size(); ++c) {
        auto stat = global_time_model_statistic(t.headers[c]);
        if (stat.empty()) continue;
        auto v = parse_cell(r.cells[c], Unit::seconds);
        if (v.status == CellStatus::invalid || v.status == CellStatus::overflow)
          diag(t, r.line, fmt::format("column '{}': cannot read '{}'", t.headers[c], r.cells[c]));
        if (row != nullptr) {
          if (stat == "DB time") row->db_time_s = v.value;
          if (stat == "DB CPU") row->db_cpu_s = v.value;
        }
        if (sum) m_snap.time_model.push_back({std::string(stat), v.value, std::nullopt});
      }
      if (sum && m_snap.time_model.empty()) diag(t, r.line, "Time Model: no known statistic columns");
    }
    // % of DB time for the foreground statistics (DB time and background rows have none, as in awrrpt).
    const TimeModelRow* db = m_snap.time_model_row("DB time");
    if (db == nullptr || !db->time_s || *db->time_s <= 0) return;
    const double total = *db->time_s;
    for (auto& row : m_snap.time_model)
      if (row.name != "DB time" && row.name.rfind("background", 0) != 0 && row.time_s)
        row.pct_db_time = *row.time_s / total * 100.0;
  }

  // Foreground Wait Classes: the totals row becomes the wait classes (time only; % of DB time from
  // the row's own DB time).
  void rac_foreground_wait_classes(const RawTable& t) {
    if (!m_snap.wait_classes.empty()) return;
    const std::string totals = totals_label(t);
    for (const auto& r : t.rows) {
      if (text(t, r, ColumnId::inst_id) != totals) continue;
      const OptDouble db = num(t, r, ColumnId::db_time_min);  // "DB time" header; here in seconds
      for (std::size_t c = 0; c < t.headers.size() && c < r.cells.size(); ++c) {
        auto wc = global_wait_class(t.headers[c]);
        if (wc.empty()) continue;
        auto v = parse_cell(r.cells[c], Unit::seconds);
        if (v.status == CellStatus::invalid || v.status == CellStatus::overflow)
          diag(t, r.line, fmt::format("column '{}': cannot read '{}'", t.headers[c], r.cells[c]));
        WaitClassRow w;
        w.name = std::string(wc);
        w.time_s = v.value;
        if (w.time_s && db && *db > 0) w.pct_db_time = *w.time_s / *db * 100.0;
        m_snap.wait_classes.push_back(std::move(w));
      }
    }
    std::stable_sort(m_snap.wait_classes.begin(), m_snap.wait_classes.end(), [](const WaitClassRow& a, const WaitClassRow& b) {
      return a.time_s.value_or(-1) > b.time_s.value_or(-1);
    });
    // They are the foreground wait classes (the global report has no other wait class totals).
    if (m_snap.foreground_wait_classes.empty()) m_snap.foreground_wait_classes = m_snap.wait_classes;
  }

  // OS Statistics By Instance: the cluster's CPUs, cores and sockets are the instances' sums (one
  // instance per host); its %User/%System/%WIO/%Idle are the instances' figures weighted by each
  // host's CPU time (Total). Load averages do not add up: they stay absent.
  void rac_os_stats(const RawTable& t) {
    auto& db = m_snap.database;
    double cpus = 0, cores = 0, sockets = 0, weight = 0, usr = 0, sys = 0, wio = 0, idle = 0;
    bool any = false, pct = true;
    for (const auto& r : t.rows) {
      if (!is_instance_number(text(t, r, ColumnId::inst_id))) continue;
      any = true;
      cpus += num(t, r, ColumnId::cpus).value_or(0);
      cores += num(t, r, ColumnId::cores).value_or(0);
      sockets += num(t, r, ColumnId::sockets).value_or(0);
      auto total = num(t, r, ColumnId::total);
      auto u = num(t, r, ColumnId::pct_user), s2 = num(t, r, ColumnId::pct_system), w = num(t, r, ColumnId::pct_wio),
           i = num(t, r, ColumnId::pct_idle);
      if (!total || !u || !s2 || !i) {
        pct = false;
        continue;
      }
      weight += *total;
      usr += *u * *total;
      sys += *s2 * *total;
      wio += w.value_or(0) * *total;
      idle += *i * *total;
    }
    if (!any) return;
    if (cpus > 0) db.cpus = cpus;
    if (cores > 0) db.cores = cores;
    if (sockets > 0) db.sockets = sockets;
    if (pct && weight > 0) {
      m_snap.host_cpu.pct_user = usr / weight;
      m_snap.host_cpu.pct_system = sys / weight;
      m_snap.host_cpu.pct_wio = wio / weight;
      m_snap.host_cpu.pct_idle = idle / weight;
    }
  }

  // System Statistics - Per Second: the Sum row is the cluster's load profile (per second only).
  void rac_sysstat_per_second(const RawTable& t) {
    if (!m_snap.load_profile.empty()) return;
    const std::string totals = totals_label(t);
    for (const auto& r : t.rows) {
      if (text(t, r, ColumnId::inst_id) != totals) continue;
      for (std::size_t c = 0; c < t.headers.size() && c < r.cells.size(); ++c) {
        const auto* spec = find_load_profile_row(t.headers[c]);
        if (spec == nullptr) continue;
        auto v = parse_cell(r.cells[c], Unit::count);
        if (v.status == CellStatus::invalid || v.status == CellStatus::overflow)
          diag(t, r.line, fmt::format("column '{}': cannot read '{}'", t.headers[c], r.cells[c]));
        LoadProfileRow row;
        row.key = std::string(spec->key);
        row.label = std::string(spec->display);
        row.per_second = v.value;
        // "Redo Size (k)/s" is in KiB.
        if (row.per_second && t.headers[c].find("(k)") != std::string::npos) *row.per_second *= 1024.0;
        m_snap.load_profile.push_back(std::move(row));
      }
    }
  }

  // DB time and DB CPU per second lead the Load Profile of an instance report; a global report
  // prints them in no per-second table: derive them from the summed time model and the elapsed time.
  void finish_global() {
    if (m_snap.kind != ReportKind::awr_global) return;
    const auto elapsed = m_snap.interval.elapsed_s;
    if (!elapsed || *elapsed <= 0) return;
    std::vector<LoadProfileRow> lead;
    auto add = [&](std::string_view key, OptDouble total) {
      if (!total || m_snap.load_profile_row(key) != nullptr) return;
      for (const auto& spec : all_load_profile_rows())
        if (spec.key == key) {
          LoadProfileRow row;
          row.key = std::string(key);
          row.label = std::string(spec.display);
          row.per_second = *total / *elapsed;
          lead.push_back(std::move(row));
        }
    };
    add("db_time", m_snap.db_time_s());
    add("db_cpu", m_snap.db_cpu_s());
    m_snap.load_profile.insert(m_snap.load_profile.begin(), lead.begin(), lead.end());
  }

  // Instance Activity per Second and per Trans printed as '####': total / elapsed and total /
  // transactions, transactions being user commits + user rollbacks over the interval (as Oracle
  // divides), else the Load Profile's Transactions per second x elapsed. Without a total, elapsed
  // or transactions the figure stays absent, with a warning naming it.
  void finish_overflow() {
    if (m_overflow.empty()) return;
    const OptDouble elapsed = m_snap.interval.elapsed_s;
    OptDouble txns;
    const ActivityStat* commits = m_snap.activity_stat("user commits");
    const ActivityStat* rollbacks = m_snap.activity_stat("user rollbacks");
    if (commits != nullptr && commits->total) txns = *commits->total + (rollbacks != nullptr ? rollbacks->total.value_or(0) : 0);
    if (!txns)
      if (const auto* lp = m_snap.load_profile_row("transactions"); lp != nullptr && lp->per_second && elapsed)
        txns = *lp->per_second * *elapsed;
    for (const auto& o : m_overflow) {
      ActivityStat& a = m_snap.activity[o.index];
      if (o.per_trans ? a.per_trans : a.per_second) continue;  // another table of the stat printed it
      const char* what = o.per_trans ? "per Trans" : "per Second";
      const OptDouble divisor = o.per_trans ? txns : elapsed;
      std::string section(section_spec(o.section).key);
      if (a.total && divisor && *divisor > 0) {
        (o.per_trans ? a.per_trans : a.per_second) = *a.total / *divisor;
        m_snap.diagnostics.push_back({Diagnostic::Level::info, std::move(section), o.line,
                                      fmt::format("'{}': {} printed as '####', derived from the total ({})", a.name, what,
                                                  o.per_trans ? "total / (user commits + user rollbacks)" : "total / elapsed")});
      } else {
        m_snap.diagnostics.push_back({Diagnostic::Level::warning, std::move(section), o.line,
                                      fmt::format("'{}': {} printed as '####' and not derivable (no {}): left absent", a.name,
                                                  what, !a.total ? "total" : o.per_trans ? "transaction count" : "elapsed time")});
      }
    }
  }

  // Operating System Statistics stand in where the report leaves the host blank: the header's CPUs,
  // Cores, Sockets and Memory (GB) (blank on some AIX reports) from NUM_CPUS, NUM_CPU_CORES,
  // NUM_CPU_SOCKETS and PHYSICAL_MEMORY_BYTES; an empty Host CPU section's %User, %System, %WIO and
  // %Idle from the interval's USER_TIME, SYS_TIME, IOWAIT_TIME and IDLE_TIME over BUSY_TIME + IDLE_TIME
  // (the times are deltas over the interval, in centiseconds), as awrrpt computes them.
  void finish_host() {
    if (m_snap.os_stats.empty()) return;
    auto value = [&](std::string_view name) -> OptDouble {
      const OsStat* o = m_snap.os_stat(name);
      if (o == nullptr) return std::nullopt;
      return o->end_value ? o->end_value : o->value;
    };
    auto& db = m_snap.database;
    if (!db.cpus) db.cpus = value("NUM_CPUS");
    if (!db.cores) db.cores = value("NUM_CPU_CORES");
    if (!db.sockets) db.sockets = value("NUM_CPU_SOCKETS");
    if (!db.memory_gb)
      if (auto b = value("PHYSICAL_MEMORY_BYTES"); b && *b > 0) db.memory_gb = *b / (1024.0 * 1024 * 1024);
    auto& h = m_snap.host_cpu;
    if (h.pct_idle || m_snap.kind == ReportKind::awr_global) return;
    const OsStat* busy = m_snap.os_stat("BUSY_TIME");
    const OsStat* idle = m_snap.os_stat("IDLE_TIME");
    if (busy == nullptr || idle == nullptr || !busy->value || !idle->value) return;
    const double total = *busy->value + *idle->value;
    if (!(total > 0) || *busy->value < 0 || *idle->value < 0) return;
    auto share = [&](std::string_view name) -> OptDouble {
      const OsStat* o = m_snap.os_stat(name);
      return o != nullptr && o->value ? OptDouble(*o->value / total * 100.0) : std::nullopt;
    };
    h.pct_idle = *idle->value / total * 100.0;
    h.pct_user = share("USER_TIME");
    h.pct_system = share("SYS_TIME");
    h.pct_wio = share("IOWAIT_TIME");
    m_snap.diagnostics.push_back({Diagnostic::Level::info, "host_cpu", 0,
                                  fmt::format("Host CPU section empty: busy {:.1f}% from Operating System Statistics "
                                              "BUSY_TIME / (BUSY_TIME + IDLE_TIME)",
                                              100.0 - *h.pct_idle)});
  }

  SqlStat& sql_entry(const std::string& id) {
    auto [it, inserted] = m_sql_index.try_emplace(id, m_snap.sql.size());
    if (inserted) {
      m_snap.sql.emplace_back();
      m_snap.sql.back().sql_id = id;
    }
    return m_snap.sql[it->second];
  }

  // Text reports: "Module: X" then SQL text wrapped at 80 columns, mid-word.
  static void split_continuation(const std::vector<std::string>& lines, std::string& module, std::string& sql) {
    std::string out;
    for (const auto& l : lines) {
      std::string_view v = l;
      if (v.rfind("Module: ", 0) == 0) {
        module = std::string(trim(v.substr(8)));
        continue;
      }
      if (v.rfind("PDB: ", 0) == 0 || v.rfind("Container: ", 0) == 0) continue;
      out += l;  // the wrap is mid-word: no space is added (a space at the cut stays on its line)
    }
    sql = std::string(trim(out));
  }

  void sql_list(const RawTable& t) {
    const auto& spec = section_spec(t.section);
    m_snap.has_sql_sections = true;
    // AWR keys statements by SQL Id; Statspack by Old Hash Value (10g+) or Hash Value (9i, and the
    // Reads list of 10g+, which prints the old hash value under a "Hash Value" header).
    ColumnId id_col = ColumnId::sql_id;
    const char* id_kind = "sql_id";
    if (t.column_index(ColumnId::sql_id) < 0) {
      if (t.column_index(ColumnId::old_hash_value) >= 0) {
        id_col = ColumnId::old_hash_value;
        id_kind = "old_hash_value";
      } else if (t.column_index(ColumnId::hash_value) >= 0) {
        id_col = ColumnId::hash_value;
        id_kind = "hash_value";
      }
    }
    for (const auto& r : t.rows) {
      std::string id = text(t, r, id_col);
      if (id.empty()) continue;
      SqlStat& s = sql_entry(id);
      if (std::string_view(id_kind) == "old_hash_value" || s.lists.empty()) s.id_kind = id_kind;
      if (!s.plan_hash_value)
        if (auto p = text(t, r, ColumnId::plan_hash_value); !p.empty() && p.find_first_not_of("0123456789") == std::string::npos)
          s.plan_hash_value = std::stoull(p);
      if (std::find(s.lists.begin(), s.lists.end(), spec.key) == s.lists.end()) s.lists.emplace_back(spec.key);
      auto take = [&](OptDouble& field, ColumnId col) {
        if (field) return;
        if (auto v = num(t, r, col)) field = v;
      };
      take(s.elapsed_s, ColumnId::elapsed_s);
      take(s.cpu_s, ColumnId::cpu_s);
      take(s.user_io_s, ColumnId::user_io_s);
      take(s.executions, ColumnId::executions);
      take(s.buffer_gets, ColumnId::buffer_gets);
      take(s.physical_reads, ColumnId::physical_reads);
      take(s.parse_calls, ColumnId::parse_calls);
      take(s.rows_processed, ColumnId::rows_processed);
      if (t.section == SectionId::sql_elapsed) {
        take(s.pct_db_time, ColumnId::pct_total);
        if (auto e = num(t, r, ColumnId::elapsed_s)) {
          if (!m_snap.sql_elapsed_cutoff_s || *e < *m_snap.sql_elapsed_cutoff_s) m_snap.sql_elapsed_cutoff_s = e;
        }
      }
      // %CPU and %IO are shares of elapsed time: derive CPU and user I/O seconds when not given.
      if (auto ela = num(t, r, ColumnId::elapsed_s)) {
        if (!s.cpu_s) if (auto p = num(t, r, ColumnId::pct_cpu)) s.cpu_s = *ela * *p / 100.0;
        if (!s.user_io_s) if (auto p = num(t, r, ColumnId::pct_io)) s.user_io_s = *ela * *p / 100.0;
      }
      std::string module = text(t, r, ColumnId::module), sql = text(t, r, ColumnId::sql_text);
      if (!r.continuation.empty()) split_continuation(r.continuation, module, sql);
      if (s.module.empty()) s.module = module;
      if (s.pdb_name.empty()) s.pdb_name = text(t, r, ColumnId::pdb_name);
      if (!s.text_complete && sql.size() > s.text.size()) s.text = sql;
    }
  }

  void sql_text(const RawTable& t) {
    for (const auto& r : t.rows) {
      std::string id = text(t, r, ColumnId::sql_id);
      if (id.empty()) continue;
      std::string sql = text(t, r, ColumnId::sql_text);
      if (!r.continuation.empty()) {
        std::vector<std::string> lines{sql};
        lines.insert(lines.end(), r.continuation.begin(), r.continuation.end());
        std::string module;
        split_continuation(lines, module, sql);
      }
      auto it = m_sql_index.find(id);
      if (it == m_sql_index.end()) continue;  // text of a statement no list showed: nothing to attach
      auto& s = m_snap.sql[it->second];
      if (!sql.empty()) {
        s.text = sql;
        s.text_complete = true;
      }
    }
  }

  void finish_sql() {
    // Statspack 10g+ prints the old hash value in every list, though its Reads list heads the
    // column "Hash Value" (the same statement shows the same number in both): one kind per report.
    const bool old_hash = std::any_of(m_snap.sql.begin(), m_snap.sql.end(),
                                      [](const SqlStat& q) { return q.id_kind == "old_hash_value"; });
    if (old_hash)
      for (auto& q : m_snap.sql)
        if (q.id_kind == "hash_value") q.id_kind = "old_hash_value";
    std::stable_sort(m_snap.sql.begin(), m_snap.sql.end(), [](const SqlStat& a, const SqlStat& b) {
      if (a.elapsed_s.has_value() != b.elapsed_s.has_value()) return a.elapsed_s.has_value();
      return a.elapsed_s.value_or(0) > b.elapsed_s.value_or(0);
    });
  }

  // ---- sections beyond the summary: one function per section ---------------------------------
  // Returns true when the table was read into a typed field of the Snapshot.
  bool typed_section(const RawTable& t) {
    switch (t.section) {
      case SectionId::instance_activity:
      case SectionId::instance_activity_absolute:
      case SectionId::instance_activity_thread: activity(t); return true;
      case SectionId::init_ora: parameters(t); return true;
      case SectionId::iostat_function: iostat(t, m_snap.iostat_function, ColumnId::function_name, "function"); return true;
      case SectionId::iostat_filetype: iostat(t, m_snap.iostat_filetype, ColumnId::filetype_name, "filetype"); return true;
      case SectionId::cache_sizes:
        if (t.column_index(ColumnId::inst_id) >= 0) return false;  // RAC global: one row per instance, in MB
        cache_sizes(t);
        return true;
      case SectionId::tablespace_io: tablespace_io(t, m_snap.tablespace_io); return true;
      case SectionId::file_io: tablespace_io(t, m_snap.file_io); return true;
      case SectionId::latch_activity:
      case SectionId::latch_sleep_breakdown: latches(t); return true;
      case SectionId::mutex_sleep_summary: mutex_sleeps(t); return true;
      case SectionId::enqueue_activity: enqueues(t); return true;
      case SectionId::library_cache: library_cache(t); return true;
      case SectionId::dictionary_cache: dictionary_cache(t); return true;
      case SectionId::undo_summary: undo(t); return true;
      case SectionId::wait_histogram:
      case SectionId::wait_histogram_us:
      case SectionId::wait_histogram_32ms:
      case SectionId::wait_histogram_2s:
      case SectionId::wait_histogram_2min:
      case SectionId::wait_histogram_1hr: wait_histogram(t); return true;
      case SectionId::addm_findings: addm_findings(t); return true;
      case SectionId::gc_load_profile:
      case SectionId::gc_efficiency:
      case SectionId::gc_workload:
      case SectionId::gc_messaging: global_cache(t); return true;
      case SectionId::os_stats: os_stats(t); return true;
      default: break;
    }
    if (is_segment_list(t.section)) {
      segments(t);
      return true;
    }
    return false;
  }

  static bool is_segment_list(SectionId id) {
    return section_spec(id).key.rfind("segments_", 0) == 0;
  }

  // Index of the first column with this id at or after `from`, or -1 (for headers printed twice:
  // "Reqs per sec" under Reads: and under Writes:, "Pct Miss" for gets and for pins).
  static int column_from(const RawTable& t, ColumnId id, int from) {
    for (std::size_t i = from < 0 ? 0 : static_cast<std::size_t>(from); i < t.columns.size(); ++i)
      if (t.columns[i] == id) return static_cast<int>(i);
    return -1;
  }

  OptDouble num_at(const RawTable& t, const RawRow& r, int c, Unit unit) {
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return std::nullopt;
    auto v = parse_cell(r.cells[c], unit);
    cell_diag(t, r, c, v.status);
    return v.value;
  }

  // Text reports cut names to their column: a name as long as the longest in its table (less one,
  // for a cut that ended on a space) may be cut. Expanded through the catalog vocabulary only then.
  // A cut name printed `count` times in one table (`ordinal` is this one's 0-based occurrence) maps
  // to the catalog names it starts with in their sorted order when there are exactly as many.
  std::string full_name(const std::string& name, std::size_t longest, std::string_view kind, std::size_t min_length,
                        std::size_t ordinal = 0, std::size_t count = 1) const {
    if (m_snap.format != ReportFormat::text || name.size() + 1 < longest) return name;
    if (count > 1 && name.size() >= min_length) {
      const auto candidates = names_starting_with(name, kind);
      if (candidates.size() == count && ordinal < count) return std::string(candidates[ordinal]);
      return name;
    }
    return expand_cut_name(name, kind, min_length);
  }

  // A cut event name that starts several known events ("Streams AQ: qmn coordinato": "... idle wait"
  // or "... waiting for slave to start") in a list ordered with idle events last: below an idle event
  // it is idle, above every idle event it is not; the one candidate of that kind is its name.
  std::string by_idleness(const std::string& name, std::size_t longest, bool idle_tail) const {
    if (m_snap.format != ReportFormat::text || name.size() + 1 < longest) return name;
    const auto candidates = names_starting_with(name, "event");
    if (candidates.size() < 2) return name;
    std::string_view found;
    int n = 0;
    for (auto c : candidates)
      if (is_idle_event(c) == idle_tail) {
        found = c;
        ++n;
      }
    return n == 1 ? std::string(found) : name;
  }

  // For each row, how many rows of the table print the same name and which occurrence this is.
  static std::vector<std::pair<std::size_t, std::size_t>> occurrences(const RawTable& t, int c) {
    std::vector<std::string> names;
    names.reserve(t.rows.size());
    for (const auto& r : t.rows) names.push_back(cell_at(t, r, c));
    std::unordered_map<std::string_view, std::pair<std::size_t, std::size_t>> count;  // seen, total
    for (const auto& n : names) ++count[n].second;
    std::vector<std::pair<std::size_t, std::size_t>> out;
    out.reserve(names.size());
    for (const auto& n : names) {
      auto& [seen, total] = count[n];
      out.emplace_back(seen++, total);
    }
    return out;
  }

  static std::size_t longest_cell(const RawTable& t, int c) {
    std::size_t n = 0;
    for (const auto& r : t.rows) n = std::max(n, t.folded ? cell_size(r, c) : cell_at(t, r, c).size());
    return n;
  }

  static std::size_t cell_size(const RawRow& r, int c) {
    return c < 0 || static_cast<std::size_t>(c) >= r.cells.size() ? 0 : r.cells[static_cast<std::size_t>(c)].size();
  }

  // Cell `c` of a row with white space folded, so that "enq: IV -  contention" reads alike in text
  // and HTML (HTML cells come folded); empty when the row is shorter.
  static std::string cell_at(const RawTable& t, const RawRow& r, int c) {
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return {};
    const auto& cell = r.cells[static_cast<std::size_t>(c)];
    return t.folded ? cell : detail::fold_space(cell);
  }

  // Instance Activity Stats (Key / Other / all), - Absolute Values, - Thread Activity: merged by name.
  void activity(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::statistic);
    if (name_col < 0) {
      generic(t);
      return;
    }
    const bool key_list = normalize_label(t.title).rfind("key", 0) == 0 ||
                          (t.summary.find("Key Instance") != std::string::npos);
    const std::size_t longest = longest_cell(t, name_col);
    const auto occ = occurrences(t, name_col);
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const RawRow& r = t.rows[i];
      const std::string raw = cell_at(t, r, name_col);
      if (raw.empty()) continue;
      const std::string name = full_name(raw, longest, "statistic", 28, occ[i].first, occ[i].second);
      // A cut name that stays ambiguous is kept once per row, never merged with its namesake.
      const std::string key = name == raw && occ[i].second > 1 ? fmt::format("{}\x1f{}", raw, occ[i].first) : name;
      auto [it, inserted] = m_activity_index.try_emplace(key, m_snap.activity.size());
      if (inserted) {
        m_snap.activity.emplace_back();
        m_snap.activity.back().name = name;
        m_snap.activity.back().raw_name = raw;
      }
      ActivityStat& a = m_snap.activity[it->second];
      if (key_list) a.key = true;
      auto take = [&](OptDouble& field, ColumnId id) {
        if (auto v = num(t, r, id)) field = v;
      };
      if (t.section == SectionId::instance_activity_absolute) {
        take(a.begin_value, ColumnId::begin_value);
        take(a.end_value, ColumnId::end_value);
      } else {
        take(a.total, ColumnId::total);
        take(a.per_second, ColumnId::per_second);
        take(a.per_trans, ColumnId::per_trans);
        take(a.per_hour, ColumnId::per_hour);
        // '####' in per Second / per Trans (the figure did not fit its column): derived from the
        // total once the elapsed time and the transactions are known (finish_overflow).
        for (auto [id, per_trans] : {std::pair{ColumnId::per_second, false}, std::pair{ColumnId::per_trans, true}})
          if (overflowed(t, r, id)) m_overflow.push_back({it->second, per_trans, r.line, t.section});
      }
    }
  }

  void parameters(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::parameter);
    if (name_col < 0) {
      generic(t);
      return;
    }
    const std::size_t longest = longest_cell(t, name_col);
    const int begin_col = t.column_index(ColumnId::begin_value), end_col = t.column_index(ColumnId::end_value);
    const std::size_t begin_width = longest_cell(t, begin_col), end_width = longest_cell(t, end_col);
    // A value too long for its column goes on under a blank name (Statspack: control_files): joined
    // with a space after a break between words ("control01.ctl," / "/u01/fra/..."), without one
    // after a cut that filled the column (a wrap mid-word).
    auto join = [](std::string& value, const std::string& more, std::size_t width) {
      if (more.empty()) return;
      if (!value.empty() && (value.size() < width || value.back() == ',')) value += ' ';
      value += more;
    };
    const std::size_t before = m_snap.parameters.size();
    for (const auto& r : t.rows) {
      Parameter p;
      p.name = cell_at(t, r, name_col);
      if (p.name.empty()) {
        if (m_snap.parameters.size() > before && m_snap.format == ReportFormat::text) {
          Parameter& last = m_snap.parameters.back();
          join(last.begin_value, text(t, r, ColumnId::begin_value), begin_width);
          join(last.end_value, text(t, r, ColumnId::end_value), end_width);
        }
        continue;
      }
      p.name = full_name(p.name, longest, "parameter", 20);
      p.begin_value = text(t, r, ColumnId::begin_value);
      p.end_value = text(t, r, ColumnId::end_value);
      p.pdb = text(t, r, ColumnId::pdb_name);
      if (auto d = text(t, r, ColumnId::is_default); !d.empty()) p.is_default = d == "TRUE" || d == "YES";
      m_snap.parameters.push_back(std::move(p));
    }
  }

  // IOStat by Function / by Filetype summary. "Reqs per sec" and "Data per sec" appear under both
  // Reads: and Writes:, told apart by position.
  void iostat(const RawTable& t, std::vector<IoStatRow>& out, ColumnId name_id, std::string_view kind) {
    int name_col = t.column_index(name_id);
    if (name_col < 0) name_col = t.column_index(ColumnId::label);
    const int reads = t.column_index(ColumnId::reads_data_bytes);
    const int writes = t.column_index(ColumnId::writes_data_bytes);
    if (name_col < 0 || reads < 0) {
      generic(t);
      return;
    }
    const int r_reqs = column_from(t, ColumnId::requests_per_second, reads);
    const int r_data = column_from(t, ColumnId::data_per_second_bytes, reads);
    const int w_reqs = writes < 0 ? -1 : column_from(t, ColumnId::requests_per_second, writes);
    const int w_data = writes < 0 ? -1 : column_from(t, ColumnId::data_per_second_bytes, writes);
    const std::size_t longest = longest_cell(t, name_col);
    for (const auto& r : t.rows) {
      IoStatRow row;
      row.raw_name = cell_at(t, r, name_col);
      if (row.raw_name.empty()) continue;
      row.name = full_name(row.raw_name, longest, kind, 6);
      row.reads_data_bytes = num_at(t, r, reads, Unit::bytes);
      row.reads_requests_per_s = num_at(t, r, r_reqs == w_reqs ? -1 : r_reqs, Unit::count);
      row.reads_data_per_s_bytes = num_at(t, r, r_data == w_data ? -1 : r_data, Unit::bytes);
      row.writes_data_bytes = num_at(t, r, writes, Unit::bytes);
      row.writes_requests_per_s = num_at(t, r, w_reqs, Unit::count);
      row.writes_data_per_s_bytes = num_at(t, r, w_data, Unit::bytes);
      row.waits_count = num(t, r, ColumnId::waits_count);
      row.avg_time_ms = num(t, r, ColumnId::avg_time_ms);
      row.small_read_ms = num(t, r, ColumnId::small_read_ms);
      row.large_read_ms = num(t, r, ColumnId::large_read_ms);
      out.push_back(std::move(row));
    }
  }

  // Cache Sizes: "Buffer Cache: | 24,576M | 24,576M | Std Block Size: | 8K". Text reports print the
  // right-hand pair inside the End column's span, so every cell is split on runs of spaces and read
  // as a sequence of "Label:" then values.
  void cache_sizes(const RawTable& t) {
    auto& c = m_snap.cache_sizes;
    for (const auto& r : t.rows) {
      std::vector<std::string> pieces;
      for (const auto& cell : r.cells) {
        std::string_view v = cell;
        while (!v.empty()) {
          v = trim(v);
          if (v.empty()) break;
          auto gap = v.find("  ");
          std::string_view piece = trim(v.substr(0, gap));
          // "Log Buffer: 1,543,604K": a wide value leaves one space after the label.
          if (auto colon = piece.rfind(": "); colon != std::string_view::npos) {
            pieces.emplace_back(piece.substr(0, colon + 1));
            piece = trim(piece.substr(colon + 1));
          }
          pieces.emplace_back(piece);
          if (gap == std::string_view::npos) break;
          v.remove_prefix(gap);
        }
      }
      std::string label;
      int slot = 0;
      for (const auto& p : pieces) {
        if (!p.empty() && p.back() == ':') {
          label = normalize_label(p);
          slot = 0;
          continue;
        }
        auto v = parse_cell(p, Unit::bytes);
        if (v.status != CellStatus::ok) {
          // Some 12.1 reports print a bare unit ("K") when the value is missing: absent, not 0.
          const bool bare_unit = p == "K" || p == "M" || p == "G";
          if (v.status == CellStatus::invalid)
            diag(t, r.line, fmt::format("Cache Sizes: cannot read '{}'{}", p, bare_unit ? " (no value printed)" : ""),
                 bare_unit ? Diagnostic::Level::info : Diagnostic::Level::warning);
          ++slot;
          continue;
        }
        OptDouble* begin = nullptr;
        OptDouble* end = nullptr;
        if (label == "buffercache") begin = &c.buffer_cache_begin_bytes, end = &c.buffer_cache_end_bytes;
        else if (label == "sharedpoolsize" || label == "sharedpool") begin = &c.shared_pool_begin_bytes, end = &c.shared_pool_end_bytes;
        else if (label == "in-memoryarea") begin = &c.in_memory_area_begin_bytes, end = &c.in_memory_area_end_bytes;
        else if (label == "stdblocksize") begin = end = &c.std_block_size_bytes;
        else if (label == "logbuffer") begin = end = &c.log_buffer_bytes;
        if (begin != nullptr) *(slot == 0 ? begin : end) = v.value;
        ++slot;
      }
    }
  }

  void tablespace_io(const RawTable& t, std::vector<TablespaceIo>& out) {
    const int ts_col = t.column_index(ColumnId::tablespace);
    if (ts_col < 0) {
      generic(t);
      return;
    }
    for (const auto& r : t.rows) {
      TablespaceIo io;
      io.tablespace = cell_at(t, r, ts_col);
      if (io.tablespace.empty()) continue;
      io.filename = text(t, r, ColumnId::filename);
      io.reads = num(t, r, ColumnId::reads);
      io.reads_per_s = num(t, r, ColumnId::reads_per_second);
      io.avg_read_ms = num(t, r, ColumnId::avg_read_ms);
      io.blocks_per_read = num(t, r, ColumnId::blocks_per_read);
      io.writes = num(t, r, ColumnId::writes);
      io.writes_per_s = num(t, r, ColumnId::writes_per_second);
      io.buffer_waits = num(t, r, ColumnId::buffer_waits);
      io.avg_buffer_wait_ms = num(t, r, ColumnId::avg_buffer_wait_ms);
      out.push_back(std::move(io));
    }
  }

  // "Segments by ...": the list's measure is the column before %Total / % of Capture.
  void segments(const RawTable& t) {
    int pct = t.column_index(ColumnId::pct_total);
    if (pct < 0) pct = t.column_index(ColumnId::pct_of_capture);
    const int owner = t.column_index(ColumnId::owner);
    if (pct < 1 || owner < 0) {
      generic(t);
      return;
    }
    const std::string list(section_spec(t.section).key);
    for (const auto& r : t.rows) {
      SegmentStat sg;
      sg.list = list;
      sg.owner = cell_at(t, r, owner);
      sg.object = text(t, r, ColumnId::object_name);
      if (sg.owner.empty() && sg.object.empty()) continue;
      sg.tablespace = text(t, r, ColumnId::tablespace);
      sg.subobject = text(t, r, ColumnId::subobject_name);
      sg.type = text(t, r, ColumnId::object_type);
      sg.value = num_at(t, r, pct - 1, Unit::count);
      sg.pct_total = num_at(t, r, pct, Unit::percent);
      m_snap.segments.push_back(std::move(sg));
    }
  }

  void latches(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::latch_name);
    if (name_col < 0) {
      generic(t);
      return;
    }
    const std::size_t longest = longest_cell(t, name_col);
    const auto occ = occurrences(t, name_col);
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const RawRow& r = t.rows[i];
      const std::string raw = cell_at(t, r, name_col);
      if (raw.empty()) continue;
      const std::string name = full_name(raw, longest, "latch", 18, occ[i].first, occ[i].second);
      const std::string key = name == raw && occ[i].second > 1 ? fmt::format("{}\x1f{}", raw, occ[i].first) : name;
      auto [it, inserted] = m_latch_index.try_emplace(key, m_snap.latches.size());
      if (inserted) {
        m_snap.latches.emplace_back();
        m_snap.latches.back().name = name;
      }
      LatchStat& l = m_snap.latches[it->second];
      auto take = [&](OptDouble& field, ColumnId id) {
        if (auto v = num(t, r, id)) field = v;
      };
      take(l.get_requests, ColumnId::get_requests);
      take(l.pct_get_miss, ColumnId::pct_get_miss);
      take(l.avg_sleeps_per_miss, ColumnId::avg_sleeps_per_miss);
      take(l.wait_time_s, ColumnId::time_s);
      take(l.nowait_requests, ColumnId::nowait_requests);
      take(l.pct_nowait_miss, ColumnId::pct_nowait_miss);
      take(l.misses, ColumnId::misses);
      take(l.sleeps, ColumnId::sleeps);
      take(l.spin_gets, ColumnId::spin_gets);
    }
  }

  void mutex_sleeps(const RawTable& t) {
    for (const auto& r : t.rows) {
      MutexSleep m;
      m.mutex_type = text(t, r, ColumnId::mutex_type);
      m.location = text(t, r, ColumnId::location);
      if (m.mutex_type.empty() && m.location.empty()) continue;
      m.sleeps = num(t, r, ColumnId::sleeps);
      m.wait_time_ms = num(t, r, ColumnId::wait_time_ms);
      m_snap.mutex_sleeps.push_back(std::move(m));
    }
  }

  void enqueues(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::enqueue_type);
    if (name_col < 0) {
      generic(t);
      return;
    }
    for (const auto& r : t.rows) {
      EnqueueStat e;
      e.name = cell_at(t, r, name_col);
      if (e.name.empty()) continue;
      e.requests = num(t, r, ColumnId::requests);
      e.succ_gets = num(t, r, ColumnId::successful_gets);
      e.failed_gets = num(t, r, ColumnId::failed_gets);
      e.waits = num(t, r, ColumnId::waits);
      e.wait_time_s = num(t, r, ColumnId::time_s);
      e.avg_wait_ms = num(t, r, ColumnId::avg_wait_ms);
      m_snap.enqueues.push_back(std::move(e));
    }
  }

  void library_cache(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::namespace_name);
    if (name_col < 0) {
      generic(t);
      return;
    }
    const int gets = t.column_index(ColumnId::get_requests);
    const int pins = t.column_index(ColumnId::pin_requests);
    for (const auto& r : t.rows) {
      LibraryCacheStat l;
      l.name = cell_at(t, r, name_col);
      if (l.name.empty()) continue;
      l.get_requests = num(t, r, ColumnId::get_requests);
      l.pct_get_miss = num_at(t, r, gets < 0 ? -1 : column_from(t, ColumnId::pct_miss, gets), Unit::percent);
      l.pin_requests = num(t, r, ColumnId::pin_requests);
      l.pct_pin_miss = num_at(t, r, pins < 0 ? -1 : column_from(t, ColumnId::pct_miss, pins), Unit::percent);
      l.reloads = num(t, r, ColumnId::reloads);
      l.invalidations = num(t, r, ColumnId::invalidations);
      m_snap.library_cache.push_back(std::move(l));
    }
  }

  void dictionary_cache(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::cache_name);
    if (name_col < 0) {
      generic(t);
      return;
    }
    for (const auto& r : t.rows) {
      DictionaryCacheStat d;
      d.name = cell_at(t, r, name_col);
      if (d.name.empty()) continue;
      d.get_requests = num(t, r, ColumnId::get_requests);
      d.pct_miss = num(t, r, ColumnId::pct_miss);  // the first Pct Miss: of the gets
      d.scan_requests = num(t, r, ColumnId::scan_requests);
      d.mod_requests = num(t, r, ColumnId::mod_requests);
      d.final_usage = num(t, r, ColumnId::final_usage);
      m_snap.dictionary_cache.push_back(std::move(d));
    }
  }

  void undo(const RawTable& t) {
    for (const auto& r : t.rows) {
      UndoSummary u;
      u.undo_tablespace = text(t, r, ColumnId::undo_tablespace);
      if (u.undo_tablespace.empty()) continue;
      if (auto k = num(t, r, ColumnId::undo_blocks_thousands)) u.undo_blocks = *k * 1000.0;
      u.transactions = num(t, r, ColumnId::transactions);
      u.max_query_length_s = num(t, r, ColumnId::max_query_length_s);
      u.max_tx_concurrency = num(t, r, ColumnId::max_tx_concurrency);
      u.tuned_retention = text(t, r, ColumnId::tuned_retention);
      u.sto_oos = text(t, r, ColumnId::sto_oos);
      m_snap.undo.push_back(std::move(u));
    }
  }

  void wait_histogram(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::event);
    if (name_col < 0) {
      generic(t);
      return;
    }
    std::vector<int> bucket_cols;
    for (std::size_t i = 0; i < t.headers.size(); ++i)
      if (is_histogram_bucket(t.headers[i])) bucket_cols.push_back(static_cast<int>(i));
    const std::string key(section_spec(t.section).key);
    const std::size_t longest = longest_cell(t, name_col);
    const int total_col = t.column_index(ColumnId::total_waits);
    const auto occ = occurrences(t, name_col);
    bool idle_tail = false;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const RawRow& r = t.rows[i];
      WaitHistogramRow h;
      h.raw_name = cell_at(t, r, name_col);
      if (h.raw_name.empty()) continue;
      h.section = key;
      h.event = by_idleness(full_name(h.raw_name, longest, "event", 18, occ[i].first, occ[i].second), longest, idle_tail);
      idle_tail = idle_tail || is_idle_event(h.event);  // "Ordered by Event (idle events last)"
      h.total_waits = num(t, r, ColumnId::total_waits);
      // Text reports print Total Waits in 5 characters: "1934.3K" becomes "1934.", "118.6K" "118.6".
      // A count with a decimal point and no K/M/G lost its multiplier: absent, not 1000 times too small.
      if (const std::string cell = cell_at(t, r, total_col); m_snap.format == ReportFormat::text && h.total_waits &&
                                                          cell.find('.') != std::string::npos &&
                                                          std::isdigit(static_cast<unsigned char>(cell.back())) + (cell.back() == '.') > 0) {
        h.total_waits.reset();
        diag(t, r.line, fmt::format("Total Waits '{}' of '{}' lost its K/M/G multiplier to the column width", cell, h.raw_name),
             Diagnostic::Level::info);
      }
      for (int c : bucket_cols) {
        std::string label = t.headers[c];
        label.erase(std::remove(label.begin(), label.end(), ' '), label.end());
        h.buckets.push_back({std::move(label), num_at(t, r, c, Unit::percent)});
      }
      // A heading repeated as a row ("% of Waits" over the buckets in some HTML releases).
      if (!h.total_waits && std::none_of(h.buckets.begin(), h.buckets.end(), [](const auto& b) { return b.pct.has_value(); }) &&
          h.raw_name.rfind('%', 0) == 0)
        continue;
      m_snap.wait_histograms.push_back(std::move(h));
    }
  }

  void addm_findings(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::finding_name);
    if (name_col < 0) {
      generic(t);
      return;
    }
    for (const auto& r : t.rows) {
      AddmFinding f;
      f.name = cell_at(t, r, name_col);
      if (f.name.empty()) continue;
      f.task_avg_active_sessions = num(t, r, ColumnId::task_avg_active_sessions);
      f.pct_active_sessions = num(t, r, ColumnId::pct_active_sessions);
      f.task_name = text(t, r, ColumnId::task_name);
      m_snap.addm_findings.push_back(std::move(f));
    }
  }

  // Global cache label/value tables: "Global Cache blocks received:" with Per Second / Per Transaction
  // (load profile), or "Buffer access - local cache %:" with one value (the other three). Labels
  // and values may share one cell in text reports ("Avg global cache cr block receive time (ms):  0.3").
  void global_cache(const RawTable& t) {
    const std::string key(section_spec(t.section).key);
    const int ps = t.column_index(ColumnId::per_second);
    const int pt = t.column_index(ColumnId::per_transaction);
    for (const auto& r : t.rows) {
      std::vector<std::string> pieces;
      for (const auto& cell : r.cells) {
        std::string_view v = trim(cell);
        if (v.empty()) continue;
        // "label:   value" in one cell: split at the last ':'.
        if (auto colon = v.rfind(':'); colon != std::string_view::npos && colon + 1 < v.size() &&
                                         parse_cell(v.substr(colon + 1), Unit::count).status == CellStatus::ok) {
          pieces.emplace_back(trim(v.substr(0, colon + 1)));
          pieces.emplace_back(trim(v.substr(colon + 1)));
        } else {
          pieces.emplace_back(v);
        }
      }
      if (pieces.size() < 2) continue;
      GlobalCacheStat g;
      g.section = key;
      g.name = pieces.front();
      if (!g.name.empty() && g.name.back() == ':') g.name.pop_back();
      g.name = detail::fold_space(g.name);  // text aligns labels with runs of spaces: "Buffer access -  local cache %"
      if (ps >= 0 || pt >= 0) {
        g.per_second = num(t, r, ColumnId::per_second);
        g.per_transaction = num(t, r, ColumnId::per_transaction);
      } else {
        auto v = parse_cell(pieces[1], Unit::count);
        if (v.status == CellStatus::invalid) diag(t, r.line, fmt::format("cannot read '{}'", pieces[1]));
        g.value = v.value;
      }
      m_snap.global_cache.push_back(std::move(g));
    }
  }

  void os_stats(const RawTable& t) {
    const int name_col = t.column_index(ColumnId::statistic);
    if (name_col < 0) {
      generic(t);
      return;
    }
    for (const auto& r : t.rows) {
      OsStat o;
      o.name = cell_at(t, r, name_col);
      if (o.name.empty()) continue;
      o.value = num(t, r, ColumnId::value);
      o.end_value = num(t, r, ColumnId::end_value);
      m_snap.os_stats.push_back(std::move(o));
    }
  }

  /// An Instance Activity figure printed as '####' (finish_overflow).
  struct Overflow {
    std::size_t index;  ///< in m_snap.activity
    bool per_trans;     ///< per Trans, else per Second
    int line;
    SectionId section;
  };
  std::vector<Overflow> m_overflow;

  Snapshot m_snap;
  std::map<std::string, std::size_t> m_sql_index;
  std::map<std::string, std::size_t> m_activity_index;
  std::map<std::string, std::size_t> m_latch_index;
  /// How finely each top list / Foreground Wait Events row printed its figures (finish_events).
  std::vector<EventResolution> m_top_resolution, m_fg_resolution;
  /// How finely the time model printed its DB CPU row (time, % of DB time); empty without one.
  std::optional<EventResolution> m_tm_cpu_resolution;
  bool m_have_fg_top = false;           ///< a RAC global report's Top Timed Foreground Events was read
  bool m_wait_classes_from_fg = false;  ///< wait_classes holds Foreground Wait Class rows so far
};

}  // namespace

int RawTable::column_index(ColumnId id) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == id) return static_cast<int>(i);
  return -1;
}

Snapshot build_snapshot(const RawReport& raw, std::string source) { return Builder(std::move(source)).build(raw); }

}  // namespace awrdiff
