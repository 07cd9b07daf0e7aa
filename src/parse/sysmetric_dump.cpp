// Oracle's baseline metric dumps (see include/awrdiff/sysmetric.hpp and docs/baseline-dumps.md): AWR-Miner /
// DBCSI captures, the DMA collector's awrhistsysmetricsumm, and SQL*Plus spools of SELECT_BASELINE_METRIC and
// DBA_HIST_SYSMETRIC_SUMMARY. Here: which format a file is, and the entry points; each format's reader is in its
// own file (sysmetric_awr_miner.cpp, sysmetric_dma.cpp, sysmetric_spool.cpp), their shared pieces in
// sysmetric_read.cpp.
#include "parse/sysmetric_read.hpp"
#include "support/text.hpp"

#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>

#include <fmt/format.h>

namespace awrdiff {

const char* to_string(DumpKind kind) {
  switch (kind) {
    case DumpKind::awr_miner:
      return "awr_miner";
    case DumpKind::dma_collector:
      return "dma_collector";
    case DumpKind::select_baseline_metric:
      return "select_baseline_metric";
    case DumpKind::sysmetric_summary:
      return "sysmetric_summary";
  }
  return "unknown";
}

const char* to_string(SysmetricBasis basis) {
  switch (basis) {
    case SysmetricBasis::metric:
      return "metric";
    case SysmetricBasis::average_plus_2sd:
      return "average_plus_2sd";
    case SysmetricBasis::metric_history:
      return "metric_history";
  }
  return "unknown";
}

using namespace detail::metric_dump;

namespace {

// A line that is ~~BEGIN-MAIN-METRICS~~ alone (spaces aside).
bool has_main_metrics_marker(std::string_view text) {
  std::size_t pos = 0;
  while ((pos = text.find(k_main_begin, pos)) != std::string_view::npos) {
    const auto sol = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    const std::size_t line_begin = sol == std::string_view::npos ? 0 : sol + 1;
    const auto eol = text.find('\n', pos);
    const auto line = text.substr(line_begin, eol == std::string_view::npos ? std::string_view::npos : eol - line_begin);
    if (trim(line) == k_main_begin) return true;
    pos += k_main_begin.size();
  }
  return false;
}

}  // namespace

std::optional<DumpKind> detect_sysmetric_dump(std::string_view text) {
  // Neither a report (HTML, JSON) nor a report's text: those never hold these dumps.
  const auto first = text.find_first_not_of(" \t\r\n\f");
  if (first == std::string_view::npos) return std::nullopt;
  if (text[first] == '<' || text[first] == '{' || text[first] == '[') return std::nullopt;
  const auto head = text.substr(0, k_detect_bytes);
  for (std::string_view title : {"WORKLOAD REPOSITORY report for", "WORKLOAD REPOSITORY REPORT", "STATSPACK report for",
                                 "STATSPACK Statistics Report", "ASH Report For", "ADDM Report for"})
    if (head.find(title) != std::string_view::npos) return std::nullopt;
  if (has_main_metrics_marker(text)) return DumpKind::awr_miner;
  // A table header in the first lines.
  const auto lines = split_lines(text.substr(0, k_detect_bytes * 4), k_detect_lines);
  for (std::size_t i = 0; i < lines.lines.size(); ++i) {
    const auto line = lines.lines[i];
    if (is_blank(line) || is_rule(line)) continue;
    if (is_dma_heading(line)) {
      const auto t = trim(line);
      if (t.find("METRIC_NAME") != std::string_view::npos && t.find("AVG_VALUE") != std::string_view::npos)
        return DumpKind::dma_collector;
      continue;
    }
    if (line.find("METRIC_NAME") == std::string_view::npos && line.find("BASELINE_NAME") == std::string_view::npos &&
        line.find("DBID") == std::string_view::npos && line.find("SNAP_ID") == std::string_view::npos &&
        line.find("INSTANCE_NUMBER") == std::string_view::npos)
      continue;
    if (auto t = table_at(lines.lines, i)) {
      if (auto k = spool_kind(t->names())) return k;
    }
  }
  return std::nullopt;
}

SysmetricDump parse_sysmetric_dump(std::string_view text, const std::string& source) {
  const auto kind = detect_sysmetric_dump(text);
  if (!kind)
    throw Error(source,
                "not an Oracle metric dump (an AWR-Miner capture, a DMA collector awrhistsysmetricsumm file, or a spool "
                "of SELECT_BASELINE_METRIC or DBA_HIST_SYSMETRIC_SUMMARY with its column headings)");
  const auto lines = split_lines(text, k_max_lines);
  if (lines.too_many) throw Error(source, fmt::format("more than {} lines; not read", k_max_lines));
  SysmetricDump dump;
  dump.source = source;
  dump.kind = *kind;
  switch (*kind) {
    case DumpKind::awr_miner:
      parse_awr_miner(lines, dump);
      break;
    case DumpKind::dma_collector:
      parse_dma(lines, dump);
      break;
    case DumpKind::select_baseline_metric:
    case DumpKind::sysmetric_summary:
      parse_spool(lines, dump, *kind);
      break;
  }
  return dump;
}

SysmetricDump load_sysmetric_dump(const std::filesystem::path& file) {
  return parse_sysmetric_dump(read_input(file), file.string());
}

}  // namespace awrdiff
