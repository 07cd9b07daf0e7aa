// The findings rules of CPU, load and configuration: the load moving between I/O waits and CPU, time outside DB
// CPU and waits (a CPU run queue, or uninstrumented time), workload volume at the same cost, and what changed
// between the periods: the host, SGA sizes, init.ora parameters. Class Rules: findings_rules.hpp; docs/findings.md.
#include <awrdiff/catalog.hpp>

#include "findings/findings_rules.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace awrdiff::detail::rules {

void Rules::cpu_shift() {
  const Pair cpu_aas = value("db_cpu_per_s");
  const DbTimePart cpu_part{"DB CPU", cpu_aas.b, cpu_aas.t};
  const auto* cpu = &cpu_part;
  Pair io{};
  for (const char* cls : {"User I/O", "System I/O"}) {
    const Pair p = value(fmt::format("wait_class:{}:time_per_s", cls));
    if (p.b) io.b = io.b.value_or(0) + *p.b;
    if (p.t) io.t = io.t.value_or(0) + *p.t;
  }
  const Pair cpu_pct = value("db_cpu_pct_db_time");
  const Pair io_pct = share_of_db(io);
  if (!cpu_pct.b || !cpu_pct.t || !io_pct.b || !io_pct.t) return;
  const double dc = *cpu_pct.t - *cpu_pct.b, di = *io_pct.t - *io_pct.b;
  if (std::fabs(dc) < k_cpu_shift_cpu_pts || std::fabs(di) < k_cpu_shift_io_pts || dc * di >= 0) return;
  const auto a = assess("db_cpu_per_s", cpu->base, cpu->target);
  Finding f;
  f.rule = "cpu_shift";
  f.direction = a.material() ? a.kind : ChangeKind::changed;
  f.impact_aas = cpu->delta().value_or(0);
  // "Moved" when what one side gained the other lost (DB time about the same); when the side that gained grew by
  // half as much again as the other fell, the time grew there: said so, not as a move.
  const double cpu_d = cpu->delta().value_or(0), io_d = io.b && io.t ? *io.t - *io.b : 0;
  const bool grew = dc > 0 ? cpu_d > 1.5 * std::fabs(io_d) : io_d > 1.5 * std::fabs(cpu_d);
  f.title = fmt::format("{}: DB CPU {} of DB time, I/O waits {}",
                        grew ? (dc > 0 ? "DB CPU grew while I/O waits fell" : "I/O waits grew while DB CPU fell")
                             : (dc > 0 ? "The load moved from I/O waits to CPU" : "The load moved from CPU to I/O waits"),
                        arrow(cpu_pct.b, cpu_pct.t, 0, "%"), arrow(io_pct.b, io_pct.t, 0, "%"));
  f.cause = fmt::format("DB CPU {}", seconds(f.impact_aas));
  f.evidence.push_back(
      fmt::format("DB CPU {} average active sessions{}", arrow(cpu->base, cpu->target, 2), pct_change(cpu->base, cpu->target)));
  f.evidence.push_back(fmt::format("User and System I/O waits {} average active sessions", arrow(io.b, io.t, 2)));
  const Pair lr = lp("logical_reads");
  if (lr.b && lr.t)
    f.evidence.push_back(fmt::format("Logical reads {} blocks/s{}", arrow(lr.b, lr.t, 0), pct_change(lr.b, lr.t)));
  const Pair pr = lp("physical_reads");
  if (pr.b && pr.t)
    f.evidence.push_back(fmt::format("Physical reads {} blocks/s{}", arrow(pr.b, pr.t, 0), pct_change(pr.b, pr.t)));
  f.metrics = {metric("db_cpu_per_s", "DB CPU per second", "AAS", {cpu->base, cpu->target}),
               metric("db_cpu_pct_db_time", "DB CPU % of DB time", "%", cpu_pct),
               metric("io_pct_db_time", "I/O waits % of DB time", "%", io_pct)};
  add(std::move(f));
}

void Rules::outside_time() {
  // The registry's outside time: never negative (over-accounting, waits and CPU overlapping, is none).
  const Pair outside_aas = value("outside_per_s");
  if (!outside_aas.b || !outside_aas.t) return;
  const DbTimePart outside_part{"Outside DB CPU and waits", outside_aas.b, outside_aas.t};
  const auto* p = &outside_part;
  const auto a = assess("outside_per_s", p->base, p->target);
  if (!a.material()) return;
  const bool target_worse = *p->target > *p->base;
  const Snapshot& w = target_worse ? m_t : m_b;
  const OptDouble cpu_aas = metric_value(w, "db_cpu_per_s");
  const OptDouble outside = target_worse ? p->target : p->base;
  const OptDouble cores = w.database.cores ? w.database.cores : w.database.cpus;
  const OptDouble busy = metric_value(w, "host_cpu_busy_pct");
  const OptDouble per_core = cores && *cores > 0 && cpu_aas && outside ? OptDouble((*cpu_aas + *outside) / *cores) : std::nullopt;
  const bool queue = (per_core && *per_core >= k_cpu_queue_per_core) || (busy && *busy >= k_cpu_queue_busy_pct);
  Finding f;
  f.rule = queue ? "cpu_queue" : "uninstrumented_time";
  f.direction = a.kind;
  f.impact_aas = *a.delta;
  const std::string where = fmt::format(
      "{} DB CPU + {} outside = {:.1f} sessions wanting CPU, {} per core ({} cores, {} CPUs), host {} busy", num(cpu_aas, 2),
      num(outside, 2), cpu_aas.value_or(0) + outside.value_or(0), per_core ? fmt::format("{:.2f}", *per_core) : std::string("?"),
      num(w.database.cores, 0), num(w.database.cpus, 0), busy ? num(busy, 0) + "%" : "?%");
  if (queue) {
    f.title = fmt::format("Sessions queued for CPU: time outside DB CPU and waits {} average active sessions{}",
                          arrow(p->base, p->target, 2), pct_change(p->base, p->target));
    f.cause = fmt::format("CPU run queue {}", seconds(f.impact_aas));
    f.evidence.push_back(fmt::format("where it is high: {}", where));
    if (w.database.cores && w.database.cpus && *w.database.cpus > *w.database.cores)
      f.evidence.push_back("with SMT threads (CPUs > cores) the host's %busy understates how saturated the cores are");
  } else {
    f.title = fmt::format(
        "Time outside DB CPU and waits {} average active sessions with CPU to spare: not a CPU queue but time "
        "Oracle does not instrument as a wait",
        arrow(p->base, p->target, 2));
    f.cause = fmt::format("uninstrumented time {}", seconds(f.impact_aas));
    f.evidence.push_back(fmt::format("where it is high: {}", where));
    f.evidence.push_back(
        "typical sources: parallel execution (slaves' and coordinator's time), jobs waiting in idle-class waits, "
        "time in external calls; the SQL carrying the change below shows which");
  }
  f.metrics = {metric("outside_per_s", "time outside DB CPU and waits per second", "AAS", {p->base, p->target})};
  add(std::move(f));
}

void Rules::workload_volume() {
  const Pair tps = value("transactions_per_s");
  const auto a_tps = assess("transactions_per_s", tps.b, tps.t);
  if (!a_tps.material() || !tps.b || !tps.t || *tps.b <= 0 || *tps.t <= 0) return;
  const Pair per_txn = value("db_time_per_txn_s");
  const auto a_cost = assess("db_time_per_txn_s", per_txn.b, per_txn.t);
  if (a_cost.material()) return;  // the cost per transaction changed: the other rules explain it
  Finding f;
  f.rule = "workload_volume";
  f.direction = ChangeKind::changed;
  f.impact_aas = m_f.delta_db_time_aas().value_or(0);
  f.title = fmt::format(
      "{} work at the same cost: transactions {} /s{}, DB time per transaction {} ms", *tps.t > *tps.b ? "More" : "Less",
      arrow(tps.b, tps.t, 1), pct_change(tps.b, tps.t),
      arrow(per_txn.b ? OptDouble(*per_txn.b * 1000) : std::nullopt, per_txn.t ? OptDouble(*per_txn.t * 1000) : std::nullopt, 1));
  f.cause = fmt::format("workload volume {}", pct_change(tps.b, tps.t).substr(1));
  f.metrics = {metric("transactions_per_s", "transactions per second", "/s", tps),
               metric("db_time_per_txn_s", "DB time per transaction", "s", per_txn)};
  add(std::move(f));
}

// More work per unit: logical reads per execution rose materially (a statement reading more blocks each time, a
// segment grown or read another way): each execution costs more CPU whatever the load. Named with the segment that
// holds most logical reads and how much of them the captured SQL covers (the rest is outside the top lists).
void Rules::work_per_unit() {
  const Pair reads = lp("logical_reads"), execs = lp("executes");
  if (!reads.b || !reads.t || !execs.b || !execs.t || *execs.b <= 0 || *execs.t <= 0 || *reads.b <= 0) return;
  if (!assess("load_profile.logical_reads", reads.b, reads.t).material()) return;
  const double per_b = *reads.b / *execs.b, per_t = *reads.t / *execs.t;
  const bool up = per_t > per_b;
  if (std::max(per_b, per_t) < k_work_per_unit_ratio * std::min(per_b, per_t)) return;
  Finding f;
  f.rule = "work_per_unit";
  f.direction = up ? ChangeKind::worse : ChangeKind::better;
  const Pair cpu = tm_rate("DB CPU");
  f.impact_aas = cpu.b && cpu.t ? *cpu.t - *cpu.b : 0;
  if (f.impact_aas * (up ? 1 : -1) < 0) f.impact_aas = 0;  // the CPU moved the other way: no share to claim
  f.title = fmt::format("Work per execution {}: {} logical reads per execution (logical reads {} /s{}, executions {} /s{})",
                        up ? "rose" : "fell", arrow(per_b, per_t, per_t >= 100 ? 0 : 1), arrow(reads.b, reads.t, 0),
                        pct_change(reads.b, reads.t), arrow(execs.b, execs.t, 1), pct_change(execs.b, execs.t));
  f.cause = fmt::format("logical reads per execution x{}", grouped(per_t / per_b, 1));
  // The segment holding most logical reads of the later period, with its share on both sides.
  auto top_segment = [](const Snapshot& s) -> const SegmentStat* {
    const SegmentStat* best = nullptr;
    const std::string_view logical_reads = logical_reads_segment_list();
    for (const auto& g : s.segments)
      if (g.list == logical_reads && g.pct_total && (best == nullptr || *g.pct_total > *best->pct_total)) best = &g;
    return best;
  };
  const Snapshot& later = up ? m_t : m_b;
  if (const SegmentStat* g = top_segment(later); g != nullptr && *g->pct_total >= k_hot_segment_pct) {
    const Snapshot& other = up ? m_b : m_t;
    OptDouble before;
    for (const auto& o : other.segments)
      if (o.list == g->list && o.owner == g->owner && o.object == g->object && o.subobject == g->subobject) before = o.pct_total;
    f.evidence.push_back(
        fmt::format("Segments by Logical Reads: {}.{}{} ({}) holds {}% of logical reads{}", g->owner, g->object,
                    g->subobject.empty() ? "" : "." + g->subobject, g->type, grouped(*g->pct_total, 1),
                    before ? fmt::format(" ({}% before)", grouped(*before, 1)) : std::string(" (not listed before)")));
    f.cause += fmt::format(", {} {}% of logical reads", g->object, grouped(*g->pct_total, 1));
  }
  // How much of the later period's logical reads the captured SQL (its statements' buffer gets) accounts for.
  if (const OptDouble el_s = el(later); el_s && *el_s > 0) {
    double sum = 0;
    for (const auto& q : later.sql)
      if (q.buffer_gets) sum += *q.buffer_gets;
    const double total = (up ? *reads.t : *reads.b) * *el_s;
    if (sum > 0 && total > 0 && sum < total)
      f.evidence.push_back(
          fmt::format("the statements the report lists account for {}% of the logical reads (their buffer gets): "
                      "the rest is in statements below the top lists",
                      grouped(sum / total * 100, 1)));
  }
  f.metrics = {metric("load_profile.logical_reads", "logical reads per second", "blocks/s", reads),
               metric("load_profile.executes", "executions per second", "/s", execs)};
  add(std::move(f));
}

void Rules::host_change() {
  const auto& b = m_b.database;
  const auto& t = m_t.database;
  std::vector<std::string> lines;
  std::vector<FindingMetric> ms;
  auto cmp = [&](const char* label, const OptDouble& x, const OptDouble& y, int prec, const char* unit) {
    if (x && y && std::fabs(*x - *y) > (prec == 0 ? 0.5 : 0.5)) {
      lines.push_back(fmt::format("{} {}{}{}", label, arrow(x, y, prec), *unit ? " " : "", unit));
      ms.push_back({std::string("host.") + label, label, unit, x, y});
    }
  };
  cmp("CPUs", b.cpus, t.cpus, 0, "");
  cmp("cores", b.cores, t.cores, 0, "");
  cmp("memory", b.memory_gb, t.memory_gb, 1, "GB");
  if (lines.empty()) return;
  Finding f;
  f.rule = "host_change";
  f.direction = ChangeKind::changed;
  f.title = "The host changed between the periods: " + lines[0];
  for (std::size_t i = 1; i < lines.size(); ++i) f.title += ", " + lines[i];
  f.cause = "host changed";
  f.metrics = std::move(ms);
  add(std::move(f));
}

void Rules::parameter_change() {
  // Parameters that shape performance first; the rest after them.
  static constexpr std::string_view k_key_parameters[] = {"cpu_count",
                                                          "sga_target",
                                                          "sga_max_size",
                                                          "memory_target",
                                                          "pga_aggregate_target",
                                                          "pga_aggregate_limit",
                                                          "db_cache_size",
                                                          "shared_pool_size",
                                                          "log_buffer",
                                                          "cursor_sharing",
                                                          "optimizer_features_enable",
                                                          "optimizer_mode",
                                                          "optimizer_index_cost_adj",
                                                          "filesystemio_options",
                                                          "disk_asynch_io",
                                                          "parallel_max_servers",
                                                          "parallel_degree_policy",
                                                          "processes",
                                                          "sessions",
                                                          "open_cursors",
                                                          "session_cached_cursors",
                                                          "commit_logging",
                                                          "commit_wait",
                                                          "commit_write",
                                                          "db_writer_processes",
                                                          "resource_manager_plan",
                                                          "use_large_pages"};
  if (m_b.parameters.empty() || m_t.parameters.empty()) return;
  auto find = [](const Snapshot& s, const std::string& n) -> const Parameter* {
    for (const auto& p : s.parameters)
      if (lower(p.name) == n) return &p;
    return nullptr;
  };
  std::vector<std::string> names;
  for (const Snapshot* s : {&m_b, &m_t})
    for (const auto& p : s->parameters)
      if (std::find(names.begin(), names.end(), lower(p.name)) == names.end()) names.push_back(lower(p.name));
  std::vector<std::pair<int, std::string>> lines;
  for (const auto& n : names) {
    const auto* b = find(m_b, n);
    const auto* t = find(m_t, n);
    const std::string bv = b != nullptr ? b->value() : std::string("(not listed: default)");
    const std::string tv = t != nullptr ? t->value() : std::string("(not listed: default)");
    if (bv == tv) continue;
    // Text reports cut long values to their column: a prefix of the other side's value is the same.
    const bool cut = m_b.format == ReportFormat::text || m_t.format == ReportFormat::text;
    if (cut && b != nullptr && t != nullptr && !bv.empty() && !tv.empty() && (bv.starts_with(tv) || tv.starts_with(bv))) continue;
    const auto* key = std::find(std::begin(k_key_parameters), std::end(k_key_parameters), n);
    lines.push_back({key != std::end(k_key_parameters) ? static_cast<int>(key - std::begin(k_key_parameters)) : 1000,
                     fmt::format("{}: {} -> {}", n, bv, tv)});
  }
  if (lines.empty()) return;
  std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Finding f;
  f.rule = "parameter_change";
  f.direction = ChangeKind::changed;
  f.title = fmt::format("{} init.ora parameter{} between the periods: {}", lines.size(),
                        lines.size() == 1 ? " differs" : "s differ", lines.front().second);
  f.cause = "parameters changed";
  for (std::size_t i = 1; i < lines.size() && i < 12; ++i) f.evidence.push_back(lines[i].second);
  if (lines.size() > 12) f.evidence.push_back(fmt::format("and {} more", lines.size() - 12));
  add(std::move(f));
}

void Rules::memory_change() {
  const auto& b = m_b.cache_sizes;
  const auto& t = m_t.cache_sizes;
  std::vector<std::string> lines;
  auto cmp = [&](const char* label, const OptDouble& x, const OptDouble& y) {
    if (x && y && *x > 0 && *y > 0 && std::max(*x, *y) >= 1.1 * std::min(*x, *y))
      lines.push_back(fmt::format("{} {} MB", label, arrow(*x / 1048576, *y / 1048576, 0)));
  };
  cmp("buffer cache", b.buffer_cache_end_bytes, t.buffer_cache_end_bytes);
  cmp("shared pool", b.shared_pool_end_bytes, t.shared_pool_end_bytes);
  if (lines.empty()) return;
  Finding f;
  f.rule = "memory_change";
  f.direction = ChangeKind::changed;
  f.title = "SGA components resized between the periods: " + lines[0];
  for (std::size_t i = 1; i < lines.size(); ++i) f.title += ", " + lines[i];
  f.cause = "SGA resized";
  add(std::move(f));
}

}  // namespace awrdiff::detail::rules
