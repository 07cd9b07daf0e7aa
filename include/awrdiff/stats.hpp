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
