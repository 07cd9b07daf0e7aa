// awrdiff — reading Oracle's AWR Compare Periods report (awrddrpt.sql, text or HTML) as the two periods it
// compares. See docs/compare-report.md for what is read and what a compare report does not carry.
#pragma once

#include <awrdiff/model.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// The two periods of a Compare Periods report, "First (1st)" then "Second (2nd)", each a Snapshot read by
/// the same section readers as an AWR report: Load Profile (Workload Comparison), Top Timed Events, Time
/// Model, Wait Classes, Operating System Statistics, Instance Activity Stats, and the statements of "Top SQL
/// Comparison by Elapsed Time" (elapsed = the printed % of DB time × the period's DB time, seconds; CPU and
/// I/O time = the printed ms per execution × executions). A statement or top event the report prints for
/// one period only ("N/A", "-") is absent from the other: unknown, never zero. Each snapshot's `source` is
/// "SOURCE [1st period]" / "SOURCE [2nd period]" and it carries an info diagnostic saying it was read from a
/// compare report (from_compare_report). Throws Error(source, reason) for a damaged or truncated report
/// (no period header, or neither period has a figure awrdiff compares).
std::vector<Snapshot> parse_compare_report(std::string_view content, const std::string& source);

/// True for a snapshot parse_compare_report made (its diagnostic says so).
bool from_compare_report(const Snapshot& s);

/// The warning a comparison of the two periods of one Compare Periods report carries: where its figures
/// came from, and what such a report does not carry. `rac`: a RAC Compare Periods report (awrgdrpt.sql), whose
/// periods are awr_global snapshots.
std::string compare_report_warning(bool rac = false);

}  // namespace awrdiff
