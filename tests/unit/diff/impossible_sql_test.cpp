// A statement whose figures cannot be the period's (255,173 s elapsed in a 51 s period) is shown as
// printed but never drives the verdict, a finding or a share of the change. Periods built here.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>

#include "tests/support/compare_lookup.hpp"
#include "tests/support/sql_period.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using awrdiff::Snapshot;
using awrdiff::SqlStat;

// A 51-second period of one instance with 40 sessions at `aas` average active sessions.
Snapshot period(const std::string& source, double aas, std::int64_t snap) {
  Snapshot s = awrdiff::testing::sql_period(source, aas, snap,
                                            {.db_name = "ODDDB",
                                             .dbid = 5555555555,
                                             .instance = "odddb",
                                             .cpus = std::nullopt,
                                             .cores = std::nullopt,
                                             .elapsed_s = 51,
                                             .sessions = 40,
                                             .load_profile = false});
  s.interval.begin_time = "01-Mar-24 10:0" + std::to_string(snap % 10) + ":00";
  s.interval.end_time = "01-Mar-24 10:0" + std::to_string(snap % 10) + ":51";
  return s;
}

SqlStat statement(const std::string& id, const std::string& text, double elapsed, double execs) {
  SqlStat q;
  q.sql_id = id;
  q.text = text;
  q.text_complete = true;
  q.elapsed_s = elapsed;
  q.executions = execs;
  return q;
}

const std::string k_bad = "0w2qpuc6u2zsp";  // 255,173 s printed in a 51 s period
const std::string k_app = "1b4cj0xg9m8s2";  // the real change

TEST(ImpossibleSql, NeverACauseNorAFinding) {
  auto b = period("base.txt", 2, 100);
  auto t = period("target.txt", 6, 102);
  b.sql = {statement(k_app, "update orders set status = :1 where id = :2", 60, 1000),
           statement(k_bad, "select count(*) from big_table", 20, 1)};
  t.sql = {statement(k_bad, "select count(*) from big_table", 255173, 1),
           statement(k_app, "update orders set status = :1 where id = :2", 250, 1000)};
  ASSERT_FALSE(t.impossible_sql(t.sql.front()).empty());
  ASSERT_TRUE(b.impossible_sql(b.sql.back()).empty());
  const auto c = awrdiff::compare(b, t);
  EXPECT_EQ(c.headline.find(k_bad), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find(k_app), std::string::npos) << c.headline;
  for (const auto& f : c.findings) {
    EXPECT_EQ(f.title.find(k_bad), std::string::npos) << f.title;
    EXPECT_EQ(f.cause.find(k_bad), std::string::npos) << f.cause;
    for (const auto& e : f.evidence) EXPECT_EQ(e.find(k_bad), std::string::npos) << e;
  }
  // Shown as printed in the SQL table, its status saying why it carries no change.
  const auto* top = awrdiff::testing::table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* row = awrdiff::testing::row(*top, k_bad);
  ASSERT_NE(row, nullptr);
  const auto status = awrdiff::testing::column(*top, "status");
  ASSERT_TRUE(std::holds_alternative<std::string>(row->cells.at(status)));
  EXPECT_EQ(std::get<std::string>(row->cells.at(status)), "impossible figures");
}

TEST(ImpossibleSql, BoundsAreSessionsTimesElapsedAndTenTimesDbTime) {
  auto s = period("one.txt", 2, 100);  // 102 s of DB time, 40 sessions over 51 s: 2,040 session-seconds
  s.interval.db_time_s.reset();
  s.time_model.clear();
  EXPECT_EQ(s.impossible_sql(statement(k_app, "x", 2040, 1)), "");
  EXPECT_NE(s.impossible_sql(statement(k_app, "x", 2041, 1)).find("more than its 40 sessions"), std::string::npos);
  auto d = period("two.txt", 2, 100);
  d.interval.begin_sessions.reset();
  d.interval.end_sessions.reset();
  EXPECT_EQ(d.impossible_sql(statement(k_app, "x", 1020, 1)), "");  // exactly 1000%
  EXPECT_NE(d.impossible_sql(statement(k_app, "x", 1021, 1)).find("of DB time"), std::string::npos);
  EXPECT_EQ(d.impossible_sql(statement(k_app, "x", 100, 1)), "");
}

}  // namespace
