// The compare catalog (see compare_catalog.hpp): Oracle's AWR Compare Periods report, 11.2 layout (text and
// HTML print the same columns; the HTML drops the text's group headers and prints more decimals), the 12c+
// layout (its Time Model adds "% of Total CPU time") and the RAC report's global rows (awrgdrpt).
#include "catalog/compare_catalog.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <iterator>

namespace awrdiff {
namespace {

using C = CompareColumn;
constexpr C skip(std::string_view header) { return {header, -1, ColumnId::unknown}; }

// Workload Comparison (text) / Load Profile (HTML): per second and per transaction of each period.
constexpr std::string_view t_load_profile[] = {"Workload Comparison", "Load Profile"};
constexpr C c_load_profile[] = {
    {"", 0, ColumnId::label},
    {"1st Per Sec", 1, ColumnId::per_second},
    {"2nd Per Sec", 2, ColumnId::per_second},
    skip("%Diff"),
    {"1st Per Txn", 1, ColumnId::per_transaction},
    {"2nd Per Txn", 2, ColumnId::per_transaction},
    skip("%Diff"),
};

// Top Timed Events: the two periods' top lists side by side, one event of each a line.
constexpr std::string_view t_top_events[] = {"Top Timed Events"};
constexpr C c_top_events[] = {
    {"Event", 1, ColumnId::event},    {"Wait Class", 1, ColumnId::wait_class},    {"Waits", 1, ColumnId::waits},
    {"Time(s)", 1, ColumnId::time_s}, {"Avg Time(ms)", 1, ColumnId::avg_wait_ms}, {"%DB time", 1, ColumnId::pct_db_time},
    {"Event", 2, ColumnId::event},    {"Wait Class", 2, ColumnId::wait_class},    {"Waits", 2, ColumnId::waits},
    {"Time(s)", 2, ColumnId::time_s}, {"Avg Time(ms)", 2, ColumnId::avg_wait_ms}, {"%DB time", 2, ColumnId::pct_db_time},
};

// 12c and later: "Avg Time", each figure with its unit ("2.14ms", "1.17us").
constexpr C c_top_events_12c[] = {
    {"Event", 1, ColumnId::event},    {"Wait Class", 1, ColumnId::wait_class}, {"Waits", 1, ColumnId::waits},
    {"Time(s)", 1, ColumnId::time_s}, {"Avg Time", 1, ColumnId::avg_wait_ms},  {"%DB time", 1, ColumnId::pct_db_time},
    {"Event", 2, ColumnId::event},    {"Wait Class", 2, ColumnId::wait_class}, {"Waits", 2, ColumnId::waits},
    {"Time(s)", 2, ColumnId::time_s}, {"Avg Time", 2, ColumnId::avg_wait_ms},  {"%DB time", 2, ColumnId::pct_db_time},
};

// Time Model Statistics: % of DB time, Time (seconds), Time per Trans (seconds), each 1st / 2nd / Diff.
constexpr std::string_view t_time_model[] = {"Time Model Statistics"};
constexpr C c_time_model[] = {
    {"Statistic Name", 0, ColumnId::statistic},
    {"1st", 1, ColumnId::pct_db_time},
    {"2nd", 2, ColumnId::pct_db_time},
    skip("Diff"),
    {"1st", 1, ColumnId::time_s},
    {"2nd", 2, ColumnId::time_s},
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
};

// 12c and later: a "% of Total CPU time" group (1st / 2nd / Diff) after % of DB time.
constexpr C c_time_model_12c[] = {
    {"Statistic Name", 0, ColumnId::statistic},
    {"1st", 1, ColumnId::pct_db_time},
    {"2nd", 2, ColumnId::pct_db_time},
    skip("Diff"),
    skip("1st"),
    skip("2nd"),
    skip("Diff"),
    {"1st", 1, ColumnId::time_s},
    {"2nd", 2, ColumnId::time_s},
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
};

// The RAC report (awrgdrpt), its instance columns cut off by the reader (the global "*1st / *2nd" rows
// kept): a "% of Global DB time" group (1st / 2nd / Diff) after Time per Trans.
constexpr C c_time_model_rac[] = {
    {"Statistic Name", 0, ColumnId::statistic},
    {"1st", 1, ColumnId::pct_db_time},
    {"2nd", 2, ColumnId::pct_db_time},
    skip("Diff"),
    {"1st", 1, ColumnId::time_s},
    {"2nd", 2, ColumnId::time_s},
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("Diff"),
};

// Wait Classes: % of DB time, # Waits/sec (Elapsed Time), Total Wait Time (sec), Avg Wait Time (ms).
constexpr std::string_view t_wait_classes[] = {"Wait Classes"};
constexpr C c_wait_classes[] = {
    {"Wait Class", 0, ColumnId::wait_class},
    {"1st", 1, ColumnId::pct_db_time},
    {"2nd", 2, ColumnId::pct_db_time},
    skip("Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
    {"1st", 1, ColumnId::time_s},
    {"2nd", 2, ColumnId::time_s},
    skip("%Diff"),
    {"1st", 1, ColumnId::avg_wait_ms},
    {"2nd", 2, ColumnId::avg_wait_ms},
    skip("%Diff"),
};

// Operating System Statistics: Value, per Second (DB time), per Second (Elapsed Time), per Trans.
constexpr std::string_view t_os_stats[] = {"Operating System Statistics"};
constexpr C c_os_stats[] = {
    {"Statistic Name", 0, ColumnId::statistic},
    {"1st", 1, ColumnId::value},
    {"2nd", 2, ColumnId::value},
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
};

// Key / Other Instance Activity Stats: Value, per Second (DB time), per Second (Elapsed Time), per Trans.
constexpr std::string_view t_activity[] = {"Key Instance Activity Stats", "Other Instance Activity Stats"};
constexpr C c_activity[] = {
    {"Statistic", 0, ColumnId::statistic},
    {"1st", 1, ColumnId::total},
    {"2nd", 2, ColumnId::total},
    skip("%Diff"),
    skip("1st"),
    skip("2nd"),
    skip("%Diff"),
    {"1st", 1, ColumnId::per_second},
    {"2nd", 2, ColumnId::per_second},
    skip("%Diff"),
    {"1st", 1, ColumnId::per_trans},
    {"2nd", 2, ColumnId::per_trans},
    skip("%Diff"),
};

constexpr CompareSectionSpec k_compare_sections[] = {
    {"compare_load_profile", t_load_profile, SectionId::load_profile, c_load_profile, false, true},
    {"compare_top_events", t_top_events, SectionId::top_events, c_top_events, true},
    {"compare_top_events_12c", t_top_events, SectionId::top_events, c_top_events_12c, true},
    {"compare_time_model_12c", t_time_model, SectionId::time_model, c_time_model_12c},
    {"compare_time_model_rac", t_time_model, SectionId::time_model, c_time_model_rac},
    {"compare_time_model", t_time_model, SectionId::time_model, c_time_model},
    {"compare_os_stats", t_os_stats, SectionId::os_stats, c_os_stats},
    {"compare_wait_classes", t_wait_classes, SectionId::wait_classes, c_wait_classes},
    {"compare_instance_activity", t_activity, SectionId::instance_activity, c_activity},
};

}  // namespace

std::span<const CompareSectionSpec> all_compare_sections() { return k_compare_sections; }

const CompareSectionSpec* find_compare_section(std::string_view title, std::span<const std::string> headers) {
  const std::string t = normalize_label(title);
  for (const auto& spec : k_compare_sections) {
    if (std::none_of(spec.titles.begin(), spec.titles.end(), [&](std::string_view s) { return normalize_label(s) == t; }) &&
        !spec.headers_suffice)
      continue;
    if (headers.size() < spec.columns.size()) continue;
    const std::size_t from = headers.size() - spec.columns.size();
    bool same = true;
    for (std::size_t i = 0; i < spec.columns.size() && same; ++i)
      same = normalize_label(headers[from + i]) == normalize_label(spec.columns[i].header);
    if (same) return &spec;
  }
  return nullptr;
}

}  // namespace awrdiff
