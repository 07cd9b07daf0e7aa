// The check's outcome for monitoring systems: Prometheus / OpenMetrics text and the Nagios plugin line
// (include/awrdiff/monitoring.hpp, docs/monitoring.md).
#include <awrdiff/metrics.hpp>
#include <awrdiff/monitoring.hpp>

#include "render/render_common.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <string_view>

namespace awrdiff {

namespace {

const PeriodInfo* current_period(const CheckReport& r) {
  return r.comparison.period_info.empty() ? nullptr : &r.comparison.period_info.back();
}

// A sample value: the shortest text that reads back as the same double.
std::string sample(double v) { return fmt::format("{}", v); }

int severity(CheckStatus s) { return s == CheckStatus::fail ? 2 : s == CheckStatus::warn ? 1 : 0; }

class Exposition {
public:
  Exposition(std::ostream& out, std::string labels) : m_out(out), m_labels(std::move(labels)) {}

  // # HELP and # TYPE of a gauge, once, before its first sample.
  void family(std::string_view name, std::string_view help) {
    m_out << "# HELP " << name << ' ' << help << '\n' << "# TYPE " << name << " gauge\n";
  }
  void value(std::string_view name, const std::string& extra_labels, std::optional<double> v) {
    if (!v || !std::isfinite(*v)) return;
    m_out << name << '{' << m_labels << extra_labels << "} " << sample(*v) << '\n';
  }

private:
  std::ostream& m_out;
  std::string m_labels;
};

// Nagios perfdata label: single quotes doubled; '=' and control characters replaced.
std::string perf_label(std::string_view key) {
  std::string out = "'";
  for (char ch : key) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\'') out += "''";
    else if (ch == '=' || u < 0x20 || u == 0x7f) out += '_';
    else out += ch;
  }
  return out + "'";
}

// The value with a Nagios unit of measure where one applies: seconds, milliseconds and microseconds (the plugin
// guidelines' s, ms, us), percent. The value stays in the registry's unit, which the key names (`_ms`: ms).
struct PerfUnit {
  double factor = 1;
  const char* uom = "";
};
PerfUnit perf_unit(std::string_view unit) {
  if (unit == "s") return {1, "s"};
  if (unit == "ms") return {1, "ms"};
  if (unit == "us" || unit == "µs") return {1, "us"};
  if (unit == "%") return {1, "%"};
  return {};
}

std::string perf_number(double v) { return fmt::format("{:.6g}", v); }

// One line: no newline, no '|' (it separates the performance data), no control character.
std::string plugin_text(std::string_view s) {
  std::string out;
  for (char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '|') out += '/';
    else if (u < 0x20 || u == 0x7f) out += ' ';
    else out += ch;
  }
  return out;
}

constexpr std::string_view k_up_help =
    "1: the check was done (its outcome in awrdiff_check_status); 0: it could not be done (exit 2), the reason in "
    "awrdiff_check_trouble.";
constexpr std::string_view k_trouble_help =
    "1 while the check cannot be done (exit 2); label reason: the first 120 bytes of awrdiff's message.";
constexpr std::string_view k_exposition_start = "# HELP awrdiff_check_up ";

std::string labels(std::string_view database, std::string_view instance) {
  return fmt::format("database=\"{}\",instance=\"{}\"", render_detail::exposition_label_value(database),
                     render_detail::exposition_label_value(instance));
}

// The labels of a sample line `name{a="x",b="y"} value`, their values unescaped; nullopt when malformed.
std::optional<std::map<std::string, std::string>> sample_labels(std::string_view line) {
  std::map<std::string, std::string> out;
  auto i = line.find('{');
  if (i == std::string_view::npos) return std::nullopt;
  ++i;
  while (i < line.size() && line[i] != '}') {
    const auto eq = line.find("=\"", i);
    if (eq == std::string_view::npos) return std::nullopt;
    std::string name(line.substr(i, eq - i)), value;
    for (i = eq + 2; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && ++i < line.size()) value += line[i] == 'n' ? '\n' : line[i];
      else if (line[i] != '\\') value += line[i];
    }
    if (i >= line.size()) return std::nullopt;
    out[name] = std::move(value);
    if (++i < line.size() && line[i] == ',') ++i;
  }
  return out;
}

}  // namespace

void render_openmetrics(const CheckReport& r, std::ostream& out) {
  const PeriodInfo* p = current_period(r);
  std::string instance;
  if (p) instance = !p->instance.empty() ? p->instance : p->instance_number ? std::to_string(*p->instance_number) : "";
  Exposition e(out, labels(p ? p->database : "", instance));

  e.family("awrdiff_check_up", k_up_help);
  e.value("awrdiff_check_up", "", 1.0);
  e.family("awrdiff_check_status", "The check's outcome: 0 ok or improved, 1 warn, 2 fail (exit code 1).");
  e.value("awrdiff_check_status", "", severity(r.status));
  e.family("awrdiff_check_baseline_periods", "Periods behind the baseline after matching.");
  e.value("awrdiff_check_baseline_periods", "", static_cast<double>(r.baseline_periods));
  e.family("awrdiff_check_metrics_not_checked", "Metrics the baseline gives but the current report does not.");
  e.value("awrdiff_check_metrics_not_checked", "", static_cast<double>(r.not_checked));
  if (p && p->end_snap) {
    e.family("awrdiff_check_period_end_snap", "End Snap id of the current period.");
    e.value("awrdiff_check_period_end_snap", "", static_cast<double>(*p->end_snap));
  }
  if (p && p->elapsed_s) {
    e.family("awrdiff_check_period_elapsed_seconds", "Elapsed time of the current period.");
    e.value("awrdiff_check_period_elapsed_seconds", "", p->elapsed_s);
  }

  struct Column {
    const char* name;
    const char* help;
    std::optional<double> (*get)(const CheckResult&);
  };
  static const Column k_columns[] = {
      {"awrdiff_metric_value", "The current period's value of each checked metric, in its unit (label unit).",
       [](const CheckResult& c) { return c.current; }},
      {"awrdiff_metric_baseline_centre", "The baseline's centre of the metric (median, or mean where that is all it gives).",
       [](const CheckResult& c) { return c.baseline.median ? c.baseline.median : c.baseline.mean; }},
      {"awrdiff_metric_band_low", "Lower edge of the metric's band (centre - warn_z x spread, or the minimum).",
       [](const CheckResult& c) { return c.band_low; }},
      {"awrdiff_metric_band_high", "Upper edge of the metric's band (centre + warn_z x spread, or the maximum).",
       [](const CheckResult& c) { return c.band_high; }},
      {"awrdiff_metric_z", "Robust z of the current value: (current - centre) / spread.",
       [](const CheckResult& c) { return c.z; }},
  };
  for (const auto& col : k_columns) {
    e.family(col.name, col.help);
    for (const auto& c : r.results)
      e.value(col.name,
              fmt::format(",metric=\"{}\",unit=\"{}\"", render_detail::exposition_label_value(c.key),
                          render_detail::exposition_label_value(c.unit)),
              col.get(c));
  }
  e.family("awrdiff_metric_status",
           "Each metric's status (label status): 0 ok, improved, changed or insufficient baseline; 1 warn; 2 fail.");
  for (const auto& c : r.results)
    e.value("awrdiff_metric_status",
            fmt::format(",metric=\"{}\",status=\"{}\"", render_detail::exposition_label_value(c.key), to_string(c.status)),
            severity(c.status));
  out << "# EOF\n";
}

void render_openmetrics_trouble(const std::string& reason, const std::string& database, const std::string& instance,
                                std::ostream& out) {
  Exposition e(out, labels(database, instance));
  e.family("awrdiff_check_up", k_up_help);
  e.value("awrdiff_check_up", "", 0.0);
  e.family("awrdiff_check_trouble", k_trouble_help);
  e.value("awrdiff_check_trouble", fmt::format(",reason=\"{}\"", render_detail::exposition_reason(reason)), 1.0);
  out << "# EOF\n";
}

std::optional<ExpositionLabels> openmetrics_labels(std::string_view text) {
  if (!text.starts_with(k_exposition_start)) return std::nullopt;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    const std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.front() != '#') {
      const auto l = sample_labels(line);
      if (!l || l->count("database") == 0 || l->count("instance") == 0) return std::nullopt;
      return ExpositionLabels{l->at("database"), l->at("instance")};
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return std::nullopt;
}

NagiosResult nagios_result(const CheckReport& r) {
  NagiosResult n;
  n.exit_code = r.status == CheckStatus::fail ? 2 : r.status == CheckStatus::warn ? 1 : 0;
  static const char* const k_state[] = {"OK", "WARNING", "CRITICAL", "UNKNOWN"};
  const std::string& first = r.comparison.headline.empty() ? r.headline : r.comparison.headline;
  n.line = fmt::format("AWRDIFF {} - {}", k_state[n.exit_code], plugin_text(first));
  std::string perf;
  for (const auto& c : r.results) {
    if (!c.current || !std::isfinite(*c.current) || c.status == CheckStatus::insufficient) continue;
    const MetricSpec* spec = find_metric(c.key);
    const bool master = spec && spec->role == MetricRole::master;
    if (!master && c.status == CheckStatus::ok) continue;
    const PerfUnit u = perf_unit(c.unit);
    const auto scaled = [&](std::optional<double> v) { return v ? perf_number(*v * u.factor) : std::string(); };
    const Direction d = spec ? spec->direction : Direction::neutral;
    std::string warn;
    if (c.band_low && c.band_high) {
      if (d == Direction::higher_is_worse) warn = scaled(c.band_high);
      else if (d == Direction::higher_is_better) warn = scaled(c.band_low) + ":";
      else warn = scaled(c.band_low) + ":" + scaled(c.band_high);
    }
    std::string crit;
    if (c.fail_level) crit = d == Direction::higher_is_better ? scaled(c.fail_level) + ":" : scaled(c.fail_level);
    perf += fmt::format("{}{}={}{};{};{};;", perf.empty() ? "" : " ", perf_label(c.key), perf_number(*c.current * u.factor),
                        u.uom, warn, crit);
  }
  if (!perf.empty()) n.line += " | " + perf;
  return n;
}

NagiosResult nagios_unknown(const std::string& reason) { return {3, "AWRDIFF UNKNOWN - " + plugin_text(reason)}; }

}  // namespace awrdiff
