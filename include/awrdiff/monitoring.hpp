// awrdiff — the outcome of `check` where monitoring already looks: a Prometheus / OpenMetrics text file
// (node_exporter's textfile collector) and a Nagios / Icinga / Zabbix plugin line. Both are read from the
// CheckReport alone (no second judgement): the statuses, values, centres and bands are the check table's.
// See docs/monitoring.md.
#pragma once

#include <awrdiff/check.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace awrdiff {

/// Writes the check as Prometheus text exposition, valid both as the classic text format (0.0.4, what the
/// textfile collector reads) and as OpenMetrics 1.0 (it ends with `# EOF`; gauges only). Every sample carries
/// the labels `database` (DB Name) and `instance` (instance name, else number) of the current period:
///   awrdiff_check_up                   1: the check was done (0 is written by render_openmetrics_trouble)
///   awrdiff_check_status               0 ok or improved, 1 warn, 2 fail (CheckReport::status)
///   awrdiff_check_baseline_periods     periods behind the baseline after matching
///   awrdiff_check_metrics_not_checked  metrics the baseline gives but the current report does not
///   awrdiff_check_period_end_snap      the current period's End Snap id (where known)
///   awrdiff_check_period_elapsed_seconds
///   awrdiff_metric_value               per metric (label `metric`: the registry key; `unit`): the current value
///   awrdiff_metric_baseline_centre     the baseline's centre (median, or mean where that is all it gives)
///   awrdiff_metric_band_low, awrdiff_metric_band_high   the band (centre ∓ warn_z × spread, or the extremes)
///   awrdiff_metric_z                   robust z, where a spread is known
///   awrdiff_metric_status              per metric, labelled `status` with the word (ok, warn, fail, improved,
///                                      changed, insufficient baseline); value 0, 1 warn, 2 fail
/// A value that is not known is left out (no sample), never written as 0 or NaN. Never throws.
void render_openmetrics(const CheckReport& report, std::ostream& out);

/// The exposition of a check that could not be done (exit 2), to replace the previous run's file, so that its
/// outcome does not stay visible as the current one: `awrdiff_check_up 0` and `awrdiff_check_trouble 1` with the
/// label `reason` (`reason` on one line, control characters replaced, cut to at most 120 bytes), labelled
/// `database` and `instance` as given (the previous file's labels, so the series stay the same ones; empty
/// where unknown). No other sample: the outcome and the values are not known. The HELP texts are those of
/// render_openmetrics (a collector refuses one metric with two). Never throws.
void render_openmetrics_trouble(const std::string& reason, const std::string& database, const std::string& instance,
                                std::ostream& out);

/// The `database` and `instance` labels of an exposition render_openmetrics or render_openmetrics_trouble wrote
/// (read from its first sample); empty when `text` is not one (it starts otherwise).
struct ExpositionLabels {
  std::string database, instance;
};
std::optional<ExpositionLabels> openmetrics_labels(std::string_view text);

/// The Nagios plugin convention: one line `AWRDIFF STATE - first line | perfdata` and the plugin's exit code.
struct NagiosResult {
  int exit_code = 3;  ///< 0 OK (ok, improved), 1 WARNING (warn), 2 CRITICAL (fail), 3 UNKNOWN (no check)
  std::string line;  ///< one line, no newline; '|' in the text replaced by '/'
};

/// The check as a plugin line. Performance data: every master metric, and every other metric whose status is
/// not ok, as `'key'=value[UOM];warn;crit;;` where warn is the band as a Nagios range (`high` for a metric
/// where higher is worse, `low:` where lower is worse, `low:high` for a volume) and crit the level from which
/// the metric fails on its own (CheckResult::fail_level), empty where it cannot fail. UOM is given for
/// seconds, milliseconds (converted to seconds: `s`) and percent; other units are plain numbers (their key
/// names them). Never throws.
NagiosResult nagios_result(const CheckReport& report);

/// The plugin line for a check that could not be done (exit 2 otherwise): `AWRDIFF UNKNOWN - reason`, exit 3.
NagiosResult nagios_unknown(const std::string& reason);

}  // namespace awrdiff
