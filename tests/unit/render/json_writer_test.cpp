// The one JSON writer of every output (src/json/json_writer.hpp, RapidJSON): numbers in the shortest form that
// reads back, in the layout the outputs had; NaN as null; invalid UTF-8 repaired, so the text is always valid JSON;
// and the comparison's JSON keeps its keys in byte-wise order with a key given twice written once.
#include "json/json_writer.hpp"

#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>

namespace {

using awrdiff::json_out::CompactWriter;
using awrdiff::json_out::PrettyWriter;

std::string number_text(double v) {
  CompactWriter j;
  j.begin_array();
  j.number(v);
  j.end_array();
  const std::string s(j.text());
  return s.substr(1, s.size() - 2);
}

TEST(JsonWriter, NumbersShortestInTheOutputsLayout) {
  EXPECT_EQ(number_text(600.0), "600.0");
  EXPECT_EQ(number_text(0.1), "0.1");
  EXPECT_EQ(number_text(-0.0), "-0.0");
  EXPECT_EQ(number_text(0.0), "0.0");
  EXPECT_EQ(number_text(0.0001), "0.0001");
  EXPECT_EQ(number_text(0.00001), "1e-05");
  EXPECT_EQ(number_text(1e14), "100000000000000.0");
  EXPECT_EQ(number_text(123456789012345.6), "123456789012345.6");
  EXPECT_EQ(number_text(1e15), "1e+15");
  EXPECT_EQ(number_text(1.5e300), "1.5e+300");
  EXPECT_EQ(number_text(-12.34), "-12.34");
  EXPECT_EQ(number_text(0.004997001798920648), "0.004997001798920648");
  EXPECT_EQ(number_text(std::nan("")), "null");
  EXPECT_EQ(number_text(std::numeric_limits<double>::infinity()), "null");
  // Every one reads back to the same double.
  for (const double v : {1.0 / 3, 2.0 / 3e-9, 123456.789e12, 5e-324, 1.7976931348623157e308, 504.29999999999995, 0.1 + 0.2}) {
    const std::string t = number_text(v);
    EXPECT_EQ(std::strtod(t.c_str(), nullptr), v) << t;
  }
}

TEST(JsonWriter, IntegersNullsAndLayout) {
  PrettyWriter j(1);
  j.begin_object();
  j.key("a").integer(std::uint64_t{18446744073709551615U});
  j.key("b").integer(std::optional<int>{});
  j.key("c").integer(-3);
  j.key("d").string_or_null("");
  j.key("e").strings({"x", "y"});
  j.end_object();
  EXPECT_EQ(std::string(j.text()),
            "{\n \"a\": 18446744073709551615,\n \"b\": null,\n \"c\": -3,\n \"d\": null,\n \"e\": [\n  \"x\",\n  \"y\"\n ]\n}");
}

TEST(JsonWriter, InvalidUtf8IsRepaired) {
  CompactWriter j;
  j.begin_object();
  j.key("k\xFF").string(
      "a\xC3(b\xED\xA0\x80"
      "c\xF0\x9F\x98\x80");
  j.end_object();
  EXPECT_EQ(std::string(j.text()),
            "{\"k\xEF\xBF\xBD\":\"a\xEF\xBF\xBD(b\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            "c\xF0\x9F\x98\x80\"}");
  EXPECT_TRUE(nlohmann::json::accept(std::string(j.text())));
}

TEST(JsonWriter, CopiesAJsonTextAsAValue) {
  PrettyWriter j(1);
  j.begin_object();
  ASSERT_TRUE(j.key("x").json(R"({"a": [1, 2.50, -0.0, 1e300], "b": {"c": "d\n"}})"));
  j.end_object();
  EXPECT_EQ(std::string(j.text()),
            "{\n \"x\": {\n  \"a\": [\n   1,\n   2.50,\n   -0.0,\n   1e300\n  ],\n  \"b\": {\n   \"c\": \"d\\n\"\n  }\n }\n}")
      << "numbers copied as written";
  PrettyWriter bad;
  EXPECT_FALSE(bad.json("{\"a\": "));
}

// The comparison's JSON: a row's keys sorted byte-wise, a key of two columns written once (the last), words in
// report text that are not UTF-8 repaired, and NaN as null.
TEST(JsonWriter, ComparisonRowsSortedAndValid) {
  awrdiff::CompareTable t;
  t.key = "x";
  t.title = "X \xFF";
  t.columns = {{"name", "Name", "", awrdiff::ColumnKind::text, 0, awrdiff::ColumnRole::name},
               {"b_value", "B", "s", awrdiff::ColumnKind::number, 1, awrdiff::ColumnRole::measure},
               {"a_value", "A", "s", awrdiff::ColumnKind::number, 1, awrdiff::ColumnRole::measure},
               {"a_value", "A again", "s", awrdiff::ColumnKind::number, 1, awrdiff::ColumnRole::measure}};
  t.rows.push_back({{std::string("ev\xC3"), std::nan(""), 1.0, 3.0}});
  awrdiff::Comparison c;
  c.tables.push_back(t);
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::json, {}, out);
  const std::string text = out.str();
  ASSERT_TRUE(nlohmann::json::accept(text)) << text;
  EXPECT_NE(
      text.find(
          "{\n          \"a_value\": 3.0,\n          \"b_value\": null,\n          \"name\": \"ev\xEF\xBF\xBD\"\n        }"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("\"title\": \"X \xEF\xBF\xBD\""), std::string::npos);
}

}  // namespace
