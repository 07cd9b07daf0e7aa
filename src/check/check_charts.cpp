// The charts of `check` (include/awrdiff/check.hpp): the baseline's side of the comparison's period info and
// charts, and the band of each metric checked.
#include "check/check_charts.hpp"

#include "diff/charts.hpp"

#include <algorithm>

namespace awrdiff::detail {

void add_check_charts(CheckReport& report, const Baseline& baseline) {
  auto& c = report.comparison;
  if (!c.period_info.empty() && c.period_info.size() == 2) {
    auto& b = c.period_info.front();
    b = PeriodInfo{};
    b.role = "Baseline";
    b.files = file_names(baseline.name);
    b.reports = static_cast<int>(std::max(baseline.periods.size(), baseline.snapshots.size()));
    b.database = baseline.db_name;
  } else if (!c.period_info.empty()) {
    c.period_info.front().role = "Current";
    PeriodInfo b;
    b.role = "Baseline";
    b.files = file_names(baseline.name);
    b.reports = static_cast<int>(std::max(baseline.periods.size(), baseline.snapshots.size()));
    b.database = baseline.db_name;
    c.period_info.insert(c.period_info.begin(), std::move(b));
  }
  if (c.period_info.size() == 2) c.period_info.back().role = "Current";
  for (auto& ch : c.charts)
    if (ch.key == "db_time" && ch.categories.size() == 2) ch.categories = {"Baseline (typical)", "Current"};

  Chart band;
  band.key = "check";
  band.title = "The current period against the baseline's band, per metric";
  band.kind = ChartKind::band;
  for (const auto& r : report.results) {
    if (!r.current || !r.band_low || !r.band_high) continue;
    ChartSeries s;
    s.name = r.label;
    s.unit = r.unit;
    s.values = {r.current};
    s.low = r.band_low;
    s.high = r.band_high;
    s.centre = r.baseline.median ? r.baseline.median : r.baseline.mean;
    s.assessment = to_string(r.status);
    band.series.push_back(std::move(s));
  }
  band.notes.push_back(
      "The band is the baseline's centre ± warn_z × spread (the extremes for dumps without a spread); the tick "
      "its centre; the dot the current period, coloured by the check's status.");
  // After "db_time": the first screen is the verdict, where DB time goes, then the findings.
  if (!band.series.empty()) c.charts.insert(c.charts.begin() + (c.charts.empty() ? 0 : 1), std::move(band));
}

}  // namespace awrdiff::detail
