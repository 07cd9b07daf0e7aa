// awrdiff — statistics for comparing sets of reports (the same hour over several days, say).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace awrdiff {

/// Centre and spread of one set of values.
struct SampleSummary {
  std::size_t n = 0;
  double median = 0, mean = 0;
  double sd = 0;  ///< sample standard deviation (n − 1); 0 for n < 2
  double min = 0, max = 0;
};
/// Summary of `values`; all zero for an empty span.
SampleSummary summarize(std::span<const double> values);

/// The result of a two-sample test.
struct TestResult {
  std::string test;  ///< "Mann-Whitney U", "Welch t", or empty when no test is possible
  std::optional<double> p_value;  ///< two-sided
  std::optional<double> effect_size;  ///< signed: positive when b is larger than a
  std::string effect_name;  ///< "rank-biserial r" (−1..1) or "Hedges g" (in standard deviations)
  std::string reason;  ///< why there is no test ("n = 1 in the base set")
};

/// Mann–Whitney U, two-sided: exact distribution without ties when n1·n2 ≤ 400, else the normal
/// approximation with tie and continuity corrections. Effect size: rank-biserial r.
TestResult mann_whitney(std::span<const double> a, std::span<const double> b);

/// Welch's unequal-variances t-test, two-sided (Student t distribution from Boost.Math). Effect size:
/// Hedges' g. Needs n ≥ 2 on both sides; two constant samples give p = 0 when their values differ.
TestResult welch_t(std::span<const double> a, std::span<const double> b);

/// The test that fits the sizes: Mann–Whitney when both sets have 4 or more values (robust to the
/// outliers AWR periods have), Welch's t with 2 or 3 (a rank test cannot reach significance there),
/// none with a single value on a side.
TestResult compare_samples(std::span<const double> a, std::span<const double> b);

}  // namespace awrdiff

namespace awrdiff {

/// A sustained shift in a series: from `index` on, the level stays at another median.
struct ChangePoint {
  std::size_t index = 0;  ///< the first value of the new level (0-based in the series given)
  double median_before = 0;  ///< median of the segment before it (back to the previous change point or the start)
  double median_after = 0;  ///< median of the segment from it (up to the next change point or the end)
  double p_value = 1;  ///< Pettitt's approximate two-sided p in the segment it was found in
};

struct ChangePointOptions {
  /// Values on each side of a change point at least: a shift must last this long to count (a spike is no
  /// step). For hourly periods, 24 keeps a day's cycle from reading as steps.
  std::size_t min_segment = 6;
  double alpha = 0.001;  ///< Pettitt's p below which a split is significant
  double min_rel_change = 0.2;  ///< |median after − median before| at least this fraction of the larger one
  double abs_floor = 0;  ///< ... and at least this much, in the series' unit (a metric's materiality floor)
  std::size_t max_points = 10;  ///< change points at most
};

/// Change points of `values` (in time order, finite) by binary segmentation with Pettitt's rank test: the
/// split of a segment that maximises the rank-sum CUSUM |U_t| is kept when its p is below alpha, both sides
/// hold min_segment values or more and their medians differ by the relative and absolute floors; each side
/// is then searched the same way. A rank test is robust to the outliers AWR periods have (one storm is not a
/// new level). Returned in index order, medians recomputed between the points kept. O(n log n) a level.
std::vector<ChangePoint> find_change_points(std::span<const double> values, const ChangePointOptions& options = {});

}  // namespace awrdiff
