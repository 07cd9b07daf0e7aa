// Sets of reports: the other report sections merged into one typical period (merge_snapshots, compare_sets):
// totals summed, rates over the summed elapsed, averages and percentages recomputed from their parts, an item
// some member does not list unknown (never zero), a top-N list whose missing items stay below its last value,
// init.ora parameters that differ within a set shown as such, generic tables merged only where sound.
#include "tests/support/compare_lookup.hpp"
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using awrdiff::OptDouble;
using awrdiff::Snapshot;

// A member of a set: a period of `elapsed_s` seconds starting at snap `snap`.
Snapshot member(const std::string& source, std::int64_t snap, double elapsed_s) {
  Snapshot s;
  s.source = source;
  s.database.name = "ORCL";
  s.database.dbid = 42;
  s.database.instance = "orcl1";
  s.database.instance_number = 1;
  s.interval.begin_snap = snap;
  s.interval.end_snap = snap + 1;
  s.interval.elapsed_s = elapsed_s;
  s.interval.db_time_s = elapsed_s / 2;
  s.load_profile.push_back({"transactions", "Transactions", 10.0, std::nullopt, std::nullopt, std::nullopt});
  return s;
}

template <class T, class Pred>
const T* find(const std::vector<T>& v, Pred p) {
  const auto it = std::find_if(v.begin(), v.end(), p);
  return it == v.end() ? nullptr : &*it;
}

// Each bound field merges as its binding declares (section_fields.hpp, FieldBinding::merge): Undo's longest query
// and concurrency the highest, its tuned retention as printed only when every report prints the same, Dictionary
// Cache's final usage the latest report's (by snap, whatever the order given), a miss percentage over the summed
// gets, a latch's sleeps per miss weighted by its misses when a report gives no sleeps.
TEST(SetMerge, BoundFieldsMergeAsTheirBindingDeclares) {
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 1800);
  a.undo.push_back({"UNDOTBS1", 1000.0, 10.0, 300.0, 4.0, "900", "0"});
  b.undo.push_back({"UNDOTBS1", 3000.0, 30.0, 1200.0, 2.0, "1800", "0"});
  a.dictionary_cache.push_back({"dc_objects", 100.0, 1.0, 0.0, 0.0, 500.0});
  b.dictionary_cache.push_back({"dc_objects", 300.0, 3.0, 0.0, 0.0, 700.0});
  a.latches.push_back({"shared pool", 1000.0, 1.0, 0.5, {}, {}, {}, 10.0, {}, {}});
  b.latches.push_back({"shared pool", 1000.0, 1.0, 1.5, {}, {}, {}, 30.0, 6.0, {}});
  const auto m = awrdiff::merge_snapshots({b, a});
  ASSERT_EQ(m.undo.size(), 1u);
  EXPECT_DOUBLE_EQ(m.undo[0].undo_blocks.value_or(0), 4000.0);
  EXPECT_DOUBLE_EQ(m.undo[0].max_query_length_s.value_or(0), 1200.0);
  EXPECT_DOUBLE_EQ(m.undo[0].max_tx_concurrency.value_or(0), 4.0);
  EXPECT_EQ(m.undo[0].tuned_retention, "");
  EXPECT_EQ(m.undo[0].sto_oos, "0");
  ASSERT_EQ(m.dictionary_cache.size(), 1u);
  EXPECT_DOUBLE_EQ(m.dictionary_cache[0].final_usage.value_or(0), 700.0);
  EXPECT_DOUBLE_EQ(m.dictionary_cache[0].pct_miss.value_or(0), 2.5);  // 1% of 100 and 3% of 300: 10 of 400
  ASSERT_EQ(m.latches.size(), 1u);
  EXPECT_FALSE(m.latches[0].sleeps);
  EXPECT_DOUBLE_EQ(m.latches[0].avg_sleeps_per_miss.value_or(0), 1.25);  // (0.5 x 10 + 1.5 x 30) / 40
}

TEST(SetMerge, TotalsSumRatesOverTheSummedElapsedAveragesFromTheirParts) {
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 1800);
  a.activity.push_back({"user commits", "user commits", 600.0, 1.0, 0.1, {}, {}, {}, true});
  b.activity.push_back({"user commits", "user commits", 3600.0, 2.0, 0.2, {}, {}, {}, false});
  a.activity.push_back({"session pga memory", "session pga memory", {}, {}, {}, 10.0, 20.0, {}, false});
  b.activity.push_back({"session pga memory", "session pga memory", {}, {}, {}, 20.0, 30.0, {}, false});
  // Latches: 1% of 1,000 gets and 3% of 3,000 gets missed: 100 misses of 4,000 gets, 2.5%.
  a.latches.push_back({"cache buffers chains", 1000.0, 1.0, {}, 0.5, {}, {}, 10.0, 2.0, {}});
  b.latches.push_back({"cache buffers chains", 3000.0, 3.0, {}, 1.5, {}, {}, 90.0, 8.0, {}});
  // Enqueues: 2 s over 10 waits and 18 s over 10 waits: 1 s average.
  a.enqueues.push_back({"TX-Transaction (row lock contention)", 10.0, 10.0, 0.0, 10.0, 2.0, 200.0});
  b.enqueues.push_back({"TX-Transaction (row lock contention)", 10.0, 10.0, 0.0, 10.0, 18.0, 1800.0});
  // IOStat: requests per second weighted by elapsed; the average wait over the summed waits.
  awrdiff::IoStatRow io{"LGWR", "LGWR", {}, 1.0, {}, {}, 4.0, {}, 100.0, 1.0, {}, {}};
  a.iostat_function.push_back(io);
  io.writes_requests_per_s = 8.0, io.waits_count = 300.0, io.avg_time_ms = 3.0;
  b.iostat_function.push_back(io);
  // Histogram: 90% of 1,000 waits and 50% of 3,000 waits under 1 ms: 60% of 4,000.
  a.wait_histograms.push_back({"wait_histogram", "log file sync", "log file sync", 1000.0, {{"<1ms", 90.0}, {"<2ms", 10.0}}});
  b.wait_histograms.push_back({"wait_histogram", "log file sync", "log file sync", 3000.0, {{"<1ms", 50.0}, {"<2ms", {}}}});
  a.os_stats.push_back({"BUSY_TIME", 1000.0, {}});
  b.os_stats.push_back({"BUSY_TIME", 3000.0, {}});
  a.os_stats.push_back({"NUM_CPUS", 8.0, {}});
  b.os_stats.push_back({"NUM_CPUS", 16.0, {}});

  const auto m = awrdiff::merge_snapshots({a, b});
  const double elapsed = 2400;
  const auto* commits = m.activity_stat("user commits");
  ASSERT_NE(commits, nullptr);
  EXPECT_DOUBLE_EQ(*commits->total, 4200);
  EXPECT_DOUBLE_EQ(*commits->per_second, 4200 / elapsed);
  EXPECT_DOUBLE_EQ(*commits->per_trans, 4200 / elapsed / 10);  // over the set's transactions per second
  EXPECT_TRUE(commits->key);
  const auto* pga = m.activity_stat("session pga memory");
  ASSERT_NE(pga, nullptr);
  EXPECT_DOUBLE_EQ(*pga->begin_value, 10);  // the earliest begin and the latest end
  EXPECT_DOUBLE_EQ(*pga->end_value, 30);
  EXPECT_FALSE(pga->total.has_value());

  ASSERT_EQ(m.latches.size(), 1u);
  EXPECT_DOUBLE_EQ(*m.latches[0].get_requests, 4000);
  EXPECT_DOUBLE_EQ(*m.latches[0].pct_get_miss, 2.5);
  EXPECT_DOUBLE_EQ(*m.latches[0].wait_time_s, 2);
  EXPECT_DOUBLE_EQ(*m.latches[0].avg_sleeps_per_miss, 10.0 / 100);
  ASSERT_EQ(m.enqueues.size(), 1u);
  EXPECT_DOUBLE_EQ(*m.enqueues[0].avg_wait_ms, 1000);
  ASSERT_EQ(m.iostat_function.size(), 1u);
  EXPECT_DOUBLE_EQ(*m.iostat_function[0].writes_requests_per_s, (4.0 * 600 + 8.0 * 1800) / elapsed);
  EXPECT_DOUBLE_EQ(*m.iostat_function[0].avg_time_ms, (100.0 * 1 + 300.0 * 3) / 400);
  ASSERT_EQ(m.wait_histograms.size(), 1u);
  EXPECT_DOUBLE_EQ(*m.wait_histograms[0].total_waits, 4000);
  EXPECT_DOUBLE_EQ(*m.wait_histograms[0].bucket("<1ms")->pct, 60);
  EXPECT_DOUBLE_EQ(*m.wait_histograms[0].bucket("<2ms")->pct, 2.5);  // a blank bucket held no waits
  EXPECT_DOUBLE_EQ(*m.os_stat("BUSY_TIME")->value, 4000);  // counted over the period: summed
  EXPECT_DOUBLE_EQ(*m.os_stat("NUM_CPUS")->value, 8);  // a level: at the earliest begin
  EXPECT_DOUBLE_EQ(*m.os_stat("NUM_CPUS")->end_value, 16);  // and the latest end
}

TEST(SetMerge, AnItemSomeMemberDoesNotListIsUnknownNotZero) {
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 600);
  a.latches.push_back({"shared pool", 1000.0, 1.0, {}, 0.5, {}, {}, {}, {}, {}});
  a.latches.push_back({"row cache objects", 500.0, 0.0, {}, 0.0, {}, {}, {}, {}, {}});
  b.latches.push_back({"shared pool", 2000.0, 1.0, {}, 0.5, {}, {}, {}, {}, {}});
  a.enqueues.push_back({"TX-Transaction", 10.0, {}, {}, 10.0, 1.0, 100.0});
  b.enqueues.push_back({"TX-Transaction", {}, {}, {}, 10.0, 1.0, 100.0});  // a blank Requests cell
  const auto m = awrdiff::merge_snapshots({a, b});
  ASSERT_EQ(m.latches.size(), 1u);  // row cache objects: not in b's list, so not summed as if 0 there
  EXPECT_EQ(m.latches[0].name, "shared pool");
  ASSERT_EQ(m.enqueues.size(), 1u);
  EXPECT_FALSE(m.enqueues[0].requests.has_value());  // a blank cell is unknown, its sum too
  EXPECT_DOUBLE_EQ(*m.enqueues[0].waits, 20);
}

TEST(SetMerge, ATopListKeepsOnlyWhatRanksAboveWhatItLeftOut) {
  auto seg = [](const std::string& object, double value) {
    return awrdiff::SegmentStat{"segments_logical_reads", "APP", "USERS", object, "", "TABLE", value, std::nullopt};
  };
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 600);
  // ORDERS in both lists (100 + 80); ITEMS in a's only (50, and at most b's last value 70 in b); LINES in b's
  // only. Neither can reach more than 50 + 70 = 120: ORDERS (180) ranks above them.
  a.segments = {seg("ORDERS", 100), seg("ITEMS", 50)};
  b.segments = {seg("ORDERS", 80), seg("LINES", 70)};
  auto m = awrdiff::merge_snapshots({a, b});
  ASSERT_EQ(m.segments.size(), 1u);
  EXPECT_EQ(m.segments[0].object, "ORDERS");
  EXPECT_DOUBLE_EQ(*m.segments[0].value, 180);
  // ITEMS large in a alone (500, and at most 70 in b): 570 could be above ORDERS' 130, so ORDERS is not kept
  // either: a list that kept it would say ITEMS is below it.
  a.segments = {seg("ITEMS", 500), seg("ORDERS", 60)};
  b.segments = {seg("LINES", 80), seg("ORDERS", 70)};
  m = awrdiff::merge_snapshots({a, b});
  EXPECT_TRUE(m.segments.empty());
  // A member without the list says nothing of its objects.
  b.segments.clear();
  EXPECT_TRUE(awrdiff::merge_snapshots({a, b}).segments.empty());
}

TEST(SetMerge, InitOraParameterThatDiffersWithinASetVaries) {
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 600), c = member("c.html", 102, 600);
  for (auto* s : {&a, &b, &c}) s->parameters.push_back({"db_block_size", "8192", "", std::nullopt, ""});
  a.parameters.push_back({"open_cursors", "300", "", std::nullopt, ""});
  b.parameters.push_back({"open_cursors", "300", "1000", std::nullopt, ""});  // changed during b
  c.parameters.push_back({"open_cursors", "1000", "", std::nullopt, ""});
  b.parameters.push_back({"_fix_control", "'1234:1'", "", std::nullopt, ""});  // set in b only
  // Given out of time order: the values read in time order all the same.
  const auto m = awrdiff::merge_snapshots({c, a, b});
  ASSERT_NE(m.parameter("db_block_size"), nullptr);
  EXPECT_EQ(m.parameter("db_block_size")->value(), "8192");
  ASSERT_NE(m.parameter("open_cursors"), nullptr);
  EXPECT_EQ(m.parameter("open_cursors")->value(), "varies: 300 | 1000");
  ASSERT_NE(m.parameter("_fix_control"), nullptr);
  EXPECT_EQ(m.parameter("_fix_control")->value(), "varies: (default) | '1234:1'");
  // A member without the section: the set's parameters are unknown, none reads as reset.
  c.parameters.clear();
  EXPECT_TRUE(awrdiff::merge_snapshots({a, b, c}).parameters.empty());
}

TEST(SetMerge, GenericTableTotalsAndRatesMergeAveragesAreLeftOut) {
  auto table = [](std::vector<std::vector<std::string>> rows) {
    awrdiff::GenericTable g;
    g.section = "service_stats";
    g.title = "Service Statistics";
    g.known = true;
    g.headers = {"Service Name", "DB Time (s)", "Reads per Sec", "Avg Wait (ms)"};
    g.columns = {"unknown", "unknown", "unknown", "unknown"};
    g.units = {"none", "none", "none", "none"};
    g.rows = std::move(rows);
    return g;
  };
  auto a = member("a.html", 100, 600), b = member("b.html", 101, 1800);
  a.other_tables.push_back(table({{"SYS$USERS", "100", "1.0", "2.0"}, {"APP", "50", "2.0", "3.0"}}));
  b.other_tables.push_back(table({{"SYS$USERS", "300", "3.0", "4.0"}}));
  const auto m = awrdiff::merge_snapshots({a, b});
  ASSERT_EQ(m.other_tables.size(), 1u);
  const auto& g = m.other_tables[0];
  EXPECT_EQ(g.headers, (std::vector<std::string>{"Service Name", "DB Time (s)", "Reads per Sec"}));
  ASSERT_EQ(g.rows.size(), 1u);  // APP: in a's table only
  EXPECT_EQ(g.rows[0][0], "SYS$USERS");
  EXPECT_EQ(g.rows[0][1], "400");
  EXPECT_EQ(g.rows[0][2], "2.5");  // (1.0 x 600 + 3.0 x 1800) / 2400

  // Compared with one report, the report's table keeps the same columns, and the notes say what was left out.
  auto c = member("c.html", 200, 600);
  c.other_tables.push_back(table({{"SYS$USERS", "100", "1.0", "9.0"}}));
  const auto cmp = awrdiff::compare_sets({a, b}, {c});
  const auto* t = awrdiff::testing::table(cmp, "service_stats");
  ASSERT_NE(t, nullptr);
  for (const auto& col : t->columns) EXPECT_EQ(col.header.find("Avg Wait"), std::string::npos) << col.header;
  EXPECT_TRUE(std::any_of(t->notes.begin(), t->notes.end(),
                          [](const std::string& n) { return n.starts_with("Base set: Left out for a set: Avg Wait (ms)"); }));
}

TEST(SetMerge, EachDiagnosticKeepsTheFileOfItsReport) {
  auto a = member("dir/a.html", 100, 600), b = member("dir/b.html", 101, 600);
  a.diagnostics.push_back({awrdiff::Diagnostic::Level::warning, "load_profile", 12, "cannot read '1,2x'"});
  b.diagnostics.push_back({awrdiff::Diagnostic::Level::info, "", 0, "a note"});
  const auto m = awrdiff::merge_snapshots({a, b});
  ASSERT_EQ(m.diagnostics.size(), 2u);
  EXPECT_EQ(m.diagnostics[0].file, "dir/a.html");
  EXPECT_EQ(m.diagnostics[0].message, "cannot read '1,2x'");  // the file is not in the message
  EXPECT_EQ(m.diagnostics[0].line, 12);
  EXPECT_EQ(m.diagnostics[1].file, "dir/b.html");
  // Collected into a comparison, each still names its own report, not the set's joined files.
  const auto c = awrdiff::compare_sets({a, b}, {member("c.html", 200, 600)});
  ASSERT_GE(c.diagnostics.size(), 2u);
  EXPECT_EQ(c.diagnostics[0].file, "dir/a.html");
}

TEST(SetMerge, SetsOfSamplesCompareTheOtherSections) {
  std::vector<Snapshot> base, target;
  for (const char* f : {"good.html", "good_1.html", "good_2.html"}) base.push_back(awrdiff::testing::sample_report(f));
  for (const char* f : {"good_3.html", "good_4.html", "bad.html"}) target.push_back(awrdiff::testing::sample_report(f));
  const auto c = awrdiff::compare_sets(base, target);
  for (const char* key : {"instance_activity", "iostat_function", "init_ora", "os_stats"})
    EXPECT_NE(awrdiff::testing::table(c, key), nullptr) << key;
  // The Periods rows of a set say what they are: its reports and their summed elapsed.
  const auto* periods = awrdiff::testing::table(c, "periods");
  ASSERT_NE(periods, nullptr);
  const auto* snaps = awrdiff::testing::row(*periods, "Snaps");
  ASSERT_NE(snaps, nullptr);
  EXPECT_TRUE(std::get<std::string>(snaps->cells.at(1)).starts_with("3 reports: "));
  const auto* elapsed = awrdiff::testing::row(*periods, "Elapsed (min)");
  ASSERT_NE(elapsed, nullptr);
  EXPECT_NE(std::get<std::string>(elapsed->cells.at(1)).find("summed"), std::string::npos);
}

TEST(SetMerge, AnInconclusiveVerdictSaysWhichWayItsFindingsGo) {
  std::vector<Snapshot> base, target;
  for (const char* f : {"good.html", "good_1.html", "good_2.html"}) base.push_back(awrdiff::testing::sample_report(f));
  for (const char* f : {"good_3.html", "good_4.html", "bad.html"}) target.push_back(awrdiff::testing::sample_report(f));
  const auto c = awrdiff::compare_sets(base, target);
  ASSERT_EQ(c.verdict, awrdiff::Verdict::inconclusive);
  // The merged values, as the tables give them, and the medians named as such.
  EXPECT_NE(c.headline.find("with each set's reports merged"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("the reports' medians"), std::string::npos) << c.headline;
  EXPECT_TRUE(c.contributors.empty());  // no causes named for a change the sets cannot tell
  if (c.findings.empty()) EXPECT_NE(c.headline.find("No finding is significant"), std::string::npos) << c.headline;
  else EXPECT_NE(c.headline.find("significant on their own"), std::string::npos) << c.headline;
}

}  // namespace
