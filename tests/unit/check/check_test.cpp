// `check` against a baseline (check.hpp, baseline.hpp): the samples' must-shows, the policy file, the
// comparability gate, the baseline file's round trip and the distributions behind the bands.
#include "tests/support/quiet_line.hpp"
#include "tests/support/samples.hpp"

#include "diff/facts.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::CheckStatus;
using awrdiff::testing::is_quiet_line;
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
  EXPECT_EQ(r.headline.rfind("WARN, more load, not slower: ", 0), 0u) << r.headline;
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

// A Load Profile rate is compared as printed (one decimal): one printed step from the baseline (Background CPU(s)
// 0.0 -> 0.1 s/s, above its 0.05 s/s floor) is no finding, as in the comparison; two steps are.
TEST(Check, OnePrintedStepOfALoadProfileRateIsNoFinding) {
  auto set_background_cpu = [](awrdiff::Snapshot s, double v) {
    for (auto& row : s.load_profile)
      if (row.key == "background_cpu") row.per_second = v;
    return s;
  };
  std::vector<awrdiff::Snapshot> one{set_background_cpu(sample_report("good.html"), 0.0)};
  const auto b = awrdiff::baseline_from_snapshots(std::move(one));
  const auto step = awrdiff::check(set_background_cpu(sample_report("good_1.html"), 0.1), b, awrdiff::default_policy());
  ASSERT_NE(result(step, "load_profile.background_cpu"), nullptr);
  EXPECT_EQ(result(step, "load_profile.background_cpu")->status, CheckStatus::ok);
  // Two steps are a material change, but 0.2 s/s of background CPU on a host of several CPUs is nothing a DBA acts on: context,
  // not a warn (a warn is a mail).
  const auto two = awrdiff::check(set_background_cpu(sample_report("good_1.html"), 0.2), b, awrdiff::default_policy());
  EXPECT_EQ(result(two, "load_profile.background_cpu")->status, CheckStatus::changed);
  EXPECT_NE(result(two, "load_profile.background_cpu")->reason.find("context, not a warn"), std::string::npos)
      << result(two, "load_profile.background_cpu")->reason;
}

// A nearly idle current period (under 0.05 AAS): its ratios rest on a handful of calls, so nothing warns on them
// (getperf 12.1: Logical reads per ms of DB CPU 42 against 1,219 at 0.017 AAS warned, and -q mailed it).
TEST(Check, AnIdlePeriodsRatiosAreNoise) {
  auto idle = sample_report("good_1.html");
  const double f = 0.05;  // DB time and DB CPU a twentieth: 0.011 AAS
  for (auto& t : idle.time_model)
    if (t.name == "DB time" || t.name == "DB CPU") t.time_s = t.time_s ? awrdiff::OptDouble(*t.time_s * f) : t.time_s;
  idle.interval.db_time_s = idle.interval.db_time_s ? awrdiff::OptDouble(*idle.interval.db_time_s * f) : idle.interval.db_time_s;
  for (auto& row : idle.load_profile)  // and a thousandth of the logical reads: fewer blocks per ms of CPU
    if (row.key == "logical_reads" && row.per_second) row.per_second = *row.per_second / 1000;
  const auto r = awrdiff::check(idle, sample_baseline(), awrdiff::default_policy());
  // Logical reads per ms of DB CPU has no worse side (more blocks per ms is more work as often as faster work: RECEIPT
  // 22.9 -> 106 with logical reads 6.8x): outside its band it is a change, never a warn.
  const auto* lr = result(r, "logical_reads_per_cpu_ms");
  ASSERT_NE(lr, nullptr);
  EXPECT_EQ(lr->status, CheckStatus::changed) << lr->reason;
  for (const auto& x : r.results)
    EXPECT_TRUE(x.status != CheckStatus::warn && x.status != CheckStatus::fail) << x.key << ": " << x.reason;
  EXPECT_EQ(r.exit_code(), 0);
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
  // No like period: an insufficient baseline (exit 0), the same rule as check --history; never trouble.
  const auto none = awrdiff::check(sample_report("improved.html"), b, awrdiff::default_policy(), opt);
  EXPECT_EQ(none.status, CheckStatus::insufficient);
  EXPECT_EQ(none.exit_code(), 0);
  EXPECT_EQ(none.headline.rfind("OK, insufficient baseline", 0), 0u) << none.headline;
  // ... but a period at 3x or more every period of other hours warns (bad.html: 0.97 AAS against at most 0.227), one
  // line, exit 0 all the same.
  const auto storm = awrdiff::check(cur, b, awrdiff::default_policy(), opt);
  EXPECT_EQ(storm.status, CheckStatus::warn);
  EXPECT_EQ(storm.exit_code(), 0);
  EXPECT_EQ(storm.headline.rfind("WARN, insufficient baseline", 0), 0u) << storm.headline;
  EXPECT_NE(
      storm.headline.find("but DB time per second 0.970 AAS is 4.3x the busiest of the 5 periods of other hours (0.227 AAS)"),
      std::string::npos)
      << storm.headline;
  EXPECT_TRUE(is_quiet_line(awrdiff::quiet_text(storm), storm.headline)) << awrdiff::quiet_text(storm);
  EXPECT_EQ(awrdiff::unlike_periods_multiple(cur, b),
            storm.headline.substr(storm.headline.find("DB time per second 0.970"),
                                  storm.headline.find("; nothing else") - storm.headline.find("DB time per second 0.970")));
  // A storm stored earlier (itself 3x every period before it) is no normal hour: a later storm is measured against the
  // periods before it, not against it (RMGTIBP: 165 AAS at 20:49 was silent as 2.7x the 62 AAS stored at 15:00).
  auto stored = b;
  awrdiff::BaselinePeriod earlier_storm = stored.periods.back();
  earlier_storm.begin_time = "2025-03-01T04:00:00";
  earlier_storm.end_time = "2025-03-01T04:10:00";
  earlier_storm.begin_snap = 900001;
  earlier_storm.end_snap = 900002;
  earlier_storm.values["db_time_per_s"] = 0.5;  // 2.2x the busiest before it: a busier hour, not a storm
  stored.periods.push_back(earlier_storm);
  EXPECT_EQ(awrdiff::unlike_periods_multiple(cur, stored), "");  // a busier normal hour: 0.970 is under 3x it
  stored.periods.back().values["db_time_per_s"] = 0.8;  // 3.5x the normal ones when it came: a storm, left out
  EXPECT_NE(awrdiff::unlike_periods_multiple(cur, stored).find("4.3x the busiest of the 5 periods"), std::string::npos)
      << awrdiff::unlike_periods_multiple(cur, stored);
  // Idle periods are never a storm, whatever the multiple.
  auto idle = b;
  for (auto& p : idle.periods) p.values["db_time_per_s"] = 0.001;
  auto quiet = sample_report("improved.html");
  quiet.interval.db_time_s = 0.04 * *quiet.interval.elapsed_s;
  for (auto& r : quiet.time_model)
    if (r.name == "DB time") r.time_s = quiet.interval.db_time_s;
  ASSERT_NEAR(quiet.average_active_sessions().value_or(0), 0.04, 1e-9);
  EXPECT_EQ(awrdiff::unlike_periods_multiple(quiet, idle), "");
  opt.match = awrdiff::MatchPeriods::all;
  EXPECT_EQ(awrdiff::check(cur, b, awrdiff::default_policy(), opt).status, CheckStatus::fail);
  EXPECT_EQ(awrdiff::iso_time("14-Mar-25 09:10:02"), "2025-03-14T09:10:02");
  EXPECT_EQ(awrdiff::iso_time("2025-03-14 09:10"), "2025-03-14T09:10:00");
  EXPECT_EQ(awrdiff::iso_time("garbage"), "");
}

// A storm far beyond every stored period (3x the busiest, at least 1 AAS) pages under --match whatever the like
// periods say, and when there is none: an insufficient baseline never shields it (RMGTIBP 15:00 and 20:49, 62 and 165
// AAS against 10-11, with no stored period of their hours).
TEST(Check, StormBeyondEveryStoredPeriodPagesWhateverTheLikeHours) {
  auto b = sample_baseline();  // 5 periods, the busiest 0.227 AAS
  auto storm = sample_report("bad.html");
  storm.interval.db_time_s = 2.0 * *storm.interval.elapsed_s;
  for (auto& r : storm.time_model)
    if (r.name == "DB time") r.time_s = storm.interval.db_time_s;
  ASSERT_NEAR(storm.average_active_sessions().value_or(0), 2.0, 1e-9);
  awrdiff::CheckOptions opt;
  opt.match = awrdiff::MatchPeriods::hour;
  EXPECT_TRUE(awrdiff::storm_pages(storm, b));
  // Like periods exist (the samples' hour): the storm pages all the same, measured against every hour.
  const auto with_like = awrdiff::check(storm, b, awrdiff::default_policy(), opt);
  EXPECT_EQ(with_like.status, CheckStatus::fail) << with_like.headline;
  EXPECT_EQ(with_like.exit_code(), 1);
  EXPECT_EQ(with_like.headline.rfind("FAIL, a storm beyond every stored period: DB time per second 2.00 AAS is 8.8x the busiest "
                                     "of the 5 periods of every hour (0.227 AAS)",
                                     0),
            0u)
      << with_like.headline;
  EXPECT_NE(with_like.headline.find("it pages whatever the periods of the same hour of day say (--match hour)"),
            std::string::npos)
      << with_like.headline;
  // No like period: not "insufficient baseline", a page naming the multiple.
  for (auto& p : b.periods) p.begin_time = "2025-03-01T03:00:00";
  const auto none = awrdiff::check(storm, b, awrdiff::default_policy(), opt);
  EXPECT_EQ(none.status, CheckStatus::fail) << none.headline;
  EXPECT_EQ(none.storm, "DB time per second 2.00 AAS is 8.8x the busiest of the 5 periods of other hours (0.227 AAS)");
  EXPECT_NE(none.headline.find("no period of the baseline begins in the same hour of day (--match hour), so it is measured "
                               "against every period"),
            std::string::npos)
      << none.headline;
  EXPECT_EQ(none.headline.find("insufficient"), std::string::npos) << none.headline;
  // Under the absolute floor (0.97 AAS, 4.3x): still the one warn line of an insufficient baseline.
  EXPECT_FALSE(awrdiff::storm_pages(sample_report("bad.html"), b));
  EXPECT_EQ(awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy(), opt).status, CheckStatus::warn);
  // Under 3x the busiest: no storm, whatever its size (the busiest stored period at 1 AAS).
  b.periods.front().values["db_time_per_s"] = 1.0;
  EXPECT_FALSE(awrdiff::storm_pages(storm, b));
}

// A recurring busy hour is no storm: with a like period at least a third as busy (the same hour, 1.5 AAS against 2.0),
// the period is judged by its like periods, even where every other hour is 9x quieter and the busy hour of an earlier
// day, 7x them, counts as a storm stored earlier (an improvement paged as "a storm beyond every stored period").
TEST(Check, ARecurringBusyHourIsNoStorm) {
  auto b = sample_baseline();  // 5 periods at 14:00-15:00, the busiest 0.227 AAS
  auto storm = sample_report("bad.html");
  storm.interval.db_time_s = 2.0 * *storm.interval.elapsed_s;
  for (auto& r : storm.time_model)
    if (r.name == "DB time") r.time_s = storm.interval.db_time_s;
  for (auto& p : b.periods) p.begin_time = "2025-03-01T03:00:00";
  ASSERT_TRUE(awrdiff::storm_pages(storm, b, awrdiff::MatchPeriods::hour));
  auto busy = b.periods.front();
  busy.begin_time = awrdiff::iso_time(storm.interval.begin_time).replace(0, 10, "2025-03-10");
  busy.end_snap = busy.begin_snap = 1;
  busy.values["db_time_per_s"] = 1.5;
  b.periods.push_back(busy);
  EXPECT_TRUE(awrdiff::storm_pages(storm, b));  // against every hour: a storm stored earlier is left out
  EXPECT_FALSE(awrdiff::storm_pages(storm, b, awrdiff::MatchPeriods::hour));
  awrdiff::CheckOptions opt;
  opt.match = awrdiff::MatchPeriods::hour;
  const auto r = awrdiff::check(storm, b, awrdiff::default_policy(), opt);
  EXPECT_TRUE(r.storm.empty()) << r.headline;
  EXPECT_EQ(r.headline.find("a storm beyond every stored period"), std::string::npos) << r.headline;
}

// The page `check -q` mails: at most 25 lines, the first naming the verdict, the database, the snaps and the top
// cause; the failing metrics; where the full report is.
TEST(Check, PageMailIsShortAndLeadsWithTheCause) {
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), awrdiff::default_policy());
  ASSERT_EQ(r.status, CheckStatus::fail) << r.headline;
  const std::string mail = awrdiff::check_mail(r, "page.html");
  std::vector<std::string> lines;
  for (std::size_t at = 0, nl; (nl = mail.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(mail.substr(at, nl - at));
  EXPECT_LE(lines.size(), awrdiff::k_mail_lines) << mail;
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front().rfind("FAIL ORCL19/orcl19 snaps ", 0), 0u) << mail;
  // The top worse finding's short form leads (the first line names the cause, not only the metrics).
  const auto top = std::find_if(r.comparison.findings.begin(), r.comparison.findings.end(), [](const awrdiff::Finding& f) {
    return f.direction == awrdiff::ChangeKind::worse && !f.cause.empty();
  });
  ASSERT_NE(top, r.comparison.findings.end());
  EXPECT_NE(lines.front().find(": " + top->cause), std::string::npos) << mail;
  // The check's own first line names it too, before the metrics: in its causes when they name it ("driven by DB CPU +8.4
  // min"), else first ("FAIL, regression against the baseline, top cause SQL 7uf1nkyf1y24f ...").
  EXPECT_EQ(r.headline.rfind("FAIL, regression against the baseline, driven by " + top->cause, 0), 0u) << r.headline;
  EXPECT_LT(r.headline.find(top->cause), r.headline.find("DB time per second")) << r.headline;
  EXPECT_NE(mail.find("\nFailing metrics:\n  fail  DB time per second "), std::string::npos) << mail;
  EXPECT_NE(mail.find("\nTop causes:\n  1. "), std::string::npos) << mail;
  EXPECT_EQ(lines.back(), "Full report: page.html");
  EXPECT_NE(awrdiff::check_mail(r, "").find("Full report: run the same check with -v"), std::string::npos);
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

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const awrdiff::Error& e) {
    EXPECT_EQ(e.exit_code(), awrdiff::ExitCode::error);
    return e.what();
  } catch (const std::exception& e) { return std::string("not an awrdiff::Error: ") + e.what(); }
  return "no error";
}

TEST(Check, PolicyFileTroubleIsOneLineNeverACrash) {
  const auto dir = std::filesystem::temp_directory_path() / "awrdiff_policy_dir";
  std::filesystem::create_directories(dir);
  EXPECT_NE(error_of([&] { awrdiff::load_policy(dir.string()); }).find("is a directory"), std::string::npos);
  EXPECT_NE(error_of([&] { awrdiff::load_policy("/nonexistent/awrdiff.toml"); }).find("no such file"), std::string::npos);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[metric.\"db_time_per_s\"]\nfail_z = 1e400\n", "line"},
      {"load_matters = \"\xff\xfe\"\n", "line"},
      {std::string("\x7f"
                   "ELF\0\0\x01",
                   7),
       "binary"},
      {"[metric.\"db_time_per_s\"]\nfail_z = nan\n", "not a finite number"},
      {"[metric.\"db_time_per_s\"]\nfail_z = inf\n", "not a finite number"},
      {"[metric.\"db_time_per_s\"]\nenabled = 1\n", "true or false"},
      {"load_matters = 1\n", "true or false"},
      {"spread_floor_pct = -5\n", "out of range"},
      {"spread_floor_pct = 1e9\n", "out of range"},
      {"[metric.\"db_time_per_s\"]\nfail_z = 3\n[metric.\"db_time_per_s\"]\nwarn_z = 2\n",
       "line 3: [metric.\"db_time_per_s\"] is given twice (first at line 1)"},
  };
  for (const auto& [text, want] : cases) {
    const auto f = write_temp("awrdiff_policy_trouble.toml", text);
    const auto e = error_of([&] { awrdiff::load_policy(f); });
    EXPECT_NE(e.find(want), std::string::npos) << text << " -> " << e;
    EXPECT_NE(e.find("awrdiff_policy_trouble.toml"), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
}

TEST(Check, NoDbIdMeansMatchByDbNameOrTrouble) {
  auto cur = sample_report("bad.html");
  const auto b = sample_baseline();
  // The report's DB Id redacted, the same DB name: checked, and said so.
  auto no_id = cur;
  no_id.database.dbid.reset();
  const auto r = awrdiff::check(no_id, b, awrdiff::default_policy());
  EXPECT_EQ(r.status, CheckStatus::fail);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.find("matched by DB name ORCL19") != std::string::npos; }));
  // Another DB name: another database.
  no_id.database.name = "ORCL";
  EXPECT_NE(error_of([&] { awrdiff::check(no_id, b, awrdiff::default_policy()); }).find("another database"), std::string::npos);
  // Neither DB Id nor DB name: cannot be confirmed.
  no_id.database.name.clear();
  EXPECT_NE(error_of([&] { awrdiff::check(no_id, b, awrdiff::default_policy()); }).find("cannot confirm it is the same database"),
            std::string::npos);
  // A baseline is of one database too.
  auto other = sample_report("good_1.html");
  other.database.dbid.reset();
  other.database.name = "RMGTIBP";
  EXPECT_NE(error_of([&] {
              awrdiff::baseline_from_snapshots({sample_report("good.html"), other});
            }).find("another database"),
            std::string::npos);
  auto b2 = sample_baseline();
  awrdiff::Baseline dump;
  dump.db_name = "ORCL";
  dump.sources = {"orcl.out"};
  EXPECT_NE(error_of([&] { awrdiff::merge_baseline(b2, dump); }).find("DB name ORCL is not"), std::string::npos);
}

TEST(Check, CurrentSetOfOneDatabaseAndDuplicatesCountedOnce) {
  std::vector<std::string> notes;
  std::vector<awrdiff::Snapshot> mixed{sample_report("bad.html"), sample_report("good.html")};
  mixed.back().database.dbid = 7;
  EXPECT_NE(error_of([&] { awrdiff::current_from_members(mixed, notes); }).find("another database"), std::string::npos);
  // good.txt and good.html are one period: the HTML kept.
  const auto one = awrdiff::current_from_members({sample_report("good.txt"), sample_report("good.html")}, notes);
  EXPECT_EQ(one.members, 1);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes.front().find("1 duplicate period dropped"), std::string::npos) << notes.front();
  // A baseline given the same reports twice counts each period once.
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good.html", "good.txt", "good_1.html"}) s.push_back(sample_report(n));
  const auto b = awrdiff::baseline_from_snapshots(std::move(s));
  EXPECT_EQ(b.periods.size(), 2u);
  EXPECT_EQ(b.snapshots.size(), 2u);
  auto twice = sample_baseline();
  awrdiff::merge_baseline(twice, sample_baseline());
  EXPECT_EQ(twice.periods.size(), 5u);
  EXPECT_TRUE(std::any_of(twice.notes.begin(), twice.notes.end(),
                          [](const std::string& n) { return n.starts_with("5 duplicate periods dropped"); }));
  const auto r = awrdiff::check(sample_report("bad.html"), twice, awrdiff::default_policy());
  EXPECT_EQ(r.baseline_periods, 5u);
}

TEST(Check, ImpossibleFiguresAreTrouble) {
  auto neg = sample_report("bad.html");
  for (auto& t : neg.time_model)
    if (t.name == "DB time") t.time_s = -582;
  neg.interval.db_time_s = -582;
  EXPECT_NE(error_of([&] { awrdiff::check(neg, sample_baseline(), awrdiff::default_policy()); }).find("not usable"),
            std::string::npos);
  auto huge = sample_report("bad.html");
  for (auto& t : huge.time_model)
    if (t.name == "DB time") t.time_s = 1e20;
  huge.interval.db_time_s = 1e20;
  EXPECT_NE(error_of([&] { awrdiff::check(huge, sample_baseline(), awrdiff::default_policy()); }).find("not usable"),
            std::string::npos);
  // The baseline's only period is the current report: the baseline is named, not the report.
  const auto self = awrdiff::baseline_from_snapshots({sample_report("good.html")});
  EXPECT_NE(error_of([&] {
              awrdiff::check(sample_report("good.html"), self, awrdiff::default_policy());
            }).find("the baseline has no usable periods"),
            std::string::npos);
  // A hand-edited baseline file: negative values and no database are refused.
  auto text = awrdiff::baseline_json_text(sample_baseline());
  const auto at = text.find("\"db_time_per_s\": ");
  ASSERT_NE(at, std::string::npos);
  auto negative = text;
  negative.insert(at + 17, "-");
  EXPECT_NE(error_of([&] { awrdiff::baseline_from_json(negative, "neg.json"); }).find("cannot be negative"), std::string::npos);
  EXPECT_NE(error_of([&] { awrdiff::baseline_from_json("{\"awrdiff_baseline\": 1}", "min.json"); }).find("no database"),
            std::string::npos);
}

TEST(Check, HeadlineNeverClaimsACentreTheBaselineLacks) {
  awrdiff::Baseline b;
  b.dbid = sample_report("good.html").database.dbid;
  b.instances = {1};
  awrdiff::BaselineAggregate a;
  a.key = "load_profile.hard_parses";
  a.distribution.mean = 100;
  a.distribution.max = 100000;
  a.distribution.count = 10;
  a.distribution.basis = "average-min-max";
  b.aggregates.push_back(a);
  // Without DB time per second the baseline cannot gate (trouble), unless the policy names the metrics it gates on.
  EXPECT_THROW((void)awrdiff::check(sample_report("good.html"), b, awrdiff::default_policy()), awrdiff::Error);
  const auto r = awrdiff::check(sample_report("good.html"), b,
                                awrdiff::parse_policy("[metric.\"load_profile.hard_parses\"]\nfail_z = 3\n", "hp.toml"));
  EXPECT_EQ(r.status, CheckStatus::ok);
  EXPECT_EQ(r.headline.find("(baseline 0"), std::string::npos) << r.headline;
  EXPECT_NE(r.headline.find("the baseline does not give it"), std::string::npos) << r.headline;
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

// Without a DB Id the DB name is the only link; a common name (ORCL) of another major release is another
// database, or one upgraded since: refused, naming both releases. The same major release still matches.
TEST(Check, NameOnlyMatchRefusesAnotherMajorRelease) {
  using awrdiff::confirm_same_database;
  const awrdiff::DatabaseIdentity dump{std::nullopt, "ORCL", "11.2.0.3.0"};
  try {
    confirm_same_database({std::nullopt, "orcl", "19.0.0.0.0"}, dump, "cur.html", "the baseline");
    FAIL() << "matched by name across major releases";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("release 19.0.0.0.0 is not its 11.2.0.3.0"), std::string::npos) << e.what();
  }
  const awrdiff::DatabaseIdentity laptop{std::nullopt, "ORCL", "11.2.0.3.0", "Microsoft_Windows_x86_64-bit", false};
  EXPECT_NE(confirm_same_database({std::nullopt, "ORCL", "11.2.0.4.0", "Microsoft Windows x86 64-bit", false}, laptop, "cur.html",
                                  "the baseline"),
            "");
  EXPECT_NE(confirm_same_database({std::nullopt, "ORCL", "", "Microsoft Windows x86 64-bit", false}, laptop, "cur.html",
                                  "the baseline"),
            "");  // no release: by name, platform and RAC-ness
  EXPECT_EQ(confirm_same_database({42, "ORCL", "19.0.0.0.0"}, {42, "ORCL", "11.2.0.3.0"}, "cur.html", "the baseline"), "");
}

namespace {

awrdiff::Snapshot with_activity(awrdiff::Snapshot s, const std::string& name, std::optional<double> total) {
  std::erase_if(s.activity, [&](const awrdiff::ActivityStat& a) { return a.name == name; });
  if (total) {
    awrdiff::ActivityStat a;
    a.name = a.raw_name = name;
    a.total = total;
    s.activity.push_back(a);
  }
  return s;
}

void set_lp(awrdiff::Snapshot& s, const std::string& key, double per_second) {
  for (auto& r : s.load_profile)
    if (r.key == key) r.per_second = per_second;
}

}  // namespace

// A warn mails one line under -q (the check table is for -v or a run without -q); a fail mails the whole report.
TEST(Check, AWarnMailsOneLineUnderQuiet) {
  const auto b = sample_baseline();
  const auto warn = awrdiff::check(sample_report("improved.html"), b, awrdiff::default_policy());
  ASSERT_EQ(warn.status, CheckStatus::warn) << warn.headline;
  EXPECT_FALSE(awrdiff::quiet_prints_report(warn));
  EXPECT_TRUE(awrdiff::quiet_prints_report(warn, true));  // -v: the whole report
  const std::string q = awrdiff::quiet_text(warn);
  EXPECT_TRUE(is_quiet_line(q, warn.comparison.headline)) << q;
  EXPECT_EQ(std::count(q.begin(), q.end(), '\n'), 1);
  const auto fail = awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy());
  EXPECT_TRUE(awrdiff::quiet_prints_report(fail));
  EXPECT_EQ(awrdiff::quiet_text(fail), "");
}

// "Transactions 0.0" in the Load Profile is 31 transactions in 30 minutes in Instance Activity: DB time per
// transaction is computed from the exact count, and the check table says which counts it used.
TEST(Check, ExactCountsOverTheRoundedLoadProfile) {
  awrdiff::Snapshot s = sample_report("good.html");
  set_lp(s, "transactions", 0.0);
  set_lp(s, "hard_parses", 0.2);
  s = with_activity(s, "user commits", 31);
  s = with_activity(s, "user rollbacks", 0);
  s = with_activity(s, "parse count (hard)", 299);
  const double el = *s.interval.elapsed_s;
  ASSERT_TRUE(awrdiff::metric_value(s, "transactions_per_s"));
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "transactions_per_s"), 31 / el);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "load_profile.transactions"), 31 / el);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "load_profile.hard_parses"), 299 / el);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "db_time_per_txn_s"), *s.average_active_sessions() / (31 / el));
  EXPECT_EQ(awrdiff::rate_source(s, "db_time_per_txn_s").text(), "Instance Activity: user commits + user rollbacks");
  EXPECT_EQ(awrdiff::rate_source(s, "load_profile.hard_parses").text(), "Instance Activity: parse count (hard)");
  EXPECT_EQ(awrdiff::rate_source(s, "db_time_per_s").text(), "");
  EXPECT_EQ(awrdiff::rate_source(s, "db_time_per_txn_s").from, awrdiff::RateFrom::instance_activity);
  EXPECT_EQ(awrdiff::rate_source(s, "db_time_per_txn_s").statistics, "user commits + user rollbacks");
  EXPECT_EQ(awrdiff::rate_source(s, "db_time_per_s").from, awrdiff::RateFrom::none);
  // Without one of the statistics: the Load Profile, as printed (0.0 transactions per second gives no figure).
  const awrdiff::Snapshot lp = with_activity(s, "user rollbacks", std::nullopt);
  EXPECT_FALSE(awrdiff::metric_value(lp, "db_time_per_txn_s"));
  EXPECT_EQ(awrdiff::rate_source(lp, "transactions_per_s").text(), "Load Profile");
  EXPECT_EQ(awrdiff::rate_source(lp, "transactions_per_s").from, awrdiff::RateFrom::load_profile);
  // The check says which counts it used.
  const auto r = awrdiff::check(s, sample_baseline(), awrdiff::default_policy());
  const auto* txn = result(r, "db_time_per_txn_s");
  ASSERT_NE(txn, nullptr);
  EXPECT_NE(txn->method.find("counts: Instance Activity: user commits + user rollbacks"), std::string::npos) << txn->method;
}

// A warn needs a material change on a metric a DBA would act on: rollbacks (a count with no DB time of its own)
// and a little background CPU are context ("changed"), never a warn, and never mail under -q.
TEST(Check, ContextCountsAndSmallCpuNeverWarn) {
  awrdiff::Snapshot s = sample_report("good_2.html");
  s = with_activity(s, "user rollbacks", std::nullopt);
  set_lp(s, "rollbacks", 6.6);
  const double aas = *s.average_active_sessions();
  for (auto& row : s.load_profile)
    if (row.key == "background_cpu" && row.per_second) row.per_second = *row.per_second + 0.05 * aas;
  const auto r = awrdiff::check(s, sample_baseline(), awrdiff::default_policy());
  const auto* rb = result(r, "load_profile.rollbacks");
  ASSERT_NE(rb, nullptr);
  EXPECT_EQ(rb->status, CheckStatus::changed) << rb->reason;
  EXPECT_NE(rb->reason.find("context, not a warn"), std::string::npos) << rb->reason;
  const auto* bg = result(r, "load_profile.background_cpu");
  ASSERT_NE(bg, nullptr);
  EXPECT_NE(bg->status, CheckStatus::warn) << bg->reason;
  EXPECT_NE(r.status, CheckStatus::warn) << r.headline;
  EXPECT_EQ(awrdiff::quiet_text(r), "");
}

// --match with no like period in a baseline file: an insufficient baseline (exit 0, one line under -q), the same
// rule as a history that holds no like period yet; never exit 2.
TEST(Check, NoLikePeriodIsAnInsufficientBaseline) {
  std::vector<awrdiff::Snapshot> one{sample_report("good.html")};
  const auto b = awrdiff::baseline_from_snapshots(std::move(one));
  awrdiff::Snapshot s = sample_report("good_1.html");
  s.interval.begin_time = "14-Mar-25 03:00:00";  // no baseline period begins at 03:00
  s.interval.end_time = "14-Mar-25 03:10:00";
  awrdiff::CheckOptions o;
  o.match = awrdiff::MatchPeriods::hour;
  const auto r = awrdiff::check(s, b, awrdiff::default_policy(), o);
  EXPECT_EQ(r.status, CheckStatus::insufficient);
  EXPECT_EQ(r.exit_code(), 0);
  EXPECT_EQ(r.headline.rfind("OK, insufficient baseline: no period of the baseline begins in the same hour", 0), 0u)
      << r.headline;
  EXPECT_TRUE(is_quiet_line(awrdiff::quiet_text(r), r.headline)) << awrdiff::quiet_text(r);
}

// A name is not an identity: without a DB Id on both sides, the platform and RAC-ness must agree too, and be given
// on both sides. A Linux RAC node's ORCL against a Windows laptop's single-instance ORCL (an AWR-Miner dump without a
// DB Id) passed as "matched by DB name", a false all-clear; now one line naming each difference, unless
// --assume-same-database (name_suffices), which says what differs in the note.
TEST(Check, NameMatchNeedsPlatformAndRacToAgree) {
  using awrdiff::confirm_same_database;
  const awrdiff::DatabaseIdentity laptop{std::nullopt, "ORCL", "11.2.0.3.0", "Microsoft_Windows_x86_64-bit", false};
  const awrdiff::DatabaseIdentity rac_node{1380142923, "ORCL", "11.2.0.4.0", "Linux x86 64-bit", true};
  std::string e = error_of([&] { confirm_same_database(rac_node, laptop, "rac.html", "the baseline"); });
  EXPECT_NE(e.find("platform Linux x86 64-bit is not Microsoft_Windows_x86_64-bit"), std::string::npos) << e;
  EXPECT_NE(e.find("a RAC database is not a single instance"), std::string::npos) << e;
  EXPECT_NE(e.find("--assume-same-database"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  // One difference alone is enough.
  auto linux_single = rac_node;
  linux_single.rac = false;
  e = error_of([&] { confirm_same_database(linux_single, laptop, "one.html", "the baseline"); });
  EXPECT_NE(e.find("platform"), std::string::npos) << e;
  EXPECT_EQ(e.find("RAC"), std::string::npos) << e;
  auto windows_rac = rac_node;
  windows_rac.platform = "Microsoft Windows x86 64-bit";
  e = error_of([&] { confirm_same_database(windows_rac, laptop, "two.html", "the baseline"); });
  EXPECT_EQ(e.find("platform"), std::string::npos) << e;
  EXPECT_NE(e.find("a RAC database is not a single instance"), std::string::npos) << e;
  // What cannot be compared cannot confirm it either.
  auto no_platform = windows_rac;
  no_platform.platform.clear();
  no_platform.rac = false;
  e = error_of([&] { confirm_same_database(no_platform, laptop, "three.html", "the baseline"); });
  EXPECT_NE(e.find("this one gives no platform"), std::string::npos) << e;
  EXPECT_NE(e.find("only the name matches"), std::string::npos) << e;
  // Everything agrees: matched, and said with what matched.
  windows_rac.rac = false;
  const std::string note = confirm_same_database(windows_rac, laptop, "four.html", "the baseline");
  EXPECT_NE(note.find("matched by DB name ORCL, platform Microsoft_Windows_x86_64-bit, single instance"), std::string::npos)
      << note;
  // The override: a name match suffices, and the note says what differs.
  const std::string forced = confirm_same_database(rac_node, laptop, "rac.html", "the baseline", true);
  EXPECT_NE(forced.find("matched by DB name ORCL alone (--assume-same-database)"), std::string::npos) << forced;
  EXPECT_NE(forced.find("platform Linux x86 64-bit is not"), std::string::npos) << forced;
  // Another DB name is refused even with the override.
  auto other = rac_node;
  other.name = "PROD";
  EXPECT_NE(error_of([&] { confirm_same_database(other, laptop, "p.html", "the baseline", true); }).find("another database"),
            std::string::npos);
}

// check's first line states its causes in the unit the comparison of the same two periods uses (one rule,
// states_in_aas): RMGTIBP's storm (165 AAS against 10.9, 19.4 minutes) read "cursor: pin S wait on X +15.8 h" in
// check and "+48.9 AAS" in the pair; now "+48.9 AAS" in both. Small changes stay in seconds or minutes.
TEST(Check, CausesInTheSameUnitAsThePair) {
  using awrdiff::detail::states_in_aas;
  EXPECT_TRUE(states_in_aas(154.2, 1164));  // 49.9 h of DB time: AAS
  EXPECT_TRUE(states_in_aas(-154.2, 1164));
  EXPECT_FALSE(states_in_aas(0.75, 600));  // the samples' +341%: 7.5 min
  EXPECT_FALSE(states_in_aas(100, std::nullopt));
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), awrdiff::default_policy());
  EXPECT_NE(r.comparison.headline.find(" min"), std::string::npos) << r.comparison.headline;
  EXPECT_EQ(r.comparison.headline.find(" AAS,"), std::string::npos) << r.comparison.headline;
}

namespace {

// Two periods give no spread, and their midpoint is neither: an idle and a busy hour as the baseline, a busy hour like
// the busy one is within it; one beyond both is judged against the nearer (issue: "a two-period baseline's centre is
// the midpoint of an idle and a busy hour, and a busy hour fails against it").
TEST(Check, TwoPeriodsJudgeByTheirRangeNotTheirMidpoint) {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html"}) s.push_back(sample_report(n));
  auto b = awrdiff::baseline_from_snapshots(std::move(s));
  ASSERT_EQ(b.periods.size(), 2U);
  const auto cur = sample_report("bad.html");  // 0.970 AAS
  b.periods[0].values["db_time_per_s"] = 0.05;  // an idle hour
  b.periods[1].values["db_time_per_s"] = 1.0;  // a busy one
  const auto like_busy = awrdiff::check(cur, b, awrdiff::default_policy());
  const auto* r = result(like_busy, "db_time_per_s");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->status, CheckStatus::ok) << r->reason << " / " << r->method;  // the midpoint 0.525 would fail it
  EXPECT_EQ(r->method, "between the 2 periods");
  b.periods[1].values["db_time_per_s"] = 0.25;  // both quiet: 0.970 is far beyond the nearer one
  const auto beyond = awrdiff::check(cur, b, awrdiff::default_policy());
  r = result(beyond, "db_time_per_s");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->status, CheckStatus::fail) << r->reason;
  EXPECT_EQ(r->method, "pairwise against the nearer of the 2 periods");
}

}  // namespace
