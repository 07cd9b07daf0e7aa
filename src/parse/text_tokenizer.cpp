// Text reports: fixed-width tables. Column positions come from the dashed rule under each header;
// header words are assigned to the column they overlap most, so headers written over two or three
// lines ("Total Wait" / "Time (sec)") join up. Section titles come from the catalog; a title repeated
// after a page break continues the section.
#include "parse/text_lines.hpp"
#include "parse/tokenizer_common.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <bit>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
#include <iterator>
#include <memory>
#include <optional>

namespace awrdiff {
namespace {

// The bytes an appendix's title may start with (the first letter of each title of a section marked text_appendix,
// either case), from the catalog.
const std::array<bool, 256>& appendix_heads() {
  static const std::array<bool, 256> k_heads = [] {
    std::array<bool, 256> t{};
    for (const auto& spec : all_sections())
      if ((spec.text_quirks & text_appendix) != 0)
        for (const auto title : spec.titles)
          if (!title.empty()) {
            const auto c = static_cast<unsigned char>(title.front());
            t[c] = true;
            t[static_cast<unsigned char>(std::tolower(c))] = true;
            t[static_cast<unsigned char>(std::toupper(c))] = true;
          }
    return t;
  }();
  return k_heads;
}

using namespace detail::text_lines;  // text_lines.hpp

class TextTokenizer {
public:
  explicit TextTokenizer(std::string_view content) : m_lines(content) {}

  RawReport run() {
    RawReport out;
    out.format = ReportFormat::text;
    std::size_t i = 0;
    while (i < m_lines.size()) {
      const std::string_view line = m_lines[i];
      if (auto t = title_at(i)) {
        close_table(out);
        start_section(*t, i);
        if (t->spec != nullptr && (t->spec->layout == TextLayout::key_values || t->spec->layout == TextLayout::label_pairs))
          begin_key_values(i);
        ++i;
        continue;
      }
      auto segs = rule_segments(line);
      if (segs && line.find('~') == std::string::npos && rule_below(i)) {
        // A rule with another rule a few header lines below is not a table of its own: indented, it
        // underlines a group label ("% of Waits" over the histogram buckets); at the margin, it
        // underlines the name header of two-line records ("Tablespace", "Service Name", "Enqueue
        // Type (Request Reason)"), whose figures come on the next line under the second rule.
        if (segs->front().start < 2 && has_header_above(i)) {
          close_table(out);
          m_name_rule = i;
          m_name_segs = *segs;
        }
        ++i;
        continue;
      }
      if (segs && m_in_section && i == m_title_line + 1 && segs->size() == 1 && line.find('~') == std::string::npos &&
          m_lines[i - 1].find("  ", trim_cell(m_lines[i - 1]).empty() ? 0 : m_lines[i - 1].find_first_not_of(' ')) ==
              std::string::npos) {  // a lone title's dashed underline
        ++i;
        continue;
      }
      if (segs && is_terminator(i, *segs)) {
        close_table(out);
        // The ADDM report appended to a text AWR report runs to the end of the file; its headings
        // are underlined with indented rules.
        if (m_section_spec == nullptr || (m_section_spec->text_quirks & text_appendix) == 0) m_in_section = false;
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
    say_not_kept(out);
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
    if (!line.empty() && line[0] == ' ') {
      // An appendix's title is indented (TextQuirk text_appendix: the ADDM report after a text AWR report,
      // "          ADDM Report for Task 'ADDM:...'"); no other title is. Most indented lines start with a byte
      // no appendix title starts with (unless other white space or a no-break space comes first, which
      // trim_cell skips too).
      if (const std::size_t first = skip_spaces(line); first < line.size()) {
        const auto c = static_cast<unsigned char>(line[first]);
        if (!is_space(c) && c != 0xC2 && !appendix_heads()[c]) return std::nullopt;
      }
      const auto t = trim_cell(line);
      if (const SectionSpec* spec = t.empty() ? nullptr : find_section_by_title(t);
          spec != nullptr && (spec->text_quirks & text_appendix) != 0)
        return Title{std::string(t), spec};
      return std::nullopt;
    }
    if (line.empty() || line[0] == '-' || line[0] == '~') return std::nullopt;
    if (line.rfind("->", 0) == 0) return std::nullopt;
    const bool db_inst = line.find("DB/Inst") != std::string::npos;
    const bool underlined = i + 1 < m_lines.size() && m_lines[i + 1].find("~~~") != std::string::npos;
    // Most lines start no catalog title (nor does their first words' part): the catalog is asked
    // only about the others.
    const bool known = detail::may_name_section(line);
    if (!known && !db_inst && !underlined) return std::nullopt;
    auto cand = title_candidate(line);
    // The whole line is a title; or its first words are, when "DB/Inst: ..." or a "~~~" underline
    // follows (a header line such as "Wait Class   Waits ..." is not a title).
    const SectionSpec* spec = known ? find_section_by_title(line) : nullptr;
    if (spec == nullptr && known && (db_inst || underlined)) spec = find_section_by_title(cand);
    // A known title inside a SQL record's text is not a title: titles are followed by notes, a
    // "~~~" underline, a blank line or a header, never by more of the same record.
    if (spec != nullptr) {
      std::string text(cand);  // "...(64 msec to 2 sec)DB/Inst: ORCL/orcl1": no space before DB/Inst
      if (auto pos = text.find("DB/Inst"); pos != std::string::npos) text = std::string(trim_cell(text.substr(0, pos)));
      return Title{text, spec};
    }
    if (db_inst || (underlined && is_tilde_line(m_lines[i + 1]))) {
      std::string text(cand);
      if (auto pos = text.find("DB/Inst:"); pos != std::string::npos) text = std::string(trim_cell(text.substr(0, pos)));
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
      if (title_at(k)) break;  // the next section starts right under the rule (Statspack)
      if (rule_segments(m_lines[k])) return false;
    }
    return true;
  }

  // Another dashed rule of several columns within the next four lines, before any blank line.
  bool rule_below(std::size_t i) const {
    for (std::size_t k = i + 1; k < m_lines.size() && k <= i + 4; ++k) {
      if (is_blank(m_lines[k])) return false;
      if (trim_cell(m_lines[k]).rfind("->", 0) == 0) return false;
      // The header rule below has several columns; a lone rule there ends a short table instead.
      if (auto segs = rule_segments(m_lines[k]); segs && segs->size() >= 2 && m_lines[k].find('~') == std::string::npos)
        return true;
    }
    return false;
  }

  bool usable_header_line(std::size_t k) const {
    const std::string_view l = m_lines[k];
    if (is_blank(l)) return false;
    if (trim_cell(l).rfind("->", 0) == 0) return false;
    return true;
  }

  bool has_header_above(std::size_t i) const {
    if (i == 0) return false;
    if (m_lines[i].find('~') != std::string::npos) return true;  // Load Profile: headers on the title line
    return usable_header_line(i - 1);
  }

  /// begin_table's step: the header lines above the rule (text, first usable column), top down.
  std::vector<std::pair<std::string_view, std::size_t>> header_lines_above(std::size_t rule, bool tilde_rule) const {
    std::vector<std::pair<std::string_view, std::size_t>> header_lines;  // text, first usable column
    // Header lines: the non-blank lines right above the rule (at most 4), down from the title.
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
          // Statspack / 10g Top 5: "Top 5 Timed Events      Avg %Total" above "~~~~~~   wait   Call":
          // the title line carries the first header line after the title.
          if (k > 0 && k - 1 == m_title_line && m_in_section) {
            auto t = title_candidate(m_lines[k - 1]);
            // ("Host CPU  (CPUs: 4  Cores: 0  Sockets: 0)" carries figures, not header words.)
            if (m_lines[k - 1].find(':', t.size()) == std::string::npos)
              header_lines.insert(header_lines.begin(), {m_lines[k - 1], t.size()});
          }
          break;
        }
        if (k == m_title_line && m_in_section) {
          auto t = title_candidate(m_lines[k]);
          header_lines.insert(header_lines.begin(), {m_lines[k], t.size()});
          break;
        }
        if (rule_segments(m_lines[k])) break;  // group label or name header above: not this table's header
        header_lines.insert(header_lines.begin(), {m_lines[k], 0});
      }
    }
    return header_lines;
  }

  /// begin_table's step: each header word joins the column it overlaps most (or lies nearest).
  void assign_header_words(const std::vector<std::pair<std::string_view, std::size_t>>& header_lines,
                           std::vector<std::string>& headers, std::size_t ncols, bool label_col) const {
    for (const auto& [text, from] : header_lines) {
      for_each_word(text, from, [&](const Word& w) {
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
          // The columns are disjoint and left to right: those after one starting past the word
          // overlap it no more and lie farther from it.
          if (s.start >= w.end) break;
        }
        if (!headers[best].empty()) headers[best] += ' ';
        headers[best] += w.text;
      });
    }
  }

  /// begin_table's step (two-line records): the name header's column names, from the lines above the name rule.
  std::vector<std::string> name_headers_above() const {
    // Name header: the lines above the name rule, sliced by the name rule's segments.
    std::vector<std::string> names(m_name_segs.size());
    std::size_t first = m_name_rule;
    while (first > 0 && m_name_rule - first < 3 && usable_header_line(first - 1) && first - 1 != m_title_line &&
           !rule_segments(m_lines[first - 1]))
      --first;
    for (std::size_t k = first; k < m_name_rule; ++k) {
      for_each_word(m_lines[k], 0, [&](const Word& w) {
        std::size_t best = 0;
        for (std::size_t c = 0; c < m_name_segs.size(); ++c)
          if (w.end > m_name_segs[c].start) best = c;
        if (!names[best].empty()) names[best] += ' ';
        names[best] += w.text;
      });
    }
    return names;
  }

  void begin_table(std::size_t rule, const std::vector<Span>& segs) {
    flush_continuation();
    m_segs = segs;
    const bool tilde_rule = m_lines[rule].find('~') != std::string::npos;
    auto header_lines = header_lines_above(rule, tilde_rule);
    // Two-line records: the name header's rule lies just above this header.
    m_two_level = false;
    if (m_name_rule != SIZE_MAX && m_name_rule < rule && rule - m_name_rule <= 5) {
      m_two_level = true;
    } else {
      m_name_rule = SIZE_MAX;
    }
    const bool label_col = m_segs.front().start >= 2;
    const std::size_t ncols = m_segs.size() + (label_col ? 1 : 0);
    std::vector<std::string> headers(ncols);
    // Statspack header tables ("Database    DB Id ..." over "~~~~~~~~ -----------"): the words over
    // the tildes name a column, and the header may be wrapped over two lines. Read the column names
    // in reading order when they account for every column.
    if (tilde_rule && m_lines[rule].front() == '~' && (!m_in_section || m_section_spec == nullptr)) {
      if (auto names = header_in_reading_order(rule, ncols, label_col)) {
        headers = std::move(*names);
        header_lines.clear();
      }
    }
    assign_header_words(header_lines, headers, ncols, label_col);
    m_name_headers.clear();
    if (m_two_level) {
      const auto names = name_headers_above();
      m_name_headers = names;
      headers.insert(headers.begin(), names.begin(), names.end());
      m_pending_name.clear();
    }
    RawTable t;
    t.title = m_in_section ? m_section_title : "";
    // An indented title on the header line names the table (" Shared Pool Statistics   Begin   End",
    // printed after Instance Efficiency Percentages without a title line of its own).
    if (!m_in_section && !header_lines.empty() && header_lines.front().second == 0)
      if (auto cand = title_candidate(trim_cell(header_lines.front().first));
          detail::may_name_section(cand) && find_section_by_title(cand) != nullptr) {
        t.title = std::string(cand);
        if (label_col && !headers.empty() && headers.front() == t.title) headers.front().clear();
      }
    t.headers = std::move(headers);
    t.line = static_cast<int>((m_in_section ? m_section_line : rule) + 1);
    m_label_col = label_col;
    set_cuts();
    detail::classify(t);
    // Room for the rows: about one a line down to the next blank line.
    std::size_t rows = 0;
    for (std::size_t k = rule + 1; k < m_lines.size() && rows < 4096 && !is_blank(m_lines[k]); ++k) ++rows;
    t.rows.reserve(rows);
    const SectionId section = m_table.emplace(std::move(t)).section;
    m_keep_raw = keeps_raw_lines(section);
    m_table_quirks = section_spec(section).text_quirks;
    // The columns a SQL list's lines are told by (add_row_line), looked up once per table.
    m_sql_id_col = detail::statement_key_column(*m_table, StatementKey::sql_id);
    m_hash_col = detail::statement_key_column(*m_table, StatementKey::hash_preferred);
    if (m_hash_col < 0) m_hash_col = detail::statement_key_column(*m_table, StatementKey::hash);
    m_folded = true;
    m_table_layout = m_in_section && m_section_spec != nullptr ? m_section_spec->layout : TextLayout::table;
    if (!m_in_section) m_table_layout = TextLayout::header;
  }

  // Column names of a Statspack header table in reading order: the line above the rule, preceded by
  // the line before it when the header wrapped ("Host   Name   Platform   CPUs" / "Cores Sockets
  // Memory (G)"). Adjacent words join into one name when the catalog knows the joined name. Empty
  // unless the names fill every column (or every column but a blank label column).
  std::optional<std::vector<std::string>> header_in_reading_order(std::size_t rule, std::size_t ncols, bool label_col) const {
    if (rule == 0) return std::nullopt;
    std::vector<std::string_view> words;
    if (rule >= 2 && !is_blank(m_lines[rule - 2]) && !is_blank(m_lines[rule - 1]) && m_lines[rule - 2].front() != ' ' &&
        m_lines[rule - 1].front() != ' ' && !rule_segments(m_lines[rule - 2]) && (rule < 3 || is_blank(m_lines[rule - 3])))
      for_each_word(m_lines[rule - 2], 0, [&](const Word& w) { words.push_back(w.text); });
    for_each_word(m_lines[rule - 1], 0, [&](const Word& w) { words.push_back(w.text); });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < words.size();) {
      std::size_t take = 1;
      for (std::size_t n = std::min<std::size_t>(4, words.size() - i); n >= 2; --n) {
        std::string joined(words[i]);
        for (std::size_t k = 1; k < n; ++k) joined += ' ' + std::string(words[i + k]);
        if (find_column(joined) != ColumnId::unknown) {
          take = n;
          break;
        }
      }
      std::string name(words[i]);
      for (std::size_t k = 1; k < take; ++k) name += ' ' + std::string(words[i + k]);
      names.push_back(std::move(name));
      i += take;
    }
    if (names.size() == ncols) return names;
    if (label_col && names.size() + 1 == ncols) {
      names.insert(names.begin(), std::string());
      return names;
    }
    return std::nullopt;
  }

  Span column_span(std::size_t c, bool label_col) const {
    if (label_col) {
      if (c == 0) return {0, m_segs.front().start};
      --c;
    }
    return m_segs[c];
  }

  std::size_t cell_count() const { return m_cuts.size(); }

  // Where the cells of the current table's rows are cut (the label column first when there is one,
  // then one cell from each rule segment's start to the next's), set once per table.
  void set_cuts() {
    m_cuts.clear();
    m_cuts.reserve(m_segs.size() + 1);
    if (m_label_col) m_cuts.push_back({0, m_segs.front().start});
    for (std::size_t c = 0; c < m_segs.size(); ++c)
      m_cuts.push_back({m_segs[c].start, c + 1 < m_segs.size() ? m_segs[c + 1].start : std::string::npos});
  }

  // Cell `c` of a table row (the label column first when there is one): the line cut at the rule's
  // column starts, trimmed.
  std::string_view cell_view(std::string_view line, std::size_t c) const { return cell_of(line, c).text; }

  struct Cell {
    std::string_view text;  // trimmed
    bool folded;  // detail::is_folded(text)
  };

  // cell_view's cell, and whether it needs no folding. A cell of at most 32 bytes (nearly all of them)
  // is trimmed and checked with one or two 16-byte loads: the line is followed by at least k_padding
  // bytes of its buffer (see LineIndex), so the loads stay inside it; the bytes past the cell are masked
  // off.
  Cell cell_of(std::string_view line, std::size_t c) const {
    std::size_t from = m_cuts[c].start, to = m_cuts[c].end;
    const std::size_t n = line.size();
    if (from >= n) return {{}, true};
    if (to >= n) to = n;
      // A UTF-8 character belongs to the cell its first byte falls in: never cut one in two. (The cuts
      // move only at a continuation byte, 0x80..0xBF: when neither the cell's first byte nor the one
      // after it has its high bit set, nothing moves.)
#if defined(__SSE2__)
    if (to - from <= 32) {
      // One 16-byte load, or two for a cell of 17 to 32 bytes (then from + 16 < to <= the text's end,
      // and the second load ends within the padding too).
      const char* const p = line.data() + from;
      const std::size_t len = to - from;
      const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i x1 = len > 16 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)) : _mm_setzero_si128();
      auto mask = [&](auto&& test) {
        return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(test(x0)))) |
               static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(test(x1)))) << 16;
      };
      if ((_mm_movemask_epi8(x0) & 1) == 0 && (to == n || static_cast<unsigned char>(line[to]) < 0x80)) {
        const std::uint64_t in_cell = (std::uint64_t{1} << len) - 1u;
        const std::uint64_t spaces = mask([](__m128i x) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(' ')); }) & in_cell;
        const std::uint64_t others = ~spaces & in_cell;
        if (others == 0) return {{}, true};
        const auto first = static_cast<unsigned>(std::countr_zero(others));
        const auto last = 63u - static_cast<unsigned>(std::countl_zero(others));
        const std::string_view t(p + first, last + 1 - first);
        // Other white space (\t..\r), 0xC2 (of a no-break space) or '&' anywhere in the cell: the
        // general path. Else trim_cell would stop at the same bytes, and the cell needs no folding
        // unless two spaces inside it are side by side (is_folded's other cases need one of those bytes).
        const std::uint64_t odd = mask([](__m128i x) {
          const __m128i ctl = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(8)), _mm_cmplt_epi8(x, _mm_set1_epi8(14)));
          return _mm_or_si128(_mm_or_si128(ctl, _mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(0xC2)))),
                              _mm_cmpeq_epi8(x, _mm_set1_epi8('&')));
        });
        if ((odd & in_cell) == 0) {
          const std::uint64_t inside =
              ((std::uint64_t{1} << last) - 1u) & ~((std::uint64_t{1} << first) - 1u);  // first .. last - 1
          return {t, (spaces & (spaces >> 1) & inside) == 0};
        }
      }
    }
#endif
    auto continuation = [&](std::size_t i) { return i < n && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80; };
    while (continuation(from)) ++from;
    while (continuation(to)) ++to;
    if (from >= to) return {{}, true};
    const std::string_view t = trim_cell(std::string_view(line.data() + from, to - from));
    return {t, detail::is_folded(t)};
  }

  // The cells of a row, appended to `cells` (empty); `folded`: whether every cell needs no folding
  // (detail::is_folded).
  void slice(std::string_view line, std::vector<std::string>& cells, bool& folded) const {
    const std::size_t n = cell_count();
    cells.reserve(n);
    folded = true;
    for (std::size_t c = 0; c < n; ++c) {
      const Cell cell = cell_of(line, c);
      folded = folded && cell.folded;
      cells.emplace_back(cell.text);
    }
  }

  // A new row of m_table, stored in place (no RawRow moved in), with its line number and, where the
  // table keeps them, its line.
  RawRow& new_row(std::string_view line, std::size_t i) {
    flush_continuation();  // (m_table->rows may move)
    if (table_full()) {  // read into a spare row, not kept
      m_spare = RawRow{};
      return m_spare;
    }
    RawRow& r = m_table->rows.emplace_back();
    if (m_keep_raw) r.raw = line;
    r.line = static_cast<int>(i + 1);
    return r;
  }

  // Oracle prints some rows without the width of a blank column (Host CPU with no Sockets value), so
  // figures straddle the rule's columns. When a sliced cell holds two numbers, re-read the row as
  // whitespace-separated numbers aligned to the right-most columns.
  // The same shift leaves the last column blank when blank columns sit in the middle (12.1 AWR Host CPU:
  // "    4        0.09      0.04 ..." under CPUs Cores Sockets Begin End %User %System %WIO %Idle):
  // the figures after the first are then right-aligned, the first staying in its column.
  // Returns whether every cell (as left) reads as fold_space would give it (detail::is_folded).
  // `sliced_folded`: every cell is folded (as slice tells), so none straddles.
  bool realign_numeric_row(std::string_view line, std::vector<std::string>& cells, bool sliced_folded) const {
    // (A cell that needs no folding holds no run of spaces: it straddles nothing.)
    bool folded = true, straddles = false;
    for (const auto& c : cells) {
      if (sliced_folded) break;
      if (detail::is_folded(c)) continue;
      folded = false;
      if (has_inner_gap(c) && parse_cell(c, Unit::count).status == CellStatus::invalid) {
        straddles = true;
        break;
      }
    }
    // (The blank-tail case is known from Host CPU only; other tables keep their sliced cells.)
    const bool last_blank = !cells.empty() && cells.back().empty() && m_table && (m_table_quirks & text_blank_tail) != 0;
    if (!straddles && !last_blank) return folded;
    folded = all_folded(cells);
    std::vector<std::string> tokens;
    for (const Word& w : words_of(line)) {
      if (parse_cell(w.text, Unit::count).status != CellStatus::ok) return folded;  // text in the row: leave it
      tokens.emplace_back(w.text);
    }
    if (tokens.size() > cells.size() || tokens.empty()) return folded;
    std::vector<std::string> out(cells.size());
    if (!straddles) {
      // Only when the sliced figures are all packed left of a blank tail (a row that merely ends
      // with a blank column keeps its positions).
      const auto first = std::find_if(cells.begin(), cells.end(), [](const std::string& c) { return !c.empty(); });
      if (first == cells.end()) return folded;
      std::size_t filled = 0;
      for (const auto& c : cells) filled += c.empty() ? 0 : 1;
      std::size_t end = cells.size();  // one past the last filled cell
      while (end > 0 && cells[end - 1].empty()) --end;
      const bool gap_inside = filled < end - static_cast<std::size_t>(first - cells.begin());
      if (!gap_inside || filled != tokens.size() || tokens.size() < 3) return folded;
      out[static_cast<std::size_t>(first - cells.begin())] = tokens.front();
      std::copy(tokens.begin() + 1, tokens.end(), out.end() - static_cast<std::ptrdiff_t>(tokens.size() - 1));
      if (static_cast<std::size_t>(first - cells.begin()) >= out.size() - (tokens.size() - 1)) return folded;
      cells = std::move(out);
      return all_folded(cells);
    }
    std::copy(tokens.begin(), tokens.end(), out.end() - static_cast<std::ptrdiff_t>(tokens.size()));
    cells = std::move(out);
    return all_folded(cells);
  }

  // "Label:  value" sections (RAC global cache efficiency, workload, messaging): one row per line,
  // [label, value], until a rule, the next title or two blank lines.
  void begin_key_values(std::size_t title) {
    flush_continuation();
    RawTable t;
    t.title = m_section_title;
    t.line = static_cast<int>(title + 1);
    t.section = m_section_spec->id;
    m_keep_raw = keeps_raw_lines(t.section);
    m_table_quirks = m_section_spec->text_quirks;
    m_table = std::move(t);
    m_folded = true;
    m_table_layout = m_section_spec->layout;
    m_blank_run = 0;
  }

  // "            Buffer  Hit   %:   99.68    In-memory Sort %:  100.00" -> ["Buffer Hit %:", "99.68",
  // "In-memory Sort %:", "100.00"]: a label runs to its ':', its value is the word after it. The first
  // blank line after rows ends the section: the untitled Shared Pool Statistics lines follow it.
  void add_label_pairs_line(std::size_t i, RawReport& out) {
    const std::string_view line = m_lines[i];
    if (is_blank(line)) {
      if (!m_table->rows.empty()) {
        close_table(out);
        m_in_section = false;
      }
      return;
    }
    auto t = trim_cell(line);
    if (t.front() == '~' || t.rfind("->", 0) == 0) return;
    RawRow r;
    std::size_t pos = 0;
    while (pos < t.size()) {
      const auto colon = t.find(':', pos);
      if (colon == std::string_view::npos) break;
      r.cells.push_back(detail::fold_space(trim_cell(t.substr(pos, colon + 1 - pos))));
      std::size_t v = t.find_first_not_of(' ', colon + 1);
      if (v == std::string_view::npos) {
        r.cells.emplace_back();
        break;
      }
      const std::size_t end = std::min(t.find(' ', v), t.size());
      r.cells.emplace_back(t.substr(v, end - v));
      pos = t.find_first_not_of(' ', end);
      if (pos == std::string_view::npos) break;
    }
    if (r.cells.empty()) return;
    if (m_keep_raw) r.raw = std::string(line);
    r.line = static_cast<int>(i + 1);
    m_folded = m_folded && all_folded(r.cells);
    if (!table_full()) m_table->rows.push_back(std::move(r));
  }

  void add_key_value_line(std::size_t i, RawReport& out) {
    std::string_view line = m_lines[i];
    if (is_blank(line)) {
      if (++m_blank_run >= 2) close_table(out);
      return;
    }
    m_blank_run = 0;
    auto t = trim_cell(line);
    if (t.front() == '~' || t.rfind("->", 0) == 0) return;
    RawRow r;
    auto colon = t.rfind(':');
    if (colon == std::string_view::npos) {
      r.cells = {std::string(t)};
    } else {
      r.cells = {std::string(trim_cell(t.substr(0, colon + 1))), std::string(trim_cell(t.substr(colon + 1)))};
    }
    if (m_keep_raw) r.raw = std::string(line);
    r.line = static_cast<int>(i + 1);
    m_folded = m_folded && all_folded(r.cells);
    if (!table_full()) m_table->rows.push_back(std::move(r));
  }

  void add_row_line(std::size_t i, RawReport& out) {
    const std::string_view line = m_lines[i];
    if (m_table_layout == TextLayout::key_values) {
      add_key_value_line(i, out);
      return;
    }
    if (m_table_layout == TextLayout::label_pairs) {
      add_label_pairs_line(i, out);
      return;
    }
    if (is_blank(line)) {
      if (m_table_layout == TextLayout::table || m_table_layout == TextLayout::header) {
        if (!m_table->rows.empty()) close_table(out);
      }
      return;
    }
    if (m_table_layout == TextLayout::sql_records) {
      // (Only the cells that tell a figures line are cut first: most lines are SQL text.)
      const std::size_t ncells = cell_count();
      const int id_col = m_sql_id_col;
      // A figures line: a sql_id in its column and a number (or N/A) in the first figure column;
      // SQL text that happens to hold 13 lower-case characters at that position is not one.
      // Statspack keys its lists by (Old) Hash Value, a number of up to 10 digits.
      const int hash_col = m_hash_col;
      bool figures = id_col >= 0 && static_cast<std::size_t>(id_col) < ncells && is_sql_id(cell_view(line, id_col));
      if (id_col < 0 && hash_col >= 0 && static_cast<std::size_t>(hash_col) < ncells)
        figures = is_hash_value(cell_view(line, hash_col));
      if (figures && (m_table_quirks & text_id_then_text) == 0) {
        const std::size_t first = m_label_col ? 1 : 0;
        const auto status = first < ncells ? parse_cell(cell_view(line, first), Unit::count).status : CellStatus::blank;
        figures = status == CellStatus::ok || status == CellStatus::not_applicable;
      }
      if (figures) {
        bool folded = true;
        slice(line, new_row(line, i).cells, folded);
        m_folded = m_folded && folded;
      } else if (m_rows_not_kept > 0) {
        ++m_lines_not_kept;  // a line of a record not kept
      } else if (!m_table->rows.empty()) {
        add_continuation(m_table->rows.back(), line);
      } else if (m_continuing && !out.tables.empty() && out.tables.back().title == m_table->title &&
                 !out.tables.back().rows.empty()) {
        auto& prev = out.tables.back();
        // (a table full already: the line belongs to a record not kept, counted with its rows)
        if (prev.rows.size() < detail::k_max_table_rows) add_continuation(prev.rows.back(), line);  // cut by a page break
      }
      return;
    }
    if (m_two_level) {
      add_two_level_line(i);
      return;
    }
    bool sliced_folded = true;
    std::vector<std::string>& cells = new_row(line, i).cells;
    slice(line, cells, sliced_folded);
    const bool folded = realign_numeric_row(line, cells, sliced_folded);
    m_folded = m_folded && folded;
  }

  // Two-line records: a name line at the margin ("D_000     /dev/rls1vg01lv027"), then an indented
  // line of figures. One row = the name cells followed by the figure cells.
  void add_two_level_line(std::size_t i) {
    const std::string_view line = m_lines[i];
    // Records are two lines: the first at the margin names the row, the next holds the figures
    // (indented in 10g/11g; 12c+ starts it with the object name of the figure header).
    if (m_pending_name.empty() && line[0] != ' ') {
      for (std::size_t c = 0; c < m_name_segs.size(); ++c) {
        const std::size_t from = m_name_segs[c].start;
        const std::size_t to = c + 1 < m_name_segs.size() ? m_name_segs[c + 1].start : std::string::npos;
        m_pending_name.emplace_back(from >= line.size() ? std::string_view()
                                                        : trim_cell(std::string_view(line).substr(
                                                              from, to == std::string::npos ? std::string::npos : to - from)));
      }
      m_pending_line = i;
      return;
    }
    RawRow r;
    r.cells = std::move(m_pending_name);
    m_pending_name.clear();
    r.cells.resize(m_name_segs.size());
    bool sliced_folded = true;
    std::vector<std::string> figures;
    slice(line, figures, sliced_folded);
    const bool folded = realign_numeric_row(line, figures, sliced_folded) && all_folded(r.cells);
    m_folded = m_folded && folded;
    r.cells.insert(r.cells.end(), std::make_move_iterator(figures.begin()), std::make_move_iterator(figures.end()));
    if (m_keep_raw) r.raw = line;
    r.line = static_cast<int>(m_pending_line + 1);
    if (!table_full()) m_table->rows.push_back(std::move(r));
  }

  // A SQL record's lines after its figures (RawRow::continuation) are gathered as views, then copied
  // into the row at once, its vector sized to them: grown a line at a time, it held up to twice the
  // strings it needs (a few lines a record, on a report of hundreds of thousands of records).
  void add_continuation(RawRow& row, std::string_view line) {
    if (&row != m_continuation_row) flush_continuation();
    if (row.continuation.size() + m_continuation.size() >= detail::k_max_record_lines) {
      ++m_lines_not_kept;
      return;
    }
    m_continuation_row = &row;
    m_continuation.push_back(line);
  }

  void flush_continuation() {
    if (m_continuation_row == nullptr) return;
    auto& lines = m_continuation_row->continuation;
    lines.reserve(lines.size() + m_continuation.size());
    for (const std::string_view l : m_continuation) lines.emplace_back(l);
    m_continuation.clear();
    m_continuation_row = nullptr;
  }

  void close_table(RawReport& out) {
    flush_continuation();  // (rows move)
    if (!m_table) return;
    note_not_kept(out);
    RawTable t = std::move(*m_table);
    m_table.reset();
    // A table whose cells all read as fold_space would give them is marked folded: the snapshot
    // builder then reads its cells as they are instead of folding a copy of each at every look.
    t.folded = m_folded;
    // A page break repeats the title and header: append to the table it continues.
    if (m_continuing && !out.tables.empty() && out.tables.back().title == t.title && out.tables.back().headers == t.headers) {
      auto& prev = out.tables.back();
      const std::size_t room = prev.rows.size() < detail::k_max_table_rows ? detail::k_max_table_rows - prev.rows.size() : 0;
      if (t.rows.size() > room) {
        auto& n = m_not_kept[prev.line];
        n.title = prev.title;
        n.rows += t.rows.size() - room;
        t.rows.resize(room);
      }
      for (auto& r : t.rows) prev.rows.push_back(std::move(r));
      prev.folded = prev.folded && t.folded;
      return;
    }
    if (t.rows.empty() && t.headers.empty()) return;
    if (!detail::room_for_table(out)) return;
    out.tables.push_back(std::move(t));
  }

  // True when m_table holds k_max_table_rows rows: the row at hand is counted, not kept.
  bool table_full() {
    if (m_table->rows.size() < detail::k_max_table_rows) return false;
    ++m_rows_not_kept;
    return true;
  }

  // The rows and lines m_table did not keep, tallied by the table they belong to (close_table), the counts reset.
  void note_not_kept(RawReport&) {
    if (m_rows_not_kept + m_lines_not_kept == 0) return;
    auto& n = m_not_kept[m_table->line];
    n.title = m_table->title;
    n.rows += m_rows_not_kept;
    n.lines += m_lines_not_kept;
    m_rows_not_kept = m_lines_not_kept = 0;
  }

  // Each table's rows and lines not kept, said once however many pages it spans (run's end).
  void say_not_kept(RawReport& out) {
    for (const auto& [line, n] : m_not_kept) {
      std::vector<std::string> what;
      if (n.rows > 0) what.push_back(fmt::format("{} rows past its first {}", n.rows, detail::k_max_table_rows));
      if (n.lines > 0)
        what.push_back(fmt::format("{} lines of SQL records past {} a record", n.lines, detail::k_max_record_lines));
      out.diagnostics.push_back({Diagnostic::Level::warning, std::string(k_ledger_section), line,
                                 fmt::format("{}: {} not read (no AWR section is this long: a damaged or generated report)",
                                             n.title.empty() ? "a table" : n.title, fmt::join(what, " and "))});
    }
  }

  // RawRow::raw, the row's line as printed, is read only by the snapshot table's reader ("Begin Snap:"
  // rows); other rows leave it empty, as HTML rows do, instead of copying every line of the report.
  static bool keeps_raw_lines(SectionId section) { return section_spec(section).reader == SectionReader::snapshot_info; }

  LineIndex m_lines;
  // The lines of m_continuation_row's record not yet copied into it (add_continuation).
  RawRow* m_continuation_row = nullptr;
  RawRow m_spare;  // a row read past k_max_table_rows, not kept
  std::size_t m_rows_not_kept = 0, m_lines_not_kept = 0;  // of m_table (note_not_kept)
  struct NotKept {
    std::string title;
    std::size_t rows = 0, lines = 0;
  };
  std::map<int, NotKept> m_not_kept;  // by the line of the table (its first page)
  std::vector<std::string_view> m_continuation;
  std::optional<RawTable> m_table;
  bool m_folded = true;  // every cell of m_table's rows so far is detail::is_folded
  bool m_keep_raw = false;  // m_table's rows keep their line (keeps_raw_lines)
  std::vector<Span> m_segs;
  bool m_label_col = false;
  std::vector<Span> m_cuts;  // [start, end) of each cell of a row (end npos: to the end of the line)
  int m_sql_id_col = -1, m_hash_col = -1;  // m_table's sql_id and (old) hash value columns, or -1
  TextLayout m_table_layout = TextLayout::table;
  unsigned char m_table_quirks = 0;  // m_table's section's SectionSpec::text_quirks
  bool m_in_section = false;
  bool m_continuing = false;
  std::string m_section_title;
  const SectionSpec* m_section_spec = nullptr;
  std::size_t m_section_line = 0;
  std::size_t m_title_line = SIZE_MAX;
  int m_blank_run = 0;
  // Two-line records (see add_two_level_line).
  bool m_two_level = false;
  std::size_t m_name_rule = SIZE_MAX;
  std::vector<Span> m_name_segs;
  std::vector<std::string> m_name_headers;
  std::vector<std::string> m_pending_name;
  std::size_t m_pending_line = 0;
};

}  // namespace

RawReport tokenize_text(std::string_view content) { return TextTokenizer(content).run(); }

}  // namespace awrdiff
