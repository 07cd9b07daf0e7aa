// The findings rules' entry point, for compare() and describe() (src/compare), which run them between the pair's two
// halves (diff/pair.hpp).
#pragma once

#include <awrdiff/diff.hpp>

#include "diff/facts.hpp"

#include <vector>

namespace awrdiff::detail {

/// Runs every findings rule over the facts; findings in the direction of the DB time change first, then by |impact| and
/// rule order. None without a base, or for two idle periods (idle_pair).
std::vector<Finding> run_findings(const Facts& facts);

}  // namespace awrdiff::detail
