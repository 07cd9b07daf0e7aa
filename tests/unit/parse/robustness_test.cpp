// Bad and hostile input: regression tests for what the fuzzers found (fuzz/), adversarial inputs
// (huge, deeply nested, very many tables), and parallel loading (load_reports).
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

const std::string k_html_head = "<html><body><h1>WORKLOAD REPOSITORY report for</h1>\n";

// Found by fuzz_html_tokenizer: a Load Profile whose label column (the empty header) lies beyond
// the cells of a short row read past the end of the row.
TEST(Robustness, LoadProfileRowShorterThanLabelColumn) {
  const std::string html =
      "<html><body><h3>Load Profile</h3><table summary=\"This table displays load profile\">"
      "<tr><th>Per Second</th><th></th></tr><tr><td>1.0</td></tr><tr><td>DB Time(s):</td></tr>"
      "</table></body></html>";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_FALSE(raw.tables.empty());
  const auto snap = awrdiff::build_snapshot(raw, "lp.html");
  SUCCEED() << snap.load_profile.size();
}

// Found by fuzz_pipeline: fixed-width columns cut a UTF-8 character in two, and the JSON writer
// threw on the half character.
TEST(Robustness, TextColumnsNeverSplitUtf8Characters) {
  std::string text =
      "WORKLOAD REPOSITORY report for\n\n"
      "DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB\n"
      "------------ ----------- ----------- ---------------- ------- ---------- --- ---\n";
  // The two-byte "é" straddles the boundary between the first and second column (byte 12/13).
  text +=
      "ORCL1234567\xC3\xA9"
      "1234567890 ORCL19      PRIMARY          EE      19.0.0.0.0 NO  NO\n\n";
  text +=
      "              Snap Id      Snap Time      Sessions Curs/Sess\n"
      "            --------- ------------------- -------- ---------\n"
      "Begin Snap:      4410 14-Mar-25 14:00:03        58       2.8\n"
      "  End Snap:      4411 14-Mar-25 14:10:03        61       3.1\n"
      "   Elapsed:               10.00 (mins)\n";
  const auto raw = awrdiff::tokenize_text(text);
  for (const auto& t : raw.tables) {
    for (const auto& h : t.headers) EXPECT_TRUE(valid_utf8(h)) << h;
    for (const auto& r : t.rows)
      for (const auto& c : r.cells) EXPECT_TRUE(valid_utf8(c)) << c;
  }
  const auto snap = awrdiff::parse_report(text, "utf8.txt");
  const auto json = awrdiff::snapshot_json_text(snap, true);
  EXPECT_TRUE(valid_utf8(json));
  EXPECT_TRUE(nlohmann::json::accept(json));
}

// 100 000 nested elements: no stack overflow in either HTML parser or in the tree walks.
TEST(Robustness, DeeplyNestedHtml) {
  const std::size_t depth = 100000;
  for (const char* tag : {"div", "table", "td"}) {
    const std::string open = std::string("<") + tag + ">", close = std::string("</") + tag + ">";
    const std::string html = k_html_head + repeat(open, depth) + "x" + repeat(close, depth) + "</body></html>";
    EXPECT_NO_THROW((void)awrdiff::tokenize_html(html)) << tag;
    // Not well-formed: the libxml2 path.
    EXPECT_NO_THROW((void)awrdiff::tokenize_html(k_html_head + repeat(open, depth) + "x")) << tag;
    EXPECT_THROW((void)awrdiff::parse_report(html, "nested.html"), awrdiff::Error) << tag;
  }
}

// One 8 MB line: no quadratic scan, one error naming the file.
TEST(Robustness, HugeLineWithoutNewline) {
  const std::string text = "WORKLOAD REPOSITORY report for " + std::string(8u << 20, 'x');
  EXPECT_THROW((void)awrdiff::parse_report(text, "line.txt"), awrdiff::Error);
  const std::string html = "<html><body>WORKLOAD REPOSITORY report for" + std::string(8u << 20, 'x');
  EXPECT_THROW((void)awrdiff::parse_report(html, "line.html"), awrdiff::Error);
}

// A report cut in the middle of a table: a partial snapshot, flagged as truncated.
TEST(Robustness, TruncatedMidTable) {
  const std::string text =
      "WORKLOAD REPOSITORY report for\n\n"
      "              Snap Id      Snap Time      Sessions Curs/Sess\n"
      "            --------- ------------------- -------- ---------\n"
      "Begin Snap:      4410 14-Mar-25 14:00:03        58       2.8\n"
      "  End Snap:      4411 14-Mar-25 14:10:03        61       3.1\n"
      "   Elapsed:               10.00 (mins)\n"
      "   DB Time:                2.20 (mins)\n\n"
      "Load Profile                    Per Second   Per Transaction  Per Exec  Per Call\n"
      "~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------\n"
      "             DB Time(s):               0.2               0.1      0.00      0.01\n"
      "              DB CPU(s):               0.";
  const auto snap = awrdiff::parse_report(text, "cut.txt");
  EXPECT_TRUE(snap.truncated);
  EXPECT_FALSE(snap.diagnostics.empty());
  ASSERT_TRUE(snap.interval.elapsed_s);
  EXPECT_DOUBLE_EQ(*snap.interval.elapsed_s, 600.0);
}

// Many tiny tables, in HTML and text: linear time, at most 20 000 tables kept (with a warning),
// and HTML with more than 1 000 000 tags refused before a tree is built.
TEST(Robustness, ManyTinyTables) {
  const std::size_t n = 30000;
  const std::string html = k_html_head + repeat("<table><tr><td>x</td></tr></table>\n", n) + "</body></html>";
  auto raw = awrdiff::tokenize_html(html);
  EXPECT_EQ(raw.tables.size(), 20000u);
  ASSERT_EQ(raw.diagnostics.size(), 1u);
  EXPECT_NE(raw.diagnostics[0].message.find("more than 20000 tables"), std::string::npos);
  EXPECT_THROW((void)awrdiff::parse_report(html, "tables.html"), awrdiff::Error);

  const std::string text = "WORKLOAD REPOSITORY report for\n\n" + repeat("A B\n--- ---\n1 2\n\n", n);
  raw = awrdiff::tokenize_text(text);
  EXPECT_EQ(raw.tables.size(), 20000u);
  EXPECT_EQ(raw.diagnostics.size(), 1u);

  const std::string dense = k_html_head + repeat("<table><tr><td>x</td></tr></table>", 200000);
  raw = awrdiff::tokenize_html(dense);
  EXPECT_TRUE(raw.tables.empty());
  ASSERT_EQ(raw.diagnostics.size(), 1u);
  EXPECT_NE(raw.diagnostics[0].message.find("HTML tags"), std::string::npos);
  // The error names the limit, not a damaged report.
  try {
    (void)awrdiff::parse_report(dense, "dense.html");
    ADD_FAILURE() << "no error";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("1 000 000 HTML tags"), std::string::npos) << e.what();
  }
}

// A table of millions of rows, or a SQL record of millions of lines (a generated or damaged report: the largest real
// table has hundreds of rows): 20,000 rows and 2,000 lines a record are kept, the rest counted, not kept, and said
// once per table as a warning every run shows (section k_ledger_section), in text and in HTML.
TEST(Robustness, RowsPastTheBoundAreCountedNotKept) {
  std::string text =
      "WORKLOAD REPOSITORY report for\n\nInstance Activity Stats               DB/Inst: ORCL/orcl  Snaps: 1-2\n"
      "\nStatistic                                     Total     per Second     per Trans\n"
      "-------------------------------- ------------------ -------------- -------------\n";
  for (int k = 0; k < 25000; ++k)
    text += fmt::format("{:<32} {:>18} {:>14} {:>13}\n", fmt::format("stat {}", k), k, "1.0", "0.5");
  auto raw = awrdiff::tokenize_text(text);
  ASSERT_EQ(raw.tables.size(), 1u);
  EXPECT_EQ(raw.tables[0].rows.size(), 20000u);
  EXPECT_EQ(raw.tables[0].rows.back().cells[0], "stat 19999");
  ASSERT_EQ(raw.diagnostics.size(), 1u);
  EXPECT_EQ(raw.diagnostics[0].section, awrdiff::k_ledger_section);
  EXPECT_NE(raw.diagnostics[0].message.find("Instance Activity Stats: 5000 rows past its first 20000 not read"),
            std::string::npos)
      << raw.diagnostics[0].message;

  std::string html = k_html_head + "<table summary=\"x\"><tr><th>Statistic</th><th>Total</th></tr>\n";
  for (int k = 0; k < 20005; ++k) html += fmt::format("<tr><td>stat {}</td><td>{}</td></tr>\n", k, k);
  html += "</table></body></html>";
  raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 1u);
  EXPECT_EQ(raw.tables[0].rows.size(), 20000u);
  ASSERT_EQ(raw.diagnostics.size(), 1u);
  EXPECT_NE(raw.diagnostics[0].message.find("5 rows past its first 20000 not read"), std::string::npos)
      << raw.diagnostics[0].message;
}

// A rule line of hundreds of one-dash columns is not a table header (no quadratic header matching).
TEST(Robustness, RuleWithThousandsOfColumns) {
  std::string text = "WORKLOAD REPOSITORY report for\n\n" + repeat("ab ", 20000) + "\n" + repeat("-- ", 20000) + "\n";
  text += repeat("1 ", 30000) + "\n";
  const auto raw = awrdiff::tokenize_text(text);
  for (const auto& t : raw.tables) EXPECT_LE(t.headers.size(), 257u);
}

// Found by fuzz_html_tokenizer: an instance number of 1e12 (and a snap id of 1e300) were converted
// to integers that cannot hold them (undefined behaviour, caught by UBSan).
TEST(Robustness, IntegerFieldsOutOfRange) {
  const std::string html = k_html_head +
                           "<table summary=\"This table displays database instance information\">"
                           "<tr><th>Instance</th><th>Inst Num</th><th>Startup Time</th></tr>"
                           "<tr><td>orcl</td><td>1000000000000</td><td>02-Mar-25 06:12</td></tr></table>"
                           "<table summary=\"This table displays snapshot information\">"
                           "<tr><th></th><th>Snap Id</th><th>Snap Time</th><th>Sessions</th></tr>"
                           "<tr><td>Begin Snap:</td><td>1e300</td><td>14-Mar-25 14:00:03</td><td>58</td></tr>"
                           "<tr><td>End Snap:</td><td>4411</td><td>14-Mar-25 14:10:03</td><td>61</td></tr>"
                           "</table></body></html>";
  const auto snap = awrdiff::build_snapshot(awrdiff::tokenize_html(html), "range.html");
  EXPECT_FALSE(snap.database.instance_number);
  EXPECT_FALSE(snap.interval.begin_snap);
  ASSERT_TRUE(snap.interval.end_snap);
  EXPECT_EQ(*snap.interval.end_snap, 4411);
  EXPECT_GE(snap.diagnostics.size(), 2u);
}

// An unmatched end tag after the last table (as SQL*Plus spools leave): the tables pugixml read
// before the error are used, without a second parse.
TEST(Robustness, MismatchedEndTagAfterLastTable) {
  const std::string html = k_html_head +
                           "<h3>Load Profile</h3><table summary=\"This table displays load profile\">"
                           "<tr><th></th><th>Per Second</th></tr><tr><td>DB Time(s):</td><td>1.5</td></tr></table>"
                           "<div><p>End of Report</body></html>\nReport written to awrrpt.html\nSQL>";
  const auto raw = awrdiff::tokenize_html(html);
  ASSERT_EQ(raw.tables.size(), 1u);
  EXPECT_EQ(raw.tables[0].rows.size(), 1u);
  ASSERT_EQ(raw.diagnostics.size(), 1u);
  EXPECT_NE(raw.diagnostics[0].message.find("after the last table"), std::string::npos);
}

// Several files at once: same results as one at a time, in argument order, errors per file.
TEST(Robustness, LoadReportsInParallel) {
  const std::filesystem::path samples = AWRDIFF_SOURCE_DIR "/samples";
  std::vector<std::filesystem::path> files;
  for (int round = 0; round < 3; ++round)
    for (const char* name : {"good.html", "bad.html", "improved.txt", "commit_spike.txt", "no-such-file.html"})
      files.push_back(samples / name);
  const auto results = awrdiff::load_reports(files, 4);
  ASSERT_EQ(results.size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(results[i].file, files[i]);
    if (files[i].filename() == "no-such-file.html") {
      ASSERT_TRUE(results[i].error);
      EXPECT_FALSE(results[i].snapshot);
      EXPECT_NE(std::string(results[i].error->what()).find("no-such-file.html"), std::string::npos);
      continue;
    }
    ASSERT_TRUE(results[i].snapshot) << results[i].error->what();
    EXPECT_EQ(awrdiff::snapshot_json_text(*results[i].snapshot, true),
              awrdiff::snapshot_json_text(awrdiff::load_report(files[i]), true));
  }
  EXPECT_TRUE(awrdiff::load_reports({}).empty());
}

}  // namespace
