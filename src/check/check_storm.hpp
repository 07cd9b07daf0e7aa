// The storm rule of `check` (check_storm.cpp), the check table (check_table.cpp), and the helpers check.cpp shares
// with them.
#pragma once

#include <awrdiff/check.hpp>

#include "support/text.hpp"  // grouped_figure: the figures of check's lines

#include <string>

namespace awrdiff::detail {

/// A baseline period that is the current report's (the same Begin/End Snap and instance).
bool same_period(const BaselinePeriod& p, const Snapshot& s);

/// The baseline without the current period and without the storms stored earlier: a period that was itself
/// k_unlike_multiple times every period before it, in time order (above the idle level), is no normal hour to measure
/// a later storm against. Their snapshots go with them.
Baseline without_storms(const Snapshot& current, const Baseline& baseline);

/// The words of unlike_periods_multiple; `which` names the periods measured: "other hours", or "every hour" when like
/// periods are among them. Empty when the current period is no storm.
std::string storm_multiple(const Snapshot& current, const Baseline& baseline, const char* which);

/// The check table: one row per metric checked (its status, current value, the baseline's centre and band, z, why),
/// first among the comparison's tables; its title names the baseline, the periods matched and the policy.
CompareTable check_table(const CheckReport& out, const Baseline& baseline, const CheckPolicy& policy);

/// A storm beyond every stored period under --match (storm_pages): what the check's first line says of it, the match
/// mode it was checked under and whether like periods exist.
struct StormPage {
  std::string words;  ///< "DB time per second 165 AAS is 14.4x the busiest of the 2 periods of other hours (11.5 AAS)"
  MatchPeriods match = MatchPeriods::all;
  bool like_periods = false;
};

/// check() itself (check.cpp), with the storm rule's verdict: `storm` empty, or the storm that pages whatever the like
/// periods say (then `baseline` holds the periods of every hour, the storms stored earlier left out).
CheckReport run_check(const Snapshot& current, const Baseline& baseline, const CheckPolicy& policy, const CheckOptions& options,
                      const StormPage& storm);

}  // namespace awrdiff::detail
