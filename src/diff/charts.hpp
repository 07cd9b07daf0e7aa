// The charts of a comparison (include/awrdiff/diff.hpp: Chart, PeriodInfo): which numbers each
// picture shows. The diff engine calls these once its tables and findings are done; the renderers only
// draw the generic chart kinds.
#pragma once

#include <awrdiff/diff.hpp>

#include <string>
#include <tuple>
#include <vector>

namespace awrdiff::detail {

/// A file name without its directories ("/tmp/x/awr_1.html" -> "awr_1.html"); a ", "-joined list
/// of files (a merged set's source) file by file.
std::string file_names(const std::string& sources);

/// Oracle Enterprise Manager's colour of a wait class ("User I/O" -> "#2a62c9"), of "DB CPU" and of the charts' other
/// parts; empty for a name it does not know.
std::string class_colour(const std::string& name);

/// A period as the comparison's header names it: its files, database, instance, snaps, times and elapsed (from
/// the snapshot's Report Summary), in `role` ("Base", "Target", "Report", "Current").
PeriodInfo period_info(const Snapshot& s, std::string role);

/// Pairs and single reports: the period info of both sides and "db_time", where DB time goes in each
/// period (DB CPU, each non-idle wait class, the time outside both, stacked, AAS). `base` is null for a
/// single report.
void add_pair_charts(Comparison& c, const Snapshot* base, const Snapshot& target);

/// Sets: "db_time" again with one bar per report (each report's DB time per second by part), and
/// "sets": per metric (key, label, unit) each report as a dot in its set with the sets' medians, coloured
/// when the change is material and significant at `alpha`.
void add_set_charts(Comparison& c, const std::vector<Snapshot>& base, const std::vector<Snapshot>& target,
                    const std::vector<std::tuple<std::string, std::string, std::string>>& metrics, double alpha);

}  // namespace awrdiff::detail
