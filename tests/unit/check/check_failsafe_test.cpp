// `check` fails safe (docs/robustness.md, "Silent passes"): a baseline without DB time per second or known to
// lack rows is trouble unless the policy names its gates; dump values outside their metric's range and periods
// that are none are dropped and said; periods given many times count once; policies that contradict themselves
// are refused, one that can never fail is said, and the policy in force is carried with the check.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace {

using awrdiff::CheckStatus;
using awrdiff::testing::sample_path;
using awrdiff::testing::sample_report;

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const awrdiff::Error& e) { return e.what(); }
  return "";
}

awrdiff::Baseline sample_baseline() {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  return awrdiff::baseline_from_snapshots(std::move(s));
}

bool has(const std::vector<std::string>& lines, std::string_view part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

// An average-min-max baseline of hard parses only (no DB time per second).
awrdiff::Baseline hard_parses_only() {
  awrdiff::Baseline b;
  b.name = "hp.lst";
  b.dbid = sample_report("good.html").database.dbid;
  b.instances = {1};
  awrdiff::BaselineAggregate a;
  a.key = "load_profile.hard_parses";
  a.distribution.mean = 17.4;
  a.distribution.min = 7;
  a.distribution.max = 33;
  a.distribution.count = 10;
  a.distribution.basis = "average-min-max";
  b.aggregates.push_back(a);
  return b;
}

TEST(CheckFailsafe, BaselineWithoutDbTimeIsTroubleUnlessThePolicyNamesItsGates) {
  const auto bad = sample_report("bad.html");
  const auto e = error_of([&] { (void)awrdiff::check(bad, hard_parses_only(), awrdiff::default_policy()); });
  EXPECT_NE(e.find("hp.lst: the baseline gives no DB time per second"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  // The policy gates on hard parses, which both sides give: checked, and the regression fails on them.
  const auto hp = awrdiff::parse_policy("[metric.\"load_profile.hard_parses\"]\nfail_z = 3\n", "hp.toml");
  ASSERT_EQ(hp.gates, std::vector<std::string>{"load_profile.hard_parses"});
  const auto r = awrdiff::check(bad, hard_parses_only(), hp);
  EXPECT_EQ(r.exit_code(), 1) << r.headline;
  EXPECT_TRUE(has(r.warnings, "gated on the policy's metrics (load_profile.hard_parses)"));
  // A gate the baseline does not give: trouble, naming it.
  const auto logons = awrdiff::parse_policy("[metric.\"load_profile.logons\"]\nfail_z = 3\n", "logons.toml");
  const auto e2 = error_of([&] { (void)awrdiff::check(bad, hard_parses_only(), logons); });
  EXPECT_NE(e2.find("the policy's load_profile.logons not given"), std::string::npos) << e2;
  // An absolute fail level needs no baseline centre.
  const auto level = awrdiff::parse_policy("[metric.\"load_profile.logons\"]\nfail_above = 1000\n", "level.toml");
  EXPECT_EQ(awrdiff::check(bad, hard_parses_only(), level).exit_code(), 0);
  // Crossed, it fails, and the first line and the table name the level, not the band the value is within.
  const auto low = awrdiff::parse_policy("[metric.\"load_profile.hard_parses\"]\nfail_above = 0.0001\n", "low.toml");
  const auto crossed = awrdiff::check(bad, hard_parses_only(), low);
  EXPECT_EQ(crossed.exit_code(), 1) << crossed.headline;
  EXPECT_NE(crossed.headline.find("above the policy's fail level"), std::string::npos) << crossed.headline;
  for (const auto& r : crossed.results)
    if (r.key == "load_profile.hard_parses") {
      EXPECT_EQ(r.policy_level, 0.0001);
      EXPECT_TRUE(r.expected.starts_with("<= ")) << r.expected;
    }
  // DB time per second disabled, no gate named: trouble.
  const auto off = awrdiff::parse_policy("[metric.\"db_time_per_s\"]\nenabled = false\n", "off.toml");
  const auto e3 = error_of([&] { (void)awrdiff::check(bad, sample_baseline(), off); });
  EXPECT_NE(e3.find("DB time per second is disabled by the policy"), std::string::npos) << e3;
  // Every metric disabled: trouble naming the policy, not the report ("no metric in common" blamed the report).
  auto none = awrdiff::default_policy();
  for (auto& [key, m] : none.metrics) m.enabled = false;
  none.source = "none.toml";
  const auto e4 = error_of([&] { (void)awrdiff::check(bad, sample_baseline(), none); });
  EXPECT_NE(e4.find("none.toml"), std::string::npos) << e4;
  EXPECT_NE(e4.find("the policy disables every metric"), std::string::npos) << e4;
}

TEST(CheckFailsafe, IncompleteBaselineIsTrouble) {
  auto b = sample_baseline();
  b.incomplete.push_back("x.csv: 5 of the 245 rows the spool says were selected could be read (240 lost)");
  const auto e = error_of([&] { (void)awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy()); });
  EXPECT_NE(e.find("incomplete baseline: x.csv: 5 of the 245 rows"), std::string::npos) << e;
  // Kept by the baseline file, so a saved incomplete baseline stays refused.
  const auto again = awrdiff::baseline_from_json(awrdiff::baseline_json_text(b), "saved.json");
  EXPECT_EQ(again.incomplete, b.incomplete);
  // With the policy's gates given, the check runs and says so.
  const auto hp = awrdiff::parse_policy("[metric.\"db_time_per_s\"]\nfail_z = 3\n", "p.toml");
  const auto r = awrdiff::check(sample_report("bad.html"), b, hp);
  EXPECT_EQ(r.exit_code(), 1);
  EXPECT_TRUE(has(r.warnings, "incomplete baseline"));
}

// The DBA_HIST_SYSMETRIC_SUMMARY sample as a session with a decimal comma spools it with ';' between fields.
std::string semicolon_spool() {
  std::istringstream in(read_text(sample_path("sysmetric_summary.csv")));
  std::string line, out;
  static const std::regex number("^-?[0-9.]+$");
  while (std::getline(in, line)) {
    if (line.rfind("\"DBID\"", 0) == 0) std::replace(line.begin(), line.end(), ',', ';');
    else if (line.rfind("1234567890,", 0) == 0) {
      // Split on commas outside quotes, then write each number with a decimal comma.
      std::vector<std::string> cells(1);
      bool quoted = false;
      for (char c : line) {
        if (c == '"') quoted = !quoted;
        if (c == ',' && !quoted) cells.emplace_back();
        else cells.back() += c;
      }
      line.clear();
      for (auto& c : cells) {
        if (std::regex_match(c, number)) std::replace(c.begin(), c.end(), '.', ',');
        line += (line.empty() ? "" : ";") + c;
      }
    }
    out += line + "\n";
  }
  return out;
}

TEST(CheckFailsafe, DecimalCommaSpoolLosesRowsAndSaysSo) {
  const auto dump = awrdiff::parse_sysmetric_dump(semicolon_spool(), "semicolon.csv");
  ASSERT_TRUE(dump.rows_selected.has_value());
  EXPECT_EQ(*dump.rows_selected, 245u);
  EXPECT_EQ(dump.rows.size(), 5u);
  const auto b = awrdiff::baseline_from_dump(dump);
  ASSERT_EQ(b.incomplete.size(), 1u);
  EXPECT_NE(b.incomplete.front().find("5 of the 245 rows"), std::string::npos) << b.incomplete.front();
  const auto e = error_of([&] { (void)awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy()); });
  EXPECT_NE(e.find("incomplete baseline"), std::string::npos) << e;
  // The sample itself: every row read, complete.
  const auto whole = awrdiff::baseline_from_dump(awrdiff::load_sysmetric_dump(sample_path("sysmetric_summary.csv")));
  EXPECT_TRUE(whole.incomplete.empty());
}

TEST(CheckFailsafe, HalfASelectBaselineMetricSpoolIsTrouble) {
  const auto text = read_text(sample_path("baseline_metric_select.lst"));
  const auto b = awrdiff::baseline_from_dump(awrdiff::parse_sysmetric_dump(text.substr(0, text.size() / 2), "half.lst"));
  EXPECT_FALSE(b.incomplete.empty());  // cut inside a row, no "49 rows selected." line
  const auto e = error_of([&] { (void)awrdiff::check(sample_report("bad.html"), b, awrdiff::default_policy()); });
  EXPECT_NE(e.find("half.lst"), std::string::npos) << e;
  // The whole spool gates: the regression fails.
  const auto whole = awrdiff::baseline_from_dump(awrdiff::load_sysmetric_dump(sample_path("baseline_metric_select.lst")));
  EXPECT_TRUE(whole.incomplete.empty());
  EXPECT_EQ(awrdiff::check(sample_report("bad.html"), whole, awrdiff::default_policy()).exit_code(), 1);
}

// The sysmetric_summary sample with the AVERAGE of its first (or every) row of `metric` replaced by `value`.
std::string edit_rows(const std::string& metric, const std::string& value, bool every,
                      const std::string& text = read_text(sample_path("sysmetric_summary.csv"))) {
  std::istringstream in(text);
  std::string line, out;
  bool done = false;
  while (std::getline(in, line)) {
    const auto at = line.find("\"" + metric + "\"");
    if (at != std::string::npos && (every || !done)) {
      // METRIC_NAME, METRIC_UNIT, NUM_INTERVAL, INTSIZE, AVERAGE: the comma before AVERAGE is the fourth after `at`.
      std::size_t p = at;
      for (int k = 0; k < 4; ++k) p = line.find(',', p + 1);
      const auto end = line.find(',', p + 1);
      line = line.substr(0, p + 1) + value + line.substr(end);
      done = true;
    }
    out += line + "\n";
  }
  return out;
}

TEST(CheckFailsafe, DumpValuesOutOfRangeAreDroppedPerRow) {
  const auto bad = sample_report("bad.html");
  // A DB time per second of 1e27 centiseconds per second (and 1e27 Average Active Sessions, its second twin) in one
  // period: dropped, said, the other periods still gate.
  const auto one = edit_rows("Average Active Sessions", "1e27", false, edit_rows("Database Time Per Sec", "1e27", false));
  const auto b = awrdiff::baseline_from_dump(awrdiff::parse_sysmetric_dump(one, "huge.csv"));
  EXPECT_TRUE(has(b.skipped_rows,
                  "Database Time Per Sec row dropped: average 1e+25 AAS is outside the range of DB time per "
                  "second (0 to 1e+06 AAS)"));
  EXPECT_TRUE(has(b.notes, "2 of them for a value out of range"));
  EXPECT_TRUE(b.incomplete.empty());  // rows read and dropped for their values are named, not lost
  const auto r = awrdiff::check(bad, b, awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 1) << r.headline;
  EXPECT_EQ(r.baseline_periods, 4u);
  // In every period: no DB time per second left, trouble (was "improved", exit 0).
  const auto every = edit_rows("Average Active Sessions", "1e27", true, edit_rows("Database Time Per Sec", "1e27", true));
  const auto all = awrdiff::baseline_from_dump(awrdiff::parse_sysmetric_dump(every, "allhuge.csv"));
  EXPECT_THROW((void)awrdiff::check(bad, all, awrdiff::default_policy()), awrdiff::Error);
  // A negative rate: dropped when read, so the saved baseline reads back (it used to be refused on every run).
  const auto neg =
      awrdiff::baseline_from_dump(awrdiff::parse_sysmetric_dump(edit_rows("Executions Per Sec", "-85.4", false), "negative.csv"));
  EXPECT_TRUE(has(neg.skipped_rows, "Executions Per Sec row dropped: average -85.4 /s is outside the range"));
  const auto saved = awrdiff::baseline_from_json(awrdiff::baseline_json_text(neg), "negative.json");
  EXPECT_EQ(awrdiff::check(bad, saved, awrdiff::default_policy()).exit_code(), 1);
  // A baseline file holding such a value is refused, naming it.
  auto huge = sample_baseline();
  huge.periods.front().values["db_time_per_s"] = 1e27;
  const auto e = error_of([&] { (void)awrdiff::baseline_from_json(awrdiff::baseline_json_text(huge), "huge.json"); });
  EXPECT_NE(e.find("values.db_time_per_s is 1e+27 AAS is outside the range"), std::string::npos) << e;
}

TEST(CheckFailsafe, MetricRanges) {
  EXPECT_EQ(awrdiff::metric_range(*awrdiff::find_metric("db_time_per_s")).high, 1e6);
  EXPECT_EQ(awrdiff::metric_range(*awrdiff::find_metric("host_cpu_busy_pct")).high, 1000);
  EXPECT_EQ(awrdiff::metric_range(*awrdiff::find_metric("load_profile.redo_size")).high, 1e15);
  for (const auto& m : awrdiff::all_metrics()) EXPECT_EQ(awrdiff::metric_range(m).low, 0) << m.key;
}

TEST(CheckFailsafe, BaselineShowNeverPrintsMinusZero) {
  awrdiff::Baseline b = hard_parses_only();
  b.aggregates.front().distribution.max = 1e19;  // past 2^63
  const auto text = awrdiff::baseline_summary_text(b, false);
  EXPECT_EQ(text.find(" -0"), std::string::npos) << text;
  EXPECT_NE(text.find("1e+19"), std::string::npos) << text;
}

TEST(CheckFailsafe, PeriodsThatAreNoneAreLeftOutAndSaid) {
  auto b = sample_baseline();
  ASSERT_EQ(b.periods.size(), 5u);
  b.periods[0].elapsed_s = 0;
  b.periods[1].begin_time = "garbage";
  std::swap(b.periods[2].begin_time, b.periods[2].end_time);
  const auto read = awrdiff::baseline_from_json(awrdiff::baseline_json_text(b), "times.json");
  EXPECT_EQ(read.periods.size(), 2u);
  EXPECT_TRUE(has(read.notes, "periods[0]"));
  EXPECT_TRUE(has(read.notes, "its length is 0 s: left out of the baseline"));
  EXPECT_TRUE(has(read.notes, "its begin time 'garbage' is not a time"));
  EXPECT_TRUE(has(read.notes, "after it ends"));
  // Reports of such periods: left out of a baseline built from them, said.
  std::vector<awrdiff::Snapshot> s{sample_report("good.html"), sample_report("good_1.html")};
  s[0].interval.begin_time = "garbage";
  const auto from_reports = awrdiff::baseline_from_snapshots(std::move(s));
  EXPECT_TRUE(has(from_reports.notes, "is not a time: left out of the baseline"));
}

TEST(CheckFailsafe, PeriodsRepeatedCountOnce) {
  auto b = sample_baseline();
  const auto five = b.periods;
  for (int i = 1; i < 200; ++i) b.periods.insert(b.periods.end(), five.begin(), five.end());
  ASSERT_EQ(b.periods.size(), 1000u);
  const auto read = awrdiff::baseline_from_json(awrdiff::baseline_json_text(b), "repeated.json");
  EXPECT_EQ(read.periods.size(), 5u);
  EXPECT_TRUE(has(read.notes, "995 duplicate periods dropped"));
  EXPECT_EQ(awrdiff::check(sample_report("bad.html"), read, awrdiff::default_policy()).baseline_periods, 5u);
}

TEST(CheckFailsafe, ContradictoryPolicyLevelsAreRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[metric.\"db_time_per_s\"]\nfail_below = 100\nfail_above = 1\n",
       "metric 'db_time_per_s': fail_below = 100 is not below fail_above = 1: contradictory levels"},
      {"[metric.\"db_time_per_s\"]\nwarn_below = 5\nwarn_above = 5\n", "warn_below = 5 is not below warn_above = 5"},
      {"[metric.\"host_cpu_busy_pct\"]\nwarn_above = 95\nfail_above = 90\n", "warn_above = 95 is above fail_above = 90"},
      {"[metric.\"logical_reads_per_cpu_ms\"]\nwarn_below = 10\nfail_below = 20\n", "warn_below = 10 is below fail_below = 20"},
  };
  for (const auto& [text, want] : cases) {
    const auto e = error_of([&] { (void)awrdiff::parse_policy(text, "levels.toml"); });
    EXPECT_NE(e.find(want), std::string::npos) << text << " -> " << e;
    EXPECT_NE(e.find("levels.toml: line 1"), std::string::npos) << e;
  }
  // Levels in order are taken.
  const auto p =
      awrdiff::parse_policy("[metric.\"host_cpu_busy_pct\"]\nwarn_above = 90\nfail_above = 95\nwarn_below = 1\n", "ok.toml");
  EXPECT_EQ(p.metrics.at("host_cpu_busy_pct").fail_above, 95);
}

TEST(CheckFailsafe, APolicyThatCanNeverFailIsSaidAndThePolicyIsCarried) {
  EXPECT_EQ(awrdiff::policy_cannot_fail(awrdiff::default_policy()), "");
  std::string all_pass;
  for (const char* k : {"db_time_per_s", "db_time_per_exec_ms", "db_time_per_txn_s", "db_time_per_call_ms"})
    all_pass += std::string("[metric.\"") + k + "\"]\nwarn_z = 1000\nfail_z = 1000\nabs_floor = 1e15\n";
  const auto p = awrdiff::parse_policy(all_pass, "allpass.toml");
  EXPECT_NE(awrdiff::policy_cannot_fail(p), "");
  const auto r = awrdiff::check(sample_report("bad.html"), sample_baseline(), p);
  EXPECT_EQ(r.exit_code(), 0);
  EXPECT_TRUE(has(r.warnings, "the policy allpass.toml can never fail the check"));
  EXPECT_EQ(r.policy.key, "check_policy");
  EXPECT_EQ(r.policy.title, "Policy in force: allpass.toml");
  EXPECT_EQ(r.policy.rows.size(), p.metrics.size());
  EXPECT_TRUE(has(r.policy.notes, "no metric can fail"));
  // Every metric disabled can never fail either; one fail level within range can.
  EXPECT_NE(awrdiff::policy_cannot_fail(
                awrdiff::parse_policy(all_pass + "[metric.\"host_cpu_busy_pct\"]\nfail_above = 1000\n", "p.toml")),
            "");
  EXPECT_EQ(awrdiff::policy_cannot_fail(
                awrdiff::parse_policy(all_pass + "[metric.\"host_cpu_busy_pct\"]\nfail_above = 95\n", "p.toml")),
            "");
}

// A policy that passes everything (floors past any value, a new user's trial): a metric with no limit shows no band
// edge ("no limit", never 1,000,000,000,000,012), the first line says the policy can never fail (what --nagios
// shows), and the other metrics are judged as under the defaults (DB CPU per second stays a warn: DB time
// per second with no limit is no "DB time not worse").
TEST(CheckFailsafe, APolicyThatPassesEverythingShowsNoLimitAndSaysSoOnTheFirstLine) {
  std::string all_pass;
  for (const char* k : {"db_time_per_s", "db_time_per_exec_ms", "db_time_per_txn_s", "db_time_per_call_ms"})
    all_pass += std::string("[metric.\"") + k + "\"]\nwarn_z = 1000\nfail_z = 1000\nabs_floor = 1e15\n";
  const auto p = awrdiff::parse_policy(all_pass, "allpass.toml");
  const auto ok = awrdiff::check(sample_report("improved.html"), sample_baseline(), p);
  EXPECT_EQ(ok.status, CheckStatus::ok);
  EXPECT_EQ(ok.headline.rfind("OK, within the baseline: DB time per second ", 0), 0u) << ok.headline;
  EXPECT_NE(ok.headline.find(", no limit, "), std::string::npos) << ok.headline;
  EXPECT_NE(ok.headline.find("; the policy allpass.toml can never fail the check"), std::string::npos) << ok.headline;
  EXPECT_EQ(ok.headline.find("1,000,000"), std::string::npos) << ok.headline;
  EXPECT_EQ(ok.headline.find(" z "), std::string::npos) << ok.headline;
  EXPECT_TRUE(has(ok.warnings, "the policy allpass.toml can never fail the check: "));
  for (const auto& r : ok.results) {
    const bool masters = r.key == "db_time_per_s" || r.key == "db_time_per_exec_ms" || r.key == "db_time_per_txn_s" ||
                         r.key == "db_time_per_call_ms";
    EXPECT_EQ(r.no_limit, masters) << r.key;
    if (!masters) continue;
    EXPECT_EQ(r.status, CheckStatus::ok) << r.key;
    EXPECT_FALSE(r.band_low || r.band_high || r.z || r.fail_level) << r.key;
    EXPECT_EQ(r.expected, "no limit");
  }
  // The check table: no band edge, no operator.
  const auto& t = ok.comparison.tables.front();
  ASSERT_EQ(t.key, "check");
  for (const auto& row : t.rows) {
    if (std::get<std::string>(row.cells[1]) != "db_time_per_s") continue;
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      if (t.columns[i].key == "band_low" || t.columns[i].key == "band_high" || t.columns[i].key == "expected") {
        EXPECT_TRUE(std::holds_alternative<std::monostate>(row.cells[i])) << t.columns[i].key;
      } else if (t.columns[i].key == "operator") {
        EXPECT_EQ(std::get<std::string>(row.cells[i]), "-");
      }
    }
  }
  // bad.html: warns on what the defaults warn on besides the masters, not "changed".
  const auto bad = sample_report("bad.html");
  const auto under_defaults = awrdiff::check(bad, sample_baseline(), awrdiff::default_policy());
  const auto under_all_pass = awrdiff::check(bad, sample_baseline(), p);
  EXPECT_EQ(under_all_pass.exit_code(), 0);
  EXPECT_EQ(under_all_pass.status, CheckStatus::warn);
  for (const char* k : {"db_cpu_per_s", "aas_per_cpu"}) {
    const auto find = [&](const awrdiff::CheckReport& r) {
      return std::find_if(r.results.begin(), r.results.end(), [&](const auto& x) { return x.key == k; })->status;
    };
    EXPECT_EQ(find(under_defaults), CheckStatus::warn) << k;
    EXPECT_EQ(find(under_all_pass), CheckStatus::warn) << k;
  }
  // A normal policy: no metric without a limit, nothing more on the first line.
  for (const auto& r : under_defaults.results) EXPECT_FALSE(r.no_limit) << r.key;
  EXPECT_EQ(under_defaults.headline.find("can never fail"), std::string::npos);
}

}  // namespace

// Non-ASCII characters toml++ 3 asks about as whitespace reached its TOML_UNREACHABLE (undefined behaviour; the
// policy fuzzer's finding): in a comment they are a comment, elsewhere a one-line refusal naming the line.
TEST(CheckFailsafe, PolicyWithNonAsciiCharactersIsReadSafely) {
  const auto p = awrdiff::parse_policy(
      "# \xe3\x81\x82 \xc4\xa4 \xef\xbb\xb7\n[metric.\"db_time_per_s\"]\nwarn_z = 3 # \xc3\xa9\n", "p.toml");
  EXPECT_DOUBLE_EQ(p.metrics.at("db_time_per_s").warn_z, 3);
  for (const char* bad : {"\xc4\xa4[m", "\xef\xbb\xb7", "x\xc3\xa9 = 1\n", "[metric.\"db_time_per_s\"\xd0\x9f]\n"}) {
    try {
      (void)awrdiff::parse_policy(bad, "p.toml");
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const awrdiff::Error& e) {
      EXPECT_NE(std::string(e.what()).find("p.toml: line 1: "), std::string::npos) << e.what();
    }
  }
}
