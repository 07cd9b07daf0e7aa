// Internals shared by the HTML and text tokenizers.
#pragma once

#include <awrdiff/parse.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// Bounds that keep memory and time linear in the input on hostile files. Real AWR reports have a
/// few hundred tables of at most a few dozen columns.
inline constexpr std::size_t k_max_tables = 20000;
inline constexpr std::size_t k_max_columns = 256;
inline constexpr std::size_t k_max_html_tags = 1'000'000;

/// True while `report` has fewer than k_max_tables tables; at the limit, adds one warning
/// diagnostic (once) and returns false: the caller drops the table.
bool room_for_table(RawReport& report);

/// Folds runs of white space (and &#160; / &nbsp;) to one space and trims.
std::string fold_space(std::string_view text);

/// True when fold_space(text) == text for sure: no white space but single spaces between other
/// bytes, and no byte that may start a no-break space (0xC2, '&'; such text may still be folded).
bool is_folded(std::string_view text);

/// The end of the run of ASCII bytes of `text` that starts at `from` (eight bytes tested at a time:
/// reports are almost all ASCII).
std::size_t ascii_run_end(std::string_view text, std::size_t from);

/// How many times `c` occurs in `text` (a loop the compiler vectorises; std::count on chars is not,
/// with g++ 12).
std::size_t count_byte(std::string_view text, char c);

/// Maps byte offsets to 1-based line numbers by counting the line feeds between the offset and the
/// last one asked (tables come in file order: about one pass over the text in all). `text` must
/// outlive the index. Not for use from several threads at once.
class LineIndex {
public:
  explicit LineIndex(std::string_view text) : m_text(text) {}
  int line_of(std::size_t offset) const;

private:
  std::string_view m_text;
  mutable std::size_t m_offset = 0;  // line feeds before m_offset: m_line - 1
  mutable int m_line = 1;
};

/// A cheap, exact pre-check for find_section_by_title on text lines (the text tokenizer asks about
/// every line): false only when find_section_by_title returns nullptr for `text` and for every text
/// whose normalised form (normalize_label's: white space and no-break space bytes dropped, ASCII
/// lower-cased) is a prefix of `text`'s, such as `text` with "DB/Inst: ..." or a footnote marker cut
/// off. It compares the first normalised bytes of `text` (as many as the shortest catalog title has,
/// at most 8) with those of every catalog title and title prefix; true means "ask the catalog".
bool may_name_section(std::string_view text);

/// Fills `columns` from `headers` and `section` from the title, the HTML summary, or (for the
/// untitled header tables at the top of a report) the set of columns.
void classify(RawTable& table);

/// tokenize_html, or with `forgiving_only` the whole file read by libxml2's forgiving HTML parser
/// (the reference the fast paths are tested against).
RawReport tokenize_html_with(std::string_view content, bool forgiving_only);


}  // namespace awrdiff::detail
