// RawTables -> Snapshot. The meaning of each known section lives here, once for both formats.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>

namespace awrdiff {
namespace {

class Builder {
public:
  explicit Builder(std::string source) { m_snap.source = std::move(source); }

  Snapshot build(const RawReport& raw) {
    m_snap.format = raw.format;
    m_snap.kind = raw.kind;
    for (const auto& d : raw.diagnostics) m_snap.diagnostics.push_back(d);
    for (const auto& t : raw.tables) table(t);
    finish_sql();
    return std::move(m_snap);
  }

private:
  // ---- cells ----------------------------------------------------------------------------------
  std::string text(const RawTable& t, const RawRow& r, ColumnId id) const {
    int c = t.column_index(id);
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return {};
    return detail::fold_space(r.cells[c]);  // "enq: IV -  contention" reads alike in text and HTML
  }

  OptDouble num(const RawTable& t, const RawRow& r, ColumnId id) {
    int c = t.column_index(id);
    if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return std::nullopt;
    auto v = parse_cell(r.cells[c], column_spec(id).unit);
    if (v.status == CellStatus::invalid || v.status == CellStatus::overflow) {
      diag(t, r.line, fmt::format("column '{}': cannot read '{}'{}", t.headers[c], r.cells[c],
                                  v.status == CellStatus::overflow ? " (overflow)" : ""));
    }
    return v.value;
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
      case SectionId::top_events:
        if (m_snap.top_events.empty()) events(t, m_snap.top_events);
        return;
      case SectionId::foreground_events: events(t, m_snap.foreground_events); return;
      case SectionId::background_events: events(t, m_snap.background_events); return;
      case SectionId::wait_classes:
        if (m_snap.wait_classes.empty()) wait_classes(t);
        return;
      case SectionId::time_model: time_model(t); return;
      case SectionId::host_cpu: host_cpu(t); return;
      case SectionId::sql_text: sql_text(t); return;
      default: break;
    }
    if (section_spec(t.section).is_sql_list) {
      sql_list(t);
      return;
    }
    GenericTable g;
    g.section = t.section == SectionId::unknown ? t.title : std::string(section_spec(t.section).key);
    g.headers = t.headers;
    g.line = t.line;
    for (const auto& r : t.rows) g.rows.push_back(r.cells);
    if (t.section == SectionId::unknown)
      diag(t, t.line, fmt::format("section '{}' not in the catalog; kept as a generic table", t.title.empty() ? "(untitled)" : t.title),
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
    if (auto v = text(t, r, ColumnId::dbid); !v.empty()) {
      try {
        db.dbid = std::stoull(v);
      } catch (...) {
        diag(t, r.line, fmt::format("DB Id '{}' is not a number", v));
      }
    }
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
    if (auto v = num(t, r, ColumnId::memory_gb)) db.memory_gb = v;
  }

  // "Elapsed:   60.22 (mins)" -> 3613.2 s. Reads the number before "(mins)" in the row.
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
      } else if (label.rfind("elapsed", 0) == 0) {
        iv.elapsed_s = minutes_in(joined);
        if (!iv.elapsed_s) diag(t, r.line, "cannot read Elapsed");
      } else if (label.rfind("dbtime", 0) == 0) {
        iv.db_time_s = minutes_in(joined);
        if (!iv.db_time_s) diag(t, r.line, "cannot read DB Time");
      }
    }
  }

  void load_profile(const RawTable& t) {
    if (!m_snap.load_profile.empty()) return;
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
      m_snap.load_profile.push_back(std::move(row));
    }
  }

  static bool is_cpu_event(std::string_view name) {
    return name == "DB CPU" || name == "CPU time" || name == "CPU Time";
  }

  void events(const RawTable& t, std::vector<WaitEvent>& out) {
    for (const auto& r : t.rows) {
      WaitEvent e;
      e.name = text(t, r, ColumnId::event);
      if (e.name.empty()) continue;
      e.line = r.line;
      e.is_cpu = is_cpu_event(e.name);
      e.waits = num(t, r, ColumnId::waits);
      e.time_s = num(t, r, ColumnId::time_s);
      e.avg_wait_ms = num(t, r, ColumnId::avg_wait_ms);
      e.pct_db_time = num(t, r, ColumnId::pct_db_time);
      e.wait_class = expand_wait_class(text(t, r, ColumnId::wait_class));
      if (e.is_cpu) {
        e.waits.reset();
        e.avg_wait_ms.reset();
        e.wait_class.clear();
      }
      out.push_back(std::move(e));
    }
  }

  void wait_classes(const RawTable& t) {
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
      m_snap.wait_classes.push_back(std::move(w));
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
      row.name = text(t, r, ColumnId::statistic);
      if (row.name.empty()) continue;
      row.time_s = num(t, r, ColumnId::time_s);
      row.pct_db_time = num(t, r, ColumnId::pct_db_time);
      m_snap.time_model.push_back(std::move(row));
    }
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
    for (const auto& r : t.rows) {
      std::string id = text(t, r, ColumnId::sql_id);
      if (id.empty()) continue;
      SqlStat& s = sql_entry(id);
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
    std::stable_sort(m_snap.sql.begin(), m_snap.sql.end(), [](const SqlStat& a, const SqlStat& b) {
      if (a.elapsed_s.has_value() != b.elapsed_s.has_value()) return a.elapsed_s.has_value();
      return a.elapsed_s.value_or(0) > b.elapsed_s.value_or(0);
    });
  }

  Snapshot m_snap;
  std::map<std::string, std::size_t> m_sql_index;
};

}  // namespace

int RawTable::column_index(ColumnId id) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == id) return static_cast<int>(i);
  return -1;
}

Snapshot build_snapshot(const RawReport& raw, std::string source) { return Builder(std::move(source)).build(raw); }

}  // namespace awrdiff
