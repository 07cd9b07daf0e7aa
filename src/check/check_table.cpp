// The check table (include/awrdiff/check.hpp: CheckReport; docs/baselines.md "Output"): one row per metric checked.
#include "check/check_storm.hpp"

#include <fmt/format.h>

namespace awrdiff {

namespace {

CompareCell opt_cell(const OptDouble& v) { return v ? CompareCell(*v) : CompareCell(); }

}  // namespace

// The check table: one row per metric checked, first among the comparison's tables.
CompareTable detail::check_table(const CheckReport& out, const Baseline& baseline, const CheckPolicy& policy) {
  const std::size_t matched = out.baseline_periods;
  CompareTable t;
  t.key = "check";
  t.title = fmt::format("Check against the baseline ({}; {} period{} matched; policy: {})", baseline.name, matched,
                        matched == 1 ? "" : "s", policy.source);
  // For machines, the first a narrow terminal leaves out: the registry key, "actual <operator> expected" and how
  // the band was drawn (the same on most rows). JSON carries them all.
  constexpr int machine = column_priority::machine;
  t.columns = {{"metric", "Metric", "", ColumnKind::text, 0, ColumnRole::name},
               {"key", "Key", "", ColumnKind::text, 0, ColumnRole::identifier, machine},
               {"status", "Status", "", ColumnKind::text, 0, ColumnRole::assessment},
               {"actual", "Current", "", ColumnKind::number, -1, ColumnRole::measure, column_priority::automatic, true},
               {"unit", "Unit", "", ColumnKind::text, 0, ColumnRole::label},
               {"baseline_centre", "Baseline centre", "", ColumnKind::number, -1, ColumnRole::measure},
               {"operator", "Op", "", ColumnKind::text, 0, ColumnRole::label, machine},
               {"expected", "Expected", "", ColumnKind::number, -1, ColumnRole::measure, machine},
               {"band_low", "Band low", "", ColumnKind::number, -1, ColumnRole::measure},
               {"band_high", "Band high", "", ColumnKind::number, -1, ColumnRole::measure},
               {"z", "z", "", ColumnKind::number, 1, ColumnRole::measure},
               {"method", "How", "", ColumnKind::text, 0, ColumnRole::detail, machine},
               {"reason", "Why", "", ColumnKind::text, 0, ColumnRole::detail}};
  for (const auto& r : out.results) {
    CompareRow row;
    const OptDouble centre = r.baseline.median ? r.baseline.median : r.baseline.mean;
    // For machines: actual <operator> expected.
    const auto pit = policy.metrics.find(r.key);
    const Direction dir = pit != policy.metrics.end() ? pit->second.direction : Direction::neutral;
    std::string op = "-";
    OptDouble expected;
    if (r.policy_level) {
      op = r.policy_level_above ? "<=" : ">=";
      expected = r.policy_level;
    } else if (r.band_low && r.band_high) {
      op = dir == Direction::higher_is_worse ? "<=" : dir == Direction::higher_is_better ? ">=" : "within";
      expected = dir == Direction::higher_is_worse ? r.band_high : dir == Direction::higher_is_better ? r.band_low : centre;
    } else if (centre && !r.no_limit) {
      op = "~";
      expected = centre;
    }
    // A value outside its band that does not count (its direction, a floor) is never "ok": the reason says why.
    const bool outside = r.status == CheckStatus::ok && r.current && r.band_low && r.band_high &&
                         (*r.current < *r.band_low || *r.current > *r.band_high);
    row.cells = {r.label,
                 r.key,
                 outside ? std::string("outside") : std::string(to_string(r.status)),
                 opt_cell(r.current),
                 r.unit,
                 opt_cell(centre),
                 op,
                 opt_cell(expected),
                 opt_cell(r.band_low),
                 opt_cell(r.band_high),
                 opt_cell(r.z),
                 r.method.empty() ? CompareCell() : CompareCell(r.method),
                 r.reason};
    t.rows.push_back(std::move(row));
  }
  t.notes.push_back(
      "fail: a master metric (DB time per second, or per execution / transaction / call when the load did not "
      "rise) out of its band in the worse direction and material; warn: any other metric so; improved and "
      "changed never fail. Band: centre ± warn_z × spread (robust, MAD) for 3 or more periods; the extremes "
      "for dumps without a spread; the pairwise floors for one or two periods.");
  return t;
}

}  // namespace awrdiff
