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
    finish_global();
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
        if (m_snap.top_events.empty() && !m_have_fg_top) events(t, m_snap.top_events);
        return;
      case SectionId::foreground_events: events(t, m_snap.foreground_events); return;
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
        m_have_fg_top = true;
        events(t, m_snap.top_events);
        return;
      case SectionId::rac_sysstat_per_second: rac_sysstat_per_second(t); return;
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
    if (auto v = num(t, r, ColumnId::instance_number)) db.instance_number = static_cast<int>(*v);
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
    }
  }

  void load_profile(const RawTable& t) {
    if (!m_snap.load_profile.empty()) return;
    const int label_col = t.column_index(ColumnId::label);
    for (const auto& r : t.rows) {
      if (r.cells.empty()) continue;
      std::string label(trim(r.cells[label_col >= 0 ? label_col : 0]));
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

  // RAC global tables: rows of one instance carry its number in I#; cluster-wide rows carry '*'
  // (events) or Sum / Avg / Std (statistics).
  bool cluster_row(const RawTable& t, const RawRow& r, std::string_view total = "*") const {
    if (t.column_index(ColumnId::inst_id) < 0) return true;
    return text(t, r, ColumnId::inst_id) == total;
  }

  void events(const RawTable& t, std::vector<WaitEvent>& out) {
    for (const auto& r : t.rows) {
      if (!cluster_row(t, r)) continue;
      WaitEvent e;
      e.name = text(t, r, ColumnId::event);
      if (e.name.empty()) continue;
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
      out.push_back(std::move(e));
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
      row.name = text(t, r, ColumnId::statistic);
      if (row.name.empty()) continue;
      row.time_s = num(t, r, ColumnId::time_s);
      row.pct_db_time = num(t, r, ColumnId::pct_db_time);
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

  Snapshot m_snap;
  std::map<std::string, std::size_t> m_sql_index;
  bool m_have_fg_top = false;
  bool m_wait_classes_from_fg = false;  ///< wait_classes holds Foreground Wait Class rows so far  ///< a RAC global report's Top Timed Foreground Events was read
};

}  // namespace

int RawTable::column_index(ColumnId id) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == id) return static_cast<int>(i);
  return -1;
}

Snapshot build_snapshot(const RawReport& raw, std::string source) { return Builder(std::move(source)).build(raw); }

}  // namespace awrdiff
