// The other report sections side by side (src/diff/sections.cpp): rows matched by key, rates per second,
// a row missing from one report's top-N list "not shown" with its change a bound, ranking by material
// change, init.ora differences, histogram shifts, and every section in every format.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include "tests/support/compare_lookup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

namespace {

using awrdiff::testing::column;
using awrdiff::testing::row;
using awrdiff::testing::table;

using awrdiff::CompareCell;
using awrdiff::CompareTable;
using awrdiff::Snapshot;

Snapshot period(const std::string& source, double elapsed_s) {
  Snapshot s;
  s.source = source;
  s.database.name = "TEST";
  s.database.dbid = 1234;
  s.database.instance = "test1";
  s.interval.elapsed_s = elapsed_s;
  s.time_model.push_back({"DB time", 600, std::nullopt});
  return s;
}

double number(const awrdiff::CompareRow& r, std::size_t i) {
  const auto* d = std::get_if<double>(&r.cells.at(i));
  EXPECT_NE(d, nullptr);
  return d != nullptr ? *d : -1;
}

std::string text(const awrdiff::CompareRow& r, std::size_t i) {
  const auto* s = std::get_if<std::string>(&r.cells.at(i));
  return s != nullptr ? *s : std::string();
}

}  // namespace

TEST(SectionCompare, LatchesAsRatesRankedByWaitTime) {
  auto b = period("base.html", 1800);
  auto t = period("target.html", 3600);  // twice as long: totals double, rates hold
  b.latches.push_back({"cache buffers chains", 1.8e6, 0.1, std::nullopt, 1.8, std::nullopt, std::nullopt, 10, 90, 0});
  t.latches.push_back({"cache buffers chains", 3.6e6, 0.1, std::nullopt, 3.6, std::nullopt, std::nullopt, 20, 180, 0});
  b.latches.push_back({"shared pool", 1800, 1, std::nullopt, 0.18, std::nullopt, std::nullopt, 5, 9, 0});
  t.latches.push_back({"shared pool", 3600, 5, std::nullopt, 360, std::nullopt, std::nullopt, 50, 900, 0});
  const auto c = awrdiff::compare(b, t);
  const auto* l = table(c, "latches");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->group, awrdiff::TableGroup::sections);
  ASSERT_EQ(l->rows.size(), 2u);
  // shared pool: 0.0001 -> 0.1 AAS of latch wait, worse, ranked first; cache buffers chains: the same rate.
  EXPECT_EQ(text(l->rows[0], 0), "shared pool");
  EXPECT_EQ(text(l->rows[0], column(*l, "assessment")), "worse");
  const auto* cbc = row(*l, "cache buffers chains");
  ASSERT_NE(cbc, nullptr);
  EXPECT_DOUBLE_EQ(number(*cbc, column(*l, "base_gets_s")), 1000);
  EXPECT_DOUBLE_EQ(number(*cbc, column(*l, "target_gets_s")), 1000);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(cbc->cells[column(*l, "assessment")]));
}

TEST(SectionCompare, SegmentMissingFromOneTopListIsNotShownWithABound) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  auto seg = [](const std::string& list, const std::string& object, double value) {
    awrdiff::SegmentStat g;
    g.list = list;
    g.owner = "APP";
    g.object = object;
    g.type = "TABLE";
    g.value = value;
    return g;
  };
  b.segments = {seg("segments_row_lock_waits", "ORDERS", 100), seg("segments_row_lock_waits", "ITEMS", 50)};
  t.segments = {seg("segments_row_lock_waits", "ORDERS", 100), seg("segments_row_lock_waits", "STOCK", 5000),
                seg("segments_row_lock_waits", "ITEMS", 60)};
  const auto c = awrdiff::compare(b, t);
  const auto* s = table(c, "segments");
  ASSERT_NE(s, nullptr);
  const auto* stock = row(*s, "APP.STOCK");
  ASSERT_NE(stock, nullptr);
  EXPECT_EQ(stock->cells.at(column(*s, "base_per_s")), awrdiff::CompareCell(awrdiff::Unknown{awrdiff::Unknown::Why::not_shown}));
  EXPECT_DOUBLE_EQ(number(*stock, column(*s, "target_per_s")), 5);
  // Not shown in the base: below its list's last value (ITEMS, 0.05/s): at least +9,900%.
  const auto* bound = std::get_if<awrdiff::Bound>(&stock->cells.at(column(*s, "change")));
  ASSERT_NE(bound, nullptr);
  EXPECT_NEAR(bound->value, 9900, 1e-6);
  EXPECT_TRUE(bound->at_least);
  // Assessed on that least change (0.05 -> 5 row lock waits/s: worse), and ranked first.
  EXPECT_EQ(text(*stock, column(*s, "assessment")), "worse");
  EXPECT_EQ(text(s->rows.front(), 0), "APP.STOCK");
  EXPECT_EQ(text(*row(*s, "APP.ORDERS"), 1), "row lock waits");
  // Gone from the target's list but below that list's last value in the base (LINES 30 < ITEMS 60): the target may
  // hold it still, or more: the change is unknown, no bound and no assessment.
  b.segments.push_back(seg("segments_row_lock_waits", "LINES", 30));
  const auto c2 = awrdiff::compare(b, t);
  const auto* s2 = table(c2, "segments");
  const auto* lines = row(*s2, "APP.LINES");
  ASSERT_NE(lines, nullptr);
  EXPECT_EQ(lines->cells.at(column(*s2, "target_per_s")),
            awrdiff::CompareCell(awrdiff::Unknown{awrdiff::Unknown::Why::not_shown}));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(lines->cells.at(column(*s2, "change"))));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(lines->cells.at(column(*s2, "assessment"))));
}

TEST(SectionCompare, InitOraAddedRemovedChanged) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  b.parameters = {{"db_file_multiblock_read_count", "128", "", {}, ""},
                  {"_optimizer_use_feedback", "FALSE", "", {}, ""},
                  {"processes", "1000", "", {}, ""}};
  t.parameters = {{"db_file_multiblock_read_count", "16", "", {}, ""},
                  {"processes", "1000", "", {}, ""},
                  {"cursor_sharing", "FORCE", "", {}, ""}};
  const auto c = awrdiff::compare(b, t);
  const auto* p = table(c, "init_ora");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->rows.size(), 3u);
  EXPECT_EQ(text(p->rows[0], 0), "db_file_multiblock_read_count");
  EXPECT_EQ(text(p->rows[0], 3), "changed");
  EXPECT_EQ(text(*row(*p, "cursor_sharing"), 1), "(default)");
  EXPECT_EQ(text(*row(*p, "_optimizer_use_feedback"), 3), "reset");
  EXPECT_NE(p->notes.front().find("1 parameter the same"), std::string::npos);

  // A text report cuts a long value at its column's width: the start of the other report's value is no change
  // there; in an HTML report (values printed whole) it is.
  b.parameters.push_back({"control_files", "/u01/ctl1.ctl, /u02/ctl2.ctl,", "", {}, ""});
  t.parameters.push_back({"control_files", "/u01/ctl1.ctl, /u02/ctl2.ctl, /u03/ctl3.ctl", "", {}, ""});
  EXPECT_EQ(row(*table(awrdiff::compare(b, t), "init_ora"), "control_files")->cells.at(3),
            awrdiff::CompareCell(std::string("changed")));
  b.format = awrdiff::ReportFormat::text;
  const auto cut = awrdiff::compare(b, t);
  EXPECT_EQ(row(*table(cut, "init_ora"), "control_files"), nullptr);
  EXPECT_NE(table(cut, "init_ora")->notes.back().find("as far as the text report prints"), std::string::npos);
}

TEST(SectionCompare, HistogramShiftInPoints) {
  auto b = period("base.html", 100);
  auto t = period("target.html", 100);
  auto h = [](double under1, double under2, double under8) {
    awrdiff::WaitHistogramRow r;
    r.section = "wait_histogram";
    r.event = "log file sync";
    r.total_waits = 10000;
    r.buckets = {{"<1ms", under1},
                 {"<2ms", under2},
                 {"<4ms", 0.0},
                 {"<8ms", under8},
                 {"<16ms", std::nullopt},
                 {"<32ms", std::nullopt},
                 {"<=1s", 100 - under1 - under2 - under8},
                 {">1s", std::nullopt}};
    return r;
  };
  b.wait_histograms = {h(80, 10, 5)};
  t.wait_histograms = {h(20, 30, 10)};
  const auto c = awrdiff::compare(b, t);
  const auto* w = table(c, "wait_histogram");
  ASSERT_NE(w, nullptr);
  ASSERT_EQ(w->rows.size(), 1u);
  EXPECT_DOUBLE_EQ(number(w->rows[0], column(*w, "base_pct_1ms")), 80);
  EXPECT_DOUBLE_EQ(number(w->rows[0], column(*w, "target_pct_8ms")), 60);
  // The change of the ranking percentage, in points, naming it (the table ranks by several): a Points cell.
  const auto* points = std::get_if<awrdiff::Points>(&w->rows[0].cells.at(column(*w, "change")));
  ASSERT_NE(points, nullptr);
  EXPECT_DOUBLE_EQ(points->value, -60.0);
  EXPECT_EQ(points->measure, "% < 1 ms");
  EXPECT_EQ(text(w->rows[0], column(*w, "assessment")), "worse");
}

TEST(SectionCompare, EverySectionInEveryFormat) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  for (auto* s : {&b, &t}) {
    s->activity.push_back(
        {"redo size", "redo size", 1e6, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, false});
    s->enqueues.push_back({"TX-Transaction (row lock contention)", 10, 10, 0, 5, 2, 400});
    s->library_cache.push_back({"SQL AREA", 1000, 1, 2000, 1, 3, 0});
    s->dictionary_cache.push_back({"dc_objects", 500, 2, 0, 0, 100});
    s->iostat_function.push_back({"LGWR", "LGWR", 0, 0, 0, 1e6, 10, 1000, 5000, 0.5, std::nullopt, std::nullopt});
    s->tablespace_io.push_back({"USERS", "", 100, 0.1, 5, 1, 10, 0.01, 0, std::nullopt});
    s->os_stats.push_back({"BUSY_TIME", 50000, std::nullopt});
    s->mutex_sleeps.push_back({"Cursor Pin", "kksfbc [KKSCHLFSP2]", 100, 50});
    s->undo.push_back({"2", 1000, 50, 300, 4, "", ""});
    awrdiff::GenericTable g;
    g.section = "buffer_pool_stats";
    g.title = "Buffer Pool Statistics";
    g.known = true;
    g.headers = {"P", "Number of Buffers", "Free Buff Wait"};
    g.columns = {"p", "number_of_buffers", "free_buff_wait"};
    g.units = {"none", "count", "count"};
    g.rows = {{"D", "1,000", s == &b ? "0" : "12"}};
    s->other_tables.push_back(g);
  }
  const auto c = awrdiff::compare(b, t);
  const std::vector<std::string> titles = {"Instance Activity Stats",     "Enqueue Activity",    "Library Cache Activity",
                                           "Dictionary Cache Stats",      "IOStat by Function",  "Tablespace IO Stats",
                                           "Operating System Statistics", "Mutex Sleep Summary", "Undo Segment Summary",
                                           "Buffer Pool Statistics"};
  for (const auto& title : titles)
    EXPECT_TRUE(std::any_of(c.tables.begin(), c.tables.end(), [&](const CompareTable& x) { return x.title == title; })) << title;
  for (auto f :
       {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::jira, awrdiff::Format::html, awrdiff::Format::json}) {
    std::ostringstream out;
    awrdiff::render(c, f, {}, out);
    for (const auto& title : titles) EXPECT_NE(out.str().find(title), std::string::npos) << title << " in format " << int(f);
  }
  // The generic table: one row per item, the value that differs as printed.
  const auto* g = table(c, "buffer_pool_stats");
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->rows.size(), 1u);
  EXPECT_EQ(text(g->rows[0], 0), "D");
  EXPECT_DOUBLE_EQ(number(g->rows[0], column(*g, "target_free_buff_wait")), 12);
}

TEST(SectionCompare, TextFormatsCapLongSectionsHtmlAndJsonDoNot) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  for (int i = 0; i < 30; ++i) {
    const std::string name = "statistic " + std::to_string(i);
    b.activity.push_back(
        {name, name, 1000.0 * (i + 1), std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, false});
    t.activity.push_back(
        {name, name, 2000.0 * (i + 1), std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, false});
  }
  const auto c = awrdiff::compare(b, t);
  std::ostringstream text_out, json_out;
  awrdiff::render(c, awrdiff::Format::text, {}, text_out);
  awrdiff::render(c, awrdiff::Format::json, {}, json_out);
  EXPECT_NE(text_out.str().find("… 20 more rows"), std::string::npos);
  EXPECT_EQ(text_out.str().find("statistic 0 "), std::string::npos);  // the smallest rates, ranked last
  EXPECT_NE(json_out.str().find("\"statistic 0\""), std::string::npos);
  awrdiff::RenderOptions all;
  all.rows = 0;
  std::ostringstream every;
  awrdiff::render(c, awrdiff::Format::text, all, every);
  EXPECT_EQ(every.str().find("more rows"), std::string::npos);
}

TEST(SectionCompare, FindingsNameTheSectionRowsBehindThem) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  auto event = [](double time_s, double waits) {
    awrdiff::WaitEvent e;
    e.name = "enq: TX - row lock contention";
    e.wait_class = "Application";
    e.time_s = time_s;
    e.waits = waits;
    e.avg_wait_ms = time_s / waits * 1000;
    return e;
  };
  b.foreground_events = {event(10, 100)};
  t.foreground_events = {event(300, 1000)};
  t.time_model = {{"DB time", 890, std::nullopt}};
  auto seg = [](const std::string& object, double value) {
    awrdiff::SegmentStat g;
    g.list = "segments_row_lock_waits";
    g.owner = "APP";
    g.object = object;
    g.type = "TABLE";
    g.value = value;
    return g;
  };
  b.segments = {seg("ORDERS", 90), seg("ITEMS", 10)};
  t.segments = {seg("ORDERS", 950), seg("ITEMS", 12)};
  b.enqueues.push_back({"TX-Transaction (row lock contention)", 100, 100, 0, 100, 10, 100});
  t.enqueues.push_back({"TX-Transaction (row lock contention)", 1000, 1000, 0, 1000, 300, 300});
  const auto c = awrdiff::compare(b, t);
  const awrdiff::Finding* f = nullptr;
  for (const auto& x : c.findings)
    if (x.rule == "concurrency") f = &x;
  ASSERT_NE(f, nullptr);
  const auto has = [&](const std::string& start) {
    return std::any_of(f->evidence.begin(), f->evidence.end(), [&](const std::string& e) { return e.starts_with(start); });
  };
  EXPECT_TRUE(has("Segments by row lock waits: APP.ORDERS 0.09 -> 0.950 /s (11 x)"));
  EXPECT_FALSE(has("Segments by row lock waits: APP.ITEMS"));  // +20%: not material at 0.01 /s
  EXPECT_TRUE(has("Enqueue Activity: TX-Transaction (row lock contention) 0.01 -> 0.300 AAS (30 x)"));
}

// A segment that came into one report's top list has a change against the other list's cut-off that is a bound of a
// hundredfold or more ("not shown -> 13.9 /s (≥ +138,900%)"): the evidence says "entered the list" instead, and
// "left the list" the other way.
TEST(SectionCompare, ASegmentEnteringOrLeavingAListSaysSo) {
  auto b = period("base.html", 1000);
  auto t = period("target.html", 1000);
  auto event = [](double time_s, double waits) {
    awrdiff::WaitEvent e;
    e.name = "enq: TX - row lock contention";
    e.wait_class = "Application";
    e.time_s = time_s;
    e.waits = waits;
    e.avg_wait_ms = time_s / waits * 1000;
    return e;
  };
  b.foreground_events = {event(10, 100)};
  t.foreground_events = {event(300, 1000)};
  b.time_model = {{"DB time", 600, std::nullopt}};
  t.time_model = {{"DB time", 890, std::nullopt}};
  auto seg = [](const std::string& object, double value) {
    awrdiff::SegmentStat g;
    g.list = "segments_row_lock_waits";
    g.owner = "APP";
    g.object = object;
    g.type = "TABLE";
    g.value = value;
    return g;
  };
  b.segments = {seg("ITEMS", 10)};
  t.segments = {seg("ORDERS", 13900), seg("ITEMS", 12)};
  auto evidence = [](const awrdiff::Comparison& c) {
    std::vector<std::string> out;
    for (const auto& f : c.findings)
      for (const auto& e : f.evidence)
        if (e.starts_with("Segments by row lock waits: APP.ORDERS")) out.push_back(e);
    return out;
  };
  const auto up = evidence(awrdiff::compare(b, t));
  ASSERT_FALSE(up.empty());
  EXPECT_EQ(up.front(), "Segments by row lock waits: APP.ORDERS not shown -> 13.9 /s (entered the list)");
  const auto down = evidence(awrdiff::compare(t, b));
  ASSERT_FALSE(down.empty());
  EXPECT_EQ(down.front(), "Segments by row lock waits: APP.ORDERS 13.9 -> not shown /s (left the list)");
}

// docs/sections.md holds the table of section comparisons as the code defines it.
TEST(SectionCompare, DocsHoldTheSectionTable) {
  std::ifstream in(AWRDIFF_SOURCE_DIR "/docs/sections.md");
  ASSERT_TRUE(in) << "docs/sections.md missing";
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(doc.find(awrdiff::section_comparisons_markdown()), std::string::npos)
      << "docs/sections.md out of date: awrdiff catalog --sections -f markdown";
}
