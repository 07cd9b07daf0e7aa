// awrdiff — the findings catalog: the rules that read what changed between two periods into findings, each with
// its numbers (src/findings, docs/findings.md). The Finding itself is the comparison's (diff.hpp).
#pragma once

#include <span>
#include <string_view>

namespace awrdiff {

/// One rule of the findings catalog (docs/findings.md).
struct FindingRule {
  std::string_view key;
  std::string_view summary;
};

/// Every findings rule, in the order that breaks ties between findings of equal impact.
std::span<const FindingRule> finding_rules();

}  // namespace awrdiff
