// awrdiff — the fleet's morning page (`awrdiff fleet`, docs/fleet.md): every database of a history store over a
// window (the last 24 hours by default): those that failed or warned, ranked by the DB time they lost above their
// band, each with its first line (peak, top events, top SQL), since when (the timeline's episode rules) and the
// commands to look closer; those that went silent (no period in the window's last 2 hours); the count of the fine.
// Each period is judged as `check --history` would judge its DB time per second against its own moving window at
// the time of the page, unless the store holds the check's own vote for it (cron's `check --history --add`).
#pragma once

#include <awrdiff/check.hpp>
#include <awrdiff/history.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace awrdiff {

struct FleetOptions {
  std::int64_t from_epoch = 0, to_epoch = 0;  ///< the window: periods that begin in [from, to] (iso_epoch seconds)
  std::int64_t window_s = 28 * 86400;  ///< the moving window each period is judged against (check --history --window)
  std::int64_t silent_s = 2 * 3600;  ///< a series with no period that ends in the window's last this many seconds is silent
  /// The like periods a series without a stored vote is judged against (--match, as check's): the same hour of the day
  /// by default, a database's load following the clock. A series whose store holds a vote is judged by its latest
  /// vote's (FleetSeriesRows::vote_match): as its cron checks it.
  MatchPeriods match = MatchPeriods::hour;
  CheckPolicy policy = default_policy();  ///< DB time per second's levels (warn_z, fail_z, fail_rel_pct, floors)
  std::string location;  ///< the store, as printed (redact_location), for the commands on the page
  /// The parts (FleetPart, by DB Id) build_fleet reads and explains the fleet in, each on a thread and a connection of
  /// its own (HistoryStore::reopen); 0: the machine's cores, at most 4. One when a second connection cannot be made.
  /// The page is the same whatever the number.
  int threads = 0;
};

/// One period of a database in the window, as drawn on the page.
struct FleetPoint {
  std::string begin_time, end_time;  ///< ISO 8601
  std::int64_t begin_epoch = 0, end_epoch = 0;
  OptDouble aas;  ///< DB time per second (AAS); empty: not stored
  OptDouble band_high;  ///< the top of its band (AAS): check's centre + warn_z spreads, or the busier of 2 periods
  std::string status;  ///< "fail", "warn", "ok", "improved", "insufficient" (no like period before), "invalid"
  bool voted = false;  ///< the status is the stored check's own vote, not judged here
  bool in_episode = false;  ///< inside an episode the timeline finds (its rules: docs/timeline.md)
  double lost_s = 0;  ///< DB time above the band: (AAS - band top) x elapsed, seconds; 0 when within it
  std::string source;  ///< the report file it was added from
};

/// One database's instance (a series: DB Id, container, instance) on the page: a 2-node RAC database is two of them.
struct FleetDatabase {
  HistoryPeriod latest;  ///< its latest period (facts for its name)
  std::string label;  ///< "RMGTIBP (DB Id 2447957804) instance 1"
  MatchPeriods match = MatchPeriods::hour;  ///< the like periods its periods were judged against
  bool match_voted = false;  ///< `match` is its latest stored vote's (its cron's --match), not FleetOptions::match
  std::string status;  ///< "fail", "warn", "silent", "ok": the worst of its periods in the window; silent is a failure
  double lost_s = 0;  ///< DB time lost over the window: the sum of its periods' FleetPoint::lost_s, seconds
  std::size_t failed = 0, warned = 0, voted = 0;  ///< its periods in the window that failed, warned, carry a vote
  std::optional<std::size_t> peak;  ///< index in `points` of its busiest failing or warning period
  std::string since;  ///< when its trouble began (ISO 8601): its episode's start, else its first failing or warning period
  std::string still;  ///< "still on", or how it ended ("back to 1.1 AAS at 2023-10-02 22:00")
  std::vector<std::string> events;  ///< the wait events that grew most ("library cache lock 34.4 AAS"), from the episode
  std::vector<std::string> sql;  ///< the statements that carry it ("1c602wgfqtdky 42.8 AAS (UPDATE ...)")
  std::string timeline;  ///< the timeline's first line over the window and the week before it
  std::string timeline_command;  ///< `awrdiff timeline --db ... --dbid ... --instance ... --from ... --to ...`
  std::string pair_command;  ///< `awrdiff --base ... --target ...`: the periods either side of its start
  std::vector<FleetPoint> points;  ///< its periods in the window, oldest first
  std::vector<std::string> notes;  ///< anything the page could not read of it (a snapshot not read back)
};

/// The databases of a page as a DBA counts them: a database (DB Id and container) is one however many instances (series)
/// it has. A database failed when any of its instances failed or went silent, warned when any warned and none failed.
struct FleetCounts {
  std::size_t all = 0, failed = 0, silent = 0, warned = 0, fine = 0;  ///< silent: those with a silent instance (failed too)
};

/// The page.
struct FleetPage {
  std::string from, to;  ///< the window, ISO 8601
  std::int64_t from_epoch = 0, to_epoch = 0;
  std::int64_t silent_s = 2 * 3600;  ///< FleetOptions::silent_s
  MatchPeriods match = MatchPeriods::hour;  ///< FleetOptions::match
  std::string location;  ///< the store, as printed
  std::vector<FleetDatabase> troubled;  ///< failed or warned, by DB time lost (the most first), then failed first
  std::vector<FleetDatabase> silent;  ///< no period in the window's last FleetOptions::silent_s, latest last period first
  std::vector<FleetDatabase> fine;  ///< the others (points only), by name
  std::size_t failed() const;  ///< instances (series): troubled that failed, and every silent one
  std::size_t warned() const;  ///< instances (series) that warned
  FleetCounts databases() const;  ///< the databases (DB Id and container), each counted once
  FleetCounts instances() const;  ///< the instances (series), as listed
  /// The first line: "FAIL: 2 of 7 databases failed (1 silent), 1 warned, 4 fine; ..." in databases; where a database has
  /// several instances, the instances too ("...; instances: 3 of 9 failed (1 silent), 1 warned, 5 fine; ...").
  std::string headline;
  /// 0 every database fine (a warn included), 1 any failed or silent.
  int exit_code() const { return failed() > 0 ? 1 : 0; }
};

/// The name of a MatchPeriods as the options spell it: "all", "hour", "weekday-hour".
const char* match_periods_name(MatchPeriods match);

/// like_period_key (baseline.hpp) of a period that begins at `begin_epoch` (a civil time read by iso_epoch): the same
/// class of like periods, without formatting the time.
int like_period_key_of_epoch(MatchPeriods match, std::int64_t begin_epoch);

/// The registry keys the page reads per period: DB time per second.
std::vector<std::string> fleet_metrics();

/// Judges each period of `series` that begins in the window (FleetPoint), from `series`' rows that begin from
/// `options.window_s` before the window on: its stored vote where there is one, else its DB time per second against
/// the like periods (the series' latest vote's match, else options.match: like_period_key) of the same series that
/// are valid, begin within window_s before it and end before it begins (left out as check --history leaves them out:
/// the first period after an instance restart, and those whose stored vote failed), by check's band (check_band, the
/// policy's db_time_per_s levels: warn out of band, fail past fail_z and fail_rel_pct; two periods: against the nearer
/// of them) and its storm rule (storm_pages: 3x the busiest valid period of any hour before it that is no storm itself,
/// 3x their median, and at least 1 AAS, fails unless a like period, a failed one included, is at least a third as busy;
/// its band is then that of every hour); under `hour`, a period that fails is judged again against the same hour of
/// the same weekday of the earlier weeks (failed ones kept), and one not failing there but beyond (warn or fail) the
/// other days of its last week at that hour is the week's cycle (check --history's weekly busy hour). Then ranks the
/// databases. The since / events / SQL of a troubled database are
/// filled by explain_fleet_database. Never throws.
FleetPage judge_fleet(const std::vector<FleetSeriesRows>& series, const FleetOptions& options);

/// Fills `db`'s since, still, events, sql, timeline and commands: the timeline (build_timeline, DB time per second)
/// of its rows from a week before the window to its end, with the detail (top events, top SQL) of the stored
/// snapshots of its periods from a day before the window on. Marks the points inside an episode.
void explain_fleet_database(FleetDatabase& db, const FleetSeriesRows& rows, HistoryStore& store, const FleetOptions& options);

/// The whole page from a store: fleet_rows (one pass), judge_fleet, then explain_fleet_database for each troubled
/// database; in FleetOptions::threads parts at once. Throws Error for a store that cannot be read.
FleetPage build_fleet(HistoryStore& store, const FleetOptions& options);

}  // namespace awrdiff
