// The findings rules: what a senior DBA reads out of two reports, each rule with its numbers.
//
// Every rule fires on a material change between the periods (metric catalog floors), never on a state
// both periods share: a report compared with itself has no findings, and swapping base and target
// gives the same findings with the opposite direction. The thresholds of each rule are in k_rules /
// the constants below, and docs/findings.md describes them.
#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>

#include "diff/facts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

namespace awrdiff::detail {
namespace {

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
    {"host_change", "host CPUs, cores or memory changed between the periods"},
    {"memory_change", "buffer cache or shared pool sizes differ between the periods (Cache Sizes)"},
    {"parameter_change", "init.ora parameters differ between the periods, the performance-shaping ones first"},
};

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
constexpr double k_filetype_min_reads = 10;  // a file type needs this many read requests per second to count
constexpr double k_parse_min_share_pct = 2;  // parse time under this share of DB time on both sides is not a finding
constexpr double k_literal_min_aas = 0.01;  // a literal SQL shape must carry this much elapsed per second on a side

int rule_order(std::string_view key) {
  for (std::size_t i = 0; i < std::size(k_rules); ++i)
    if (k_rules[i].key == key) return static_cast<int>(i);
  return static_cast<int>(std::size(k_rules));
}

std::string num(const OptDouble& v, int precision) { return v ? grouped(*v, precision) : std::string("?"); }

// "b -> t unit"; a side the report does not give (blank, N/A) reads "not given", never "? -> ?".
std::string arrow(const OptDouble& b, const OptDouble& t, int precision, std::string_view unit = "") {
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

/// Both sides of one metric, per second of elapsed or as printed.
struct Pair {
  OptDouble b, t;
};

class Rules {
public:
  explicit Rules(const Facts& f) : m_f(f), m_b(*f.base), m_t(*f.target) {}

  std::vector<Finding> run() {
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

  // ---- the reports' own ADDM findings ----------------------------------------------------------
  /// Where both reports list Top ADDM Findings, the ones about the same thing as `f` go beside it, with
  /// their average active sessions each side and whether they moved the way the finding says.
  void addm_beside(Finding& f, std::vector<std::string>& used) const {
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
  std::vector<std::string_view> addm_topics(const Finding& f) const {
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

  // ---- rules ---------------------------------------------------------------------------------
  void cpu_shift() {
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

  void hard_parse() {
    const Pair hp = lp("hard_parses");
    const Pair hpe = tm_rate("hard parse elapsed time");
    const Pair pte = tm_rate("parse time elapsed");
    const auto a_rate = assess("load_profile.hard_parses", hp.b, hp.t);
    const auto a_time = assess("time_model.time_per_s", hpe.b, hpe.t);
    const auto a_parse = assess("time_model.time_per_s", pte.b, pte.t);
    const bool time_material = a_time.material() || (!hpe.b && !hpe.t && a_parse.material());
    if (!a_rate.material() && !time_material) return;
    // Parsing that stays under 2% of DB time on both sides is not where the time went.
    const Pair parse_share = share_of_db(hpe.b || hpe.t ? hpe : pte);
    if (std::max(parse_share.b.value_or(0), parse_share.t.value_or(0)) < k_parse_min_share_pct &&
        std::max(share_of_db(pte).b.value_or(0), share_of_db(pte).t.value_or(0)) < k_parse_min_share_pct)
      return;
    Finding f;
    f.rule = "hard_parse";
    f.direction = time_material ? (a_time.material() ? a_time.kind : a_parse.kind) : a_rate.kind;
    const bool up = f.direction == ChangeKind::worse;
    f.impact_aas = a_time.material() ? *a_time.delta : (a_parse.material() ? *a_parse.delta : 0);
    std::string what = fmt::format("Hard parsing {}:", up ? "rose" : "fell");
    if (hpe.b && hpe.t)
      what += fmt::format(" hard parse elapsed {} s per second ({} of DB time);", arrow(hpe.b, hpe.t, 2),
                          arrow(share_of_db(hpe).b, share_of_db(hpe).t, 0, "%"));
    if (hp.b || hp.t) what += fmt::format(" {} hard parses/s{}", arrow(hp.b, hp.t, 1), pct_change(hp.b, hp.t));
    if (what.back() == ';') what.pop_back();
    if (a_time.material() && !a_rate.material() && hp.b && hp.t && *hp.b > 0 && *hp.t > 0)
      f.evidence.push_back(
          fmt::format("about as many hard parses, each {}: {} ms per hard parse (shared pool / library cache "
                      "contention or CPU starvation)",
                      up ? "slower" : "faster", arrow(*hpe.b / *hp.b * 1000, *hpe.t / *hp.t * 1000, 1)));
    f.title = what;
    f.cause = fmt::format("hard parsing {}", seconds(f.impact_aas));
    if (pte.b && pte.t) f.evidence.push_back(fmt::format("parse time elapsed {} s per second", arrow(pte.b, pte.t, 2)));
    const Pair parses = lp("parses");
    if (parses.b && parses.t && hp.b && hp.t && *parses.b > 0 && *parses.t > 0)
      f.evidence.push_back(fmt::format("{} of parses are hard", arrow(*hp.b / *parses.b * 100, *hp.t / *parses.t * 100, 0, "%")));
    const Pair ex = lp("executes");
    if (ex.b && ex.t) f.evidence.push_back(fmt::format("executes {} /s", arrow(ex.b, ex.t, 1)));
    for (std::size_t i = 0; i < m_f.literal_groups.size() && i < 3; ++i)
      f.evidence.push_back(fmt::format("literal SQL: {} -> {} listed sql_ids share the shape \"{}\"",
                                       m_f.literal_groups[i].base.size(), m_f.literal_groups[i].target.size(),
                                       short_text(m_f.literal_groups[i].example)));
    for (const auto& p : m_f.sql)
      if (p.text_match != SignatureMatch::none && p.binds_changed)
        f.evidence.push_back(fmt::format("SQL {} changed sql_id (same text, literals/binds folded)", p.label()));
    f.metrics = {metric("time_model:hard parse elapsed time:time_per_s", "hard parse elapsed time per second", "AAS", hpe),
                 metric("load_profile.hard_parses", "Hard parses per second", "/s", hp),
                 metric("time_model:parse time elapsed:time_per_s", "parse time elapsed per second", "AAS", pte)};
    add(std::move(f));
  }

  static std::string short_text(std::string_view text, std::size_t n = 70) { return detail::short_text(text, n); }

  void literal_sql() {
    // Literal SQL in both periods is a standing problem, not a change: report the shapes that appear
    // or go, one finding per direction.
    for (const bool appeared : {true, false}) {
      Finding f;
      f.rule = "literal_sql";
      f.direction = appeared ? ChangeKind::worse : ChangeKind::better;
      std::size_t shapes = 0;
      for (const auto& g : m_f.literal_groups) {
        const bool up = g.base.size() < 3 && g.target.size() >= 3;
        const bool down = g.base.size() >= 3 && g.target.size() < 3;
        if (appeared ? !up : !down) continue;
        const Pair ela{per_second(g.base_elapsed_s, el(m_b)), per_second(g.target_elapsed_s, el(m_t))};
        // A merged set knows a literal statement's figures only when every member lists it: then the
        // shape counts by its sql_ids alone.
        auto partly_unknown = [](const Snapshot& s, const std::vector<const SqlStat*>& v) {
          return s.members > 1 && std::any_of(v.begin(), v.end(), [](const SqlStat* q) { return !q->elapsed_s; });
        };
        const bool unknown = appeared ? partly_unknown(m_t, g.target) : partly_unknown(m_b, g.base);
        if (!unknown && std::max(ela.b.value_or(0), ela.t.value_or(0)) < k_literal_min_aas) continue;  // too small to matter
        ++shapes;
        // A side whose ids the lists give no elapsed for is unknown, never 0.
        auto side = [](const OptDouble& v) { return v ? grouped(*v, 3) + " s" : std::string("not in the lists"); };
        if (shapes <= 3)
          f.evidence.push_back(
              fmt::format("{} -> {} listed sql_ids, {}: {}", g.base.size(), g.target.size(),
                          unknown          ? std::string("elapsed not known for the set (each id is in some of its reports only)")
                          : ela.b && ela.t ? arrow(ela.b, ela.t, 3) + " s elapsed per second"
                                           : fmt::format("elapsed per second {} -> {}", side(ela.b), side(ela.t)),
                          short_text(g.example, 80)));
        // The statement of the shape the other period ran under one sql_id (Top SQL's "literals -> binds").
        for (const auto& p : m_f.sql) {
          if (shapes > 3 || p.status != "literal group") continue;
          const auto& ids = appeared ? g.target : g.base;
          if (std::find(ids.begin(), ids.end(), p.literal_group.front()) == ids.end()) continue;
          const SqlStat& one = p.any();
          f.evidence.push_back(fmt::format(
              "{} one sql_id in the {}: SQL {}, {} executions, {} s elapsed per second ({}); its change against the ids "
              "listed {}",
              appeared ? "ran as" : "runs as", appeared ? "base" : "target", one.sql_id, num(one.executions, 0),
              num(appeared ? p.base_rate : p.target_rate, 3), short_text(one.text, 60),
              p.delta_aas
                  ? fmt::format("is {:+.3f} s per second or {}", *p.delta_aas, p.at_least == (*p.delta_aas > 0) ? "more" : "less")
                  : std::string("is unknown (none of them has its elapsed in the lists)")));
        }
        f.metrics.push_back(metric("literal_sql.sql_ids", short_text(g.example, 40), "",
                                   {static_cast<double>(g.base.size()), static_cast<double>(g.target.size())}));
      }
      if (shapes == 0) continue;
      if (shapes > 3) f.evidence.push_back(fmt::format("and {} more shapes (see the Literal SQL table)", shapes - 3));
      f.evidence.push_back(
          "each literal value is a new sql_id and a hard parse; the lists show only the top statements, so the "
          "real number of sql_ids is higher. Bind variables fold them into one cursor.");
      f.title = fmt::format("Literal SQL {}: {} statement shape{} listed under 3 or more sql_ids in the {} only",
                            appeared ? "appeared" : "went away", shapes, shapes == 1 ? "" : "s", appeared ? "target" : "base");
      f.cause = appeared ? "literal SQL" : "literal SQL gone";
      add(std::move(f));
    }
  }

  void sql_changed() {
    for (const auto& p : m_f.sql) {
      if (p.text_match == SignatureMatch::none || !p.binds_changed) continue;
      const auto a = assess("sql.elapsed_per_s", p.base_rate, p.target_rate);
      Finding f;
      f.rule = "sql_changed";
      f.direction = a.material() ? a.kind : ChangeKind::changed;
      f.impact_aas = p.delta_aas.value_or(0);
      const int bb = sql_shape(p.base->text).binds, tb = sql_shape(p.target->text).binds;
      f.title = fmt::format("SQL {} runs as {} now: {} (same text otherwise; confidence {}): elapsed {} s per second{}",
                            p.base->sql_id, p.target->sql_id, tb > bb ? "literals became binds" : "binds became literals",
                            p.confidence, arrow(p.base_rate, p.target_rate, 3), pct_change(p.base_rate, p.target_rate));
      f.cause = fmt::format("SQL {} {}", p.label(), seconds(f.impact_aas));
      if (!p.parent.empty()) {
        // Inside a PL/SQL call: its time is the call's (sql_regression names the call), never counted a second time.
        f.impact_aas = 0;
        f.cause = fmt::format("SQL {} changed sql_id", p.label());
        f.evidence.push_back(fmt::format("probably runs inside PL/SQL {}: its time is counted in the call's", p.parent));
      }
      f.evidence.push_back(fmt::format("base:   {}", short_text(p.base->text, 100)));
      f.evidence.push_back(fmt::format("target: {}", short_text(p.target->text, 100)));
      const Pair per_exec = sql_value(p, "elapsed_per_exec_ms");
      f.evidence.push_back(fmt::format("executions {}; elapsed per execution {}",
                                       arrow(p.base->executions, p.target->executions, 0),
                                       per_exec_arrow(per_exec.b, per_exec.t)));
      f.metrics = {metric("sql.elapsed_per_s", "SQL " + p.label() + " elapsed per second", "AAS", {p.base_rate, p.target_rate})};
      add(std::move(f));
    }
  }

  void commit_latency() {
    const Pair avg = event_avg("log file sync");
    const Pair rate = event_rate("log file sync");
    const auto a = assess("event.avg_wait_ms", avg.b, avg.t);
    if (!a.material()) return;
    const auto r = assess("event.time_per_s", rate.b, rate.t);
    const bool matters = r.material() || std::max(rate.b.value_or(0), rate.t.value_or(0)) >= k_event_matters_aas;
    if (!matters) return;
    const Pair lfpw = event_avg("log file parallel write", true);  // a background event
    const bool target_worse = *avg.t > *avg.b;
    const OptDouble worse_sync = target_worse ? avg.t : avg.b;
    const OptDouble worse_write = target_worse ? lfpw.t : lfpw.b;
    Finding f;
    f.rule = "commit_latency";
    f.direction = a.kind;
    f.impact_aas = r.delta.value_or(0);
    // Commits per second: the "user commits" statistic (exact), else the Load Profile's User commits row;
    // Transactions count rollbacks too and are only a last resort.
    auto commit_rate = [](const Snapshot& s) -> OptDouble {
      if (const auto* st = s.activity_stat("user commits"); st != nullptr) {
        if (st->total && s.interval.elapsed_s && *s.interval.elapsed_s > 0) return *st->total / *s.interval.elapsed_s;
        if (st->per_second) return st->per_second;
      }
      return metric_value(s, "load_profile.user_commits");
    };
    Pair commits{commit_rate(m_b), commit_rate(m_t)};
    const char* commit_label = "commits";
    std::string commit_key = "load_profile.user_commits";
    if (!commits.b && !commits.t) {
      commit_key = "load_profile.transactions";
      commits = value(commit_key);
      commit_label = "transactions (commits and rollbacks)";
    }
    f.title =
        fmt::format("Commit latency: log file sync {} average{} at {} {} per hour", ms_arrow(avg.b, avg.t),
                    lfpw.b || lfpw.t ? fmt::format(" (log file parallel write {})", ms_arrow(lfpw.b, lfpw.t)) : std::string(),
                    arrow(commits.b ? OptDouble(*commits.b * 3600) : std::nullopt,
                          commits.t ? OptDouble(*commits.t * 3600) : std::nullopt, 0),
                    commit_label);
    f.cause = fmt::format("log file sync {}", seconds(f.impact_aas));
    const Snapshot& ws = target_worse ? m_t : m_b;
    const double busy_w = metric_value(ws, "host_cpu_busy_pct").value_or(-1);  // -1: unknown
    if (!worse_write) {
      f.evidence.push_back("no log file parallel write in the Background Wait Events: cannot tell disk from CPU/LGWR scheduling");
    } else {
      if (*worse_write >= k_slow_redo_write_ms)
        f.evidence.push_back(
            fmt::format("log file parallel write averages {} ms where commits are slow: the redo log disk itself is "
                        "slow (healthy: a few ms)",
                        num(worse_write, 1)));
      else if (assess("event.avg_wait_ms", lfpw.b, lfpw.t).material())
        f.evidence.push_back(fmt::format("log file parallel write moved with it: the redo log writes themselves got {} (storage)",
                                         *lfpw.t > *lfpw.b ? "slower" : "faster"));
      if (*worse_write > 0 && *worse_sync >= k_commit_cpu_ratio * *worse_write)
        f.evidence.push_back(fmt::format(
            "log file sync is {:.0f}x log file parallel write where it is slow: the time is lost outside the disk write, in CPU "
            "queuing or log writer scheduling (LGWR waiting for CPU, post/wait){}",
            *worse_sync / *worse_write,
            busy_w >= 0 && busy_w < 50
                ? fmt::format("; the host is only {:.0f}% busy there, so look at LGWR scheduling and, on RAC, the "
                              "commit broadcast",
                              busy_w)
                : std::string()));
      else if (*worse_write < k_slow_redo_write_ms)
        f.evidence.push_back("log file sync is close to log file parallel write: the time is the redo write itself");
    }
    f.evidence.push_back(
        fmt::format("log file sync time {} s per second{}", arrow(rate.b, rate.t, 3), pct_change(rate.b, rate.t)));
    const Pair busy = value("host_cpu_busy_pct");
    if (busy.b || busy.t) f.evidence.push_back(fmt::format("host CPU busy {} %", arrow(busy.b, busy.t, 0)));
    f.metrics = {metric("event:log file sync:avg_wait_ms", "log file sync average wait", "ms", avg),
                 metric("event:log file parallel write:avg_wait_ms", "log file parallel write average wait", "ms", lfpw),
                 metric("event:log file sync:time_per_s", "log file sync time per second", "AAS", rate)};
    // The commit rate of the title comes from the "user commits" statistic, which the registry does not
    // read: the metric is the registry's Load Profile row, listed when a report prints it.
    if (const Pair lp_commits = value(commit_key); lp_commits.b || lp_commits.t)
      f.metrics.push_back(metric(commit_key, commit_label + std::string(" per second"), "/s", lp_commits));
    add(std::move(f));
  }

  std::vector<std::string> union_event_names() const {
    std::vector<std::string> names;
    for (const Snapshot* s : {&m_t, &m_b})
      for (const auto* list : {&s->top_events, &s->foreground_events})
        for (const auto& e : *list)
          if (!e.is_cpu && !e.is_idle && std::find(names.begin(), names.end(), lower(e.name)) == names.end())
            names.push_back(lower(e.name));
    return names;
  }
  std::string event_class(std::string_view name) const {
    for (const Snapshot* s : {&m_t, &m_b})
      if (auto cls = event_wait_class(*s, name); !cls.empty()) return cls;
    return "";
  }
  std::string display_name(std::string_view name) const {
    for (const Snapshot* s : {&m_t, &m_b})
      if (const auto* e = event(*s, name)) return e->name;
    return std::string(name);
  }

  void io_latency() {
    std::vector<Finding> found;
    for (const auto& n : union_event_names()) {
      const auto cls = event_class(n);
      if (cls != "User I/O" && cls != "System I/O") continue;
      const Pair avg = event_avg(n);
      const Pair rate = event_rate(n);
      if (n == "direct path read" || n == "direct path read temp") {
        if (avg.b && avg.t && std::min(*avg.b, *avg.t) < k_fs_cache_ms && std::max(*avg.b, *avg.t) >= k_storage_ms) {
          Finding f;
          f.rule = "fs_cache_reads";
          f.direction = *avg.t > *avg.b ? ChangeKind::worse : ChangeKind::better;
          f.impact_aas = rate.t && rate.b ? *rate.t - *rate.b : 0;
          f.title = fmt::format(
              "{} averages {} ms: under {} ms the reads come from a file-system cache, not storage; the "
              "environments compare unfairly (direct I/O on one side only?)",
              display_name(n), arrow(avg.b, avg.t, 3), k_fs_cache_ms);
          f.cause = fmt::format("{} {}", display_name(n), ms_arrow(avg.b, avg.t));
          f.evidence.push_back(
              "check filesystemio_options / the mount options: without direct I/O the OS page cache serves the reads");
          f.metrics = {metric("event:" + n + ":avg_wait_ms", display_name(n) + " average wait", "ms", avg)};
          found.push_back(std::move(f));
          continue;
        }
      }
      const auto a = assess("event.avg_wait_ms", avg.b, avg.t);
      if (!a.material()) continue;
      if (std::max(rate.b.value_or(0), rate.t.value_or(0)) < k_event_matters_aas) continue;
      Finding f;
      f.rule = "io_latency";
      f.direction = a.kind;
      f.impact_aas = rate.b && rate.t ? *rate.t - *rate.b : 0;
      f.title = fmt::format("I/O latency: {} {} average{}", display_name(n), ms_arrow(avg.b, avg.t), pct_change(avg.b, avg.t));
      f.cause = fmt::format("{} {}", display_name(n), ms_arrow(avg.b, avg.t));
      const Pair sh = share_of_db(rate);
      f.evidence.push_back(
          fmt::format("{} s per second, {} of DB time ({})", arrow(rate.b, rate.t, 3), arrow(sh.b, sh.t, 1, "%"), cls));
      const Pair waits = event_value(n, "waits_per_s");
      if (waits.b && waits.t)
        f.evidence.push_back(fmt::format("waits {} /s: {}", arrow(waits.b, waits.t, 1),
                                         assess("event.waits_per_s", waits.b, waits.t).material()
                                             ? "the volume changed too"
                                             : "same volume, each wait slower or faster"));
      f.metrics = {metric("event:" + n + ":avg_wait_ms", display_name(n) + " average wait", "ms", avg),
                   metric("event:" + n + ":time_per_s", display_name(n) + " time per second", "AAS", rate)};
      found.push_back(std::move(f));
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Finding& a, const Finding& b) { return std::fabs(a.impact_aas) > std::fabs(b.impact_aas); });
    if (found.size() > 4) found.resize(4);
    for (auto& f : found) add(std::move(f));
  }

  static bool is_concurrency_event(std::string_view name, std::string_view cls) {
    if (cls == "Concurrency" || cls == "Application") return true;
    for (std::string_view k :
         {"row lock", "buffer busy", "library cache", "mutex", "latch", "enq: tx", "cursor: pin", "row cache"})
      if (name.find(k) != std::string_view::npos) return true;
    return false;
  }

  /// The kind of contention a wait event is, for the finding's title: "row lock", "buffer busy",
  /// "library cache/mutex", "latch", "row cache", "sequence", "table lock (TM)", "<XX> enqueue".
  static std::string contention_kind(std::string_view name) {
    const std::string n = lower(std::string(name));
    if (n.starts_with("enq: tx - row lock")) return "row lock";
    if (n.starts_with("enq: tx - index")) return "index block";
    if (n.starts_with("enq: tx - allocate itl")) return "ITL";
    if (n.starts_with("enq: tm")) return "table lock (TM)";
    if (n.starts_with("enq: ul")) return "user lock (UL)";
    if (n.starts_with("enq: sq") || n.find("sequence") != std::string::npos) return "sequence";
    if (n.starts_with("enq: ") && n.size() >= 7) {
      std::string code = n.substr(5, 2);
      for (auto& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      return code + " enqueue";
    }
    if (n.find("buffer busy") != std::string::npos) return "buffer busy";
    if (n.find("library cache") != std::string::npos || n.starts_with("cursor:") || n.find("mutex") != std::string::npos)
      return "library cache/mutex";
    if (n.find("row cache") != std::string::npos) return "row cache";
    if (n.find("latch") != std::string::npos) return "latch";
    return "other";
  }

  /// "Row lock contention", "Row lock and buffer busy contention", "Latch, row cache and other
  /// contention": the kinds of the events a contention finding names, largest change first.
  static std::string contention_title(const std::vector<std::string>& events) {
    std::vector<std::string> kinds;
    for (const auto& e : events)
      if (auto k = contention_kind(e); std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(std::move(k));
    if (kinds.size() > 3) {
      kinds.resize(2);
      kinds.emplace_back("other");
    }
    std::string t;
    for (std::size_t i = 0; i < kinds.size(); ++i) t += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
    if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
    return t + " contention";
  }

  void concurrency() {
    event_group({"concurrency", "Contention waits", true, 6, nullptr, &contention_title},
                [](std::string_view n, std::string_view cls) {
                  return is_concurrency_event(n, cls) && cls != "User I/O" && cls != "System I/O" && cls != "Commit";
                });
  }

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
  void event_group(const EventGroup& g, Select select) {
    struct Line {
      std::string text;
      double delta;
      FindingMetric m;
      std::string hint;
    };
    std::vector<Line> up, down;
    for (const auto& n : union_event_names()) {
      const auto cls = event_class(n);
      if (!select(n, cls)) continue;
      const Pair rate = event_rate(n);
      const auto a = assess("event.time_per_s", rate.b, rate.t);
      if (!a.material()) continue;
      const Pair avg = event_avg(n);
      Line l{fmt::format("{}{}: {} s per second{}, {} average", display_name(n),
                         g.show_class && !cls.empty() ? " (" + cls + ")" : "", arrow(rate.b, rate.t, 3),
                         pct_change(rate.b, rate.t), ms_arrow(avg.b, avg.t)),
             *a.delta, metric("event:" + n + ":time_per_s", display_name(n) + " time per second", "AAS", rate),
             g.hint != nullptr ? std::string(g.hint(n)) : std::string()};
      (*a.delta > 0 ? up : down).push_back(std::move(l));
    }
    for (auto* list : {&up, &down}) {
      if (list->empty()) continue;
      std::stable_sort(list->begin(), list->end(),
                       [](const Line& a, const Line& b) { return std::fabs(a.delta) > std::fabs(b.delta); });
      Finding f;
      f.rule = g.rule;
      const bool rose = list == &up;
      f.direction = rose ? ChangeKind::worse : ChangeKind::better;
      for (const auto& l : *list) f.impact_aas += l.delta;
      const Line& first = (*list)[0];
      std::vector<std::string> events;
      for (const auto& l : *list) events.push_back(l.m.key.substr(6, l.m.key.rfind(':') - 6));
      f.title = fmt::format("{} {}: {}", g.title_of != nullptr ? g.title_of(events) : std::string(g.title),
                            rose ? "rose" : "fell", first.text);
      f.cause = fmt::format("{} {}", first.m.label.substr(0, first.m.label.size() - std::string(" time per second").size()),
                            seconds(first.delta));
      if (!first.hint.empty()) f.evidence.push_back(first.hint);
      for (std::size_t i = 1; i < list->size() && i < g.lines; ++i)
        f.evidence.push_back((*list)[i].text + ((*list)[i].hint.empty() ? "" : ": " + (*list)[i].hint));
      for (const auto& l : *list) f.metrics.push_back(l.m);
      add(std::move(f));
    }
  }

  // What a Configuration-class wait usually means.
  static std::string_view configuration_hint(std::string_view name) {
    if (name.starts_with("log file switch (checkpoint incomplete)"))
      return "the redo logs wrap before the DB writer finishes checkpoints: too few or too small redo log groups";
    if (name.starts_with("log file switch (archiving needed)")) return "the archiver cannot keep up with the redo";
    if (name.starts_with("log file switch"))
      return "sessions wait for a redo log switch: check the redo log size and switch rate";
    if (name.starts_with("log buffer space"))
      return "the log buffer fills faster than the log writer empties it: log_buffer or the redo disk";
    if (name.starts_with("enq: hw"))
      return "high-water mark contention: concurrent inserts into one segment (often a LOB); preallocate extents";
    if (name.starts_with("free buffer waits"))
      return "no free buffers: the DB writer cannot keep up or the buffer cache is too small";
    if (name.starts_with("write complete waits")) return "sessions wait for the DB writer to write a block they need";
    return "";
  }

  void configuration_waits() {
    event_group({"configuration_waits", "Configuration waits", false, 5, &configuration_hint},
                [](std::string_view, std::string_view cls) { return cls == "Configuration"; });
  }

  void outside_time() {
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
    const OptDouble per_core =
        cores && *cores > 0 && cpu_aas && outside ? OptDouble((*cpu_aas + *outside) / *cores) : std::nullopt;
    const bool queue = (per_core && *per_core >= k_cpu_queue_per_core) || (busy && *busy >= k_cpu_queue_busy_pct);
    Finding f;
    f.rule = queue ? "cpu_queue" : "uninstrumented_time";
    f.direction = a.kind;
    f.impact_aas = *a.delta;
    const std::string where =
        fmt::format("{} DB CPU + {} outside = {:.1f} sessions wanting CPU, {} per core ({} cores, {} CPUs), host {} busy",
                    num(cpu_aas, 2), num(outside, 2), cpu_aas.value_or(0) + outside.value_or(0),
                    per_core ? fmt::format("{:.2f}", *per_core) : std::string("?"), num(w.database.cores, 0),
                    num(w.database.cpus, 0), busy ? num(busy, 0) + "%" : "?%");
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

  void plan_change() {
    for (const auto& p : m_f.sql) {
      if (p.base == nullptr || p.target == nullptr || !p.base->plan_hash_value || !p.target->plan_hash_value) continue;
      if (*p.base->plan_hash_value == *p.target->plan_hash_value) continue;
      const Pair per_exec = sql_value(p, "elapsed_per_exec_ms");
      const auto& bpe = per_exec.b;
      const auto& tpe = per_exec.t;
      const auto a = assess("sql.elapsed_per_exec_ms", bpe, tpe);
      if (!a.material()) continue;
      Finding f;
      f.rule = "plan_change";
      f.direction = a.kind;
      f.impact_aas = p.delta_aas.value_or(0);
      f.title = fmt::format("SQL {} changed plan (plan hash value {} -> {}): elapsed per execution {}{}", p.label(),
                            *p.base->plan_hash_value, *p.target->plan_hash_value, per_exec_arrow(bpe, tpe), pct_change(bpe, tpe));
      f.cause = fmt::format("SQL {} plan change", p.label());
      f.evidence.push_back(short_text(p.any().text, 100));
      f.metrics = {metric("sql:" + p.any().sql_id + ":elapsed_per_s", "SQL " + p.label() + " elapsed per second", "AAS",
                          {p.base_rate, p.target_rate})};
      add(std::move(f));
    }
  }

  // A statement the SQL rules name as one: the same sql_id in both periods, or one whose sql_id changed with its text
  // the same but for comments and spacing (SignatureMatch::near). Literals that became binds are sql_changed's.
  static bool one_statement(const SqlPair& p) {
    return p.text_match == SignatureMatch::none || (p.text_match == SignatureMatch::near && !p.binds_changed);
  }

  void sql_regression() {
    const auto d = m_f.delta_db_time_aas();
    if (!d || !assess("db_time_per_s", m_f.base_db_time_aas, m_f.target_db_time_aas).material()) return;
    std::vector<const SqlPair*> list;
    for (const auto& p : m_f.sql)
      if (p.delta_aas && p.parent.empty() && one_statement(p) && *p.delta_aas * *d > 0 &&
          std::fabs(*p.delta_aas) >= k_carrier_share * std::fabs(*d) &&
          (p.status == "both" || p.status == "new" || p.status == "gone"))
        list.push_back(&p);
    std::stable_sort(list.begin(), list.end(),
                     [](const auto* a, const auto* b) { return std::fabs(*a->delta_aas) > std::fabs(*b->delta_aas); });
    if (list.size() > k_max_carriers) list.resize(k_max_carriers);
    const SqlPair* offset = nullptr;
    for (const auto& p : m_f.sql)
      if (p.delta_aas && p.parent.empty() && one_statement(p) && *p.delta_aas * *d < 0 &&
          std::fabs(*p.delta_aas) >= k_offset_share * std::fabs(*d) &&
          (p.status == "both" || p.status == "new" || p.status == "gone") &&
          (offset == nullptr || std::fabs(*p.delta_aas) > std::fabs(*offset->delta_aas)))
        offset = &p;
    if (offset != nullptr) list.push_back(offset);
    for (const auto* p : list) {
      Finding f;
      f.rule = "sql_regression";
      f.direction = *p->delta_aas > 0 ? ChangeKind::worse : ChangeKind::better;
      f.impact_aas = *p->delta_aas;
      const std::string share = *p->delta_aas * *d > 0 ? fmt::format("{:.0f}% of the change in DB time", *p->delta_aas / *d * 100)
                                                       : fmt::format("{:.0f}% of the change in DB time, against it",
                                                                     std::fabs(*p->delta_aas / *d * 100));
      const SqlStat& s = p->any();
      const std::string text = (s.module.empty() ? "" : "[" + s.module + "] ") + short_text(s.text, 80);
      if (p->status == "new" || p->status == "gone") {
        // The statement's elapsed as its report gives it; the change is a bound against the other
        // report's cut-off, stated apart.
        const bool is_new = p->status == "new";
        const SqlStat& q = is_new ? *p->target : *p->base;
        f.title = fmt::format(
            "SQL {} is {}: {} s elapsed in the {} ({} s per second); not in the {}'s lists, so its change is "
            "{} or more ({}{})",
            s.sql_id, p->status, num(q.elapsed_s, 1), is_new ? "target" : "base", num(is_new ? p->target_rate : p->base_rate, 2),
            is_new ? "base" : "target", seconds(*p->delta_aas), p->bound ? "at least " : "", share);
        f.cause = fmt::format("SQL {} {} ({} or more)", s.sql_id, p->status, seconds(*p->delta_aas));
      } else {
        f.title = fmt::format("SQL {} {} ({}): {}", p->label(), seconds(*p->delta_aas), share,
                              p->why.empty() ? "elapsed per second " + arrow(p->base_rate, p->target_rate, 3) : p->why);
        f.cause = fmt::format("SQL {} {}", p->label(), seconds(*p->delta_aas));
        if (p->text_match == SignatureMatch::near)
          f.evidence.push_back(
              fmt::format("sql_id changed: {} in the base, {} in the target, the same text but for comments "
                          "and spacing (confidence {})",
                          p->base->sql_id, p->target->sql_id, p->confidence));
      }
      f.evidence.push_back(text);
      // Its statements, the ones only one period lists too (a job that coalesced another index): their
      // time is the call's, never a second cause.
      for (const auto& c : m_f.sql)
        if (c.parent == s.sql_id)
          f.evidence.push_back(fmt::format("runs {} ({}{}), whose time is part of this call's", c.label(),
                                           short_text(c.any().text, 60),
                                           c.status == "new"                      ? "; in the target only"
                                           : c.status == "gone"                   ? "; in the base only"
                                           : c.text_match != SignatureMatch::none ? "; sql_id changed"
                                                                                  : ""));
      if (p->status == "both") {
        const Pair per_exec = sql_value(*p, "elapsed_per_exec_ms");
        const std::string minutes =
            arrow(el(m_b) ? OptDouble(*el(m_b) / 60) : std::nullopt, el(m_t) ? OptDouble(*el(m_t) / 60) : std::nullopt, 1);
        if (!p->base->executions && !p->target->executions) {  // blank Executions: no call completed in either period
          // The minutes are the periods' lengths, not the statement's: said as such, apart from its elapsed.
          auto mins = [](const OptDouble& e) { return e ? detail::grouped(*e / 60, 1) : std::string("?"); };
          f.evidence.push_back(fmt::format(
              "executions blank on both sides: no call of it completed within either period ({} and {} min long); "
              "its elapsed is time of calls still running across the snapshots (long calls, or sessions held in them)",
              mins(el(m_b)), mins(el(m_t))));
        } else {
          f.evidence.push_back(fmt::format("executions {} in {} min, elapsed per execution {}",
                                           arrow(p->base->executions, p->target->executions, 0), minutes,
                                           per_exec_arrow(per_exec.b, per_exec.t)));
        }
      }
      f.metrics = {metric("sql:" + s.sql_id + ":elapsed_per_s", "SQL " + s.sql_id + " elapsed per second", "AAS",
                          {p->base_rate, p->target_rate})};
      add(std::move(f));
    }
  }

  void workload_volume() {
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
    f.title = fmt::format("{} work at the same cost: transactions {} /s{}, DB time per transaction {} ms",
                          *tps.t > *tps.b ? "More" : "Less", arrow(tps.b, tps.t, 1), pct_change(tps.b, tps.t),
                          arrow(per_txn.b ? OptDouble(*per_txn.b * 1000) : std::nullopt,
                                per_txn.t ? OptDouble(*per_txn.t * 1000) : std::nullopt, 1));
    f.cause = fmt::format("workload volume {}", pct_change(tps.b, tps.t).substr(1));
    f.metrics = {metric("transactions_per_s", "transactions per second", "/s", tps),
                 metric("db_time_per_txn_s", "DB time per transaction", "s", per_txn)};
    add(std::move(f));
  }

  void host_change() {
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

  // Multiblock (large) read requests per second: Instance Activity's "physical read total multi block
  // requests" (every file type); empty when the report does not give it.
  static OptDouble multiblock_reads_per_s(const Snapshot& s) {
    const auto* st = s.activity_stat("physical read total multi block requests");
    if (st == nullptr) return std::nullopt;
    if (st->total && s.interval.elapsed_s && *s.interval.elapsed_s > 0) return *st->total / *s.interval.elapsed_s;
    return st->per_second;
  }

  void io_by_filetype() {
    struct Line {
      std::string text;
      double weight;
      FindingMetric m;
    };
    std::vector<Line> up, down;
    for (const auto& tr : m_t.iostat_filetype) {
      const IoStatRow* br = nullptr;
      for (const auto& r : m_b.iostat_filetype)
        if (r.name == tr.name) br = &r;
      if (br == nullptr || lower(tr.name).starts_with("total")) continue;
      const Pair reqs{br->reads_requests_per_s, tr.reads_requests_per_s};
      if (!reqs.b || !reqs.t || std::min(*reqs.b, *reqs.t) < k_filetype_min_reads) continue;
      for (const auto& [label, b, t] : {std::tuple{"small reads", br->small_read_ms, tr.small_read_ms},
                                        std::tuple{"large reads", br->large_read_ms, tr.large_read_ms}}) {
        if (!b || !t || *b <= 0 || *t <= 0) continue;  // 0: no such reads in that period
        const auto a = assess("event.avg_wait_ms", b, t);
        if (!a.material()) continue;
        // The file type's Reqs per sec count reads of every size (RMGTIBP: 855.1 Data File reads/s, of which
        // about 17/s were large): large reads are counted by Instance Activity's multiblock read requests (every
        // file type), or not at all; the rate is then said to be of all sizes.
        const bool large = std::string_view(label) == "large reads";
        const Pair multi = large ? Pair{multiblock_reads_per_s(m_b), multiblock_reads_per_s(m_t)} : Pair{};
        const bool by_multi = multi.b && multi.t;
        const Pair rate = by_multi ? multi : reqs;
        Line l{fmt::format("{} {} {} average service time{} at {}", tr.name, label, ms_arrow(b, t), pct_change(b, t),
                           by_multi ? fmt::format("{} large read requests/s (multiblock, all files)", arrow(rate.b, rate.t, 1))
                                    : fmt::format("{} {} read requests/s of all sizes", arrow(rate.b, rate.t, 1), tr.name)),
               std::fabs(*t - *b) * std::max(*rate.b, *rate.t),  // ms of service time gained or lost per second
               {"iostat_filetype:" + tr.name + ":" + label, tr.name + " " + label + " service time", "ms", b, t}};
        (*t > *b ? up : down).push_back(std::move(l));
      }
    }
    for (auto* list : {&up, &down}) {
      if (list->empty()) continue;
      std::stable_sort(list->begin(), list->end(), [](const Line& x, const Line& y) { return x.weight > y.weight; });
      Finding f;
      f.rule = "io_latency";
      f.direction = list == &up ? ChangeKind::worse : ChangeKind::better;
      f.title = fmt::format("I/O service time by file type {}: {}", list == &up ? "rose" : "fell", (*list)[0].text);
      f.cause = "I/O service time by file type";
      for (std::size_t i = 1; i < list->size() && i < 4; ++i) f.evidence.push_back((*list)[i].text);
      f.evidence.push_back("from IOStat by Filetype summary: the storage's service time, whatever the wait events say");
      for (const auto& l : *list) f.metrics.push_back(l.m);
      add(std::move(f));
    }
  }

  void parameter_change() {
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
      if (cut && b != nullptr && t != nullptr && !bv.empty() && !tv.empty() && (bv.starts_with(tv) || tv.starts_with(bv)))
        continue;
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

  void memory_change() {
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

  const Facts& m_f;
  const Snapshot& m_b;
  const Snapshot& m_t;
  std::vector<Finding> m_out;
};

}  // namespace

}  // namespace awrdiff::detail

namespace awrdiff {
std::span<const FindingRule> finding_rules() { return detail::k_rules; }
}  // namespace awrdiff

namespace awrdiff::detail {

std::vector<Finding> run_findings(const Facts& facts) {
  if (facts.base == nullptr || facts.target == nullptr) return {};
  // Two idle periods: every change between them is noise (the comparability warnings say so).
  if (idle_pair(facts.base_db_time_aas.value_or(0), facts.target_db_time_aas.value_or(0))) return {};
  return Rules(facts).run();
}

}  // namespace awrdiff::detail
