// `check -f openmetrics` and `check --nagios` (check_output.hpp).
#include "cli/check_output.hpp"

#include <awrdiff/monitoring.hpp>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace awrdiff::cli {

std::optional<CheckOutput> monitoring_format(const std::string& format_name) {
  std::string f = format_name;
  std::transform(f.begin(), f.end(), f.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (f == "openmetrics" || f == "prometheus") return CheckOutput::openmetrics;
  return std::nullopt;
}

int emit_monitoring(const CheckReport& report, CheckOutput mode, const std::string& output,
                    const std::function<void(const std::string&, const std::string&)>& emit) {
  if (mode == CheckOutput::nagios) {
    const NagiosResult n = nagios_result(report);
    emit(n.line + "\n", output);
    return n.exit_code;
  }
  std::ostringstream text;
  render_openmetrics(report, text);
  emit(text.str(), output);
  return report.exit_code();
}

CheckReport insufficient_baseline_report(const std::string& headline, const std::string& database, const std::string& instance) {
  CheckReport r;
  r.status = CheckStatus::ok;
  r.headline = headline;
  PeriodInfo p;
  p.role = "Report";
  p.database = database;
  p.instance = instance;
  r.comparison.period_info.push_back(p);
  return r;
}

}  // namespace awrdiff::cli
