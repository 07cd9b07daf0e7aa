// The rules of `check` (check_rules.cpp): what tempers the status evaluate() gave each metric, each rule a named
// function with its doc line in one table (check_rules()), run in its order from the table (the findings list their
// rules in k_rules but call each from Rules::run()).
// docs/baselines.md describes them.
#pragma once

#include <awrdiff/check.hpp>

#include "check/check_storm.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// The result of registry key `key`, or null when the policy disabled it.
CheckResult* find_result(std::vector<CheckResult>& results, std::string_view key);

/// What the load rules found: DB time per second up with the load (busier, not slower), in words for the first line.
struct LoadRules {
  bool busier = false;
  std::string cost_text;  ///< "DB time per execution 1.20 -> 1.10 ms", or "DB time per call within its band"
  std::vector<std::string> load_notes;  ///< "Executions per second 1,200 -> 2,400 /s"
  bool fail_level = false;  ///< DB time per second was at its fail level (a warn, mailed); else at its warn level
  bool load_rose = false;  ///< a load (executions, transactions, user calls) rose out of its band
};

/// What the rules read and change: the results of every metric checked, in registry order.
struct CheckRun {
  std::vector<CheckResult>& results;
  const Snapshot& current;
  const CheckPolicy& policy;
  const StormPage& storm;
  LoadRules load;  ///< filled by the load rule, read by the later ones and by the first line
};

/// One rule of the check: its key, what it does in one line, and the function that applies it.
struct CheckRule {
  std::string_view key;
  std::string_view doc;
  void (*apply)(CheckRun& run);
};

/// The rules, in the order they apply.
std::span<const CheckRule> check_rules();

/// Applies every rule of check_rules() in order to `results`; returns what the load rules found.
LoadRules apply_check_rules(std::vector<CheckResult>& results, const Snapshot& current, const CheckPolicy& policy,
                            const StormPage& storm);

}  // namespace awrdiff::detail
