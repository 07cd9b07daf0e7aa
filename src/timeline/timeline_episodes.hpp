// The episodes of a timeline (docs/timeline.md, "How an episode is found"): runs of periods whose DB time per second
// lies far above the band of the normal periods before them, with their start, end, peak and cause (the wait events
// and the statements that grew). Internal to the timeline; build_timeline (timeline.hpp) calls it.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/timeline.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// The registry key an episode is found in: DB time per second (AAS).
inline constexpr std::string_view k_episode_metric = "db_time_per_s";

/// A wait event (or DB CPU) that grew in an episode: its mean AAS over the episode's periods that list events, and
/// the median over the normal periods before it (0 where a period's list does not name it: below its cut-off).
struct EpisodeEvent {
  std::string name;
  double aas = 0, before = 0;
};

/// A statement that carries an episode: the median of its elapsed time per second (AAS) over the episode's periods
/// whose lists name it, and over the normal periods before whose lists name it (empty: none does).
struct EpisodeSql {
  std::string sql_id, text;
  double aas = 0;
  std::size_t listed = 0, lists = 0;  // the episode's periods whose lists name it, of those with lists
  std::optional<double> before;
  std::size_t before_listed = 0, before_lists = 0;  // likewise over the normal periods before it
};

/// A run of periods far above the band of the normal periods before it. Indices are into the periods given.
struct Episode {
  std::size_t first = 0, last = 0;
  bool still_on = false;  // its last period is the latest of the series
  bool new_level = false;  // it lasted the minimum segment: a new level rather than an episode (the shift search's)
  std::size_t peak = 0;
  double peak_aas = 0;
  double level = 0;  // DB time per second, median of the normal periods the band is drawn from, AAS
  double high = 0;  // the band's top: a period above it is far outside
  std::vector<std::size_t> normal;  // the normal periods before it that the band is drawn from
  std::string like;  // the like periods of a long series' band: "its hour of day" or "its weekday and hour"; else empty
  std::optional<std::size_t> next;  // the first period after it, when it ended
  std::vector<std::size_t> restarts;  // of first .. next: the periods an instance restart precedes (set by the caller)
  std::vector<EpisodeEvent> events;  // the events that grew most, at most 3
  std::vector<EpisodeSql> sql;  // the statements that carry it, at most 2
};

/// The episodes of `kept` (valid periods in time order) in DB time per second. `day`: a day of periods: a series of two
/// days or more draws each period's band from every period of its hour of day in the 7 days before (with `match`
/// weekday_hour: of its weekday and hour in the 35 days before; at least 2), a shorter one from the latest day of
/// normal periods (at least 2); `min_segment`: a run that lasts this many periods is a new level (Episode::new_level;
/// the bands are then drawn from its start on).
std::vector<Episode> find_episodes(const std::vector<const TimelinePeriod*>& kept, std::size_t day, std::size_t min_segment,
                                   MatchPeriods match = MatchPeriods::all);

/// "Episode from 2023-10-02 15:00, still on: DB time per second up to 165 AAS at 20:49, 15.3x the 10.8 AAS before
/// (median of 2 periods); top events: library cache lock 98.2 AAS, ...; top SQL: 1c602wgfqtdky (...) 99.6 AAS, ...".
std::string describe_episode(const Episode& e, const std::vector<const TimelinePeriod*>& kept);

/// The finding of an episode (rule "timeline_episode", worse): its description, its events and statements, the
/// command that compares the periods before it with its own; `folded`: the evidence of the shifts that begin in it.
Finding episode_finding(const Episode& e, const std::vector<const TimelinePeriod*>& kept, const std::vector<std::string>& folded);

/// What the timeline gives of an episode (timeline.hpp): its times, peak, level and causes, indices read.
TimelineEpisode episode_data(const Episode& e, const std::vector<const TimelinePeriod*>& kept);

/// The table "timeline_episodes", rendered from the episodes' data (in time order): one row per episode, latest first.
CompareTable episodes_table(const std::vector<TimelineEpisode>& episodes);

}  // namespace awrdiff::detail
