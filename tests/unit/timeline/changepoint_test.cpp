// Change points (timeline.hpp): a synthetic year of hourly periods with a daily cycle and noise, with and
// without an injected step; spikes are not steps; two steps are both found.
#include <awrdiff/timeline.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

// A year of hourly DB time per second: a daily cycle (busy 08:00-18:00), log-normal noise, a storm now and
// then (a few hours at 5x), and from `step_at` on the level times `factor`.
std::vector<double> hourly_year(unsigned seed, std::size_t step_at = 0, double factor = 1) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0, 0.15);
  std::uniform_int_distribution<int> storm(0, 499);
  std::vector<double> v(365 * 24);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto hour = i % 24;
    double level = hour >= 8 && hour < 18 ? 4.0 : 1.5;
    if (step_at > 0 && i >= step_at) level *= factor;
    double x = level * std::exp(noise(rng));
    if (storm(rng) == 0) x *= 5;
    v[i] = x;
  }
  return v;
}

awrdiff::ChangePointOptions hourly() {
  awrdiff::ChangePointOptions o;
  o.min_segment = 24;  // a day: the daily cycle is no step
  return o;
}

TEST(ChangePoints, AnInjectedStepIsFoundWithinOnePeriod) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const std::size_t at = 200 * 24 + 9;  // 19 July, 09:00
    const auto v = hourly_year(seed, at, 2.1);
    const auto cps = awrdiff::find_change_points(v, hourly());
    ASSERT_EQ(cps.size(), 1u) << "seed " << seed;
    EXPECT_LE(cps[0].index > at ? cps[0].index - at : at - cps[0].index, 1u) << "seed " << seed << ": " << cps[0].index;
    EXPECT_NEAR(cps[0].median_after / cps[0].median_before, 2.1, 0.2);
    EXPECT_LT(cps[0].p_value, 1e-6);
  }
}

TEST(ChangePoints, AYearWithoutAStepHasNone) {
  for (unsigned seed : {4u, 5u, 6u, 7u}) {
    const auto v = hourly_year(seed);
    EXPECT_TRUE(awrdiff::find_change_points(v, hourly()).empty()) << "seed " << seed;
  }
}

TEST(ChangePoints, ASpikeIsNoStepAndTwoStepsAreBothFound) {
  std::vector<double> v(300, 1.0);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] += 0.01 * static_cast<double>(i % 7);  // no ties everywhere
  for (std::size_t i = 100; i < 103; ++i) v[i] = 50;  // a storm of three periods
  EXPECT_TRUE(awrdiff::find_change_points(v).empty());
  for (std::size_t i = 150; i < 300; ++i) v[i] *= 3;
  for (std::size_t i = 230; i < 300; ++i) v[i] /= 6;
  const auto cps = awrdiff::find_change_points(v);
  ASSERT_EQ(cps.size(), 2u);
  EXPECT_EQ(cps[0].index, 150u);
  EXPECT_EQ(cps[1].index, 230u);
  EXPECT_GT(cps[0].median_after, cps[0].median_before);
  EXPECT_LT(cps[1].median_after, cps[1].median_before);
}

TEST(ChangePoints, ShortFlatOrSmallChangesGiveNone) {
  EXPECT_TRUE(awrdiff::find_change_points(std::vector<double>{}).empty());
  EXPECT_TRUE(awrdiff::find_change_points(std::vector<double>(5, 1.0)).empty());
  EXPECT_TRUE(awrdiff::find_change_points(std::vector<double>(500, 3.0)).empty());
  std::vector<double> v(400);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = (i < 200 ? 1.0 : 1.1) + 0.001 * static_cast<double>(i % 5);
  EXPECT_TRUE(awrdiff::find_change_points(v).empty()) << "+10% is under the 20% floor";
  awrdiff::ChangePointOptions o;
  o.min_rel_change = 0.05;
  EXPECT_EQ(awrdiff::find_change_points(v, o).size(), 1u);
  o.abs_floor = 0.5;
  EXPECT_TRUE(awrdiff::find_change_points(v, o).empty()) << "under the absolute floor";
}

}  // namespace
