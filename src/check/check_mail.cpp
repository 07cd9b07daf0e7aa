// What `check -q` mails for a page: the summary a DBA reads on the first screen (include/awrdiff/check.hpp:
// check_mail; docs/baselines.md "Output").
#include <awrdiff/check.hpp>

#include "check/check_storm.hpp"
#include "diff/facts.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace awrdiff {

namespace {

using detail::grouped_figure;

const PeriodInfo* current_period(const Comparison& c) {
  for (const auto& p : c.period_info)
    if (p.role == "Target" || p.role == "Report") return &p;
  return c.period_info.empty() ? nullptr : &c.period_info.back();
}

// "RMGTIBP/rmgtibp snaps 72351-72352, 02-Oct-23 15:00:45 .. 15:05:05"
std::string period_words(const CheckReport& r) {
  const PeriodInfo* p = current_period(r.comparison);
  if (p == nullptr) return r.comparison.target_source;
  std::string out = p->database.empty() ? std::string("?") : p->database;
  if (!p->instance.empty()) out += "/" + p->instance;
  if (p->begin_snap && p->end_snap) out += fmt::format(" snaps {}-{}", *p->begin_snap, *p->end_snap);
  else if (p->end_snap) out += fmt::format(" snap {}", *p->end_snap);
  if (!p->begin_time.empty() && !p->end_time.empty()) {
    // The end time without the date both share: "02-Oct-23 15:00:45 .. 15:05:05".
    const auto b_space = p->begin_time.find(' '), e_space = p->end_time.find(' ');
    const bool same_day = b_space != std::string::npos && e_space != std::string::npos &&
                          p->begin_time.substr(0, b_space) == p->end_time.substr(0, e_space);
    out += fmt::format(", {} .. {}", p->begin_time, same_day ? p->end_time.substr(e_space + 1) : p->end_time);
  }
  return out;
}

// The DB time the current period added over the baseline's centre (AAS), or empty.
OptDouble added_aas(const CheckReport& r) {
  const auto& band = r.comparison.check_db_time;
  if (band && band->current && band->centre && *band->current > *band->centre) return *band->current - *band->centre;
  return std::nullopt;
}

// A contributor that is an event or a statement (not a time model statistic): what a page names as a cause.
bool names_a_cause(const Contributor& k) { return k.kind == ContributorKind::event || k.kind == ContributorKind::sql; }

// The top causes with their share of the DB time added: the top worse finding first (its short form), then the
// events and SQL that carry the added time ("library cache lock +94.5 min (42% of the DB time added), cursor: mutex X
// +56.4 min (25%)"), in AAS or time as the check's first line states them.
std::string top_causes(const CheckReport& r, std::size_t most) {
  std::vector<std::string> parts;
  const OptDouble added = added_aas(r);
  const PeriodInfo* p = current_period(r.comparison);
  const bool in_aas = added && p && p->elapsed_s && detail::states_in_aas(*added, *p->elapsed_s);
  auto share = [&](double delta_aas) {
    if (!added || *added <= 0) return std::string();
    const double pct = std::min(delta_aas / *added * 100, 100.0);
    return parts.empty() ? fmt::format(" ({:.0f}% of the DB time added)", pct) : fmt::format(" ({:.0f}%)", pct);
  };
  const auto& contributors = r.comparison.contributors;
  // A contributor as a cause names it, without its gloss: "CPU run queue" of "CPU run queue (time outside DB CPU and
  // waits)", "SQL 1c602wgfqtdky".
  auto short_name = [](const Contributor& k) {
    return (k.kind == ContributorKind::sql ? "SQL " : "") + k.name.substr(0, k.name.find(" ("));
  };
  for (const auto& f : r.comparison.findings)
    if (f.direction == ChangeKind::worse) {
      std::string what = f.cause.empty() ? f.title : f.cause;
      // The share of the event or statement the cause names (a group's impact sums several events).
      double delta = f.impact_aas;
      for (const auto& k : contributors)
        if (names_a_cause(k) && what.starts_with(short_name(k) + " ")) delta = k.delta_aas;
      if (delta > 0 && what.find('%') == std::string::npos) what += share(delta);
      parts.push_back(std::move(what));
      break;
    }
  // The events, then the statements: two ways of dividing the same added time, so their shares are said apart
  // ("...; in SQL 1c602wgfqtdky +61.4 AAS (40%)"), never one list whose shares add up past 100%.
  const std::string lead = parts.empty() ? std::string() : parts.front();
  std::vector<std::string> by_kind[2];  // events, SQL
  std::size_t named = parts.size();
  for (const auto& k : contributors) {
    if (named >= most) break;
    if (!names_a_cause(k) || k.delta_aas <= 0 || !k.delta_s) continue;
    const bool sql = k.kind == ContributorKind::sql;
    const std::string name = (sql ? "SQL " : "") + k.name;
    if (!lead.empty() && lead.starts_with(short_name(k) + " ")) continue;  // the finding's own
    const std::string amount = in_aas ? fmt::format("{:+.1f} AAS", k.delta_aas) : detail::human_seconds(*k.delta_s);
    const std::string pct = share(k.delta_aas);
    by_kind[sql ? 1 : 0].push_back(fmt::format("{} {}{}{}", name, amount, k.lower_bound ? " or more" : "", pct));
    if (parts.empty()) parts.emplace_back();  // the first share named says "of the DB time added"
    ++named;
  }
  std::string out = lead;
  if (!by_kind[0].empty()) out += (out.empty() ? "" : ", ") + fmt::format("{}", fmt::join(by_kind[0], ", "));
  if (!by_kind[1].empty()) out += (out.empty() ? "" : "; in ") + fmt::format("{}", fmt::join(by_kind[1], ", "));
  return out;
}

const char* verdict_word(CheckStatus s) { return s == CheckStatus::fail ? "FAIL" : s == CheckStatus::warn ? "WARN" : "OK"; }

// "DB time per second 62.2 AAS (baseline 10.9, band 10.3 .. 11.5, z +29.0): why"
std::string metric_line(const CheckResult& m) {
  const OptDouble centre = m.baseline.median ? m.baseline.median : m.baseline.mean;
  std::string out = m.current ? fmt::format("{} {} {}", m.label, grouped_figure(*m.current), m.unit) : m.label;
  if (centre) {
    out += fmt::format(" (baseline {}", grouped_figure(*centre));
    if (m.band_low && m.band_high)
      out += fmt::format(", band {} .. {}", grouped_figure(*m.band_low), grouped_figure(*m.band_high));
    if (m.z) out += fmt::format(", z {:+.1f}", *m.z);
    out += ")";
  }
  return out;
}

}  // namespace

std::string quiet_text(const CheckReport& r) {
  if (r.status == CheckStatus::fail ||
      (r.status != CheckStatus::warn && r.status != CheckStatus::insufficient && r.input_warnings.empty()))
    return {};
  std::string out = r.comparison.headline.empty() ? r.headline : r.comparison.headline;
  // The verdict word, then which database and period it is about, as a page's first line says it: "WARN RMGTIBN/rmgtibn
  // snaps 163-164, 23-Dec-23 07:30:44 .. 08:00:12: more load, not slower: ..."
  for (const char* word : {"WARN, ", "OK, "})
    if (out.starts_with(word)) {
      const std::string verdict(word, std::char_traits<char>::length(word) - 2);
      out = fmt::format("{} {}: {}", verdict, period_words(r), out.substr(verdict.size() + 2));
      break;
    }
  out += '\n';
  for (const auto& w : r.input_warnings) out += "  ! " + w + "\n";
  return out;
}

std::string check_mail(const CheckReport& r, const std::string& full_report) {
  std::vector<std::string> lines;
  std::string causes = top_causes(r, 4);
  if (causes.empty()) {  // no event or statement carries it (a policy's metric failed): the failing metrics name it
    std::vector<std::string> failed;
    for (const auto& m : r.results)
      if (m.status == CheckStatus::fail && failed.size() < 2) failed.push_back(metric_line(m));
    causes = fmt::format("{}", fmt::join(failed, "; "));
  }
  lines.push_back(fmt::format("{} {}{}", verdict_word(r.status), period_words(r), causes.empty() ? "" : ": " + causes));
  lines.push_back("  " + (r.comparison.headline.empty() ? r.headline : r.comparison.headline));
  lines.emplace_back();
  std::vector<const Finding*> worse;
  for (const auto& f : r.comparison.findings)
    if (f.direction == ChangeKind::worse) worse.push_back(&f);
  if (!worse.empty()) {
    lines.push_back("Top causes:");
    for (std::size_t i = 0; i < worse.size() && i < k_mail_causes; ++i)
      lines.push_back(fmt::format("  {}. {}", i + 1, worse[i]->title));
    if (worse.size() > k_mail_causes)
      lines.push_back(fmt::format("  ({} more worse findings in the full report)", worse.size() - k_mail_causes));
  }
  std::vector<const CheckResult*> failing, warned;
  for (const auto& m : r.results) {
    if (m.status == CheckStatus::fail) failing.push_back(&m);
    if (m.status == CheckStatus::warn) warned.push_back(&m);
  }
  if (!failing.empty() || !warned.empty()) {
    lines.push_back(failing.empty() ? "Worse metrics:" : "Failing metrics:");
    std::size_t shown = 0;
    for (const auto* m : failing)
      if (shown++ < k_mail_metrics) lines.push_back("  fail  " + metric_line(*m));
    for (const auto* m : warned)
      if (shown++ < k_mail_metrics) lines.push_back("  warn  " + metric_line(*m));
    if (shown > k_mail_metrics) lines.push_back(fmt::format("  ({} more in the check table)", shown - k_mail_metrics));
  }
  // The report's own warnings, then the check's (a gate on the policy's metrics alone, a match by name): what limits the
  // page's reading, at most k_mail_warnings of them.
  std::vector<std::string> warnings = r.input_warnings;
  for (const auto& w : r.warnings)  // a report's own warning may be the check's too: said once
    if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
  for (std::size_t i = 0; i < warnings.size() && i < k_mail_warnings; ++i) lines.push_back("  ! " + warnings[i]);
  if (warnings.size() > k_mail_warnings)
    lines.push_back(fmt::format("  ({} more warnings in the full report)", warnings.size() - k_mail_warnings));
  lines.emplace_back();
  lines.push_back(full_report.empty() ? std::string("Full report: run the same check with -v (or -o FILE, -f html for a ticket)")
                                      : "Full report: " + full_report);
  if (lines.size() > k_mail_lines) {
    lines.resize(k_mail_lines - 1);
    lines.push_back(full_report.empty() ? std::string("(cut: the full report with -v)")
                                        : "(cut: the full report in " + full_report + ")");
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace awrdiff
