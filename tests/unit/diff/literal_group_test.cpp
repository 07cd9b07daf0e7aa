// Literal SQL against its bind form: one report lists a statement shape under many sql_ids (a literal value
// each), the other under one (binds). The one statement is the group's work under one cursor, never "new" or
// "gone"; its change is taken against what the lists give for the group's ids, a bound (more ids of the shape
// hide below the cut-off), or unknown when they give nothing. Periods built here.
#include "tests/support/compare_lookup.hpp"
#include "tests/support/sql_period.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace {

using awrdiff::Snapshot;
using awrdiff::SqlStat;
using awrdiff::testing::column;
using awrdiff::testing::row;
using awrdiff::testing::table;

// One hour of one instance at `aas` average active sessions, with SQL lists cut off at 1 s.
Snapshot period(const std::string& source, double aas, std::int64_t snap) {
  return awrdiff::testing::sql_period(source, aas, snap);
}

SqlStat statement(const std::string& id, const std::string& text, std::optional<double> elapsed, double execs) {
  SqlStat q;
  q.sql_id = id;
  q.module = "APP";
  q.text = text;
  q.text_complete = true;
  q.elapsed_s = elapsed;
  q.executions = execs;
  return q;
}

const std::string k_bind = "0ppg2f0mnfq8m";
const std::string k_bind_text = "SELECT PAD FROM T_BIG WHERE ID = :B1";
const std::vector<std::string> k_literal_ids = {"7pg43hfd3wk23", "7sxc85f1vwbv8", "dsmrt2466ypwv", "dpjsyk1yf8qnn"};

// The literal form: one sql_id a value, each with `elapsed` (empty: listed, but not with its elapsed).
std::vector<SqlStat> literals(const std::vector<std::optional<double>>& elapsed) {
  std::vector<SqlStat> out;
  for (std::size_t i = 0; i < elapsed.size(); ++i)
    out.push_back(
        statement(k_literal_ids[i], "SELECT PAD FROM T_BIG WHERE ID = " + std::to_string(7313 + i * 17), elapsed[i], 1));
  return out;
}

// An application statement carrying most of the change, in both periods.
SqlStat app(double elapsed) { return statement("4ztz048yfq32s", "UPDATE ORDERS SET STATUS = :B1 WHERE ID = :B2", elapsed, 1000); }

const awrdiff::CompareCell& at(const awrdiff::CompareTable& t, const awrdiff::CompareRow& r, std::string_view key) {
  return r.cells.at(column(t, std::string(key)));
}

// Nothing says the statement is new or gone: not the verdict, no finding, no row.
void expect_never_new_or_gone(const awrdiff::Comparison& c) {
  EXPECT_EQ(c.headline.find(k_bind + " new"), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find(k_bind + " gone"), std::string::npos) << c.headline;
  for (const auto& k : c.contributors) EXPECT_NE(k.name, k_bind) << "a cause although its change is a bound";
  for (const auto& f : c.findings) {
    EXPECT_EQ(f.title.find(k_bind + " is new"), std::string::npos) << f.title;
    EXPECT_EQ(f.title.find(k_bind + " is gone"), std::string::npos) << f.title;
  }
  // The literal ids are the bind statement's other side: no row of their own.
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  for (const auto& id : k_literal_ids) EXPECT_EQ(row(*top, id), nullptr) << id;
}

TEST(LiteralGroup, LiteralsBecameBindsIsTheGroupsWorkWithTheChangeAtMost) {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", 1.5, 102);
  // The base lists 3 literal ids, 2 s each (more hide below the cut-off); the target runs the bind form, 1,800 s.
  b.sql = literals({2.0, 2.0, 2.0});
  b.sql.push_back(app(1000));
  t.sql = {statement(k_bind, k_bind_text, 1800, 1000000), app(1000)};
  const auto c = awrdiff::compare(b, t);
  expect_never_new_or_gone(c);

  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* r = row(*top, k_bind);
  ASSERT_NE(r, nullptr);
  const auto* status = std::get_if<std::string>(&at(*top, *r, "status"));
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(*status, "literals -> binds (3 ids in base)");
  // The base: what the lists give for the group's ids, at least that.
  EXPECT_EQ(at(*top, *r, "base_elapsed_s"), awrdiff::CompareCell(awrdiff::Bound{6.0, true}));
  const auto* pct = std::get_if<awrdiff::Bound>(&at(*top, *r, "rate_change_pct"));
  ASSERT_NE(pct, nullptr);
  EXPECT_FALSE(pct->at_least);
  EXPECT_NEAR(pct->value, (1800.0 - 6.0) / 6.0 * 100, 1e-6);

  // SQL carrying the change: (1,800 - 6) s over the hour, or less.
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const auto* cr = row(*carriers, k_bind);
  ASSERT_NE(cr, nullptr);
  const auto* d = std::get_if<awrdiff::Bound>(&at(*carriers, *cr, "delta_aas"));
  ASSERT_NE(d, nullptr);
  EXPECT_NEAR(d->value, (1800.0 - 6.0) / 3600, 1e-9);
  EXPECT_FALSE(d->at_least);

  // The literal SQL finding names the statement the shape runs as now.
  bool named = false;
  for (const auto& f : c.findings)
    if (f.rule == "literal_sql")
      for (const auto& e : f.evidence)
        named = named || e.find("runs as one sql_id in the target: SQL " + k_bind) != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(LiteralGroup, BindsBecameLiteralsIsTheGroupsWorkWithTheChangeAtLeast) {
  auto b = period("base.html", 1.5, 100);
  auto t = period("target.html", 1.0, 102);
  b.sql = {statement(k_bind, k_bind_text, 1800, 1000000), app(1000)};
  t.sql = literals({2.0, 2.0, 2.0, 2.0});
  t.sql.push_back(app(1000));
  const auto c = awrdiff::compare(b, t);
  expect_never_new_or_gone(c);

  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* r = row(*top, k_bind);
  ASSERT_NE(r, nullptr);
  const auto* status = std::get_if<std::string>(&at(*top, *r, "status"));
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(*status, "binds -> literals (4 ids in target)");
  EXPECT_EQ(at(*top, *r, "target_elapsed_s"), awrdiff::CompareCell(awrdiff::Bound{8.0, true}));
  // The target holds at least what its lists give: the change is (8 - 1,800) s or more, a fall of at most that.
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const auto* cr = row(*carriers, k_bind);
  ASSERT_NE(cr, nullptr);
  const auto* d = std::get_if<awrdiff::Bound>(&at(*carriers, *cr, "delta_aas"));
  ASSERT_NE(d, nullptr);
  EXPECT_NEAR(d->value, (8.0 - 1800.0) / 3600, 1e-9);
  EXPECT_TRUE(d->at_least);
}

TEST(LiteralGroup, PartlyKnownGroupIsTheSumOfWhatTheListsGiveAsABound) {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", 1.5, 102);
  // Two of the three ids are listed without their elapsed (another list): the base is at least 5 s.
  b.sql = literals({5.0, std::nullopt, std::nullopt});
  b.sql.push_back(app(1000));
  t.sql = {statement(k_bind, k_bind_text, 1800, 1000000), app(1000)};
  const auto c = awrdiff::compare(b, t);
  expect_never_new_or_gone(c);
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* r = row(*top, k_bind);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(at(*top, *r, "base_elapsed_s"), awrdiff::CompareCell(awrdiff::Bound{5.0, true}));
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const auto* cr = row(*carriers, k_bind);
  ASSERT_NE(cr, nullptr);
  EXPECT_EQ(at(*carriers, *cr, "delta_aas"), awrdiff::CompareCell(awrdiff::Bound{(1800.0 - 5.0) / 3600, false}));
}

TEST(LiteralGroup, NothingKnownOfTheGroupLeavesTheChangeUnknownNeverZero) {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", 1.5, 102);
  b.sql = literals({std::nullopt, std::nullopt, std::nullopt});
  b.sql.push_back(app(1000));
  t.sql = {statement(k_bind, k_bind_text, 1800, 1000000), app(1000)};
  const auto c = awrdiff::compare(b, t);
  expect_never_new_or_gone(c);
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* r = row(*top, k_bind);
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(at(*top, *r, "base_elapsed_s")));
  EXPECT_EQ(at(*top, *r, "rate_change_pct"), awrdiff::CompareCell(awrdiff::Unknown{awrdiff::Unknown::Why::no_change}));
  // No change to carry: not in SQL carrying the change.
  if (const auto* carriers = table(c, "sql_carriers"); carriers != nullptr) EXPECT_EQ(row(*carriers, k_bind), nullptr);
  // The literal SQL finding says the base's elapsed is unknown, never 0.
  for (const auto& f : c.findings)
    if (f.rule == "literal_sql")
      for (const auto& e : f.evidence) {
        EXPECT_EQ(e.find("0.000 ->"), std::string::npos) << e;
        if (e.starts_with("3 -> 1 listed sql_ids")) EXPECT_NE(e.find("not in the lists"), std::string::npos) << e;
      }
}

// Literal SQL on both sides with one listed id on one of them and no bind: the same shape, matched to the
// group all the same (never new), said as such.
TEST(LiteralGroup, OneLiteralIdAgainstAGroupIsTheSameShape) {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", 1.5, 102);
  b.sql = literals({2.0, 2.0, 2.0});
  b.sql.push_back(app(1000));
  t.sql = {statement(k_bind, "SELECT PAD FROM T_BIG WHERE ID = 99", 1800, 1), app(1000)};
  const auto c = awrdiff::compare(b, t);
  expect_never_new_or_gone(c);
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const auto* r = row(*top, k_bind);
  ASSERT_NE(r, nullptr);
  const auto* status = std::get_if<std::string>(&at(*top, *r, "status"));
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(*status, "same shape, 3 literal ids in base");
}

}  // namespace
