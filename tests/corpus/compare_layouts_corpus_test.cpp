// The Compare Periods reports of ../shared/corpus past the 11.2 layout, each set's figures read by hand off the
// report (tests/corpus/compare_report_corpus_test.cpp holds the 11.2 one against the AWR reports of its periods):
//  - awr-compare_19c-26ai_ratexec_1.html: the 12c+ HTML layout, a Database Replay capture (19c PDB, its AWR
//    imported under a new DB Id) against its replay on 23.26.1;
//  - awr-compare_19c_ratexec_5.html: the 12c+ layout, an SAP capture on PRD against its replay on SAT, periods of
//    181.5 and 949 minutes; its HTML is broken into lines of 1,500 characters, one inside a figure;
//  - awr-rac-compare_19c_rac_ratexec_1.html: the RAC report (awrgdrpt, 19c Exadata), its 1st set one instance
//    with a negative DB time (Oracle's own: the instance restarted inside it, instance 2 has no data), the 2nd two.
// No AWR report of the same snapshots is in the corpus for any of them; each set is held against its own
// figures: the Time Model's DB time against the header's minutes, each Time Model row's time against its
// % of DB time, the Load Profile's per-second DB time and DB CPU against total / elapsed.
// Skipped cleanly when ../shared is absent.
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace awrdiff;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

struct SetFacts {
  std::string db_name;
  std::uint64_t dbid;
  std::string release;
  std::vector<int> instances;  // Inst num (single instance) or the RAC report's instances of the set
  std::int64_t begin_snap, end_snap;
  double elapsed_s;  // the snap times' difference (single instance: to the second), or the RAC header's minutes
  double header_db_time_min;  // "DB time (min)" of the header
  double db_time_s;  // the Time Model's DB time
  std::string top_event;  // the first of the set's Top Timed Events
  double top_event_s;
  std::string top_sql;  // the largest % of DB time of the set in Top SQL Comparison by Elapsed Time ("" for none)
  double top_sql_pct;
  double lp_db_time_per_s, lp_cpu_per_s;  // Load Profile, per second, as printed (one decimal)
  std::string replay_role;
  bool valid;
};

struct TimeModelFact {
  const char* name;
  double first_s, second_s;
};

struct ReportFacts {
  const char* file;
  SetFacts sets[2];
  std::size_t time_model_rows;
  std::vector<TimeModelFact> time_model;
};

const ReportFacts k_reports[] = {
    // Snapshot Set tables; Top Timed Events; Time Model Statistics (14 rows, with the 12c+ "% of Total CPU time").
    {"awr-compare_19c-26ai_ratexec_1.html",
     {{"SDB2",
       414206046,
       "19.0.0.0.0",
       {1},
       555,
       556,
       603,
       126.2,
       7572.39,
       "CPU time",
       808.20,
       "dmrmmzj1uhmws",
       0.24,
       12.6,
       1.3,
       "capture",
       true},
      {"DB26",
       914873574,
       "23.26.1.0.0",
       {1},
       25,
       26,
       556,
       53.5,
       3211.44,
       "resmgr:cpu quantum",
       1075.26,
       "b39m8n96gxk7c",
       1.20,
       5.8,
       1.5,
       "replay",
       true}},
     14,
     {{"sql execute elapsed time", 5985.39, 1846.43},
      {"DB CPU", 808.20, 838.92},
      {"parse time elapsed", 1463.91, 980.57},
      {"hard parse elapsed time", 1422.27, 959.88},
      {"background elapsed time", 0.88, 40.71},
      {"DB time", 7572.39, 3211.44},
      {"total CPU time", 808.54, 853.47}}},
    // 12:00:07 -> 15:01:39 and 09:18:34 -> 01:07:31 the next day; Time Model 18 rows.
    {"awr-compare_19c_ratexec_5.html",
     {{"PRD",
       299743217,
       "19.0.0.0.0",
       {1},
       512620,
       512633,
       10892,
       12127.8,
       727670.62,
       "CPU time",
       260632.51,
       "b2qn7pm3mdr7u",
       7.96,
       66.8,
       23.9,
       "capture",
       true},
      {"SAT",
       3502446209,
       "19.0.0.0.0",
       {1},
       448,
       512,
       56937,
       22830.1,
       1369803.43,
       "log file sync",
       622286.00,
       "f39fd9u2g8464",
       7.22,
       24.1,
       9.1,
       "replay",
       true}},
     18,
     {{"sql execute elapsed time", 608402.25, 766410.22},
      {"DB CPU", 260632.51, 515625.75},
      {"parse time elapsed", 2357.54, 2183.47},
      {"background elapsed time", 23572.06, 34735.81},
      {"DB time", 727670.62, 1369803.43},
      {"total CPU time", 266390.08, 524510.92}}},
    // The database summary ("Report Total (minutes)": DB time -1,052,884.09 and 15,267.24, elapsed 0.02 and 1,080.00)
    // and the instances included; the global "*1st | *2nd" rows of Time Model Statistics (31 rows).
    // The 2nd set replays a workload: Wait Events lists WCR: replay client notify (Idle) with 777,572.54 s of total
    // wait time in the 2nd set, none in the 1st.
    {"awr-rac-compare_19c_rac_ratexec_1.html",
     {{"STXPRD",
       3287654263,
       "19.0.0.0.0",
       {1},
       124030,
       124049,
       1.2,
       -1052884.09,
       -63173045.14,
       "utl_file I/O",
       16955.17,
       "",
       0,
       -63173045.1,
       -53431061.3,
       "",
       false},
      {"STXPRD",
       3287654263,
       "19.0.0.0.0",
       {1, 2},
       124137,
       124156,
       64800,
       15267.24,
       916034.29,
       "CPU time",
       863455.60,
       "gsq29au19kqsd",
       8.23,
       14.1,
       13.3,
       "replay",
       true}},
     31,
     {{"DB time", -63173045.14, 916034.29},
      {"DB CPU", -53431061.28, 863455.60},
      {"sql execute elapsed time", -62766817.90, 891075.02},
      {"PL/SQL execution elapsed time", -3554779.93, 506848.97},
      {"background elapsed time", -22197867.65, 13245.73}}},
};

std::vector<Snapshot> periods_of(const fs::path& file) {
  return parse_compare_report(read_input(file), file.filename().string());
}

const TimeModelRow* time_model_row(const Snapshot& s, const std::string& name) {
  for (const auto& r : s.time_model)
    if (r.name == name) return &r;
  return nullptr;
}

std::vector<int> instance_numbers(const Snapshot& s) {
  std::vector<int> out;
  if (s.instance_rows.empty()) out.push_back(s.database.instance_number.value_or(0));
  for (const auto& i : s.instance_rows) out.push_back(i.instance_number.value_or(0));
  return out;
}

class CompareLayouts : public ::testing::TestWithParam<ReportFacts> {};

TEST_P(CompareLayouts, EachSetReadsWhatTheReportSays) {
  const ReportFacts& f = GetParam();
  if (!fs::exists(k_corpus / f.file)) GTEST_SKIP() << "../shared/corpus absent";
  const auto periods = periods_of(k_corpus / f.file);
  ASSERT_EQ(periods.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    const Snapshot& s = periods[k];
    const SetFacts& e = f.sets[k];
    SCOPED_TRACE(s.source);
    EXPECT_TRUE(from_compare_report(s));
    EXPECT_EQ(s.database.name, e.db_name);
    EXPECT_EQ(s.database.dbid, e.dbid);
    EXPECT_EQ(s.database.release, e.release);
    EXPECT_EQ(instance_numbers(s), e.instances);
    EXPECT_EQ(s.interval.begin_snap, e.begin_snap);
    EXPECT_EQ(s.interval.end_snap, e.end_snap);
    ASSERT_TRUE(s.interval.elapsed_s);
    EXPECT_NEAR(*s.interval.elapsed_s, e.elapsed_s, 0.005);
    ASSERT_TRUE(s.db_time_s());
    EXPECT_NEAR(*s.db_time_s(), e.db_time_s, 0.005);
    // The Time Model's DB time against the header's minutes (to a tenth or a hundredth of a minute).
    EXPECT_NEAR(e.db_time_s / 60, e.header_db_time_min, 0.05 + 1e-9);
    ASSERT_FALSE(s.top_events.empty());
    // The report prints "CPU time"; the model names the CPU row "DB CPU", as AWR reports do.
    EXPECT_EQ(s.top_events.front().name, e.top_event == "CPU time" ? "DB CPU" : e.top_event);
    EXPECT_NEAR(s.top_events.front().time_s.value_or(0), e.top_event_s, 0.005);
    if (!e.top_sql.empty()) {
      ASSERT_FALSE(s.sql.empty());
      EXPECT_EQ(s.sql.front().sql_id, e.top_sql);
      EXPECT_NEAR(s.sql.front().pct_db_time.value_or(0), e.top_sql_pct, 1e-9);
      // elapsed = % of DB time x DB time
      EXPECT_NEAR(s.sql.front().elapsed_s.value_or(0), e.top_sql_pct / 100 * e.db_time_s, 0.01);
    }
    EXPECT_EQ(s.interval.replay_role, e.replay_role);
    EXPECT_EQ(s.valid, e.valid) << s.invalid_reason;
    // Time Model: every row of the set, and the hand-read ones.
    EXPECT_EQ(s.time_model.size(), f.time_model_rows);
    for (const auto& t : f.time_model) {
      const TimeModelRow* r = time_model_row(s, t.name);
      ASSERT_NE(r, nullptr) << t.name;
      EXPECT_NEAR(r->time_s.value_or(0), k == 0 ? t.first_s : t.second_s, 0.005) << t.name;
    }
    // Each row's time against its % of DB time (printed to 0.01%: half a step of DB time).
    for (const auto& r : s.time_model) {
      if (r.pct_db_time && r.time_s && e.valid) {
        EXPECT_NEAR(*r.pct_db_time / 100 * e.db_time_s, *r.time_s, 0.00005 * std::fabs(e.db_time_s) + 0.005) << r.name;
      }
    }
    // Per second = total / elapsed: the Load Profile's DB time and DB CPU (one decimal) against the Time Model's.
    const LoadProfileRow* db_time = s.load_profile_row("db_time");
    const LoadProfileRow* cpu = s.load_profile_row("db_cpu");
    ASSERT_NE(db_time, nullptr);
    ASSERT_NE(cpu, nullptr);
    EXPECT_NEAR(db_time->per_second.value_or(0), e.lp_db_time_per_s, 1e-9);
    EXPECT_NEAR(cpu->per_second.value_or(0), e.lp_cpu_per_s, 1e-9);
    if (e.valid) {
      EXPECT_NEAR(e.db_time_s / e.elapsed_s, e.lp_db_time_per_s, 0.05 + 0.01);
      EXPECT_NEAR(time_model_row(s, "DB CPU")->time_s.value_or(0) / e.elapsed_s, e.lp_cpu_per_s, 0.05 + 0.01);
      // The same from what was read: the Time Model's totals over the elapsed time read, against the Load Profile's
      // per second as read (one decimal: half a step).
      EXPECT_NEAR(*s.db_time_s() / *s.interval.elapsed_s, db_time->per_second.value_or(0), 0.05 + 1e-9);
      EXPECT_NEAR(s.db_cpu_s().value_or(0) / *s.interval.elapsed_s, cpu->per_second.value_or(0), 0.05 + 1e-9);
      // The header's DB time (minutes, to a tenth or a hundredth) against the Time Model's, both as read.
      ASSERT_TRUE(s.interval.db_time_s);
      EXPECT_NEAR(*s.interval.db_time_s, *s.db_time_s(), 0.05 * 60 + 1e-9);
    }
    // The Time Model's parts: total CPU time = DB CPU + background cpu time (each to 0.01 s), where the 12c+ layout
    // prints the three rows.
    const TimeModelRow* total_cpu = time_model_row(s, "total CPU time");
    const TimeModelRow* db_cpu = time_model_row(s, "DB CPU");
    const TimeModelRow* bg_cpu = time_model_row(s, "background cpu time");
    if (total_cpu != nullptr && db_cpu != nullptr && bg_cpu != nullptr)
      EXPECT_NEAR(total_cpu->time_s.value_or(0), db_cpu->time_s.value_or(0) + bg_cpu->time_s.value_or(0), 0.015 + 1e-9);
    // A RAC set: its global DB time and DB CPU are its instances' sums, its elapsed time each instance's (printed to
    // 0.01 min: 1,080.00 against 1,080.02).
    if (e.valid && s.instance_rows.size() > 1) {
      double db = 0, cpu_s = 0;
      for (const auto& i : s.instance_rows) {
        db += i.db_time_s.value_or(0);
        cpu_s += i.db_cpu_s.value_or(0);
        EXPECT_NEAR(i.elapsed_s.value_or(0), *s.interval.elapsed_s, 0.05 * 60) << i.instance;
      }
      EXPECT_NEAR(db, *s.db_time_s(), 0.01 * s.instance_rows.size());
      EXPECT_NEAR(cpu_s, s.db_cpu_s().value_or(0), 0.01 * s.instance_rows.size());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CompareLayouts, ::testing::ValuesIn(k_reports),
                         [](const ::testing::TestParamInfo<ReportFacts>& p) {
                           std::string n = p.param.file;
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

// The RAC report: each instance of each set, its DB time (minutes in the instances table; seconds in the Time
// Model's instance rows) and DB CPU; the 1st set unsound in Oracle's own figures, named in one line.
TEST(CompareLayoutsRac, InstancesAndTheUnsoundFirstSet) {
  const fs::path file = k_corpus / "awr-rac-compare_19c_rac_ratexec_1.html";
  if (!fs::exists(file)) GTEST_SKIP() << "../shared/corpus absent";
  const auto periods = periods_of(file);
  ASSERT_EQ(periods.size(), 2u);
  const Snapshot& first = periods[0];
  const Snapshot& second = periods[1];
  EXPECT_EQ(first.kind, ReportKind::awr_global);
  EXPECT_EQ(second.kind, ReportKind::awr_global);
  EXPECT_EQ(first.database.instances, 1);
  EXPECT_EQ(second.database.instances, 2);
  ASSERT_EQ(first.instance_rows.size(), 1u);
  EXPECT_EQ(first.instance_rows[0].instance, "STXPRD");
  EXPECT_EQ(first.instance_rows[0].startup_time, "26-Jan-25 16:13");
  ASSERT_EQ(second.instance_rows.size(), 2u);
  EXPECT_EQ(second.instance_rows[0].instance, "STXPRD1");
  EXPECT_EQ(second.instance_rows[0].host, "oci-prd-evv-db-095cl1");
  EXPECT_NEAR(second.instance_rows[0].db_time_s.value_or(0), 411742.83, 0.005);
  EXPECT_NEAR(second.instance_rows[0].db_cpu_s.value_or(0), 383602.73, 0.005);
  EXPECT_EQ(second.instance_rows[1].instance, "STXPRD2");
  EXPECT_NEAR(second.instance_rows[1].db_time_s.value_or(0), 504291.46, 0.005);
  EXPECT_NEAR(second.instance_rows[1].db_cpu_s.value_or(0), 479852.87, 0.005);
  EXPECT_NEAR(second.instance_rows[1].elapsed_s.value_or(0), 1080.02 * 60, 0.005);
  // The instances' DB time adds up to the set's.
  EXPECT_NEAR(*second.instance_rows[0].db_time_s + *second.instance_rows[1].db_time_s, *second.db_time_s(), 0.02);
  // Oracle's own 1st set: unsound, said in one line, never "damaged".
  EXPECT_FALSE(first.valid);
  EXPECT_EQ(first.invalid_reason.find('\n'), std::string::npos);
  EXPECT_NE(first.invalid_reason.find("instance 2 has no snapshot data"), std::string::npos) << first.invalid_reason;
  EXPECT_NE(first.invalid_reason.find("negative"), std::string::npos) << first.invalid_reason;
  EXPECT_NE(first.invalid_reason.find("26-Jan-25 16:13"), std::string::npos) << first.invalid_reason;
  EXPECT_EQ(first.invalid_reason.find("damaged"), std::string::npos);
  const Comparison c = compare(first, second, CompareOptions{.one_workload = true});
  EXPECT_EQ(c.verdict, Verdict::not_comparable);
  EXPECT_NE(c.headline.find("unsound"), std::string::npos) << c.headline;
  // The first line names the pair (the database, 1 instance against 2; the 2nd set's "WCR: replay client notify"
  // makes it a replay), then the one reason; the set's elapsed time is Oracle's 0.02 min where its one instance
  // spans 15,822.43 min (16-Jan-25 07:17 to 27-Jan-25 07:00): no warning on "periods of different length".
  EXPECT_EQ(c.headline.rfind("RAC periods of STXPRD (DB Id 3287654263), 1 instance vs 2, Database Replay (the target a "
                             "replay): not comparable: Oracle's own 1st set is unsound: ",
                             0),
            0u)
      << c.headline;
  EXPECT_NE(c.headline.find("its elapsed time is 0.02 min where instance 1 spans 15,822.43 min"), std::string::npos)
      << c.headline;
  EXPECT_NE(c.headline.find("-1,052,884.09 min"), std::string::npos) << c.headline;
  for (const auto& w : c.warnings) EXPECT_EQ(w.find("periods of very different length"), std::string::npos) << w;
  // Each set's instances in the Periods table, as the report's table of instances prints them (minutes).
  bool shown = false;
  for (const auto& t : c.tables)
    for (const auto& r : t.rows)
      if (t.key == "periods" && r.cells.size() == 3 && std::get<std::string>(r.cells[0]) == "Instance DB time / elapsed (min)") {
        shown = true;
        EXPECT_EQ(std::get<std::string>(r.cells[1]), "STXPRD -1,052,884.09 / 15,822.43");
        EXPECT_EQ(std::get<std::string>(r.cells[2]), "STXPRD1 6,862.38 / 1,080.02, STXPRD2 8,404.86 / 1,080.02");
      }
  EXPECT_TRUE(shown);
}

// The SAP report's HTML is broken into lines of 1,500 characters, one break inside the 2nd period's executions of
// bh4v90tmmmm2c ("6," / "035,412"): read whole, and the joining said in an info diagnostic.
TEST(CompareLayoutsBrokenLines, AFigureBrokenAcrossLinesIsReadWhole) {
  const fs::path file = k_corpus / "awr-compare_19c_ratexec_5.html";
  if (!fs::exists(file)) GTEST_SKIP() << "../shared/corpus absent";
  const auto periods = periods_of(file);
  ASSERT_EQ(periods.size(), 2u);
  auto find = [](const Snapshot& s, const std::string& id) -> const SqlStat* {
    for (const auto& q : s.sql)
      if (q.sql_id == id) return &q;
    return nullptr;
  };
  const SqlStat* b = find(periods[0], "bh4v90tmmmm2c");
  const SqlStat* t = find(periods[1], "bh4v90tmmmm2c");
  ASSERT_NE(b, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(b->executions, 2662433);
  EXPECT_EQ(t->executions, 6035412);
  // 17 statements in the list, each in the periods it has a figure for: none left out.
  EXPECT_EQ(periods[0].sql.size() + periods[1].sql.size(), 11u + 13u);
  bool joined = false;
  for (const auto& d : periods[1].diagnostics) {
    EXPECT_FALSE(d.level == Diagnostic::Level::warning && d.section == "sql") << d.message;
    joined = joined || d.message.find("1500 characters joined") != std::string::npos;
  }
  EXPECT_TRUE(joined);
}

// Compared, each pair's first line names the kind of pair and leads with the work and its cost per unit.
TEST(CompareLayoutsReplay, FirstLineNamesThePairAndItsWorkAndCost) {
  const fs::path file = k_corpus / "awr-compare_19c_ratexec_5.html";
  const fs::path upgrade = k_corpus / "awr-compare_19c-26ai_ratexec_1.html";
  if (!fs::exists(file) || !fs::exists(upgrade)) GTEST_SKIP() << "../shared/corpus absent";
  CompareOptions one;
  one.one_workload = true;
  {
    const auto p = periods_of(file);
    const Comparison c = compare(p[0], p[1], one);
    SCOPED_TRACE(c.headline);
    EXPECT_EQ(c.headline.rfind("Database Replay capture vs replay, another DB Id (imported AWR: PRD 299743217 -> SAT "
                               "3502446209): the same work (user calls), slower per unit of work",
                               0),
              0u);
    EXPECT_EQ(c.verdict, Verdict::regressed);
    EXPECT_EQ(c.headline.find("Not comparable"), std::string::npos);
    // The replay ran the same work in 949 min instead of 181.5: every rate fell, so the findings ranked per second
    // lead with what looks better. Slower per unit of work, the worse findings lead (log file sync 1.9 -> 62.9 ms).
    ASSERT_FALSE(c.findings.empty());
    EXPECT_EQ(c.findings.front().direction, awrdiff::ChangeKind::worse) << c.findings.front().title;
  }
  {
    const auto p = periods_of(upgrade);
    const Comparison c = compare(p[0], p[1], one);
    SCOPED_TRACE(c.headline);
    EXPECT_EQ(c.headline.rfind("Database Replay capture vs replay, another DB Id (imported AWR: SDB2 414206046 -> DB26 "
                               "914873574), another release (19.0.0.0.0 -> 23.26.1.0.0): the same work (user calls), faster "
                               "per unit of work",
                               0),
              0u);
    EXPECT_EQ(c.verdict, Verdict::improved);
    // Load Profile "Transactions: 0.0 0.3 733.3": the 1st set's 0.0 /s is 0 to 30 over 603 s, not 0 in total.
    EXPECT_NE(c.headline.find("transactions 0.0 -> 0.3 /s (printed to 0.1 /s: too coarse to total)"), std::string::npos);
    EXPECT_EQ(c.headline.find("transactions 0.0 -> "), c.headline.find("transactions 0.0 -> 0.3 /s"));
  }
}

}  // namespace
