// The Load Profile table (summary_tables.cpp): each row's figures and its change are one rate, the exact count of
// Instance Activity over the elapsed time where the report gives it, else the Load Profile as printed. Synthetic
// periods.
#include "tests/support/compare_lookup.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <string>

namespace {

using awrdiff::testing::column;
using awrdiff::testing::number;
using awrdiff::testing::row;
using awrdiff::testing::table;

void lp(awrdiff::Snapshot& s, const std::string& key, std::string label, double per_s, std::optional<double> per_txn) {
  awrdiff::LoadProfileRow r;
  r.key = key;
  r.label = std::move(label);
  r.per_second = per_s;
  r.per_transaction = per_txn;
  s.load_profile.push_back(r);
}
void stat(awrdiff::Snapshot& s, const std::string& name, double total) {
  awrdiff::ActivityStat a;
  a.name = a.raw_name = name;
  a.total = total;
  s.activity.push_back(a);
}

// A 900 s period, DB time 450 s: its Load Profile rounded to one decimal per second, two per transaction.
awrdiff::Snapshot period(const std::string& source, double hard_parses, double commits, bool with_activity = true) {
  awrdiff::Snapshot s;
  s.source = source;
  s.interval.elapsed_s = 900;
  s.interval.db_time_s = 450;
  const double txn = commits / 900;
  lp(s, "db_time", "DB Time(s):", 0.5, std::round(0.5 / txn * 100) / 100);
  lp(s, "redo_size", "Redo size:", 12345.6, 56.78);
  lp(s, "hard_parses", "Hard parses:", std::round(hard_parses / 900 * 10) / 10, std::round(hard_parses / commits * 100) / 100);
  lp(s, "transactions", "Transactions:", std::round(txn * 10) / 10, std::nullopt);
  if (with_activity) {
    stat(s, "parse count (hard)", hard_parses);
    stat(s, "user commits", commits);
    stat(s, "user rollbacks", 0);
  }
  return s;
}

}  // namespace

// Hard parses 299 -> 29 in 900 s print "0.3 -> 0.0" per second: the row shows 0.332 -> 0.0322 and its change -90%,
// per transaction over the exact transactions; a row with no count (Redo size) is as printed per second.
TEST(LoadProfileExact, FiguresAndChangeFromOneRate) {
  const auto b = period("b.html", 299, 1800), t = period("t.html", 29, 1800);
  const auto c = awrdiff::compare(b, t);
  const auto* tab = table(c, "load_profile");
  ASSERT_NE(tab, nullptr);
  const auto* r = row(*tab, "Hard parses (SQL)");
  ASSERT_NE(r, nullptr);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "base_per_second")), 299.0 / 900);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "target_per_second")), 29.0 / 900);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "base_per_transaction")), 299.0 / 1800);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "target_per_transaction")), 29.0 / 1800);
  EXPECT_NEAR(number(*r, column(*tab, "rate_change_pct")), (29.0 - 299.0) / 299.0 * 100, 1e-9);
  // The same rate as the registry's (check, sets, history).
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "base_per_second")), *awrdiff::metric_value(b, "load_profile.hard_parses"));
  const auto* redo = row(*tab, "Redo size (bytes)");
  ASSERT_NE(redo, nullptr);
  EXPECT_DOUBLE_EQ(number(*redo, column(*tab, "base_per_second")), 12345.6);
  EXPECT_DOUBLE_EQ(number(*redo, column(*tab, "base_per_transaction")), 12345.6 / (1800.0 / 900));
  // DB time from the time model, per transaction over the exact transactions.
  const auto* db = row(*tab, "DB Time(s)");
  ASSERT_NE(db, nullptr);
  EXPECT_DOUBLE_EQ(number(*db, column(*tab, "base_per_transaction")), 0.5 / (1800.0 / 900));
  // The text shows the digits and says where they come from.
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::text, {}, out);
  EXPECT_NE(out.str().find("0.332"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("0.032"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Hard parses (SQL) = parse count (hard)"), std::string::npos) << out.str();
}

// Without Instance Activity the Load Profile's printed figures, shown and compared.
TEST(LoadProfileExact, PrintedFiguresWithoutCounts) {
  const auto b = period("b.html", 299, 1800, false), t = period("t.html", 29, 1800, false);
  const auto c = awrdiff::compare(b, t);
  const auto* tab = table(c, "load_profile");
  ASSERT_NE(tab, nullptr);
  const auto* r = row(*tab, "Hard parses (SQL)");
  ASSERT_NE(r, nullptr);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "base_per_second")), 0.3);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "target_per_second")), 0.0);
  EXPECT_DOUBLE_EQ(number(*r, column(*tab, "base_per_transaction")), 0.17);
  EXPECT_DOUBLE_EQ(number(*row(*tab, "Redo size (bytes)"), column(*tab, "base_per_transaction")), 56.78);
}

// The Load Profile's columns (precision -2): by magnitude, without zeros past a figure's own last decimal, so an
// exact rate shows its digits and a printed one as printed.
TEST(LoadProfileExact, PrecisionByMagnitudeKeepsPrintedDigits) {
  EXPECT_EQ(awrdiff::format_number(0.1, -2), "0.1");
  EXPECT_EQ(awrdiff::format_number(0.0, -2), "0.0");
  EXPECT_EQ(awrdiff::format_number(2.9, -2), "2.9");
  EXPECT_EQ(awrdiff::format_number(299.0 / 900, -2), "0.332");
  EXPECT_EQ(awrdiff::format_number(29.0 / 900, -2), "0.032");
  EXPECT_EQ(awrdiff::format_number(7.0978, -2), "7.10");
  EXPECT_EQ(awrdiff::format_number(393267.0, -2), "393,267");
  EXPECT_EQ(awrdiff::format_number(0.1, -1), "0.100");  // -1 unchanged
}
