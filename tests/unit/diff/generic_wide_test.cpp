// Generic report tables (those the catalog knows but does not type) compared in wide form
// (src/diff/sections.cpp, compare_generic): one row per item with, per measure column, Base, Target and the
// change; items matched across periods; an item in one period only with the other side empty; histogram cells
// such as "0.0(3)" read as their percentage; a percentage's change in points; ranking by the largest material
// change (a histogram bucket's shift in points); rate columns first; one row per item for a single report.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include "tests/support/compare_lookup.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <variant>

namespace {

using awrdiff::testing::column;
using awrdiff::testing::number;
using awrdiff::testing::row;

using awrdiff::CompareCell;
using awrdiff::CompareTable;
using awrdiff::GenericTable;
using awrdiff::Snapshot;

Snapshot period(const std::string& source) {
  Snapshot s;
  s.source = source;
  s.database.name = "TEST";
  s.database.dbid = 1234;
  s.database.instance = "test1";
  s.interval.elapsed_s = 1000;
  s.time_model.push_back({"DB time", 600, std::nullopt});
  return s;
}

// A table as System Statistics (Global) prints it: Statistic, Total, per Second, per Trans.
GenericTable sysstat(std::vector<std::vector<std::string>> rows) {
  GenericTable g;
  g.section = "rac_global_other";
  g.title = "System Statistics (Global)";
  g.known = true;
  g.headers = {"Statistic", "Total", "per Second", "per Trans"};
  g.columns = {"unknown", "unknown", "unknown", "unknown"};
  g.units = {"none", "none", "none", "none"};
  g.rows = std::move(rows);
  return g;
}

// A table as Wait Event Histogram (Global) prints it: Event, Waits, then % of waits per bucket.
GenericTable histogram(std::vector<std::vector<std::string>> rows) {
  GenericTable g;
  g.section = "rac_global_other";
  g.title = "Wait Event Histogram (Global)";
  g.known = true;
  g.headers = {"Event", "Waits", "<1ms", "<8ms", ">=8ms"};
  g.columns = {"unknown", "unknown", "unknown", "unknown", "unknown"};
  g.units = {"none", "none", "none", "none", "none"};
  g.rows = std::move(rows);
  return g;
}

const CompareTable* table(const awrdiff::Comparison& c, const std::string& title) {
  for (const auto& t : c.tables)
    if (t.title == title) return &t;
  return nullptr;
}

bool empty(const awrdiff::CompareRow& r, std::size_t i) { return std::holds_alternative<std::monostate>(r.cells.at(i)); }

std::string notes(const CompareTable& t) {
  std::string s;
  for (const auto& n : t.notes) s += n + "\n";
  return s;
}

TEST(GenericWide, OneRowPerItemRatesFirstMatchedAcrossPeriods) {
  auto b = period("base.html");
  auto t = period("target.html");
  b.other_tables.push_back(sysstat({{"user commits", "1,000", "1.00", "1.00"},
                                    {"redo size", "5,000,000", "5,000.00", "5,000.00"},
                                    {"logons cumulative", "100", "0.10", "0.10"}}));
  t.other_tables.push_back(sysstat({{"user commits", "3,000", "3.00", "1.00"},
                                    {"redo size", "5,100,000", "5,100.00", "5,100.00"},
                                    {"logons cumulative", "200", "0.20", "0.20"}}));
  const auto c = awrdiff::compare(b, t);
  const auto* g = table(c, "System Statistics (Global)");
  ASSERT_NE(g, nullptr);
  // Item, then per Second and per Trans (rates) before Total, each as Base, Target, change.
  ASSERT_EQ(g->columns.size(), 10u);
  EXPECT_EQ(g->columns[0].header, "Statistic");  // the report's header of the name column
  EXPECT_EQ(g->columns[1].key, "base_per_second");
  EXPECT_EQ(g->columns[2].key, "target_per_second");
  EXPECT_EQ(g->columns[3].key, "change");
  EXPECT_EQ(g->columns[3].kind, awrdiff::ColumnKind::change_pct);
  EXPECT_EQ(g->columns[4].key, "base_per_trans");
  EXPECT_EQ(g->columns[6].key, "per_trans");  // its change, left out with its Base and Target
  EXPECT_EQ(g->columns[6].kind, awrdiff::ColumnKind::change_pct);
  EXPECT_GT(awrdiff::default_priority(g->columns[1]), awrdiff::column_priority::time);  // the first measure stays
  EXPECT_EQ(awrdiff::default_priority(g->columns[3]), awrdiff::column_priority::always);  // with its change
  EXPECT_LT(g->columns[7].priority, g->columns[4].priority);  // the total beside a rate goes first
  EXPECT_EQ(g->columns[7].key, "base_total");
  // redo size moved 2%: counted, not listed. user commits tripled, logons doubled: listed, largest first.
  ASSERT_EQ(g->rows.size(), 2u);
  EXPECT_EQ(std::get<std::string>(g->rows[0].cells[0]), "user commits");
  EXPECT_EQ(std::get<std::string>(g->rows[1].cells[0]), "logons cumulative");
  const auto& r = g->rows[0];
  EXPECT_DOUBLE_EQ(number(r, column(*g, "base_per_second")), 1);
  EXPECT_DOUBLE_EQ(number(r, column(*g, "target_per_second")), 3);
  EXPECT_DOUBLE_EQ(number(r, column(*g, "change")), 200);
  EXPECT_DOUBLE_EQ(number(r, column(*g, "per_trans")), 0);
  EXPECT_DOUBLE_EQ(number(r, column(*g, "base_total")), 1000);
  EXPECT_DOUBLE_EQ(number(r, column(*g, "total")), 200);
  EXPECT_NE(notes(*g).find("1 item within 20% in every column not listed"), std::string::npos) << notes(*g);
}

TEST(GenericWide, AnItemInOnePeriodOnlyShowsTheOtherSideEmpty) {
  auto b = period("base.html");
  auto t = period("target.html");
  b.other_tables.push_back(sysstat({{"user commits", "1,000", "1.00", "1.00"}, {"gone", "10", "0.01", "0.01"}}));
  t.other_tables.push_back(sysstat({{"user commits", "1,000", "1.00", "1.00"}, {"new one", "50", "0.05", "0.05"}}));
  const auto c = awrdiff::compare(b, t);
  const auto* g = table(c, "System Statistics (Global)");
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->rows.size(), 2u);
  const auto* fresh = row(*g, "new one");
  const auto* gone = row(*g, "gone");
  ASSERT_NE(fresh, nullptr);
  ASSERT_NE(gone, nullptr);
  EXPECT_TRUE(empty(*fresh, column(*g, "base_per_second")));  // unknown, not zero
  EXPECT_TRUE(empty(*fresh, column(*g, "base_per_trans")));
  EXPECT_DOUBLE_EQ(number(*fresh, column(*g, "target_per_second")), 0.05);
  EXPECT_TRUE(empty(*fresh, column(*g, "change")));
  EXPECT_DOUBLE_EQ(number(*gone, column(*g, "base_total")), 10);
  EXPECT_TRUE(empty(*gone, column(*g, "target_total")));
  EXPECT_TRUE(empty(*gone, column(*g, "target_per_second")));
  EXPECT_NE(notes(*g).find("2 items are in one report only"), std::string::npos) << notes(*g);
}

TEST(GenericWide, HistogramCellsWithACountAreNumbersAndNamesStayNames) {
  auto b = period("base.html");
  auto t = period("target.html");
  b.other_tables.push_back(histogram({{"ADR block file read", "12.3K", "0.0(6)", "90.0", "10.0"},
                                      {"log file sync", "10.4M", "80.0", "19.9", "0.0(2)"},
                                      {"control file heartbeat", "50", "100.0", "", ""},
                                      {"db file sequential read", "2.0M", "60.0", "38.0", "2.0"}}));
  t.other_tables.push_back(histogram({{"ADR block file read", "4700", "0.0(1)", "90.0", "10.0"},
                                      {"log file sync", "9.8M", "40.0", "59.9", "0.0(3)"},
                                      {"control file heartbeat", "40", "", "", "100.0"},
                                      {"db file sequential read", "2.1M", "50.0", "48.0", "2.0"}}));
  const auto c = awrdiff::compare(b, t);
  const auto* g = table(c, "Wait Event Histogram (Global)");
  ASSERT_NE(g, nullptr);
  // Every bucket is a measure: the item is the event alone and matches across the periods.
  for (const auto& r : g->rows) EXPECT_EQ(std::get<std::string>(r.cells[0]).find("·"), std::string::npos);
  const auto* sync = row(*g, "log file sync");
  ASSERT_NE(sync, nullptr);
  EXPECT_DOUBLE_EQ(number(*sync, column(*g, "base_waits")), 10.4e6);
  EXPECT_DOUBLE_EQ(number(*sync, column(*g, "base_lt_1ms")), 80);
  EXPECT_DOUBLE_EQ(number(*sync, column(*g, "target_lt_1ms")), 40);
  EXPECT_DOUBLE_EQ(number(*sync, column(*g, "base_ge_8ms")), 0);  // ">=8ms" after "<8ms"
  EXPECT_NE(notes(*g).find("0.0(3) is read as its percentage"), std::string::npos) << notes(*g);
  // A bucket's change is in points; the events rank by their largest shift (log file sync: 40 points).
  EXPECT_EQ(g->columns[column(*g, "lt_8ms")].unit, "pts");
  EXPECT_NEAR(number(*sync, column(*g, "lt_8ms")), 40, 1e-9);
  EXPECT_NEAR(number(*sync, column(*g, "lt_1ms")), -40, 1e-9);
  ASSERT_EQ(g->rows.size(), 2u);
  EXPECT_EQ(std::get<std::string>(g->rows[0].cells[0]), "log file sync");
  EXPECT_EQ(std::get<std::string>(g->rows[1].cells[0]), "db file sequential read");
  // ADR block file read: the same distribution (its count of waits fell: a histogram is read by its shape);
  // control file heartbeat: 0.05 waits per second, a handful of waits, not assessed.
  EXPECT_EQ(row(*g, "ADR block file read"), nullptr);
  EXPECT_EQ(row(*g, "control file heartbeat"), nullptr);
  EXPECT_NE(notes(*g).find("1 event with under 0.1 Waits per second"), std::string::npos) << notes(*g);
}

TEST(GenericWide, APercentageColumnChangesInPoints) {
  auto make = [](const std::string& hit) {
    GenericTable g;
    g.section = "buffer_pool_stats";
    g.title = "Buffer Pool Statistics";
    g.known = true;
    g.headers = {"P", "Pool Hit%", "Buffer Gets"};
    g.columns = {"p", "pool_hit_pct", "buffer_gets"};
    g.units = {"none", "%", "count"};
    g.rows = {{"D", hit, "1,000"}};
    return g;
  };
  auto b = period("base.html");
  auto t = period("target.html");
  b.other_tables.push_back(make("99.0"));
  t.other_tables.push_back(make("60.0"));
  const auto c = awrdiff::compare(b, t);
  const auto* g = table(c, "Buffer Pool Statistics");
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->rows.size(), 1u);
  const auto* points = std::get_if<awrdiff::Points>(&g->rows[0].cells[column(*g, "change")]);
  ASSERT_NE(points, nullptr);
  EXPECT_NEAR(points->value, -39.0, 1e-9);
  EXPECT_EQ(g->columns[column(*g, "base_pool_hit_pct")].unit, "%");
}

TEST(GenericWide, ASingleReportHasOneRowPerItem) {
  auto t = period("target.html");
  t.other_tables.push_back(sysstat({{"user commits", "1,000", "1.00", "1.00"}, {"redo size", "5,000", "5.00", "5.00"}}));
  const auto c = awrdiff::describe(t);
  const auto* g = table(c, "System Statistics (Global)");
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->columns.size(), 4u);
  EXPECT_EQ(g->columns[1].header, "per Second");
  EXPECT_EQ(g->columns[3].header, "Total");
  ASSERT_EQ(g->rows.size(), 2u);
  EXPECT_EQ(std::get<std::string>(g->rows[0].cells[0]), "user commits");  // the report's order
  EXPECT_DOUBLE_EQ(number(g->rows[1], 3), 5000);
}

TEST(GenericWide, ManyMeasuresFitTheTextWidth) {
  auto b = period("base.html");
  auto t = period("target.html");
  GenericTable g;
  g.section = "rac_global_other";
  g.title = "Wide";
  g.known = true;
  g.headers = {"Event", "Waits"};
  for (int i = 0; i < 20; ++i) g.headers.push_back("<" + std::to_string(1 << i) + "us");
  g.columns.assign(g.headers.size(), "unknown");
  g.units.assign(g.headers.size(), "none");
  auto rows = [&](double k) {
    std::vector<std::vector<std::string>> out;
    for (int r = 0; r < 12; ++r) {
      std::vector<std::string> cells = {"event number " + std::to_string(r), std::to_string(1000 * (r + 1) * k)};
      for (int i = 0; i < 20; ++i) cells.push_back(std::to_string(((i + r) % 7) * k));
      out.push_back(cells);
    }
    return out;
  };
  g.rows = rows(1);
  b.other_tables.push_back(g);
  g.rows = rows(2.5);
  t.other_tables.push_back(g);
  const auto c = awrdiff::compare(b, t);
  for (int width : {80, 120}) {
    for (auto f : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::jira}) {
      awrdiff::RenderOptions o;
      o.width = width;
      std::ostringstream out;
      awrdiff::render(c, f, o, out);
      if (f != awrdiff::Format::text) continue;  // Markdown and Jira: rendered without a failure
      std::istringstream lines(out.str());
      for (std::string l; std::getline(lines, l);) {
        std::size_t w = 0;
        for (unsigned char ch : l) w += (ch & 0xC0) != 0x80 ? 1 : 0;
        EXPECT_LE(w, static_cast<std::size_t>(width)) << l;
      }
    }
  }
}

}  // namespace

// Periods of different lengths (Service Statistics of a 4 h and a 22 h report): a total's change is that of its
// rate per second, not of the sums (+148% of DB time in the sums was -55% per second); a state at the end of the
// period (Size) and a rate keep their own change; the note gives the lengths.
TEST(GenericWide, TotalsOfPeriodsOfDifferentLengthsChangeByTheirRate) {
  auto b = period("base.html");
  auto t = period("target.html");
  b.interval.elapsed_s = 14400;
  t.interval.elapsed_s = 79260;
  auto service = [](std::vector<std::vector<std::string>> rows) {
    GenericTable g;
    g.section = "service_stats";
    g.title = "Service Statistics";
    g.known = true;
    g.headers = {"Service Name", "DB Time (s)", "Size (M)", "Reads/s"};
    g.columns = {"unknown", "unknown", "unknown", "unknown"};
    g.units = {"none", "none", "none", "none"};
    g.rows = std::move(rows);
    return g;
  };
  b.other_tables.push_back(service({{"SYS$USERS", "299,648", "100", "10.0"}}));
  t.other_tables.push_back(service({{"SYS$USERS", "744,264", "200", "30.0"}}));
  const auto c = awrdiff::compare(b, t);
  const auto* g = table(c, "Service Statistics");
  ASSERT_NE(g, nullptr);
  const auto* r = row(*g, "SYS$USERS");
  ASSERT_NE(r, nullptr);
  EXPECT_DOUBLE_EQ(number(*r, column(*g, "base_db_time_s")), 299648);  // shown as printed
  const double by_rate = (744264.0 / 79260 - 299648.0 / 14400) / (299648.0 / 14400) * 100;
  EXPECT_NEAR(number(*r, column(*g, "db_time_s")), by_rate, 1e-6);  // about -55%
  EXPECT_NEAR(number(*r, column(*g, "size_m")), 100, 1e-9);  // a size: its own change
  EXPECT_NEAR(number(*r, column(*g, "change")), 200, 1e-9);  // a rate (first, as rates are): its own change
  EXPECT_NE(notes(*g).find("240.0 against 1,321.0 min of elapsed"), std::string::npos) << notes(*g);
}
