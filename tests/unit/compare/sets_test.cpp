// Sets of reports (compare_sets, merge_snapshots) and the two-sample tests behind them (stats.hpp).
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/stats.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

namespace {

awrdiff::Snapshot sample(const std::string& name) { return awrdiff::testing::sample_report(name); }

TEST(Stats, MannWhitneyExact) {
  const std::vector<double> a{1, 2, 3, 4}, b{5, 6, 7, 8};
  const auto r = awrdiff::mann_whitney(a, b);
  ASSERT_TRUE(r.p_value.has_value());
  EXPECT_NEAR(*r.p_value, 2.0 / 70, 1e-12);  // the most extreme of C(8,4) arrangements, both tails
  EXPECT_NEAR(*r.effect_size, 1.0, 1e-12);  // every b above every a
  const std::vector<double> c{1.5, 2.5, 3.1, 4.2, 0.3}, d{2.2, 5.1, 6.3, 7.7, 8.8, 9.1};
  EXPECT_NEAR(*awrdiff::mann_whitney(c, d).p_value, 2.0 * 7 / 462, 1e-12);  // U = 3: 1+1+2+3 arrangements
  EXPECT_NEAR(*awrdiff::mann_whitney(d, c).p_value, 2.0 * 7 / 462, 1e-12);
}

TEST(Stats, MannWhitneyWithTiesUsesTheNormalApproximation) {
  const std::vector<double> a{1, 1, 2, 2, 3, 5}, b{2, 3, 3, 4, 4, 6};
  const auto r = awrdiff::mann_whitney(a, b);
  ASSERT_TRUE(r.p_value.has_value());
  EXPECT_GT(*r.p_value, 0.05);
  EXPECT_LT(*r.p_value, 0.2);
  const auto same = awrdiff::mann_whitney(a, a);
  EXPECT_NEAR(*same.p_value, 1.0, 1e-9);
}

TEST(Stats, WelchT) {
  const std::vector<double> a{1, 2, 3}, b{4, 5, 6};
  const auto r = awrdiff::welch_t(a, b);
  ASSERT_TRUE(r.p_value.has_value());
  EXPECT_NEAR(*r.p_value, 0.02131, 2e-4);  // t = 3.674 on 4 degrees of freedom
  EXPECT_GT(*r.effect_size, 2.0);
  const std::vector<double> k1{2, 2}, k2{3, 3};
  EXPECT_EQ(*awrdiff::welch_t(k1, k2).p_value, 0.0);  // constant and different
  EXPECT_EQ(*awrdiff::welch_t(k1, k1).p_value, 1.0);
  EXPECT_FALSE(awrdiff::welch_t(std::vector<double>{1}, b).p_value.has_value());
}

TEST(Stats, TheTestThatFits) {
  const std::vector<double> two{1, 2}, three{1, 2, 3}, four{1, 2, 3, 4}, one{1};
  EXPECT_EQ(awrdiff::compare_samples(four, four).test, "Mann-Whitney U");
  EXPECT_EQ(awrdiff::compare_samples(two, three).test, "Welch t");
  EXPECT_EQ(awrdiff::compare_samples(one, four).test, "");
  const auto s = awrdiff::summarize(four);
  EXPECT_EQ(s.n, 4u);
  EXPECT_DOUBLE_EQ(s.median, 2.5);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 4);
}

TEST(Sets, MergeSumsTotalsAndKeepsRates) {
  const auto g = sample("good.html");
  auto g2 = g;
  g2.source = "copy";
  const auto m = awrdiff::merge_snapshots({g, g2});
  EXPECT_EQ(m.members, 2);
  EXPECT_NEAR(*m.interval.elapsed_s, 2 * *g.interval.elapsed_s, 1e-9);
  EXPECT_NEAR(*m.average_active_sessions(), *g.average_active_sessions(), 1e-9);
  EXPECT_NEAR(*m.load_profile_row("executes")->per_second, *g.load_profile_row("executes")->per_second, 1e-9);
  ASSERT_FALSE(m.sql.empty());
  EXPECT_NEAR(*m.sql.front().elapsed_s, 2 * *g.sql.front().elapsed_s, 1e-9);
  EXPECT_NEAR(*m.sql_elapsed_cutoff_s, 2 * *g.sql_elapsed_cutoff_s, 1e-9);
  EXPECT_THROW(awrdiff::merge_snapshots({}), awrdiff::Error);
}

TEST(Sets, SignificantRegressionAndANoisyOne) {
  const auto c = awrdiff::compare_sets({sample("good.html"), sample("good.txt")}, {sample("bad.html"), sample("bad.txt")});
  EXPECT_EQ(c.verdict, awrdiff::Verdict::regressed) << c.headline;
  EXPECT_NE(c.headline.find("Welch t"), std::string::npos);
  bool has_sets_table = false;
  for (const auto& t : c.tables) has_sets_table = has_sets_table || t.key == "sets";
  EXPECT_TRUE(has_sets_table);
  // One good and one bad period against two bad ones: material on the merged sets, but the noise wins.
  const auto n = awrdiff::compare_sets({sample("good.html"), sample("bad.html")}, {sample("bad.txt"), sample("bad.html")});
  EXPECT_EQ(n.verdict, awrdiff::Verdict::inconclusive) << n.headline;
  EXPECT_NE(n.headline.find("not significant"), std::string::npos) << n.headline;
  // One report per set is the plain comparison.
  const auto one = awrdiff::compare_sets({sample("good.html")}, {sample("bad.html")});
  EXPECT_EQ(one.headline, awrdiff::compare(sample("good.html"), sample("bad.html")).headline);
}

// The sets table's medians are the medians of the registry's value of each report (metric_value),
// and the merged snapshot's events are the members' reconciled foreground figures summed.
TEST(Sets, MediansAreOfTheRegistrysValues) {
  const std::vector<awrdiff::Snapshot> base = {sample("good.html"), sample("good.txt"), sample("improved.html")};
  const std::vector<awrdiff::Snapshot> target = {sample("bad.html"), sample("bad.txt"), sample("improved.txt")};
  const auto c = awrdiff::compare_sets(base, target);
  const awrdiff::CompareTable* sets = nullptr;
  for (const auto& t : c.tables)
    if (t.key == "sets") sets = &t;
  ASSERT_NE(sets, nullptr);
  auto median = [](const std::vector<awrdiff::Snapshot>& v, const char* key) {
    std::vector<double> x;
    for (const auto& s : v) x.push_back(*awrdiff::metric_value(s, key));
    std::sort(x.begin(), x.end());
    return x[1];
  };
  bool found = false;
  for (const auto& r : sets->rows)
    if (std::get<std::string>(r.cells.at(0)) == "DB CPU per second") {
      found = true;
      EXPECT_DOUBLE_EQ(std::get<double>(r.cells.at(2)), median(base, "db_cpu_per_s"));
      EXPECT_DOUBLE_EQ(std::get<double>(r.cells.at(4)), median(target, "db_cpu_per_s"));
    }
  EXPECT_TRUE(found);
  const auto m = awrdiff::merge_snapshots(base);
  const auto* e = m.foreground_event("db file sequential read");
  ASSERT_NE(e, nullptr);
  double sum = 0;
  for (const auto& s : base) sum += *s.foreground_event("db file sequential read")->time_s;
  EXPECT_NEAR(*e->time_s, sum, 1e-9);
  EXPECT_EQ(e->wait_class, "User I/O");
}

TEST(Comparability, ElapsedThatDoesNotMatchTheSnapTimesIsFlagged) {
  auto g = sample("good.html");
  auto shifted = g;
  shifted.source = "shifted";
  shifted.interval.elapsed_s = *g.interval.elapsed_s + 3600;  // a DST change inside the period
  const auto c = awrdiff::compare(g, shifted);
  bool flagged = false;
  for (const auto& w : c.warnings) flagged = flagged || w.find("DST") != std::string::npos;
  EXPECT_TRUE(flagged);
  auto idle = g;
  idle.source = "idle";
  idle.interval.db_time_s = 1.0;
  for (auto& r : idle.time_model)
    if (r.name == "DB time") r.time_s = 1.0;
  bool idle_flagged = false;
  for (const auto& w : awrdiff::compare(g, idle).warnings)
    idle_flagged = idle_flagged || w.find("idle period") != std::string::npos;
  EXPECT_TRUE(idle_flagged);
}

}  // namespace

namespace {

// The same period twice in a set, or overlapping snapshot ranges, count their time twice: warned.
TEST(Sets, SamePeriodTwiceAndOverlapsAreWarned) {
  const auto good = sample("good.html"), bad = sample("bad.html");
  auto has = [](const awrdiff::Comparison& c, std::string_view text) {
    return std::any_of(c.warnings.begin(), c.warnings.end(),
                       [&](const std::string& w) { return w.find(text) != std::string::npos; });
  };
  const auto twice = awrdiff::compare_sets({good, good}, {bad, good}, {});
  EXPECT_TRUE(has(twice, "the base set has the same period twice"));
  awrdiff::Snapshot wide = bad;
  wide.source = "wide.html";
  wide.interval.begin_snap = *bad.interval.begin_snap - 5;
  wide.interval.end_snap = *bad.interval.end_snap + 5;
  const auto overlapping = awrdiff::compare_sets({good}, {bad, wide}, {});
  EXPECT_TRUE(has(overlapping, "overlap: their common time counts twice"));
  const auto clean = awrdiff::compare_sets({good}, {bad}, {});
  EXPECT_FALSE(has(clean, "twice"));
}

}  // namespace
