// `check` on an incomplete current report (a truncated report, metrics it does not give) and baselines given
// the same period twice or overlapping periods (check.hpp, baseline.hpp).
#include "tests/support/quiet_line.hpp"
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/error.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::CheckStatus;
using awrdiff::testing::is_quiet_line;
using awrdiff::testing::sample_path;
using awrdiff::testing::sample_report;

awrdiff::Baseline sample_baseline() {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  return awrdiff::baseline_from_snapshots(std::move(s));
}

// The first `bytes` of a sample report, parsed as the file `name`.
awrdiff::Snapshot cut(const std::string& sample, std::size_t bytes, const std::string& name) {
  std::ifstream in(sample_path(sample), std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return awrdiff::parse_report(ss.str().substr(0, bytes), name);
}

bool has(const std::vector<std::string>& v, std::string_view part) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

TEST(CheckIncomplete, CompleteReportsHaveNoInputWarnings) {
  const auto b = sample_baseline();
  for (const char* n : {"bad.html", "improved.html", "good_2.txt", "lgwr_after.html"}) {
    const auto r = awrdiff::check(sample_report(n), b, awrdiff::default_policy());
    EXPECT_EQ(r.not_checked, 0u) << n;
    EXPECT_TRUE(r.input_warnings.empty()) << n;
    EXPECT_EQ(r.headline.find("not checked"), std::string::npos) << r.headline;
    // A warn (improved.html: more work, DB time +32%) mails its first line alone; a pass or a fail nothing of it.
    if (r.status == CheckStatus::warn) EXPECT_TRUE(is_quiet_line(awrdiff::quiet_text(r), r.comparison.headline)) << n;
    else EXPECT_EQ(awrdiff::quiet_text(r), "") << n;
  }
}

TEST(CheckIncomplete, TruncatedPassCountsWhatWasNotChecked) {
  const auto r = awrdiff::check(cut("good_2.html", 9000, "dir/trunc.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 0) << r.headline;
  EXPECT_FALSE(awrdiff::quiet_prints_report(r));
  EXPECT_GT(r.not_checked, 5u);
  EXPECT_NE(r.headline.find(std::to_string(r.not_checked) + " metrics not checked (not in the report)"), std::string::npos)
      << r.headline;
  ASSERT_EQ(r.input_warnings.size(), 1u);
  EXPECT_EQ(r.input_warnings.front(), "trunc.html: truncated report (no 'End of Report' marker): " +
                                          std::to_string(r.not_checked) + " metrics not checked");
  EXPECT_TRUE(has(r.comparison.warnings, "of the baseline's metrics not checked: the current report does not give them"));
  const std::string q = awrdiff::quiet_text(r);
  EXPECT_TRUE(is_quiet_line(q, r.headline, "  ! " + r.input_warnings.front() + "\n")) << q;
}

TEST(CheckIncomplete, TruncatedLateStillWarns) {
  const auto r = awrdiff::check(cut("good_2.html", 90000, "late.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 0);
  EXPECT_EQ(r.not_checked, 0u);
  ASSERT_EQ(r.input_warnings.size(), 1u);
  EXPECT_EQ(r.input_warnings.front(), "late.html: truncated report (no 'End of Report' marker)");
}

TEST(CheckIncomplete, RegressionOnWhatIsThereFails) {
  const auto r = awrdiff::check(cut("bad.html", 30000, "trunc.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_EQ(r.status, CheckStatus::fail);
  EXPECT_EQ(r.exit_code(), 1);
  EXPECT_TRUE(awrdiff::quiet_prints_report(r));
  EXPECT_EQ(awrdiff::quiet_text(r), "");  // the whole report instead
}

TEST(CheckIncomplete, NoDbTimePerSecondIsTrouble) {
  for (auto [sample, bytes] : {std::pair{"good.html", 3900}, std::pair{"good.txt", 1000}}) {
    try {
      awrdiff::check(cut(sample, bytes, "head"), sample_baseline(), awrdiff::default_policy());
      ADD_FAILURE() << sample << ": no error";
    } catch (const awrdiff::Error& e) {
      EXPECT_EQ(static_cast<int>(e.exit_code()), 2);
      EXPECT_NE(e.reason().find("no DB time per second"), std::string::npos) << e.reason();
      EXPECT_NE(e.reason().find("truncated report"), std::string::npos) << e.reason();
    }
  }
}

TEST(CheckIncomplete, CompleteReportWithoutAMasterMetricSaysSo) {
  auto s = sample_report("good_2.html");
  s.load_profile.clear();
  s.activity.clear();  // nor the exact counts of Instance Activity
  const auto r = awrdiff::check(s, sample_baseline(), awrdiff::default_policy());
  EXPECT_GT(r.not_checked, 0u);
  ASSERT_EQ(r.input_warnings.size(), 1u) << r.headline;
  EXPECT_NE(r.input_warnings.front().find("among them DB time per"), std::string::npos) << r.input_warnings.front();
}

TEST(BaselineDuplicates, TheSamePeriodTwiceIsNamedAndKeptOnce) {
  std::vector<awrdiff::Snapshot> s{sample_report("good.html"), sample_report("good.txt"), sample_report("good_1.html")};
  const auto b = awrdiff::baseline_from_snapshots(std::move(s));
  EXPECT_EQ(b.periods.size(), 2u);
  ASSERT_EQ(b.duplicates.size(), 1u);
  const std::string html = sample_report("good.html").source, txt = sample_report("good.txt").source;
  EXPECT_EQ(b.duplicates.front(), txt + ": the same period as " + html + " (snaps 4410-4411 of ORCL19): kept once");
  // One file twice, through merge_baseline (several sources).
  auto one = awrdiff::baseline_from_snapshots({sample_report("good.html")});
  awrdiff::merge_baseline(one, awrdiff::baseline_from_snapshots({sample_report("good.html")}));
  EXPECT_EQ(one.periods.size(), 1u);
  ASSERT_EQ(one.duplicates.size(), 1u);
  EXPECT_EQ(one.duplicates.front(), html + ": the same period given twice (snaps 4410-4411 of ORCL19): kept once");
  EXPECT_TRUE(awrdiff::overlapping_periods(one).empty());
  EXPECT_TRUE(sample_baseline().duplicates.empty());
  EXPECT_TRUE(awrdiff::overlapping_periods(sample_baseline()).empty());
}

TEST(BaselineDuplicates, OverlappingPeriodsAreSaidAndKept) {
  auto wide = sample_report("good_1.html");
  wide.source = "wide.html";
  wide.interval.begin_snap = 4409;
  wide.interval.end_snap = 4411;
  const auto b = awrdiff::baseline_from_snapshots({sample_report("good.html"), wide, sample_report("bad.html")});
  EXPECT_EQ(b.periods.size(), 3u);
  EXPECT_TRUE(b.duplicates.empty());
  const auto o = awrdiff::overlapping_periods(b);
  ASSERT_EQ(o.size(), 1u);  // 4409-4411 against 4410-4411; 4411-4412 only touches them
  EXPECT_NE(o.front().find("wide.html (snaps 4409-4411 of ORCL19) and "), std::string::npos) << o.front();
  EXPECT_NE(o.front().find("overlap: a baseline's periods should be distinct samples; both kept"), std::string::npos);
  EXPECT_EQ(awrdiff::overlapping_periods(b, 0).size(), 1u);  // over the limit: counted
  EXPECT_EQ(awrdiff::overlapping_periods(b, 0).front(), "1 more overlapping pair of periods");
}

}  // namespace
