// The verdict's semantics on small periods built here: busier is not slower, implausible periods,
// invalid reports, the time model tree in the headline, one unit family, values as the report gives
// them, keys that cannot match, sets, and report oddities stated once.
#include "tests/support/mirror.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include "tests/support/compare_lookup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::testing::table;

using awrdiff::Snapshot;
using awrdiff::Verdict;

struct Work {
  double db_aas = 1;  // DB time per second
  double cpu_share = 0.4;  // DB CPU / DB time
  double exec = 1000;  // executions per second
  double txn = 100;  // transactions per second
  double calls = 2000;  // user calls per second
};

// One hour of one instance, snaps `snap` - `snap + 1`, with the figures of `w`.
Snapshot period(const std::string& source, const Work& w, std::int64_t snap = 100, double elapsed_s = 3600) {
  Snapshot s;
  s.source = source;
  s.database.name = "TESTDB";
  s.database.dbid = 42;
  s.database.instance = "test1";
  s.database.instance_number = 1;
  s.database.cpus = 16;
  s.database.cores = 8;
  s.interval.begin_snap = snap;
  s.interval.end_snap = snap + 1;
  const int hour = static_cast<int>(snap % 20);
  s.interval.begin_time = "01-Mar-24 " + std::to_string(hour) + ":00:00";
  s.interval.end_time = "01-Mar-24 " + std::to_string(hour + 1) + ":00:00";
  s.interval.elapsed_s = elapsed_s;
  s.interval.begin_sessions = 200;
  s.interval.end_sessions = 200;
  const double db = w.db_aas * elapsed_s, cpu = db * w.cpu_share;
  s.interval.db_time_s = db;
  s.time_model = {{"DB time", db, std::nullopt}, {"DB CPU", cpu, cpu / db * 100}, {"sql execute elapsed time", db * 0.9, 90}};
  s.load_profile = {{"db_time", "DB Time(s)", w.db_aas, std::nullopt, std::nullopt, std::nullopt},
                    {"db_cpu", "DB CPU(s)", w.db_aas * w.cpu_share, std::nullopt, std::nullopt, std::nullopt},
                    {"executes", "Executes (SQL)", w.exec, std::nullopt, std::nullopt, std::nullopt},
                    {"transactions", "Transactions", w.txn, std::nullopt, std::nullopt, std::nullopt},
                    {"user_calls", "User calls", w.calls, std::nullopt, std::nullopt, std::nullopt},
                    {"logical_reads", "Logical read (blocks)", w.exec * 20, std::nullopt, std::nullopt, std::nullopt}};
  awrdiff::WaitEvent c;
  c.name = "DB CPU";
  c.is_cpu = true;
  c.time_s = cpu;
  c.pct_db_time = w.cpu_share * 100;
  awrdiff::WaitEvent io;
  io.name = "db file sequential read";
  io.wait_class = "User I/O";
  io.time_s = db - cpu;
  io.waits = (db - cpu) / 0.005;
  io.avg_wait_ms = 5;
  io.pct_db_time = (1 - w.cpu_share) * 100;
  s.top_events = {c, io};
  return s;
}

bool has(const std::vector<std::string>& v, const std::string& part) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

const awrdiff::Finding* finding(const awrdiff::Comparison& c, std::string_view rule) {
  for (const auto& f : c.findings)
    if (f.rule == rule) return &f;
  return nullptr;
}

// Every line of the comparison a reader sees, but the tables: headline, warnings, findings.
std::vector<std::string> lines(const awrdiff::Comparison& c) {
  std::vector<std::string> out{c.headline};
  out.insert(out.end(), c.warnings.begin(), c.warnings.end());
  for (const auto& f : c.findings) {
    out.push_back(f.title);
    out.push_back(f.cause);
    out.insert(out.end(), f.evidence.begin(), f.evidence.end());
  }
  return out;
}

}  // namespace

TEST(Verdict, BusierIsNotSlower) {
  // DB time per second +20% with executions +30%, transactions +60%, user calls +30%: each unit of
  // work costs less.
  const auto base = period("base.html", {1.0, 0.4, 1000, 100, 2000}, 100);
  const auto target = period("target.html", {1.2, 0.4, 1300, 160, 2600}, 102);
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, Verdict::load_changed) << c.headline;
  EXPECT_EQ(c.headline.rfind("More load, not slower: DB time per second +20%", 0), 0u) << c.headline;
  for (const char* part :
       {"executions +30%", "transactions +60%", "user calls +30%", "DB time per transaction -25% (per execution and call held)"})
    EXPECT_NE(c.headline.find(part), std::string::npos) << part << ": " << c.headline;
  EXPECT_STREQ(awrdiff::to_string(c.verdict), "load changed");
  // The mirror: less load, not faster.
  const auto back = awrdiff::compare(target, base);
  EXPECT_EQ(back.verdict, Verdict::load_changed) << back.headline;
  EXPECT_EQ(back.headline.rfind("Less load, not faster:", 0), 0u) << back.headline;
  awrdiff::testing::expect_mirror(c, back);
  // The work-efficiency figures are in the comparison.
  const auto* w = table(c, "work_efficiency");
  ASSERT_NE(w, nullptr);
  std::vector<std::string> names;
  for (const auto& r : w->rows) names.push_back(std::get<std::string>(r.cells.front()));
  for (const char* n : {"Executions per second", "Transactions per second", "User calls per second", "DB time per execution (ms)",
                        "DB time per transaction (ms)", "DB time per user call (ms)", "Logical reads per ms of DB CPU"})
    EXPECT_TRUE(has(names, n)) << n;
}

TEST(Verdict, SlowerIsARegressionWhateverTheLoad) {
  const auto base = period("base.html", {1.0, 0.4, 1000, 100, 2000}, 100);
  // The same work, 50% more DB time: slower.
  const auto same_work = awrdiff::compare(base, period("t1.html", {1.5, 0.4, 1000, 100, 2000}, 102));
  EXPECT_EQ(same_work.verdict, Verdict::regressed) << same_work.headline;
  // 30% more work at twice the DB time: each unit costs 54% more.
  const auto heavier = awrdiff::compare(base, period("t2.html", {2.0, 0.4, 1300, 130, 2600}, 102));
  EXPECT_EQ(heavier.verdict, Verdict::regressed) << heavier.headline;
}

TEST(Verdict, SoakTestStartIsALoadChangeWithTheSlowdownNamedSecond) {
  // Transactions 0.1 -> 2,000 per second: the load change comes first; commits slower inside it.
  auto base = period("idle.html", {1.1, 0.4, 8, 0.1, 2}, 100);
  auto target = period("soak.html", {20, 0.3, 4000, 2000, 7000}, 102);
  auto lfs = [](double time_s, double avg_ms) {
    awrdiff::WaitEvent e;
    e.name = "log file sync";
    e.wait_class = "Commit";
    e.time_s = time_s;
    e.waits = time_s / avg_ms * 1000;
    e.avg_wait_ms = avg_ms;
    return e;
  };
  base.top_events.push_back(lfs(1.0, 1.71));
  target.top_events.push_back(lfs(20000, 5.75));
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, Verdict::load_changed) << c.headline;
  const auto load = c.headline.find("More load, not slower");
  const auto commits = c.headline.find("slower inside it: commit latency (log file sync 1.71 -> 5.75 ms average; ");
  EXPECT_EQ(load, 0u) << c.headline;
  ASSERT_NE(commits, std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("transactions 0.1 -> 2,000.0 /s"), std::string::npos) << c.headline;
  EXPECT_FALSE(std::regex_search(c.headline, std::regex("[0-9]{2},[0-9]{3}%"))) << c.headline;  // no "+1,999,900%"
}

TEST(Verdict, ElapsedNotFittingTheSnapTimesUsesThem) {
  // Elapsed says 10 minutes, the snap times an hour: rates over the hour, said so.
  const auto base = period("base.html", {1.0}, 100);
  auto target = period("dst.html", {1.0}, 102);
  target.interval.elapsed_s = 600;
  for (auto& r : target.load_profile) *r.per_second *= 6;  // the report's rates over its own Elapsed
  const auto c = awrdiff::compare(base, target);
  EXPECT_TRUE(has(c.warnings, "dst.html: Elapsed 10.0 min but the snap times are 60.0 min apart")) << c.warnings.front();
  EXPECT_TRUE(has(c.warnings, "rates use the snap times"));
  ASSERT_TRUE(c.db_time_per_s_target);
  EXPECT_NEAR(*c.db_time_per_s_target, 1.0, 1e-9);
  EXPECT_EQ(c.verdict, Verdict::unchanged) << c.headline;
}

TEST(Verdict, ElapsedTooShortForTheDbTimeIsNotComparable) {
  // A DST change: 10 minutes of elapsed (and of snap times) for an hour of work by 200 sessions at
  // 100 AAS: 600 average active sessions cannot be.
  const auto base = period("base.html", {100}, 100);
  auto target = period("dst.html", {100}, 102);
  target.interval.elapsed_s = 600;
  target.interval.end_time = "01-Mar-24 2:10:00";
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, Verdict::not_comparable) << c.headline;
  EXPECT_EQ(c.headline.rfind("Not comparable: dst.html: DB time", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("too short for the DB time"), std::string::npos) << c.headline;
  EXPECT_TRUE(c.findings.empty());
  EXPECT_FALSE(c.db_time_change_pct);
  for (const auto& t : c.tables)
    for (const auto& col : t.columns) {
      EXPECT_NE(col.key, "rate_change_pct") << t.key;
      EXPECT_NE(col.key, "assessment") << t.key;
    }
  EXPECT_FALSE(std::regex_search(c.headline, std::regex("[0-9]{2},[0-9]{3}%"))) << c.headline;
}

// The same period's tables: its rates over that Elapsed (600 AAS here, 1,179 AAS in the replay) and its
// per-execution figures are left blank, the base's kept, and each table says why.
TEST(Verdict, ElapsedTooShortForTheDbTimeBlanksItsRates) {
  const auto base = period("base.html", {100}, 100);
  auto target = period("dst.html", {100}, 102);
  target.interval.elapsed_s = 600;
  target.interval.end_time = "01-Mar-24 2:10:00";
  const auto c = awrdiff::compare(base, target);
  bool any_base_rate = false, noted = false;
  for (const auto& t : c.tables) {
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      const auto& col = t.columns[i];
      const bool rate = col.unit == "AAS" || col.unit.ends_with("/s") || col.key.find("per_exec") != std::string::npos;
      for (const auto& r : t.rows) {
        if (!rate || i >= r.cells.size()) continue;
        if (col.key.starts_with("target_") || col.key == "target")
          EXPECT_TRUE(std::holds_alternative<std::monostate>(r.cells[i])) << t.key << " " << col.key;
      }
      for (const auto& r : t.rows)  // the base's figures stay
        if ((col.key == "base" || col.key.starts_with("base_")) && i < r.cells.size() &&
            std::holds_alternative<double>(r.cells[i]))
          any_base_rate = true;
    }
    for (const auto& n : t.notes) noted = noted || n.find("dst.html's figures per second and per execution are left blank") == 0;
  }
  EXPECT_TRUE(any_base_rate);
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::text, {}, out);
  EXPECT_TRUE(noted) << out.str();
}

TEST(Verdict, InvalidReportsAreNotComparableReasonFirst) {
  const auto base = period("base.html", {1.0}, 100);
  auto restart = period("restart.html", {3.0}, 102);
  restart.valid = false;
  restart.invalid_reason = "instance restart between begin and end snapshot (the report says RESULTS ARE INVALID)";
  auto timings = period("timings.html", {3.0}, 102);
  timings.timings_valid = false;
  for (const auto* bad : {&restart, &timings}) {
    SCOPED_TRACE(bad->source);
    for (const auto& c : {awrdiff::compare(base, *bad), awrdiff::compare(*bad, base)}) {
      EXPECT_EQ(c.verdict, Verdict::not_comparable) << c.headline;
      EXPECT_EQ(c.headline.rfind("Not comparable: " + bad->source, 0), 0u) << c.headline;
      EXPECT_TRUE(c.findings.empty());
      EXPECT_TRUE(c.contributors.empty());
      EXPECT_EQ(table(c, "attribution"), nullptr);
      for (const auto& t : c.tables)
        for (const auto& col : t.columns)
          EXPECT_TRUE(col.kind != awrdiff::ColumnKind::change_pct && col.kind != awrdiff::ColumnKind::delta)
              << t.key << " " << col.key;
    }
  }
}

namespace {

// Base 1 AAS, target 2 AAS; the target's parse time grows by `parse_s` seconds, of which `hard_s` is
// hard parsing; `mutex_s` seconds of library cache: mutex X appear.
std::pair<Snapshot, Snapshot> parsing(double parse_s, double hard_s, double mutex_s) {
  auto b = period("base.html", {1.0, 0.4}, 100);
  auto t = period("target.html", {2.0, 0.4}, 102);
  b.time_model.push_back({"parse time elapsed", 100.0, 100.0 / 36});
  b.time_model.push_back({"hard parse elapsed time", 50.0, 50.0 / 36});
  t.time_model.push_back({"parse time elapsed", 100 + parse_s, std::nullopt});
  t.time_model.push_back({"hard parse elapsed time", 50 + hard_s, std::nullopt});
  awrdiff::WaitEvent m;
  m.name = "library cache: mutex X";
  m.wait_class = "Concurrency";
  m.time_s = 1;
  m.waits = 1000;
  m.avg_wait_ms = 1;
  b.top_events.push_back(m);
  m.time_s = 1 + mutex_s;
  m.waits = 1000 + mutex_s * 1000;
  t.top_events.push_back(m);
  t.top_events[1].time_s = *t.top_events[1].time_s - mutex_s;  // the I/O shrinks by as much
  return {b, t};
}

}  // namespace

TEST(Verdict, HeadlineCountsEachSecondOnce) {
  {  // hard parsing is half the parse time change: the parent is named, not both
    auto [b, t] = parsing(1900, 950, 0);
    const auto c = awrdiff::compare(b, t);
    const bool parent = c.headline.find("parse time elapsed") != std::string::npos;
    const bool child = c.headline.find("hard parsing") != std::string::npos;
    EXPECT_TRUE(parent != child || !parent) << c.headline;
    EXPECT_TRUE(parent) << c.headline;
  }
  {  // hard parsing carries nearly all of it: the child is named
    auto [b, t] = parsing(1900, 1800, 0);
    const auto c = awrdiff::compare(b, t);
    EXPECT_NE(c.headline.find("hard parsing"), std::string::npos) << c.headline;
    EXPECT_EQ(c.headline.find("parse time elapsed"), std::string::npos) << c.headline;
  }
  {  // contention carrying a fifth of the change is named in the headline
    auto [b, t] = parsing(1900, 1800, 800);
    const auto c = awrdiff::compare(b, t);
    EXPECT_NE(c.headline.find("library cache: mutex X"), std::string::npos) << c.headline;
  }
}

TEST(Verdict, OneUnitFamilyAndSensibleAverages) {
  // A row lock pile-up of 1,000 AAS clearing in half an hour: every change in AAS, none in days.
  auto b = period("pileup.html", {1000, 0.003}, 100, 1800);
  auto t = period("after.html", {100, 0.03}, 102, 1800);
  for (auto* s : {&b, &t}) {
    s->interval.begin_sessions = 3000;
    s->interval.end_sessions = 3000;
    s->interval.end_time = "01-Mar-24 " + std::to_string(*s->interval.begin_snap % 20) + ":30:00";
    s->top_events[1].name = "enq: TX - row lock contention";
    s->top_events[1].wait_class = "Application";
  }
  b.top_events[1].avg_wait_ms = 95670;
  t.top_events[1].avg_wait_ms = 11512;
  const auto c = awrdiff::compare(b, t);
  EXPECT_EQ(c.verdict, Verdict::improved) << c.headline;
  EXPECT_NE(c.headline.find(" AAS"), std::string::npos) << c.headline;
  const std::regex days("[0-9] d\\b|[0-9] h\\b|[0-9] min\\b");
  for (const auto& l : lines(c)) EXPECT_FALSE(std::regex_search(l, days)) << l;
  const auto* f = finding(c, "concurrency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("95,670 -> 11,512 ms average"), std::string::npos) << f->title;
  // The events table prints averages by magnitude.
  const auto* ev = table(c, "top_events");
  ASSERT_NE(ev, nullptr);
  for (const auto& col : ev->columns)
    if (col.key.ends_with("avg_wait_ms")) { EXPECT_LT(col.precision, 0); }
}

TEST(Verdict, NewStatementShowsItsReportedElapsedAndTheBoundApart) {
  auto b = period("base.html", {1.0}, 100);
  auto t = period("target.html", {1.5}, 102);
  for (auto* s : {&b, &t}) {
    s->has_sql_sections = true;
    s->sql_elapsed_cutoff_s = 30;
  }
  awrdiff::SqlStat q;
  q.sql_id = "7uf1nkyf1y24f";
  q.elapsed_s = 1391.6;
  q.text = "select count(*) from event";
  q.module = "SQL Developer";
  t.sql.push_back(q);
  awrdiff::SqlStat running;  // blank Executions on both sides: a call spanning the snapshots
  running.sql_id = "0abcdefghijkl";
  running.text = "begin long_job; end;";
  running.elapsed_s = 100;
  b.sql.push_back(running);
  running.elapsed_s = 700;
  t.sql.push_back(running);
  const auto c = awrdiff::compare(b, t);
  const awrdiff::Finding* nf = nullptr;
  for (const auto& f : c.findings)
    if (f.rule == "sql_regression" && f.title.find("7uf1nkyf1y24f") != std::string::npos) nf = &f;
  ASSERT_NE(nf, nullptr) << c.headline;
  EXPECT_NE(nf->title.find("1,391.6 s elapsed in the target"), std::string::npos) << nf->title;
  EXPECT_NE(nf->title.find("or more"), std::string::npos) << nf->title;
  for (const auto& l : lines(c)) EXPECT_EQ(l.find("? -> ?"), std::string::npos) << l;
}

TEST(Verdict, AwrAgainstStatspackPairsNoSql) {
  // The same statement under a sql_id (AWR) and an old hash value (Statspack): unrelated keys.
  auto b = period("awr.html", {1.0}, 100);
  auto t = period("statspack.lst", {1.5}, 102);
  t.kind = awrdiff::ReportKind::statspack;
  for (auto* s : {&b, &t}) {
    s->has_sql_sections = true;
    s->sql_elapsed_cutoff_s = 10;
  }
  awrdiff::SqlStat q;
  q.sql_id = "81uvdbt46vt5p";
  q.elapsed_s = 500;
  q.executions = 100;
  q.text = "select * from orders where id = :1";
  b.sql.push_back(q);
  q.sql_id = "3411246381";
  q.id_kind = "old_hash_value";
  q.elapsed_s = 1500;
  q.text = "select * from orders where id = 42";
  t.sql.push_back(q);
  const auto c = awrdiff::compare(b, t);
  EXPECT_EQ(finding(c, "sql_changed"), nullptr);
  const auto* sql = table(c, "top_sql");
  ASSERT_NE(sql, nullptr);
  for (const auto& r : sql->rows)
    for (const auto& cell : r.cells)
      if (const auto* s = std::get_if<std::string>(&cell)) {
        EXPECT_EQ(s->find("matched by text"), std::string::npos);
        EXPECT_EQ(s->find(" -> "), std::string::npos) << *s;
      }
}

TEST(Verdict, SetsMixingDatabasesAreNotComparable) {
  auto other = period("other.html", {1.0}, 104);
  other.database.dbid = 43;
  const auto c =
      awrdiff::compare_sets({period("a.html", {1.0}, 100), other}, {period("t.html", {1.2}, 102), period("u.html", {1.2}, 106)});
  EXPECT_EQ(c.verdict, Verdict::not_comparable) << c.headline;
  EXPECT_EQ(c.headline.rfind("Not comparable: the base set mixes databases", 0), 0u) << c.headline;
  EXPECT_TRUE(c.findings.empty());
}

TEST(Verdict, SetsDoNotTakeTheMergedRangeForAnOverlap) {
  // Base snaps 100-101 and 104-105, target 102-103: merged, the base runs 100-105 around the target.
  const auto c = awrdiff::compare_sets({period("a.html", {1.0}, 100), period("b.html", {1.0}, 104)},
                                       {period("t.html", {1.0}, 102), period("u.html", {1.0}, 106)});
  EXPECT_FALSE(has(c.warnings, "overlap")) << c.warnings.front();
}

TEST(Verdict, SetsKeepLiteralSqlOfEachMember) {
  // Each target report runs the statement with two other literals: four sql_ids in the set, none in
  // every member.
  auto with_literals = [](Snapshot s, int first) {
    s.has_sql_sections = true;
    s.sql_elapsed_cutoff_s = 1;
    for (int i = first; i < first + 2; ++i) {
      awrdiff::SqlStat q;
      q.sql_id = "lit" + std::to_string(i) + "xxxxxxxxx";
      q.elapsed_s = 60;
      q.executions = 1;
      q.text = "select name from customers where id = " + std::to_string(1000 + i);
      s.sql.push_back(q);
    }
    return s;
  };
  auto plain = [](Snapshot s) {
    s.has_sql_sections = true;
    s.sql_elapsed_cutoff_s = 1;
    return s;
  };
  const std::vector<Snapshot> base{plain(period("a.html", {1.0}, 100)), plain(period("b.html", {1.0}, 104))};
  const std::vector<Snapshot> target{with_literals(period("t.html", {1.0}, 102), 0),
                                     with_literals(period("u.html", {1.0}, 106), 2)};
  const auto merged = awrdiff::merge_snapshots(target);
  EXPECT_EQ(merged.sql.size(), 4u);
  const auto c = awrdiff::compare_sets(base, target);
  const auto* lit = table(c, "literal_sql");
  ASSERT_NE(lit, nullptr);
  ASSERT_EQ(lit->rows.size(), 1u);
  EXPECT_NE(finding(c, "literal_sql"), nullptr);
}

TEST(Verdict, OdditiesStatedOnce) {
  auto odd = period("odd.html", {1.0, 0.4}, 100);
  odd.time_model[1].time_s = 3700;  // DB CPU above DB time (3,600 s)
  odd.top_events[0].time_s = 3700;
  odd.top_events[0].pct_db_time = 102.8;
  const auto c = awrdiff::compare(period("base.html", {1.0}, 98), odd);
  int cpu = 0, sum = 0;
  for (const auto& w : c.warnings) {
    cpu += w.find("DB CPU (3,700.0 s) is above DB time (3,600.0 s)") != std::string::npos;
    sum += w.find("add up to 162.8%") != std::string::npos;
  }
  EXPECT_EQ(cpu, 1);
  EXPECT_EQ(sum, 1);
  // The same file twice: still once.
  const auto self = awrdiff::compare(odd, odd);
  EXPECT_EQ(std::count_if(self.warnings.begin(), self.warnings.end(),
                          [](const std::string& w) { return w.find("is above DB time") != std::string::npos; }),
            1);
}

// One figure, one assessment: DB CPU +15% (0.40 -> 0.46 AAS) is past db_cpu_per_s's floors (0.05 AAS, 10%) but
// not past the time model family's 20%; every table that shows DB CPU assesses it as the DB time table does.
TEST(Verdict, DbCpuAssessedAlikeInEveryTable) {
  const Snapshot base = period("b.html", {1.0, 0.40}, 100);
  const Snapshot target = period("t.html", {1.0, 0.46}, 102);
  const auto c = awrdiff::compare(base, target);
  auto assessment = [&](std::string_view key, const std::string& name) -> std::string {
    const auto* t = table(c, key);
    if (t == nullptr) return "no table";
    const auto* r = awrdiff::testing::row(*t, name);
    if (r == nullptr) return "no row";
    const auto* s = std::get_if<std::string>(&r->cells.at(awrdiff::testing::column(*t, "assessment")));
    return s != nullptr ? *s : "";
  };
  EXPECT_EQ(assessment("db_time", "DB CPU per second"), "worse");
  EXPECT_EQ(assessment("time_model", "DB CPU"), "worse");
  EXPECT_EQ(assessment("top_events", "DB CPU"), "worse");
}

// Snap ids that start again (a re-created or cloned database of the same DB Id) are no overlap when the times are
// days apart; a report that names no database cannot be confirmed as the other's.
TEST(Verdict, OverlapByTimesAndUnconfirmedIdentity) {
  const Snapshot base = period("b.html", {1.0, 0.4}, 100);
  Snapshot target = period("t.html", {1.0, 0.4}, 100);
  target.interval.begin_snap = 99;
  target.interval.end_snap = 140;
  target.interval.begin_time = "05-Mar-24 00:00:00";
  target.interval.end_time = "05-Mar-24 01:00:00";
  auto c = awrdiff::compare(base, target);
  EXPECT_FALSE(has(c.warnings, "periods overlap"));
  target.interval.begin_time = base.interval.begin_time;
  target.interval.end_time = base.interval.end_time;
  c = awrdiff::compare(base, target);
  EXPECT_TRUE(has(c.warnings, "periods overlap"));
  Snapshot anonymous = period("a.html", {1.0, 0.4}, 104);
  anonymous.database.name.clear();
  anonymous.database.dbid.reset();
  c = awrdiff::compare(anonymous, target);
  EXPECT_TRUE(has(c.warnings, "cannot confirm the same database: a.html gives neither a DB name nor a DB Id (t.html is TESTDB)"));
}

namespace {

awrdiff::WaitEvent wait_event(const std::string& name, const std::string& cls, double time_s, double avg_ms) {
  awrdiff::WaitEvent e;
  e.name = name;
  e.wait_class = cls;
  e.time_s = time_s;
  e.waits = time_s / avg_ms * 1000;
  e.avg_wait_ms = avg_ms;
  return e;
}

}  // namespace

TEST(Verdict, RampUpWhoseExecutionsCostMoreIsALoadChangeWithItsSlowdownsShared) {
  // A load test ramping from idle: transactions 0.1 -> 2,000 /s, executions x4.5, DB time per second x19: each
  // execution costs more (the mix changed: now each one commits), each transaction far less. The load's, not a
  // regression; commit latency 4.41 -> 6.21 ms is the slowdown inside it, with its share at the new load.
  auto base = period("idle.html", {1.0, 0.5, 900, 0.1, 2000}, 100);
  auto target = period("ramp.html", {19.3, 0.3, 4050, 2000, 9000}, 102);
  base.top_events.push_back(wait_event("log file sync", "Commit", 3.6, 4.41));
  target.top_events.push_back(wait_event("log file sync", "Commit", 2000 * 3600 * 0.00621, 6.21));
  *target.top_events[1].time_s -= 2000 * 3600 * 0.00621;  // the waits add up to DB time
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, Verdict::load_changed) << c.headline;
  // Load changed AND the costs per execution (1.11 -> 4.77 ms) and per call (0.50 -> 2.14 ms) rose: both are said.
  EXPECT_EQ(c.headline.rfind("More load, and costlier per execution and call:", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("transactions 0.1 -> 2,000.0 /s"), std::string::npos) << c.headline;
  // 1.8 ms more on each of 2,000 commits a second: 3.6 AAS of the 19.3, 19%.
  EXPECT_NE(c.headline.find("slower inside it: commit latency (log file sync 4.41 -> 6.21 ms average; 19% of DB time at the "
                            "new load)"),
            std::string::npos)
      << c.headline;
  EXPECT_EQ(c.headline.find("Regressed"), std::string::npos) << c.headline;

  // check of the same two periods: the same rule, a load change, never exit 1.
  const auto r = awrdiff::check(target, awrdiff::baseline_from_snapshots({base}), awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 0) << r.headline;
  EXPECT_EQ(r.headline.rfind("WARN, more load, and costlier per execution and call:", 0), 0u) << r.headline;
  EXPECT_NE(r.headline.find("slower inside it: commit latency (log file sync 4.41 -> 6.21 ms average"), std::string::npos)
      << r.headline;
  EXPECT_EQ(r.comparison.verdict, Verdict::load_changed);

  // Every unit of work costlier with the load: a regression, in the pair and in check.
  const auto heavier = period("heavier.html", {3.0, 0.4, 1300, 130, 2600}, 102);
  const auto base2 = period("base.html", {1.0, 0.4, 1000, 100, 2000}, 100);
  EXPECT_EQ(awrdiff::compare(base2, heavier).verdict, Verdict::regressed);
  EXPECT_EQ(awrdiff::check(heavier, awrdiff::baseline_from_snapshots({base2}), awrdiff::default_policy()).exit_code(), 1);
}

// One load reading at every level: DB time per second +40% with the load (+40% executions, transactions and calls,
// each costing the same) is the load's at its warn level too: OK, "more load, not slower", nothing mailed; the pair
// reads it the same way. At its fail level (+100%) it is the same reading, a warn.
TEST(Verdict, LoadReadingIsOneAtTheWarnAndTheFailLevel) {
  const auto base = period("base.html", {1.0, 0.4, 1000, 100, 2000}, 100);
  const auto busier = period("busier.html", {1.4, 0.4, 1400, 140, 2800}, 102);
  const auto pair = awrdiff::compare(base, busier);
  EXPECT_EQ(pair.verdict, Verdict::load_changed) << pair.headline;
  EXPECT_EQ(pair.headline.rfind("More load, not slower:", 0), 0u) << pair.headline;
  const auto warn_level = awrdiff::check(busier, awrdiff::baseline_from_snapshots({base}), awrdiff::default_policy());
  EXPECT_EQ(warn_level.exit_code(), 0) << warn_level.headline;
  EXPECT_EQ(warn_level.status, awrdiff::CheckStatus::ok) << warn_level.headline;
  EXPECT_EQ(warn_level.headline.rfind("OK, more load, not slower: DB time per second 1.40 AAS", 0), 0u) << warn_level.headline;
  EXPECT_EQ(awrdiff::quiet_text(warn_level), "");  // no mail on a normal, busier period
  const auto twice = period("twice.html", {2.0, 0.4, 2000, 200, 4000}, 102);
  const auto fail_level = awrdiff::check(twice, awrdiff::baseline_from_snapshots({base}), awrdiff::default_policy());
  EXPECT_EQ(fail_level.exit_code(), 0) << fail_level.headline;
  EXPECT_EQ(fail_level.headline.rfind("WARN, more load, not slower: DB time per second 2.00 AAS", 0), 0u) << fail_level.headline;
  EXPECT_EQ(awrdiff::compare(base, twice).headline.rfind("More load, not slower:", 0), 0u);
}

TEST(Verdict, IdlePeriodsAreUnchangedNeverARegression) {
  // 0.017 -> 0.08 AAS: one period idle, the other a few sessions' seconds: noise, in the pair and in check.
  const auto base = period("quiet1.lst", {0.017, 0.4, 5, 0.1, 3}, 100);
  const auto target = period("quiet2.lst", {0.08, 0.4, 6, 0.1, 4}, 102);
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, Verdict::unchanged) << c.headline;
  EXPECT_EQ(c.headline.rfind("Unchanged: idle periods (0.017 -> 0.080 average active sessions", 0), 0u) << c.headline;
  EXPECT_TRUE(c.contributors.empty());
  EXPECT_TRUE(c.findings.empty());
  const auto r = awrdiff::check(target, awrdiff::baseline_from_snapshots({base}), awrdiff::default_policy());
  EXPECT_EQ(r.exit_code(), 0) << r.headline;
  EXPECT_EQ(r.headline.rfind("OK", 0), 0u) << r.headline;
  // Above twice the level it is a change again.
  EXPECT_EQ(awrdiff::compare(base, period("busy.lst", {0.5, 0.4, 6, 0.1, 4}, 102)).verdict, Verdict::regressed);
}

TEST(Verdict, AnEventMissingFromOneMembersListIsBoundedNotDropped) {
  // Member a lists library cache lock (1,000 s, 28% of DB time); member b's top list does not: there it is at most
  // the list's smallest time. The set keeps the row; the storm after it names it.
  auto a = period("a.html", {1.0, 0.4, 1000, 100, 2000}, 100);
  auto b = period("b.html", {1.0, 0.4, 1000, 100, 2000}, 101);
  a.top_events.push_back(wait_event("library cache lock", "Concurrency", 1000, 15));
  const double floor = std::min_element(b.top_events.begin(), b.top_events.end(), [](const auto& x, const auto& y) {
                         return x.is_cpu == y.is_cpu ? x.time_s < y.time_s : y.is_cpu;
                       })->time_s.value_or(0);
  const auto merged = awrdiff::merge_snapshots({a, b});
  const auto* lcl = merged.foreground_event("library cache lock");
  ASSERT_NE(lcl, nullptr);
  EXPECT_DOUBLE_EQ(lcl->time_s.value_or(0), 1000 + floor);
  EXPECT_FALSE(lcl->waits);  // a top list's floor says nothing of the waits
  // Foreground Wait Events, when the member has it, is the exact figure: an event it leaves out is under its
  // smallest time (0 s here), and the waits are summed.
  b.foreground_events = b.top_events;
  b.foreground_events.erase(b.foreground_events.begin());  // no DB CPU row in the full list
  b.foreground_events.push_back(wait_event("SQL*Net message to client", "Network", 0, 0.001));
  const auto exact = awrdiff::merge_snapshots({a, b});
  const auto* e = exact.foreground_event("library cache lock");
  ASSERT_NE(e, nullptr);
  EXPECT_DOUBLE_EQ(e->time_s.value_or(0), 1000);
  EXPECT_TRUE(e->waits);
  // The storm against the two-member set names it first, as against one report.
  auto storm = period("storm.html", {4.0, 0.1, 1000, 100, 2000}, 103);
  storm.top_events.push_back(wait_event("library cache lock", "Concurrency", 10000, 20));  // 69% of DB time
  *storm.top_events[1].time_s -= 10000;
  const auto c = awrdiff::compare_sets({a, b}, {storm});
  ASSERT_FALSE(c.contributors.empty()) << c.headline;
  EXPECT_EQ(c.contributors.front().name, "library cache lock") << c.headline;
  const auto r = awrdiff::check(storm, awrdiff::baseline_from_snapshots({a, b}), awrdiff::default_policy());
  EXPECT_NE(r.headline.find("driven by library cache lock"), std::string::npos) << r.headline;
}
