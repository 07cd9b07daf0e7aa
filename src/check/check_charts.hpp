// The charts of `check` (check_charts.cpp): the comparison's charts (src/diff/charts.hpp) with the baseline's
// side and the band of each metric.
#pragma once

#include <awrdiff/check.hpp>

namespace awrdiff::detail {

/// `check`: "check", per metric with a band, the baseline's band and centre and where the current value
/// falls; the base side's period info becomes the baseline's.
void add_check_charts(CheckReport& report, const Baseline& baseline);

}  // namespace awrdiff::detail
