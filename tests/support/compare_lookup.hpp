// Test support: finding a table, a column, a row and a cell of a Comparison by name (diff.hpp).
#pragma once

#include <awrdiff/diff.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace awrdiff::testing {

/// The comparison's table of key `key` ("load_profile", "segments"); nullptr when there is none.
inline const CompareTable* table(const Comparison& c, std::string_view key) {
  for (const auto& t : c.tables)
    if (t.key == key) return &t;
  return nullptr;
}

/// The index of `t`'s column of key `key`; a test failure (and 0) when there is none.
inline std::size_t column(const CompareTable& t, const std::string& key) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].key == key) return i;
  ADD_FAILURE() << t.key << ": no column " << key;
  return 0;
}

/// The row of `t` whose first cell is the text `name`; nullptr when there is none.
inline const CompareRow* row(const CompareTable& t, const std::string& name) {
  for (const auto& r : t.rows)
    if (const auto* s = std::get_if<std::string>(&r.cells.at(0)); s != nullptr && *s == name) return &r;
  return nullptr;
}

/// Cell `i` of `r` as a number; a test failure (and -1) when it holds none.
inline double number(const CompareRow& r, std::size_t i) {
  const auto* d = std::get_if<double>(&r.cells.at(i));
  EXPECT_NE(d, nullptr) << "cell " << i;
  return d != nullptr ? *d : -1;
}

}  // namespace awrdiff::testing
