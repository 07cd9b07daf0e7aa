// A baseline period beyond what its host can do (leave_out_impossible_periods, docs/robustness.md "Silent
// passes"): a DB time per second far above its sessions and CPUs, or a value out of its metric's range, is left
// out and said, whatever the baseline's source; a regression is never "improved" against such a baseline.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using awrdiff::testing::sample_report;

awrdiff::Baseline samples_baseline() {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  return awrdiff::baseline_from_snapshots(std::move(s));
}

bool has(const std::vector<std::string>& lines, std::string_view part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

std::size_t valid_periods(const awrdiff::Baseline& b) {
  return static_cast<std::size_t>(std::count_if(b.periods.begin(), b.periods.end(), [](const auto& p) { return p.valid; }));
}

}  // namespace

TEST(BaselineHost, SamplesAreWithinTheirHost) {
  auto b = samples_baseline();
  ASSERT_EQ(b.cpus, 8.0);  // samples/good.html: 8 CPUs, about 60 sessions, 0.22 AAS
  EXPECT_EQ(awrdiff::leave_out_impossible_periods(b), 0u);
  EXPECT_EQ(valid_periods(b), 5u);
}

TEST(BaselineHost, DbTimeBeyondSessionsAndCpusIsLeftOutAndSaid) {
  auto b = samples_baseline();
  // 800 AAS is the bound (100 per CPU of 8, above 10 times the 60 or so sessions): at it, kept; beyond, left out.
  b.periods[0].values["db_time_per_s"] = 800;
  b.periods[1].values["db_time_per_s"] = 999999;
  EXPECT_EQ(awrdiff::leave_out_impossible_periods(b), 1u);
  EXPECT_TRUE(b.periods[0].valid);
  EXPECT_FALSE(b.periods[1].valid);
  EXPECT_TRUE(has(b.notes, "DB time per second 999999 AAS is beyond what its host can do ("));
  EXPECT_TRUE(has(b.notes, " sessions, 8 CPUs: at most 800 AAS): left out of the baseline"));
  // Sessions raise the bound: 200 sessions allow 2,000 AAS on the same 8 CPUs.
  auto c = samples_baseline();
  c.periods[0].values["sessions"] = 200;
  c.periods[0].values["db_time_per_s"] = 1500;
  EXPECT_EQ(awrdiff::leave_out_impossible_periods(c), 0u);
}

TEST(BaselineHost, ARegressionIsNeverImprovedAgainstAnImpossibleBaseline) {
  auto b = samples_baseline();
  for (auto& p : b.periods) p.values["db_time_per_s"] = 999999;
  // A baseline file holding it is read through the same check: every period left out, the check is trouble.
  const auto read = awrdiff::baseline_from_json(awrdiff::baseline_json_text(b), "aas.json");
  EXPECT_EQ(valid_periods(read), 0u);
  EXPECT_THROW((void)awrdiff::check(sample_report("bad.html"), read, awrdiff::default_policy()), awrdiff::Error);
  // One such period of five: the four others gate, and the regression fails.
  auto one = samples_baseline();
  one.periods[2].values["db_time_per_s"] = 999999;
  const auto r =
      awrdiff::check(sample_report("bad.html"), awrdiff::baseline_from_json(awrdiff::baseline_json_text(one), "one.json"),
                     awrdiff::default_policy());
  EXPECT_EQ(r.status, awrdiff::CheckStatus::fail);
  EXPECT_EQ(r.baseline_periods, 4u);
}

TEST(BaselineHost, AValueOutOfRangeIsLeftOut) {
  // As a history store's window would hold it (a store edited by hand): 1e300 AAS.
  auto b = samples_baseline();
  b.periods[3].values["db_time_per_s"] = 1e300;
  EXPECT_EQ(awrdiff::leave_out_impossible_periods(b), 1u);
  EXPECT_FALSE(b.periods[3].valid);
  EXPECT_TRUE(has(b.notes, "is outside the range of DB time per second"));
}

TEST(BaselineHost, ClusterWidePeriodsHaveEveryInstancesCpus) {
  auto b = samples_baseline();
  b.instances = {1, 2, 3, 4};
  b.periods[0].instance_number.reset();  // the cluster: 4 x 8 CPUs, 3,200 AAS at most
  b.periods[0].values["db_time_per_s"] = 3000;
  b.periods[1].values["db_time_per_s"] = 3000;  // instance 1 alone: 800 at most
  EXPECT_EQ(awrdiff::leave_out_impossible_periods(b), 1u);
  EXPECT_TRUE(b.periods[0].valid);
  EXPECT_FALSE(b.periods[1].valid);
}
