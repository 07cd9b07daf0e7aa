// Findings and verdicts on the sample reports: what the issue says they must show, and the mirror
// invariant diff(A, B) = mirror of diff(B, A).
#include "tests/support/mirror.hpp"

#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

namespace {

const awrdiff::Snapshot& report(const std::string& name) { return awrdiff::testing::sample_report(name); }

const awrdiff::Finding* finding(const awrdiff::Comparison& c, std::string_view rule) {
  for (const auto& f : c.findings)
    if (f.rule == rule) return &f;
  return nullptr;
}

class SampleFindings : public ::testing::TestWithParam<const char*> {
protected:
  std::string ext() const { return GetParam(); }
};

TEST_P(SampleFindings, GoodToBadNamesCpuHardParsingAndTheSql) {
  const auto c = awrdiff::compare(report("good" + ext()), report("bad" + ext()));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::regressed);
  EXPECT_NE(c.headline.find("DB CPU"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("hard parsing"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("81uvdbt46vt5p"), std::string::npos) << c.headline;
  ASSERT_NE(finding(c, "cpu_shift"), nullptr);
  EXPECT_EQ(finding(c, "cpu_shift")->direction, awrdiff::ChangeKind::worse);
  ASSERT_NE(finding(c, "hard_parse"), nullptr);
  EXPECT_EQ(finding(c, "hard_parse")->direction, awrdiff::ChangeKind::worse);
  ASSERT_NE(finding(c, "sql_regression"), nullptr);
  EXPECT_NE(finding(c, "sql_regression")->title.find("81uvdbt46vt5p"), std::string::npos);
}

TEST_P(SampleFindings, BadToImprovedPairsTheStatementAcrossSqlIds) {
  const auto c = awrdiff::compare(report("bad" + ext()), report("improved" + ext()));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::improved);
  const auto* f = finding(c, "sql_changed");
  ASSERT_NE(f, nullptr) << c.headline;
  EXPECT_NE(f->title.find("81uvdbt46vt5p runs as 28ja91pnth38j"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("literals became binds"), std::string::npos) << f->title;
  EXPECT_NE(c.headline.find("81uvdbt46vt5p -> 28ja91pnth38j"), std::string::npos) << c.headline;
  // Confidence: complete texts on both sides (HTML) are a high-confidence match; text reports cut SQL.
  if (ext() == ".html") EXPECT_NE(f->title.find("confidence high"), std::string::npos);
  else EXPECT_NE(f->title.find("confidence medium"), std::string::npos);
  // The literal SELECTs of the bad period and the one bind SELECT of the improved period are one shape.
  const auto* lit = finding(c, "literal_sql");
  ASSERT_NE(lit, nullptr);
  EXPECT_EQ(lit->direction, awrdiff::ChangeKind::better);
}

TEST_P(SampleFindings, CommitSpikeNamesCommitLatencyNotTheDisk) {
  const auto c = awrdiff::compare(report("commit_normal" + ext()), report("commit_spike" + ext()));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::regressed);
  EXPECT_NE(c.headline.find("log file sync"), std::string::npos) << c.headline;
  ASSERT_FALSE(c.findings.empty());
  const auto& f = c.findings.front();
  EXPECT_EQ(f.rule, "commit_latency");
  EXPECT_NE(f.title.find("3 -> 247 ms average"), std::string::npos) << f.title;  // ms by magnitude
  bool not_disk = false;
  for (const auto& e : f.evidence) not_disk = not_disk || e.find("outside the disk write") != std::string::npos;
  EXPECT_TRUE(not_disk);
  EXPECT_NE(finding(c, "cpu_queue"), nullptr);
  EXPECT_NE(finding(c, "concurrency"), nullptr);
}

// A contention finding is titled by the kinds of contention it names; the reports' ADDM findings go
// beside the finding about the same events, once each.
TEST_P(SampleFindings, ContentionTitledByKindAndAddmBesideTheRightFinding) {
  auto base = report("commit_normal" + ext());
  auto target = report("commit_spike" + ext());
  auto addm = [](awrdiff::Snapshot& s, double latches, double user_io) {
    s.addm_findings = {{"Shared Pool Latches", 10.0, latches, "ADDM:1"},
                       {"\"User I/O\" wait Class", 10.0, user_io, "ADDM:1"},
                       {"Commits and Rollbacks", 10.0, 50.0, "ADDM:1"}};
  };
  addm(base, 5, 10);
  addm(target, 20, 40);
  const auto c = awrdiff::compare(base, target);
  const auto* con = finding(c, "concurrency");
  ASSERT_NE(con, nullptr);
  EXPECT_TRUE(con->title.starts_with("Index block, buffer busy and other contention rose: enq: TX - index contention"))
      << con->title;
  std::map<std::string, std::vector<std::string>> addm_of;  // rule -> its ADDM lines
  int latches = 0, user_io = 0, commits = 0;
  for (const auto& f : c.findings)
    for (const auto& e : f.evidence) {
      if (e.find("ADDM") == std::string::npos) continue;
      addm_of[f.rule].push_back(e);
      latches += e.find("Shared Pool Latches") != std::string::npos;
      user_io += e.find("User I/O") != std::string::npos;
      commits += e.find("Commits and Rollbacks") != std::string::npos;
    }
  EXPECT_EQ(latches, 1);  // once, beside the contention finding (library cache: mutex X)
  EXPECT_EQ(user_io, 1);  // once, beside the User I/O latency finding
  EXPECT_EQ(commits, 1);
  ASSERT_EQ(addm_of["concurrency"].size(), 1U);
  EXPECT_EQ(addm_of["concurrency"][0],
            "the reports' ADDM: \"Shared Pool Latches\" 0.50 -> 2.00 average active sessions: corroborates");
  ASSERT_EQ(addm_of["io_latency"].size(), 1U);
  EXPECT_NE(addm_of["io_latency"][0].find("\"User I/O\" wait Class 1.00 -> 4.00"), std::string::npos);
  // One report's ADDM finding only: said as such, never "not given".
  target.addm_findings.pop_back();
  const auto c2 = awrdiff::compare(base, target);
  ASSERT_NE(finding(c2, "commit_latency"), nullptr);
  bool one_sided = false;
  for (const auto& e : finding(c2, "commit_latency")->evidence)
    one_sided = one_sided || e == "the base's ADDM: \"Commits and Rollbacks\" 5.00 average active sessions; not among the "
                                  "target's ADDM findings";
  EXPECT_TRUE(one_sided);
}

TEST_P(SampleFindings, LogWriterChangeImprovesCommitLatency) {
  const auto c = awrdiff::compare(report("lgwr_before" + ext()), report("lgwr_after" + ext()));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::improved);
  ASSERT_FALSE(c.findings.empty());
  EXPECT_EQ(c.findings.front().rule, "commit_latency");
  EXPECT_EQ(c.findings.front().direction, awrdiff::ChangeKind::better);
  EXPECT_NE(c.findings.front().title.find("5.68 -> 1.15 ms"), std::string::npos) << c.findings.front().title;
  EXPECT_EQ(finding(c, "concurrency"), nullptr);  // buffer busy waits are left over, unchanged
  const auto* p = finding(c, "parameter_change");
  ASSERT_NE(p, nullptr);
  EXPECT_NE(p->title.find("_use_single_log_writer"), std::string::npos) << p->title;
}

TEST_P(SampleFindings, SelfComparisonIsUnchangedWithoutFindings) {
  for (const char* n : {"good", "bad", "improved", "commit_spike"}) {
    auto copy = report(n + ext());
    copy.source += ".copy";
    const auto c = awrdiff::compare(report(n + ext()), copy);
    EXPECT_EQ(c.verdict, awrdiff::Verdict::unchanged) << n;
    EXPECT_TRUE(c.findings.empty()) << n << ": " << (c.findings.empty() ? "" : c.findings.front().title);
  }
}

TEST_P(SampleFindings, EveryPairMirrors) {
  const char* names[] = {"good", "bad", "improved", "commit_normal", "commit_spike", "lgwr_before", "lgwr_after"};
  for (const char* a : names)
    for (const char* b : names) {
      if (std::string(a) == b) continue;
      SCOPED_TRACE(std::string(a) + " vs " + b);
      awrdiff::testing::expect_mirror(awrdiff::compare(report(a + ext()), report(b + ext())),
                                      awrdiff::compare(report(b + ext()), report(a + ext())));
    }
}

// A finding's metrics are the registry's values: sets and check read the same key through
// metric_value and must see the numbers the finding shows. Keys the registry does not know (shares,
// literal SQL counts, host sizes) are the finding's own.
TEST_P(SampleFindings, FindingMetricsAreTheRegistrysValues) {
  const char* names[] = {"good", "bad", "improved", "commit_normal", "commit_spike", "lgwr_before", "lgwr_after"};
  int checked = 0;
  for (const char* a : names)
    for (const char* b : names) {
      if (std::string(a) == b) continue;
      SCOPED_TRACE(std::string(a) + " vs " + b);
      const auto& base = report(a + ext());
      const auto& target = report(b + ext());
      for (const auto& f : awrdiff::compare(base, target).findings)
        for (const auto& m : f.metrics) {
          const auto* spec = awrdiff::find_metric(m.key);
          if (spec == nullptr || (spec->family && m.key.find(':') == std::string::npos)) continue;
          EXPECT_EQ(m.base, awrdiff::metric_value(base, m.key)) << f.rule << " " << m.key;
          EXPECT_EQ(m.target, awrdiff::metric_value(target, m.key)) << f.rule << " " << m.key;
          ++checked;
        }
    }
  EXPECT_GT(checked, 20);
}

TEST(Findings, PlanChangeIsNamed) {
  auto base = report("good.html");
  auto target = report("good.html");
  target.source += ".copy";
  auto find = [](awrdiff::Snapshot& s) -> awrdiff::SqlStat& {
    for (auto& q : s.sql)
      if (q.sql_id == "2a8b0nmu156fp") return q;
    throw std::runtime_error("sample statement missing");
  };
  find(base).plan_hash_value = 1111;
  find(target).plan_hash_value = 2222;
  *find(target).elapsed_s *= 3;  // same executions, three times the time: the new plan is slower
  const auto c = awrdiff::compare(base, target);
  const auto* f = finding(c, "plan_change");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->direction, awrdiff::ChangeKind::worse);
  EXPECT_NE(f->title.find("1111 -> 2222"), std::string::npos) << f->title;
}

INSTANTIATE_TEST_SUITE_P(Formats, SampleFindings, ::testing::Values(".html", ".txt"),
                         [](const auto& p) { return std::string(p.param + 1); });

}  // namespace

namespace {
// A period of the sample with one IOStat by Filetype row and, when `large_per_s` is given, Instance Activity's
// multiblock read requests.
awrdiff::Snapshot with_filetype(double large_ms, std::optional<double> large_per_s) {
  awrdiff::Snapshot s = report("good.html");
  awrdiff::IoStatRow r;
  r.name = r.raw_name = "Data File";
  r.reads_requests_per_s = 855.1;  // reads of every size
  r.small_read_ms = 1.0;
  r.large_read_ms = large_ms;
  s.iostat_filetype = {r};
  const std::string name = "physical read total multi block requests";
  std::erase_if(s.activity, [&](const awrdiff::ActivityStat& a) { return a.name == name; });
  if (large_per_s) {
    awrdiff::ActivityStat a;
    a.name = a.raw_name = name;
    a.total = *large_per_s * s.interval.elapsed_s.value_or(0);
    a.per_second = large_per_s;
    s.activity.push_back(a);
  }
  return s;
}
}  // namespace

// IOStat by Filetype's Reqs per sec counts reads of every size: RMGTIBP's "Data File large reads ... at 855.1 read
// requests/s" was every Data File read (large reads were about 17/s). Large reads are counted by Instance Activity's
// multiblock read requests where the report gives them, else the rate is said to be of all sizes.
TEST(FindingsIoByFiletype, LargeReadsAreNotEveryRead) {
  auto c = awrdiff::compare(with_filetype(16.1, 17.0), with_filetype(4.2, 20.0));
  const auto* f = finding(c, "io_latency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("Data File large reads 16.1 -> 4.2 ms"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("17.0 -> 20.0 large read requests/s"), std::string::npos) << f->title;
  EXPECT_EQ(f->title.find("855.1"), std::string::npos) << f->title;
  c = awrdiff::compare(with_filetype(16.1, std::nullopt), with_filetype(4.2, std::nullopt));
  f = finding(c, "io_latency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("855.1 -> 855.1 Data File read requests/s of all sizes"), std::string::npos) << f->title;
}

// Two averages two or more magnitudes apart each keep their own decimals: 157 -> 0.78 ms read "157 -> 1 ms" in the
// larger one's precision.
TEST(FindingsIoByFiletype, AveragesFarApartEachInTheirOwnPrecision) {
  auto b = with_filetype(16.1, 17.0), t = with_filetype(16.1, 17.0);
  b.iostat_filetype[0].small_read_ms = 157;
  t.iostat_filetype[0].small_read_ms = 0.78;
  const auto c = awrdiff::compare(b, t);
  const auto* f = finding(c, "io_latency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("Data File small reads 157 -> 0.78 ms"), std::string::npos) << f->title;
  b.iostat_filetype[0].small_read_ms = 12.3;  // one magnitude apart: one precision, as before
  t.iostat_filetype[0].small_read_ms = 4.6;
  const auto c2 = awrdiff::compare(b, t);
  f = finding(c2, "io_latency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("Data File small reads 12.3 -> 4.6 ms"), std::string::npos) << f->title;
}

// A file type's large-read service time needs as many large reads as a file type needs reads (k_filetype_min_reads,
// 10 per second on both sides): apress 1 -> 2 read "Data File large reads 20.2 -> 10.5 ms ... at 0.0 -> 0.0 large read
// requests/s", five multiblock reads in an hour, a finding on no volume. The small reads of the same file type still
// count.
TEST(FindingsIoByFiletype, LargeReadsNeedTheirOwnVolume) {
  auto b = with_filetype(20.2, 0.0014), t = with_filetype(10.5, 0.0028);
  auto c = awrdiff::compare(b, t);
  for (const auto& f : c.findings) EXPECT_EQ(f.title.find("large reads"), std::string::npos) << f.title;
  b.iostat_filetype[0].small_read_ms = 8.3;
  t.iostat_filetype[0].small_read_ms = 11.7;
  c = awrdiff::compare(b, t);
  const auto* f = finding(c, "io_latency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("Data File small reads 8.3 -> 11.7 ms"), std::string::npos) << f->title;
  for (const auto& e : f->evidence) EXPECT_EQ(e.find("large reads"), std::string::npos) << e;
  for (const auto& m : f->metrics) EXPECT_EQ(m.key.find("large reads"), std::string::npos) << m.key;
  // On one side only: still too few to say what a large read costs.
  c = awrdiff::compare(with_filetype(20.2, 0.5), with_filetype(10.5, 40.0));
  for (const auto& x : c.findings) EXPECT_EQ(x.title.find("large reads"), std::string::npos) << x.title;
}

// Hard parse time and the hard parse count moving apart (fewer hard parses, each far slower: library cache
// contention while parsing): the title says both, never "Hard parsing fell" beside a time that rose.
TEST(Findings, HardParseTimeAndCountApartAreBothSaid) {
  const auto base = report("bad.html");
  auto target = report("bad.html");
  target.source += ".copy";
  for (auto& r : target.load_profile)
    if (r.key == "hard_parses" && r.per_second) *r.per_second /= 10;  // 1,667 -> 167 hard parses/s
  for (auto& a : target.activity)  // the exact rate where Instance Activity gives it
    if (a.name == "parse count (hard)") {
      if (a.total) *a.total /= 10;
      if (a.per_second) *a.per_second /= 10;
    }
  for (auto& r : target.time_model)
    if ((r.name == "hard parse elapsed time" || r.name == "parse time elapsed") && r.time_s) *r.time_s *= 1.5;
  const auto c = awrdiff::compare(base, target);
  const auto* f = finding(c, "hard_parse");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->direction, awrdiff::ChangeKind::worse);
  EXPECT_EQ(f->title.rfind("Hard parse time rose while hard parses fell:", 0), 0u) << f->title;
}
