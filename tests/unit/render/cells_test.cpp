// Comparison cells carry presence as a type (unknown, one-sided, bound), and columns their role and priority:
// the renderers choose the words (text) or give the type (JSON), and a narrow terminal keeps columns by priority.
#include "render/render_common.hpp"
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace {

using awrdiff::Bound;
using awrdiff::ColumnKind;
using awrdiff::ColumnRole;
using awrdiff::CompareCell;
using awrdiff::OneSided;
using awrdiff::Unknown;
using awrdiff::testing::sample_report;

std::string rendered(const awrdiff::Comparison& c, awrdiff::Format f, std::size_t width = 0) {
  awrdiff::RenderOptions o;
  o.width = width;
  std::ostringstream out;
  awrdiff::render(c, f, o, out);
  return out.str();
}

// One table of an event on each side's list only, and a statement new in the target.
awrdiff::Comparison presence_table() {
  awrdiff::CompareTable t;
  t.key = "events";
  t.title = "Events";
  t.columns = {{"name", "Event", "", ColumnKind::text, 0, ColumnRole::name},
               {"status", "Status", "", ColumnKind::text, 0, ColumnRole::label},
               {"base_time_s", "Base time (s)", "s", ColumnKind::number, 1, ColumnRole::measure},
               {"target_time_s", "Target time (s)", "s", ColumnKind::number, 1, ColumnRole::measure},
               {"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0, ColumnRole::change},
               {"delta_aas", "Δ /s", "AAS", ColumnKind::delta, 3, ColumnRole::change}};
  t.rows.push_back(
      {{std::string("only in target"), CompareCell(Unknown{Unknown::Why::not_shown, Unknown::Side::base}),
        CompareCell(Unknown{Unknown::Why::not_shown}), 812.3, CompareCell(Bound{1250.4, true}), CompareCell(Bound{0.25, true})}});
  t.rows.push_back(
      {{std::string("only in base"), CompareCell(OneSided{OneSided::Which::gone_from_target}), 10.0,
        CompareCell(Unknown{Unknown::Why::not_in_report}), CompareCell(Bound{-40.2, false}), CompareCell(Bound{-0.5, false})}});
  t.rows.push_back({{std::string("new one"), CompareCell(OneSided{OneSided::Which::new_in_target}), CompareCell(), 5.0,
                     CompareCell(Unknown{Unknown::Why::no_change}), CompareCell()}});
  awrdiff::Comparison c;
  c.verdict = awrdiff::Verdict::unchanged;
  c.headline = "Unchanged";
  c.tables.push_back(std::move(t));
  return c;
}

TEST(Cells, PresenceReadsAsWordsInText) {
  using awrdiff::render_detail::cell_text;
  const auto c = presence_table();
  const auto& t = c.tables.front();
  const auto& r = t.rows;
  EXPECT_EQ(cell_text(r[0].cells[1], t.columns[1]), "not shown in base");
  EXPECT_EQ(cell_text(r[0].cells[2], t.columns[2]), "not shown");
  EXPECT_EQ(cell_text(r[0].cells[4], t.columns[4]), "≥ +1,250%");
  EXPECT_EQ(cell_text(r[0].cells[5], t.columns[5]), "+0.250 or more");
  EXPECT_EQ(cell_text(r[1].cells[1], t.columns[1]), "gone");
  EXPECT_EQ(cell_text(r[1].cells[3], t.columns[3]), "not in report");
  EXPECT_EQ(cell_text(r[1].cells[4], t.columns[4]), "≤ -40%");
  EXPECT_EQ(cell_text(r[1].cells[5], t.columns[5]), "-0.500 or more");
  EXPECT_EQ(cell_text(r[2].cells[1], t.columns[1]), "new");
  EXPECT_EQ(cell_text(r[2].cells[2], t.columns[2]), "-");
  EXPECT_EQ(cell_text(r[2].cells[4], t.columns[4]), "?");
  for (auto f : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::html}) {
    const auto out = rendered(c, f);
    for (const char* words : {"not shown in base", "not shown", "≥ +1,250%", "+0.250 or more", "gone", "not in report", "≤ -40%"})
      EXPECT_NE(out.find(words), std::string::npos) << words << " in format " << static_cast<int>(f);
  }
}

TEST(Cells, PresenceReachesJsonAsAType) {
  const auto j = nlohmann::json::parse(rendered(presence_table(), awrdiff::Format::json));
  const auto& t = j["tables"][0];
  ASSERT_EQ(t["columns"].size(), 6U);
  EXPECT_EQ(t["columns"][0]["role"], "name");
  EXPECT_EQ(t["columns"][1]["role"], "label");
  EXPECT_EQ(t["columns"][4]["role"], "change");
  const auto& r0 = t["rows"][0];
  // A numeric column holds a number or null; the words and the type beside it.
  EXPECT_TRUE(r0["base_time_s"].is_null());
  EXPECT_EQ(r0["base_time_s_text"], "not shown");
  EXPECT_EQ(r0["base_time_s_presence"], (nlohmann::json{{"kind", "unknown"}, {"why", "not_shown"}}));
  EXPECT_EQ(r0["target_time_s"], 812.3);
  EXPECT_FALSE(r0.contains("target_time_s_presence"));
  EXPECT_TRUE(r0["rate_change_pct"].is_null());
  EXPECT_EQ(r0["rate_change_pct_presence"]["kind"], "bound");
  EXPECT_DOUBLE_EQ(r0["rate_change_pct_presence"]["value"].get<double>(), 1250.4);
  EXPECT_EQ(r0["rate_change_pct_presence"]["at_least"], true);
  // A text column keeps its words under its key; the type names the side.
  EXPECT_EQ(r0["status"], "not shown in base");
  EXPECT_EQ(r0["status_presence"], (nlohmann::json{{"kind", "unknown"}, {"why", "not_shown"}, {"side", "base"}}));
  const auto& r1 = t["rows"][1];
  EXPECT_EQ(r1["status_presence"], (nlohmann::json{{"kind", "one_sided"}, {"which", "gone"}}));
  EXPECT_EQ(r1["target_time_s_presence"]["why"], "not_in_report");
  EXPECT_EQ(r1["rate_change_pct_presence"]["at_least"], false);
  const auto& r2 = t["rows"][2];
  EXPECT_TRUE(r2["base_time_s"].is_null());
  EXPECT_FALSE(r2.contains("base_time_s_text"));  // empty: nothing more known
  EXPECT_FALSE(r2.contains("base_time_s_presence"));
  EXPECT_EQ(r2["rate_change_pct_presence"]["why"], "no_change");
}

// A real pair: an event below the base's top list is not shown there (a presence, not words), its change a
// bound; both reach JSON as types.
TEST(Cells, SamplePairCarriesPresence) {
  const auto c = awrdiff::compare(sample_report("good.html"), sample_report("bad.html"));
  bool bound = false, unknown = false;
  for (const auto& t : c.tables)
    for (const auto& r : t.rows)
      for (const auto& cell : r.cells) {
        bound = bound || std::holds_alternative<Bound>(cell);
        unknown = unknown || std::holds_alternative<Unknown>(cell);
        if (const auto* s = std::get_if<std::string>(&cell)) {
          EXPECT_NE(*s, "not shown") << t.key;
          EXPECT_FALSE(s->starts_with("≥ ") || s->starts_with("≤ ")) << t.key << ": " << *s;
        }
      }
  EXPECT_TRUE(bound);
  EXPECT_TRUE(unknown);
  const auto j = nlohmann::json::parse(rendered(c, awrdiff::Format::json));
  bool json_bound = false;
  for (const auto& t : j["tables"])
    if (t["key"] == "top_events")
      for (const auto& r : t["rows"])
        if (r.contains("rate_change_pct_presence") && r["rate_change_pct_presence"]["kind"] == "bound") json_bound = true;
  EXPECT_TRUE(json_bound);
}

TEST(Cells, RolesAndPriorities) {
  awrdiff::CompareColumn text{"x", "X", "", ColumnKind::text, 0};
  EXPECT_EQ(awrdiff::role_of(text), ColumnRole::detail);
  EXPECT_EQ(awrdiff::default_priority(text), awrdiff::column_priority::detail);
  awrdiff::CompareColumn ms{"avg", "avg (ms)", "ms", ColumnKind::number, 1};
  EXPECT_EQ(awrdiff::role_of(ms), ColumnRole::measure);
  EXPECT_EQ(awrdiff::default_priority(ms), awrdiff::column_priority::latency);
  awrdiff::CompareColumn change{"c", "Change", "%", ColumnKind::change_pct, 0};
  EXPECT_EQ(awrdiff::role_of(change), ColumnRole::change);
  EXPECT_EQ(awrdiff::default_priority(change), awrdiff::column_priority::always);
  ms.priority = 3;
  EXPECT_EQ(awrdiff::default_priority(ms), 3);
}

// At 80 columns Top timed events keeps its wait class (the table's definition ranks it above the %DB pair and
// the counts) and the change; what it leaves out, it says.
TEST(Cells, NarrowTopEventsKeepsWaitClass) {
  const auto c = awrdiff::compare(sample_report("good.html"), sample_report("bad.html"));
  const auto out = rendered(c, awrdiff::Format::text, 80);
  const auto at = out.find("Top timed events");
  ASSERT_NE(at, std::string::npos);
  const auto end = out.find("\n\n", out.find("=\n", at));
  const auto table = out.substr(at, end - at);
  // The header on two lines ("Wait" over "class"), the classes in the rows.
  EXPECT_NE(table.find("class"), std::string::npos) << table;
  EXPECT_NE(table.find("User I/O"), std::string::npos) << table;
  EXPECT_NE(table.find("Commit"), std::string::npos) << table;
  EXPECT_NE(table.find("Change /s"), std::string::npos) << table;
  EXPECT_NE(table.find("Assessment"), std::string::npos) << table;
}

// Narrowing leaves out the column of the lowest priority first, whatever its unit or place.
TEST(Cells, NarrowingFollowsPriority) {
  awrdiff::CompareTable t;
  t.key = "t";
  t.title = "T";
  t.columns = {{"name", "Name", "", ColumnKind::text, 0, ColumnRole::name},
               {"time_s", "Time spent in the database (s)", "s", ColumnKind::number, 1, ColumnRole::measure, 5},
               {"count", "Count of the things counted", "", ColumnKind::number, 0, ColumnRole::measure, 70},
               {"rate", "Rate of the things per second", "/s", ColumnKind::number, 1, ColumnRole::measure, 50}};
  // Numbers of 20 digits and more: never cut, so the three do not fit 80 columns together.
  for (int i = 0; i < 4; ++i) t.rows.push_back({{std::string("row number ") + std::to_string(i), 1e20, 2e20, 3e20}});
  awrdiff::Comparison c;
  c.headline = "h";
  c.tables.push_back(t);
  const auto wide = rendered(c, awrdiff::Format::text, 0);
  EXPECT_EQ(wide.find("left out"), std::string::npos);
  // The note under the table, its wrapped lines joined.
  std::string narrow;
  for (char ch : rendered(c, awrdiff::Format::text, 80))
    if (ch != '\n' && ch != ' ') narrow += ch;
    else if (!narrow.empty() && narrow.back() != ' ') narrow += ' ';
  // The time column (priority 5) goes first though its unit is time; the count (70) and the rate (50) stay.
  EXPECT_NE(narrow.find("(column Time spent in the database (s) left out to fit 80"), std::string::npos) << narrow;
  EXPECT_NE(narrow.find("Count of"), std::string::npos) << narrow;
  EXPECT_NE(narrow.find("Rate of"), std::string::npos) << narrow;
}

}  // namespace
