// awrdiff — the metric catalog: for every kind of number the diff engine compares, which direction is
// worse and how large a change must be before it is material. The table itself is in
// src/catalog/metrics.cpp and is printed in docs/findings.md.
//
// Materiality is symmetric, so that diff(A, B) is the mirror of diff(B, A): a change is material when
// |target − base| reaches `abs_floor` AND the larger of the two values is at least
// (1 + rel_floor_pct / 100) times the smaller. 0 → 0 is no change; 0 → x is material only when x
// itself reaches the absolute floor (never "+∞%").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace awrdiff {

/// Which way a metric is worse.
enum class Direction {
  higher_is_worse,   ///< DB time, waits, latencies, hard parses
  higher_is_better,  ///< e.g. soft parse %, buffer hit % (efficiency percentages)
  neutral,           ///< workload volume (executions, transactions, redo): a change is neither good nor bad
};

/// One entry of the metric catalog. `key` is a family ("event.time_per_s") or a Load Profile row
/// ("load_profile.hard_parses"); `unit` is the unit of the compared value and of `abs_floor`.
struct MetricSpec {
  std::string_view key;
  std::string_view display;
  std::string_view unit;
  Direction direction = Direction::higher_is_worse;
  double abs_floor = 0;       ///< smallest |target − base| that matters, in `unit`
  double rel_floor_pct = 0;   ///< smallest relative change that matters, percent (symmetric: max/min − 1)
  bool points = false;        ///< the value is a percentage: its change is in points and has no relative floor
};

/// All metric specs (for docs and tests).
std::span<const MetricSpec> all_metrics();

/// The spec for `key`; for "load_profile.<row>" keys without an entry of their own, the generic
/// "load_profile" spec. nullptr when unknown.
const MetricSpec* find_metric(std::string_view key);

/// How a metric moved between base and target.
enum class ChangeKind {
  unknown,    ///< one side is absent: no statement possible
  unchanged,  ///< below the materiality floors (or 0 → 0)
  worse,      ///< material, in the metric's bad direction
  better,     ///< material, in the good direction
  changed,    ///< material, neutral metric
};
const char* to_string(ChangeKind kind);

/// A change measured against a MetricSpec.
struct Assessment {
  ChangeKind kind = ChangeKind::unknown;
  std::optional<double> delta;    ///< target − base, in the spec's unit
  std::optional<double> rel_pct;  ///< (target − base) / |base| × 100; empty when base is 0 or absent
  bool material() const { return kind == ChangeKind::worse || kind == ChangeKind::better || kind == ChangeKind::changed; }
};

/// Assesses base → target against `spec`'s direction and floors (see the file comment).
Assessment assess(const MetricSpec& spec, std::optional<double> base, std::optional<double> target);
/// Same, looking the spec up by key; an unknown key is treated as neutral with no floors.
Assessment assess(std::string_view metric_key, std::optional<double> base, std::optional<double> target);

}  // namespace awrdiff
