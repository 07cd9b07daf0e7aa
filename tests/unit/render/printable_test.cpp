// What reaches a ticket: no control character of a report (ESC, BEL, CR, C1) in any text format, the history
// listings or the CSV export, and no CSV cell a spreadsheet takes for a formula (include/awrdiff/printable.hpp).
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/printable.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace {

using awrdiff::printable;

// The first control character (C0 but LF, DEL, and with `c1` C1 as UTF-8) of `s`, as its position; npos when none.
std::size_t first_control(const std::string& s, bool c1 = true) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7F) return i;
    if (c1 && c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0) return i;
  }
  return std::string::npos;
}

}  // namespace

TEST(Printable, ControlCharactersAreReplaced) {
  // A terminal title (OSC ... BEL), a cleared screen (CSI 2J), a C1 CSI (U+009B), a backspace over text.
  EXPECT_EQ(printable("ORCL\x1b]0;pwned\x07"), "ORCL\xEF\xBF\xBD]0;pwned\xEF\xBF\xBD");
  EXPECT_EQ(printable("host\x1b[2J"), "host\xEF\xBF\xBD[2J");
  EXPECT_EQ(printable("a\xC2\x9B"
                      "31mb"),
            "a\xEF\xBF\xBD"
            "31mb");
  EXPECT_EQ(printable("OK\x08\x08"
                      "FAIL"),
            "OK\xEF\xBF\xBD\xEF\xBF\xBD"
            "FAIL");
  EXPECT_EQ(printable(std::string("nul\0byte", 8)),
            "nul\xEF\xBF\xBD"
            "byte");
  EXPECT_EQ(printable("del\x7F"), "del\xEF\xBF\xBD");
  // White space controls are white space; a carriage return cannot print over the line.
  EXPECT_EQ(printable("a\tb\rc\nd\ve\ff"), "a b c d e f");
  EXPECT_EQ(printable("line 1\nline 2\r\n", true), "line 1\nline 2 \n");
  // Invalid UTF-8: each bad byte one replacement; a cut sequence too.
  EXPECT_EQ(printable("x\xFFy"), "x\xEF\xBF\xBDy");
  EXPECT_EQ(printable("x\xE2\x80"), "x\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(printable("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate is no character
}

TEST(Printable, PrintableTextIsUnchanged) {
  for (const std::string s : {"", "SELECT * FROM T WHERE A = :B1", "Größe", "日本語のテーブル", "≥ +120% … Δ", "résumé\u00A0x",
                              "emoji \xF0\x9F\x98\x80", "latin-1 supplement \u00A1\u00FF"}) {
    EXPECT_TRUE(awrdiff::is_printable(s)) << s;
    EXPECT_EQ(printable(s), s);
  }
  EXPECT_FALSE(awrdiff::is_printable("a\nb"));
  EXPECT_TRUE(awrdiff::is_printable("a\nb", true));
}

TEST(Printable, CsvTextFieldsAreNoFormulas) {
  using awrdiff::csv_text_field;
  EXPECT_EQ(csv_text_field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(csv_text_field("+1+cmd|' /C calc'!A0"), "'+1+cmd|' /C calc'!A0");
  EXPECT_EQ(csv_text_field("-2+3"), "'-2+3");
  EXPECT_EQ(csv_text_field("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_text_field("\t=1"), "' =1");
  EXPECT_EQ(csv_text_field("ORCL"), "ORCL");
  EXPECT_EQ(csv_text_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_text_field("a\nb"), "a b");
  EXPECT_EQ(csv_text_field("x\x1b]0;t\x07"), "x\xEF\xBF\xBD]0;t\xEF\xBF\xBD");
}

TEST(Printable, NoFormatButJsonPrintsAReportsControlCharacters) {
  auto base = awrdiff::testing::sample_report("good.html");
  auto target = awrdiff::testing::sample_report("bad.html");
  const std::string title = "ORCL19\x1b]0;pwned\x07";
  for (auto* s : {&base, &target}) {
    s->database.name = title;
    s->database.host =
        "dbhost01\x1b[2J\xC2\x9B"
        "31m";
    s->source = "report\r\x1b[1A.html";
    for (auto& q : s->sql) q.text = "SELECT\r\x08 PAD\x1b[8m FROM T_BIG";
  }
  for (const auto& c : {awrdiff::compare(base, target), awrdiff::describe(target)}) {
    for (const auto f : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::jira, awrdiff::Format::html}) {
      for (const bool summary : {false, true}) {
        awrdiff::RenderOptions o;
        o.verbose = true;
        o.summary = summary;
        o.rows = 0;
        std::ostringstream out;
        awrdiff::render(c, f, o, out);
        const auto text = out.str();
        const auto at = first_control(text);
        EXPECT_EQ(at, std::string::npos) << "format " << static_cast<int>(f) << ": "
                                         << text.substr(at == std::string::npos ? 0 : (at > 60 ? at - 60 : 0), 120);
        if (!summary && f == awrdiff::Format::text) {
          EXPECT_NE(text.find("ORCL19\xEF\xBF\xBD]0;pwned\xEF\xBF\xBD"), std::string::npos);
        }
      }
    }
    // JSON keeps the text as the report has it, its C0 controls escaped (\u001b): a machine reads it.
    std::ostringstream json;
    awrdiff::render(c, awrdiff::Format::json, {}, json);
    EXPECT_EQ(first_control(json.str(), false), std::string::npos);
    EXPECT_NE(json.str().find(nlohmann::json(title).dump().substr(1, 8)), std::string::npos);
  }
}

TEST(Printable, ColourStaysWhileReportTextIsCleaned) {
  auto base = awrdiff::testing::sample_report("good.html");
  auto target = awrdiff::testing::sample_report("bad.html");
  target.database.name = base.database.name = "ORCL\x1b]0;x\x07";
  awrdiff::RenderOptions o;
  o.color = true;
  std::ostringstream out;
  awrdiff::render(awrdiff::compare(base, target), awrdiff::Format::text, o, out);
  EXPECT_NE(out.str().find("\x1b[31m"), std::string::npos);  // awrdiff's own colours
  EXPECT_EQ(out.str().find("\x1b]"), std::string::npos);  // the report's title sequence is not
}
