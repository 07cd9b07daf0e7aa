// `check -f openmetrics` and `check --nagios` (check_output.hpp).
#include "cli/check_output.hpp"

#include <awrdiff/metrics.hpp>
#include <awrdiff/monitoring.hpp>
#include <awrdiff/printable.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace awrdiff::cli {

std::optional<CheckOutput> monitoring_format(const std::string& format_name) {
  std::string f = format_name;
  std::transform(f.begin(), f.end(), f.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (f == "openmetrics" || f == "prometheus") return CheckOutput::openmetrics;
  return std::nullopt;
}

namespace {

// What `output` holds when it is a regular file of a size an exposition can have: its text; empty when it does not
// exist. Empty optional: something that is no exposition of awrdiff's whatever it holds (a device, a directory,
// a file too large, unreadable).
std::optional<std::string> previous_text(const std::string& output) {
  std::error_code ec;
  const auto st = std::filesystem::status(output, ec);
  if (!std::filesystem::exists(st)) return std::string();
  constexpr std::uintmax_t k_max_exposition = 16 << 20;  // far above any exposition awrdiff writes
  if (!std::filesystem::is_regular_file(st) || std::filesystem::file_size(output, ec) > k_max_exposition || ec)
    return std::nullopt;
  std::ifstream in(output, std::ios::binary);
  std::string previous((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return std::nullopt;
  return previous;
}

}  // namespace

int emit_monitoring(const CheckReport& report, CheckOutput mode, const std::string& output,
                    const std::function<void(const std::string&, const std::string&)>& emit, bool quiet) {
  if (mode == CheckOutput::nagios) {
    const NagiosResult n = nagios_result(report);
    emit(n.line + "\n", output);
    return n.exit_code;
  }
  // The exposition replaces only a file of awrdiff's own (or an empty one, as -q leaves it): a file of another
  // kind given as -o by mistake is refused, as on trouble (replace_with_trouble).
  if (!output.empty() && output != "-" && std::filesystem::is_regular_file(output)) {
    const auto previous = previous_text(output);
    if (!previous || (!previous->empty() && !openmetrics_labels(*previous)))
      throw Error(output, "exists and is no exposition of awrdiff's: not overwritten (remove it, or give another -o)");
  }
  std::ostringstream text;
  render_openmetrics(report, text);
  emit(text.str(), output);
  // -q with the exposition in a file: the cron still mails a page (check_mail) or a warn's first line.
  if (quiet && !output.empty() && output != "-") {
    if (report.status == CheckStatus::fail) emit(printable(check_mail(report, std::string()), true), "");
    else if (const std::string line = quiet_text(report); !line.empty()) emit(printable(line, true), "");
  }
  return report.exit_code();
}

bool replaceable_exposition(const std::string& output, std::string_view start) {
  const auto previous = previous_text(output);
  return previous && (previous->empty() || previous->starts_with(start));
}

void replace_with_trouble(const std::string& output, const std::string& reason,
                          const std::function<void(const std::string&, const std::string&)>& emit) {
  if (output.empty() || output == "-") return;
  try {
    ExpositionLabels labels;
    const auto previous = previous_text(output);
    if (!previous) return;  // not an exposition of awrdiff's
    if (!previous->empty()) {
      const auto found = openmetrics_labels(*previous);
      if (!found) return;  // not an exposition of awrdiff's
      labels = *found;
    }
    std::ostringstream text;
    render_openmetrics_trouble(reason, labels.database, labels.instance, text);
    emit(text.str(), output);
  } catch (...) {  // the file cannot be written either: the check's error says what went wrong first
  }
}

CheckReport insufficient_baseline_report(const std::string& headline, const Snapshot& current, const CheckPolicy& policy) {
  CheckReport r;
  r.status = CheckStatus::ok;
  r.headline = headline;
  PeriodInfo p;
  p.role = "Report";
  p.database = current.database.name;
  p.instance = current.database.instance;
  p.instance_number = current.database.instance_number;
  p.begin_snap = current.interval.begin_snap;
  p.end_snap = current.interval.end_snap;
  p.begin_time = current.interval.begin_time;
  p.end_time = current.interval.end_time;
  p.elapsed_s = current.interval.elapsed_s;
  r.comparison.period_info.push_back(p);
  // The current values of the metrics the policy checks, each "insufficient baseline": no centre, band or z.
  for (const auto& m : all_metrics()) {
    if (!m.checked || m.family) continue;
    if (auto it = policy.metrics.find(std::string(m.key)); it == policy.metrics.end() || !it->second.enabled) continue;
    CheckResult c;
    c.key = std::string(m.key);
    c.label = std::string(m.display);
    c.unit = std::string(m.unit);
    c.current = metric_value(current, m.key);
    c.status = CheckStatus::insufficient;
    c.reason = "no baseline yet";
    if (c.current) r.results.push_back(std::move(c));
  }
  return r;
}

}  // namespace awrdiff::cli
