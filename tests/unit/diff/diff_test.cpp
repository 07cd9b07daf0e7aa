// The diff engine (diff.hpp) on the sample reports, and HTML/text parity of the parsers.
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>

#include "tests/support/compare_lookup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <variant>

namespace {

using awrdiff::testing::table;

std::filesystem::path sample(const std::string& name) { return awrdiff::testing::sample_path(name); }

const awrdiff::Snapshot& report(const std::string& name) { return awrdiff::testing::sample_report(name); }

class Samples : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char* f : {"good.html", "bad.html", "good.txt", "improved.html"})
      if (!std::filesystem::exists(sample(f))) GTEST_SKIP() << "missing sample " << f;
  }
};

int column(const awrdiff::CompareTable& t, std::string_view key) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].key == key) return static_cast<int>(i);
  return -1;
}

std::string name_of(const awrdiff::CompareRow& r) {
  if (r.cells.empty()) return {};
  const auto* s = std::get_if<std::string>(&r.cells.front());
  return s != nullptr ? *s : std::string();
}

const awrdiff::CompareRow* row(const awrdiff::CompareTable& t, std::string_view name) {
  for (const auto& r : t.rows)
    if (name_of(r) == name) return &r;
  return nullptr;
}

}  // namespace

TEST_F(Samples, GoodToBadRegressesOnHardParsing) {
  const auto c = awrdiff::compare(report("good.html"), report("bad.html"));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::regressed) << c.headline;
  EXPECT_NE(c.headline.find("DB CPU"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("hard pars"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("81uvdbt46vt5p"), std::string::npos) << c.headline;
  ASSERT_TRUE(c.db_time_per_s_base.has_value());
  ASSERT_TRUE(c.db_time_per_s_target.has_value());
  EXPECT_NEAR(*c.db_time_per_s_base, 0.22, 0.005);
  EXPECT_NEAR(*c.db_time_per_s_target, 0.97, 0.005);
  ASSERT_TRUE(c.db_time_change_pct.has_value());
  EXPECT_GT(*c.db_time_change_pct, 100.0);
  EXPECT_FALSE(c.contributors.empty());
  EXPECT_EQ(c.base_source, sample("good.html").string());
  EXPECT_EQ(c.target_source, sample("bad.html").string());
}

TEST_F(Samples, BadToImprovedImproves) {
  const auto c = awrdiff::compare(report("bad.html"), report("improved.html"));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::improved) << c.headline;
}

namespace {

// A change cell of an unchanged item: empty, the number 0, or a change of 0 points.
bool is_zero_change(const awrdiff::CompareCell& cell) {
  if (std::holds_alternative<std::monostate>(cell)) return true;
  if (const auto* v = std::get_if<double>(&cell)) return *v == 0.0;
  if (const auto* p = std::get_if<awrdiff::Points>(&cell)) return p->value == 0.0;
  return false;
}

}  // namespace

TEST_F(Samples, SameReportIsUnchanged) {
  for (const char* f : {"good.html", "bad.html", "good.txt"}) {
    SCOPED_TRACE(f);
    const auto& s = report(f);
    const auto c = awrdiff::compare(s, s);
    EXPECT_EQ(c.verdict, awrdiff::Verdict::unchanged) << c.headline;
    ASSERT_TRUE(c.db_time_change_pct.has_value());
    EXPECT_EQ(*c.db_time_change_pct, 0.0);
    int numbers = 0;
    for (const auto& t : c.tables) {
      const int col = column(t, "rate_change_pct");
      if (col < 0) continue;
      for (const auto& r : t.rows) {
        const auto& cell = r.cells.at(static_cast<std::size_t>(col));
        EXPECT_TRUE(is_zero_change(cell)) << t.key << " / " << name_of(r);
        numbers += std::holds_alternative<double>(cell) ? 1 : 0;
      }
    }
    EXPECT_GT(numbers, 0);

    // The same content under another name: one warning, that it is the same period; it names the
    // reports by their file names, never their directories.
    awrdiff::Snapshot copy = s;
    copy.source = std::string("/some/dir/") + f + ".copy";
    const auto c2 = awrdiff::compare(s, copy);
    EXPECT_EQ(c2.verdict, awrdiff::Verdict::unchanged) << c2.headline;
    ASSERT_EQ(c2.warnings.size(), 1U) << c2.warnings.front();
    EXPECT_TRUE(c2.warnings.front().starts_with("the same period in both reports (snaps ")) << c2.warnings.front();
    copy.truncated = true;
    const auto c3 = awrdiff::compare(s, copy);
    EXPECT_NE(std::find(c3.warnings.begin(), c3.warnings.end(),
                        std::string(f) + ".copy: truncated report (no 'End of Report' marker): sections may be missing"),
              c3.warnings.end());
  }
}

TEST_F(Samples, ComparisonIsMirrored) {
  const auto& a = report("good.html");
  const auto& b = report("bad.html");
  const auto ab = awrdiff::compare(a, b);
  const auto ba = awrdiff::compare(b, a);
  ASSERT_TRUE(ab.db_time_per_s_base && ab.db_time_per_s_target && ba.db_time_per_s_base && ba.db_time_per_s_target);
  EXPECT_DOUBLE_EQ(*ab.db_time_per_s_base, *ba.db_time_per_s_target);
  EXPECT_DOUBLE_EQ(*ab.db_time_per_s_target, *ba.db_time_per_s_base);
  ASSERT_TRUE(ab.db_time_change_pct && ba.db_time_change_pct);
  // (1 + p) (1 + q) = 1 for the change one way and back.
  EXPECT_NEAR((1 + *ab.db_time_change_pct / 100) * (1 + *ba.db_time_change_pct / 100), 1.0, 1e-9);
  EXPECT_EQ(ab.verdict, awrdiff::Verdict::regressed);
  EXPECT_EQ(ba.verdict, awrdiff::Verdict::improved);
}

TEST_F(Samples, TablesArePresent) {
  const auto c = awrdiff::compare(report("good.html"), report("bad.html"));
  for (const char* key : {"periods", "db_time", "load_profile", "top_events", "time_model", "top_sql"})
    EXPECT_NE(table(c, key), nullptr) << key;
  for (const auto& t : c.tables) {
    EXPECT_FALSE(t.columns.empty()) << t.key;
    for (const auto& r : t.rows) EXPECT_EQ(r.cells.size(), t.columns.size()) << t.key << " / " << name_of(r);
  }
  const auto* ev = table(c, "top_events");
  ASSERT_NE(ev, nullptr);
  EXPECT_NE(row(*ev, "DB CPU"), nullptr);
  EXPECT_NE(row(*ev, "db file sequential read"), nullptr);
}

TEST_F(Samples, DescribeHasNoBaseColumns) {
  const auto c = awrdiff::describe(report("good.html"));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::single_report);
  EXPECT_TRUE(c.base_source.empty());
  EXPECT_FALSE(c.db_time_per_s_base.has_value());
  EXPECT_FALSE(c.db_time_change_pct.has_value());
  ASSERT_TRUE(c.db_time_per_s_target.has_value());
  EXPECT_NEAR(*c.db_time_per_s_target, 0.22, 0.005);
  EXPECT_NE(table(c, "top_events"), nullptr);
  for (const auto& t : c.tables) {
    for (const auto& col : t.columns) {
      EXPECT_NE(col.key.rfind("base", 0), 0u) << t.key << ": " << col.key;
      EXPECT_NE(col.key, "rate_change_pct") << t.key;
      EXPECT_NE(col.key, "delta_pct_db_time") << t.key;
    }
    for (const auto& r : t.rows) EXPECT_EQ(r.cells.size(), t.columns.size()) << t.key;
  }
}

// An event in only one top list, and in neither Foreground Wait Events list, is "not shown" on the
// other side: unknown, not zero, and without a rate change.
TEST(Diff, EventMissingFromOneTopListIsNotShown) {
  auto make = [](const std::string& source, const std::string& event, double time_s) {
    awrdiff::Snapshot s;
    s.source = source;
    s.interval.elapsed_s = 600;
    s.interval.db_time_s = 300;
    awrdiff::WaitEvent cpu;
    cpu.name = "DB CPU";
    cpu.is_cpu = true;
    cpu.time_s = 100;
    cpu.pct_db_time = 33.3;
    awrdiff::WaitEvent e;
    e.name = event;
    e.waits = 1000;
    e.time_s = time_s;
    e.avg_wait_ms = time_s;
    e.pct_db_time = time_s / 3;
    e.wait_class = "Commit";
    s.top_events = {cpu, e};
    return s;
  };
  const auto base = make("base.html", "log file sync", 50);
  const auto target = make("target.html", "enq: TX - row lock contention", 150);
  const auto c = awrdiff::compare(base, target);
  const auto* t = table(c, "top_events");
  ASSERT_NE(t, nullptr);
  const int base_first = column(*t, "base_time_s");
  const int target_first = column(*t, "target_time_s");
  const int change = column(*t, "rate_change_pct");
  ASSERT_GE(base_first, 0);
  ASSERT_GE(target_first, 0);
  ASSERT_GE(change, 0);

  const auto* only_target = row(*t, "enq: TX - row lock contention");
  ASSERT_NE(only_target, nullptr);
  // Not shown: a presence (unknown, below the base's top list), not words.
  const awrdiff::CompareCell not_shown = awrdiff::Unknown{awrdiff::Unknown::Why::not_shown};
  EXPECT_EQ(only_target->cells.at(static_cast<std::size_t>(base_first)), not_shown);
  EXPECT_TRUE(std::holds_alternative<double>(only_target->cells.at(static_cast<std::size_t>(target_first))));
  // Never a number: a bound against the smallest time of the base's top list (log file sync, 50 s): +200% or more.
  const auto& bound = only_target->cells.at(static_cast<std::size_t>(change));
  ASSERT_TRUE(std::holds_alternative<awrdiff::Bound>(bound));
  EXPECT_NEAR(std::get<awrdiff::Bound>(bound).value, 200, 1e-9);
  EXPECT_TRUE(std::get<awrdiff::Bound>(bound).at_least);

  const auto* only_base = row(*t, "log file sync");
  ASSERT_NE(only_base, nullptr);
  EXPECT_EQ(only_base->cells.at(static_cast<std::size_t>(target_first)), not_shown);
  EXPECT_TRUE(std::holds_alternative<double>(only_base->cells.at(static_cast<std::size_t>(base_first))));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(only_base->cells.at(static_cast<std::size_t>(change))));

  const auto* cpu = row(*t, "DB CPU");
  ASSERT_NE(cpu, nullptr);
  ASSERT_TRUE(std::holds_alternative<double>(cpu->cells.at(static_cast<std::size_t>(change))));
  EXPECT_EQ(std::get<double>(cpu->cells.at(static_cast<std::size_t>(change))), 0.0);
}

TEST(Diff, EventFoundInFullListIsNotNotShown) {
  awrdiff::Snapshot base, target;
  base.source = "b";
  target.source = "t";
  for (auto* s : {&base, &target}) {
    s->interval.elapsed_s = 600;
    s->interval.db_time_s = 300;
  }
  awrdiff::WaitEvent e;
  e.name = "log file sync";
  e.time_s = 20;
  target.top_events = {e};
  e.time_s = 10;
  base.foreground_events = {e};  // below base's top list, but in its full list
  const auto c = awrdiff::compare(base, target);
  const auto* t = table(c, "top_events");
  ASSERT_NE(t, nullptr);
  const auto* r = row(*t, "log file sync");
  ASSERT_NE(r, nullptr);
  const int base_first = column(*t, "base_time_s");
  ASSERT_GE(base_first, 0);
  ASSERT_TRUE(std::holds_alternative<double>(r->cells.at(static_cast<std::size_t>(base_first))));
  EXPECT_EQ(std::get<double>(r->cells.at(static_cast<std::size_t>(base_first))), 10.0);
  const int change = column(*t, "rate_change_pct");
  ASSERT_GE(change, 0);
  ASSERT_TRUE(std::holds_alternative<double>(r->cells.at(static_cast<std::size_t>(change))));
  EXPECT_NEAR(std::get<double>(r->cells.at(static_cast<std::size_t>(change))), 100.0, 1e-9);
}

TEST(Diff, MissingElapsedIsNotComparable) {
  awrdiff::Snapshot base, target;
  base.source = "b";
  target.source = "t";
  target.interval.elapsed_s = 600;
  target.interval.db_time_s = 300;
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, awrdiff::Verdict::not_comparable);
  EXPECT_FALSE(c.warnings.empty());
  EXPECT_FALSE(c.db_time_change_pct.has_value());
}

// ---- HTML / text parity: the same data set in both formats gives the same snapshot --------------
namespace {

// Text values are the HTML values rounded to the text precision (1 decimal), or printed with a K suffix.
double parity_tolerance(double v) { return std::max(0.051, std::fabs(v) * 5e-4); }

#define EXPECT_PARITY(html_opt, text_opt, what)                             \
  do {                                                                      \
    const auto& h_ = (html_opt);                                            \
    const auto& t_ = (text_opt);                                            \
    EXPECT_EQ(h_.has_value(), t_.has_value()) << what;                      \
    if (h_ && t_) { EXPECT_NEAR(*h_, *t_, parity_tolerance(*h_)) << what; } \
  } while (0)

}  // namespace

static void expect_parity(const std::string& stem) {
  SCOPED_TRACE(stem);
  if (!std::filesystem::exists(sample(stem + ".html")) || !std::filesystem::exists(sample(stem + ".txt"))) return;
  const auto& h = report(stem + ".html");
  const auto& t = report(stem + ".txt");
  EXPECT_EQ(h.format, awrdiff::ReportFormat::html);
  EXPECT_EQ(t.format, awrdiff::ReportFormat::text);

  ASSERT_TRUE(h.interval.elapsed_s.has_value());
  EXPECT_PARITY(h.interval.elapsed_s, t.interval.elapsed_s, "elapsed");
  ASSERT_TRUE(h.db_time_s().has_value());
  EXPECT_PARITY(h.db_time_s(), t.db_time_s(), "DB time");
  EXPECT_PARITY(h.db_cpu_s(), t.db_cpu_s(), "DB CPU");
  EXPECT_EQ(h.interval.begin_snap, t.interval.begin_snap);
  EXPECT_EQ(h.interval.end_snap, t.interval.end_snap);
  EXPECT_EQ(h.database.name, t.database.name);
  EXPECT_EQ(h.database.dbid, t.database.dbid);

  ASSERT_FALSE(h.top_events.empty());
  ASSERT_EQ(h.top_events.size(), t.top_events.size());
  for (std::size_t i = 0; i < h.top_events.size(); ++i) {
    const auto& he = h.top_events[i];
    const auto& te = t.top_events[i];
    EXPECT_EQ(he.name, te.name) << "top event " << i;
    EXPECT_EQ(he.is_cpu, te.is_cpu) << he.name;
    EXPECT_EQ(he.wait_class, te.wait_class) << he.name;
    EXPECT_PARITY(he.time_s, te.time_s, he.name);
    EXPECT_PARITY(he.pct_db_time, te.pct_db_time, he.name);
  }

  ASSERT_FALSE(h.time_model.empty());
  ASSERT_EQ(h.time_model.size(), t.time_model.size());
  for (std::size_t i = 0; i < h.time_model.size(); ++i) {
    const auto& hr = h.time_model[i];
    const auto& tr = t.time_model[i];
    // Text reports may cut the statistic name to the column width.
    EXPECT_EQ(hr.name.substr(0, tr.name.size()), tr.name) << "time model row " << i;
    EXPECT_PARITY(hr.time_s, tr.time_s, hr.name);
    EXPECT_PARITY(hr.pct_db_time, tr.pct_db_time, hr.name);
  }

  ASSERT_FALSE(h.sql.empty());
  std::map<std::string, awrdiff::OptDouble> html_sql, text_sql;
  for (const auto& q : h.sql) html_sql[q.sql_id] = q.elapsed_s;
  for (const auto& q : t.sql) text_sql[q.sql_id] = q.elapsed_s;
  std::set<std::string> html_ids, text_ids;
  for (const auto& [id, e] : html_sql) html_ids.insert(id);
  for (const auto& [id, e] : text_sql) text_ids.insert(id);
  EXPECT_EQ(html_ids, text_ids);
  for (const auto& [id, e] : html_sql) {
    auto it = text_sql.find(id);
    if (it == text_sql.end()) continue;
    EXPECT_PARITY(e, it->second, id);
  }
  EXPECT_EQ(h.sql.front().sql_id, t.sql.front().sql_id);
  EXPECT_EQ(h.load_profile.size(), t.load_profile.size());
  for (const auto& hr : h.load_profile) {
    const auto* tr = t.load_profile_row(hr.key);
    EXPECT_NE(tr, nullptr) << hr.key;
    if (tr != nullptr) EXPECT_PARITY(hr.per_second, tr->per_second, hr.key);
  }

  // The same period in both formats compares as unchanged, with every item matched on both sides.
  const auto c = awrdiff::compare(h, t);
  EXPECT_EQ(c.verdict, awrdiff::Verdict::unchanged) << c.headline;
  ASSERT_EQ(c.warnings.size(), 1U) << c.warnings.front();  // only that it is the same period
  EXPECT_TRUE(c.warnings.front().starts_with("the same period in both reports")) << c.warnings.front();
  for (const auto& tb : c.tables)
    for (const auto& r : tb.rows)
      for (const auto& cell : r.cells)
        EXPECT_FALSE(std::holds_alternative<awrdiff::Unknown>(cell)) << tb.key << " / " << name_of(r);
}

TEST_F(Samples, GoodTextAndHtmlAgree) {
  expect_parity("good");
  const auto& h = report("good.html");
  ASSERT_TRUE(h.db_time_s().has_value());
  EXPECT_NEAR(*h.db_time_s(), 132.0, 0.051);
  ASSERT_FALSE(h.sql.empty());
  EXPECT_EQ(h.sql.front().sql_id, "81uvdbt46vt5p");
  EXPECT_EQ(report("good.txt").sql.front().sql_id, "81uvdbt46vt5p");
}

TEST_F(Samples, OtherSamplesTextAndHtmlAgree) {
  for (const char* stem : {"bad", "improved", "commit_normal", "commit_spike"}) expect_parity(stem);
}

namespace {

// An event new in the target's top list (below the base's list) that carries most of the change is
// named in the verdict, as a bound: "resmgr:cpu quantum new (+… or more)".
TEST_F(Samples, NewTopEventIsNamedAsABound) {
  const auto& base = report("good.html");
  awrdiff::Snapshot target = report("good.html");
  const double extra = 20 * *base.db_time_s();
  awrdiff::WaitEvent e;
  e.name = "resmgr:cpu quantum";
  e.wait_class = "Scheduler";
  e.time_s = extra;
  e.waits = 1e6;
  e.avg_wait_ms = extra / 1e6 * 1000;
  target.top_events.insert(target.top_events.begin(), e);
  for (auto& r : target.time_model)
    if (r.name == "DB time" && r.time_s) *r.time_s += extra;
  const auto c = awrdiff::compare(base, target);
  EXPECT_EQ(c.verdict, awrdiff::Verdict::regressed);
  EXPECT_NE(c.headline.find("resmgr:cpu quantum new ("), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find(" or more)"), std::string::npos) << c.headline;
  // And the mirror: gone from the target's list.
  const auto m = awrdiff::compare(target, base);
  EXPECT_NE(m.headline.find("resmgr:cpu quantum gone ("), std::string::npos) << m.headline;
}

}  // namespace

// Every number of the DB time, events, time model and SQL tables that is a registry metric is the
// registry's value (metric_value), so the tables, the findings, sets and check agree.
TEST_F(Samples, TableNumbersAreTheRegistrysValues) {
  const auto& base = report("good.html");
  const auto& target = report("bad.html");
  const auto c = awrdiff::compare(base, target);
  auto number = [](const awrdiff::CompareRow& r, int col) -> std::optional<double> {
    if (col < 0) return std::nullopt;
    const auto* d = std::get_if<double>(&r.cells.at(static_cast<std::size_t>(col)));
    return d != nullptr ? std::optional<double>(*d) : std::nullopt;
  };
  const auto* db = table(c, "db_time");
  ASSERT_NE(db, nullptr);
  for (auto [name, key] :
       {std::pair{"DB time per second (AAS)", "db_time_per_s"}, std::pair{"DB CPU per second", "db_cpu_per_s"},
        std::pair{"Outside DB CPU and waits per second", "outside_per_s"}, std::pair{"Host CPU busy %", "host_cpu_busy_pct"},
        std::pair{"DB CPU % of DB time", "db_cpu_pct_db_time"}}) {
    const auto* r = row(*db, name);
    ASSERT_NE(r, nullptr) << name;
    EXPECT_EQ(number(*r, 1), awrdiff::metric_value(base, key)) << name;
    EXPECT_EQ(number(*r, 2), awrdiff::metric_value(target, key)) << name;
  }
  // The work and its cost: the registry's values (DB time per transaction shown in ms).
  const auto* work = table(c, "work_efficiency");
  ASSERT_NE(work, nullptr);
  for (auto [name, key, scale] : {std::tuple{"Executions per second", "load_profile.executes", 1.0},
                                  std::tuple{"Transactions per second", "transactions_per_s", 1.0},
                                  std::tuple{"DB time per execution (ms)", "db_time_per_exec_ms", 1.0},
                                  std::tuple{"DB time per transaction (ms)", "db_time_per_txn_s", 1000.0},
                                  std::tuple{"DB time per user call (ms)", "db_time_per_call_ms", 1.0}}) {
    const auto* r = row(*work, name);
    ASSERT_NE(r, nullptr) << name;
    ASSERT_TRUE(number(*r, 1) && number(*r, 2)) << name;
    EXPECT_DOUBLE_EQ(*number(*r, 1), *awrdiff::metric_value(base, key) * scale) << name;
    EXPECT_DOUBLE_EQ(*number(*r, 2), *awrdiff::metric_value(target, key) * scale) << name;
  }
  EXPECT_EQ(c.db_time_per_s_target, awrdiff::metric_value(target, "db_time_per_s"));
  const auto* ev = table(c, "top_events");
  ASSERT_NE(ev, nullptr);
  const auto* lfs = row(*ev, "log file sync");
  ASSERT_NE(lfs, nullptr);
  EXPECT_EQ(number(*lfs, column(*ev, "target_avg_wait_ms")), awrdiff::metric_value(target, "event:log file sync:avg_wait_ms"));
  EXPECT_EQ(number(*lfs, column(*ev, "target_time_s")), target.foreground_event("log file sync")->time_s);
  const auto* sql = table(c, "top_sql");
  ASSERT_NE(sql, nullptr);
  const auto* q = row(*sql, "81uvdbt46vt5p");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(number(*q, column(*sql, "target_elapsed_per_exec_ms")),
            awrdiff::metric_value(target, "sql:81uvdbt46vt5p:elapsed_per_exec_ms"));
  EXPECT_EQ(awrdiff::metric_value(target, "sql:81uvdbt46vt5p:executions_per_s"),
            *target.sql.front().executions / *target.interval.elapsed_s);
  // Outside DB CPU and waits in "where the change comes from" is the registry's outside_per_s too.
  const auto* at = table(c, "attribution");
  ASSERT_NE(at, nullptr);
  const auto* out = row(*at, "Outside DB CPU and waits");
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(number(*out, 1), awrdiff::metric_value(base, "outside_per_s"));
  EXPECT_EQ(number(*out, 2), awrdiff::metric_value(target, "outside_per_s"));
}
