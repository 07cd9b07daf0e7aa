// The reader of the DMA collector's awrhistsysmetricsumm and awrhistsysmetrichist files (sysmetric_read.hpp):
// one row per metric, instance and hour of the day.
#include "parse/sysmetric_read.hpp"
#include "support/text.hpp"

namespace awrdiff::detail::metric_dump {

namespace {

// The columns of awrhistsysmetricsumm, in the collector's order (db_assessment/dbSQLCollector,
// versions 2.0.3 to 4.x; DMA_SOURCE_ID and DMA_MANUAL_ID since 2023).
constexpr std::array<std::string_view, 19> k_dma_columns{
    "PKEY",       "DBID",         "INSTANCE_NUMBER", "HOUR",          "METRIC_NAME",  "METRIC_UNIT", "AVG_VALUE",
    "MODE_VALUE", "MEDIAN_VALUE", "MIN_VALUE",       "MAX_VALUE",     "SUM_VALUE",    "PERC50",      "PERC75",
    "PERC90",     "PERC95",       "PERC100",         "DMA_SOURCE_ID", "DMA_MANUAL_ID"};

// What the figures are statistics of: the metric's raw values (the history extract), or AVERAGE + 2 sd.
void note_basis(DumpBuilder& b, bool history) {
  if (history)
    b.diag(0,
           "DMA collector, DBA_HIST_SYSMETRIC_HISTORY extract (awrhistsysmetrichist): every figure is a statistic of the "
           "metric's raw 60-s values in each hour of the day, rounded to an integer by the collector (a rate under 0.5 "
           "prints 0)",
           Diagnostic::Level::info);
  else
    b.diag(0,
           "DMA collector: every figure is a statistic of each snapshot's AVERAGE + 2 x STANDARD_DEVIATION, "
           "not of the metric's average (about two standard deviations high)");
}

// The statistics columns of a DMA header: AVG_VALUE, MODE_VALUE, MEDIAN_VALUE, MIN_VALUE, MAX_VALUE, SUM_VALUE and
// each PERCnn (1 to 100) it has.
std::vector<StatColumn> stat_columns(const std::vector<std::string_view>& names) {
  std::vector<StatColumn> stats;
  auto stat = [&](std::string_view name, std::optional<double> SysmetricRow::*field) {
    if (const int c = column_index(names, {name}); c >= 0) stats.push_back({c, field, 0});
  };
  stat("AVG_VALUE", &SysmetricRow::average);
  stat("MODE_VALUE", &SysmetricRow::mode);
  stat("MEDIAN_VALUE", &SysmetricRow::median);
  stat("MIN_VALUE", &SysmetricRow::minimum);
  stat("MAX_VALUE", &SysmetricRow::maximum);
  stat("SUM_VALUE", &SysmetricRow::sum);
  for (std::size_t c = 0; c < names.size(); ++c) {
    const auto n = names[c];
    if (n.size() > 4 && istarts_with(n, "PERC"))
      if (auto nn = parse_integer<int>(n.substr(4)); nn && *nn > 0 && *nn <= 100)
        stats.push_back({static_cast<int>(c), nullptr, *nn});
  }
  return stats;
}

// The host and DB name of a PKEY, <host>_<DB name>_<collection time>.
void read_pkey(std::string_view pkey, SysmetricDump& dump) {
  const auto last = pkey.rfind('_');
  if (last == std::string_view::npos || last == 0) return;
  const auto mid = pkey.rfind('_', last - 1);
  if (mid == std::string_view::npos || mid == 0) return;
  dump.host = std::string(pkey.substr(0, mid));
  dump.db_name = std::string(pkey.substr(mid + 1, last - mid - 1));
}

}  // namespace

void parse_dma(const TextLines& text, SysmetricDump& dump) {
  const auto& lines = text.lines;
  DumpBuilder b(dump, "awrhistsysmetricsumm");
  b.reserve(lines.size());
  std::size_t h = 0;
  while (h < lines.size() && is_blank(lines[h])) ++h;
  if (h == lines.size() || !is_dma_heading(lines[h])) throw Error(dump.source, "DMA collector file without its PKEY header");
  const auto heading = trim(lines[h]);
  DelimitedLayout layout;
  layout.heading = heading;
  std::vector<std::string_view> names;
  if (heading.find("||") != std::string_view::npos) {
    // The SQL expression PKEY||','||DBID||...: the names between the quoted separators.
    std::string literal;
    std::size_t pos = 0;
    while (pos <= heading.size()) {
      auto next = heading.find("||", pos);
      if (next == std::string_view::npos) next = heading.size();
      const auto piece = trim(heading.substr(pos, next - pos));
      if (!piece.empty() && piece.front() == '\'')
        literal = std::string(trim(piece.substr(1, piece.size() >= 2 ? piece.size() - 2 : 0)));
      else if (!piece.empty()) names.push_back(piece);
      pos = next + 2;
      if (names.size() > k_max_columns) throw Error(dump.source, "DMA collector header with too many columns");
    }
    if (literal.empty()) literal = ",";
    // SQL*Plus drops the spaces of the expression in the heading: ' , ' prints as ','. The first row
    // decides: the separator with spaces around it when that splits it into the header's fields.
    // SQL*Plus also cuts the heading of an expression (at 200 characters in the 11g and 19c
    // collectors' files, after PERC50): when the heading is a cut prefix of the collector's own
    // column list, the rest of that list names the row's further fields.
    layout.delimiter = " " + literal + " ";
    const bool cut = heading.size() >= 2 && heading.substr(heading.size() - 2) == "||";
    for (std::size_t r = h + 1; r < lines.size(); ++r) {
      if (is_blank(lines[r])) continue;
      std::deque<std::string> scratch;
      std::vector<std::string_view> cells;
      if (!split_delimited(lines[r], layout, cells, scratch) || cells.size() < names.size()) {
        layout.delimiter = literal;
        if (!split_delimited(lines[r], layout, cells, scratch)) cells.clear();
      }
      if (cells.size() > names.size() && names.size() <= k_dma_columns.size()) {
        bool prefix = true;
        for (std::size_t c = 0; c < names.size() && prefix; ++c) {
          const bool last = c + 1 == names.size();
          prefix = iequal(names[c], k_dma_columns[c]) || (last && !cut && istarts_with(k_dma_columns[c], names[c]));
        }
        if (prefix && cells.size() <= k_dma_columns.size()) {
          b.diag(static_cast<int>(h + 1),
                 fmt::format("the header is cut after {} of the {} fields of a row; the rest taken as the collector's {}..{}",
                             names.size(), cells.size(), k_dma_columns[names.size() - (cut ? 0 : 1)],
                             k_dma_columns[cells.size() - 1]),
                 Diagnostic::Level::info);
          names.assign(k_dma_columns.begin(), k_dma_columns.begin() + static_cast<std::ptrdiff_t>(cells.size()));
        }
      }
      break;
    }
  } else {
    const auto l = delimited_layout_at(lines, h);
    if (!l) throw Error(dump.source, "DMA collector header whose columns are not separated by '|' or ','");
    layout = *l;
    names = l->names;
  }
  layout.names = names;
  layout.end = h + 1;
  const int c_dbid = column_index(names, {"DBID"}), c_inst = column_index(names, {"INSTANCE_NUMBER"}),
            c_hour = column_index(names, {"HOUR", "HO", "HH24"}), c_name = column_index(names, {"METRIC_NAME"}),
            c_unit = column_index(names, {"METRIC_UNIT"}), c_pkey = column_index(names, {"PKEY"});
  if (c_inst < 0 || c_hour < 0 || c_name < 0 || column_index(names, {"AVG_VALUE"}) < 0)
    throw Error(dump.source, "DMA collector header without INSTANCE_NUMBER, HOUR, METRIC_NAME and AVG_VALUE");
  const std::vector<StatColumn> stats = stat_columns(names);
  // Two extracts share the layout. awrhistsysmetricsumm (DBA_HIST_SYSMETRIC_SUMMARY) writes each snapshot's
  // AVERAGE + 2 x STANDARD_DEVIATION and takes its statistics over those; awrhistsysmetrichist
  // (DBA_HIST_SYSMETRIC_HISTORY) takes them over the metric's raw 60-s values. The early collector (2021) wrote
  // the history extract with a CON_ID column the summary extract never had; later ones are told apart by the
  // file's name (opdb__awrhistsysmetrichist__...).
  const bool history = column_index(names, {"CON_ID"}) >= 0 || dump.source.find("awrhistsysmetrichist") != std::string::npos;
  dump.basis = history ? SysmetricBasis::metric_history : SysmetricBasis::average_plus_2sd;

  NumberReader numbers(false);
  bool pkey_read = false;
  auto on_row = [&](int line, const std::vector<std::string_view>& cells) {
    if (is_dma_heading(cells[0])) return;  // a header repeated
    const auto cell = [&](int c) { return c >= 0 ? cells[static_cast<std::size_t>(c)] : std::string_view{}; };
    std::optional<std::uint64_t> dbid;
    if (c_dbid >= 0) {
      dbid = parse_integer<std::uint64_t>(cell(c_dbid));
      if (!dbid) return b.diag(line, fmt::format("row skipped: DBID '{}' is not a number", cell(c_dbid)));
    }
    const auto inst = parse_integer<int>(cell(c_inst));
    if (!inst) return b.diag(line, fmt::format("row skipped: INSTANCE_NUMBER '{}' is not a number", cell(c_inst)));
    const auto hour = parse_integer<int>(cell(c_hour));
    if (!hour || *hour < 0 || *hour > 23) return b.diag(line, fmt::format("row skipped: hour '{}' is not 00-23", cell(c_hour)));
    const auto metric = cell(c_name);
    SysmetricRow row;
    if (!read_metric_stats(metric, stats, cells, names, numbers, row, b, line)) return;
    if (!any_value(row)) return b.diag(line, fmt::format("row skipped ({}): no value", metric));
    if (const int first = b.seen({dbid.value_or(0), *inst, *hour, {}, {}, metric}, line))
      return b.diag(line,
                    fmt::format("row skipped: {} instance {} hour {:02} again (first at line {})", metric, *inst, *hour, first));
    if (!pkey_read && c_pkey >= 0) {
      pkey_read = true;
      read_pkey(cell(c_pkey), dump);
    }
    row.metric_name = std::string(metric);
    row.metric_unit = std::string(cell(c_unit));
    row.dbid = dbid;
    row.instance_number = *inst;
    row.hour_of_day = *hour;
    row.line = line;
    b.add(std::move(row));
  };
  Table table{std::nullopt, layout};
  for_each_row(lines, lines.size(), table, text.last_complete, b, on_row);
  if (!dump.rows.empty()) note_basis(b, history);
  b.finish();
}

}  // namespace awrdiff::detail::metric_dump
