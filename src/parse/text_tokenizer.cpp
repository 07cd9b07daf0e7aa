// Text reports: fixed-width tables. Column positions come from the dashed rule under each header;
// header words are assigned to the column they overlap most, so headers written over two or three
// lines ("Total Wait" / "Time (sec)") join up. Section titles come from the catalog; a title repeated
// after a page break continues the section.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cctype>
#include <optional>

namespace awrdiff {
namespace {

struct Span {
  std::size_t start, end;  // [start, end)
};

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

// Dash segments of a rule line ("---- ------ ---"), or nothing if the line is not a rule. A leading
// run of '~' (Load Profile: "~~~~~~~   -------") is allowed.
std::optional<std::vector<Span>> rule_segments(std::string_view line) {
  std::vector<Span> segs;
  std::size_t dashes = 0;
  for (std::size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '-') {
      std::size_t j = i;
      while (j < line.size() && line[j] == '-') ++j;
      segs.push_back({i, j});
      dashes += j - i;
      i = j;
    } else if (c == ' ' || c == '~' || c == '\t') {
      ++i;
    } else {
      return std::nullopt;
    }
  }
  // A real table has a few dozen columns at most; hundreds of dash runs are not a header rule (and
  // would make matching header words to columns quadratic).
  if (segs.empty() || dashes < 3 || segs.size() > detail::k_max_columns) return std::nullopt;
  return segs;
}

bool is_tilde_line(std::string_view line) {
  auto t = trim(line);
  return t.size() >= 3 && t.front() == '~';
}

bool is_sql_id(std::string_view s) {
  if (s.size() != 13) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
  });
}

// "Load Profile                    Per Second ..." -> "Load Profile"; "Time Model Statistics  DB/Inst: ..." ->
// "Time Model Statistics".
std::string_view title_candidate(std::string_view line) {
  auto pos = line.find("  ");
  auto t = pos == std::string_view::npos ? line : line.substr(0, pos);
  return trim(t);
}

struct Word {
  std::size_t start, end;
  std::string_view text;
};

std::vector<Word> words_of(std::string_view line, std::size_t from = 0) {
  std::vector<Word> out;
  std::size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) out.push_back({i, j, line.substr(i, j - i)});
    i = j;
  }
  return out;
}

class TextTokenizer {
public:
  explicit TextTokenizer(std::string_view content) {
    // One cleaned copy of the text; lines are views into it (no allocation per line).
    // Form feeds mark page breaks; the repeated title that follows them continues the section.
    m_text.reserve(content.size());
    for (char c : content)
      if (c != '\f') m_text.push_back(c == '\t' ? ' ' : c);
    const std::string_view text(m_text);
    m_lines.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    std::size_t start = 0;
    while (start <= text.size()) {
      auto nl = text.find('\n', start);
      if (nl == std::string_view::npos) nl = text.size();
      m_lines.push_back(text.substr(start, nl - start));
      if (nl == text.size()) break;
      start = nl + 1;
    }
  }

  RawReport run() {
    RawReport out;
    out.format = ReportFormat::text;
    std::size_t i = 0;
    while (i < m_lines.size()) {
      const std::string_view line = m_lines[i];
      if (auto t = title_at(i)) {
        close_table(out);
        start_section(*t, i);
        ++i;
        continue;
      }
      auto segs = rule_segments(line);
      if (segs && is_terminator(i, *segs)) {
        close_table(out);
        m_in_section = false;
        ++i;
        continue;
      }
      if (segs && has_header_above(i)) {
        close_table(out);
        begin_table(i, *segs);
        ++i;
        continue;
      }
      if (m_table) add_row_line(i, out);
      ++i;
    }
    close_table(out);
    return out;
  }

private:
  struct Title {
    std::string text;
    const SectionSpec* spec;
  };

  // A title line: a known section title, or an unknown one followed by "~~~~" or carrying "DB/Inst:".
  std::optional<Title> title_at(std::size_t i) const {
    const std::string_view line = m_lines[i];
    if (line.empty() || line[0] == ' ' || line[0] == '-' || line[0] == '~') return std::nullopt;
    if (line.rfind("->", 0) == 0) return std::nullopt;
    auto cand = title_candidate(line);
    const bool db_inst = line.find("DB/Inst") != std::string::npos;
    const bool underlined = i + 1 < m_lines.size() && m_lines[i + 1].find("~~~") != std::string::npos;
    // The whole line is a title; or its first words are, when "DB/Inst: ..." or a "~~~" underline
    // follows (a header line such as "Wait Class   Waits ..." is not a title).
    const SectionSpec* spec = find_section_by_title(line);
    if (spec == nullptr && (db_inst || underlined)) spec = find_section_by_title(cand);
    // A known title inside a SQL record's text is not a title: titles are followed by notes, a
    // "~~~" underline, a blank line or a header, never by more of the same record.
    if (spec != nullptr) return Title{std::string(cand), spec};
    if (db_inst || (underlined && is_tilde_line(m_lines[i + 1]))) {
      std::string text(cand);
      if (auto pos = text.find("DB/Inst:"); pos != std::string::npos) text = std::string(trim(text.substr(0, pos)));
      return Title{text, nullptr};
    }
    return std::nullopt;
  }

  void start_section(const Title& t, std::size_t i) {
    const bool same = m_in_section && t.text == m_section_title;
    m_continuing = same;  // a page break repeats the title: the next table continues this one
    m_section_title = t.text;
    m_section_spec = t.spec;
    m_section_line = i;
    m_in_section = true;
    m_title_line = i;
  }

  // A lone indented rule after rows closes the section ("          ------------------------------").
  // A lone indented rule with another rule a few lines below is part of a spanning header.
  bool is_terminator(std::size_t i, const std::vector<Span>& segs) const {
    if (segs.size() != 1 || segs[0].start < 4) return false;
    for (std::size_t k = i + 1; k < m_lines.size() && k <= i + 4; ++k) {
      if (is_blank(m_lines[k])) break;
      if (rule_segments(m_lines[k])) return false;
    }
    return true;
  }

  bool usable_header_line(std::size_t k) const {
    const std::string_view l = m_lines[k];
    if (is_blank(l)) return false;
    if (trim(l).rfind("->", 0) == 0) return false;
    return true;
  }

  bool has_header_above(std::size_t i) const {
    if (i == 0) return false;
    if (m_lines[i].find('~') != std::string::npos) return true;  // Load Profile: headers on the title line
    return usable_header_line(i - 1);
  }

  void begin_table(std::size_t rule, const std::vector<Span>& segs) {
    m_segs = segs;
    // Header lines: the non-blank lines right above the rule (at most 4), down from the title.
    std::vector<std::pair<std::string_view, std::size_t>> header_lines;  // text, first usable column
    const bool tilde_rule = m_lines[rule].find('~') != std::string::npos;
    if (tilde_rule && rule > 0) {
      // "Load Profile        Per Second  Per Transaction": skip the title part of the line above.
      std::string_view l = m_lines[rule - 1];
      auto t = title_candidate(l);
      header_lines.push_back({l, t.size()});
    } else {
      std::size_t k = rule;
      while (k > 0 && header_lines.size() < 4) {
        --k;
        if (!usable_header_line(k)) break;
        if (is_tilde_line(m_lines[k])) {  // "~~~~~~~~~~~~~      Begin     End": header words after the tildes
          const auto& l = m_lines[k];
          header_lines.insert(header_lines.begin(), {l, l.find_first_not_of("~ ")});
          break;
        }
        if (k == m_title_line && m_in_section) {
          auto t = title_candidate(m_lines[k]);
          header_lines.insert(header_lines.begin(), {m_lines[k], t.size()});
          break;
        }
        if (rule_segments(m_lines[k])) continue;  // spanning header rule
        header_lines.insert(header_lines.begin(), {m_lines[k], 0});
      }
    }
    const bool label_col = m_segs.front().start >= 2;
    const std::size_t ncols = m_segs.size() + (label_col ? 1 : 0);
    std::vector<std::string> headers(ncols);
    for (const auto& [text, from] : header_lines) {
      for (const Word& w : words_of(text, from)) {
        std::size_t best = 0, best_overlap = 0, best_dist = SIZE_MAX;
        for (std::size_t c = 0; c < ncols; ++c) {
          Span s = column_span(c, label_col);
          std::size_t lo = std::max(w.start, s.start), hi = std::min(w.end, s.end);
          std::size_t ov = hi > lo ? hi - lo : 0;
          std::size_t dist = ov > 0 ? 0 : (w.end <= s.start ? s.start - w.end : w.start - s.end);
          if (ov > best_overlap || (best_overlap == 0 && ov == 0 && dist < best_dist)) {
            best = c;
            best_overlap = ov;
            best_dist = dist;
          }
        }
        if (!headers[best].empty()) headers[best] += ' ';
        headers[best] += w.text;
      }
    }
    RawTable t;
    t.title = m_in_section ? m_section_title : "";
    t.headers = std::move(headers);
    t.line = static_cast<int>((m_in_section ? m_section_line : rule) + 1);
    m_label_col = label_col;
    detail::classify(t);
    m_table = std::move(t);
    m_table_layout = m_in_section && m_section_spec != nullptr ? m_section_spec->layout : TextLayout::table;
    if (!m_in_section) m_table_layout = TextLayout::header;
  }

  Span column_span(std::size_t c, bool label_col) const {
    if (label_col) {
      if (c == 0) return {0, m_segs.front().start};
      --c;
    }
    return m_segs[c];
  }

  std::vector<std::string> slice(std::string_view line) const {
    std::vector<std::string> cells;
    // A UTF-8 character belongs to the cell its first byte falls in: never cut one in two.
    auto continuation = [&](std::size_t i) {
      return i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80;
    };
    auto cut = [&](std::size_t from, std::size_t to) {
      while (continuation(from)) ++from;
      while (continuation(to)) ++to;
      if (from >= line.size() || from >= to) return std::string();
      return std::string(trim(line.substr(from, std::min(to, line.size()) - from)));
    };
    if (m_label_col) cells.push_back(cut(0, m_segs.front().start));
    for (std::size_t c = 0; c < m_segs.size(); ++c) {
      const std::size_t from = m_segs[c].start;
      const std::size_t to = c + 1 < m_segs.size() ? m_segs[c + 1].start : std::string::npos;
      cells.push_back(cut(from, to));
    }
    return cells;
  }

  // Oracle prints some rows without the width of a blank column (Host CPU with no Sockets value), so
  // figures straddle the rule's columns. When a sliced cell holds two numbers, re-read the row as
  // whitespace-separated numbers aligned to the right-most columns.
  void realign_numeric_row(std::string_view line, std::vector<std::string>& cells) const {
    const bool straddles = std::any_of(cells.begin(), cells.end(), [](const std::string& c) {
      auto gap = c.find("  ");
      return gap != std::string::npos && c.find_first_not_of(' ', gap) != std::string::npos &&
             parse_cell(c, Unit::count).status == CellStatus::invalid;
    });
    if (!straddles) return;
    std::vector<std::string> tokens;
    for (const Word& w : words_of(line)) {
      if (parse_cell(w.text, Unit::count).status != CellStatus::ok) return;  // text in the row: leave it
      tokens.emplace_back(w.text);
    }
    if (tokens.size() > cells.size()) return;
    std::vector<std::string> out(cells.size());
    std::copy(tokens.begin(), tokens.end(), out.end() - static_cast<std::ptrdiff_t>(tokens.size()));
    cells = std::move(out);
  }

  void add_row_line(std::size_t i, RawReport& out) {
    const std::string_view line = m_lines[i];
    if (is_blank(line)) {
      if (m_table_layout == TextLayout::table || m_table_layout == TextLayout::header) {
        if (!m_table->rows.empty()) close_table(out);
      }
      return;
    }
    if (m_table_layout == TextLayout::sql_records) {
      auto cells = slice(line);
      const int id_col = m_table->column_index(ColumnId::sql_id);
      // A figures line: a sql_id in its column and a number (or N/A) in the first figure column;
      // SQL text that happens to hold 13 lower-case characters at that position is not one.
      bool figures = id_col >= 0 && static_cast<std::size_t>(id_col) < cells.size() && is_sql_id(cells[id_col]);
      if (figures && m_table->section != SectionId::sql_text) {
        const std::size_t first = m_label_col ? 1 : 0;
        const auto status = first < cells.size() ? parse_cell(cells[first], Unit::count).status : CellStatus::blank;
        figures = status == CellStatus::ok || status == CellStatus::not_applicable;
      }
      if (figures) {
        RawRow r;
        r.cells = std::move(cells);
        r.raw = line;
        r.line = static_cast<int>(i + 1);
        m_table->rows.push_back(std::move(r));
      } else if (!m_table->rows.empty()) {
        m_table->rows.back().continuation.emplace_back(line);
      } else if (m_continuing && !out.tables.empty() && out.tables.back().title == m_table->title &&
                 !out.tables.back().rows.empty()) {
        out.tables.back().rows.back().continuation.emplace_back(line);  // record cut by a page break
      }
      return;
    }
    RawRow r;
    r.cells = slice(line);
    realign_numeric_row(line, r.cells);
    r.raw = line;
    r.line = static_cast<int>(i + 1);
    m_table->rows.push_back(std::move(r));
  }

  void close_table(RawReport& out) {
    if (!m_table) return;
    RawTable t = std::move(*m_table);
    m_table.reset();
    // A page break repeats the title and header: append to the table it continues.
    if (m_continuing && !out.tables.empty() && out.tables.back().title == t.title &&
        out.tables.back().headers == t.headers) {
      auto& prev = out.tables.back();
      for (auto& r : t.rows) prev.rows.push_back(std::move(r));
      return;
    }
    if (t.rows.empty() && t.headers.empty()) return;
    if (!detail::room_for_table(out)) return;
    out.tables.push_back(std::move(t));
  }

  std::string m_text;                  // the content, tabs as spaces, form feeds removed
  std::vector<std::string_view> m_lines;  // views into m_text
  std::optional<RawTable> m_table;
  std::vector<Span> m_segs;
  bool m_label_col = false;
  TextLayout m_table_layout = TextLayout::table;
  bool m_in_section = false;
  bool m_continuing = false;
  std::string m_section_title;
  const SectionSpec* m_section_spec = nullptr;
  std::size_t m_section_line = 0;
  std::size_t m_title_line = SIZE_MAX;
};

}  // namespace

RawReport tokenize_text(std::string_view content) { return TextTokenizer(content).run(); }

}  // namespace awrdiff
