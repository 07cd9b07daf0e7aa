// A period's detail (include/awrdiff/period_detail.hpp): its top SQL, DB time by wait class and top events,
// as AAS, read from its report through the registry.
#include <awrdiff/metrics.hpp>
#include <awrdiff/period_detail.hpp>

#include <algorithm>

namespace awrdiff {

PeriodDetail period_detail(const Snapshot& s, std::size_t top) {
  PeriodDetail d;
  if (!s.interval.elapsed_s || *s.interval.elapsed_s <= 0) return d;
  const double elapsed = *s.interval.elapsed_s;
  // SQL ordered by Elapsed Time: the statements at or above its cut-off (the smallest elapsed it lists; a statement of
  // another list alone is below it), where the report gives it, else every statement with an elapsed time; sorted by
  // elapsed time.
  const OptDouble cutoff = s.sql_elapsed_cutoff_s;
  for (const auto& q : s.sql) {
    if (d.top_sql.size() == top) break;
    if (q.elapsed_s && (!cutoff || *q.elapsed_s >= *cutoff))
      d.top_sql.push_back({q.sql_id, q.text, *q.elapsed_s / elapsed, q.pct_db_time, std::nullopt});
  }
  const auto cpu = metric_value(s, "db_cpu_per_s");
  if (cpu) d.db_time_parts.push_back({"DB CPU", *cpu});
  const auto& classes = s.foreground_wait_classes.empty() ? s.wait_classes : s.foreground_wait_classes;
  for (const auto& w : classes) {
    if (w.name == "DB CPU" || w.name == "Idle") continue;
    if (const auto v = metric_value(s, "wait_class:" + w.name + ":time_per_s"); v && *v > 0)
      d.db_time_parts.push_back({w.name, *v});
  }
  // The rest of DB time (the CPU run queue on a busy host, else time Oracle does not instrument): the parts then add up
  // to DB time, as the pair's attribution does.
  if (const auto v = metric_value(s, "outside_per_s"); v && *v > 0) d.db_time_parts.push_back({"Outside DB CPU and waits", *v});
  // The events with the most time: DB CPU and the non-idle foreground events (the full list where the report gives it).
  if (cpu) d.top_events.push_back({"DB CPU", *cpu});
  for (const auto& e : s.foreground_events.empty() ? s.top_events : s.foreground_events)
    if (!e.is_cpu && !e.is_idle && e.time_s && *e.time_s > 0) d.top_events.push_back({e.name, *e.time_s / elapsed});
  std::stable_sort(d.top_events.begin(), d.top_events.end(),
                   [](const PeriodEvent& a, const PeriodEvent& b) { return a.aas > b.aas; });
  if (d.top_events.size() > 10) d.top_events.resize(10);
  return d;
}

}  // namespace awrdiff
