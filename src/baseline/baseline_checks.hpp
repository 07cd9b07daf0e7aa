// What a baseline accepts of a period and of a value, shared by the baselines made here (from reports, from an
// Oracle metric dump) and the baseline file read back (baseline_file.cpp).
#pragma once

#include <awrdiff/metrics.hpp>
#include <awrdiff/model.hpp>

#include <string>
#include <string_view>

namespace awrdiff::detail {

/// A time as a baseline keeps it: ISO 8601 "2025-03-14T14:00:03", or a date alone "2025-03-14" (a spool's
/// DD-MON-RR), each field in its range.
bool valid_iso_time(std::string_view t);

/// Why a period's times cannot be those of a period, or empty: elapsed 0 or less, a time that is none, begin after end.
std::string period_time_problem(const std::string& begin, const std::string& end, const OptDouble& elapsed_s);

/// "1e+27 is outside the range of DB time per second (0 to 1,000,000 AAS)", or empty when `v` (in the metric's
/// unit) is within metric_range(spec).
std::string out_of_range(const MetricSpec& spec, double v);

}  // namespace awrdiff::detail
