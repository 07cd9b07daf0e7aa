// One section added by one catalog row, seen in every format: a report fixture holds a table whose
// title no report section has; with one row added to the catalog (add_section_for_test: titles, key,
// display title, reader kind `generic`; its columns are headers the catalog knows), the table is read
// into the snapshot, written in and read back from the snapshot JSON, and compared in text, Markdown,
// Jira, HTML and JSON. Without the row the same table is an unknown section: kept, not compared.
#include <awrdiff/catalog.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace {

using awrdiff::Format;
using awrdiff::GenericTable;
using awrdiff::SectionId;
using awrdiff::SectionReader;
using awrdiff::SectionSpec;
using awrdiff::Snapshot;

constexpr std::string_view k_titles[] = {"Widget Pool Statistics"};
constexpr std::string_view k_summaries[] = {"widget pool statistics"};

std::string read_sample(const std::string& name) {
  std::ifstream in(std::string(AWRDIFF_SOURCE_DIR) + "/samples/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A sample HTML report with one more table before "End of Report": statistic, total, per second.
std::string with_widgets(const std::string& sample, std::string_view total, std::string_view per_second) {
  std::string html = read_sample(sample);
  const std::string table =
      "<h3 class=\"awr\">Widget Pool Statistics</h3>\n"
      "<table border=\"0\" class=\"tdiff\" summary=\"This table displays widget pool statistics\"><tr>"
      "<th class=\"awrbg\" scope=\"col\">Statistic</th><th class=\"awrbg\" scope=\"col\">Total</th>"
      "<th class=\"awrbg\" scope=\"col\">per Second</th></tr>\n"
      "<tr><td scope=\"row\" class='awrc'>widget spins</td><td align=\"right\" class='awrc'>" +
      std::string(total) + "</td><td align=\"right\" class='awrc'>" + std::string(per_second) + "</td></tr>\n</table>\n";
  const auto at = html.find("End of Report");
  EXPECT_NE(at, std::string::npos);
  html.insert(html.rfind('\n', at) + 1, table);
  return html;
}

const GenericTable* widgets(const Snapshot& s) {
  for (const auto& g : s.other_tables)
    if (g.title == "Widget Pool Statistics") return &g;
  return nullptr;
}

std::string rendered(const awrdiff::Comparison& c, Format format) {
  std::ostringstream out;
  awrdiff::render(c, format, {}, out);
  return out.str();
}

// Adds the row for the test's lifetime: the catalog is as built for every other test.
struct WidgetRow {
  SectionId id;
  WidgetRow() {
    id = awrdiff::add_section_for_test(
        {SectionId::unknown, "widget_pool_stats", "Widget Pool Statistics", k_titles, k_summaries, SectionReader::generic});
  }
  ~WidgetRow() { awrdiff::remove_sections_for_test(); }
};

TEST(CatalogRow, OneRowAddsASectionSeenInEveryFormat) {
  const std::string base_html = with_widgets("good.html", "1,000", "0.28");
  const std::string target_html = with_widgets("improved.html", "90,000", "25.00");

  // Without the row: an unknown section, kept as printed but not compared.
  {
    const Snapshot base = awrdiff::parse_report(base_html, "base.html");
    const auto* g = widgets(base);
    ASSERT_NE(g, nullptr);
    EXPECT_FALSE(g->known);
    const Snapshot target = awrdiff::parse_report(target_html, "target.html");
    EXPECT_EQ(rendered(awrdiff::compare(base, target), Format::text).find("widget spins"), std::string::npos);
  }

  const WidgetRow row;
  EXPECT_GT(static_cast<std::size_t>(row.id), static_cast<std::size_t>(SectionId::statspack_other));
  ASSERT_NE(awrdiff::find_section_by_title("Widget Pool Statistics"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_title("Widget Pool Statistics")->id, row.id);
  EXPECT_EQ(awrdiff::section_spec(row.id).key, "widget_pool_stats");
  ASSERT_NE(awrdiff::find_section_by_key("widget_pool_stats"), nullptr);

  const Snapshot base = awrdiff::parse_report(base_html, "base.html");
  const Snapshot target = awrdiff::parse_report(target_html, "target.html");

  // Read into the snapshot: the section's key, each column's catalog key and unit.
  const auto* g = widgets(target);
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(g->known);
  EXPECT_EQ(g->section, "widget_pool_stats");
  ASSERT_EQ(g->columns.size(), 3u);
  EXPECT_EQ(g->columns[1], "total");
  EXPECT_EQ(g->units[1], "count");
  ASSERT_EQ(g->rows.size(), 1u);
  EXPECT_EQ(g->rows[0][1], "90,000");

  // Written in the snapshot JSON, and read back.
  const std::string json = awrdiff::snapshot_json_text(target);
  EXPECT_NE(json.find("\"section\": \"widget_pool_stats\""), std::string::npos);
  EXPECT_NE(json.find("\"90,000\""), std::string::npos);
  const Snapshot again = awrdiff::snapshot_from_json(json, "target.json");
  const auto* g2 = widgets(again);
  ASSERT_NE(g2, nullptr);
  EXPECT_EQ(g2->section, "widget_pool_stats");
  EXPECT_EQ(g2->rows, g->rows);
  EXPECT_EQ(awrdiff::snapshot_json_text(again), json);

  // Compared: one table under the section's key, shown in every format.
  const auto c = awrdiff::compare(base, target);
  const auto t = std::find_if(c.tables.begin(), c.tables.end(),
                              [](const auto& x) { return x.key.find("widget_pool_stats") != std::string::npos; });
  ASSERT_NE(t, c.tables.end());
  EXPECT_FALSE(t->rows.empty());
  for (const Format f : {Format::text, Format::markdown, Format::jira, Format::html, Format::json}) {
    const std::string out = rendered(c, f);
    EXPECT_NE(out.find("Widget Pool Statistics"), std::string::npos) << "format " << static_cast<int>(f);
    EXPECT_NE(out.find("widget spins"), std::string::npos) << "format " << static_cast<int>(f);
    // The target's total: digits grouped for people, a plain number in JSON.
    EXPECT_NE(out.find(f == Format::json ? "90000" : "90,000"), std::string::npos) << "format " << static_cast<int>(f);
  }
  // The comparison from the snapshot JSON is the comparison from the report.
  EXPECT_EQ(rendered(awrdiff::compare(base, again), Format::json), rendered(c, Format::json));
}

TEST(CatalogRow, RemovedRowsLeaveTheCatalogAsBuilt) {
  const auto before = awrdiff::all_sections().size();
  {
    const WidgetRow row;
    EXPECT_EQ(awrdiff::all_sections().size(), before + 1);
  }
  EXPECT_EQ(awrdiff::all_sections().size(), before);
  EXPECT_EQ(awrdiff::find_section_by_title("Widget Pool Statistics"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_key("widget_pool_stats"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_title("Load Profile")->id, SectionId::load_profile);
}

// Every SectionId but unknown has one row (the static_assert in catalog.cpp says so at compile time).
TEST(CatalogRow, EverySectionIdHasOneRow) {
  for (std::size_t i = 1; i < awrdiff::k_section_id_count; ++i) {
    const auto id = static_cast<SectionId>(i);
    const auto n = std::count_if(awrdiff::all_sections().begin(), awrdiff::all_sections().end(),
                                 [&](const SectionSpec& s) { return s.id == id; });
    EXPECT_EQ(n, 1) << "SectionId " << i;
    EXPECT_EQ(awrdiff::section_spec(id).id, id);
  }
}

}  // namespace
