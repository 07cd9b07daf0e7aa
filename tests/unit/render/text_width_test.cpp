// Text output fits --width: every line of the samples' text output, tables included, within 80, 100 and 120
// columns (and --rows 0, --summary, a single report, sets and check); sql_ids and numbers whole; the width
// measures, cuts and wraps by display columns; a table too wide for any layout falls back to Base and Target
// on two lines per row.
#include "render/render_common.hpp"
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::testing::sample_report;

// Code points of UTF-8 text: the display width of the samples' output (ASCII, "…", "Δ", "≥", "≤"; no wide
// characters), counted here without the renderer's own width().
std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

std::string text(const awrdiff::Comparison& c, std::size_t width, int rows = -1, bool summary = false) {
  awrdiff::RenderOptions o;
  o.width = width;
  o.rows = rows;
  o.summary = summary;
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::text, o, out);
  return out.str();
}

// Every line within `width` columns; the first line over it, for the message.
::testing::AssertionResult fits(const std::string& out, std::size_t width) {
  for (const auto& l : lines_of(out))
    if (code_points(l) > width) return ::testing::AssertionFailure() << code_points(l) << " columns > " << width << ": " << l;
  return ::testing::AssertionSuccess();
}

// Every sql_id of the comparison's tables (an "old -> new" pair as its two ids) printed whole.
void expect_sql_ids_whole(const awrdiff::Comparison& c, const std::string& out, std::size_t width) {
  for (const auto& t : c.tables) {
    if (t.text_rows != 0) continue;  // a table capped in text lists its first rows only
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      if (t.columns[i].key != "sql_id") continue;
      for (const auto& r : t.rows) {
        const auto* s = i < r.cells.size() ? std::get_if<std::string>(&r.cells[i]) : nullptr;
        if (s == nullptr) continue;
        std::string ids = *s;
        for (auto at = ids.find(" -> "); at != std::string::npos; at = ids.find(" -> ")) ids.replace(at, 4, " ");
        std::istringstream words(ids);
        for (std::string id; words >> id;)
          EXPECT_NE(out.find(id), std::string::npos) << t.title << ": sql_id " << id << " cut at width " << width;
      }
    }
  }
}

const std::size_t k_widths[] = {80, 100, 120};

TEST(TextWidth, SamplePairsFitEveryWidth) {
  const std::pair<const char*, const char*> pairs[] = {{"good.html", "bad.html"},
                                                       {"bad.html", "improved.html"},
                                                       {"good.html", "improved.html"},
                                                       {"commit_normal.html", "commit_spike.html"},
                                                       {"lgwr_before.html", "lgwr_after.html"},
                                                       {"good.txt", "bad.txt"}};
  for (const auto& [base, target] : pairs) {
    const auto c = awrdiff::compare(sample_report(base), sample_report(target));
    for (auto w : k_widths) {
      SCOPED_TRACE(std::string(base) + " -> " + target + " at " + std::to_string(w));
      const auto out = text(c, w);
      EXPECT_TRUE(fits(out, w));
      EXPECT_TRUE(fits(text(c, w, 0), w)) << "--rows 0";
      EXPECT_TRUE(fits(text(c, w, -1, true), w)) << "--summary";
      expect_sql_ids_whole(c, out, w);
    }
  }
}

TEST(TextWidth, ReportSetsAndCheckFit) {
  const auto report = awrdiff::describe(sample_report("bad.html"));
  const auto sets =
      awrdiff::compare_sets({sample_report("good.html"), sample_report("good_1.html"), sample_report("good_2.html")},
                            {sample_report("good_3.html"), sample_report("good_4.html"), sample_report("bad.html")});
  std::vector<awrdiff::Snapshot> members;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"})
    members.push_back(sample_report(n));
  const auto checked =
      awrdiff::check(sample_report("bad.html"), awrdiff::baseline_from_snapshots(members), awrdiff::default_policy());
  for (auto w : k_widths) {
    SCOPED_TRACE(w);
    EXPECT_TRUE(fits(text(report, w, 0), w)) << "report";
    EXPECT_TRUE(fits(text(sets, w, 0), w)) << "sets";
    EXPECT_TRUE(fits(text(checked.comparison, w, 0), w)) << "check";
  }
}

TEST(TextWidth, NamesAndNumbersStayReadableAt80) {
  const auto c = awrdiff::compare(sample_report("good.html"), sample_report("bad.html"));
  const auto out = text(c, 80);
  // Event names of up to 30 columns stay whole; the numbers of the change and the SQL stay whole.
  for (const char* s : {"db file sequential read", "control file sequential read", "library cache: mutex X", "81uvdbt46vt5p",
                        "+1,363%", "544.9", "≥ +1,800%"})
    EXPECT_NE(out.find(s), std::string::npos) << s;
  // A column left out is said so, under its table.
  EXPECT_NE(out.find("left out to fit 80 columns"), std::string::npos);
}

TEST(TextWidth, DisplayWidthCutAndWrap) {
  using namespace awrdiff::render_detail;
  EXPECT_EQ(width("…"), 1u);
  EXPECT_EQ(width("Δ %DB"), 5u);
  EXPECT_EQ(width("使用量"), 6u);  // East Asian wide: two columns each
  EXPECT_EQ(width("e\xCC\x81"), 1u);  // e and a combining acute accent
  EXPECT_EQ(width("\xFF"), 1u);  // invalid UTF-8: a column per byte
  EXPECT_EQ(ellipsize("使用量使用量", 5), "使用…");
  EXPECT_EQ(width(ellipsize("使用量使用量", 5)), 5u);
  EXPECT_EQ(ellipsize("log file sync", 8), "log fil…");
  // A word longer than the line is broken at the width, not left to overflow.
  for (const auto& l : wrap(std::string(50, 'x') + " tail", 20, "  ", 4)) EXPECT_LE(width(l), 20u) << l;
  EXPECT_EQ(wrap("a b", 0, "", 2).size(), 1u);
}

// A table of the model alone, too wide for 80 to 100 columns however cut on one line per row: numbers of 35
// columns, the rows' names only differ at their end.
constexpr double k_big = 1.25e24;

awrdiff::Comparison wide_table() {
  awrdiff::Comparison c;
  c.headline = "A headline";
  awrdiff::CompareTable t;
  t.key = "synthetic";
  t.title = "Synthetic";
  t.columns.push_back({"name", "Name", "", awrdiff::ColumnKind::text, 0});
  for (const char* side : {"base", "target"})
    for (const char* m : {"a", "b", "c", "d"})
      t.columns.push_back({std::string(side) + "_" + m, std::string(side) + " " + m, "s", awrdiff::ColumnKind::number, 1});
  t.columns.push_back({"change", "Change", "%", awrdiff::ColumnKind::change_pct, 0});
  t.columns.push_back({"assessment", "Assessment", "", awrdiff::ColumnKind::text, 0, awrdiff::ColumnRole::assessment});
  for (const char* name : {"redo synch time overhead count ( 2ms)", "redo synch time overhead count ( 8ms)",
                           "redo synch time overhead count (32ms)"}) {
    awrdiff::CompareRow r;
    r.cells.assign(11, awrdiff::CompareCell(k_big));
    r.cells.front() = awrdiff::CompareCell(std::string(name));
    r.cells[9] = awrdiff::CompareCell(12.0);
    r.cells[10] = awrdiff::CompareCell(std::string("worse"));
    t.rows.push_back(std::move(r));
  }
  c.tables.push_back(std::move(t));
  return c;
}

TEST(TextWidth, TooWideTableGoesOntoTwoLinesPerRow) {
  const auto c = wide_table();
  for (std::size_t w : {80, 90, 100}) {
    SCOPED_TRACE(w);
    const auto out = text(c, w);
    EXPECT_TRUE(fits(out, w));
    EXPECT_NE(out.find("Base and Target on two lines"), std::string::npos) << out;
    EXPECT_NE(out.find(awrdiff::format_number(k_big, 1)), std::string::npos) << out;  // numbers whole
    // The three names still tell the rows apart.
    for (const char* end : {"2ms)", "8ms)", "32ms)"}) EXPECT_NE(out.find(end), std::string::npos) << out;
  }
  // Wide enough, one line per row and every column.
  const auto wide = text(c, 0);
  EXPECT_EQ(wide.find("two lines"), std::string::npos);
  EXPECT_NE(wide.find("redo synch time overhead count (32ms)"), std::string::npos);
}

}  // namespace
