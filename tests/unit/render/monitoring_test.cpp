// The check where monitoring looks (monitoring.hpp): the exposition text follows the Prometheus / OpenMetrics
// grammar line by line, and the Nagios line follows the plugin convention, on the samples' check.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/monitoring.hpp>

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::testing::sample_report;

awrdiff::CheckReport sample_check(const char* current) {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  return awrdiff::check(sample_report(current), awrdiff::baseline_from_snapshots(std::move(s)), awrdiff::default_policy());
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

// A sample line of the exposition format: name{label="value",...} number.
const std::regex k_sample(
    R"re(([a-zA-Z_:][a-zA-Z0-9_:]*)\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\} (-?[0-9.eE+-]+))re");

TEST(Monitoring, OpenMetricsFollowsTheExpositionGrammar) {
  const auto r = sample_check("bad.html");
  std::ostringstream out;
  awrdiff::render_openmetrics(r, out);
  const auto lines = lines_of(out.str());
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "# EOF");
  std::set<std::string> typed;
  std::map<std::string, int> samples;
  std::string last_family;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const auto& l = lines[i];
    if (l.starts_with("# HELP ")) continue;
    if (l.starts_with("# TYPE ")) {
      const auto name = l.substr(7, l.find(' ', 7) - 7);
      EXPECT_TRUE(typed.insert(name).second) << "family typed twice: " << name;
      EXPECT_TRUE(l.ends_with(" gauge")) << l;
      last_family = name;
      continue;
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_match(l, m, k_sample)) << "line " << i + 1 << ": " << l;
    EXPECT_EQ(m[1].str(), last_family) << "a sample outside its family: " << l;
    EXPECT_NE(m[2].str().find("database=\"ORCL19\""), std::string::npos) << l;
    ++samples[m[1].str()];
  }
  EXPECT_EQ(samples["awrdiff_check_status"], 1);
  EXPECT_NE(out.str().find("awrdiff_check_status{database=\"ORCL19\",instance=\"orcl19\"} 2\n"), std::string::npos) << out.str();
  EXPECT_GT(samples["awrdiff_metric_value"], 20);
  EXPECT_EQ(samples["awrdiff_metric_status"], static_cast<int>(r.results.size()));
  EXPECT_NE(
      out.str().find("awrdiff_metric_status{database=\"ORCL19\",instance=\"orcl19\",metric=\"db_time_per_s\",status=\"fail\"} 2"),
      std::string::npos);
}

TEST(Monitoring, TroubleReplacesTheOutcomeAndKeepsTheLabels) {
  // The previous run's labels read back (escapes undone), then a trouble exposition with them: up 0, the reason
  // on one line and cut to 120 bytes (never inside an escape or a UTF-8 character), no outcome, no value.
  std::ostringstream previous;
  auto r = sample_check("good_1.html");
  r.comparison.period_info.back().database = "A\"B\\C";
  awrdiff::render_openmetrics(r, previous);
  const auto labels = awrdiff::openmetrics_labels(previous.str());
  ASSERT_TRUE(labels.has_value());
  EXPECT_EQ(labels->database, "A\"B\\C");
  EXPECT_EQ(labels->instance, "orcl19");
  EXPECT_FALSE(awrdiff::openmetrics_labels("<html>not an exposition</html>").has_value());
  EXPECT_FALSE(awrdiff::openmetrics_labels("").has_value());

  std::string reason(117, 'x');
  reason += "\\\\é\nmore";  // the cut falls in the escapes of the two backslashes
  std::ostringstream out;
  awrdiff::render_openmetrics_trouble(reason, labels->database, labels->instance, out);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 7U) << out.str();
  EXPECT_EQ(lines[2], R"(awrdiff_check_up{database="A\"B\\C",instance="orcl19"} 0)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(lines[5], m, k_sample)) << lines[5];
  EXPECT_EQ(m[1].str(), "awrdiff_check_trouble");
  EXPECT_EQ(m[3].str(), "1");
  const auto at = lines[5].find("reason=\"");
  const auto value = lines[5].substr(at + 8, lines[5].rfind("\"}") - at - 8);
  EXPECT_LE(value.size(), 120U);
  EXPECT_EQ(value, std::string(117, 'x') + "\\\\") << value;
  EXPECT_EQ(lines.back(), "# EOF");
  for (const auto& l : lines)  // no outcome: only its name in the HELP text
    if (!l.starts_with("#")) EXPECT_FALSE(l.starts_with("awrdiff_check_status")) << l;
  // The same HELP text as a check that was done (a collector refuses one metric with two).
  EXPECT_EQ(lines[0], previous.str().substr(0, previous.str().find('\n')));
}

TEST(Monitoring, LabelValuesAreEscaped) {
  auto r = sample_check("good_1.html");
  ASSERT_FALSE(r.comparison.period_info.empty());
  r.comparison.period_info.back().database = "A\"B\\C\nD\x1b]0;title\x07";
  std::ostringstream out;
  awrdiff::render_openmetrics(r, out);
  EXPECT_NE(out.str().find(R"(database="A\"B\\C\nD ]0;title ")"), std::string::npos) << out.str().substr(0, 400);
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos);
}

TEST(Monitoring, NagiosLineFollowsThePluginConvention) {
  const auto bad = awrdiff::nagios_result(sample_check("bad.html"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(bad.line.starts_with("AWRDIFF CRITICAL - FAIL, regression against the baseline")) << bad.line;
  EXPECT_EQ(bad.line.find('\n'), std::string::npos);
  const auto bar = bad.line.find(" | ");
  ASSERT_NE(bar, std::string::npos);
  EXPECT_EQ(bad.line.find('|', bar + 2), std::string::npos) << "one '|' only";
  // 'label'=value[UOM];[warn];[crit];[min];[max], space-separated.
  const std::regex perf(R"re('(?:[^']|'')+'=-?[0-9.e+-]+(?:s|ms|us|%)?;[0-9.e+:-]*;[0-9.e+:-]*;;)re");
  std::istringstream data(bad.line.substr(bar + 3));
  int n = 0;
  bool db_time = false;
  for (std::string item; data >> item; ++n) {
    EXPECT_TRUE(std::regex_match(item, perf)) << item;
    // A value in milliseconds carries the UOM ms, one in seconds s: the label's unit and the UOM agree.
    const auto eq = item.find("'=");
    const auto uom_at = item.find_first_not_of("0123456789.e+-", eq + 2);
    const std::string label = item.substr(1, eq - 1), uom = item.substr(uom_at, item.find(';') - uom_at);
    if (label == "db_time_per_exec_ms" || label == "db_time_per_call_ms") EXPECT_EQ(uom, "ms") << item;
    if (label.ends_with("_ms") && !uom.empty()) EXPECT_EQ(uom, "ms") << item;
    if (uom == "ms") EXPECT_TRUE(label.ends_with("_ms")) << item;
    if (item.starts_with("'db_time_per_s'=")) {
      db_time = true;
      // Higher is worse: warn is the band's top, crit the level from which it fails; crit above warn.
      const auto f = item.find(';');
      const auto g = item.find(';', f + 1);
      const double warn = std::stod(item.substr(f + 1, g - f - 1));
      const double crit = std::stod(item.substr(g + 1));
      EXPECT_GT(crit, warn) << item;
    }
  }
  EXPECT_TRUE(db_time) << bad.line;
  EXPECT_GE(n, 4);  // the master metrics at least

  const auto good = awrdiff::nagios_result(sample_check("good_1.html"));
  EXPECT_EQ(good.exit_code, 0) << good.line;
  EXPECT_TRUE(good.line.starts_with("AWRDIFF OK - OK")) << good.line;

  const auto unknown = awrdiff::nagios_unknown("x.html: not a report | or anything");
  EXPECT_EQ(unknown.exit_code, 3);
  EXPECT_EQ(unknown.line, "AWRDIFF UNKNOWN - x.html: not a report / or anything");
}

TEST(Monitoring, FailLevelIsPastTheBandForMasters) {
  const auto r = sample_check("good_1.html");
  for (const auto& c : r.results) {
    if (c.key != "db_time_per_s") continue;
    ASSERT_TRUE(c.fail_level && c.band_high) << c.key;
    EXPECT_GE(*c.fail_level, *c.band_high);
    EXPECT_GE(*c.fail_level, *c.baseline.median * 1.5 - 1e-9);  // fail_rel_pct 50 by default
  }
}

}  // namespace
