// The text (terminal) and Markdown renderers.
#include "render_common.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace awrdiff::render_detail {

namespace {

constexpr std::size_t k_summary_lines = 40;

// ANSI SGR colours: red for worse, green for better, yellow for a check's warn; bold for titles.
constexpr const char* k_red = "\x1b[31m";
constexpr const char* k_green = "\x1b[32m";
constexpr const char* k_yellow = "\x1b[33m";
constexpr const char* k_bold = "\x1b[1m";
constexpr const char* k_reset = "\x1b[0m";

const char* colour_of(std::string_view word) {
  if (word == "warn") return k_yellow;
  const int s = assessment_sign(word);
  return s < 0 ? k_red : s > 0 ? k_green : nullptr;
}

std::string paint(const std::string& s, const char* colour, bool on) {
  if (!on || colour == nullptr || s.empty()) return s;
  // Keep the padding outside the colour, so a cell's spaces are not underlined or tinted in any terminal.
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos) return s;
  const auto last = s.find_last_not_of(' ');
  return s.substr(0, first) + colour + s.substr(first, last - first + 1) + k_reset + s.substr(last + 1);
}

// Columns that exist for machines (the check's "actual <operator> expected", its registry key and how the
// band was drawn, the same on most rows) and the sets' effect size (the p-value and the verdict stay): left out
// of a text table when it does not fit the width otherwise.
// Likewise a section's totals and per-transaction figures beside its per-second rates (Instance Activity Stats)
// and Library Cache Activity's pins and invalidations beside its gets, miss % and reloads: the rates, the
// misses and the change stay, and the row's name keeps its room.
constexpr std::string_view k_droppable[] = {
    "operator",   "expected",     "key",            "method",           "effect_size",          "base_total",
    "target_total", "base_per_trans", "target_per_trans", "base_pins_s", "target_pins_s", "base_invalidations_s",
    "target_invalidations_s"};

// A header in at most `max_lines` lines of the least width (a word longer than that stays whole).
std::vector<std::string> header_lines(const std::string& header, std::size_t max_lines) {
  const std::size_t full = width(header);
  for (std::size_t w = 1; w < full; ++w) {
    auto lines = wrap(header, w, "", 0);
    if (lines.size() > max_lines) continue;
    bool fits = true;
    for (const auto& l : lines) fits = fits && width(l) <= w;
    if (fits) return lines;
  }
  return {header};
}

// Whether a cell holds file paths ("/dir/file.html", a set's "a/x.html, a/y.html"): a word with a '/'
// followed by more, that starts with '/' or has a '.' (not "I/O", not "RECEIPT / 1431238624").
bool holds_paths(const std::string& s) {
  std::size_t at = 0;
  while (at < s.size()) {
    std::size_t end = s.find_first_of(" ,", at);
    if (end == std::string::npos) end = s.size();
    const std::string_view word = std::string_view(s).substr(at, end - at);
    const auto slash = word.find('/');
    if (slash != std::string_view::npos && slash + 1 < word.size() &&
        (word.front() == '/' || word.find('.') != std::string_view::npos))
      return true;
    at = end + 1;
  }
  return false;
}

// A cell cut to `w`. A period's file paths (`files`: the base and target columns) lose their directories
// first (the file names tell the periods apart), then their start; other text (SQL text may hold a '/')
// keeps its start.
std::string cut_cell(const std::string& s, std::size_t w, bool files) {
  if (width(s) <= w) return s;
  if (files && holds_paths(s)) {
    std::string names;  // each ", "-separated path by its file name
    std::size_t at = 0;
    while (at <= s.size()) {
      std::size_t end = s.find(", ", at);
      if (end == std::string::npos) end = s.size();
      std::string part = s.substr(at, end - at);
      if (const auto slash = part.rfind('/'); slash != std::string::npos && slash + 1 < part.size()) part = part.substr(slash + 1);
      names += (names.empty() ? "" : ", ") + part;
      at = end + 2;
    }
    if (width(names) <= w) return names;
    if (w > 1) {
      std::size_t keep = w - 1, start = names.size();
      while (start > 0 && keep > 0) {
        --start;
        if ((static_cast<unsigned char>(names[start]) & 0xC0) != 0x80) --keep;
      }
      return "…" + names.substr(start);
    }
  }
  return ellipsize(s, w);
}

// A file path cut to `w` at its start ("…01/oradata/RECEIPT/users01.dbf").
std::string cut_path(const std::string& s, std::size_t w) {
  if (width(s) <= w || w < 2) return width(s) <= w ? s : ellipsize(s, w);
  std::size_t keep = w - 1, start = s.size();
  while (start > 0 && keep > 0) {
    --start;
    if ((static_cast<unsigned char>(s[start]) & 0xC0) != 0x80) --keep;
  }
  return "…" + s.substr(start);
}

void text_table(const CompareTable& t, const RenderOptions& o, std::ostream& out) {
  const std::size_t n = t.columns.size();
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> w(n), cells_w(n, 0), keep_w(n, 0);
  std::vector<std::vector<std::string>> headers(n);
  for (std::size_t i = 0; i < n; ++i) headers[i] = {t.columns[i].header};
  const std::size_t row_count = text_row_count(t, o);
  for (std::size_t ri = 0; ri < row_count; ++ri) {
    const auto& r = t.rows[ri];
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < n; ++i) {
      cells.push_back(i < r.cells.size() ? cell_text(r.cells[i], t.columns[i]) : "");
      // A line break inside a cell would break the table.
      for (auto& ch : cells.back())
        if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
      cells_w[i] = std::max(cells_w[i], width(cells.back()));
      // Side-by-side columns of a period (base, target): their snap times and names are kept whole, paths
      // may lose their directories.
      if (!holds_paths(cells.back()) && (t.columns[i].key == "base" || t.columns[i].key == "target"))
        keep_w[i] = std::max(keep_w[i], width(cells.back()));
    }
    rows.push_back(std::move(cells));
  }
  // A row naming a statement under two sql_ids ("old -> new", Top SQL) may take two lines when the table is
  // too wide: the pair breaks after its arrow and the row's status wraps, so the names and SQL text keep
  // their room. `split_w` holds each column's width with those rows broken.
  std::vector<bool> pair_row(rows.size(), false);
  std::vector<std::size_t> split_w(n, 0);
  auto pair_lines = [&](const std::string& cell, std::size_t i) -> std::vector<std::string> {
    if (identifier_column(t.columns[i])) {
      const auto arrow = cell.find(" -> ");
      if (arrow != std::string::npos) return {cell.substr(0, arrow + 3), "  " + cell.substr(arrow + 4)};
    }
    if (t.columns[i].key == "status") return header_lines(cell, 2);
    return {cell};
  };
  for (std::size_t ri = 0; ri < rows.size(); ++ri) {
    for (std::size_t i = 0; i < n; ++i)
      if (identifier_column(t.columns[i]) && rows[ri][i].find(" -> ") != std::string::npos) pair_row[ri] = true;
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t x = 0;
      for (const auto& l : pair_row[ri] ? pair_lines(rows[ri][i], i) : std::vector<std::string>{rows[ri][i]})
        x = std::max(x, width(l));
      split_w[i] = std::max(split_w[i], x);
    }
  }
  const bool any_pair = std::find(pair_row.begin(), pair_row.end(), true) != pair_row.end();
  bool split = false;
  auto header_w = [&](std::size_t i) {
    std::size_t x = 0;
    for (const auto& h : headers[i]) x = std::max(x, width(h));
    return x;
  };
  std::vector<bool> shown(n, true);
  std::size_t sep = 2;  // spaces between columns
  auto total = [&] {
    std::size_t sum = 0, k = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (shown[i]) sum += w[i], ++k;
    return sum + (k > 0 ? sep * (k - 1) : 0);
  };
  // The first text column names the row (event, statistic, metric): cut last.
  std::size_t name_col = n;
  for (std::size_t i = 0; i < n && name_col == n; ++i)
    if (cuttable_column(t.columns[i]) && t.columns[i].key != "status") name_col = i;
  // Lays the table out with headers in at most `lines` lines, the columns for machines left out or not,
  // `spaces` between columns and text cut down to its floor (`tight`: 8): whether it fits the width.
  auto layout = [&](std::size_t lines, bool drop, std::size_t spaces, bool tight) {
    sep = spaces;
    for (std::size_t i = 0; i < n; ++i) {
      const auto& col = t.columns[i];
      headers[i] = lines == 1 ? std::vector<std::string>{col.header} : header_lines(col.header, lines);
      w[i] = std::max(split ? split_w[i] : cells_w[i], header_w(i));
      shown[i] = !(drop && std::find(std::begin(k_droppable), std::end(k_droppable), col.key) != std::end(k_droppable));
    }
    if (o.width == 0 || total() <= o.width) return true;
    if (lines == 1) return false;
    std::vector<std::size_t> floor(n);
    for (std::size_t i = 0; i < n; ++i) {
      const auto& key = t.columns[i].key;
      floor[i] = tight ? 8 : std::clamp<std::size_t>(header_w(i), 12, 24);
      if (i == name_col && !tight) floor[i] = std::max<std::size_t>(floor[i], 30);
      if (key == "status" && t.key != "check") floor[i] = std::max<std::size_t>(floor[i], tight ? 12 : 19);  // "not shown in target"
      if (key == "base" || key == "target") floor[i] = std::max(floor[i], keep_w[i]);      // snap times, names
    }
    while (total() > o.width) {  // the widest cuttable column, a character at a time
      std::size_t best = n;
      for (std::size_t i = 0; i < n; ++i)
        if (shown[i] && cuttable_column(t.columns[i]) && w[i] > floor[i] && (best == n || w[i] > w[best])) best = i;
      if (best == n) return false;
      --w[best];
    }
    return true;
  };
  // The first layout that fits, in order of preference: as it is; headers in two lines ("Target" over
  // "avg (ms)": numbers are narrower than their headers), then three, with long text cut; the columns that
  // exist for machines (JSON has them) left out; one space between columns; text cut further. Numbers and
  // identifiers are never cut.
  // With "old -> new" rows, those rows in two lines come before cutting text further.
  bool fits = layout(1, false, 2, false) || layout(2, false, 2, false) || layout(3, false, 2, false);
  if (!fits && any_pair) {
    split = true;
    fits = layout(2, false, 2, false) || layout(3, false, 2, false);
  }
  fits = fits || layout(3, true, 2, false) || layout(3, true, 1, false) || layout(3, true, 1, true);
  (void)fits;  // the last layout stands when none fits: only numbers and identifiers are left wider
  std::vector<std::string> dropped;
  for (std::size_t i = 0; i < n; ++i)
    if (!shown[i]) dropped.push_back(t.columns[i].header);
  // A column of file paths (File IO Stats: "/u01/oradata/DB/users01.dbf", "+DATA/DB/DATAFILE/...") is cut at its
  // start: the file name tells the rows apart, the common directories do not.
  std::vector<bool> path_column(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    if (!cuttable_column(t.columns[i])) continue;
    bool any = false, all = true;
    for (const auto& r : rows) {
      if (r[i].empty() || r[i] == "-") continue;
      any = true;
      all = all && (r[i].front() == '/' || r[i].front() == '+' || (r[i].size() > 2 && r[i][1] == ':' && r[i][2] == '\\')) &&
            r[i].find(' ') == std::string::npos;
    }
    path_column[i] = any && all;
  }
  const std::size_t a = assessment_column(t);
  std::vector<bool> tinted(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& col = t.columns[i];
    tinted[i] = i == a || col.kind == ColumnKind::change_pct || col.kind == ColumnKind::delta ||
                (t.key == "check" && col.key == "actual");
  }
  auto line = [&](const std::vector<std::string>& cells, const char* colour) {
    std::string l;
    bool first = true;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (!shown[i]) continue;
      if (!first) l += std::string(sep, ' ');
      first = false;
      const bool files = t.columns[i].key == "base" || t.columns[i].key == "target";
      std::string cell = path_column[i] ? cut_path(cells[i], w[i]) : cut_cell(cells[i], w[i], files);
      l += paint(pad(cell, w[i], right_aligned(t.columns[i])), tinted[i] ? colour : nullptr, o.color);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out << l << "\n";
  };
  const std::size_t title_w = o.width > 0 ? std::min(width(t.title), o.width) : width(t.title);
  out << "\n" << paint(t.title, k_bold, o.color) << "\n" << std::string(title_w, '=') << "\n";
  std::size_t header_rows = 1;
  for (const auto& h : headers) header_rows = std::max(header_rows, h.size());
  for (std::size_t k = 0; k < header_rows; ++k) {
    // A two-line header: its first line stands on the top row only when it has two (bottom-aligned).
    std::vector<std::string> row(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t skip = header_rows - headers[i].size();
      if (k >= skip) row[i] = headers[i][k - skip];
    }
    line(row, nullptr);
  }
  std::vector<std::string> rule;
  for (auto x : w) rule.push_back(std::string(x, '-'));
  line(rule, nullptr);
  for (std::size_t ri = 0; ri < rows.size(); ++ri) {
    const auto& r = rows[ri];
    const char* colour = a < n && a < r.size() ? colour_of(r[a]) : nullptr;
    if (!split || !pair_row[ri]) {
      line(r, colour);
      continue;
    }
    std::vector<std::string> first(n), second(n);
    for (std::size_t i = 0; i < n; ++i) {
      const auto parts = pair_lines(r[i], i);
      first[i] = parts[0];
      if (parts.size() > 1) second[i] = parts[1];
    }
    line(first, colour);
    line(second, colour);
  }
  if (t.rows.empty()) out << "(" << (t.empty_text.empty() ? "none in the reports" : t.empty_text) << ")\n";
  if (const auto more = rows_left_out(t, o); !more.empty()) out << more << "\n";
  for (const auto& note : t.notes)
    for (const auto& l : wrap(note, o.width, "  ", 2)) out << l << "\n";
  if (!dropped.empty()) {
    std::string names;
    for (const auto& d : dropped) names += (names.empty() ? "" : ", ") + d;
    for (const auto& l : wrap(fmt::format("(column{} {} left out to fit {} columns: --width 0 or -f json shows them)",
                                          dropped.size() == 1 ? "" : "s", names, o.width),
                              o.width, "  ", 2))
      out << l << "\n";
  }
}

// The lines of the headline, warnings and findings as text, each block wrapped at the width.
struct TextHead {
  std::vector<std::string> headline;
  std::vector<std::vector<std::string>> warnings;
  std::vector<std::vector<std::string>> titles;                 // per finding
  std::vector<std::vector<std::vector<std::string>>> evidence;  // per finding, per evidence line
};

TextHead text_head(const Comparison& c, const RenderOptions& o) {
  TextHead h;
  h.headline = wrap(c.headline, o.width, "", 2);
  if (o.color && !h.headline.empty()) {
    const char* colour = c.verdict == Verdict::regressed ? k_red : c.verdict == Verdict::improved ? k_green : nullptr;
    auto& first = h.headline.front();
    const auto colon = first.find(':');
    if (colour != nullptr && colon != std::string::npos) first = colour + first.substr(0, colon) + k_reset + first.substr(colon);
  }
  for (const auto& w : c.warnings) h.warnings.push_back(wrap(w, o.width, "  ! ", 4));
  for (std::size_t i = 0; i < c.findings.size(); ++i) {
    const auto& f = c.findings[i];
    const std::string tag = fmt::format("[{}]", to_string(f.direction));
    const std::string prefix = fmt::format("{:>2}. {} ", i + 1, tag);
    auto lines = wrap(f.title, o.width, prefix, 4);
    if (o.color && !lines.empty()) {
      const auto at = lines.front().find(tag);
      if (at != std::string::npos)
        lines.front().replace(at, tag.size(), paint(tag, colour_of(to_string(f.direction)), true));
    }
    h.titles.push_back(std::move(lines));
    std::vector<std::vector<std::string>> ev;
    for (const auto& e : f.evidence) ev.push_back(wrap(e, o.width, "      ", 8));
    h.evidence.push_back(std::move(ev));
  }
  return h;
}

}  // namespace

void render_text(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  const TextHead h = text_head(c, o);
  for (const auto& l : h.headline) out << l << "\n";
  std::size_t fixed = h.headline.size();
  for (const auto& w : h.warnings) fixed += w.size();
  if (!c.warnings.empty()) fixed += 2;
  if (!c.findings.empty()) fixed += 3;
  std::vector<std::size_t> title_lines;
  std::vector<std::vector<std::size_t>> evidence_lines;
  for (std::size_t i = 0; i < h.titles.size(); ++i) {
    title_lines.push_back(h.titles[i].size());
    evidence_lines.emplace_back();
    for (const auto& e : h.evidence[i]) evidence_lines.back().push_back(e.size());
  }
  SummaryPlan plan;
  if (o.summary) {
    plan = plan_summary(c, fixed, title_lines, evidence_lines, k_summary_lines);
  } else {
    plan.findings = c.findings.size();
    for (const auto& e : c.findings) plan.evidence.push_back(e.evidence.size());
  }
  if (!c.warnings.empty()) {
    out << "\n" << paint("Warnings:", k_bold, o.color) << "\n";
    for (const auto& w : h.warnings)
      for (const auto& l : w) out << l << "\n";
  }
  if (!c.findings.empty()) {
    out << "\n" << paint("Findings", k_bold, o.color) << "\n========\n";
    for (std::size_t i = 0; i < plan.findings; ++i) {
      for (const auto& l : h.titles[i]) out << l << "\n";
      for (std::size_t e = 0; e < plan.evidence[i]; ++e)
        for (const auto& l : h.evidence[i][e]) out << l << "\n";
    }
  }
  if (o.summary) {
    if (const auto more = summary_more(c, plan); !more.empty())
      for (const auto& l : wrap(more, o.width, "", 2)) out << l << "\n";
    return;
  }
  bool group_shown = false;
  for (const auto& t : c.tables) {
    if (t.group == "sections" && !group_shown) {  // the other report sections under their own heading
      group_shown = true;
      out << "\n" << paint("Other sections", k_bold, o.color) << "\n" << std::string(14, '#') << "\n";
      for (const auto& l : wrap(k_sections_note, o.width, "  ", 2)) out << l << "\n";
    }
    text_table(t, o, out);
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "\nDiagnostics\n===========\n";
    for (const auto& d : c.diagnostics) out << d << "\n";
  }
}

namespace {

// Markdown that renders the same in GitHub (GFM) and in Jira Cloud's Markdown paste: every character
// that could start emphasis, a link, code, HTML, math, strikethrough or a table cell is backslash-escaped,
// line breaks become spaces, and a line start that would begin a heading, list or quote is escaped.
std::string md_escape(const std::string& s, bool block = true) {
  std::string r;
  r.reserve(s.size() + 8);
  for (std::size_t i = 0; i < s.size(); ++i) {
    char ch = s[i];
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    switch (ch) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '|': case '~': case '$':
        r.push_back('\\');
        break;
      case '&':  // an entity (&amp;, &#124;) would be decoded
        if (i + 1 < s.size() && (std::isalnum(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '#')) r.push_back('\\');
        break;
      case '#': case '+': case '-': case '=': case '>':  // a heading, list item, setext underline or quote at the start
        if (block && r.find_first_not_of(' ') == std::string::npos) r.push_back('\\');
        break;
      default: break;
    }
    r.push_back(ch);
  }
  // "1. text" or "1) text" at the start is an ordered list.
  const auto first = r.find_first_not_of(' ');
  if (block && first != std::string::npos && std::isdigit(static_cast<unsigned char>(r[first]))) {
    const auto end = r.find_first_not_of("0123456789", first);
    if (end != std::string::npos && (r[end] == '.' || r[end] == ')') && (end + 1 == r.size() || r[end + 1] == ' '))
      r.insert(end, 1, '\\');
  }
  return r;
}

// A table cell: escaped, never empty (an empty cell can shift a row in some renderers), cut at the width
// for text cells that may be cut.
std::string md_cell(const std::string& text, const CompareColumn& col, const RenderOptions& o) {
  std::string s = text;
  if (o.width > 0 && cuttable_column(col) && width(s) > 80) s = ellipsize(s, 80);
  s = md_escape(s, false);
  return s.empty() ? " " : s;
}

}  // namespace

void render_markdown(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  // The summary is pasted into a ticket comment: no page title, the headline in bold first.
  std::size_t fixed = 1;
  if (!o.summary) out << "# awrdiff\n\n";
  out << "**" << md_escape(c.headline) << "**\n";
  if (!c.warnings.empty()) {
    out << "\n";
    for (const auto& w : c.warnings) out << "- ⚠ " << md_escape(w) << "\n";
    fixed += 1 + c.warnings.size();
  }
  SummaryPlan plan;
  if (o.summary) {
    if (!c.findings.empty()) fixed += 2;
    std::vector<std::size_t> title_lines(c.findings.size(), 1);
    std::vector<std::vector<std::size_t>> evidence_lines;
    for (const auto& f : c.findings) evidence_lines.emplace_back(f.evidence.size(), 1);
    plan = plan_summary(c, fixed, title_lines, evidence_lines, k_summary_lines);
  } else {
    plan.findings = c.findings.size();
    for (const auto& f : c.findings) plan.evidence.push_back(f.evidence.size());
  }
  if (!c.findings.empty()) {
    out << (o.summary ? "\n**Findings**\n" : "\n## Findings\n\n");
    for (std::size_t i = 0; i < plan.findings; ++i) {
      const auto& f = c.findings[i];
      out << i + 1 << ". **" << to_string(f.direction) << "** " << md_escape(f.title) << "\n";
      for (std::size_t e = 0; e < plan.evidence[i]; ++e) out << "   - " << md_escape(f.evidence[e]) << "\n";
    }
  }
  if (o.summary) {
    if (const auto more = summary_more(c, plan); !more.empty()) out << "\n_" << md_escape(more) << "_\n";
    return;
  }
  bool group_shown = false;
  for (const auto& t : c.tables) {
    if (t.group == "sections" && !group_shown) {
      group_shown = true;
      out << "\n# Other sections\n\n_" << md_escape(k_sections_note) << "_\n";
    }
    out << "\n## " << md_escape(t.title) << "\n\n|";
    for (const auto& col : t.columns) out << (col.header.empty() ? " " : md_escape(col.header, false)) << "|";
    out << "\n|";
    for (const auto& col : t.columns) out << (right_aligned(col) ? "---:|" : "---|");
    out << "\n";
    for (std::size_t ri = 0; ri < text_row_count(t, o); ++ri) {
      const auto& r = t.rows[ri];
      out << "|";
      for (std::size_t i = 0; i < t.columns.size(); ++i)
        out << md_cell(i < r.cells.size() ? cell_text(r.cells[i], t.columns[i]) : "", t.columns[i], o) << "|";
      out << "\n";
    }
    if (t.rows.empty()) out << "\n_(" << md_escape(t.empty_text.empty() ? "none in the reports" : t.empty_text) << ")_\n";
    if (const auto more = rows_left_out(t, o); !more.empty()) out << "\n_" << md_escape(more) << "_\n";
    if (!t.notes.empty()) {
      out << "\n";
      for (const auto& n : t.notes) out << "> " << md_escape(n) << "\n";
    }
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "\n## Diagnostics\n\n";
    for (const auto& d : c.diagnostics) out << "- " << md_escape(d) << "\n";
  }
}

}  // namespace awrdiff::render_detail
