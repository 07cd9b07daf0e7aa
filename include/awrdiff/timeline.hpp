// awrdiff — "since when?": the timeline of one database and instance over many periods (from the history
// store or from report files), with the sustained shifts found in its master metrics. A timeline is a
// Comparison like any other (a headline, findings, tables), so every renderer shows it. docs/timeline.md.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/period_detail.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace awrdiff {

/// A sustained shift in a series: from `index` on, the level stays at another median.
struct ChangePoint {
  std::size_t index = 0;  ///< the first value of the new level (0-based in the series given)
  double median_before = 0;  ///< median of the segment before it (back to the previous change point or the start)
  double median_after = 0;  ///< median of the segment from it (up to the next change point or the end)
  double p_value = 1;  ///< Pettitt's approximate two-sided p in the segment it was found in
};

struct ChangePointOptions {
  /// Values on each side of a change point at least: a shift must last this long to count (a spike is no
  /// step). For hourly periods, 24 keeps a day's cycle from reading as steps.
  std::size_t min_segment = 6;
  double alpha = 0.001;  ///< Pettitt's p below which a split is significant
  double min_rel_change = 0.2;  ///< |median after − median before| at least this fraction of the larger one
  double abs_floor = 0;  ///< ... and at least this much, in the series' unit (a metric's materiality floor)
  std::size_t max_points = 10;  ///< change points at most
};

/// Change points of `values` (in time order, finite) by binary segmentation with Pettitt's rank test: the
/// split of a segment that maximises the rank-sum CUSUM |U_t| is kept when its p is below alpha, both sides
/// hold min_segment values or more and their medians differ by the relative and absolute floors; each side
/// is then searched the same way. A rank test is robust to the outliers AWR periods have (one storm is not a
/// new level). Returned in index order, medians recomputed between the points kept. O(n log n) a level.
std::vector<ChangePoint> find_change_points(std::span<const double> values, const ChangePointOptions& options = {});

/// A period's top statement, wait event and DB time part (period_detail.hpp: one definition).
using TimelineSql = PeriodSql;
using TimelineEvent = PeriodEvent;
using TimelinePart = PeriodPart;

/// One period of the timeline: when, which snaps, and its registry values.
struct TimelinePeriod : PeriodDetail {
  std::string begin_time, end_time;  ///< ISO 8601 ("2023-10-02T04:30:00"), as the history stores them
  std::optional<std::int64_t> begin_epoch;  ///< seconds of begin_time read as a civil time; empty: unreadable
  std::optional<std::int64_t> begin_snap, end_snap;  ///< Begin / End Snap id
  OptDouble elapsed_s;  ///< Elapsed, seconds
  bool valid = true;  ///< false: the report says its figures are invalid (left out of the series)
  bool restart_before = false;  ///< the instance started since the previous period (drawn as a gap)
  /// ISO 8601 of the instance's Startup Time, where the report prints it: a different one from the period kept before
  /// is a restart (drawn as a gap, named in the first line when a shift follows it); empty: unknown.
  std::string startup_time;
  std::string source;  ///< the report file it came from (for the `awrdiff --base ... --target ...` line)
  std::map<std::string, double> values;  ///< registry key -> value in the registry's unit (metrics.hpp)
  std::string check_status;  ///< the stored check's outcome ("ok", "warn", "fail", "improved"); empty: not checked
  // The period's detail (PeriodDetail: top_sql, db_time_parts, top_events), where its report, its stored snapshot or
  // its stored detail was read; empty otherwise (the history's values keep no wait class).
};

/// Sets the period's detail (`top_sql`, `db_time_parts`, `top_events`) to period_detail(snapshot, top) (period_detail.hpp:
/// what each holds, its units and sources): empty when the report has no elapsed time.
void add_report_detail(TimelinePeriod& period, const Snapshot& snapshot, std::size_t top = 50);

/// An episode of the timeline (docs/timeline.md, "How an episode is found"): a run of periods whose DB time per second
/// lies far above the band of the normal periods before them. The data its row of the Episodes table
/// ("timeline_episodes") is rendered from, and what `awrdiff fleet` reads.
struct TimelineEpisode {
  enum class State {
    ended,  ///< it came back: `end_time` is the end of its last period, `after_aas` the period after it
    still_on,  ///< its last period is the latest of the series
    new_level,  ///< it lasted a day of periods: a new level rather than an episode
  };
  std::string begin_time;  ///< ISO 8601 begin of its first period ("2023-10-02T15:00:00")
  std::string end_time;  ///< ISO 8601 end of its last period
  State state = State::ended;
  std::size_t periods = 0;  ///< its periods, in a row
  double before_aas = 0;  ///< DB time per second, median of the normal periods its band is drawn from, AAS
  double peak_aas = 0;  ///< DB time per second of its highest period, AAS
  std::string peak_time;  ///< ISO 8601 begin of its highest period
  OptDouble after_aas;  ///< DB time per second of the period after it (state ended), AAS; empty: none or not known
  /// The wait events (and DB CPU) that grew most, at most 3; `aas`: the mean over its periods that list events.
  std::vector<TimelineEvent> events;
  /// The statements that carry it, at most 2; `elapsed_per_s`: the median of their AAS over its periods whose lists
  /// name them; `text` the start of their SQL text where a list gives it; `pct_db_time` empty.
  std::vector<TimelineSql> sql;
};

/// The Episodes table's End of `e`: "still on", "a new level", else its end ("2023-10-02 21:00").
std::string episode_end(const TimelineEpisode& e);

struct TimelineOptions {
  /// Registry keys drawn and searched for shifts; empty: the master metrics, DB CPU and the time outside CPU,
  /// the load (executions, transactions per second), commit and single-block read latency.
  std::vector<std::string> metrics;
  /// Periods on each side of a change point at least; 0: a day of periods (from the median elapsed), at least 2.
  std::size_t min_segment = 0;
  /// The band drawn around each period: check()'s band (check_band) over the valid periods that begin within
  /// `window_s` before it, like periods only with `match` (like_period_key, as check chooses them; the moving window
  /// `check --history` uses). Shifts are searched over every period.
  std::int64_t window_s = 28 * 86400;
  MatchPeriods match = MatchPeriods::all;
  /// The Periods table lists at most this many periods (the latest, and those where something shifts); 0: all.
  std::size_t max_rows = 500;
};

/// The registry keys a timeline shows by default, master metrics first.
std::vector<std::string> default_timeline_metrics();

/// The timeline of `series` (a label such as "RMGTIBP (DB Id 2447957804) instance 1") from its periods, in any
/// order (sorted by begin time here; invalid periods are listed but left out of the series searched). Per metric,
/// the change points (find_change_points with the metric's floors, a percentage's in points; a short series — under
/// four days of periods — where it finds none takes a split only where every period after it lies beyond every period
/// before it by at least 2x, placed at the first period of the new level; a smaller min_segment only allows more). A
/// shift of DB time per second the load explains (detail::load_explains on the shifts at that period) is neutral,
/// "with the load"; one after an instance restart between the periods kept (startup_time, restart_before, carried
/// over periods left out) says so: "..., after an instance restart at 05:45, and stayed".
/// The headline names the latest shift of DB time per second (else of the first metric that has one): "DB time per
/// second stepped up 11.6x at 2023-10-02T15:00 and stayed (14.3 -> 165 AAS median) ...", or says none was found.
/// Where the periods carry their top SQL, the headline then names the statement with the most elapsed time per second
/// since the shift ("the top SQL since then: 6frynf9v1m655 1.9 AAS, not in the lists before"). Findings: one per
/// period where something shifted, with the command that compares the periods before and after it. Tables:
/// "timeline_changes" (every change point), "timeline" (one row per period: its times, snaps, the metrics, the
/// check outcome, flags), where periods carry their detail "timeline_db_time" (per period: DB time, DB CPU and each
/// wait class per second, the rows the Periods table lists) and "timeline_sql" (the top statements over time: per
/// statement, matched by sql_id and by SQL text signature across sql_ids, when it is first and last in the lists, its
/// peak and what it did: appears, grows, shrinks, leaves). Charts: "timeline_db_time" (kind stacked_series: DB CPU and
/// the wait classes over the periods, AAS), then "timeline" (kind series: every metric over the periods, with the
/// moving window's band and the stored check outcomes). Both break at an instance restart and at a gap in time. The
/// verdict is Verdict::timeline, with one PeriodInfo (role "Timeline": the series, its first begin and last end,
/// `reports` the periods drawn). Never throws for content; an empty series gives a headline that says so.
/// `episodes`, when given, receives the episodes in time order (the table lists them latest first): the data the
/// "timeline_episodes" table is rendered from.
Comparison build_timeline(const std::string& series, std::vector<TimelinePeriod> periods, const TimelineOptions& options = {},
                          std::vector<TimelineEpisode>* episodes = nullptr);

}  // namespace awrdiff
