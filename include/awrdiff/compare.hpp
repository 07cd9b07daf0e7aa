// awrdiff — the comparisons: two snapshots, one report, two sets of reports. Each runs the pair (diff.hpp: the
// tables, the attribution of DB time, SQL matched across the reports) and then the findings rules over what the
// pair worked out (findings.hpp), then the verdict and headline (src/compare).
#pragma once

#include <awrdiff/diff.hpp>

#include <vector>

namespace awrdiff {

/// Compares two snapshots. Periods of different length are compared by rates (per second of
/// elapsed) and by % of DB time; an item missing from one report's top-N list is "not shown"
/// there (unknown), never zero. Never throws for content.
Comparison compare(const Snapshot& base, const Snapshot& target, const CompareOptions& options = {});

/// The same tables for a single report (no base): a plain report.
Comparison describe(const Snapshot& target, const CompareOptions& options = {});

/// merge_snapshots() (merge.hpp) merges a set of reports into one snapshot.

/// metric_value() (metrics.hpp) reads one metric of one report through the metric registry.

/// Compares two sets of reports (e.g. the same hour over several days). The tables and findings are
/// those of the merged sets (merge_snapshots); a "Sets" table gives, per metric, each set's median
/// and range, the test that fits (Mann–Whitney U or Welch's t, stats.hpp), its p-value and effect
/// size. A change is a finding only when it is both material and significant at `options.alpha`;
/// the verdict is "inconclusive" when DB time per second changed materially but not significantly.
/// With one report per set this is compare(). Throws Error for an empty set.
Comparison compare_sets(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target,
                        const CompareOptions& options = {});

}  // namespace awrdiff
