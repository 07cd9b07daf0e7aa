// Internals shared by the HTML and text tokenizers.
#pragma once

#include <awrdiff/parse.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// Folds runs of white space (and &#160; / &nbsp;) to one space and trims.
std::string fold_space(std::string_view text);

/// Maps byte offsets to 1-based line numbers.
class LineIndex {
public:
  explicit LineIndex(std::string_view text);
  int line_of(std::size_t offset) const;

private:
  std::vector<std::size_t> m_starts;
};

/// Fills `columns` from `headers` and `section` from the title, the HTML summary, or (for the
/// untitled header tables at the top of a report) the set of columns.
void classify(RawTable& table);

}  // namespace awrdiff::detail
