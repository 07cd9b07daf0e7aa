// The snapshot builder's readers of a RAC global report's own tables (awrgrpt.sql; class Builder,
// snapshot_builder.hpp): Database Summary, the instances, the time model, foreground wait classes, OS
// statistics and system statistics per second, each read from its cluster-total row (Sum, or the one
// instance's row), and the Load Profile's DB time and DB CPU per second derived from the summed time
// model (finish_global). Its top foreground events go through the summary's events().
#include "parse/snapshot_builder.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <fmt/format.h>

namespace awrdiff::detail::builder {

namespace {

// An I# cell naming one instance ("1", "2"), not a Sum / Avg / Std row.
bool is_instance_number(const std::string& v) {
  return !v.empty() && v.size() < 6 && v.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

// Database Summary: Id and Name under "Database" are its first two columns (awrgrpt prints them
// first; their headers "Id" / "Name" are too generic for the catalog); Begin / End under
// "Snapshot Ids"; the first "In Report" is the number of instances; DB time and Elapsed time in
// minutes (DB time summed over the instances, elapsed the report's total).
void Builder::rac_database_summary(const RawTable& t) {
  if (t.rows.empty()) return;
  header(t);
  const RawRow& r = t.rows.front();
  auto& db = m_snap.database;
  if (r.cells.size() > 1) {
    try {
      db.dbid = std::stoull(std::string(trim(r.cells[0])));
    } catch (...) { diag(t, r.line, fmt::format("DB Id '{}' is not a number", r.cells[0])); }
    db.name = detail::fold_space(r.cells[1]);
  }
  auto& iv = m_snap.interval;
  if (auto v = num(t, r, ColumnId::at_begin)) iv.begin_snap = static_cast<std::int64_t>(*v);  // "Begin" / "End": snap ids
  if (auto v = num(t, r, ColumnId::at_end)) iv.end_snap = static_cast<std::int64_t>(*v);
  if (auto v = num(t, r, ColumnId::in_report)) db.instances = static_cast<int>(*v);
  if (auto v = num(t, r, ColumnId::db_time_min)) iv.db_time_s = *v * 60.0;
  if (auto v = num(t, r, ColumnId::elapsed_min)) iv.elapsed_s = *v * 60.0;
  // This is the report's database: a later "DB Name | DB Id" table (Exadata's cells list the databases they
  // served, other databases first) is kept as printed and never replaces it, as in an instance report.
  m_have_db_header = true;
}

InstanceRow& Builder::instance_row(int number) {
  for (auto& i : m_snap.instance_rows)
    if (i.instance_number == number) return i;
  m_snap.instance_rows.emplace_back();
  m_snap.instance_rows.back().instance_number = number;
  return m_snap.instance_rows.back();
}

void Builder::rac_instances(const RawTable& t) {
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

// The I# of the cluster-total row: "Sum"; a report of one instance prints no Sum row, and that
// instance's row is the total.
std::string Builder::totals_label(const RawTable& t) const {
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

// Time Model: one column per statistic; the Sum row becomes the time model, I# rows give each
// instance's DB time and DB CPU.
void Builder::rac_time_model(const RawTable& t) {
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
void Builder::rac_foreground_wait_classes(const RawTable& t) {
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
  std::stable_sort(m_snap.wait_classes.begin(), m_snap.wait_classes.end(),
                   [](const WaitClassRow& a, const WaitClassRow& b) { return a.time_s.value_or(-1) > b.time_s.value_or(-1); });
  // They are the foreground wait classes (the global report has no other wait class totals).
  if (m_snap.foreground_wait_classes.empty()) m_snap.foreground_wait_classes = m_snap.wait_classes;
}

// OS Statistics By Instance: the cluster's CPUs, cores and sockets are the instances' sums (one
// instance per host); its %User/%System/%WIO/%Idle are the instances' figures weighted by each
// host's CPU time (Total). Load averages do not add up: they stay absent.
void Builder::rac_os_stats(const RawTable& t) {
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
void Builder::rac_sysstat_per_second(const RawTable& t) {
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
void Builder::finish_global() {
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

}  // namespace awrdiff::detail::builder
