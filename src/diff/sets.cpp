// Sets of reports: merging a set into one snapshot, per-report metric values, and the comparison
// of two sets with a significance test per metric (see include/awrdiff/diff.hpp).
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/stats.hpp>

#include "diff/charts.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

namespace awrdiff {
namespace {

using detail::lower;

OptDouble sum_all(const std::vector<OptDouble>& v) {
  double s = 0;
  for (const auto& x : v) {
    if (!x) return std::nullopt;
    s += *x;
  }
  return s;
}

// A member's figures for an event: the foreground one (the top list and Foreground Wait Events, as
// Snapshot::foreground_event reconciles them), or its Background Wait Events row.
const WaitEvent* find_event(const Snapshot& s, std::string_view name, bool background) {
  return background ? s.background_event(name) : s.foreground_event(name);
}

// Events known in every member: times and waits summed, averages recomputed.
std::vector<WaitEvent> merge_events(const std::vector<Snapshot>& m, bool background, double db_time_s) {
  std::vector<std::string> names;
  for (const auto& s : m)
    for (const auto* list : background ? std::vector{&s.background_events} : std::vector{&s.top_events, &s.foreground_events})
      for (const auto& e : *list) {
        if (e.is_idle) continue;
        auto n = e.is_cpu ? std::string("db cpu") : lower(e.name);
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
      }
  std::vector<WaitEvent> out;
  for (const auto& n : names) {
    std::vector<const WaitEvent*> found;
    for (const auto& s : m) found.push_back(find_event(s, n, background));
    if (std::any_of(found.begin(), found.end(), [](const WaitEvent* e) { return e == nullptr; })) continue;
    WaitEvent e = *found.front();
    std::vector<OptDouble> times, waits;
    for (const auto* f : found) {
      times.push_back(f->time_s);
      waits.push_back(f->waits);
      if (e.wait_class.empty()) e.wait_class = f->wait_class;
    }
    for (std::size_t i = 0; i < m.size() && e.wait_class.empty() && !background; ++i)
      e.wait_class = detail::event_wait_class(m[i], n);
    e.time_s = sum_all(times);
    e.waits = e.is_cpu ? std::nullopt : sum_all(waits);
    e.avg_wait_ms = e.time_s && e.waits && *e.waits > 0 ? OptDouble(*e.time_s / *e.waits * 1000) : std::nullopt;
    e.pct_db_time = e.time_s && db_time_s > 0 && !background ? OptDouble(*e.time_s / db_time_s * 100) : std::nullopt;
    out.push_back(std::move(e));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const WaitEvent& a, const WaitEvent& b) { return a.time_s.value_or(0) > b.time_s.value_or(0); });
  return out;
}

// Wait class tables list every class with time: a class missing from a member's table is 0 there.
std::vector<WaitClassRow> merge_classes(const std::vector<Snapshot>& m, std::vector<WaitClassRow> Snapshot::*list,
                                        double db_time_s) {
  for (const auto& s : m)
    if ((s.*list).empty()) return {};
  std::vector<WaitClassRow> out;
  for (const auto& s : m)
    for (const auto& w : s.*list) {
      auto it = std::find_if(out.begin(), out.end(), [&](const WaitClassRow& r) { return r.name == w.name; });
      if (it == out.end()) {
        out.push_back({w.name, 0.0, 0.0, std::nullopt, std::nullopt});
        it = out.end() - 1;
      }
      if (it->waits && w.waits) *it->waits += *w.waits;
      else it->waits.reset();
      if (it->time_s && w.time_s) *it->time_s += *w.time_s;
      else it->time_s.reset();
    }
  for (auto& w : out) {
    w.avg_wait_ms = w.time_s && w.waits && *w.waits > 0 ? OptDouble(*w.time_s / *w.waits * 1000) : std::nullopt;
    w.pct_db_time = w.time_s && db_time_s > 0 ? OptDouble(*w.time_s / db_time_s * 100) : std::nullopt;
  }
  return out;
}

}  // namespace

Snapshot merge_snapshots(const std::vector<Snapshot>& m) {
  if (m.empty()) throw Error("", "an empty set of reports");
  if (m.size() == 1) return m.front();
  Snapshot out;
  const Snapshot& first = m.front();
  const Snapshot& last = m.back();
  for (const auto& s : m) out.source += (out.source.empty() ? "" : ", ") + s.source;
  out.members = static_cast<int>(m.size());
  out.kind = first.kind;
  out.format = first.format;
  out.database = first.database;
  // The set's span: from its earliest member to its latest, by snap id (members may be given in any order).
  const bool by_snap =
      std::all_of(m.begin(), m.end(), [](const Snapshot& s) { return s.interval.begin_snap && s.interval.end_snap; });
  const Snapshot& earliest = by_snap ? *std::min_element(m.begin(), m.end(),
                                                         [](const Snapshot& a, const Snapshot& b) {
                                                           return *a.interval.begin_snap < *b.interval.begin_snap;
                                                         })
                                     : first;
  const Snapshot& latest =
      by_snap
          ? *std::max_element(m.begin(), m.end(),
                              [](const Snapshot& a, const Snapshot& b) { return *a.interval.end_snap < *b.interval.end_snap; })
          : last;
  out.interval.begin_snap = earliest.interval.begin_snap;
  out.interval.end_snap = latest.interval.end_snap;
  out.interval.begin_time = earliest.interval.begin_time;
  out.interval.end_time = latest.interval.end_time;
  out.interval.begin_sessions = earliest.interval.begin_sessions;
  out.interval.end_sessions = latest.interval.end_sessions;
  std::vector<OptDouble> el, db, cpu;
  for (const auto& s : m) {
    el.push_back(s.interval.elapsed_s);
    db.push_back(s.db_time_s());
  }
  out.interval.elapsed_s = sum_all(el);
  out.interval.db_time_s = sum_all(db);
  const double elapsed = out.interval.elapsed_s.value_or(0);
  const double db_time = out.interval.db_time_s.value_or(0);

  // Load Profile: per-second rates weighted by elapsed, for rows every member has.
  for (const auto& r : first.load_profile) {
    double weighted = 0;
    bool all = elapsed > 0;
    for (const auto& s : m) {
      const auto* x = s.load_profile_row(r.key);
      if (x == nullptr || !x->per_second || !s.interval.elapsed_s) {
        all = false;
        break;
      }
      weighted += *x->per_second * *s.interval.elapsed_s;
    }
    if (!all) continue;
    LoadProfileRow row{r.key, r.label, weighted / elapsed, std::nullopt, std::nullopt, std::nullopt};
    out.load_profile.push_back(std::move(row));
  }
  if (const auto* tps = out.load_profile_row("transactions"); tps != nullptr && tps->per_second && *tps->per_second > 0) {
    const double t = *tps->per_second;
    for (auto& r : out.load_profile) r.per_transaction = *r.per_second / t;
  }

  out.top_events = merge_events(m, false, db_time);
  out.background_events = merge_events(m, true, db_time);
  out.wait_classes = merge_classes(m, &Snapshot::wait_classes, db_time);
  out.foreground_wait_classes = merge_classes(m, &Snapshot::foreground_wait_classes, db_time);

  // Host CPU: utilisation weighted by elapsed; load average from the first and last reports.
  auto weighted = [&](OptDouble HostCpu::*f) -> OptDouble {
    double w = 0;
    for (const auto& s : m) {
      if (!(s.host_cpu.*f) || !s.interval.elapsed_s) return std::nullopt;
      w += *(s.host_cpu.*f) * *s.interval.elapsed_s;
    }
    return elapsed > 0 ? OptDouble(w / elapsed) : std::nullopt;
  };
  out.host_cpu.pct_user = weighted(&HostCpu::pct_user);
  out.host_cpu.pct_system = weighted(&HostCpu::pct_system);
  out.host_cpu.pct_wio = weighted(&HostCpu::pct_wio);
  out.host_cpu.pct_idle = weighted(&HostCpu::pct_idle);
  out.host_cpu.load_average_begin = earliest.host_cpu.load_average_begin;
  out.host_cpu.load_average_end = latest.host_cpu.load_average_end;

  // Time model: statistics every member has, summed.
  for (const auto& r : first.time_model) {
    std::vector<OptDouble> t;
    for (const auto& s : m) {
      const auto* x = s.time_model_row(r.name);
      t.push_back(x != nullptr ? x->time_s : std::nullopt);
    }
    auto total = sum_all(t);
    if (!total) continue;
    out.time_model.push_back({r.name, total, r.pct_db_time && db_time > 0 ? OptDouble(*total / db_time * 100) : std::nullopt});
  }

  // SQL: statements listed in every member, figures summed; the cut-off is the sum of the members'.
  out.has_sql_sections = std::all_of(m.begin(), m.end(), [](const Snapshot& s) { return s.has_sql_sections; });
  std::vector<OptDouble> cut;
  for (const auto& s : m) cut.push_back(s.sql_elapsed_cutoff_s);
  out.sql_elapsed_cutoff_s = sum_all(cut);
  for (const auto& q : first.sql) {
    std::vector<const SqlStat*> found;
    for (const auto& s : m) {
      auto it = std::find_if(s.sql.begin(), s.sql.end(), [&](const SqlStat& x) { return x.sql_id == q.sql_id; });
      found.push_back(it != s.sql.end() ? &*it : nullptr);
    }
    if (std::any_of(found.begin(), found.end(), [](const SqlStat* x) { return x == nullptr; })) continue;
    SqlStat merged = q;
    auto sum_field = [&](OptDouble SqlStat::*f) {
      std::vector<OptDouble> v;
      for (const auto* x : found) v.push_back(x->*f);
      merged.*f = sum_all(v);
    };
    for (auto f : {&SqlStat::elapsed_s, &SqlStat::cpu_s, &SqlStat::user_io_s, &SqlStat::executions, &SqlStat::buffer_gets,
                   &SqlStat::physical_reads, &SqlStat::parse_calls, &SqlStat::rows_processed})
      sum_field(f);
    merged.pct_db_time = merged.elapsed_s && db_time > 0 ? OptDouble(*merged.elapsed_s / db_time * 100) : std::nullopt;
    for (const auto* x : found) {
      merged.text_complete = merged.text_complete || x->text_complete;
      if (x->text_complete) merged.text = x->text;
    }
    if (!merged.elapsed_s) continue;
    out.sql.push_back(std::move(merged));
  }
  // A statement listed in some members only is unknown for the set, but its text still counts: literal
  // SQL is a new sql_id per value, so in a set its ids are in one member each. Kept with no figures.
  for (const auto& s : m)
    for (const auto& q : s.sql) {
      if (q.text.empty()) continue;
      if (std::any_of(out.sql.begin(), out.sql.end(), [&](const SqlStat& x) { return x.sql_id == q.sql_id; })) continue;
      SqlStat partial;
      partial.sql_id = q.sql_id;
      partial.id_kind = q.id_kind;
      partial.module = q.module;
      partial.pdb_name = q.pdb_name;
      partial.text = q.text;
      partial.text_complete = q.text_complete;
      out.sql.push_back(std::move(partial));
    }
  std::stable_sort(out.sql.begin(), out.sql.end(),
                   [](const SqlStat& a, const SqlStat& b) { return a.elapsed_s.value_or(0) > b.elapsed_s.value_or(0); });
  for (const auto& s : m) {
    out.truncated = out.truncated || s.truncated;
    for (auto d : s.diagnostics) {
      d.message = s.source + ": " + d.message;
      out.diagnostics.push_back(std::move(d));
    }
  }
  return out;
}

namespace {

struct Tested {
  std::string key, label, unit;
  SampleSummary base, target;
  TestResult test;
  Assessment assessment;
};

// One metric of every report of both sets, read through the registry (metric_value), tested, and
// its medians assessed against the registry's floors for that key (a family instance: its family's).
Tested test_metric(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target, const std::string& key,
                   const std::string& label, const std::string& unit) {
  std::vector<double> b, t;
  for (const auto& s : base)
    if (auto v = metric_value(s, key)) b.push_back(*v);
  for (const auto& s : target)
    if (auto v = metric_value(s, key)) t.push_back(*v);
  Tested r{key, label, unit, summarize(b), summarize(t), {}, {}};
  if (b.size() != base.size() || t.size() != target.size()) {
    r.test.reason = "not in every report of the sets";
    return r;
  }
  r.test = compare_samples(b, t);
  r.assessment = assess(key, r.base.median, r.target.median);
  return r;
}

}  // namespace

Comparison compare_sets(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target, const CompareOptions& options) {
  if (base.empty()) throw Error("", "no base reports");
  if (target.empty()) throw Error("", "no target reports");
  const Snapshot mb = merge_snapshots(base), mt = merge_snapshots(target);
  Comparison c = compare(mb, mt, options);
  if (base.size() == 1 && target.size() == 1) return c;

  // A set mixing databases has no meaning as one period: not comparable, the reason first.
  std::vector<std::string> mixed;
  auto same_db = [&](const std::vector<Snapshot>& set, const char* which) {
    for (const auto& s : set)
      if (s.database.dbid && set.front().database.dbid && *s.database.dbid != *set.front().database.dbid) {
        mixed.push_back(fmt::format("the {} set mixes databases: {} is DB Id {}, {} is {}", which, detail::report_label(s.source),
                                    *s.database.dbid, detail::report_label(set.front().source), *set.front().database.dbid));
        return;
      }
  };
  same_db(base, "base");
  same_db(target, "target");
  if (!mixed.empty()) {
    c.warnings.insert(c.warnings.begin(), mixed.begin(), mixed.end());
    c.verdict = Verdict::not_comparable;
    c.headline = "Not comparable: " + mixed.front();
    c.findings.clear();
    c.contributors.clear();
    c.db_time_change_pct.reset();
    return c;
  }
  // The same period twice (a file given twice, or two reports whose snapshot ranges overlap) counts
  // its time twice and makes a set look more consistent than it is.
  auto name = [](const Snapshot& x) { return detail::report_label(x.source); };
  auto snaps = [](const Snapshot& x) { return fmt::format("snaps {}-{}", *x.interval.begin_snap, *x.interval.end_snap); };
  for (const auto* set : {&base, &target}) {
    const char* which = set == &base ? "base" : "target";
    for (std::size_t i = 0; i < set->size(); ++i)
      for (std::size_t j = i + 1; j < set->size(); ++j) {
        const auto &x = (*set)[i], &y = (*set)[j];
        if (x.source == y.source || detail::same_period(x, y))
          c.warnings.push_back(
              fmt::format("the {} set has the same period twice ({} and {}): it counts twice", which, name(x), name(y)));
        else if (detail::periods_overlap(x, y))
          c.warnings.push_back(fmt::format("the {} set's {} ({}) and {} ({}) overlap: their common time counts twice", which,
                                           name(x), snaps(x), name(y), snaps(y)));
      }
  }
  for (const auto& b : base)
    for (const auto& t : target)
      if (b.source == t.source) c.warnings.push_back(fmt::format("{} is in both sets", name(b)));
      else if (detail::periods_overlap(b, t))
        c.warnings.push_back(fmt::format("base {} ({}) and target {} ({}) overlap", name(b), snaps(b), name(t), snaps(t)));
  for (const auto* set : {&base, &target})
    for (const auto& s : *set)
      for (auto& w : detail::plausibility_warnings(s)) c.warnings.push_back(std::move(w));

  // Metrics to test: DB time and its parts, the main Load Profile rates, and every finding's metrics.
  std::vector<std::tuple<std::string, std::string, std::string>> metrics = {
      {"db_time_per_s", "DB time per second", "AAS"},
      {"db_cpu_per_s", "DB CPU per second", "AAS"},
      {"outside_per_s", "Outside DB CPU and waits per second", "AAS"},
      {"host_cpu_busy_pct", "Host CPU busy", "%"},
  };
  for (const char* k : {"transactions", "executes", "user_calls", "hard_parses", "logical_reads", "physical_reads", "redo_size"})
    if (const auto* r = mt.load_profile_row(k)) metrics.emplace_back(std::string("load_profile.") + k, r->label, "/s");
  for (const auto& w : mt.foreground_wait_classes.empty() ? mt.wait_classes : mt.foreground_wait_classes)
    if (w.name != "DB CPU" && w.name != "Idle")
      metrics.emplace_back("wait_class:" + w.name + ":time_per_s", w.name + " waits per second", "AAS");
  for (const auto& f : c.findings)
    for (const auto& m : f.metrics)
      if (std::none_of(metrics.begin(), metrics.end(), [&](const auto& x) { return std::get<0>(x) == m.key; }))
        metrics.emplace_back(m.key, m.label, m.unit);

  std::map<std::string, Tested> results;
  CompareTable t;
  t.key = "sets";
  t.title = fmt::format("Sets: {} base and {} target reports, centre, spread and significance", base.size(), target.size());
  // The effect size is for machines (the p-value and the verdict say it for people): the first a narrow terminal
  // leaves out.
  t.columns = {{"metric", "Metric", "", ColumnKind::text, 0, ColumnRole::name},
               {"unit", "Unit", "", ColumnKind::text, 0, ColumnRole::label},
               {"base_median", "Base median", "", ColumnKind::number, 3, ColumnRole::measure},
               {"base_range", "Base min - max", "", ColumnKind::text, 0, ColumnRole::label},
               {"target_median", "Target median", "", ColumnKind::number, 3, ColumnRole::measure},
               {"target_range", "Target min - max", "", ColumnKind::text, 0, ColumnRole::label},
               {"test", "Test", "", ColumnKind::text, 0, ColumnRole::detail},
               {"p_value", "p", "", ColumnKind::number, 3, ColumnRole::measure},
               {"effect_size", "Effect size", "", ColumnKind::text, 0, ColumnRole::label, column_priority::machine},
               {"finding", "Material and significant", "", ColumnKind::text, 0, ColumnRole::label}};
  for (const auto& [key, label, unit] : metrics) {
    if (results.count(key) != 0) continue;
    auto r = test_metric(base, target, key, label, unit);
    const bool significant = r.test.p_value && *r.test.p_value < options.alpha;
    CompareRow row;
    auto short_num = [](double v) {  // three significant digits, no exponent
      const double a = std::fabs(v);
      return detail::grouped(v, a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
    };
    auto range = [&](const SampleSummary& s) {
      return s.n == 0 ? std::string("-") : fmt::format("{} - {}", short_num(s.min), short_num(s.max));
    };
    row.cells = {
        label,
        unit,
        r.base.n ? CompareCell(r.base.median) : CompareCell(),
        range(r.base),
        r.target.n ? CompareCell(r.target.median) : CompareCell(),
        range(r.target),
        r.test.test.empty() ? CompareCell(r.test.reason) : CompareCell(r.test.test),
        r.test.p_value ? CompareCell(*r.test.p_value) : CompareCell(),
        r.test.effect_size ? CompareCell(fmt::format("{} {:+.2f}", r.test.effect_name, *r.test.effect_size)) : CompareCell(),
        r.test.test.empty() ? CompareCell() : CompareCell(std::string(r.assessment.material() && significant ? "yes" : "no"))};
    t.rows.push_back(std::move(row));
    results.emplace(key, std::move(r));
  }
  t.notes.push_back(
      fmt::format("A change is a finding only when it is material (metric catalog floors, on the medians) and "
                  "significant (p < {}). Mann-Whitney U with 4 or more reports per set, Welch's t with 2 or 3.",
                  options.alpha));
  t.notes.push_back("The other tables compare the sets merged: totals summed, rates over the summed elapsed time.");
  c.tables.insert(c.tables.begin() + 1, std::move(t));

  // Findings must be significant on their first metric; the verdict on DB time per second.
  auto significant = [&](const std::string& key) -> std::optional<bool> {
    auto it = results.find(key);
    if (it == results.end() || !it->second.test.p_value) return std::nullopt;
    return *it->second.test.p_value < options.alpha;
  };
  std::vector<std::string> dropped;
  std::erase_if(c.findings, [&](const Finding& f) {
    if (f.metrics.empty()) return false;
    auto s = significant(f.metrics.front().key);
    if (!s || *s) return false;
    dropped.push_back(f.title);
    return true;
  });
  for (const auto& d : dropped) c.warnings.push_back("not significant across the sets, so not a finding: " + d);
  if (auto s = significant("db_time_per_s"); s && !*s && (c.verdict == Verdict::regressed || c.verdict == Verdict::improved)) {
    const auto& r = results.at("db_time_per_s");
    c.verdict = Verdict::inconclusive;
    c.headline = fmt::format(
        "Inconclusive: DB time per second {:.2f} -> {:.2f} average active sessions (medians), a material "
        "change but not significant across the sets ({} p = {:.2f} over {} vs {} reports): the reports "
        "of each set vary too much, or there are too few of them, to tell",
        r.base.median, r.target.median, r.test.test, *r.test.p_value, base.size(), target.size());
  } else if (s && *s) {
    const auto& r = results.at("db_time_per_s");
    c.headline += fmt::format(" [{} p = {:.3f} over {} vs {} reports]", r.test.test, *r.test.p_value, base.size(), target.size());
  } else if (!s) {
    c.warnings.push_back("sets too small for a significance test of DB time per second: judged on materiality only");
  }
  detail::add_set_charts(c, base, target, metrics, options.alpha);
  return c;
}

}  // namespace awrdiff
