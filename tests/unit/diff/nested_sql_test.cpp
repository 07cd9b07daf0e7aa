// Nested SQL: a PL/SQL call and the statements it runs are one cause, also when the child's sql_id
// differs between the periods (a maintenance job coalescing one index in the base and another in the
// target), and shares of the change never add past 100% through parent and child. Periods built here.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>

#include "tests/support/compare_lookup.hpp"
#include "tests/support/sql_period.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

namespace {

using awrdiff::testing::table;

using awrdiff::Snapshot;
using awrdiff::SqlStat;

// One hour of one instance at `aas` average active sessions, with SQL lists cut off at 50 s.
Snapshot period(const std::string& source, double aas, std::int64_t snap) {
  return awrdiff::testing::sql_period(source, aas, snap, {.sessions = 200, .cpu_pct = 40, .sql_cutoff_s = 50});
}

SqlStat statement(const std::string& id, const std::string& module, const std::string& text, double elapsed, double execs) {
  SqlStat q;
  q.sql_id = id;
  q.module = module;
  q.text = text;
  q.text_complete = true;
  q.elapsed_s = elapsed;
  q.executions = execs;
  return q;
}

int column(const awrdiff::CompareTable& t, std::string_view key) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].key == key) return static_cast<int>(i);
  return -1;
}

const std::string k_job = "pvg6x2vd0tcqz";  // the maintenance job: one sql_id in both periods
const std::string k_old = "db7f9rmwydc9p";  // the index it coalesced in the base
const std::string k_new = "g38pmc49f6znh";  // the index it coalesced in the target
const std::string k_stats = "b6usrg82hwsa3";  // another scheduler job, big enough to hold the target's child
const std::string k_app = "4ztz048yfq32s";  // the real cause: an application statement

// Base 1 AAS. The job takes about half an hour in each period, nearly all of it in its ALTER INDEX, of
// another index in each; the application's query (+0.806 AAS) and the stats job (+0.278 AAS) carry the
// change to the target's 2.2 AAS.
std::pair<Snapshot, Snapshot> job_with_another_child(double target_aas = 2.2) {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", target_aas, 102);
  const std::string sched = "DBMS_SCHEDULER";
  b.sql = {statement(k_job, sched, "call dbms_part.cleanup_gidx_job ( :0, :1 )", 1800, 0),
           statement(k_old, sched, "ALTER INDEX \"TDS\".\"EVENT_PK\" COALESCE CLEANUP PARALLEL 1", 1790, 0),
           statement(k_stats, sched, "call dbms_stats.gather_database_stats_job_proc ( )", 1000, 1),
           statement(k_app, "OrderEntry", "SELECT * FROM ORDERS WHERE CUSTOMER_ID = :B1", 100, 10000)};
  t.sql = {statement(k_stats, sched, "call dbms_stats.gather_database_stats_job_proc ( )", 2000, 1),
           statement(k_job, sched, "call dbms_part.cleanup_gidx_job ( :0, :1 )", 1900, 0),
           statement(k_new, sched, "ALTER INDEX \"TDS\".\"PREADVICE_ITEM_PK\" COALESCE CLEANUP PARALLEL 1", 1890, 0),
           statement(k_app, "OrderEntry", "SELECT * FROM ORDERS WHERE CUSTOMER_ID = :B1", 3000, 10000)};
  return {b, t};
}

TEST(NestedSql, ChildWithAnotherSqlIdInEachPeriodIsTheJobsTimeNotACause) {
  const auto [b, t] = job_with_another_child();
  const auto c = awrdiff::compare(b, t);
  // The headline names the application's statement, never the job's new or gone ALTER INDEX.
  EXPECT_NE(c.headline.find(k_app), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find(k_new), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find(k_old), std::string::npos) << c.headline;
  for (const auto& f : c.findings) {
    EXPECT_EQ(f.title.find(k_new), std::string::npos) << f.title;
    EXPECT_EQ(f.title.find(k_old), std::string::npos) << f.title;
    EXPECT_EQ(f.cause.find(k_new), std::string::npos) << f.cause;
  }
  // "SQL carrying the change": the new child is counted in the job's share, and the shares that are
  // numbers add up to no more than 100%.
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const int id = column(*carriers, "sql_id"), share = column(*carriers, "share_pct"), why = column(*carriers, "why");
  ASSERT_GE(id, 0);
  ASSERT_GE(share, 0);
  ASSERT_GE(why, 0);
  double sum = 0;
  bool child_seen = false;
  for (const auto& r : carriers->rows) {
    const auto& sid = std::get<std::string>(r.cells[static_cast<std::size_t>(id)]);
    const auto& cell = r.cells[static_cast<std::size_t>(share)];
    if (const auto* v = std::get_if<double>(&cell)) sum += *v;
    if (sid == k_new) {
      child_seen = true;
      ASSERT_TRUE(std::holds_alternative<awrdiff::CountedIn>(cell));
      EXPECT_EQ(std::get<awrdiff::CountedIn>(cell).item, k_job);
      const auto& text = std::get<std::string>(r.cells[static_cast<std::size_t>(why)]);
      EXPECT_NE(text.find("probably runs inside PL/SQL " + k_job + ", whose own change is +0.028 AAS"), std::string::npos)
          << text;
    }
  }
  EXPECT_TRUE(child_seen);
  EXPECT_LE(sum, 100.0 + 1e-9);
}

TEST(NestedSql, TheJobIsOneCauseWithBothChildrenWhenItsOwnTimeChanged) {
  // The job runs twice as long in the target: it is the cause, once, with both of its statements.
  auto [b, t] = job_with_another_child(1.5);  // +0.472 AAS of the job, the rest as in the base
  for (auto& q : t.sql) {
    if (q.sql_id == k_job) q.elapsed_s = 3500;
    if (q.sql_id == k_new) q.elapsed_s = 3490;
    if (q.sql_id == k_stats) q.elapsed_s = 1000;
    if (q.sql_id == k_app) q.elapsed_s = 100;
  }
  const auto c = awrdiff::compare(b, t);
  EXPECT_NE(c.headline.find("SQL " + k_job), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find(k_new), std::string::npos) << c.headline;
  const awrdiff::Finding* job = nullptr;
  for (const auto& f : c.findings) {
    if (f.rule == "sql_regression" && f.title.find(k_job) != std::string::npos) job = &f;
    EXPECT_FALSE(f.rule == "sql_regression" && f.title.find(k_new) != std::string::npos) << f.title;
  }
  ASSERT_NE(job, nullptr) << c.headline;
  auto evidence = [&](const std::string& part) {
    return std::any_of(job->evidence.begin(), job->evidence.end(),
                       [&](const std::string& e) { return e.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(evidence("runs " + k_new + " (ALTER INDEX \"TDS\".\"PREADVICE_ITEM_PK\"")) << job->title;
  EXPECT_TRUE(evidence("in the target only"));
  EXPECT_TRUE(evidence("runs " + k_old + " (ALTER INDEX \"TDS\".\"EVENT_PK\"")) << job->title;
  EXPECT_TRUE(evidence("in the base only"));
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const int share = column(*carriers, "share_pct");
  double sum = 0;
  for (const auto& r : carriers->rows)
    if (const auto* v = std::get_if<double>(&r.cells[static_cast<std::size_t>(share)])) sum += *v;
  EXPECT_LE(sum, 100.0 + 1e-9);
}

TEST(NestedSql, UnrelatedStatementOfTheSameModuleIsNotAChild) {
  // A statement of the job's module that takes a part of the job's time, or more than all of it, is not
  // taken for its child.
  auto [b, t] = job_with_another_child();
  t.sql.push_back(
      statement("0qt4k3p1thf6h", "DBMS_SCHEDULER", "DELETE from EPS_ORDER where CREATED_DATE_TIME < SYSDATE - 400", 600, 1));
  t.sql.push_back(statement("7azs4mft8j1wy", "DBMS_SCHEDULER", "delete from EPS_ORDER_EVENT where ORDER_ID = :1", 2600, 1));
  // Three quarters of a call's time: a module names a whole application more often than one call.
  t.sql.push_back(
      statement("1pb7zpasc3r3x", "DBMS_SCHEDULER", "SELECT MAIL_PIECE_ID FROM MAIL_PIECE WHERE BARCODE = :1", 1400, 9000));
  const auto c = awrdiff::compare(b, t);
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const int id = column(*carriers, "sql_id"), share = column(*carriers, "share_pct");
  for (const auto& r : carriers->rows) {
    const auto& sid = std::get<std::string>(r.cells[static_cast<std::size_t>(id)]);
    if (sid == "0qt4k3p1thf6h" || sid == "7azs4mft8j1wy" || sid == "1pb7zpasc3r3x") {
      EXPECT_TRUE(std::holds_alternative<double>(r.cells[static_cast<std::size_t>(share)])) << sid;
    }
  }
}

}  // namespace

namespace {

// The stats job's "SQL Analyze" query of one table, as the report prints it: a column directive comment that changes
// between runs (NDV / TOPN), and the report's line wrapping (a space inside a word, inside a quoted name).
std::string analyze_text(bool second_run) {
  const std::string head =
      "/* SQL Analyze(1) */ select /*+ full(t) no_parallel(t) dbms_stats cursor_sharing_exact */to_char(count(\"MANIFEST_ID\")), "
      "substrb(dump(min(\"MANIFEST_ID\"), 16, 0, 64), 1, 240), ";
  const std::string cols = second_run ? "to_char(count( \"LONGITUDE\")), substrb(dump(max(\"LONGITUDE \"), 16, 0, 64), 1, 240)"
                                      : "to_char(count(\"LONGITUDE\")), su bstrb(dump(max(\"LONGITUDE\"), 16, 0, 64), 1, 240)";
  const std::string tail = second_run ? " from \"TDS\".\"MANIFEST\" t /* NDV, NIL, NIL, NDV, NIL, NIL, TOPN, U254U*/"
                                      : " from \"TDS\".\"MANIFEST\" t /* NDV, NIL, NIL, TOPN, NIL, NIL, NDV, U254U*/";
  return head + cols + tail;
}

const std::string k_stats_job = "b6usrg82hwsa3";
const std::string k_analyze_base = "gkj36y6chsvh5";
const std::string k_analyze_target = "390ps6515t2d8";

// Base 1 AAS, target 2.2 AAS: the stats job (0.4 -> 0.9 AAS, nearly all of it its SQL Analyze query, under another
// sql_id in each period) and the application's query carry the change.
std::pair<Snapshot, Snapshot> stats_job_with_changed_child() {
  auto b = period("base.html", 1.0, 100);
  auto t = period("target.html", 2.2, 102);
  const std::string sched = "DBMS_SCHEDULER";
  b.sql = {statement(k_stats_job, sched, "call dbms_stats.gather_database_stats_job_proc ( )", 1440, 1),
           statement(k_analyze_base, sched, analyze_text(false), 1435, 1),
           statement(k_app, "OrderEntry", "SELECT * FROM ORDERS WHERE CUSTOMER_ID = :B1", 100, 10000)};
  t.sql = {statement(k_stats_job, sched, "call dbms_stats.gather_database_stats_job_proc ( )", 3240, 1),
           statement(k_analyze_target, sched, analyze_text(true), 3000, 1),
           statement(k_app, "OrderEntry", "SELECT * FROM ORDERS WHERE CUSTOMER_ID = :B1", 2600, 10000)};
  return {b, t};
}

}  // namespace

TEST(NestedSql, ChildWhoseSqlIdChangedIsOneStatementInsideItsCall) {
  const auto [b, t] = stats_job_with_changed_child();
  const auto c = awrdiff::compare(b, t);
  const std::string label = k_analyze_base + " -> " + k_analyze_target;
  // Top SQL: one row for the child, "sql_id changed", never one new and one gone.
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  const int id = column(*top, "sql_id"), status = column(*top, "status");
  ASSERT_GE(id, 0);
  ASSERT_GE(status, 0);
  bool matched = false;
  for (const auto& r : top->rows) {
    const auto& sid = std::get<std::string>(r.cells[static_cast<std::size_t>(id)]);
    EXPECT_NE(sid, k_analyze_base);
    EXPECT_NE(sid, k_analyze_target);
    if (sid == label) {
      matched = true;
      const auto* s = std::get_if<std::string>(&r.cells[static_cast<std::size_t>(status)]);
      ASSERT_NE(s, nullptr);
      EXPECT_EQ(*s, "sql_id changed");
    }
  }
  EXPECT_TRUE(matched) << "no row " << label;
  // SQL carrying the change: the child is counted in the job's share; the shares that are numbers add to at most 100%.
  const auto* carriers = table(c, "sql_carriers");
  ASSERT_NE(carriers, nullptr);
  const int cid = column(*carriers, "sql_id"), share = column(*carriers, "share_pct");
  double sum = 0;
  bool child_seen = false;
  for (const auto& r : carriers->rows) {
    const auto& sid = std::get<std::string>(r.cells[static_cast<std::size_t>(cid)]);
    const auto& cell = r.cells[static_cast<std::size_t>(share)];
    if (const auto* v = std::get_if<double>(&cell)) sum += *v;
    if (sid == label) {
      child_seen = true;
      ASSERT_TRUE(std::holds_alternative<awrdiff::CountedIn>(cell));
      EXPECT_EQ(std::get<awrdiff::CountedIn>(cell).item, k_stats_job);
    }
  }
  EXPECT_TRUE(child_seen);
  EXPECT_LE(sum, 100.0 + 1e-9);
  // Findings and the headline: the child is never a cause of its own, and the job's finding names it once.
  EXPECT_EQ(c.headline.find(k_analyze_base), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find(k_analyze_target), std::string::npos) << c.headline;
  double sql_impact = 0;
  for (const auto& f : c.findings) {
    EXPECT_EQ(f.title.find(k_analyze_target), std::string::npos) << f.title;
    EXPECT_EQ(f.cause.find(k_analyze_target), std::string::npos) << f.cause;
    if (f.rule == "sql_regression" || f.rule == "sql_changed") sql_impact += f.impact_aas;
  }
  // The job (+0.5 AAS) and the application (+0.694 AAS), each once: never the child's +0.435 a second time.
  EXPECT_NEAR(sql_impact, (3240.0 - 1440.0) / 3600 + (2600.0 - 100.0) / 3600, 1e-6);
}

TEST(NestedSql, ChildWhoseLiteralsBecameBindsIsNotCountedTwice) {
  // The job's child ran with a literal in the base and a bind in the target: the sql_changed finding says so, but its
  // time is the call's and is not counted a second time.
  auto [b, t] = stats_job_with_changed_child();
  b.sql[1].text = "DELETE FROM STATS_STAGE WHERE BATCH_ID = 42";
  t.sql[1].text = "DELETE FROM STATS_STAGE WHERE BATCH_ID = :B1";
  const auto c = awrdiff::compare(b, t);
  const awrdiff::Finding* changed = nullptr;
  for (const auto& f : c.findings)
    if (f.rule == "sql_changed") changed = &f;
  ASSERT_NE(changed, nullptr);
  EXPECT_EQ(changed->impact_aas, 0.0);
  EXPECT_NE(changed->title.find("literals became binds"), std::string::npos) << changed->title;
  EXPECT_TRUE(std::any_of(changed->evidence.begin(), changed->evidence.end(),
                          [](const std::string& e) { return e.find("runs inside PL/SQL " + k_stats_job) != std::string::npos; }));
  EXPECT_EQ(c.headline.find(k_analyze_target), std::string::npos) << c.headline;
}

TEST(NestedSql, SameTextButForCommentsOfAnotherModuleOrPlanIsNotMatched) {
  auto [b, t] = stats_job_with_changed_child();
  t.sql[1].module = "SQL Developer";
  auto c = awrdiff::compare(b, t);
  const auto* top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(awrdiff::testing::row(*top, k_analyze_base + " -> " + k_analyze_target), nullptr);
  auto [b2, t2] = stats_job_with_changed_child();
  b2.sql[1].plan_hash_value = 1111;
  t2.sql[1].plan_hash_value = 2222;
  c = awrdiff::compare(b2, t2);
  top = table(c, "top_sql");
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(awrdiff::testing::row(*top, k_analyze_base + " -> " + k_analyze_target), nullptr);
}
