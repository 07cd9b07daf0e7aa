#include "parse/tokenizer_common.hpp"

#include <algorithm>
#include <cctype>

namespace awrdiff::detail {

std::string fold_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    bool ws = c == ' ' || (c >= '\t' && c <= '\r');  // std::isspace in the "C" locale, inlined
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0) {
      ws = true;
      ++i;
    } else if (c == '&' && text.substr(i, 6) == "&nbsp;") {
      ws = true;
      i += 5;
    } else if (c == '&' && text.substr(i, 6) == "&#160;") {
      ws = true;
      i += 5;
    }
    if (ws) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(static_cast<char>(c));
  }
  return out;
}

bool room_for_table(RawReport& report) {
  if (report.tables.size() < k_max_tables) return true;
  constexpr std::string_view k_message = "more than 20000 tables: not an AWR report layout, the rest is ignored";
  if (std::none_of(report.diagnostics.begin(), report.diagnostics.end(),
                   [&](const Diagnostic& d) { return d.message == k_message; }))
    report.diagnostics.push_back({Diagnostic::Level::warning, "", 0, std::string(k_message)});
  return false;
}

LineIndex::LineIndex(std::string_view text) {
  m_starts.reserve(text.size() / 64 + 1);
  m_starts.push_back(0);
  for (auto pos = text.find('\n'); pos != std::string_view::npos; pos = text.find('\n', pos + 1))
    m_starts.push_back(pos + 1);
}

int LineIndex::line_of(std::size_t offset) const {
  auto it = std::upper_bound(m_starts.begin(), m_starts.end(), offset);
  return static_cast<int>(it - m_starts.begin());
}

namespace {
bool has(const RawTable& t, ColumnId id) { return t.column_index(id) >= 0; }
}  // namespace

void classify(RawTable& t) {
  t.columns.clear();
  for (const auto& h : t.headers) t.columns.push_back(find_column(h));
  if (const SectionSpec* s = find_section_by_title(t.title)) {
    t.section = s->id;
    return;
  }
  if (!t.summary.empty())
    if (const SectionSpec* s = find_section_by_summary(t.summary)) {
      t.section = s->id;
      return;
    }
  if (has(t, ColumnId::db_name) && has(t, ColumnId::dbid)) t.section = SectionId::database_info;
  else if (has(t, ColumnId::instance) && has(t, ColumnId::startup_time)) t.section = SectionId::instance_info;
  else if (has(t, ColumnId::host_name) && has(t, ColumnId::platform)) t.section = SectionId::host_info;
  else if (has(t, ColumnId::snap_id) && has(t, ColumnId::snap_time)) t.section = SectionId::snapshot_info;
}

}  // namespace awrdiff::detail
