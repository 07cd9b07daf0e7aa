// What a report says of itself that cannot be: DB time in the header against DB time in the Time Model statistics
// (Differ::oddities, comparability.cpp), on small written reports.
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

namespace {

// A text AWR report's header and Time Model statistics: the header's DB Time in minutes, the Time Model's in seconds,
// its DB CPU a third of the Time Model's DB time (DB time is never less than DB CPU).
std::string written_report(const std::string& header_db_time_min, const std::string& model_db_time_s) {
  std::string digits = model_db_time_s;
  std::erase(digits, ',');
  const std::string db_cpu_s = fmt::format("{:>10.1f}", std::stod(digits) / 3);
  return R"(WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
ORCL          1440056671 orcl                1 19-May-16 18:03 12.1.0.2.0  NO

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:        88 23-May-16 10:00:53        38       1.0
  End Snap:        89 23-May-16 11:01:00        39        .9
   Elapsed:               60.13 (mins)
   DB Time:               )" +
         header_db_time_min + R"( (mins)

Time Model Statistics                         DB/Inst: ORCL/orcl  Snaps: 88-89
-> Ordered by % of DB time in descending order, followed by Statistic Name

                                                                % of  % of Total
Statistic Name                                       Time (s) DB Time   CPU Time
------------------------------------------ ------------------ ------- ----------
sql execute elapsed time                                 58.5    93.4
DB CPU                                             )" +
         db_cpu_s + R"(    31.4       42.6
DB time                                      )" +
         model_db_time_s + R"(
          -------------------------------------------------------------

End of Report
)";
}

awrdiff::Snapshot written(const std::string& header_min, const std::string& model_s, const std::string& source) {
  return awrdiff::build_snapshot(awrdiff::tokenize_text(written_report(header_min, model_s)), source);
}

awrdiff::Snapshot reconciled(const std::string& header_min, const std::string& model_s, const std::string& source) {
  auto s = written(header_min, model_s, source);
  awrdiff::reconcile(s);
  return s;
}

TEST(Comparability, HeaderDbTimeThatContradictsTheTimeModelIsAnInconsistentReport) {
  // 10.00 min in the header (600 s) against 62.6 s in the Time Model, and no Load Profile to say which is right:
  // one statistic, two figures, the report contradicts itself (src/parse/ledger.cpp).
  const auto s = reconciled("10.00", "62.6", "contradiction.txt");
  EXPECT_FALSE(s.valid);
  EXPECT_EQ(s.invalid_reason,
            "inconsistent report: DB Time in the header (10.00 min) and DB time in the Time Model statistics (62.6 s = "
            "1.04 min) disagree, and no third figure says which is right");
  // In a comparison, the pair is not comparable and says why.
  const auto fine = reconciled("1.04", "62.6", "fine.txt");
  EXPECT_TRUE(fine.valid);
  const auto c = awrdiff::compare(fine, s);
  EXPECT_EQ(c.verdict, awrdiff::Verdict::not_comparable);
  EXPECT_NE(c.headline.find("inconsistent report"), std::string::npos) << c.headline;
}

TEST(Comparability, HeaderDbTimeWithinItsRoundingIsNotFlagged) {
  // The header prints minutes with two decimals (0.3 s each way), the Time Model seconds with one.
  for (const auto& [header, model] : std::vector<std::pair<std::string, std::string>>{
           {"1.04", "62.6"}, {"0.03", "1.9"}, {"66.24", "3,974.4"}, {"0.00", "0.2"}, {"100.00", "6,040.0"}}) {
    const auto s = reconciled(header, model, "rounded.txt");
    EXPECT_TRUE(s.valid) << header << " min vs " << model << " s: " << s.invalid_reason;
    for (const auto& d : s.diagnostics) EXPECT_NE(d.section, awrdiff::k_ledger_section) << d.message;
  }
  // Either figure missing: nothing to compare.
  auto no_model = written("10.00", "62.6", "no_model.txt");
  no_model.time_model.clear();
  awrdiff::reconcile(no_model);
  EXPECT_TRUE(no_model.valid);
}

// A side whose Elapsed cannot be right has its rates left blank: in Load Profile, whose figures' columns carry no
// unit, by the unit of each row, read from the column whose role says it holds the row's unit.
TEST(Comparability, RatesOfAnUnusableElapsedAreBlankedByEachRowsUnit) {
  const auto base = awrdiff::testing::sample_report("good.html");
  auto target = base;
  target.source = "dst.html";
  target.interval.begin_time = "01-Mar-24 02:00:00";
  target.interval.end_time = "01-Mar-24 02:00:30";
  target.interval.elapsed_s = 30;  // fits the snap times, but not the DB time of one session
  target.interval.begin_sessions = target.interval.end_sessions = 1;
  const auto c = awrdiff::compare(base, target);
  ASSERT_FALSE(c.warnings.empty());
  ASSERT_NE(c.warnings.front().find("its rates cannot be computed"), std::string::npos) << c.warnings.front();
  const auto lp = std::find_if(c.tables.begin(), c.tables.end(), [](const auto& t) { return t.key == "load_profile"; });
  ASSERT_NE(lp, c.tables.end());
  std::size_t unit = lp->columns.size(), per_s = unit;
  for (std::size_t i = 0; i < lp->columns.size(); ++i) {
    if (lp->columns[i].header == "Unit") unit = i;
    if (lp->columns[i].key == "target_per_second") per_s = i;
  }
  ASSERT_LT(unit, lp->columns.size());
  ASSERT_LT(per_s, lp->columns.size());
  std::size_t blanked = 0;
  for (const auto& r : lp->rows) {
    const auto* u = std::get_if<std::string>(&r.cells[unit]);
    if (u == nullptr || !(u->ends_with("/s") || *u == "AAS")) continue;
    EXPECT_TRUE(std::holds_alternative<std::monostate>(r.cells[per_s])) << *u;
    ++blanked;
  }
  EXPECT_GT(blanked, 5u);
}

}  // namespace
