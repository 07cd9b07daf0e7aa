// Internal to the findings rules (src/findings/findings*.cpp): class Rules, which reads the facts of two periods
// into findings, with its lookups, the rules' thresholds and the number formats the rules share. Its rules are split
// by family: findings.cpp (the run, the order of findings, the reports' ADDM findings), findings_waits.cpp (commit and
// I/O latency, IOStat by Filetype, contention and Configuration waits), findings_sql.cpp (hard parsing, literal SQL,
// sql_id and plan changes, the SQL carrying the change), findings_host.cpp (CPU, time outside DB CPU and waits,
// workload volume, host, memory, parameters). docs/findings.md describes the rules.
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>

#include "diff/facts.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail::rules {
constexpr double k_cpu_shift_cpu_pts = 15;  // DB CPU share of DB time must move this many points ...
constexpr double k_cpu_shift_io_pts = 10;  // ... and the I/O share the other way this many
constexpr double k_commit_cpu_ratio = 3;  // log file sync / log file parallel write above this: not the disk
constexpr double k_fs_cache_ms = 0.1;  // direct path read faster than this is served from memory
constexpr double k_storage_ms = 0.5;  // ... and slower than this on the other side is storage
constexpr double k_event_matters_aas = 0.02;  // an event must cost this much DB time per second on one side
constexpr double k_cpu_queue_per_core = 1.0;  // DB CPU + outside time per core above this: CPU saturated
constexpr double k_cpu_queue_busy_pct = 80;  // or the host this busy
constexpr double k_carrier_share = 0.10;  // a statement carrying this share of the DB time change is named
constexpr std::size_t k_max_carriers = 3;
// A statement moving against the change by half of it or more (a job that ran in one period only) is named too: without
// it the statements named add up to more than the change.
constexpr double k_offset_share = 0.50;
constexpr double k_relevance_share = 0.01;  // findings must move DB time by 1% of the smaller period's
constexpr double k_slow_redo_write_ms = 10;  // log file parallel write above this: the redo disk is slow
// A file type needs this many read requests per second on both sides to count, and its large reads this many multiblock
// read requests per second where the report gives them.
constexpr double k_filetype_min_reads = 10;
constexpr double k_parse_min_share_pct = 2;  // parse time under this share of DB time on both sides is not a finding
constexpr double k_work_per_unit_ratio = 2;  // logical reads per execution must move this many times to be a finding
constexpr double k_hot_segment_pct = 30;  // a segment holding this share of logical reads is named as where the work is
constexpr double k_literal_min_aas = 0.01;  // a literal SQL shape must carry this much elapsed per second on a side

std::string num(const OptDouble& v, int precision);
// "b -> t unit"; a side the report does not give (blank, N/A) reads "not given", never "? -> ?".
std::string arrow(const OptDouble& b, const OptDouble& t, int precision, std::string_view unit = "");
// Decimals for an average in ms by its magnitude: "95,670", "12.3", "1.71", "0.052".
int ms_decimals(double m);
int ms_decimals(const OptDouble& b, const OptDouble& t);
/// Averages in ms, both sides in one sensible precision ("95,670 -> 11,512", "12.3 -> 4.6", "3 -> 247"); when that
/// precision rounds the smaller side by more than 5% of it ("157 -> 1 ms" for 157 -> 0.78), each side in its own:
/// "157 -> 0.78 ms".
std::string ms_arrow(const OptDouble& b, const OptDouble& t);
// Elapsed per execution (the registry's milliseconds), both sides in one readable unit: ms below
// 10 s, else seconds.
std::string per_exec_arrow(const OptDouble& b_ms, const OptDouble& t_ms);
// " (+38%)": the change of b -> t in percent; empty when either is unknown or b is 0.
std::string pct_change(const OptDouble& b, const OptDouble& t);

/// Both sides of one metric, per second of elapsed or as printed.
struct Pair {
  OptDouble b, t;
};

class Rules {
public:
  explicit Rules(const Facts& f) : m_f(f), m_b(*f.base), m_t(*f.target) {}

  /// Every rule, then the findings by relevance and impact, the ADDM findings beside them.
  std::vector<Finding> run();

private:
  // ---- lookups -------------------------------------------------------------------------------
  static OptDouble el(const Snapshot& s) { return s.interval.elapsed_s; }

  /// A foreground event (the top list and Foreground Wait Events, as the snapshot reconciles them).
  static const WaitEvent* event(const Snapshot& s, std::string_view name) { return s.foreground_event(name); }

  /// Both sides of a registry metric (metric_value): the numbers sets and check read for the same key.
  Pair value(const std::string& key) const { return {metric_value(m_b, key), metric_value(m_t, key)}; }
  /// An event's measure ("time_per_s", "avg_wait_ms", "waits_per_s") from the registry. A foreground
  /// event absent from a report's foreground lists is unknown there (the registry would fall back on
  /// Background Wait Events, another measure); `background` takes that fallback (log file parallel write).
  Pair event_value(std::string_view name, std::string_view measure, bool background = false) const {
    const std::string key = fmt::format("event:{}:{}", name, measure);
    auto one = [&](const Snapshot& s) -> OptDouble {
      return background || event(s, name) != nullptr ? metric_value(s, key) : std::nullopt;
    };
    return {one(m_b), one(m_t)};
  }
  Pair event_rate(std::string_view name, bool background = false) const { return event_value(name, "time_per_s", background); }
  Pair event_avg(std::string_view name, bool background = false) const { return event_value(name, "avg_wait_ms", background); }
  Pair lp(std::string_view key) const { return value(fmt::format("load_profile.{}", key)); }
  Pair tm_rate(std::string_view name) const { return value(fmt::format("time_model:{}:time_per_s", name)); }
  /// A statement's measure in each report ("elapsed_per_exec_ms", ...), each side under its own sql_id.
  Pair sql_value(const SqlPair& p, std::string_view measure) const {
    auto one = [&](const Snapshot& s, const SqlStat* q) -> OptDouble {
      return q != nullptr ? metric_value(s, fmt::format("sql:{}:{}", q->sql_id, measure)) : std::nullopt;
    };
    return {one(m_b, p.base), one(m_t, p.target)};
  }
  /// Share of DB time, percent.
  static OptDouble share(const OptDouble& aas, const OptDouble& db_aas) {
    if (!aas || !db_aas || *db_aas <= 0) return std::nullopt;
    return *aas / *db_aas * 100;
  }
  Pair share_of_db(const Pair& p) const { return {share(p.b, m_f.base_db_time_aas), share(p.t, m_f.target_db_time_aas)}; }
  /// A change in AAS as the comparison states it (Facts::in_aas): average active sessions, or seconds
  /// over the target's elapsed time.
  std::string seconds(double delta_aas) const {
    if (m_f.in_aas) return fmt::format("{:+.1f} AAS", delta_aas);
    return human_seconds(delta_aas * el(m_t).value_or(0));
  }

  static FindingMetric metric(std::string key, std::string label, std::string unit, const Pair& p) {
    return {std::move(key), std::move(label), std::move(unit), p.b, p.t};
  }
  void add(Finding f) { m_out.push_back(std::move(f)); }
  static std::string short_text(std::string_view text, std::size_t n = 70) { return detail::short_text(text, n); }

  // ---- the reports' own ADDM findings (findings.cpp) -----------------------------------------
  void addm_beside(Finding& f, std::vector<std::string>& used) const;
  std::vector<std::string_view> addm_topics(const Finding& f) const;

  // ---- the wait events of both reports (findings.cpp) ----------------------------------------
  std::vector<std::string> union_event_names() const;
  std::string event_class(std::string_view name) const;
  std::string display_name(std::string_view name) const;

  // ---- rules: waits (findings_waits.cpp) ------------------------------------------------------
  void commit_latency();
  void io_latency();
  void io_by_filetype();
  void concurrency();
  void configuration_waits();
  static bool is_concurrency_event(std::string_view name, std::string_view cls);
  static std::string contention_kind(std::string_view name);
  static std::string contention_title(const std::vector<std::string>& events);
  static std::string_view configuration_hint(std::string_view name);
  static OptDouble multiblock_reads_per_s(const Snapshot& s);
  /// A finding per direction over a group of wait events whose time per second changed materially.
  struct EventGroup {
    std::string_view rule, title;
    bool show_class;  ///< "event (Wait Class)" in each line
    std::size_t lines;  ///< events named at most (the first in the title)
    std::string_view (*hint)(std::string_view);  ///< what an event usually means; may be null
    /// The title from the events of one direction, largest change first; `title` when null.
    std::string (*title_of)(const std::vector<std::string>&) = nullptr;
  };
  template <class Select>
  void event_group(const EventGroup& g, Select select);

  // ---- rules: SQL (findings_sql.cpp) ----------------------------------------------------------
  void hard_parse();
  void literal_sql();
  void sql_changed();
  void plan_change();
  void sql_regression();
  static bool one_statement(const SqlPair& p);

  // ---- rules: CPU, load, host and configuration (findings_host.cpp) ---------------------------
  void cpu_shift();
  void outside_time();
  void workload_volume();
  void work_per_unit();
  void host_change();
  void memory_change();
  void parameter_change();

  const Facts& m_f;
  const Snapshot& m_b;
  const Snapshot& m_t;
  std::vector<Finding> m_out;
};

}  // namespace awrdiff::detail::rules
