// HTML that pugixml rejects: attributes quoted as XML, then read table by table, each faulty
// region by libxml2's forgiving parser. The tables must be those libxml2 reads from the whole file.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

void expect_same_tables(const std::string& html) {
  const auto fast = awrdiff::detail::tokenize_html_with(html, false);
  const auto slow = awrdiff::detail::tokenize_html_with(html, true);
  ASSERT_EQ(fast.tables.size(), slow.tables.size());
  for (std::size_t i = 0; i < fast.tables.size(); ++i) {
    SCOPED_TRACE("table " + std::to_string(i));
    EXPECT_EQ(fast.tables[i].title, slow.tables[i].title);
    EXPECT_EQ(fast.tables[i].section, slow.tables[i].section);
    EXPECT_EQ(fast.tables[i].headers, slow.tables[i].headers);
    ASSERT_EQ(fast.tables[i].rows.size(), slow.tables[i].rows.size());
    for (std::size_t r = 0; r < fast.tables[i].rows.size(); ++r)
      EXPECT_EQ(fast.tables[i].rows[r].cells, slow.tables[i].rows[r].cells);
    EXPECT_EQ(fast.tables[i].line, slow.tables[i].line);
  }
}

bool has_note(const awrdiff::RawReport& raw, std::string_view text) {
  for (const auto& d : raw.diagnostics)
    if (d.message.find(text) != std::string::npos) return true;
  return false;
}

const std::string k_load_profile =
    "<p />\nLoad Profile<p />\n<table border=\"0\" summary=\"This table displays load profile\">\n"
    "<tr><th class=\"awrbg\"></th><th>Per Second</th><th>Per Transaction</th></tr>\n"
    "<tr><td>DB Time(s):</td><td>2.5</td><td>0.1</td></tr>\n</table>\n";
const std::string k_top_events =
    "<h3 class=\"awr\">Top 10 Foreground Events by Total Wait Time</h3>\n<ul><li>note</li></ul>\n"
    "<table summary=\"This table displays top 10 wait events by total wait time\">\n"
    "<tr><th>Event</th><th>Waits</th><th>Total Wait Time (sec)</th></tr>\n"
    "<tr><td>DB CPU</td><td></td><td>1,234</td></tr>\n</table>\n";

TEST(HtmlRegions, StrayEndTagInOneTable) {
  std::string bad = k_top_events;
  bad.replace(bad.find("<td>DB CPU</td>"), 15, "<td>DB CPU</a></td>");
  const std::string html = "<html><body class=\"awr\">\n<h1>WORKLOAD REPOSITORY report for</h1>\n" + k_load_profile + bad +
                           k_load_profile + "</body></html>\n";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 3U);
  EXPECT_EQ(raw.tables[1].title, "Top 10 Foreground Events by Total Wait Time");
  EXPECT_EQ(raw.tables[1].rows.at(0).cells.at(0), "DB CPU");
  EXPECT_EQ(raw.tables[2].title, "Load Profile");
  EXPECT_TRUE(has_note(raw, "read with the forgiving HTML parser"));
  expect_same_tables(html);
}

TEST(HtmlRegions, UnquotedAttributesAndUpperCaseTags) {
  std::string events = k_top_events;
  for (auto [from, to] : {std::pair<std::string, std::string>{"<h3 class=\"awr\">", "<H3 class=awr>"},
                          {"</h3>", "</H3>"},
                          {"<ul><li>note</li></ul>", "<UL><LI>note</UL>"}})
    events.replace(events.find(from), from.size(), to);
  const std::string html =
      "<HTML lang=en><HEAD><TITLE>AWR</TITLE></HEAD><BODY class=awr>\n" + k_load_profile + events + "</BODY></HTML>\n";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 2U);
  EXPECT_EQ(raw.tables[1].title, "Top 10 Foreground Events by Total Wait Time");
  EXPECT_TRUE(has_note(raw, "read with quotes added"));
  expect_same_tables(html);
}

TEST(HtmlRegions, DoubledQuotesKeepTheSummary) {
  const std::string html =
      "<html lang=\"\"en\"\"><body class=\"\"awr\"\">\n"
      "<table border=\"\"0\"\" summary=\"\"This table displays load profile\"\">"
      "<tr><th></th><th>Per Second</th></tr><tr><td>DB Time(s):</td><td>2.5</td></tr></table>"
      "</body></html>";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 1U);
  EXPECT_EQ(raw.tables[0].summary, "This table displays load profile");
  EXPECT_EQ(raw.tables[0].section, awrdiff::SectionId::load_profile);
}

TEST(HtmlRegions, PromptTextBeforeTheReport) {
  const std::string html =
      "SQL> @awrrpt\n<html><head><style>td {}</style></head>\n DBID\n------\n 1234\n"
      "</head><body>\n" +
      k_load_profile + k_top_events + "</body></html>\nSQL> exit\n";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 2U);
  expect_same_tables(html);
}

TEST(HtmlRegions, UnclosedTableRunsToTheEnd) {
  const std::string html = "<html><body>\n" + k_load_profile + "<table><tr><td>1<td>2\n</body></html>";
  EXPECT_NO_THROW((void)awrdiff::tokenize_html(html));
  expect_same_tables(html);
}

}  // namespace

namespace {

// A SQL*Plus spool of awrrpt.sql: the snapshot listing of many days (tens of KB) before <html>.
TEST(HtmlRegions, SpoolWithLongPreludeIsHtml) {
  const std::string html = awrdiff::read_input(std::filesystem::path(AWRDIFF_SOURCE_DIR "/samples/good.html"));
  std::string prelude = "SQL> @?/rdbms/admin/awrrpt\nListing the last 31 days of Completed Snapshots\n";
  for (int i = 0; i < 744; ++i)
    prelude += "ORCL         ORCL             " + std::to_string(1000 + i) + " 01 Oct 2024 00:00      1\n";
  ASSERT_GT(prelude.size(), 40000U);
  EXPECT_EQ(awrdiff::detect_input(prelude + html), awrdiff::InputKind::awr_instance_html);
  const auto spooled = awrdiff::parse_report(prelude + html, "spool.html");
  const auto plain = awrdiff::parse_report(html, "good.html");
  EXPECT_EQ(spooled.db_time_s(), plain.db_time_s());
  EXPECT_EQ(spooled.sql.size(), plain.sql.size());
  // A text report stays text, even with an HTML-looking line far from its header.
  const std::string text = awrdiff::read_input(std::filesystem::path(AWRDIFF_SOURCE_DIR "/samples/good.txt"));
  EXPECT_EQ(awrdiff::detect_input(text), awrdiff::InputKind::awr_instance_text);
}

}  // namespace
