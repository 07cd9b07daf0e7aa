// The metric catalog: direction and materiality floors of every number the diff engine compares.
// Change a floor here and every table, finding and verdict follows.
#include <awrdiff/metrics.hpp>

#include <algorithm>
#include <cmath>

namespace awrdiff {
namespace {

using D = Direction;

// key, display, unit, direction, abs_floor, rel_floor_pct, points
constexpr MetricSpec k_metrics[] = {
    // DB time and its parts, as average active sessions (seconds of DB time per second of elapsed).
    {"db_time_per_s", "DB time per second", "AAS", D::higher_is_worse, 0.05, 10},
    {"db_cpu_per_s", "DB CPU per second", "AAS", D::higher_is_worse, 0.05, 10},
    {"non_cpu_per_s", "Non-CPU time per second", "AAS", D::higher_is_worse, 0.05, 10},
    {"outside_per_s", "Time outside DB CPU and waits per second", "AAS", D::higher_is_worse, 0.05, 20},
    {"aas_per_cpu", "AAS per CPU", "AAS", D::higher_is_worse, 0.02, 10},
    {"db_time_per_txn_s", "DB time per transaction", "s", D::higher_is_worse, 0.001, 20},
    {"transactions_per_s", "Transactions per second", "/s", D::neutral, 0.5, 10},
    {"host_cpu_busy_pct", "Host CPU busy", "%", D::higher_is_worse, 10, 0, true},
    {"db_cpu_pct_db_time", "DB CPU % of DB time", "%", D::neutral, 10, 0, true},
    {"pct_db_time", "% of DB time", "%", D::neutral, 5, 0, true},
    // Wait events, wait classes, time model: time per second of elapsed, and average wait.
    {"event.time_per_s", "Event wait time per second", "AAS", D::higher_is_worse, 0.02, 20},
    {"event.avg_wait_ms", "Average wait", "ms", D::higher_is_worse, 0.5, 30},
    {"event.waits_per_s", "Waits per second", "/s", D::neutral, 1, 20},
    {"wait_class.time_per_s", "Wait class time per second", "AAS", D::higher_is_worse, 0.02, 20},
    {"time_model.time_per_s", "Time model statistic per second", "AAS", D::higher_is_worse, 0.02, 20},
    // SQL statements.
    {"sql.elapsed_per_s", "SQL elapsed per second", "AAS", D::higher_is_worse, 0.01, 20},
    {"sql.elapsed_per_exec_ms", "SQL elapsed per execution", "ms", D::higher_is_worse, 0.1, 25},
    {"sql.executions_per_s", "SQL executions per second", "/s", D::neutral, 0.01, 25},
    {"sql.gets_per_exec", "Buffer gets per execution", "blocks", D::higher_is_worse, 10, 25},
    // Load Profile rows, per second. Volume is neutral: more work is not by itself a regression.
    {"load_profile", "Load Profile row", "/s", D::neutral, 0.5, 20},
    {"load_profile.db_time", "DB Time(s)", "s/s", D::higher_is_worse, 0.05, 10},
    {"load_profile.db_cpu", "DB CPU(s)", "s/s", D::higher_is_worse, 0.05, 10},
    {"load_profile.background_cpu", "Background CPU(s)", "s/s", D::higher_is_worse, 0.05, 20},
    {"load_profile.redo_size", "Redo size", "bytes/s", D::neutral, 10240, 20},
    {"load_profile.logical_reads", "Logical reads", "blocks/s", D::neutral, 1000, 20},
    {"load_profile.block_changes", "Block changes", "/s", D::neutral, 100, 20},
    {"load_profile.physical_reads", "Physical reads", "blocks/s", D::neutral, 100, 20},
    {"load_profile.physical_writes", "Physical writes", "blocks/s", D::neutral, 50, 20},
    {"load_profile.read_io_requests", "Read IO requests", "/s", D::neutral, 10, 20},
    {"load_profile.write_io_requests", "Write IO requests", "/s", D::neutral, 10, 20},
    {"load_profile.read_io_mb", "Read IO", "MB/s", D::neutral, 1, 20},
    {"load_profile.write_io_mb", "Write IO", "MB/s", D::neutral, 1, 20},
    {"load_profile.user_calls", "User calls", "/s", D::neutral, 10, 20},
    {"load_profile.parses", "Parses", "/s", D::neutral, 10, 20},
    {"load_profile.hard_parses", "Hard parses", "/s", D::higher_is_worse, 1, 30},
    {"load_profile.workarea_mb", "SQL Work Area", "MB/s", D::neutral, 1, 20},
    {"load_profile.logons", "Logons", "/s", D::higher_is_worse, 1, 50},
    {"load_profile.user_logons", "User logons", "/s", D::higher_is_worse, 1, 50},
    {"load_profile.executes", "Executes", "/s", D::neutral, 10, 20},
    {"load_profile.rollbacks", "Rollbacks", "/s", D::higher_is_worse, 0.5, 50},
    {"load_profile.transactions", "Transactions", "/s", D::neutral, 0.5, 10},
    {"load_profile.user_commits", "User commits", "/s", D::neutral, 0.5, 10},
    {"load_profile.gc_blocks_received", "RAC GC blocks received", "/s", D::neutral, 10, 20},
    {"load_profile.gc_blocks_served", "RAC GC blocks served", "/s", D::neutral, 10, 20},
};

}  // namespace

const char* to_string(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::unknown: return "unknown";
    case ChangeKind::unchanged: return "unchanged";
    case ChangeKind::worse: return "worse";
    case ChangeKind::better: return "better";
    case ChangeKind::changed: return "changed";
  }
  return "unknown";
}

std::span<const MetricSpec> all_metrics() { return k_metrics; }

const MetricSpec* find_metric(std::string_view key) {
  for (const auto& m : k_metrics)
    if (m.key == key) return &m;
  if (key.starts_with("load_profile.")) return find_metric("load_profile");
  return nullptr;
}

Assessment assess(const MetricSpec& spec, std::optional<double> base, std::optional<double> target) {
  Assessment a;
  if (!base || !target || !std::isfinite(*base) || !std::isfinite(*target)) return a;
  a.delta = *target - *base;
  if (*base != 0) a.rel_pct = *a.delta / std::fabs(*base) * 100.0;
  a.kind = ChangeKind::unchanged;
  const double d = std::fabs(*a.delta);
  if (d == 0 || d < spec.abs_floor) return a;
  if (!spec.points && spec.rel_floor_pct > 0) {
    // Symmetric relative floor: the larger magnitude must exceed the smaller by rel_floor_pct.
    const double lo = std::min(std::fabs(*base), std::fabs(*target));
    const double hi = std::max(std::fabs(*base), std::fabs(*target));
    if (lo > 0 && hi < lo * (1.0 + spec.rel_floor_pct / 100.0)) return a;
  }
  switch (spec.direction) {
    case Direction::neutral: a.kind = ChangeKind::changed; break;
    case Direction::higher_is_worse: a.kind = *a.delta > 0 ? ChangeKind::worse : ChangeKind::better; break;
    case Direction::higher_is_better: a.kind = *a.delta > 0 ? ChangeKind::better : ChangeKind::worse; break;
  }
  return a;
}

Assessment assess(std::string_view metric_key, std::optional<double> base, std::optional<double> target) {
  static constexpr MetricSpec k_neutral{"", "", "", Direction::neutral, 0, 0};
  const MetricSpec* spec = find_metric(metric_key);
  return assess(spec != nullptr ? *spec : k_neutral, base, target);
}

}  // namespace awrdiff
