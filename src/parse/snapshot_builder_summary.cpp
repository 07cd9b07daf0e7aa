// The snapshot builder's readers of the report's summary (class Builder, snapshot_builder.hpp): the
// database, instance and host header, the snapshots and Elapsed / DB Time, Load Profile, Instance
// Efficiency, the top events and Foreground / Background Wait Events (with how finely each figure is
// printed, so the top list and the full list agree: finish_events), wait classes, time model, Host CPU
// (from Operating System Statistics when the section is empty: finish_host), containers, and the SQL
// lists and texts merged by statement (finish_sql).
#include "parse/snapshot_builder.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace awrdiff::detail::builder {

namespace {

// "Elapsed:   60.22 (mins)" -> 3613.2 s. Reads the number before the first "(mins)" in the row.
OptDouble minutes_in(std::string_view s) {
  auto pos = s.find("(mins)");
  if (pos == std::string_view::npos) pos = s.find("(min)");
  if (pos == std::string_view::npos) return std::nullopt;
  std::size_t end = pos;
  while (end > 0 && s[end - 1] == ' ') --end;
  std::size_t start = end;
  while (start > 0 && (std::isdigit(static_cast<unsigned char>(s[start - 1])) != 0 || s[start - 1] == '.' ||
                       s[start - 1] == ',' || s[start - 1] == '-'))
    --start;
  // The figure is a whole word: "12x.4 (mins)" is no figure, not 0.4 min.
  if (start > 0 && s[start - 1] != ' ' && s[start - 1] != ':' && s[start - 1] != '\t') return std::nullopt;
  auto v = parse_cell(s.substr(start, end - start), Unit::count);
  if (!v.value) return std::nullopt;
  return *v.value * 60.0;
}

// The CPU row of a top list or the time model: "DB CPU", or "CPU time" in 10g and Statspack.
bool is_cpu_event(std::string_view name) { return name == "DB CPU" || name == "CPU time" || name == "CPU Time"; }

// How finely a numeric cell is printed, in `unit`: one unit of its last printed digit ("2,198.8K" ->
// 100, "2048" -> 1, "2,048.1" -> 0.1, "1.8E+08" -> 1e7, "306.50us" in ms -> 0.00001). Empty when the
// cell is not a number.
OptDouble cell_resolution(std::string_view cell, Unit unit) {
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

// A YES / NO flag as the header and the snapshot table print it.
bool yes_no(std::string_view v) { return v == "YES" || v == "Y" || v == "yes"; }

// Text reports: "Module: X" then SQL text wrapped at 80 columns, mid-word.
// A CDB root's report prints "PDB: NAME" under the row (12.2+).
void split_continuation(const std::vector<std::string>& lines, std::string& module, std::string& sql,
                        std::string* pdb = nullptr) {
  std::string out;
  for (const auto& l : lines) {
    std::string_view v = l;
    if (v.rfind("Module: ", 0) == 0) {
      module = std::string(trim(v.substr(8)));
      continue;
    }
    if (v.rfind("PDB: ", 0) == 0) {
      if (pdb != nullptr) *pdb = std::string(trim(v.substr(5)));
      continue;
    }
    if (v.rfind("Container: ", 0) == 0) continue;
    out += l;  // the wrap is mid-word: no space is added (a space at the cut stays on its line)
  }
  sql = std::string(trim(out));
}

}  // namespace

// The report's own database is its first DB Name / DB Id table. Exadata reports list the databases
// the storage cells served in tables of the same two columns ("DB Name | DBID", other databases first):
// those are kept as printed and never replace the header's database.
void Builder::header(const RawTable& t) {
  if (t.rows.empty()) return;
  const bool first_only = section_spec(t.section).copies == TableCopies::first_read;
  if (first_only && m_have_db_header) {
    generic(t);
    return;
  }
  const RawRow& r = t.rows.front();
  auto& db = m_snap.database;
  if (first_only) m_have_db_header = true;
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
    } catch (...) { diag(t, r.line, fmt::format("{} '{}' is not a number", what, v)); }
  };
  read_id(ColumnId::dbid, db.dbid, "DB Id");
  read_id(ColumnId::con_dbid, db.con_dbid, "Container DB Id");
  if (auto v = num(t, r, ColumnId::instance_number)) {
    if (*v >= 0 && *v <= 1e6 && *v == static_cast<double>(static_cast<int>(*v))) db.instance_number = static_cast<int>(*v);
    else diag(t, r.line, fmt::format("instance number {} is not a whole number in range", *v));
  }
  auto yes_no_at = [&](ColumnId id) -> std::optional<bool> {
    auto v = text(t, r, id);
    if (v.empty()) return std::nullopt;
    return yes_no(v);
  };
  if (auto v = yes_no_at(ColumnId::rac)) db.rac = v;
  if (auto v = yes_no_at(ColumnId::cdb)) db.cdb = v;
  if (auto v = num(t, r, ColumnId::cpus)) db.cpus = v;
  if (auto v = num(t, r, ColumnId::cores)) db.cores = v;
  if (auto v = num(t, r, ColumnId::sockets)) db.sockets = v;
  // AIX reports print Memory (GB) ".00" beside blank CPUs: not reported, not a host without memory.
  if (auto v = num(t, r, ColumnId::memory_gb); v && *v > 0) db.memory_gb = v;
}

void Builder::snapshot_info(const RawTable& t) {
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
      // 12.1 prints the container flag in the snapshot table ("Begin Snap: ... CDB YES"), not in the
      // database header: read as the header's would be, where the header gives none.
      if (auto v = text(t, r, ColumnId::cdb); !v.empty() && !m_snap.database.cdb) m_snap.database.cdb = yes_no(v);
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

void Builder::load_profile(const RawTable& t) {
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
  const double tps = tx != nullptr && tx->per_second ? *tx->per_second : 0.0;  // 0: none
  for (const auto& [i, line] : lp_overflow) {
    LoadProfileRow& row = m_snap.load_profile[i];
    if (tps > 0 && row.per_second && !row.per_transaction) {
      row.per_transaction = *row.per_second / tps;
      diag(t, line,
           fmt::format("'{}': Per Transaction printed as '####', derived as Per Second / Transactions per second", row.label),
           Diagnostic::Level::info);
    } else if (tps > 0 && row.per_transaction && !row.per_second) {
      row.per_second = *row.per_transaction * tps;
      diag(t, line,
           fmt::format("'{}': Per Second printed as '####', derived as Per Transaction x Transactions per second", row.label),
           Diagnostic::Level::info);
    } else {
      diag(t, line, fmt::format("'{}': printed as '####' and not derivable: left absent", row.label));
    }
  }
}

// Instance Efficiency Percentages: rows of "Label %:" / value pairs, two a row in both formats.
// Only pairs whose label ends in ':' are read, so a table that is not this one adds nothing.
void Builder::efficiency(const RawTable& t) {
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

// RAC global tables: rows of one instance carry its number in I#; cluster-wide rows carry '*'
// (events) or Sum / Avg / Std (statistics).
bool Builder::cluster_row(const RawTable& t, const RawRow& r, std::string_view total) const {
  if (t.column_index(ColumnId::inst_id) < 0) return true;
  return text(t, r, ColumnId::inst_id) == total;
}

// How finely the row's cell in column `id` is printed, in the column's unit (cell_resolution).
OptDouble Builder::resolution(const RawTable& t, const RawRow& r, ColumnId id) const {
  return cell_resolution(text(t, r, id), column_spec(id).unit);
}

void Builder::events(const RawTable& t, std::vector<WaitEvent>& out, std::vector<EventResolution>* resolutions) {
  // Text reports cut event names to the column (26 characters in 11g's Foreground Wait Events,
  // "latch: cache buffers chain"): a name as long as the column is expanded to the one known event
  // it starts with, so it pairs with the HTML report's and the other list's row.
  const int name_col = t.column_index(ColumnId::event);
  const std::size_t longest = longest_cell(t, name_col);
  const auto occ = occurrences(t, name_col);
  const bool idle_last = section_spec(t.section).idle_events_last;
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
// that disagree are different measurements and stay as printed, as do Statspack's rows (its top list
// counts background sessions too) even where they agree; Snapshot::foreground_event takes the full
// list's then. Either way the full list's row takes the top list's wait class when it prints none.
void Builder::finish_events() {
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
    // Statspack's top list counts every session, its Foreground Wait Events the foreground ones: two
    // measurements even where they agree within rounding (182,275 and 182,274 waits, one a background
    // session's). The top list keeps its figures, as for events where they differ more.
    if (m_snap.kind == ReportKind::statspack) continue;
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
void Builder::finish_db_cpu() {
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

void Builder::wait_classes(const RawTable& t, std::vector<WaitClassRow>& out) {
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

void Builder::host_cpu(const RawTable& t) {
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

void Builder::time_model(const RawTable& t) {
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
void Builder::containers(const RawTable& t) {
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
    } catch (...) { diag(t, r.line, fmt::format("Container DB Id '{}' is not a number", v)); }
  }
}

// Operating System Statistics stand in where the report leaves the host blank: the header's CPUs,
// Cores, Sockets and Memory (GB) (blank on some AIX reports) from NUM_CPUS, NUM_CPU_CORES,
// NUM_CPU_SOCKETS and PHYSICAL_MEMORY_BYTES; an empty Host CPU section's %User, %System, %WIO and
// %Idle from the interval's USER_TIME, SYS_TIME, IOWAIT_TIME and IDLE_TIME over BUSY_TIME + IDLE_TIME
// (the times are deltas over the interval, in centiseconds), as awrrpt computes them.
void Builder::finish_host() {
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

// One entry per statement and PDB while the lists are read: a CDB root's lists print a statement once
// per PDB it ran in (finish_sql totals them).
SqlStat& Builder::sql_entry(const std::string& id, const std::string& pdb) {
  auto [it, inserted] = m_sql_index.try_emplace(pdb.empty() ? id : id + '\n' + pdb, m_snap.sql.size());
  if (inserted) {
    m_snap.sql.emplace_back();
    m_snap.sql.back().sql_id = id;
    m_snap.sql.back().pdb_name = pdb;
  }
  return m_snap.sql[it->second];
}

void Builder::sql_list(const RawTable& t) {
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
    std::string module = text(t, r, ColumnId::module), sql = text(t, r, ColumnId::sql_text), pdb = text(t, r, ColumnId::pdb_name);
    if (!r.continuation.empty()) split_continuation(r.continuation, module, sql, &pdb);
    SqlStat& s = sql_entry(id, pdb);
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
    if (spec.gives_cut_off) {
      take(s.pct_db_time, ColumnId::pct_total);
      if (overflowed(t, r, ColumnId::pct_total))
        diag(t, r.line,
             fmt::format("SQL {}: %Total '{}' did not fit its column: over 999.9% of DB time", id,
                         cell_at(t, r, t.column_index(ColumnId::pct_total))));
      if (auto e = num(t, r, ColumnId::elapsed_s)) {
        if (!m_snap.sql_elapsed_cutoff_s || *e < *m_snap.sql_elapsed_cutoff_s) m_snap.sql_elapsed_cutoff_s = e;
      }
    }
    // %CPU and %IO are shares of elapsed time: derive CPU and user I/O seconds when not given.
    if (auto ela = num(t, r, ColumnId::elapsed_s)) {
      if (!s.cpu_s)
        if (auto p = num(t, r, ColumnId::pct_cpu)) s.cpu_s = *ela * *p / 100.0;
      if (!s.user_io_s)
        if (auto p = num(t, r, ColumnId::pct_io)) s.user_io_s = *ela * *p / 100.0;
    }
    if (s.module.empty()) s.module = module;
    if (!s.text_complete && sql.size() > s.text.size()) s.text = sql;
  }
}

void Builder::sql_text(const RawTable& t) {
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
    if (sql.empty()) continue;
    // Every entry of the statement (one per PDB in a CDB root's lists); a statement no list showed has
    // nothing to attach to.
    for (auto& s : m_snap.sql)
      if (s.sql_id == id) {
        s.text = sql;
        s.text_complete = true;
      }
  }
}

// A statement listed once per PDB (a CDB root's report) is one statement of the comparison: its
// figures are the sum of its PDBs' rows, each taken from the first list that prints it, and its PDBs
// are named in pdb_name. Where one PDB's row gives a figure another's does not (the lists are cut at
// their top N), the sum holds the PDBs that give it; a diagnostic lists each PDB's elapsed, in
// the order of pdb_name (not by name: free text would escape --mask).
void Builder::total_sql_by_pdb() {
  std::map<std::string, std::vector<std::size_t>> by_id;
  std::vector<std::string> order;
  for (std::size_t i = 0; i < m_snap.sql.size(); ++i) {
    auto [it, inserted] = by_id.try_emplace(m_snap.sql[i].sql_id);
    if (inserted) order.push_back(m_snap.sql[i].sql_id);
    it->second.push_back(i);
  }
  if (order.size() == m_snap.sql.size()) return;  // no statement in several PDBs
  std::vector<SqlStat> out;
  out.reserve(order.size());
  for (const auto& id : order) {
    const auto& idx = by_id[id];
    SqlStat total = m_snap.sql[idx.front()];
    if (idx.size() > 1) {
      // Figures by position in pdb_name, not by name: a name in free text would escape --mask.
      auto elapsed = [](const SqlStat& q) { return q.elapsed_s ? fmt::format("{:g} s", *q.elapsed_s) : std::string("-"); };
      std::vector<std::string> parts{elapsed(total)};
      for (std::size_t k = 1; k < idx.size(); ++k) {
        const SqlStat& q = m_snap.sql[idx[k]];
        for (OptDouble SqlStat::*f :
             {&SqlStat::elapsed_s, &SqlStat::cpu_s, &SqlStat::user_io_s, &SqlStat::executions, &SqlStat::buffer_gets,
              &SqlStat::physical_reads, &SqlStat::parse_calls, &SqlStat::rows_processed, &SqlStat::pct_db_time})
          if (q.*f) total.*f = (total.*f).value_or(0) + *(q.*f);
        if (!total.plan_hash_value) total.plan_hash_value = q.plan_hash_value;
        if (total.module.empty()) total.module = q.module;
        if (!total.text_complete && q.text.size() > total.text.size()) total.text = q.text;
        for (const auto& l : q.lists)
          if (std::find(total.lists.begin(), total.lists.end(), l) == total.lists.end()) total.lists.push_back(l);
        if (!q.pdb_name.empty())  // each entry is another PDB (sql_entry)
          total.pdb_name += (total.pdb_name.empty() ? "" : ", ") + q.pdb_name;
        parts.push_back(elapsed(q));
      }
      m_snap.diagnostics.push_back(
          {Diagnostic::Level::info, "sql", 0,
           fmt::format("SQL {} is listed once per PDB ({} rows): its figures are their sum; elapsed by PDB, in the order "
                       "of its PDB names: {}",
                       id, idx.size(), fmt::join(parts, ", "))});
    }
    out.push_back(std::move(total));
  }
  m_snap.sql = std::move(out);
}

// A statement whose figures cannot be the period's (Snapshot::impossible_sql) is kept as printed and
// named here; the comparison never takes it for a cause.
void Builder::flag_impossible_sql() {
  for (const auto& q : m_snap.sql)
    if (auto why = m_snap.impossible_sql(q); !why.empty())
      m_snap.diagnostics.push_back({Diagnostic::Level::warning, "sql", 0,
                                    fmt::format("SQL {}: {}: its figures cannot be this period's, kept as printed and "
                                                "not taken for a cause",
                                                q.sql_id, why)});
}

void Builder::finish_sql() {
  total_sql_by_pdb();
  // Statspack 10g+ prints the old hash value in every list, though its Reads list heads the
  // column "Hash Value" (the same statement shows the same number in both): one kind per report.
  const bool old_hash =
      std::any_of(m_snap.sql.begin(), m_snap.sql.end(), [](const SqlStat& q) { return q.id_kind == "old_hash_value"; });
  if (old_hash)
    for (auto& q : m_snap.sql)
      if (q.id_kind == "hash_value") q.id_kind = "old_hash_value";
  std::stable_sort(m_snap.sql.begin(), m_snap.sql.end(), [](const SqlStat& a, const SqlStat& b) {
    if (a.elapsed_s.has_value() != b.elapsed_s.has_value()) return a.elapsed_s.has_value();
    return a.elapsed_s.value_or(0) > b.elapsed_s.value_or(0);
  });
}

// ---- readers named on the catalog rows: which list a table fills, which table wins ----------------

// The first top list only; a RAC global report's foreground list (read_rac_top_foreground_events)
// replaces it.
void Builder::read_top_events(const RawTable& t) {
  if (m_snap.top_events.empty() && !m_have_fg_top) events(t, m_snap.top_events, &m_top_resolution);
}
void Builder::read_foreground_events(const RawTable& t) { events(t, m_snap.foreground_events, &m_fg_resolution); }
void Builder::read_background_events(const RawTable& t) { events(t, m_snap.background_events); }
// A RAC global report's Top Timed Foreground Events: the foreground list, like an instance report's
// top events, in place of any top list read before it.
void Builder::read_rac_top_foreground_events(const RawTable& t) {
  m_snap.top_events.clear();
  m_top_resolution.clear();
  m_have_fg_top = true;
  events(t, m_snap.top_events, &m_top_resolution);
}
// Wait Classes: the first one, in place of a Foreground Wait Class that stood in for it.
void Builder::read_wait_classes(const RawTable& t) {
  if (m_snap.wait_classes.empty() || m_wait_classes_from_fg) {
    m_snap.wait_classes.clear();
    m_wait_classes_from_fg = false;
    wait_classes(t, m_snap.wait_classes);
  }
}
// Foreground Wait Class; 11.2.0.2 and older print no summary Wait Classes table: the foreground one
// stands in.
void Builder::read_foreground_wait_class(const RawTable& t) {
  if (m_snap.foreground_wait_classes.empty()) wait_classes(t, m_snap.foreground_wait_classes);
  if (m_snap.wait_classes.empty()) {
    wait_classes(t, m_snap.wait_classes);
    m_wait_classes_from_fg = !m_snap.wait_classes.empty();
  }
}

}  // namespace awrdiff::detail::builder
