// One home for civil time and rates (awrdiff/time.hpp): month names as reports and Oracle's dates print them,
// and a rate per second of an interval.
#include <awrdiff/time.hpp>

#include <gtest/gtest.h>

namespace awrdiff {
namespace {

TEST(MonthNumber, ThreeLetterAbbreviationsInAnyCase) {
  EXPECT_EQ(month_number("Jan"), 1);
  EXPECT_EQ(month_number("JAN"), 1);
  EXPECT_EQ(month_number("dec"), 12);
  EXPECT_EQ(month_number("Sep"), 9);
  EXPECT_EQ(month_number("May"), 5);
}

TEST(MonthNumber, AnythingElseIsZero) {
  EXPECT_EQ(month_number(""), 0);
  EXPECT_EQ(month_number("Ja"), 0);
  EXPECT_EQ(month_number("June"), 0);
  EXPECT_EQ(month_number("Sept"), 0);
  EXPECT_EQ(month_number("J\xC3\xA1n"), 0);
  EXPECT_EQ(month_number("12-"), 0);
}

TEST(PerSecond, ARateOnlyOverAPositiveElapsedTime) {
  EXPECT_EQ(per_second(120.0, 60.0), std::optional<double>(2.0));
  EXPECT_FALSE(per_second(120.0, 0.0).has_value());
  EXPECT_FALSE(per_second(120.0, -5.0).has_value());
  EXPECT_FALSE(per_second(std::nullopt, 60.0).has_value());
  EXPECT_FALSE(per_second(120.0, std::nullopt).has_value());
}

}  // namespace
}  // namespace awrdiff
