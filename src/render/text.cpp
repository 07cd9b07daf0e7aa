// The text (terminal) and Markdown renderers.
#include "render_common.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <sstream>

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

// ---- fitting a table to the width ------------------------------------------------------------------
//
// Everything here reads the CompareTable / CompareColumn model only (kinds, roles, priorities, cells): no table is
// known by name. A table that is wider than --width is narrowed in steps, each taken only when the last did not
// fit: headers on two or three lines (the count that cuts least); names and free text cut with "…" down to a
// comfortable floor; a cell that is kept whole (an "old -> new" sql_id pair, a status such as "not shown in
// target", a period's snap times, a parameter's value) on more lines; the columns that exist for machines left
// out; one space between columns; then the least telling columns left out, a base/target pair at a time (the
// most telling pair and the pair the change was computed from stay); then names cut further, never so far that
// two rows read the same. A table still too wide is shown with Base and Target on two lines per row (stacked).
// Numbers and identifiers are never cut.

// How a column behaves when its table must fit a width.
enum class Fit {
  number,  ///< numbers and changes: never cut or wrapped; may be left out (drop_rank)
  whole,  ///< identifiers, short words (status, unit, assessment), values (Base, Target): never cut, may take more lines
  cut,  ///< names and free text: cut with "…"
};

Fit fit_of(const CompareColumn& c) {
  if (c.kind != ColumnKind::text) return Fit::number;
  // Identifiers, labels, values (the periods' names and snap times, a parameter's values) and assessments stay whole.
  if (!cuttable_column(c)) return Fit::whole;
  return Fit::cut;
}

// The pair a column belongs to, left out together: "base_X" and "target_X" as "X", "X_low" and "X_high" (a band),
// "X_min" and "X_max" as "X_".
std::string_view pair_key(std::string_view key) {
  if (key.starts_with("base_")) return key.substr(5);
  if (key.starts_with("target_")) return key.substr(7);
  for (std::string_view end : {"_low", "_high", "_min", "_max"})
    if (key.ends_with(end)) return key.substr(0, key.size() - end.size() + 1);
  return key;
}

// What a column tells a DBA: its priority, set by its table (CompareColumn::priority, column_priority) or from its
// role and unit (default_priority). Text that tells the rows apart (detail, 25) drops to 15 when it repeats on most
// rows, and a pair that says nothing in the rows shown to 10 (text_table). -1: never left out (the first column,
// and those of priority `always`: the row's name, identifiers, labels, the change and the assessment).
int drop_rank(const CompareTable& t, std::size_t i) {
  if (i == 0) return -1;
  const auto& c = t.columns[i];
  // A difference its table leaves automatic, beside a relative change: the second change column.
  if (c.priority == column_priority::automatic && c.kind == ColumnKind::delta &&
      std::any_of(t.columns.begin(), t.columns.end(), [](const CompareColumn& x) { return x.kind == ColumnKind::change_pct; }))
    return column_priority::second_change;
  const int p = default_priority(c);
  return p >= column_priority::always ? -1 : p;
}

// The number a change cell holds: a relative change in percent, or (`points`) a change in points ("-35.7 pts").
std::optional<double> change_value(const CompareCell& c, bool& points) {
  points = false;
  if (const auto* d = std::get_if<double>(&c)) return *d;
  if (const auto* p = std::get_if<Points>(&c)) {
    points = true;
    return p->value;
  }
  return std::nullopt;
}

// Which of `groups` (a base and a target column each) the table's change column was computed from: the pair
// whose relative change (or change in points) is the change shown on most rows. groups.size() when none.
template <class Group>
std::size_t change_basis(const CompareTable& t, std::size_t row_count, const std::vector<Group>& groups) {
  std::size_t change = t.columns.size();
  for (std::size_t i = 0; i < t.columns.size() && change == t.columns.size(); ++i)
    if (t.columns[i].kind == ColumnKind::change_pct) change = i;
  if (change == t.columns.size()) return groups.size();
  std::size_t best = groups.size(), best_hits = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].cols.size() != 2 || t.columns[groups[g].cols[0]].kind != ColumnKind::number) continue;
    std::size_t hits = 0;
    for (std::size_t ri = 0; ri < row_count && ri < t.rows.size(); ++ri) {
      const auto& cells = t.rows[ri].cells;
      if (std::max({change, groups[g].cols[0], groups[g].cols[1]}) >= cells.size()) continue;
      const auto* b = std::get_if<double>(&cells[groups[g].cols[0]]);
      const auto* x = std::get_if<double>(&cells[groups[g].cols[1]]);
      bool points = false;
      const auto v = change_value(cells[change], points);
      if (b == nullptr || x == nullptr || !v || (!points && *b == 0)) continue;
      const double computed = points ? *x - *b : (*x - *b) / std::fabs(*b) * 100;
      if (std::fabs(computed - *v) <= 0.1 + 0.01 * std::fabs(*v)) ++hits;
    }
    if (hits > best_hits) best = g, best_hits = hits;
  }
  return best;
}

// A header in at most `max_lines` lines of the least width (a word longer than that stays whole).
std::vector<std::string> header_lines(const std::string& header, std::size_t max_lines) {
  const std::size_t full = width(header);
  for (std::size_t w = 1; w < full; ++w) {
    auto lines = wrap(header, w, "", 0, false);
    if (lines.size() > max_lines) continue;
    bool fits = true;
    for (const auto& l : lines) fits = fits && width(l) <= w;
    if (fits) return lines;
  }
  return {header};
}

// `s` cut to `w` columns at its start ("…01/oradata/RECEIPT/users01.dbf").
std::string cut_start(const std::string& s, std::size_t w) {
  if (width(s) <= w) return s;
  if (w < 2) return ellipsize(s, w);
  return "…" + s.substr(suffix_start(s, w - 1));
}

// How a cell kept whole goes onto more lines when its column is narrower than the cell.
enum class Keep {
  pair,  ///< identifiers: an "old -> new" pair of sql_ids breaks after its arrow
  words,  ///< short words (a status, a unit): two lines, broken at the space that makes the narrower column
  value,  ///< a period's or a parameter's value (Base, Target): as many lines as it takes, at the column's width
};

Keep keep_of(const CompareColumn& c) {
  if (identifier_column(c)) return Keep::pair;
  return role_of(c) == ColumnRole::value ? Keep::value : Keep::words;
}

// A value in lines of at most `w` columns: broken at spaces; a word longer than a line after a '/', ',', ';', ')',
// '=' or ':' where it has one (a path keeps its directories and file name apart), else at the width.
std::vector<std::string> value_lines_at(const std::string& cell, std::size_t w) {
  struct Atom {
    std::string text;
    bool space = false;  // a space before it
  };
  std::vector<Atom> atoms;
  for (auto word : wrap(cell, 1, "", 0, false)) {
    bool space = true;
    while (width(word) > w) {
      std::size_t cut = prefix_bytes(word, w), at = cut;
      while (at > 0 && std::string_view("/,;)=:").find(word[at - 1]) == std::string_view::npos) --at;
      if (at > 0) cut = at;
      if (cut == 0) break;
      atoms.push_back({word.substr(0, cut), space});
      word = word.substr(cut);
      space = false;
    }
    if (!word.empty()) atoms.push_back({word, space});
  }
  std::vector<std::string> lines;
  std::string line;
  for (const auto& a : atoms) {
    const std::size_t add = (line.empty() ? 0 : a.space ? 1 : 0) + width(a.text);
    if (!line.empty() && width(line) + add > w) {
      lines.push_back(line);
      line.clear();
    }
    if (!line.empty() && a.space) line += ' ';
    line += a.text;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

// The same in as few lines, each as short as that allows (balanced: "14-Mar-25 14:00:03 -" over
// "14-Mar-25 14:10:03", not a date alone on the second line).
std::vector<std::string> value_lines(const std::string& cell, std::size_t w) {
  auto lines = value_lines_at(cell, w);
  if (lines.size() < 2) return lines;
  for (std::size_t narrower = w; narrower-- > 8;) {
    auto fewer = value_lines_at(cell, narrower);
    if (fewer.size() != lines.size()) break;
    lines = std::move(fewer);
  }
  return lines;
}

// A cell kept whole, in lines of at most `w` columns where it can. One line when it fits `w` (or `w` is 0).
std::vector<std::string> whole_lines(const std::string& cell, std::size_t w, Keep keep) {
  if (w == 0 || width(cell) <= w) return {cell};
  switch (keep) {
    case Keep::pair: {
      const auto arrow = cell.find(" -> ");
      if (arrow != std::string::npos) return {cell.substr(0, arrow + 3), "  " + cell.substr(arrow + 4)};
      return {cell};
    }
    case Keep::words:
      return header_lines(cell, 2);
    case Keep::value:
      return value_lines(cell, w);
  }
  return {cell};
}

std::size_t lines_width(const std::vector<std::string>& lines) {
  std::size_t x = 0;
  for (const auto& l : lines) x = std::max(x, width(l));
  return x;
}

// `s` cut to `w` columns in its middle, its start and end kept ("consistent gets exam…(fastpath)"): names that
// only differ at their end.
std::string cut_middle(const std::string& s, std::size_t w) {
  if (width(s) <= w) return s;
  if (w < 8) return ellipsize(s, w);
  const std::size_t tail = (w - 1) / 3;
  return s.substr(0, prefix_bytes(s, w - 1 - tail)) + "…" + s.substr(suffix_start(s, tail));
}

// The names of a column (distinct, sorted) cut to `w` columns: paths at their start (the file name tells them
// apart); other names at their end, or in their middle where their ends would read the same as another's
// ("redo synch time overhe…nt ( 2ms)", "…t ( 32ms)").
std::map<std::string, std::string> cut_names(const std::vector<std::string>& names, std::size_t w, bool paths) {
  std::map<std::string, std::string> cut;
  std::map<std::string, int> seen;
  for (const auto& n : names) ++seen[cut[n] = paths ? cut_start(n, w) : ellipsize(n, w)];
  if (!paths)
    for (const auto& n : names)
      if (seen[cut[n]] > 1) cut[n] = cut_middle(n, w);
  return cut;
}

bool distinct(const std::map<std::string, std::string>& cut) {
  std::vector<std::string> v;
  for (const auto& [name, c] : cut) v.push_back(c);
  std::sort(v.begin(), v.end());
  return std::adjacent_find(v.begin(), v.end()) == v.end();
}

// A table being fitted to the width: its rows' cells as text and what each column needs, then the layout the steps
// of table_body settle on (each column's width and header lines, which columns are shown, the space between them).
struct Fitting {
  explicit Fitting(const CompareTable& table) : t(table), n(table.columns.size()) {}
  const CompareTable& t;
  std::size_t n = 0;  // columns
  std::vector<Fit> fit;
  std::vector<Keep> keep;
  std::vector<std::vector<std::string>> rows;  // the rows shown, each cell on one line
  // Per column: the width of its widest cell, and for a column kept whole its least width on more lines (a value:
  // 20 columns); whether it says nothing (every cell empty or zero) and how many cells say something.
  std::vector<std::size_t> full_w, least_w;
  std::vector<bool> empty;
  std::vector<std::size_t> filled;
  std::vector<bool> path_column;  // a column of file paths, cut at its start
  std::vector<std::string> names;  // the rows' names (the first column when it is cut), sorted, once each
  bool paths_named = false;  // the names are file paths
  std::size_t name_distinct = 0;  // the least width that tells the names apart, at most 40
  // The layout.
  std::vector<std::vector<std::string>> headers;
  std::vector<std::size_t> w;
  std::vector<bool> shown;
  std::size_t sep = 2;

  std::size_t total() const {
    std::size_t sum = 0, k = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (shown[i]) sum += w[i], ++k;
    return sum + (k > 0 ? sep * (k - 1) : 0);
  }
};

// The first `row_count` rows of the table as text, and how wide each column is.
void read_cells(Fitting& f, std::size_t row_count) {
  const auto& t = f.t;
  const std::size_t n = f.n;
  f.fit.resize(n);
  for (std::size_t i = 0; i < n; ++i) f.fit[i] = fit_of(t.columns[i]);
  for (std::size_t ri = 0; ri < row_count && ri < t.rows.size(); ++ri) {
    const auto& r = t.rows[ri];
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < n; ++i) {
      cells.push_back(i < r.cells.size() ? cell_text(r.cells[i], t.columns[i]) : "");
      for (auto& ch : cells.back())  // a line break inside a cell would break the table
        if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    }
    f.rows.push_back(std::move(cells));
  }
  f.keep.assign(n, Keep::words);
  for (std::size_t i = 0; i < n; ++i) f.keep[i] = keep_of(t.columns[i]);
  f.full_w.assign(n, 0);
  f.least_w.assign(n, 0);
  f.empty.assign(n, true);
  f.filled.assign(n, 0);
  for (const auto& r : f.rows)
    for (std::size_t i = 0; i < n; ++i) {
      const auto& cell = r[i];
      f.full_w[i] = std::max(f.full_w[i], width(cell));
      if (f.fit[i] == Fit::whole)
        f.least_w[i] = std::max(f.least_w[i], f.keep[i] == Keep::value ? std::min<std::size_t>(width(cell), 20)
                                                                       : lines_width(whole_lines(cell, 1, f.keep[i])));
      if (!cell.empty() && cell != "-" && cell.find_first_not_of("0.,+-%") != std::string::npos) {
        f.empty[i] = false;
        ++f.filled[i];
      }
    }
}

// A column of file paths (File IO Stats: "/u01/oradata/DB/users01.dbf", "+DATA/DB/DATAFILE/...") is cut at its
// start: the file name tells the rows apart, the common directories do not. The row's names (the first column) are
// cut no further than they still tell the rows apart: at their end, or in their middle when they only differ at
// their end ("redo write worker delay (usec)" and "... count").
void read_names(Fitting& f) {
  const std::size_t n = f.n;
  f.path_column.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    if (f.fit[i] != Fit::cut) continue;
    bool any = false, all = true;
    for (const auto& r : f.rows) {
      if (r[i].empty() || r[i] == "-") continue;
      any = true;
      all = all && (r[i].front() == '/' || r[i].front() == '+' || (r[i].size() > 2 && r[i][1] == ':' && r[i][2] == '\\')) &&
            r[i].find(' ') == std::string::npos;
    }
    f.path_column[i] = any && all;
  }
  auto& names = f.names;
  if (n > 0 && f.fit[0] == Fit::cut)
    for (const auto& r : f.rows)
      if (!r[0].empty()) names.push_back(r[0]);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  f.paths_named = n > 0 && f.path_column[0];
  if (!names.empty()) {
    std::size_t longest = 0;
    for (const auto& name : names) longest = std::max(longest, width(name));
    f.name_distinct = std::min<std::size_t>(longest, 40);
    for (std::size_t x = 8; x < f.name_distinct; ++x)
      if (distinct(cut_names(names, x, f.paths_named))) {
        f.name_distinct = x;
        break;
      }
  }
}

// Columns left out together: a pair (base_X with target_X), its rank (drop_rank) and how many cells say something.
struct Group {
  std::vector<std::size_t> cols;
  int rank = 0;
  std::size_t filled = 0;  // cells with something to say
};

// The order columns are left out in: pairs (base_X with target_X), least telling first, the later first among
// equals. The most telling numbers (the first of the highest rank) always stay.
std::vector<Group> drop_order(const Fitting& f, std::size_t row_count) {
  const auto& t = f.t;
  const auto& rows = f.rows;
  const std::size_t n = f.n;
  std::vector<Group> groups;
  std::vector<std::string_view> keys;
  for (std::size_t i = 0; i < n; ++i) {
    const int rank = drop_rank(t, i);
    if (rank < 0) continue;
    const auto key = pair_key(t.columns[i].key);
    const auto at = std::find(keys.begin(), keys.end(), key);
    if (at == keys.end()) {
      keys.push_back(key);
      groups.push_back({{i}, rank, f.filled[i]});
    } else {
      auto& g = groups[static_cast<std::size_t>(at - keys.begin())];
      g.cols.push_back(i);
      g.rank = std::min(g.rank, rank);
      g.filled += f.filled[i];
    }
  }
  // A pair that says nothing in any shown row (empty or zero on both sides) goes before every other number.
  for (auto& g : groups)
    if (g.rank > column_priority::machine && std::all_of(g.cols.begin(), g.cols.end(), [&](std::size_t i) { return f.empty[i]; }))
      g.rank = 10;
  // Text that repeats on most rows (fewer distinct values than half the rows) tells less than a count.
  for (auto& g : groups) {
    const std::size_t i = g.cols.front();
    if (g.rank != column_priority::detail || rows.size() < 3) continue;
    std::vector<std::string> values;
    for (const auto& r : rows) values.push_back(r[i]);
    std::sort(values.begin(), values.end());
    if (static_cast<std::size_t>(std::unique(values.begin(), values.end()) - values.begin()) * 2 < rows.size())
      g.rank = column_priority::repeated_text;
  }
  // Among equals, the pair with more to say stays longer (Operating System Statistics: the values at the end
  // of the period fill most rows, the rates per second a few).
  std::size_t kept = groups.size();
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (t.columns[groups[g].cols.front()].kind != ColumnKind::text && groups[g].rank > 0 &&
        (kept == groups.size() || groups[g].rank > groups[kept].rank ||
         (groups[g].rank == groups[kept].rank && groups[g].filled > groups[kept].filled)))
      kept = g;
  // The pair the change column was computed from stays too: a change without its figures would not read.
  const std::size_t basis = change_basis(t, row_count, groups);
  // A change column no row ties to a pair (0% beside zeros, "-" beside blanks) belongs to the pair just before
  // it, as the comparison lays a table out: left out with it, never standing alone.
  if (basis == groups.size())
    for (std::size_t ch = 2; ch < n; ++ch) {
      if (t.columns[ch].kind != ColumnKind::change_pct) continue;
      for (auto& g : groups)
        if (g.cols.size() == 2 && g.cols[0] == ch - 2 && g.cols[1] == ch - 1 && t.columns[ch - 2].key.starts_with("base_") &&
            t.columns[ch - 1].key.starts_with("target_"))
          g.cols.push_back(ch);
      break;
    }
  for (std::size_t g = groups.size(); g-- > 0;)
    if (g == kept || g == basis) groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(g));
  std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if ((a.filled * 2 < b.filled) != (b.filled * 2 < a.filled)) return a.filled * 2 < b.filled;  // far emptier
    return a.cols.front() > b.cols.front();
  });
  return groups;
}

// One layout: headers in at most `header_rows` lines, cells kept whole on two lines or not, `sep` spaces
// between columns, the first `drops` groups left out, text cut down to its floor (`press` 0: comfortable,
// 1: the least that still reads well, 2: the last resort, names only just telling the rows apart).
struct Layout {
  std::size_t header_rows = 1;
  bool two_lines = false;  // cells kept whole may take more lines
  std::size_t sep = 2;
  std::size_t drops = 0;
  int press = 0;
};

// Lays the table out as `l` says in `max_width` columns (0: any): the columns' widths and headers; whether it fits.
bool lay_out(Fitting& f, const std::vector<Group>& groups, const Layout& l, std::size_t max_width) {
  const std::size_t n = f.n;
  auto& w = f.w;
  // The width a column kept whole needs at `v` columns: each cell on one line when it fits, else on two.
  auto whole_need = [&](std::size_t i, std::size_t v) {
    std::size_t x = 0;
    for (const auto& r : f.rows) x = std::max(x, lines_width(whole_lines(r[i], v, f.keep[i])));
    return x;
  };
  f.sep = l.sep;
  std::fill(f.shown.begin(), f.shown.end(), true);
  for (std::size_t g = 0; g < l.drops && g < groups.size(); ++g)
    for (auto i : groups[g].cols) f.shown[i] = false;
  std::vector<std::size_t> floor(n, 0), whole_floor(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& col = f.t.columns[i];
    f.headers[i] = l.header_rows == 1 ? std::vector<std::string>{col.header} : header_lines(col.header, l.header_rows);
    const std::size_t hw = lines_width(f.headers[i]);
    if (f.fit[i] == Fit::whole) {
      w[i] = std::max(hw, f.full_w[i]);
      floor[i] = w[i];
      whole_floor[i] = l.two_lines ? std::max(hw, f.least_w[i]) : w[i];
      continue;
    }
    w[i] = std::max(f.full_w[i], hw);
    if (f.fit[i] == Fit::number) {
      floor[i] = w[i];
      continue;
    }
    // Names keep 30 columns (20 when pressed, 8 at the last), and always enough to tell the rows apart;
    // other text 16 to 24 by its header (10 when pressed, 4 at the last).
    const std::size_t least = i == 0 ? std::max<std::size_t>(l.press == 0   ? 30
                                                             : l.press == 1 ? 20
                                                                            : 8,
                                                             f.name_distinct)
                                     : (l.press == 0   ? std::clamp<std::size_t>(hw, 16, 24)
                                        : l.press == 1 ? 10
                                                       : 4);
    floor[i] = std::max(std::min(least, w[i]), hw);
  }
  if (max_width == 0 || f.total() <= max_width) return true;
  if (l.header_rows == 1) return false;  // nothing is cut before headers take a second line
  // Text cut first, the widest column a character at a time, down to its floor; then cells kept whole go onto
  // two lines, the widest column first.
  while (f.total() > max_width) {
    std::size_t best = n;
    for (std::size_t i = 0; i < n; ++i)
      if (f.shown[i] && w[i] > floor[i] && (best == n || w[i] > w[best])) best = i;
    if (best == n) break;
    --w[best];
  }
  while (f.total() > max_width) {
    std::size_t best = n;
    for (std::size_t i = 0; i < n; ++i)
      if (f.shown[i] && f.fit[i] == Fit::whole && w[i] > whole_floor[i] && (best == n || w[i] > w[best])) best = i;
    if (best == n) return false;
    w[best] = std::max(whole_need(best, w[best] - 1), whole_floor[best]);
  }
  // Room a column kept whole gave back (its cells need less than the step it took): to the text cut most.
  while (f.total() < max_width) {
    std::size_t best = n;
    for (std::size_t i = 0; i < n; ++i)
      if (f.shown[i] && f.fit[i] == Fit::cut && w[i] < f.full_w[i] &&
          (best == n || f.full_w[i] - w[i] > f.full_w[best] - w[best]))
        best = i;
    if (best == n) break;
    ++w[best];
  }
  return true;
}

// Tries the layouts in turn and leaves the table laid out by the first that fits (the last when none does):
// whether it fits. Headers on one, two or three lines: the one that cuts the least text (the fewer lines among
// equals). Then: the columns for machines left out; one space between columns; cells kept whole on more lines; the
// least telling columns left out one group at a time; names cut further.
bool choose_layout(Fitting& f, const std::vector<Group>& groups, std::size_t max_width, bool last_resort) {
  f.headers.assign(f.n, {});
  f.w.assign(f.n, 0);
  f.shown.assign(f.n, true);
  f.sep = 2;
  std::size_t machine_groups = 0;
  while (machine_groups < groups.size() && groups[machine_groups].rank == column_priority::machine) ++machine_groups;
  std::vector<Layout> plan = {{1, false, 2, 0, 0}, {2, false, 2, 0, 0}, {3, false, 2, 0, 0}};
  if (machine_groups > 0) plan.push_back({3, false, 2, machine_groups, 0});
  plan.push_back({3, false, 1, machine_groups, 0});
  for (std::size_t d = machine_groups; d <= groups.size(); ++d) plan.push_back({3, true, 1, d, 0});
  plan.push_back({3, true, 1, groups.size(), 1});
  if (last_resort) plan.push_back({3, true, 1, groups.size(), 2});
  auto cut_off = [&] {
    std::size_t sum = 0;
    for (std::size_t i = 0; i < f.n; ++i)
      if (f.shown[i]) sum += f.full_w[i] - std::min(f.full_w[i], f.w[i]);
    return sum;
  };
  std::size_t best_rows = 0, best_cut = 0;
  for (std::size_t k = 0; k < 3; ++k)
    if (lay_out(f, groups, plan[k], max_width) && (best_rows == 0 || cut_off() < best_cut)) {
      best_rows = k + 1;
      best_cut = cut_off();
    }
  bool fits = best_rows > 0 && lay_out(f, groups, plan[best_rows - 1], max_width);
  for (std::size_t k = 3; k < plan.size() && !fits; ++k)
    fits =
        lay_out(f, groups, plan[k], max_width);  // the last layout stands when none fits: only numbers and identifiers are wider
  return fits;
}

// Writes the table as laid out: its headers (bottom-aligned), a rule, and its rows, each in one line or more.
void write_table(const Fitting& f, const RenderOptions& o, std::ostream& out) {
  const auto& t = f.t;
  const std::size_t n = f.n;
  const auto& w = f.w;
  const std::size_t a = assessment_column(t);
  std::vector<bool> tinted(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& col = t.columns[i];
    tinted[i] = i == a || role_of(col) == ColumnRole::change || col.tinted;
  }
  const auto name_cut = f.names.empty() ? std::map<std::string, std::string>{} : cut_names(f.names, w[0], f.paths_named);
  // A row in one line or more: each cell cut to its column or, kept whole, on more lines.
  auto emit = [&](const std::vector<std::string>& cells, const char* colour, bool fitted) {
    std::vector<std::vector<std::string>> parts(n);
    std::size_t height = 1;
    for (std::size_t i = 0; i < n; ++i) {
      if (!f.shown[i]) continue;
      const auto& cell = cells[i];
      if (!fitted || f.fit[i] == Fit::number) parts[i] = {cell};
      else if (f.fit[i] == Fit::whole) parts[i] = whole_lines(cell, w[i], f.keep[i]);
      else if (i == 0 && name_cut.count(cell) != 0) parts[i] = {name_cut.at(cell)};
      else parts[i] = {f.path_column[i] ? cut_start(cell, w[i]) : ellipsize(cell, w[i])};
      height = std::max(height, parts[i].size());
    }
    for (std::size_t k = 0; k < height; ++k) {
      std::string l;
      bool first = true;
      for (std::size_t i = 0; i < n; ++i) {
        if (!f.shown[i]) continue;
        if (!first) l += std::string(f.sep, ' ');
        first = false;
        const std::string cell = k < parts[i].size() ? parts[i][k] : "";
        l += paint(pad(cell, w[i], right_aligned(t.columns[i])), tinted[i] ? colour : nullptr, o.color);
      }
      while (!l.empty() && l.back() == ' ') l.pop_back();
      out << l << "\n";
    }
  };
  std::size_t header_rows = 1;
  for (std::size_t i = 0; i < n; ++i)
    if (f.shown[i]) header_rows = std::max(header_rows, f.headers[i].size());
  for (std::size_t k = 0; k < header_rows; ++k) {
    // Headers bottom-aligned: a header's first line stands on the top row only when it has as many lines.
    std::vector<std::string> row(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t skip = header_rows - f.headers[i].size();
      if (k >= skip) row[i] = f.headers[i][k - skip];
    }
    emit(row, nullptr, false);
  }
  std::vector<std::string> rule;
  for (auto x : w) rule.push_back(std::string(x, '-'));
  emit(rule, nullptr, false);
  for (const auto& r : f.rows) emit(r, a < n && a < r.size() ? colour_of(r[a]) : nullptr, true);
}

// Lays out a table's first `row_count` rows in the width and writes its header and rows; whether they fit.
// `dropped` gets the headers of the columns left out. `last_resort`: names may be cut to what just tells the
// rows apart.
bool table_body(const CompareTable& t, std::size_t row_count, const RenderOptions& o, std::ostream& out,
                std::vector<std::string>& dropped, bool last_resort) {
  Fitting f(t);
  read_cells(f, row_count);
  read_names(f);
  const std::vector<Group> groups = drop_order(f, row_count);
  const bool fits = choose_layout(f, groups, o.width, last_resort);
  for (std::size_t i = 0; i < f.n; ++i)
    if (!f.shown[i]) dropped.push_back(t.columns[i].header);
  write_table(f, o, out);
  return fits;
}

// The header a side's column has for both sides: "Base avg (ms)" / "Target avg (ms)" -> "avg (ms)".
std::string side_free(const std::string& header) {
  for (std::string_view side : {"Target ", "Base "})
    if (header.starts_with(side)) return header.substr(side.size());
  return header;
}

// The table with Base and Target on two lines each, for a table too wide for the width with one: each pair of
// columns (base_X, target_X) becomes one column, a column naming the side comes before the first pair, the
// columns before the pairs (the row's name) stand on the Base line and those after them (the change, the
// assessment) on the Target line. Empty when the table has no pair.
std::optional<CompareTable> stacked(const CompareTable& t, std::size_t row_count) {
  const std::size_t n = t.columns.size();
  std::vector<std::size_t> partner(n, n);  // base column -> its target column
  std::vector<bool> paired(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view k = t.columns[i].key;
    if (!k.starts_with("base_")) continue;
    for (std::size_t j = 0; j < n; ++j)
      if (t.columns[j].key == "target_" + std::string(k.substr(5))) {
        partner[i] = j;
        paired[i] = paired[j] = true;
      }
  }
  std::size_t first = n, last = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (paired[i]) first = std::min(first, i), last = std::max(last, i);
  if (first == n) return std::nullopt;
  CompareTable s;
  s.key = t.key;
  s.title = t.title;
  s.group = t.group;
  // Columns: those before the pairs, the side, each pair as one column (the target's key, the side-free header),
  // the rest.
  std::vector<std::pair<std::size_t, std::size_t>> source;  // (base or only column, target column or n)
  for (std::size_t i = 0; i < n; ++i) {
    if (i == first) {
      s.columns.push_back({"side", "", "", ColumnKind::text, 0, ColumnRole::label});
      source.push_back({n, n});
    }
    if (paired[i] && partner[i] == n) continue;  // a target column: with its base
    CompareColumn c = paired[i] ? t.columns[partner[i]] : t.columns[i];
    if (paired[i]) c.header = side_free(c.header);
    s.columns.push_back(c);
    source.push_back({i, paired[i] ? partner[i] : n});
  }
  for (std::size_t ri = 0; ri < row_count && ri < t.rows.size(); ++ri) {
    const auto& r = t.rows[ri];
    auto cell = [&](std::size_t i) { return i < r.cells.size() ? r.cells[i] : CompareCell(); };
    CompareRow base, target;
    for (const auto& [i, j] : source) {
      if (i == n) {  // the side
        base.cells.emplace_back(std::string("Base"));
        target.cells.emplace_back(std::string("Target"));
      } else if (j != n) {
        base.cells.push_back(cell(i));
        target.cells.push_back(cell(j));
      } else {
        base.cells.push_back(i < first ? cell(i) : CompareCell(std::string()));
        target.cells.push_back(i < first ? CompareCell(std::string()) : cell(i));
      }
    }
    s.rows.push_back(std::move(base));
    s.rows.push_back(std::move(target));
  }
  return s;
}

void text_table(const CompareTable& t, const RenderOptions& o, std::ostream& out) {
  auto wrapped = [&](const std::string& text, const std::string& first, std::size_t indent) {
    for (const auto& l : wrap(text, o.width, first, indent)) out << l << "\n";
  };
  out << "\n";
  const auto title = wrap(t.title, o.width, "", 0);
  for (const auto& l : title) out << paint(l, k_bold, o.color) << "\n";
  out << std::string(lines_width(title), '=') << "\n";
  std::ostringstream body;
  std::vector<std::string> dropped;
  bool two_sides = false;
  if (!table_body(t, text_row_count(t, o), o, body, dropped, false)) {
    // Too wide even with its names cut and the least telling numbers left out: Base and Target on two lines,
    // else names cut to what just tells the rows apart.
    body.str("");
    dropped.clear();
    if (const auto s = stacked(t, text_row_count(t, o))) {
      table_body(*s, s->rows.size(), o, body, dropped, true);
      two_sides = true;
    } else {
      table_body(t, text_row_count(t, o), o, body, dropped, true);
    }
  }
  out << body.str();
  if (t.rows.empty()) wrapped("(" + (t.empty_text.empty() ? std::string("none in the reports") : t.empty_text) + ")", "", 1);
  if (const auto more = rows_left_out(t, o); !more.empty()) wrapped(more, "", 2);
  for (const auto& note : t.notes) wrapped(note, "  ", 2);
  if (two_sides) wrapped(fmt::format("(Base and Target on two lines each to fit {} columns)", o.width), "  ", 2);
  if (!dropped.empty()) {
    std::string list;
    for (const auto& d : dropped) list += (list.empty() ? "" : ", ") + d;
    wrapped(fmt::format("(column{} {} left out to fit {} columns: --width 0 or -f json shows them)",
                        dropped.size() == 1 ? "" : "s", list, o.width),
            "  ", 2);
  }
}

// The lines of the headline, warnings and findings as text, each block wrapped at the width.
struct TextHead {
  std::vector<std::string> headline;
  std::vector<std::vector<std::string>> warnings;
  std::vector<std::vector<std::string>> titles;  // per finding
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
      if (at != std::string::npos) lines.front().replace(at, tag.size(), paint(tag, colour_of(to_string(f.direction)), true));
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
  if (o.summary)  // pasted alone into a ticket: which database, instance and periods
    if (const auto context = summary_context(c); !context.empty())
      for (const auto& l : wrap(context, o.width, "", 2)) {
        out << l << "\n";
        ++fixed;
      }
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
    if (t.group == TableGroup::sections && !group_shown) {  // the other report sections under their own heading
      group_shown = true;
      out << "\n" << paint("Other sections", k_bold, o.color) << "\n" << std::string(14, '#') << "\n";
      for (const auto& l : wrap(k_sections_note, o.width, "  ", 2)) out << l << "\n";
    }
    text_table(t, o, out);
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "\nDiagnostics\n===========\n";
    for (const auto& d : c.diagnostics)
      for (const auto& l : wrap(diagnostic_text(d), o.width, "", 2)) out << l << "\n";
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
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '<':
      case '|':
      case '~':
      case '$':
        r.push_back('\\');
        break;
      case '&':  // an entity (&amp;, &#124;) would be decoded
        if (i + 1 < s.size() && (std::isalnum(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '#')) r.push_back('\\');
        break;
      case '#':
      case '+':
      case '-':
      case '=':
      case '>':  // a heading, list item, setext underline or quote at the start
        if (block && r.find_first_not_of(' ') == std::string::npos) r.push_back('\\');
        break;
      default:
        break;
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
  if (o.width > 0 && cut_in_cells(col) && width(s) > 80) s = ellipsize(s, 80);
  s = md_escape(s, false);
  return s.empty() ? " " : s;
}

}  // namespace

void render_markdown(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  // The summary is pasted into a ticket comment: no page title, the headline in bold first.
  std::size_t fixed = 1;
  if (!o.summary) out << "# awrdiff\n\n";
  out << "**" << md_escape(c.headline) << "**\n";
  if (o.summary)
    if (const auto context = summary_context(c); !context.empty()) {
      out << "\n" << md_escape(context) << "\n";
      fixed += 2;
    }
  if (!c.warnings.empty()) {
    out << "\n";
    for (const auto& w : c.warnings) out << "- ⚠ " << md_escape(w) << "\n";
    fixed += 1 + c.warnings.size();
  }
  const SummaryPlan plan = ticket_plan(c, o.summary, fixed, k_summary_lines);
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
    if (t.group == TableGroup::sections && !group_shown) {
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
    for (const auto& d : c.diagnostics) out << "- " << md_escape(diagnostic_text(d)) << "\n";
  }
}

}  // namespace awrdiff::render_detail
