// Sets of reports: each set merged into one snapshot (merge_snapshots, src/merge), per-report metric values, and
// the comparison of two sets with a significance test per metric (see include/awrdiff/compare.hpp).
#include <awrdiff/catalog.hpp>
#include <awrdiff/baseline.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/merge.hpp>
#include <awrdiff/time.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/stats.hpp>

#include "diff/charts.hpp"
#include "diff/facts.hpp"
#include "diff/sections.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>
#include <tuple>

namespace awrdiff {
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

// A single report compared with a merged set: its generic tables keep the columns the set's merged table kept,
// and lose the tables the set left out.
void restrict_generic(Snapshot& single, const Snapshot& merged, const MergeNotes& notes) {
  std::erase_if(single.other_tables, [&](const GenericTable& g) {
    return notes.generic_left_out_keys.contains({g.section, g.title});
  });
  for (auto& g : single.other_tables) {
    const auto it = std::find_if(merged.other_tables.begin(), merged.other_tables.end(),
                                 [&](const GenericTable& x) { return x.section == g.section && x.title == g.title; });
    if (it == merged.other_tables.end() || it->headers == g.headers) continue;
    std::vector<std::size_t> keep;
    for (std::size_t c = 0; c < g.headers.size(); ++c)
      if (std::find(it->headers.begin(), it->headers.end(), g.headers[c]) != it->headers.end()) keep.push_back(c);
    auto pick = [&](const std::vector<std::string>& v) {
      std::vector<std::string> out;
      for (auto c : keep)
        if (c < v.size()) out.push_back(v[c]);
      return out;
    };
    g.headers = pick(g.headers);
    g.columns = pick(g.columns);
    g.units = pick(g.units);
    for (auto& r : g.rows) r = pick(r);
  }
}

// What each set's merge left out, under the section table it concerns: one note when both sets say the same.
void add_merge_notes(Comparison& c, const MergeNotes& base, const MergeNotes& target) {
  // A generic table's notes go under its table; a typed section's (keyed by its catalog key) under the first table
  // of that key, or of the section's title, or whose key the catalog key extends (a list of Segments:
  // "segments_logical_reads").
  auto table_of = [&](const std::string& key) -> CompareTable* {
    if (key.starts_with("generic|")) {
      const auto bar = key.find('|', 8);
      const std::string section = key.substr(8, bar - 8), title = key.substr(bar + 1);
      for (auto& t : c.tables)
        if (t.group == TableGroup::sections && t.key.starts_with(section) &&
            (t.title == title || (title.empty() && t.key == section)))
          return &t;
      return nullptr;
    }
    const auto* spec = find_section_by_key(key);
    for (auto& t : c.tables)  // the typed tables come before the generic ones of the same section
      if (t.key == key ||
          (t.group == TableGroup::sections && ((spec != nullptr && t.title == spec->display) || key.starts_with(t.key + "_"))))
        return &t;
    return nullptr;
  };
  std::set<std::string> keys;
  for (const auto* n : {&base, &target})
    for (const auto& [k, v] : n->table) keys.insert(k);
  for (const auto& k : keys) {
    CompareTable* t = table_of(k);
    if (t == nullptr) continue;
    const auto b = base.table.find(k), g = target.table.find(k);
    const std::vector<std::string> none;
    const auto& bn = b != base.table.end() ? b->second : none;
    const auto& tn = g != target.table.end() ? g->second : none;
    if (bn == tn) {
      for (const auto& n : bn) t->notes.push_back("Each set: " + n);
      continue;
    }
    for (const auto& n : bn) t->notes.push_back("Base set: " + n);
    for (const auto& n : tn) t->notes.push_back("Target set: " + n);
  }
}

// The Periods rows of a set say what they are: how many reports, each one's snaps (or the range they lie in), the
// time from the first begin to the last end, and the elapsed summed over the reports against that span.
void describe_set_periods(Comparison& c, const std::vector<Snapshot>& base, const std::vector<Snapshot>& target) {
  auto table = std::find_if(c.tables.begin(), c.tables.end(), [](const CompareTable& t) { return t.key == "periods"; });
  if (table == c.tables.end()) return;
  auto column = [&](const char* key) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < table->columns.size(); ++i)
      if (table->columns[i].key == key) return i;
    return std::nullopt;
  };
  for (const auto& [set, key] : {std::pair{&base, "base"}, std::pair{&target, "target"}}) {
    const auto col = column(key);
    if (!col || set->size() < 2) continue;
    std::vector<const Snapshot*> members;
    for (const auto& s : *set) members.push_back(&s);
    const bool by_snap = std::all_of(members.begin(), members.end(),
                                     [](const Snapshot* s) { return s->interval.begin_snap && s->interval.end_snap; });
    if (by_snap)
      std::stable_sort(members.begin(), members.end(),
                       [](const Snapshot* a, const Snapshot* b) { return *a->interval.begin_snap < *b->interval.begin_snap; });
    auto id = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : std::string("?"); };
    std::string snaps = fmt::format("{} reports: ", members.size());
    if (members.size() <= 6) {
      for (std::size_t i = 0; i < members.size(); ++i)
        snaps +=
            fmt::format("{}{} - {}", i == 0 ? "" : ", ", id(members[i]->interval.begin_snap), id(members[i]->interval.end_snap));
    } else {
      snaps += fmt::format("within {} - {}", id(members.front()->interval.begin_snap), id(members.back()->interval.end_snap));
    }
    const Snapshot& first = *members.front();
    const Snapshot& last = by_snap ? **std::max_element(members.begin(), members.end(),
                                                        [](const Snapshot* a, const Snapshot* b) {
                                                          return *a->interval.end_snap < *b->interval.end_snap;
                                                        })
                                   : *members.back();
    const auto from = iso_epoch(iso_time(first.interval.begin_time)), to = iso_epoch(iso_time(last.interval.end_time));
    OptDouble elapsed = 0.0;
    for (const auto* s : members)
      elapsed = elapsed && s->interval.elapsed_s ? OptDouble(*elapsed + *s->interval.elapsed_s) : std::nullopt;
    for (auto& r : table->rows) {
      const auto* label = std::get_if<std::string>(&r.cells.front());
      if (label == nullptr || *col >= r.cells.size()) continue;
      if (*label == "Snaps") {
        r.cells[*col] = snaps;
      } else if (*label == "Begin / end time") {
        r.cells[*col] = fmt::format("first begins {}, last ends {}", first.interval.begin_time, last.interval.end_time);
      } else if (*label == "Elapsed (min)" && elapsed) {
        std::string text = fmt::format("{:.2f} summed over {} reports", *elapsed / 60, members.size());
        if (from && to && *to > *from)
          text += fmt::format(", of {} from the first begin to the last end",
                              detail::grouped(static_cast<double>(*to - *from) / 60.0, 0));
        r.cells[*col] = text;
      }
    }
  }
}

// An inconclusive verdict lists the findings that are significant on their own: it says which way they go, so
// that a list of improvements under a rise in DB time (or the reverse) reads as what it is.
std::string inconclusive_findings(const std::vector<Finding>& findings) {
  std::vector<std::string> worse, better, other;
  for (const auto& f : findings) {
    const std::string what = f.cause.empty() ? f.rule : f.cause;
    (f.direction == ChangeKind::worse ? worse : f.direction == ChangeKind::better ? better : other).push_back(what);
  }
  if (worse.empty() && better.empty() && other.empty()) return ". No finding is significant across the sets";
  auto list = [](const std::vector<std::string>& v, const char* word) {
    if (v.empty()) return std::string();
    std::string s = fmt::format("{} {} (", v.size(), word);
    for (std::size_t i = 0; i < v.size() && i < 3; ++i) s += (i == 0 ? "" : ", ") + v[i];
    return s + (v.size() > 3 ? ", ...)" : ")");
  };
  std::string parts;
  for (const auto& p : {list(worse, "worse"), list(better, "better"), list(other, "changed")})
    if (!p.empty()) parts += (parts.empty() ? "" : ", ") + p;
  return ". The findings below are significant on their own, DB time aside: " + parts;
}

// A set mixing databases: the reason, one per set that does.
std::vector<std::string> mixed_databases(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target) {
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
  return mixed;
}

// The same period twice (a file given twice, or two reports whose snapshot ranges overlap) counts its time twice
// and makes a set look more consistent than it is; and each report's own plausibility. (The CLI refuses the same
// period in both sets: compare_two_sets.)
void add_period_warnings(Comparison& c, const std::vector<Snapshot>& base, const std::vector<Snapshot>& target) {
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
}

// Metrics to test: DB time and its parts, the main Load Profile rates, and every finding's metrics.
std::vector<std::tuple<std::string, std::string, std::string>> set_metrics(const Comparison& c, const Snapshot& mt) {
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
  return metrics;
}

// One metric's row of the sets table: each set's median and range, the test and its p, the effect size, and whether
// the change is material and significant.
CompareRow sets_row(const Tested& r, const std::string& label, const std::string& unit, bool significant) {
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
  return row;
}

}  // namespace

Comparison compare_sets(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target, const CompareOptions& options) {
  if (base.empty()) throw Error("", "no base reports");
  if (target.empty()) throw Error("", "no target reports");
  if (base.size() == 1 && target.size() == 1) return compare(base.front(), target.front(), options);
  MergeNotes base_notes, target_notes;
  Snapshot mb = merge_snapshots(base, &base_notes), mt = merge_snapshots(target, &target_notes);
  // A set against one report: the report's generic tables keep what the set's merged ones keep, so that a
  // column or a table a set cannot merge does not read as gone from it.
  if (base.size() == 1) restrict_generic(mb, mt, target_notes);
  if (target.size() == 1) restrict_generic(mt, mb, base_notes);
  Comparison c = compare(mb, mt, options);
  add_merge_notes(c, base_notes, target_notes);
  describe_set_periods(c, base, target);

  // A set mixing databases has no meaning as one period: not comparable, the reason first.
  const auto mixed = mixed_databases(base, target);
  if (!mixed.empty()) {
    c.warnings.insert(c.warnings.begin(), mixed.begin(), mixed.end());
    c.verdict = Verdict::not_comparable;
    c.headline = "Not comparable: " + mixed.front() +
                 "; a set of two databases is no one period, so no cause, finding or assessment is drawn from the "
                 "difference (the merged figures are side by side below)";
    detail::withhold_judgements(c, "a set mixes databases");
    c.db_time_change_pct.reset();
    return c;
  }
  add_period_warnings(c, base, target);

  const auto metrics = set_metrics(c, mt);
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
    t.rows.push_back(sets_row(r, label, unit, significant));
    if (key == std::get<0>(metrics.front()) && r.base.n && r.target.n)  // DB time per second
      c.set_db_time =
          DbTimeMedians{r.base.median, r.target.median, r.test.test.empty() ? r.test.reason : r.test.test, r.test.p_value};
    results.emplace(key, std::move(r));
  }
  t.notes.push_back(
      fmt::format("A change is a finding only when it is material (metric catalog floors, on the medians) and "
                  "significant (p < {}). Mann-Whitney U with 4 or more reports per set, Welch's t with 2 or 3.",
                  options.alpha));
  t.notes.push_back(
      "The other tables compare the sets merged: totals summed, rates over the summed elapsed time, averages and "
      "percentages recomputed from the summed counts they are averages of (else left out); an item some report of a "
      "set does not list is unknown for that set (left out, never zero); a parameter whose value differs within a "
      "set reads 'varies'.");
  for (const auto* n : {&base_notes, &target_notes})
    if (!n->generic_left_out.empty()) {
      std::string list;
      for (std::size_t i = 0; i < n->generic_left_out.size(); ++i) list += (i == 0 ? "" : "; ") + n->generic_left_out[i];
      t.notes.push_back(
          fmt::format("Other report tables left out of the {} set's merge: {}.", n == &base_notes ? "base" : "target", list));
    }
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
  // The headline's DB time per second is each set merged (its DB time over its summed elapsed), as in the tables;
  // the medians of the reports, which the test compares, are named as such beside it.
  // A change of DB time inside the reports' noise is no finding, whatever the merged sets say it is made of: a
  // busier-not-slower reading is a cause as much as a regression is, so it yields to inconclusive too.
  if (auto s = significant("db_time_per_s");
      s && !*s && (c.verdict == Verdict::regressed || c.verdict == Verdict::improved || c.verdict == Verdict::load_changed)) {
    const auto& r = results.at("db_time_per_s");
    c.verdict = Verdict::inconclusive;
    c.headline = fmt::format(
        "Inconclusive: DB time per second {:.2f} -> {:.2f} average active sessions with each set's reports merged "
        "({}{}%), a material change but within the noise between the reports (the reports' medians {:.2f} -> {:.2f}, {} "
        "p = {:.2f} over {} vs {} reports: not significant): the reports of each set vary too much, or there are too few "
        "of them, to tell, so no cause is established",
        c.db_time_per_s_base.value_or(0), c.db_time_per_s_target.value_or(0), c.db_time_change_pct.value_or(0) < 0 ? "-" : "+",
        detail::grouped(std::fabs(c.db_time_change_pct.value_or(0)), 0), r.base.median, r.target.median, r.test.test,
        *r.test.p_value, base.size(), target.size());
    c.headline += inconclusive_findings(c.findings);
    // The merged change's contributors are no causes of a change the sets cannot tell: the verdict names none
    // (the table of where the change comes from still gives the merged figures).
    c.contributors.clear();
  } else if (s) {
    const auto& r = results.at("db_time_per_s");
    c.headline += fmt::format(" [each set merged; the reports' medians {:.2f} -> {:.2f}, {} p = {:.3f} over {} vs {} reports]",
                              r.base.median, r.target.median, r.test.test, *r.test.p_value, base.size(), target.size());
  } else {
    c.warnings.push_back("sets too small for a significance test of DB time per second: judged on materiality only");
  }
  detail::add_set_charts(c, base, target, metrics, options.alpha);
  return c;
}

}  // namespace awrdiff
