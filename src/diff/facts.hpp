// Internal to the diff engine: what the comparison has worked out, shared by the tables (diff.cpp) and read
// by the findings rules (src/findings, a room above, which includes this header).
#pragma once

#include <awrdiff/diff.hpp>
#include <awrdiff/sql_text.hpp>
#include <awrdiff/time.hpp>

#include "merge/merging.hpp"  // event_wait_class
#include "support/text.hpp"  // grouped, human_seconds, lower, report_label

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// One line of at most `max_chars` characters: tabs and line ends become spaces, a longer text ends in "...".
std::string short_text(std::string_view text, std::size_t max_chars);

/// "[module] text" of a statement, cut like short_text to `max_chars`.
std::string sql_display_text(const SqlStat& sql, std::size_t max_chars);

/// Below this many average active sessions (DB time per second) a period is idle: a handful of sessions' seconds,
/// its ratios and latencies resting on a few calls. The one level of the comparison's verdict, its findings and
/// comparability warnings, and `check`.
inline constexpr double k_idle_aas = 0.05;

/// Two periods whose changes are noise: both idle, or one idle and the other under twice the level (0.017 -> 0.08
/// AAS on a host 98% idle). The pair verdict reads "unchanged" and `check` never warns or fails on them.
inline bool idle_pair(double base_aas, double target_aas) {
  const double lo = std::min(base_aas, target_aas), hi = std::max(base_aas, target_aas);
  return hi < k_idle_aas || (lo < k_idle_aas && hi < 2 * k_idle_aas);
}

/// One unit of work (executions, transactions, user calls) in the busier-is-not-slower rule, as the pair and
/// `check` each assess it against their floors or bands: `load_with`: its rate per second moved materially the
/// way DB time per second did; `cost`: how its DB time per unit moved, +1 materially the same way as DB time per
/// second, -1 the other way, 0 held, empty when not known.
struct UnitMove {
  bool load_with = false;
  std::optional<int> cost;
};

/// The busier-is-not-slower rule, one for the comparison's verdict (headline.cpp) and `check` (check.cpp): the
/// change of DB time per second is the load's ("load changed") when some unit's rate moved with it, no unit whose
/// rate held got costlier (the same work costing more is a slowdown), and the costs per unit did not all move
/// with it: none did, or some moved the other way. A ramp-up from idle changes the mix (executions x4.5 while
/// transactions go 0.1 -> 2,000 /s: DB time per execution rises while per transaction falls): the load's, its
/// slowdowns inside named apart. Transactions and calls held at 4 times the DB time each while executions x20
/// cost less each (a loop in a slow statement) is a regression.
inline bool load_explains(const std::vector<UnitMove>& units) {
  bool load = false, known = false, with = false, against = false, held_costlier = false;
  for (const auto& u : units) {
    load = load || u.load_with;
    if (!u.cost) continue;
    known = true;
    with = with || *u.cost > 0;
    against = against || *u.cost < 0;
    held_costlier = held_costlier || (!u.load_with && *u.cost > 0);
  }
  return load && known && !held_costlier && (!with || against);
}

/// The words of the busier-is-not-slower reading, one for the pair and `check`: "More load, not slower" when no cost
/// per unit moved with DB time per second; when some did (`costlier`: the units whose DB time per unit moved the way
/// DB time per second did, "execution", "call"), both are said: "More load, and costlier per execution and call"
/// (less load: "Less load, not faster" / "Less load, and cheaper per transaction").
inline std::string load_reading(bool up, const std::vector<std::string>& costlier) {
  if (costlier.empty()) return up ? "More load, not slower" : "Less load, not faster";
  std::string units;
  for (std::size_t i = 0; i < costlier.size(); ++i)
    units += (i == 0 ? "" : i + 1 == costlier.size() ? " and " : ", ") + costlier[i];
  return std::string(up ? "More load, and costlier per " : "Less load, and cheaper per ") + units;
}

/// Rate per second of elapsed; empty when either is absent or elapsed is not positive (time.hpp).
using awrdiff::per_second;

/// One statement across the two periods: matched by sql_id, or by text signature when its sql_id
/// changed (literals became binds), or present on one side only.
struct SqlPair {
  const SqlStat* base = nullptr;
  const SqlStat* target = nullptr;
  /// "both", "new", "gone" (one side's rate would have made the other report's list),
  /// "not shown in base" / "not shown in target" (unknown there), "not in report", or "literal group":
  /// one sql_id on one side, the other side's statements of its shape in `literal_group` (literals
  /// became binds, or binds literals).
  std::string status;
  SignatureMatch text_match = SignatureMatch::none;  ///< matched across sql_ids by text
  bool binds_changed = false;  ///< a text match where literals became binds (or binds literals)
  std::string confidence;  ///< for a text match: "high", "medium (text may be cut)", "low (text cut by the report)"
  OptDouble base_rate, target_rate;  ///< elapsed per second of elapsed (AAS)
  /// target_rate − base_rate; for new/gone a bound against the cut-off; for a literal group a bound
  /// against the group's known elapsed (empty when no member's elapsed is known)
  OptDouble delta_aas;
  bool bound = false;  ///< delta_aas is a bound: one side is only known below its cut-off, or above its known part
  /// With `bound`: the change is delta_aas or more (new: the base was under its cut-off; binds became
  /// literals: the target's literal ids hold at least what the lists give), else delta_aas or less
  /// (gone; literals became binds: the base's literal ids held at least what the lists give).
  bool at_least = true;
  /// Status "literal group": the other side's sql_ids of this statement's shape (literal SQL), and
  /// how many of them the SQL lists give elapsed for. Their rate (base_rate or target_rate) is the
  /// sum over those: a lower bound, as more ids of the shape hide below the lists' cut-off.
  std::vector<const SqlStat*> literal_group;
  std::size_t literal_known = 0;
  OptDouble literal_elapsed_s;  ///< the known members' elapsed summed (s); empty when none is known
  std::string why;  ///< per execution vs volume: "slower per execution", "more executions", ...
  std::string parent;  ///< sql_id of the PL/SQL call this statement probably runs inside ("" when none)

  const SqlStat& any() const { return target != nullptr ? *target : *base; }
  /// Status "literal group": "literals -> binds (15 ids in base)" (or "binds -> literals (5 ids in target)";
  /// "same shape, 3 literal ids in base" when the one statement has no bind).
  std::string literal_group_text() const;
  /// "81uvdbt46vt5p" or "81uvdbt46vt5p -> 28ja91pnth38j" for a text match.
  std::string label() const;
};

/// Several sql_ids of one report sharing one text signature: literal SQL.
struct LiteralGroup {
  std::string signature;
  std::string example;  ///< one of the texts
  std::vector<const SqlStat*> base, target;
  OptDouble base_elapsed_s, target_elapsed_s;  ///< sum over the listed statements
};

/// One part of DB time per second: DB CPU, a wait class, or the time outside both.
struct DbTimePart {
  std::string name;
  OptDouble base, target;  ///< AAS
  OptDouble delta() const { return base && target ? OptDouble(*target - *base) : std::nullopt; }
};

struct Facts {
  const Snapshot* base = nullptr;  ///< null for a single report
  const Snapshot* target = nullptr;
  OptDouble base_db_time_aas, target_db_time_aas;
  std::vector<DbTimePart> parts;  ///< DB CPU, wait classes, outside; empty without a base
  std::vector<SqlPair> sql;  ///< all statements of both reports, largest rate first
  std::vector<LiteralGroup> literal_groups;  ///< groups of 3 or more sql_ids in either report
  /// One unit family for every change of DB time in the output: average active sessions when the
  /// change in DB time per second over the target's elapsed reaches two days of seconds, else seconds
  /// over the target's elapsed ("+7.1 min").
  bool in_aas = false;

  OptDouble delta_db_time_aas() const {
    return base_db_time_aas && target_db_time_aas ? OptDouble(*target_db_time_aas - *base_db_time_aas) : std::nullopt;
  }
};

/// How one report's own Elapsed holds up against its snap times and its sessions (a DST change or a
/// clock step between the snapshots can make an hour read as minutes).
struct PeriodCheck {
  OptDouble elapsed_s;  ///< the elapsed to compute rates with: the report's, or its snap times' difference
  bool corrected = false;  ///< elapsed_s is the snap times' difference: the report's Elapsed does not fit them
  bool not_comparable = false;  ///< neither the Elapsed nor the snap times fit the DB time and the sessions
  std::string reason;  ///< "file: ..." when corrected or not comparable, else empty
};
/// Elapsed is implausible when it is more than max(5 min, 5%) away from the snap times' difference, or
/// when DB time / Elapsed exceeds 1.5 x the sessions + 1. Then the snap times' difference is used when
/// it fits both; else the report is not comparable. A merged set (members > 1) is not checked here.
/// `label` names the report in `reason` (report_label(s.source) when empty).
PeriodCheck check_period(const Snapshot& s, const std::string& label = {});

/// Database Replay in a period: "capture", "replay" or empty (Interval::replay_role, else the WCR events of its
/// wait event lists). Defined in replay.cpp.
std::string replay_role(const Snapshot& s);

/// report_label (how a warning names a report) and grouped (a figure with thousands separators): support/text.hpp.

/// `s` with its rates over `elapsed_s`: Elapsed replaced and the Load Profile's per-second rates (which
/// the report computed over its own Elapsed) rescaled.
Snapshot with_elapsed(const Snapshot& s, double elapsed_s);

/// Comparability warnings about one report's own elapsed time (check_period's reason, if any).
std::vector<std::string> plausibility_warnings(const Snapshot& s);

/// Both reports are of the same instance (same DB Id and instance name) and their snapshot ranges
/// overlap: part of the time is in both. `same_period`: the very same range.
bool periods_overlap(const Snapshot& a, const Snapshot& b);
bool same_period(const Snapshot& a, const Snapshot& b);

/// Two periods that are not one database's past and present (two DB Ids, a set mixing them): the figures stay side
/// by side, but nothing is drawn from their difference as if one were the other's past. Clears the findings and
/// contributors, leaves out the tables that exist only as the change (CompareTable::changes_only: where the change
/// comes from, the SQL carrying it) and every assessment column (worse / better), and says so under each table it
/// touched. `why`: the note's reason ("the reports are of different databases").
void withhold_judgements(Comparison& c, const std::string& why);

/// Whether a change of DB time is stated in average active sessions rather than seconds: a change of
/// `delta_aas` over `elapsed_s` of two days of DB time or more ("+67.7 AAS", never "+34.4 h"). One rule for the
/// comparison's first line, its findings and check's first line.
bool states_in_aas(double delta_aas, OptDouble elapsed_s);

/// The step a Load Profile rate is printed in, read from its digits: 0.1 for "0.1" or "10.0" (read 10: never coarser
/// than one decimal), 0.01 for "0.05", 0.001 for a 10g "0.005"; 1 for a zero or an absent value (they say nothing);
/// 0 for a value finer than 0.0001 (no printed figure: rescaled, merged or exact). The comparison and `check` assess
/// a printed rate on the least difference its digits allow (each side half a step toward the other).
double print_step(const OptDouble& v);

}  // namespace awrdiff::detail
