// awrdiff — several snapshots merged into one: a set of reports (compare_sets, diff.hpp) and a baseline's typical
// period (typical_period, baseline.hpp) read as one longer period. Below the baselines and the comparison, above
// the parser: it reads Snapshots only (and how a generic table's columns read, src/merge/generic_columns.hpp).
//
// Units and sources are the members' own (model.hpp): totals summed over the members (times in s, counts, bytes),
// rates per second weighted by each member's elapsed over the summed elapsed, averages and percentages recomputed
// from the summed counts they are averages of, levels taken at the earliest begin and the latest end.
#pragma once

#include <awrdiff/model.hpp>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace awrdiff {

/// What a merge left out or bounded, for the notes of the comparison's tables (compare_sets): per table, the
/// sentences to show under it, keyed by the section's catalog key (catalog.hpp: "enqueue_activity"), "top_events"
/// and "background_events" for the wait events, "generic|<section>|<title>" for a generic table.
struct MergeNotes {
  std::map<std::string, std::vector<std::string>> table;
  std::vector<std::string> generic_left_out;  ///< titles of generic tables not merged, with the reason
  std::set<std::pair<std::string, std::string>> generic_left_out_keys;  ///< (section, title) of those
};

/// One snapshot standing for a set of reports of consecutive or comparable periods: totals summed
/// (elapsed, DB time, event and SQL times, waits, executions), per-second Load Profile rates weighted
/// by elapsed, percentages recomputed. An item (event, time model statistic, SQL statement) missing
/// from any member's lists is unknown for the set and left out; the SQL cut-off is the sum of the
/// members' cut-offs. `source` is the members' files joined with ", ". Throws Error for an empty set.
Snapshot merge_snapshots(const std::vector<Snapshot>& members);

/// merge_snapshots, recording in `notes` (when not null) what it left out or bounded.
Snapshot merge_snapshots(const std::vector<Snapshot>& members, MergeNotes* notes);

}  // namespace awrdiff
