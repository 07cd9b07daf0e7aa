// The findings rules: what a senior DBA reads out of two reports, each rule with its numbers.
//
// Every rule fires on a material change between the periods (metric catalog floors), never on a state
// both periods share: a report compared with itself has no findings, and swapping base and target
// gives the same findings with the opposite direction. The rules are in k_rules (their order), the thresholds in
// findings_rules.hpp, the rules themselves by family in findings_waits.cpp, findings_sql.cpp and findings_host.cpp;
// docs/findings.md describes them. Here: the run, the order of the findings and the reports' ADDM findings beside them.
#include <awrdiff/findings.hpp>

#include "findings/findings.hpp"
#include "findings/findings_rules.hpp"

#include <algorithm>
#include <cmath>

namespace awrdiff::detail::rules {

/// The rules, in the order used to break ties between findings of equal impact.
constexpr FindingRule k_rules[] = {
    {"cpu_shift", "the load moved between I/O waits and CPU (DB CPU share of DB time jumped)"},
    {"hard_parse", "hard parsing rose or fell (hard parses/s, hard parse elapsed, parse time elapsed)"},
    {"literal_sql", "many sql_ids collapsing to one statement shape appeared or went away"},
    {"sql_changed", "a statement runs under a new sql_id because literals became binds (or the reverse)"},
    {"commit_latency", "log file sync latency changed; compared with log file parallel write it says CPU/LGWR vs disk"},
    {"io_latency", "the average wait of an I/O event changed materially"},
    {"fs_cache_reads", "direct path reads under 0.1 ms on one side: file-system cache, not storage"},
    {"concurrency", "row lock, buffer busy, library cache, mutex and latch waits rose or fell"},
    {"configuration_waits", "Configuration-class waits (log file switch, log buffer space, enq: HW, free buffer) rose or fell"},
    {"cpu_queue", "time outside DB CPU and waits changed while sessions outnumber the CPU cores: the run queue"},
    {"uninstrumented_time", "time outside DB CPU and waits changed with CPU to spare: not instrumented as a wait"},
    {"plan_change", "a statement's plan hash value changed and its time per execution with it"},
    {"sql_regression", "the statements that carry the change, per execution vs volume"},
    {"workload_volume", "more (or less) work at the same cost per transaction"},
    {"work_per_unit", "logical reads per execution rose or fell (more work per unit), with the segment holding most of them"},
    {"host_change", "host CPUs, cores or memory changed between the periods"},
    {"memory_change", "buffer cache or shared pool sizes differ between the periods (Cache Sizes)"},
    {"parameter_change", "init.ora parameters differ between the periods, the performance-shaping ones first"},
};

int rule_order(std::string_view key) {
  for (std::size_t i = 0; i < std::size(k_rules); ++i)
    if (k_rules[i].key == key) return static_cast<int>(i);
  return static_cast<int>(std::size(k_rules));
}

std::string num(const OptDouble& v, int precision) { return v ? grouped(*v, precision) : std::string("?"); }

// "b -> t unit"; a side the report does not give (blank, N/A) reads "not given", never "? -> ?".
std::string arrow(const OptDouble& b, const OptDouble& t, int precision, std::string_view unit) {
  if (!b && !t) return "not given";
  auto side = [&](const OptDouble& v) { return v ? grouped(*v, precision) : std::string("not given"); };
  return fmt::format("{} -> {}{}{}", side(b), side(t), unit.empty() || !t ? "" : " ", !t ? "" : unit);
}

// Decimals for an average in ms by its magnitude: "95,670", "12.3", "1.71", "0.052".
int ms_decimals(double m) { return m >= 99.95 ? 0 : m >= 9.995 ? 1 : m >= 0.0995 ? 2 : 3; }
int ms_decimals(const OptDouble& b, const OptDouble& t) {
  return ms_decimals(std::max(std::fabs(b.value_or(0)), std::fabs(t.value_or(0))));
}
/// Averages in ms, both sides in one sensible precision ("95,670 -> 11,512", "12.3 -> 4.6", "3 -> 247"); when that
/// precision rounds the smaller side by more than 5% of it ("157 -> 1 ms" for 157 -> 0.78), each side in its own:
/// "157 -> 0.78 ms".
std::string ms_arrow(const OptDouble& b, const OptDouble& t) {
  const int shared = ms_decimals(b, t);
  if (b && t) {
    const double small = std::min(std::fabs(*b), std::fabs(*t));
    const double step = std::pow(10.0, -shared);
    const double rounded = std::round(small / step) * step;
    if (small > 0 && std::fabs(rounded - small) > 0.05 * small)
      return fmt::format("{} -> {} ms", grouped(*b, ms_decimals(std::fabs(*b))), grouped(*t, ms_decimals(std::fabs(*t))));
  }
  return arrow(b, t, shared, "ms");
}

// Elapsed per execution (the registry's milliseconds), both sides in one readable unit: ms below
// 10 s, else seconds.
std::string per_exec_arrow(const OptDouble& b_ms, const OptDouble& t_ms) {
  const double m = std::max(b_ms.value_or(0), t_ms.value_or(0));
  auto s = [](const OptDouble& v) { return v ? OptDouble(*v / 1000) : std::nullopt; };
  if (m >= 10000) return arrow(s(b_ms), s(t_ms), 1, "s");
  return arrow(b_ms, t_ms, m >= 10 ? 1 : 3, "ms");
}

std::string pct_change(const OptDouble& b, const OptDouble& t) {
  if (!b || !t || *b == 0) return "";
  const double p = (*t - *b) / std::fabs(*b) * 100;
  if (std::fabs(p) >= 10000) return p > 0 ? " (from almost none)" : " (to almost none)";
  return fmt::format(" ({}{}%)", p >= 0 ? "+" : "-", grouped(std::fabs(p), 0));
}

std::vector<Finding> Rules::run() {
  cpu_shift();
  hard_parse();
  literal_sql();
  sql_changed();
  commit_latency();
  io_latency();
  io_by_filetype();
  concurrency();
  configuration_waits();
  outside_time();
  plan_change();
  sql_regression();
  workload_volume();
  work_per_unit();
  host_change();
  memory_change();
  parameter_change();
  // Relevance: a finding whose change of DB time is under 1% of the smaller period's DB time per
  // second is noise next to the rest (a 0.1 AAS parse change in a 1,000 AAS lock pile-up).
  const double floor_aas = k_relevance_share * std::min(m_f.base_db_time_aas.value_or(0), m_f.target_db_time_aas.value_or(0));
  std::erase_if(m_out, [&](const Finding& f) { return f.impact_aas != 0 && std::fabs(f.impact_aas) < floor_aas; });
  // Causes of the change first (impact in its direction), largest first; then what moved against it.
  const double d = m_f.delta_db_time_aas().value_or(0);
  const bool material = assess("db_time_per_s", m_f.base_db_time_aas, m_f.target_db_time_aas).material();
  auto with_change = [&](const Finding& f) { return material && f.impact_aas * d > 0; };
  std::stable_sort(m_out.begin(), m_out.end(), [&](const Finding& a, const Finding& b) {
    if (with_change(a) != with_change(b)) return with_change(a);
    if (std::fabs(a.impact_aas) != std::fabs(b.impact_aas)) return std::fabs(a.impact_aas) > std::fabs(b.impact_aas);
    return rule_order(a.rule) < rule_order(b.rule);
  });
  // The reports' ADDM findings beside the first (largest) finding about the same thing: one ADDM
  // finding backs one finding, not every finding of its topic.
  std::vector<std::string> addm_used;
  for (auto& f : m_out) addm_beside(f, addm_used);
  return std::move(m_out);
}

/// Where both reports list Top ADDM Findings, the ones about the same thing as `f` go beside it, with
/// their average active sessions each side and whether they moved the way the finding says.
void Rules::addm_beside(Finding& f, std::vector<std::string>& used) const {
  if (m_b.addm_findings.empty() || m_t.addm_findings.empty()) return;  // one report's ADDM says nothing of a change
  const auto topics = addm_topics(f);
  if (topics.empty()) return;
  auto aas_of = [](const Snapshot& s, const std::string& name) -> OptDouble {
    for (const auto& a : s.addm_findings)
      if (a.name == name && a.pct_active_sessions && a.task_avg_active_sessions)
        return *a.pct_active_sessions / 100 * *a.task_avg_active_sessions;
    return std::nullopt;
  };
  std::vector<std::string> names;
  for (const Snapshot* s : {&m_b, &m_t})
    for (const auto& a : s->addm_findings) {
      const auto n = lower(a.name);
      if (std::none_of(topics.begin(), topics.end(), [&](std::string_view w) { return n.find(w) != std::string::npos; }))
        continue;
      if (std::find(used.begin(), used.end(), a.name) != used.end()) continue;
      if (std::find(names.begin(), names.end(), a.name) == names.end()) names.push_back(a.name);
    }
  for (const auto& n : names) {
    used.push_back(n);
    const OptDouble b = aas_of(m_b, n), t = aas_of(m_t, n);
    // ADDM names can quote themselves ('"User I/O" wait Class'): no second pair of quotes then.
    const std::string name = n.find('"') != std::string::npos ? n : "\"" + n + "\"";
    if (!b && !t) continue;
    if (!b || !t) {
      const bool base = b.has_value();
      f.evidence.push_back(fmt::format("the {}'s ADDM: {} {:.2f} average active sessions; not among the {}'s ADDM findings",
                                       base ? "base" : "target", name, base ? *b : *t, base ? "target" : "base"));
      continue;
    }
    std::string reading;
    if (f.direction != ChangeKind::changed) {
      const bool rose = *t > *b;
      const bool agrees = (f.direction == ChangeKind::worse) == rose;
      reading = std::fabs(*t - *b) < 0.05 * std::max(*b, *t) ? ": about the same in both"
                : agrees                                     ? ": corroborates"
                                                             : ": contradicts";
    }
    f.evidence.push_back(fmt::format("the reports' ADDM: {} {} average active sessions{}", name, arrow(b, t, 2), reading));
  }
}

/// The words of ADDM finding names ("Top SQL Statements", "Commits and Rollbacks", '"User I/O" wait
/// Class', "Shared Pool Latches") about the same thing as `f`: by its rule, and for waits by the
/// events it names (a System I/O event is not ADDM's "User I/O"; a user lock is not "Shared Pool Latches").
std::vector<std::string_view> Rules::addm_topics(const Finding& f) const {
  static const std::pair<std::string_view, std::vector<std::string_view>> k_topics[] = {
      {"sql_regression", {"top sql"}},
      {"plan_change", {"top sql"}},
      {"sql_changed", {"top sql", "hard parse"}},
      {"hard_parse", {"hard parse", "shared pool"}},
      {"literal_sql", {"hard parse", "shared pool"}},
      {"commit_latency", {"commits and rollbacks", "log file sync"}},
      {"configuration_waits", {"log file switch", "redo log", "buffer busy", "free buffer"}},
      {"cpu_queue", {"cpu usage", "host cpu", "resource manager"}},
      {"cpu_shift", {"cpu usage", "top sql"}},
  };
  std::vector<std::string_view> out;
  for (const auto& [rule, words] : k_topics)
    if (rule == f.rule) out = words;
  if (f.rule != "concurrency" && f.rule != "io_latency") return out;
  for (const auto& m : f.metrics) {  // "event:<name>:time_per_s"
    if (!m.key.starts_with("event:")) continue;
    const std::string name = m.key.substr(6, m.key.rfind(':') - 6);
    const auto cls = event_class(name);
    auto add = [&](std::initializer_list<std::string_view> words) {
      for (auto w : words)
        if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    };
    if (f.rule == "io_latency") {
      if (cls == "User I/O") add({"user i/o", "i/o throughput", "undersized buffer cache", "top segments"});
      else add({"i/o throughput"});
      continue;
    }
    const auto kind = contention_kind(name);
    if (kind == "row lock") add({"row lock"});
    else if (kind == "buffer busy") add({"buffer busy"});
    else if (kind == "library cache/mutex") add({"library cache", "shared pool latch"});
    else if (kind == "latch") add({"latch"});
    else if (kind == "sequence") add({"sequence"});
    if (cls == "Concurrency") add({"concurrency"});
  }
  if (f.rule == "io_latency" && out.empty()) out = {"user i/o", "i/o throughput"};  // by file type: IOStat, no event
  return out;
}

std::vector<std::string> Rules::union_event_names() const {
  std::vector<std::string> names;
  for (const Snapshot* s : {&m_t, &m_b})
    for (const auto* list : {&s->top_events, &s->foreground_events})
      for (const auto& e : *list)
        if (!e.is_cpu && !e.is_idle && std::find(names.begin(), names.end(), lower(e.name)) == names.end())
          names.push_back(lower(e.name));
  return names;
}

std::string Rules::event_class(std::string_view name) const {
  for (const Snapshot* s : {&m_t, &m_b})
    if (auto cls = event_wait_class(*s, name); !cls.empty()) return cls;
  return "";
}

std::string Rules::display_name(std::string_view name) const {
  for (const Snapshot* s : {&m_t, &m_b})
    if (const auto* e = event(*s, name)) return e->name;
  return std::string(name);
}

}  // namespace awrdiff::detail::rules

namespace awrdiff {
std::span<const FindingRule> finding_rules() { return detail::rules::k_rules; }
}  // namespace awrdiff

namespace awrdiff::detail {

std::vector<Finding> run_findings(const Facts& facts) {
  if (facts.base == nullptr || facts.target == nullptr) return {};
  // Two idle periods: every change between them is noise (the comparability warnings say so).
  if (idle_pair(facts.base_db_time_aas.value_or(0), facts.target_db_time_aas.value_or(0))) return {};
  return rules::Rules(facts).run();
}

}  // namespace awrdiff::detail
