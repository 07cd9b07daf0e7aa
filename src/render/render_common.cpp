// Shared by the renderers (render_common.hpp): how a number and a cell read as text, the words of a presence,
// display width, padding, cutting and wrapping, the summary's plan. render.cpp dispatches to the formats.
#include <awrdiff/render.hpp>

#include "render_common.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <utility>
#include <vector>

namespace awrdiff {

std::string format_number(double value, int precision) {
  if (!std::isfinite(value)) return "?";
  if (precision < 0) {  // by magnitude (CompareColumn::precision): 95,670 / 12.3 / 1.25 / 0.125
    const bool trim = precision == -2;
    const double a = std::fabs(value);
    precision = a >= 99.95 ? 0 : a >= 9.995 ? 1 : a >= 0.9995 ? 2 : 3;
    // Below 0.1: two significant digits (0.00042, not 0.000), at most 9 decimals.
    if (a > 0 && a < 0.0995) precision = std::min(9, static_cast<int>(std::floor(-std::log10(a))) + 2);
    // -2: the same, without zeros past the figure's own last decimal (one kept), for a column mixing figures as a
    // report prints them with exact ones (the Load Profile): a printed 0.1 stays "0.1", not "0.100"; 0 is "0.0".
    if (trim) {
      const double mag = a > 0 && std::isfinite(a) ? a : 0;
      while (precision > 1) {
        const double x = mag * std::pow(10.0, precision - 1);
        if (std::fabs(x - std::round(x)) > 1e-9 * std::max(1.0, x)) break;
        --precision;
      }
    }
  }
  std::string s = fmt::format("{:.{}f}", std::fabs(value), precision);
  if (s == fmt::format("{:.{}f}", 0.0, precision)) value = 0;  // no "-0.0"
  auto dot = s.find('.');
  std::string int_part = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot);
  std::string grouped;
  for (std::size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) grouped.push_back(',');
    grouped.push_back(int_part[i]);
  }
  return (value < 0 ? "-" : "") + grouped + frac;
}

namespace render_detail {

namespace {

// A relative change in percent as a bound reads it: "0%" under half a percent, else "+120%", "-1,234%".
std::string pct_words(double p) {
  if (std::fabs(p) < 0.5) return "0%";
  return (p < 0 ? "-" : "+") + format_number(std::fabs(p), 0) + "%";
}

}  // namespace

std::string presence_text(const Unknown& u) {
  switch (u.why) {
    case Unknown::Why::not_shown:
      return u.side == Unknown::Side::base     ? "not shown in base"
             : u.side == Unknown::Side::target ? "not shown in target"
                                               : "not shown";
    case Unknown::Why::not_in_report:
      return "not in report";
    case Unknown::Why::no_change:
      return "?";
  }
  return "?";
}

std::string presence_text(const OneSided& o) { return to_string(o.which); }

std::string exposition_label_value(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (char ch : v) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\\') out += "\\\\";
    else if (ch == '"') out += "\\\"";
    else if (ch == '\n') out += "\\n";
    else if (u < 0x20 || u == 0x7f) out += ' ';
    else out += ch;
  }
  return out;
}

std::string exposition_reason(std::string_view reason) {
  std::string line = exposition_label_value(reason);
  constexpr std::size_t k_max = 120;
  if (line.size() <= k_max) return line;
  std::size_t n = k_max;
  while (n > 0 && (static_cast<unsigned char>(line[n]) & 0xC0) == 0x80) --n;
  std::size_t escapes = 0;  // not half an escape: an odd run of backslashes before the cut ends in one
  while (escapes < n && line[n - 1 - escapes] == '\\') ++escapes;
  if (escapes % 2 == 1) --n;
  line.resize(n);
  return line;
}

std::string presence_text(const Bound& b, const CompareColumn& col) {
  // A difference in the column's unit: "+0.123 or more" (its size at least that, either way), "+0.123 or less"
  // (its size at most that: the change is at most +0.123, or at least -0.123).
  if (col.kind == ColumnKind::delta)
    return fmt::format("{}{:.{}f} or {}", b.value > 0 ? "+" : "-", std::fabs(b.value), std::max(col.precision, 0),
                       b.at_least == (b.value > 0) ? "more" : "less");
  // A figure in the column's unit known as a bound: "≥ 0.1" (the sum of what a list shows), "≤ 268".
  if (col.kind == ColumnKind::number) return (b.at_least ? "≥ " : "≤ ") + format_number(b.value, col.precision);
  // A relative change: at least +10,000% reads as any change that large does (JSON keeps the figure).
  if (b.at_least && b.value >= 10000) return ">+9,999%";
  if (!b.at_least && b.value >= 10000) return "?";  // at most a hundred times the other side: it tells nothing
  return (b.at_least ? "≥ " : "≤ ") + pct_words(b.value);
}

std::string presence_text(const FromZero&) { return "from 0"; }

std::string presence_text(const Points& p) {
  return fmt::format("{:+.1f} pts{}", p.value, p.measure.empty() ? std::string() : " (" + p.measure + ")");
}

std::string presence_text(const CountedIn& c) { return fmt::format("in {}'s", c.item); }

std::string cell_text(const CompareCell& c, const CompareColumn& col) {
  if (std::holds_alternative<std::monostate>(c)) return "-";
  if (const auto* s = std::get_if<std::string>(&c)) return *s;
  if (const auto* u = std::get_if<Unknown>(&c)) return presence_text(*u);
  if (const auto* o = std::get_if<OneSided>(&c)) return presence_text(*o);
  if (const auto* b = std::get_if<Bound>(&c)) return presence_text(*b, col);
  if (const auto* z = std::get_if<FromZero>(&c)) return presence_text(*z);
  if (const auto* p = std::get_if<Points>(&c)) return presence_text(*p);
  if (const auto* in = std::get_if<CountedIn>(&c)) return presence_text(*in);
  const double v = std::get<double>(c);
  switch (col.kind) {
    case ColumnKind::change_pct: {
      if (std::fabs(v) >= 10000) return v > 0 ? ">+9,999%" : "<-9,999%";
      auto n = format_number(v, 0);
      return (v >= 0.5 ? "+" : "") + n + "%";
    }
    case ColumnKind::delta: {
      auto n = format_number(v, col.precision);
      return (v > 0 && n.find_first_not_of("0.,") != std::string::npos ? "+" : "") + n;
    }
    case ColumnKind::number:
      return format_number(v, col.precision);
    case ColumnKind::text:
      return format_number(v, col.precision);
  }
  return "?";
}

bool right_aligned(const CompareColumn& c) { return c.kind != ColumnKind::text; }

std::size_t text_row_count(const CompareTable& t, const RenderOptions& o) {
  if (t.text_rows == 0 || o.rows == 0) return t.rows.size();
  const std::size_t cap = o.rows > 0 ? static_cast<std::size_t>(o.rows) : t.text_rows;
  return std::min(cap, t.rows.size());
}

std::string diagnostic_text(const Diagnostic& d, bool file_name_only) {
  std::string file = d.file;
  if (file_name_only)
    if (const auto slash = file.find_last_of("/\\"); slash != std::string::npos && slash + 1 < file.size())
      file.erase(0, slash + 1);
  return fmt::format("{}:{}: {}{}{}", file, d.line, d.section.empty() ? "" : "[" + d.section + "] ",
                     d.level == Diagnostic::Level::info ? "" : "warning: ", d.message);
}

std::string rows_left_out(const CompareTable& t, const RenderOptions& o) {
  const std::size_t shown = text_row_count(t, o);
  if (shown >= t.rows.size()) return {};
  const std::size_t rest = t.rows.size() - shown;
  return fmt::format("… {} more row{} (--rows 0 shows them; HTML and JSON list every row)", rest, rest == 1 ? "" : "s");
}

namespace {

// The code point starting at s[i] and its length in bytes; a byte that starts no valid sequence stands for itself.
std::pair<char32_t, std::size_t> decode(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return {b, 1};
  const std::size_t n = b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return {b, 1};
  char32_t c = b & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    const auto x = static_cast<unsigned char>(s[i + k]);
    if ((x & 0xC0) != 0x80) return {b, 1};
    c = (c << 6) | (x & 0x3F);
  }
  return {c, n};
}

// Columns a code point takes in a terminal: 0 for combining marks and zero-width characters, 2 for East Asian
// wide and fullwidth characters (CJK ideographs, Hangul, fullwidth forms: module names and SQL literals may hold
// them), else 1.
std::size_t cp_width(char32_t c) {
  if (c < 0x0300) return 1;  // ASCII and Latin: most of every table, ahead of the ranges below
  if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x200B && c <= 0x200F) || c == 0xFEFF || (c >= 0xFE00 && c <= 0xFE0F)) return 0;
  if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
      (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
      (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
      (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
      (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
    return 2;
  return 1;
}

}  // namespace

std::size_t width(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto [c, len] = decode(s, i);
    n += cp_width(c);
    i += len;
  }
  return n;
}

std::size_t prefix_bytes(std::string_view s, std::size_t w) {
  std::size_t used = 0, i = 0;
  while (i < s.size()) {
    const auto [c, len] = decode(s, i);
    const std::size_t cw = cp_width(c);
    if (used + cw > w) break;
    used += cw;
    i += len;
  }
  return i;
}

std::size_t suffix_start(std::string_view s, std::size_t w) {
  std::vector<std::size_t> starts;  // where each code point starts
  for (std::size_t i = 0; i < s.size(); i += decode(s, i).second) starts.push_back(i);
  std::size_t used = 0, start = s.size();
  for (auto it = starts.rbegin(); it != starts.rend(); ++it) {
    const std::size_t cw = cp_width(decode(s, *it).first);
    if (used + cw > w) break;
    used += cw;
    start = *it;
  }
  return start;
}

std::string pad(const std::string& s, std::size_t w, bool right) {
  std::size_t n = width(s);
  if (n >= w) return s;
  std::string fill(w - n, ' ');
  return right ? fill + s : s + fill;
}

std::string ellipsize(const std::string& s, std::size_t w) {
  if (width(s) <= w) return s;
  if (w == 0) return "";
  std::string r = s.substr(0, prefix_bytes(s, w - 1));  // room for the ellipsis
  while (!r.empty() && r.back() == ' ') r.pop_back();
  return r + "…";
}

std::vector<std::string> wrap(const std::string& text, std::size_t w, const std::string& first, std::size_t indent,
                              bool break_words) {
  std::vector<std::string> lines;
  std::string line = first;
  std::size_t used = width(first);
  bool empty = true;  // nothing but the prefix on `line` yet
  auto next_line = [&] {
    lines.push_back(line);
    line = std::string(indent, ' ');
    used = indent;
    empty = true;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = text.find(' ', i);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(i, end - i);
    i = end;
    if (!empty && w > 0 && used + 1 + width(word) > w) next_line();
    // A word longer than a whole line (a long path, a run of punctuation) is broken at the width.
    while (break_words && w > 0 && used + (empty ? 0 : 1) + width(word) > w && w > indent + 1) {
      if (!empty) next_line();
      const std::size_t cut = prefix_bytes(word, w - used);
      if (cut == 0) break;
      line += word.substr(0, cut);
      word = word.substr(cut);
      empty = false;
      next_line();
    }
    if (word.empty()) continue;
    if (!empty) {
      line += ' ';
      ++used;
    }
    line += word;
    used += width(word);
    empty = false;
  }
  if (!empty || lines.empty()) lines.push_back(line);
  return lines;
}

bool identifier_column(const CompareColumn& c) { return role_of(c) == ColumnRole::identifier; }

// Whether a text column holds names and free text that may be cut with "…" to fit the width: the row's name and
// detail text. Identifiers, labels (status, change, unit, ranges), values and assessments are never cut.
bool cuttable_column(const CompareColumn& c) {
  const auto role = role_of(c);
  return c.kind == ColumnKind::text && (role == ColumnRole::name || role == ColumnRole::detail);
}

bool cut_in_cells(const CompareColumn& c) {
  return cuttable_column(c) || (c.kind == ColumnKind::text && role_of(c) == ColumnRole::value);
}

std::size_t assessment_column(const CompareTable& t) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (role_of(t.columns[i]) == ColumnRole::assessment) return i;
  return std::string::npos;
}

int assessment_sign(std::string_view word) {
  if (word == "worse" || word == "fail" || word == "warn" || word == "regressed") return -1;
  if (word == "better" || word == "improved") return 1;
  return 0;
}

SummaryPlan ticket_plan(const Comparison& c, bool summary, std::size_t fixed, std::size_t max_lines) {
  SummaryPlan plan;
  if (summary) {
    if (!c.findings.empty()) fixed += 2;
    std::vector<std::size_t> title_lines(c.findings.size(), 1);
    std::vector<std::vector<std::size_t>> evidence_lines;
    for (const auto& f : c.findings) evidence_lines.emplace_back(f.evidence.size(), 1);
    plan = plan_summary(c, fixed, title_lines, evidence_lines, max_lines);
  } else {
    plan.findings = c.findings.size();
    for (const auto& f : c.findings) plan.evidence.push_back(f.evidence.size());
  }
  return plan;
}

SummaryPlan plan_summary(const Comparison& c, std::size_t fixed, const std::vector<std::size_t>& title_lines,
                         const std::vector<std::vector<std::size_t>>& evidence_lines, std::size_t max_lines) {
  SummaryPlan plan;
  const std::size_t n = c.findings.size();
  std::size_t all = fixed;
  for (std::size_t i = 0; i < n; ++i) {
    all += title_lines[i];
    for (auto e : evidence_lines[i]) all += e;
  }
  if (all <= max_lines) {
    plan.findings = n;
    for (std::size_t i = 0; i < n; ++i) plan.evidence.push_back(evidence_lines[i].size());
    return plan;
  }
  // One line says what was left out (and the blank line before it).
  std::size_t budget = max_lines > fixed + 2 ? max_lines - fixed - 2 : 0;
  while (plan.findings < n && title_lines[plan.findings] <= budget) budget -= title_lines[plan.findings++];
  plan.evidence.assign(plan.findings, 0);
  // Evidence in rank order: the first findings' numbers matter most.
  for (std::size_t i = 0; i < plan.findings; ++i)
    while (plan.evidence[i] < evidence_lines[i].size() && evidence_lines[i][plan.evidence[i]] <= budget)
      budget -= evidence_lines[i][plan.evidence[i]++];
  return plan;
}

std::string summary_more(const Comparison& c, const SummaryPlan& plan) {
  const std::size_t findings = c.findings.size() - plan.findings;
  std::size_t evidence = 0;
  for (std::size_t i = 0; i < c.findings.size(); ++i)
    evidence += c.findings[i].evidence.size() - (i < plan.findings ? plan.evidence[i] : 0);
  if (findings == 0 && evidence == 0) return "";
  std::string what;
  if (findings > 0) what = fmt::format("{} more finding{}", findings, findings == 1 ? "" : "s");
  const std::size_t shown_evidence = evidence - (findings > 0 ? [&] {
    std::size_t e = 0;
    for (std::size_t i = plan.findings; i < c.findings.size(); ++i) e += c.findings[i].evidence.size();
    return e;
  }() : 0);
  if (shown_evidence > 0)
    what += fmt::format("{}{} evidence line{} of the findings above", what.empty() ? "" : " and ", shown_evidence,
                        shown_evidence == 1 ? "" : "s");
  return fmt::format("({} left out of this summary: run without --summary for them and the tables)", what);
}

std::string summary_context(const Comparison& c) {
  if (c.period_info.empty()) return "";
  // The database and instance once when every side gives the same (a comparison of one instance's periods).
  std::string database, instance;
  bool one_db = true, one_instance = true;
  for (const auto& p : c.period_info) {
    if (!p.database.empty()) {
      if (database.empty()) database = p.database;
      else if (p.database != database) one_db = false;
    }
    const std::string inst = p.instance.empty()  ? (p.instance_number ? fmt::format("instance {}", *p.instance_number) : "")
                             : p.instance_number ? fmt::format("instance {} ({})", p.instance, *p.instance_number)
                                                 : "instance " + p.instance;
    if (!inst.empty()) {
      if (instance.empty()) instance = inst;
      else if (inst != instance) one_instance = false;
    }
  }
  auto side = [&](const PeriodInfo& p) {
    std::vector<std::string> parts;
    if (!one_db && !p.database.empty()) parts.push_back(p.database);
    if (!one_instance && !p.instance.empty()) parts.push_back("instance " + p.instance);
    if (p.begin_snap && p.end_snap) parts.push_back(fmt::format("snaps {}-{}", *p.begin_snap, *p.end_snap));
    if (!p.begin_time.empty() || !p.end_time.empty())
      parts.push_back(fmt::format("{} .. {}", p.begin_time.empty() ? "?" : p.begin_time, p.end_time.empty() ? "?" : p.end_time));
    // A timeline's side is its periods; a set's, its reports.
    if (p.reports > 1) parts.push_back(fmt::format("{} {}s", p.reports, c.verdict == Verdict::timeline ? "period" : "report"));
    if (parts.empty() && !p.files.empty()) parts.push_back(p.files);
    return fmt::format("{}{}{}", p.role, parts.empty() ? "" : " ", fmt::join(parts, ", "));
  };
  std::vector<std::string> sides;
  for (const auto& p : c.period_info) sides.push_back(side(p));
  std::string head = one_db ? database : "";
  if (one_instance && !instance.empty()) head += (head.empty() ? "" : ", ") + instance;
  return fmt::format("{}{}{}", head, head.empty() ? "" : ": ", fmt::join(sides, "; "));
}

}  // namespace render_detail

}  // namespace awrdiff
