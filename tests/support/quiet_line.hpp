// Test support: reading check -q's one line (include/awrdiff/check.hpp, quiet_text).
#pragma once

#include <string>

namespace awrdiff::testing {

/// Whether `q` is check -q's line for `headline`: the verdict word, the database, snaps and times of the samples'
/// ORCL19 ("WARN ORCL19/orcl19 snaps 4412-4413, 14-Mar-25 14:20:03 .. 14:30:03: no fail-level regression, ..."), then
/// what follows the line (`rest`: the input warnings' lines).
inline bool is_quiet_line(const std::string& q, const std::string& headline, const std::string& rest = "") {
  const auto comma = headline.find(", ");
  if (comma == std::string::npos) return false;
  const std::string verdict = headline.substr(0, comma), said = headline.substr(comma + 2);
  const auto at = q.find(": " + said + "\n");
  return q.rfind(verdict + " ORCL19/orcl19 snaps ", 0) == 0 && at != std::string::npos &&
         q.substr(at + 2 + said.size() + 1) == rest;
}

}  // namespace awrdiff::testing
