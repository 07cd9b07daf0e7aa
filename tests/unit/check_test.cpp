// `check` against a baseline (check.hpp, baseline.hpp): the samples' must-shows, the policy file, the
// comparability gate, the baseline file's round trip and the distributions behind the bands.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::CheckStatus;
using awrdiff::testing::sample_report;

awrdiff::Baseline sample_baseline() {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  return awrdiff::baseline_from_snapshots(std::move(s));
}

const awrdiff::CheckResult* result(const awrdiff::CheckReport& r, std::string_view key) {
  for (const auto& x : r.results)
    if (x.key == key) return &x;
  return nullptr;
}

TEST(Check, BadFailsNamingTheCause) {
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_EQ(r.status, CheckStatus::fail);
  EXPECT_EQ(r.exit_code(), 1);
  EXPECT_NE(r.headline.find("DB CPU"), std::string::npos) << r.headline;
  EXPECT_NE(r.headline.find("hard parsing"), std::string::npos) << r.headline;
  EXPECT_NE(r.headline.find("81uvdbt46vt5p"), std::string::npos) << r.headline;
  EXPECT_EQ(result(r, "db_time_per_s")->status, CheckStatus::fail);
  EXPECT_EQ(result(r, "load_profile.hard_parses")->status, CheckStatus::warn);  // explains, does not fail by itself
  EXPECT_EQ(r.comparison.tables.front().key, "check");
}

TEST(Check, NormalPeriodsAndTheImprovedRunDoNotFail) {
  const auto b = sample_baseline();
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html", "improved.html"}) {
    const auto r = awrdiff::check(sample_report(n), b, awrdiff::default_policy());
    EXPECT_EQ(r.exit_code(), 0) << n << ": " << r.headline;
  }
  // A member of the baseline is left out of it and checked against the others: ok, not warn.
  const auto member = awrdiff::check(sample_report("good_2.html"), b, awrdiff::default_policy());
  EXPECT_EQ(member.status, CheckStatus::ok) << member.headline;
  EXPECT_EQ(member.baseline_periods, 4u);
}

TEST(Check, BusierIsNotSlower) {
  // lgwr_after: many more calls, executions and transactions at a lower cost per unit of work.
  const auto r = awrdiff::check(sample_report("lgwr_after.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 0) << r.headline;
  EXPECT_NE(r.headline.find("busier, not slower"), std::string::npos) << r.headline;
  // ... unless the policy says the load itself matters.
  auto p = awrdiff::default_policy();
  p.load_matters = true;
  EXPECT_EQ(awrdiff::check(sample_report("lgwr_after.html"), sample_baseline(), p).exit_code(), 1);
}

TEST(Check, OneBaselinePeriodUsesThePairwiseRules) {
  std::vector<awrdiff::Snapshot> one{sample_report("good.html")};
  const auto b = awrdiff::baseline_from_snapshots(std::move(one));
  const auto r = awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy());
  EXPECT_EQ(r.status, CheckStatus::fail);
  EXPECT_NE(result(r, "db_time_per_s")->method.find("pairwise"), std::string::npos);
  EXPECT_EQ(awrdiff::check(sample_report("good_1.html"), b, awrdiff::default_policy()).exit_code(), 0);
}

TEST(Check, AnotherDatabaseOrAnInvalidReportIsTrouble) {
  auto b = sample_baseline();
  b.dbid = 42;
  try {
    awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy());
    FAIL() << "no error";
  } catch (const awrdiff::Error& e) {
    EXPECT_EQ(e.exit_code(), awrdiff::ExitCode::error);
    EXPECT_NE(std::string(e.what()).find("DB Id"), std::string::npos) << e.what();
  }
  auto invalid = sample_report("bad.html");
  invalid.valid = false;
  invalid.invalid_reason = "the snapshots span an instance restart";
  EXPECT_THROW(awrdiff::check(invalid, sample_baseline(), awrdiff::default_policy()), awrdiff::Error);
  auto other_instance = sample_report("bad.html");
  other_instance.database.instance_number = 2;
  EXPECT_THROW(awrdiff::check(other_instance, sample_baseline(), awrdiff::default_policy()), awrdiff::Error);
}

TEST(Check, BaselineFileRoundTrip) {
  const auto b = sample_baseline();
  const std::string text = awrdiff::baseline_json_text(b);
  const auto back = awrdiff::baseline_from_json(text, "normal.json");
  EXPECT_EQ(awrdiff::baseline_json_text(back), text);
  ASSERT_EQ(back.periods.size(), 5u);
  EXPECT_EQ(back.dbid, b.dbid);
  ASSERT_EQ(back.snapshots.size(), 1u);  // the typical period, for the findings rules
  const auto r = awrdiff::check(sample_report("bad.html"), back, awrdiff::default_policy());
  EXPECT_EQ(r.status, CheckStatus::fail);
  EXPECT_NE(r.headline.find("hard parsing"), std::string::npos) << r.headline;
  EXPECT_THROW(awrdiff::baseline_from_json("{\"awrdiff_baseline\": 99}", "x.json"), awrdiff::Error);
  EXPECT_THROW(awrdiff::baseline_from_json("{\"awrdiff_baseline\": 1, \"periods\": 3}", "x.json"), awrdiff::Error);
  EXPECT_THROW(awrdiff::baseline_from_json("[1,2", "x.json"), awrdiff::Error);
  EXPECT_THROW(awrdiff::baseline_from_json("{\"periods\": []}", "x.json"), awrdiff::Error);
}

TEST(Check, AverageMinMaxBaselineGatesOnTheMaximum) {
  awrdiff::Baseline b;
  b.dbid = sample_report("good.html").database.dbid;
  b.instances = {1};
  awrdiff::BaselineAggregate a;
  a.key = "db_time_per_s";
  a.distribution.mean = 0.22;
  a.distribution.min = 0.15;
  a.distribution.max = 0.40;
  a.distribution.count = 1000;
  a.distribution.basis = "average-min-max";
  b.aggregates.push_back(a);
  const auto bad = awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy());
  EXPECT_EQ(bad.status, CheckStatus::fail);
  EXPECT_FALSE(result(bad, "db_time_per_s")->z.has_value());  // no spread: never a z
  EXPECT_NE(result(bad, "db_time_per_s")->method.find("above the maximum"), std::string::npos);
  EXPECT_EQ(awrdiff::check(sample_report("improved.html"), b, awrdiff::default_policy()).exit_code(), 0);  // 0.29 < max
  EXPECT_EQ(result(bad, "db_cpu_per_s")->status, CheckStatus::insufficient);
}

TEST(Check, MatchHourPicksLikePeriods) {
  auto b = sample_baseline();
  const auto cur = sample_report("bad.html");
  // Move every baseline period to another hour: nothing is like the current period.
  for (auto& p : b.periods) p.begin_time = "2025-03-01T03:00:00";
  awrdiff::CheckOptions opt;
  opt.match = awrdiff::MatchPeriods::hour;
  EXPECT_THROW(awrdiff::check(cur, b, awrdiff::default_policy(), opt), awrdiff::Error);
  opt.match = awrdiff::MatchPeriods::all;
  EXPECT_EQ(awrdiff::check(cur, b, awrdiff::default_policy(), opt).status, CheckStatus::fail);
  EXPECT_EQ(awrdiff::iso_time("14-Mar-25 09:10:02"), "2025-03-14T09:10:02");
  EXPECT_EQ(awrdiff::iso_time("2025-03-14 09:10"), "2025-03-14T09:10:00");
  EXPECT_EQ(awrdiff::iso_time("garbage"), "");
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(Check, PolicyFile) {
  const auto ok = write_temp("awrdiff_policy_ok.toml",
                             "load_matters = true\n[metric.\"load_profile.hard_parses\"]\nfail_z = 3\nfail_rel_pct = 100\n"
                             "[metric.\"host_cpu_busy_pct\"]\nfail_above = 95.5\n");
  const auto p = awrdiff::load_policy(ok);
  EXPECT_TRUE(p.load_matters);
  EXPECT_EQ(p.metrics.at("load_profile.hard_parses").fail_z, 3.0);
  EXPECT_EQ(p.metrics.at("host_cpu_busy_pct").fail_above, 95.5);
  for (const char* bad : {"[metric.\"no_such_metric\"]\nfail_z = 3\n", "[metric.\"db_time_per_s\"]\nwarn_zz = 3\n",
                          "[metric.\"db_time_per_s\"]\nwarn_z = \"three\"\n", "loadmatters = true\n", "[metric\n",
                          "[metric.\"db_time_per_s\"]\ndirection = \"sideways\"\n"}) {
    const auto f = write_temp("awrdiff_policy_bad.toml", bad);
    EXPECT_THROW(awrdiff::load_policy(f), awrdiff::Error) << bad;
  }
  // hard parses can fail under that policy even when DB time would not.
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), p);
  EXPECT_EQ(result(r, "load_profile.hard_parses")->status, CheckStatus::fail);
}

TEST(Check, EveryFormatRenders) {
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), awrdiff::default_policy());
  for (auto f : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::html, awrdiff::Format::json}) {
    std::ostringstream out;
    awrdiff::render(r.comparison, f, {}, out);
    EXPECT_NE(out.str().find("Check against the baseline"), std::string::npos) << static_cast<int>(f);
    EXPECT_NE(out.str().find("DB time per second"), std::string::npos) << static_cast<int>(f);
  }
}

}  // namespace
