#include <awrdiff/model.hpp>

#include "support/text.hpp"  // normalize_label

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>

namespace awrdiff {

Error::Error(std::string file, std::string reason, ExitCode code)
    : std::runtime_error(file.empty() ? reason : fmt::format("{}: {}", file, reason)),
      m_file(std::move(file)),
      m_reason(std::move(reason)),
      m_code(code) {}

const char* to_string(ReportKind kind) {
  switch (kind) {
    case ReportKind::awr_instance:
      return "awr_instance";
    case ReportKind::awr_global:
      return "awr_global";
    case ReportKind::statspack:
      return "statspack";
  }
  return "unknown";
}

const char* to_string(ContainerScope scope) {
  switch (scope) {
    case ContainerScope::database:
      return "database";
    case ContainerScope::cdb_root:
      return "cdb_root";
    case ContainerScope::pdb:
      return "pdb";
  }
  return "unknown";
}

const char* to_string(ReportFormat format) { return format == ReportFormat::html ? "html" : "text"; }

OptDouble SqlStat::elapsed_per_exec_s() const {
  if (!elapsed_s || !executions || *executions <= 0) return std::nullopt;
  return *elapsed_s / *executions;
}

OptDouble Snapshot::db_cpu_s() const {
  if (const auto* r = time_model_row("DB CPU"); r != nullptr && r->time_s) return r->time_s;
  for (const auto& e : top_events)
    if (e.is_cpu && e.time_s) return e.time_s;
  return interval.header_db_cpu_s;
}

OptDouble Snapshot::db_time_s() const {
  // The time model's DB time is in seconds; the header's is in minutes with two decimals (coarse on
  // short or idle periods), so the time model wins where the report has it.
  if (const auto* r = time_model_row("DB time"); r != nullptr && r->time_s) return r->time_s;
  return interval.db_time_s;
}

OptDouble Snapshot::unaccounted_db_time_s() const {
  auto db = db_time_s(), cpu = db_cpu_s();
  const auto& classes = foreground_wait_classes.empty() ? wait_classes : foreground_wait_classes;
  if (!db || !cpu || classes.empty()) return std::nullopt;
  double waits = 0;
  for (const auto& w : classes)
    if (w.name != "DB CPU" && w.name != "Idle" && w.time_s) waits += *w.time_s;
  return std::max(0.0, *db - *cpu - waits);
}

OptDouble Snapshot::average_active_sessions() const {
  auto db = db_time_s();
  if (!db || !interval.elapsed_s || *interval.elapsed_s <= 0) return std::nullopt;
  return *db / *interval.elapsed_s;
}

// A statement's elapsed time is time its sessions spent in it: at most every session of the period
// busy in it from the begin snapshot to the end (parallel slaves are sessions too), and for work of
// the period's sessions at most its DB time; ten times DB time is a %Total of 1000%, which the report's
// column cannot print ("######"). A figure past either bound is not this period's (a cursor's
// counters carried over a restart or a wrap), whatever the report prints.
std::string Snapshot::impossible_sql(const SqlStat& q) const {
  if (!q.elapsed_s || !std::isfinite(*q.elapsed_s) || *q.elapsed_s <= 0) return {};
  const double ela = *q.elapsed_s;
  const auto& iv = interval;
  OptDouble sessions;
  for (const auto& s : {iv.begin_sessions, iv.end_sessions})
    if (s && *s > 0 && (!sessions || *s > *sessions)) sessions = s;
  // Merged sets sum the members' elapsed and statements alike: the bound holds for the sum as well.
  if (iv.elapsed_s && *iv.elapsed_s > 0 && sessions && ela > *iv.elapsed_s * *sessions)
    return fmt::format("{:.0f} s elapsed in a {:.0f} s period: more than its {:.0f} sessions busy in it throughout", ela,
                       *iv.elapsed_s, *sessions);
  const auto db = db_time_s();
  if (db && *db > 0 && ela > 10 * *db)
    return fmt::format("{:.0f} s elapsed against {:.1f} s of DB time: {:.0f}% of DB time", ela, *db, ela / *db * 100);
  return {};
}

namespace {
// normalize_label(text) == want, for a `want` normalize_label gave (so with no ':' at its end), without building
// the string: the bytes normalize_label keeps are `want` and then only ':' (its trailing colons, dropped). Asked
// for every time model row by db_time_s(), which every SQL statement's check reads, and for every parameter.
bool normalizes_to(std::string_view text, std::string_view want) {
  std::size_t k = 0;
  for (const char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2) continue;  // as normalize_label
    if (u >= 'A' && u <= 'Z') u = static_cast<unsigned char>(u + ('a' - 'A'));
    if (k < want.size()) {
      if (u != static_cast<unsigned char>(want[k])) return false;
      ++k;
    } else if (u != ':') {
      return false;
    }
  }
  return k == want.size();
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}
bool is_cpu_name(std::string_view name) { return same_name(name, "DB CPU") || same_name(name, "CPU time"); }
}  // namespace

const WaitEvent* Snapshot::top_event(std::string_view name) const {
  const bool cpu = is_cpu_name(name);
  for (const auto& e : top_events)
    if (same_name(e.name, name) || (cpu && e.is_cpu)) return &e;
  return nullptr;
}

const WaitEvent* Snapshot::foreground_event(std::string_view name) const {
  for (const auto& e : foreground_events)
    if (e.time_s && same_name(e.name, name)) return &e;
  if (const auto* e = top_event(name)) return e;
  for (const auto& e : foreground_events)
    if (same_name(e.name, name)) return &e;
  return nullptr;
}

const WaitEvent* Snapshot::background_event(std::string_view name) const {
  for (const auto& e : background_events)
    if (same_name(e.name, name)) return &e;
  return nullptr;
}

const LoadProfileRow* Snapshot::load_profile_row(std::string_view key) const {
  for (const auto& r : load_profile)
    if (r.key == key) return &r;
  return nullptr;
}

const EfficiencyRow* Snapshot::efficiency_row(std::string_view key) const {
  for (const auto& r : efficiency)
    if (r.key == key) return &r;
  return nullptr;
}

const TimeModelRow* Snapshot::time_model_row(std::string_view name) const {
  const auto want = normalize_label(name);
  for (const auto& r : time_model)
    if (normalizes_to(r.name, want)) return &r;
  return nullptr;
}

const ActivityStat* Snapshot::activity_stat(std::string_view name) const {
  for (const auto& a : activity)
    if (a.name == name) return &a;
  return nullptr;
}

const Parameter* Snapshot::parameter(std::string_view name) const {
  const auto want = normalize_label(name);
  for (const auto& p : parameters)
    if (normalizes_to(p.name, want)) return &p;
  return nullptr;
}

const IoStatRow* Snapshot::iostat(std::string_view name, bool by_function) const {
  for (const auto& r : by_function ? iostat_function : iostat_filetype)
    if (r.name == name) return &r;
  return nullptr;
}

const OsStat* Snapshot::os_stat(std::string_view name) const {
  for (const auto& o : os_stats)
    if (o.name == name) return &o;
  return nullptr;
}

const HistogramBucket* WaitHistogramRow::bucket(std::string_view label) const {
  for (const auto& b : buckets)
    if (b.label == label) return &b;
  return nullptr;
}

}  // namespace awrdiff
