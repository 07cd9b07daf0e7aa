// Unit tests for awrdiff::parse_cell (number.hpp) and awrdiff::format_number (render.hpp).
#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/render.hpp>

#include "support/text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

constexpr double k_eps = 1e-9;

// Expects `text` read as `unit` to be the number `expected`.
void expect_value(std::string_view text, awrdiff::Unit unit, double expected, double tolerance = k_eps) {
  SCOPED_TRACE(std::string("cell '") + std::string(text) + "'");
  const auto v = awrdiff::parse_cell(text, unit);
  EXPECT_EQ(v.status, awrdiff::CellStatus::ok);
  ASSERT_TRUE(v.value.has_value());
  EXPECT_NEAR(*v.value, expected, tolerance);
}

void expect_no_value(std::string_view text, awrdiff::Unit unit, awrdiff::CellStatus status) {
  SCOPED_TRACE(std::string("cell '") + std::string(text) + "'");
  const auto v = awrdiff::parse_cell(text, unit);
  EXPECT_EQ(v.status, status);
  EXPECT_FALSE(v.value.has_value());
}

}  // namespace

TEST(ParseCell, ThousandsSeparators) {
  expect_value("1,234.5", awrdiff::Unit::count, 1234.5);
  expect_value("214,310", awrdiff::Unit::count, 214310);
  expect_value("8,412,907", awrdiff::Unit::count, 8412907);
  expect_value("230,009.83", awrdiff::Unit::count, 230009.83);
}

TEST(ParseCell, LeadingAndTrailingDot) {
  expect_value(".99", awrdiff::Unit::count, 0.99);
  expect_value(".5", awrdiff::Unit::percent, 0.5);
  expect_value("633.", awrdiff::Unit::seconds, 633.0);
}

TEST(ParseCell, Exponent) {
  expect_value("1.E+03", awrdiff::Unit::count, 1000.0);
  expect_value("2.5E+04", awrdiff::Unit::seconds, 25000.0);
}

TEST(ParseCell, SignAndSurroundingSpace) {
  expect_value("-12.5", awrdiff::Unit::count, -12.5);
  expect_value("   42.0  ", awrdiff::Unit::count, 42.0);
  expect_value(
      "\xC2\xA0"
      "7.5\xC2\xA0",
      awrdiff::Unit::count, 7.5);  // UTF-8 NBSP around the number
}

TEST(ParseCell, TimeSuffixesInMillis) {
  expect_value("220.25us", awrdiff::Unit::millis, 0.22025);
  expect_value("551.27us", awrdiff::Unit::millis, 0.55127);
  expect_value("1.45 s", awrdiff::Unit::millis, 1450.0);
  expect_value(".99ms", awrdiff::Unit::millis, 0.99);
  expect_value("5.75ms", awrdiff::Unit::millis, 5.75);
  expect_value("1135.81ms", awrdiff::Unit::millis, 1135.81);
  expect_value("883.61ns", awrdiff::Unit::millis, 0.00088361, 1e-12);
  // A bare number is already in the column's unit.
  expect_value("815", awrdiff::Unit::millis, 815.0);
}

TEST(ParseCell, TimeSuffixesInSeconds) {
  expect_value("13.29 s", awrdiff::Unit::seconds, 13.29);
  expect_value("250ms", awrdiff::Unit::seconds, 0.25);
  expect_value("2 min", awrdiff::Unit::seconds, 120.0);
  expect_value("1.5h", awrdiff::Unit::seconds, 5400.0);
  expect_value("60.22 (mins)", awrdiff::Unit::seconds, 3613.2, 1e-9);
  expect_value("148.2K", awrdiff::Unit::seconds, 148200.0, 1e-6);  // Top 10 total wait time above 10,000 s
}

TEST(ParseCell, LeadingZeroDroppedBeforeUnit) {
  expect_value(".97us", awrdiff::Unit::millis, 0.00097, 1e-12);
  expect_value("9999.99ms", awrdiff::Unit::millis, 9999.99, 1e-9);
  expect_value("13.49 s", awrdiff::Unit::millis, 13490.0, 1e-9);
}

TEST(ParseCell, SizeSuffixesAre1024BasedForBytes) {
  expect_value("27.9G", awrdiff::Unit::bytes, 27.9 * 1024.0 * 1024.0 * 1024.0, 1.0);
  expect_value("1K", awrdiff::Unit::bytes, 1024.0);
  expect_value("2M", awrdiff::Unit::bytes, 2.0 * 1024 * 1024);
}

TEST(ParseCell, CountSuffixesAre1000Based) {
  expect_value("759.6K", awrdiff::Unit::count, 759600.0, 1e-6);
  expect_value("3M", awrdiff::Unit::count, 3e6);
  expect_value("1.2G", awrdiff::Unit::count, 1.2e9, 1e-3);
}

TEST(ParseCell, DecimalCommaVersusGroupSeparator) {
  expect_value("62,3", awrdiff::Unit::percent, 62.3);
  expect_value("97,5", awrdiff::Unit::percent, 97.5);
  expect_value("12,5%", awrdiff::Unit::percent, 12.5);
  expect_value("230,009.83", awrdiff::Unit::count, 230009.83);
  expect_value("45,133,006", awrdiff::Unit::count, 45133006);
}

TEST(ParseCell, TrailingPercentSign) { expect_value("42.7%", awrdiff::Unit::percent, 42.7); }

TEST(ParseCell, BlankCellsHaveNoValue) {
  expect_no_value("", awrdiff::Unit::count, awrdiff::CellStatus::blank);
  expect_no_value("    ", awrdiff::Unit::count, awrdiff::CellStatus::blank);
  expect_no_value("&#160;", awrdiff::Unit::count, awrdiff::CellStatus::blank);
  expect_no_value("&nbsp;", awrdiff::Unit::count, awrdiff::CellStatus::blank);
  expect_no_value("\xC2\xA0", awrdiff::Unit::count, awrdiff::CellStatus::blank);
  expect_no_value("\xC2\xA0\xC2\xA0", awrdiff::Unit::millis, awrdiff::CellStatus::blank);
  expect_no_value(" \xC2\xA0 ", awrdiff::Unit::seconds, awrdiff::CellStatus::blank);
}

TEST(ParseCell, NotApplicable) { expect_no_value("N/A", awrdiff::Unit::seconds, awrdiff::CellStatus::not_applicable); }

TEST(ParseCell, Overflow) {
  expect_no_value("####", awrdiff::Unit::count, awrdiff::CellStatus::overflow);
  expect_no_value("##########", awrdiff::Unit::seconds, awrdiff::CellStatus::overflow);
}

TEST(ParseCell, Invalid) {
  expect_no_value("abc", awrdiff::Unit::count, awrdiff::CellStatus::invalid);
  expect_no_value("-", awrdiff::Unit::count, awrdiff::CellStatus::invalid);
  expect_no_value("12xyz", awrdiff::Unit::count, awrdiff::CellStatus::invalid);
}

TEST(Trim, RemovesAsciiSpaceAndNbsp) {
  EXPECT_EQ(awrdiff::trim("  x y \t\n"), "x y");
  EXPECT_EQ(awrdiff::trim("\xC2\xA0x\xC2\xA0"), "x");
  EXPECT_EQ(awrdiff::trim(""), "");
  EXPECT_EQ(awrdiff::trim("\xC2\xA0 \xC2\xA0"), "");
}

TEST(FormatNumber, ThousandsSeparatorsAndPrecision) {
  EXPECT_EQ(awrdiff::format_number(1234567.891, 2), "1,234,567.89");
  EXPECT_EQ(awrdiff::format_number(999.0, 1), "999.0");
  EXPECT_EQ(awrdiff::format_number(1000.0, 0), "1,000");
  EXPECT_EQ(awrdiff::format_number(0.0, 1), "0.0");
  EXPECT_EQ(awrdiff::format_number(-1234.5, 1), "-1,234.5");
  EXPECT_EQ(awrdiff::format_number(123456.0, 0), "123,456");
}

TEST(FormatNumber, NoNegativeZero) {
  EXPECT_EQ(awrdiff::format_number(-0.04, 1), "0.0");
  EXPECT_EQ(awrdiff::format_number(-0.0, 2), "0.00");
  EXPECT_EQ(awrdiff::format_number(-0.4, 0), "0");
}
