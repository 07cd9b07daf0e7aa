// What `check` writes for a monitoring system instead of its report (docs/monitoring.md): the Prometheus /
// OpenMetrics text of `-f openmetrics` and the Nagios plugin line of `--nagios`. Used by both check paths
// (--baseline in check_cmd.cpp, --history in history_cmd.cpp).
#pragma once

#include <awrdiff/check.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace awrdiff::cli {

/// The check's output: its report (any Format), or one of the monitoring forms.
enum class CheckOutput { report, openmetrics, nagios };

/// "openmetrics" and "prometheus" (any case) name the exposition format; empty otherwise.
std::optional<CheckOutput> monitoring_format(const std::string& format_name);

/// Writes `report` in `mode` (openmetrics or nagios) through `emit` to `output`, whatever -q says (a monitoring
/// system reads every run). Returns the exit code: the check's (0, 1) for openmetrics, the plugin's (0 OK,
/// 1 WARNING, 2 CRITICAL) for nagios. `quiet` (-q) with openmetrics written to a file: the cron's mail goes to
/// standard output as well (check_mail for a fail, the first line for a warn), so one run writes the file and mails.
int emit_monitoring(const CheckReport& report, CheckOutput mode, const std::string& output,
                    const std::function<void(const std::string&, const std::string&)>& emit, bool quiet = false);

/// `check -f openmetrics -o FILE` that could not be done (exit 2, `reason`): FILE is replaced (atomically, through
/// `emit`) with render_openmetrics_trouble, labelled as the previous run's exposition in it, so that the previous
/// outcome does not stay visible as the current one. A FILE that exists and is not such an exposition is left as
/// it is (the error may be about it: an input given as -o); standard output gets nothing. Never throws: the
/// check's own error is what the run reports.
void replace_with_trouble(const std::string& output, const std::string& reason,
                          const std::function<void(const std::string&, const std::string&)>& emit);

/// True when `output` may be replaced by an exposition whose first line starts with `start` ("# HELP awrdiff_fleet_up
/// "): a file that does not exist, or a regular file of at most 16 MiB that starts so (an exposition of awrdiff's).
bool replaceable_exposition(const std::string& output, std::string_view start);

/// A check with no baseline yet (history --add on its first like period): OK with `headline`; the current values
/// of the metrics `policy` checks, each "insufficient baseline" (no centre, band or z).
CheckReport insufficient_baseline_report(const std::string& headline, const Snapshot& current, const CheckPolicy& policy);

}  // namespace awrdiff::cli
