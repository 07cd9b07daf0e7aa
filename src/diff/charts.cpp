// The charts of a comparison: which numbers each picture shows (see charts.hpp).
#include "diff/charts.hpp"
#include "diff/facts.hpp"

#include <awrdiff/stats.hpp>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

namespace awrdiff {

const char* to_string(ChartKind kind) {
  switch (kind) {
    case ChartKind::stacked:
      return "stacked";
    case ChartKind::paired:
      return "paired";
    case ChartKind::band:
      return "band";
    case ChartKind::strip:
      return "strip";
    case ChartKind::series:
      return "series";
    case ChartKind::stacked_series:
      return "stacked_series";
  }
  return "?";
}

namespace {

std::string assessment_of(std::string_view key, const OptDouble& base, const OptDouble& target) {
  const auto a = assess(key, base, target);
  return a.material() ? to_string(a.kind) : "";
}

}  // namespace

Chart evidence_chart(const Finding& f) {
  Chart c;
  c.key = "evidence";
  c.title = f.title;
  c.kind = ChartKind::paired;
  c.categories = {"Base", "Target"};
  for (const auto& m : f.metrics) {
    if (!m.base && !m.target) continue;
    ChartSeries s;
    s.name = m.label;
    s.unit = m.unit;
    s.values = {m.base, m.target};
    s.assessment = assessment_of(m.key, m.base, m.target);
    c.series.push_back(std::move(s));
  }
  return c;
}

namespace detail {

std::string file_names(const std::string& sources) {
  std::string out;
  std::size_t start = 0;
  while (start <= sources.size()) {
    auto end = sources.find(", ", start);
    if (end == std::string::npos) end = sources.size();
    std::string one = sources.substr(start, end - start);
    if (auto slash = one.find_last_of("/\\"); slash != std::string::npos && slash + 1 < one.size()) one = one.substr(slash + 1);
    out += (out.empty() ? "" : ", ") + one;
    start = end + 2;
  }
  return out;
}

// Oracle Enterprise Manager's colours for the wait classes, so the picture reads as DBAs know it.
std::string class_colour(const std::string& name) {
  static const std::map<std::string, std::string> colours = {{"DB CPU", "#35a035"},
                                                             {"User I/O", "#2a62c9"},
                                                             {"System I/O", "#79b2ea"},
                                                             {"Commit", "#e8871e"},
                                                             {"Concurrency", "#8c1c13"},
                                                             {"Application", "#d33f3f"},
                                                             {"Configuration", "#6b4a2b"},
                                                             {"Network", "#a39e6b"},
                                                             {"Cluster", "#d9c36a"},
                                                             {"Administrative", "#6f6f6f"},
                                                             {"Scheduler", "#a5d86a"},
                                                             {"Queueing", "#c7b3e0"},
                                                             {"Other", "#f08fb0"},
                                                             {"Outside DB CPU and waits", "#bdbdbd"},
                                                             {"Waits and other time", "#9ab"}};
  auto it = colours.find(name);
  return it != colours.end() ? it->second : "";
}

PeriodInfo period_info(const Snapshot& s, std::string role) {
  PeriodInfo p;
  p.role = std::move(role);
  p.files = file_names(s.source);
  p.reports = s.members;
  p.database = s.database.name;
  p.instance = s.database.instance;
  p.instance_number = s.database.instance_number;
  p.begin_time = s.interval.begin_time;
  p.end_time = s.interval.end_time;
  p.begin_snap = s.interval.begin_snap;
  p.end_snap = s.interval.end_snap;
  p.elapsed_s = s.interval.elapsed_s;
  return p;
}

namespace {

// A part of DB time per second, in AAS, in its colour (its values added by the caller).
ChartSeries aas_part(std::string name, std::string colour) {
  ChartSeries s;
  s.name = std::move(name);
  s.unit = "AAS";
  s.colour = std::move(colour);
  return s;
}

// DB time per second by part for each snapshot: DB CPU, each non-idle wait class (foreground when the
// reports give it), and what is left outside both; one category per snapshot.
Chart db_time_chart(const std::vector<const Snapshot*>& snaps, std::vector<std::string> categories) {
  Chart c;
  c.key = "db_time";
  c.title = "Where DB time goes in each period (average active sessions)";
  c.kind = ChartKind::stacked;
  c.unit = "AAS";
  c.categories = std::move(categories);
  auto classes_of = [](const Snapshot& s) -> const std::vector<WaitClassRow>& {
    return s.foreground_wait_classes.empty() ? s.wait_classes : s.foreground_wait_classes;
  };
  const bool classes = std::all_of(snaps.begin(), snaps.end(), [&](const Snapshot* s) { return !classes_of(*s).empty(); });
  for (const auto* s : snaps) c.totals.push_back(metric_value(*s, "db_time_per_s"));

  ChartSeries cpu = aas_part("DB CPU", class_colour("DB CPU"));
  for (const auto* s : snaps) cpu.values.push_back(metric_value(*s, "db_cpu_per_s"));
  c.series.push_back(std::move(cpu));
  if (classes) {
    std::vector<std::pair<std::string, double>> names;  // by the largest value in any period
    for (const auto* s : snaps)
      for (const auto& w : classes_of(*s)) {
        if (w.name == "DB CPU" || w.name == "Idle") continue;
        const double v = metric_value(*s, "wait_class:" + w.name + ":time_per_s").value_or(0);
        auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == w.name; });
        if (it == names.end()) names.emplace_back(w.name, v);
        else it->second = std::max(it->second, v);
      }
    std::stable_sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    double largest_total = 0;
    for (const auto& t : c.totals) largest_total = std::max(largest_total, t.value_or(0));
    ChartSeries rest = aas_part("Other wait classes", "#b39ddb");
    rest.values.assign(snaps.size(), 0.0);
    bool any_rest = false;
    for (const auto& [name, peak] : names) {
      if (peak < 0.0005) continue;  // no time in any period
      ChartSeries w = aas_part(name, class_colour(name));
      for (const auto* s : snaps) {
        // The wait class table lists every class with time: a class missing from one report is none there.
        w.values.push_back(metric_value(*s, "wait_class:" + name + ":time_per_s").value_or(0));
      }
      // Classes too small to see (under 1% of the tallest bar) are shown together.
      if (peak < 0.01 * largest_total && names.size() > 6) {
        for (std::size_t i = 0; i < snaps.size(); ++i) *rest.values[i] += w.values[i].value_or(0);
        any_rest = true;
        continue;
      }
      c.series.push_back(std::move(w));
    }
    if (any_rest) c.series.push_back(std::move(rest));
    ChartSeries out = aas_part("Outside DB CPU and waits", class_colour("Outside DB CPU and waits"));
    for (const auto* s : snaps) out.values.push_back(metric_value(*s, "outside_per_s"));
    c.series.push_back(std::move(out));
    c.notes.push_back(
        "DB CPU, each non-idle wait class and the time outside both (the CPU run queue when the host is busy), "
        "per second of elapsed: the bar's length is DB time per second, the average active sessions.");
    // DB CPU and the waits over DB time (over-accounted: background waits counted, or rounding): the parts add up
    // to more than the total, and "outside" is 0; say by how much, as the DB time table does.
    std::string over;
    for (std::size_t i = 0; i < snaps.size() && i < c.totals.size(); ++i) {
      double parts = 0;
      for (const auto& sr : c.series)
        if (i < sr.values.size() && sr.values[i]) parts += *sr.values[i];
      if (c.totals[i] && parts > *c.totals[i] * 1.01 + 0.001)
        over += fmt::format("{}{} {} AAS over {}", over.empty() ? "" : "; ",
                            i < c.categories.size() ? c.categories[i] : std::string("period"),
                            detail::grouped(parts - *c.totals[i], 3), detail::grouped(*c.totals[i], 3));
    }
    if (!over.empty())
      c.notes.push_back("DB CPU and the waits add up to more than DB time (over-accounted: " + over +
                        "); the bar shows the parts, its figure DB time.");
    if (std::any_of(snaps.begin(), snaps.end(), [](const Snapshot* s) { return s->foreground_wait_classes.empty(); }))
      c.notes.push_back(
          "Wait classes from 'Wait Classes by Total Wait Time', which counts background waits too: a bar can "
          "stand higher than DB time.");
  } else {
    ChartSeries waits = aas_part("Waits and other time", class_colour("Waits and other time"));
    for (std::size_t i = 0; i < snaps.size(); ++i) {
      const auto& cpu_v = c.series.front().values[i];
      waits.values.push_back(c.totals[i] && cpu_v ? OptDouble(std::max(0.0, *c.totals[i] - *cpu_v)) : std::nullopt);
    }
    c.series.push_back(std::move(waits));
    c.notes.push_back("The reports have no wait class table: DB time is split into DB CPU and the rest.");
  }
  return c;
}

}  // namespace

void add_pair_charts(Comparison& c, const Snapshot* base, const Snapshot& target) {
  c.period_info.clear();
  if (base != nullptr) c.period_info.push_back(period_info(*base, "Base"));
  c.period_info.push_back(period_info(target, base != nullptr ? "Target" : "Report"));
  std::vector<const Snapshot*> snaps;
  if (base != nullptr) snaps.push_back(base);
  snaps.push_back(&target);
  auto chart =
      db_time_chart(snaps, base != nullptr ? std::vector<std::string>{"Base", "Target"} : std::vector<std::string>{"Report"});
  if (std::any_of(chart.totals.begin(), chart.totals.end(), [](const OptDouble& v) { return v.has_value(); }))
    c.charts.insert(c.charts.begin(), std::move(chart));
}

void add_set_charts(Comparison& c, const std::vector<Snapshot>& base, const std::vector<Snapshot>& target,
                    const std::vector<std::tuple<std::string, std::string, std::string>>& metrics, double alpha) {
  // One bar per report, the base set's first.
  std::vector<const Snapshot*> snaps;
  std::vector<std::string> names, groups;
  for (const auto* set : {&base, &target})
    for (const auto& s : *set) {
      snaps.push_back(&s);
      names.push_back(file_names(s.source));
      groups.push_back(set == &base ? "Base" : "Target");
    }
  // A set is no one snapshot range: its period is its reports, named in the header.
  for (auto& p : c.period_info)
    if (p.reports > 1) {
      p.begin_time.clear();
      p.end_time.clear();
      p.begin_snap.reset();
      p.end_snap.reset();
    }
  auto chart = db_time_chart(snaps, names);
  chart.groups = std::move(groups);
  chart.title = "Where DB time goes in each report of the sets (average active sessions)";
  std::erase_if(c.charts, [](const Chart& x) { return x.key == "db_time"; });
  c.charts.insert(c.charts.begin(), std::move(chart));

  Chart strip;
  strip.key = "sets";
  strip.title = "Each report of the sets, per metric (dots), with each set's median (bar)";
  strip.kind = ChartKind::strip;
  strip.categories = {"Base", "Target"};
  strip.members.resize(2);
  std::vector<std::string> seen;
  for (const auto& [key, label, unit] : metrics) {
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    ChartSeries s;
    s.name = label;
    s.unit = unit;
    s.points.resize(2);
    std::vector<std::string> members[2];
    for (int side = 0; side < 2; ++side)
      for (const auto& snap : side == 0 ? base : target)
        if (auto v = metric_value(snap, key)) {
          s.points[side].push_back(*v);
          members[side].push_back(file_names(snap.source));
        }
    if (s.points[0].empty() && s.points[1].empty()) continue;
    const auto nonzero = [](const std::vector<double>& v) {
      return std::any_of(v.begin(), v.end(), [](double x) { return x != 0; });
    };
    if (!nonzero(s.points[0]) && !nonzero(s.points[1])) continue;  // 0 in every report: nothing to see
    for (int side = 0; side < 2; ++side) {
      if (s.points[side].empty()) {
        s.values.emplace_back();
        continue;
      }
      s.values.emplace_back(summarize(s.points[side]).median);
    }
    // Coloured only when the change is a finding: material on the medians and significant.
    const auto test = compare_samples(s.points[0], s.points[1]);
    if (test.p_value && *test.p_value < alpha && s.points[0].size() == base.size() && s.points[1].size() == target.size())
      s.assessment = assessment_of(key, s.values[0], s.values[1]);
    // The members' names are the same for every metric given by every report: keep the fullest list.
    for (int side = 0; side < 2; ++side)
      if (members[side].size() > strip.members[side].size()) strip.members[side] = members[side];
    strip.series.push_back(std::move(s));
  }
  strip.notes.push_back(
      fmt::format("A dot is one report; the bar is the set's median. Coloured: the change is material and "
                  "significant (p < {}), red worse, green better, grey a change in volume.",
                  alpha));
  if (!strip.series.empty()) c.charts.insert(c.charts.begin() + 1, std::move(strip));
}

}  // namespace detail
}  // namespace awrdiff
