// The verdict on real pairs of ../shared/corpus (skipped when it is absent): busier is not slower, a
// soak test starting, one unit family, keys that cannot match, and every same-database pair read for
// impossible numbers.
#include "tests/support/corpus.hpp"
#include "tests/support/mirror.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

bool corpus_absent() { return !fs::exists(k_corpus / "MANIFEST.tsv"); }

awrdiff::Comparison pair(const char* a, const char* b) {
  return awrdiff::compare(awrdiff::load_report(k_corpus / a), awrdiff::load_report(k_corpus / b));
}

const awrdiff::Finding* finding(const awrdiff::Comparison& c, std::string_view rule) {
  for (const auto& f : c.findings)
    if (f.rule == rule) return &f;
  return nullptr;
}

std::string rendered(const awrdiff::Comparison& c) {
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::text, {}, out);
  return out.str();
}

}  // namespace

TEST(VerdictCorpus, RmgtibpBusierNotSlower) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RMGTIBP 72330-72331 -> 72331-72332: DB time per second +11% with executions +21%, transactions
  // +47%: DB time per transaction -24%. One ad hoc query (7u9yhqndkyrdb) is slower per execution inside it.
  const auto c = pair("awr-html_19c_jdmoreno_8.html", "awr-html_19c_jdmoreno_9.html");
  EXPECT_EQ(c.verdict, awrdiff::Verdict::load_changed) << c.headline;
  EXPECT_EQ(c.headline.rfind("More load, not slower: DB time per second +11%", 0), 0u) << c.headline;
  for (const char* part :
       {"executions +21%", "transactions +47%", "DB time per transaction -24%", "7u9yhqndkyrdb slower per execution"})
    EXPECT_NE(c.headline.find(part), std::string::npos) << part << ": " << c.headline;
  awrdiff::testing::expect_mirror(c, pair("awr-html_19c_jdmoreno_9.html", "awr-html_19c_jdmoreno_8.html"));
}

TEST(VerdictCorpus, XydbBusierNotSlower) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // XYDB 36006-36007 -> 36008-36009: DB time per second +18% with user calls +104%, executions +54%,
  // transactions +78% (user commits + user rollbacks of Instance Activity; +77% from the Load Profile's rounded
  // rates): each unit of work is cheaper.
  const auto c = pair("awr-html_11.2_pcambell_1.html", "awr-html_11.2_pcambell_2.html");
  EXPECT_EQ(c.verdict, awrdiff::Verdict::load_changed) << c.headline;
  EXPECT_EQ(c.headline.rfind("More load, not slower", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("transactions +78%"), std::string::npos) << c.headline;
}

TEST(VerdictCorpus, SoakTestStartIsALoadChangeFirst) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RMGTIBN 162-163 (transactions 0.0 /s) -> 217-225 (2,374 /s): the soak test's load, then commit
  // latency (log file sync 1.71 -> 5.75 ms) as the real slowdown inside it.
  const auto c = pair("awr-html_19c_jdmoreno_4.html", "awr-html_19c_jdmoreno_1.html");
  EXPECT_EQ(c.verdict, awrdiff::Verdict::load_changed) << c.headline;
  const auto load = c.headline.find("More load, not slower");
  const auto commits = c.headline.find("commit latency (log file sync 1.71 -> 5.75 ms average; 48% of DB time at the new load)");
  EXPECT_EQ(load, 0u) << c.headline;
  EXPECT_NE(commits, std::string::npos) << c.headline;
}

TEST(VerdictCorpus, RowLockPileUpInOneUnitFamily) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // 1,022 -> 142 AAS over 37 and 27 minutes: every change in AAS (never "-15.3 d"), averages in ms
  // without false decimals (never "95,670.00 ms").
  const auto c = pair("awr-html_11.2_rac_pcambell_1.html", "awr-html_11.2_rac_pcambell_3.html");
  EXPECT_EQ(c.verdict, awrdiff::Verdict::improved) << c.headline;
  const std::string text = rendered(c);
  EXPECT_FALSE(std::regex_search(text, std::regex("[0-9] d\\b"))) << c.headline;
  EXPECT_EQ(text.find("95,670.00"), std::string::npos);
  EXPECT_EQ(text.find("707,134.737"), std::string::npos);
  EXPECT_NE(text.find("95,670 -> 11,512 ms average"), std::string::npos);
  const auto* sql = finding(c, "sql_regression");
  ASSERT_NE(sql, nullptr);
  EXPECT_NE(sql->title.find(" AAS "), std::string::npos) << sql->title;
}

TEST(VerdictCorpus, AwrAgainstStatspackPairsNoSql) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // The same database, AWR 88-89 against Statspack 19-20 inside it: sql_id against old hash value.
  const auto c = pair("awr-text_12.1_getperf_2.lst", "statspack_12.1_getperf_2.lst");
  EXPECT_EQ(finding(c, "sql_changed"), nullptr);
  const std::string text = rendered(c);
  EXPECT_EQ(text.find("matched by text"), std::string::npos);
  EXPECT_EQ(text.find("binds became literals"), std::string::npos);
  // Their snap ids differ (88-89, 19-20) but their times overlap (10:00:53-11:01:00 and 10:04:57-10:11:04): said.
  EXPECT_NE(text.find("the periods overlap in time"), std::string::npos) << text.substr(0, 2000);
}

TEST(VerdictCorpus, AnExecutionAsLongAsThePeriodSaysItSpansIt) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RMGTIBP 05:00-05:30: 1w6ugrkmur9rp (SQL Developer, parallel count) 2 executions, 3,613.31 s, 1,806.65 s per
  // execution in a 30-minute period (04:30: 2 executions, 1,342.24 s each): its time per execution is the period's
  // length, not its speed.
  const auto c = pair("awr-html_19c_jdmoreno_8.html", "awr-html_19c_jdmoreno_9.html");
  bool said = false;
  for (const auto& t : c.tables)
    for (const auto& r : t.rows) {
      if (r.cells.empty() || !std::holds_alternative<std::string>(r.cells[0]) ||
          std::get<std::string>(r.cells[0]) != "1w6ugrkmur9rp")
        continue;
      for (const auto& cell : r.cells)
        if (const auto* w = std::get_if<std::string>(&cell); w && w->starts_with("each execution spans the period (1,807 s"))
          said = true;
    }
  EXPECT_TRUE(said);
}

TEST(VerdictCorpus, EverySameDatabasePairReadsSane) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // Reports of one database by DB Id (the MANIFEST notes name it), every pair in both directions:
  // no "? -> ?", no five-digit percentage in the headline, no change in days beside AAS.
  std::map<std::string, std::vector<std::string>> by_db;
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  const std::regex dbid("DB Id ([0-9]+)");
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    if (f.size() < 10 || (f[1].rfind("awr", 0) != 0 && f[1] != "statspack")) continue;
    std::smatch m;
    if (!std::regex_search(f[9], m, dbid) || !fs::exists(k_corpus / f[0])) continue;
    by_db[m[1]].push_back(f[0]);
  }
  int pairs = 0;
  for (const auto& [id, files] : by_db)
    for (std::size_t i = 0; i < files.size(); ++i)
      for (std::size_t j = 0; j < files.size(); ++j) {
        if (i == j) continue;
        SCOPED_TRACE(files[i] + " -> " + files[j]);
        const auto c = pair(files[i].c_str(), files[j].c_str());
        const std::string text = rendered(c);
        EXPECT_EQ(text.find("? -> ?"), std::string::npos);
        EXPECT_FALSE(std::regex_search(c.headline, std::regex("[0-9]{2},[0-9]{3}%"))) << c.headline;
        if (c.headline.find(" AAS") != std::string::npos) {
          for (const auto& f : c.findings) {
            EXPECT_FALSE(std::regex_search(f.cause, std::regex("[0-9] (d|h|min|s)$"))) << f.cause;
          }
        }
        ++pairs;
      }
  EXPECT_GT(pairs, 20);
}

TEST(VerdictCorpus, ASetBaselineKeepsTheWaitOneMemberDoesNotList) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RMGTIBP 8 and 9 as the baseline: library cache lock is in 8's Foreground Wait Events (0 s) and in neither of
  // 9's lists. It stays in the merged typical period (at most 9's smallest time there), so the storms of 10 and 11
  // (library cache lock 35% of DB time in 10) name it, as against one report. It was left out as unknown.
  const auto b8 = awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_8.html");
  const auto b9 = awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_9.html");
  const auto merged = awrdiff::merge_snapshots({b8, b9});
  ASSERT_NE(merged.foreground_event("library cache lock"), nullptr);
  for (const char* storm : {"awr-html_19c_jdmoreno_10.html", "awr-html_19c_jdmoreno_11.html"}) {
    const auto current = awrdiff::load_report(k_corpus / storm);
    const auto r = awrdiff::check(current, awrdiff::baseline_from_snapshots({b8, b9}), awrdiff::default_policy());
    EXPECT_EQ(r.exit_code(), 1) << storm << ": " << r.headline;
    EXPECT_NE(r.headline.find("library cache lock +"), std::string::npos) << storm << ": " << r.headline;
    const auto sets = awrdiff::compare_sets({b8, b9}, {current});
    EXPECT_TRUE(std::any_of(sets.contributors.begin(), sets.contributors.end(),
                            [](const awrdiff::Contributor& k) { return k.name == "library cache lock"; }))
        << storm << ": " << sets.headline;
  }
}

TEST(VerdictCorpus, ANestedChildWhoseSqlIdChangedIsOneStatement) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RMGTIBN 185-233 -> 160-204: the stats job b6usrg82hwsa3 runs its "SQL Analyze" query of TDS.MANIFEST as
  // gkj36y6chsvh5, then as 390ps6515t2d8: the same text but for the column directives in a trailing comment and the
  // report's line wrapping. One statement, "sql_id changed", counted in the job's share; it was a gone and a new row.
  const auto c = pair("awr-html_19c_jdmoreno_7.html", "awr-html_19c_jdmoreno_2.html");
  const std::string label = "gkj36y6chsvh5 -> 390ps6515t2d8";
  const awrdiff::CompareTable* top = nullptr;
  const awrdiff::CompareTable* carriers = nullptr;
  for (const auto& t : c.tables) {
    if (t.key == "top_sql") top = &t;
    if (t.key == "sql_carriers") carriers = &t;
  }
  ASSERT_NE(top, nullptr);
  ASSERT_NE(carriers, nullptr);
  bool in_top = false;
  for (const auto& r : top->rows) {
    const auto& id = std::get<std::string>(r.cells.at(0));
    EXPECT_NE(id, "gkj36y6chsvh5");
    EXPECT_NE(id, "390ps6515t2d8");
    if (id == label) {
      in_top = true;
      EXPECT_EQ(std::get<std::string>(r.cells.at(1)), "sql_id changed");
    }
  }
  EXPECT_TRUE(in_top) << rendered(c);
  bool counted_in_job = false;
  for (const auto& r : carriers->rows)
    if (std::get<std::string>(r.cells.at(0)) == label)
      for (const auto& cell : r.cells)
        if (const auto* in = std::get_if<awrdiff::CountedIn>(&cell); in != nullptr && in->item == "b6usrg82hwsa3")
          counted_in_job = true;
  EXPECT_TRUE(counted_in_job);
  for (const auto& f : c.findings) EXPECT_EQ(f.cause.find("390ps6515t2d8"), std::string::npos) << f.cause;
}

TEST(VerdictCorpus, ReceiptNamesTheWorkPerExecutionAndTheHotBlockReads) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  // RECEIPT 09:30 -> 10:30: logical reads 28,142.7 -> 192,352.6 /s at executions 3,017.2 -> 2,600.4 /s (9.3 -> 74.0
  // gets per execution), APP_DETAILS holding 77.56% of the logical reads (not in the base's top 5, which ends at
  // 1.85%), the SQL captured covering 6.4% of the buffer gets; read by other session 527.6 -> 2,036 s (+1,508 s). Each a finding;
  // the reads per ms of CPU that rose with the work are no "better".
  const auto c = pair("awr-html_12.1_sarthi_1.html", "awr-html_12.1_sarthi_3.html");
  const awrdiff::Finding* work = nullptr;
  const awrdiff::Finding* rbos = nullptr;
  for (const auto& f : c.findings) {
    if (f.rule == "work_per_unit") work = &f;
    if (f.rule == "concurrency" && f.title.find("read by other session") != std::string::npos) rbos = &f;
  }
  ASSERT_NE(work, nullptr) << c.headline;
  EXPECT_EQ(work->direction, awrdiff::ChangeKind::worse);
  EXPECT_NE(work->title.find("Work per execution rose: 9.3 -> 74.0 logical reads per execution"), std::string::npos)
      << work->title;
  bool segment = false;
  for (const auto& e : work->evidence)
    segment = segment || e.find("APP_DETAILS (TABLE) holds 77.6% of logical reads (not listed before)") != std::string::npos;
  EXPECT_TRUE(segment) << work->title;
  ASSERT_NE(rbos, nullptr) << c.headline;
  EXPECT_EQ(rbos->direction, awrdiff::ChangeKind::worse);
  for (const auto& t : c.tables)
    for (const auto& r : t.rows) {
      const auto* name = r.cells.empty() ? nullptr : std::get_if<std::string>(&r.cells[0]);
      if (name == nullptr || name->find("Logical reads per ms of DB CPU") == std::string::npos) continue;
      for (const auto& cell : r.cells)
        if (const auto* text = std::get_if<std::string>(&cell)) EXPECT_NE(*text, "better") << t.key;
    }
}

// RMGTIBP storms under --match hour with the normal half hours 04:30 and 05:00 (10.3 and 11.5 AAS) stored: 15:00 (62
// AAS, library cache lock 35% of DB time) and 20:49 (165 AAS) have no stored period of their hour, yet each pages,
// measured against every hour, and the mail is a page a DBA reads on one screen, its first line naming the cause.
// RECEIPT 10:30 (11.65 AAS, 3.05x the 09:30 period): the CPU run queue is named once on the first line.
TEST(VerdictCorpus, StormsWithNoLikeHourPageInAShortMail) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  awrdiff::CheckOptions hour;
  hour.match = awrdiff::MatchPeriods::hour;
  const auto normal = awrdiff::baseline_from_snapshots({awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_8.html"),
                                                        awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_9.html")});
  auto first_line = [](const std::string& mail) { return mail.substr(0, mail.find('\n')); };
  auto lines = [](const std::string& mail) { return static_cast<std::size_t>(std::count(mail.begin(), mail.end(), '\n')); };
  const auto r10 =
      awrdiff::check(awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_10.html"), normal, awrdiff::default_policy(), hour);
  EXPECT_EQ(r10.exit_code(), 1) << r10.headline;
  EXPECT_EQ(r10.storm, "DB time per second 62.2 AAS is 5.4x the busiest of the 2 periods of other hours (11.5 AAS)");
  const std::string m10 = awrdiff::check_mail(r10, "");
  EXPECT_LE(lines(m10), awrdiff::k_mail_lines) << m10;
  EXPECT_EQ(
      first_line(m10).rfind("FAIL RMGTIBP/rmgtibp snaps 72351-72352, 02-Oct-23 15:00:45 .. 15:05:05: library cache lock ", 0), 0u)
      << m10;
  const auto r11 =
      awrdiff::check(awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_11.html"), normal, awrdiff::default_policy(), hour);
  EXPECT_EQ(r11.exit_code(), 1) << r11.headline;
  EXPECT_EQ(r11.storm, "DB time per second 165 AAS is 14.4x the busiest of the 2 periods of other hours (11.5 AAS)");
  const std::string m11 = awrdiff::check_mail(r11, "");
  EXPECT_LE(lines(m11), awrdiff::k_mail_lines) << m11;
  for (const char* e : {"library cache lock", "cursor: mutex X", "cursor: pin S wait on X", "1c602wgfqtdky"})
    EXPECT_NE(first_line(m11).find(e), std::string::npos) << e << ": " << m11;

  const auto receipt = awrdiff::baseline_from_snapshots({awrdiff::load_report(k_corpus / "awr-html_12.1_sarthi_1.html")});
  const auto r =
      awrdiff::check(awrdiff::load_report(k_corpus / "awr-html_12.1_sarthi_3.html"), receipt, awrdiff::default_policy(), hour);
  EXPECT_EQ(r.exit_code(), 1) << r.headline;
  const std::string m = first_line(awrdiff::check_mail(r, ""));
  const auto at = m.find("CPU run queue");
  ASSERT_NE(at, std::string::npos) << m;
  EXPECT_EQ(m.find("CPU run queue", at + 1), std::string::npos) << m;
}

// RMGTIBP 15:00 against 04:30 and 05:00: DB CPU % of DB time 3.41 against a band of 12.3 .. 13.0 and sessions 1,364
// against 1,489 .. 1,503 are outside their bands: never "within the baseline"; which side, and why it does not count.
// The same for every metric of every check of the series.
TEST(VerdictCorpus, AValueOutsideItsBandNeverReadsWithin) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto normal = awrdiff::baseline_from_snapshots({awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_8.html"),
                                                        awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_9.html")});
  const auto r =
      awrdiff::check(awrdiff::load_report(k_corpus / "awr-html_19c_jdmoreno_10.html"), normal, awrdiff::default_policy());
  for (const char* key : {"db_cpu_pct_db_time", "sessions"}) {
    const auto it = std::find_if(r.results.begin(), r.results.end(), [&](const awrdiff::CheckResult& x) { return x.key == key; });
    ASSERT_NE(it, r.results.end()) << key;
    EXPECT_EQ(it->reason.rfind("below the band, but not material", 0), 0u) << key << ": " << it->reason;
  }
  for (const char* current : {"awr-html_19c_jdmoreno_10.html", "awr-html_19c_jdmoreno_11.html"}) {
    const auto c = awrdiff::check(awrdiff::load_report(k_corpus / current), normal, awrdiff::default_policy());
    for (const auto& x : c.results)
      if (x.current && x.band_low && x.band_high && (*x.current < *x.band_low || *x.current > *x.band_high))
        EXPECT_EQ(x.reason.find("within"), std::string::npos) << current << " " << x.key << ": " << x.reason;
  }
}
