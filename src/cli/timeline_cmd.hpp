// `awrdiff timeline`: one database's periods over time, from the history store or from report files, with
// its episodes and the sustained shifts of its master metrics (docs/timeline.md). cli.cpp creates the options here and calls
// run_timeline; the only place that prints is the `emit` callback.
#pragma once

#include "cli/history_cmd.hpp"

#include <awrdiff/mask.hpp>
#include <awrdiff/render.hpp>

#include <functional>

#include <string>
#include <vector>

namespace awrdiff::cli {

struct TimelineCli {
  CLI::App* command = nullptr;
  std::vector<std::string> files;  ///< reports of one database and instance; empty: the history store
  std::string db;  ///< --db: the history store (default_history_location() when empty)
  long long dbid = 0;  ///< --dbid: the series, when the store holds several
  int instance = 0;  ///< --instance
  std::string from, to;  ///< --from / --to: ISO 8601 begin times ("2023-10-01", "2023-10-02T09:00")
  std::vector<std::string> metrics;  ///< --metric KEY (repeatable): the registry keys drawn
  int min_segment = 0;  ///< --min-segment N: periods a shift must last (0: a day)
  std::string match = "all";  ///< --match: all, hour, weekday-hour (the band from like periods)
  bool selected() const;
};

/// --from / --to as given ("2023-10-02", "2023-10-02T09:00", "2023-10-02 09:00:00"), in the stored form ('T' between
/// date and time); throws Error naming `option` and the accepted forms for anything else. (timeline, fleet)
std::string iso_bound(const std::string& option, const std::string& value);

/// Adds `timeline` to `app`; its options are added when it is used, with `output_options` (-o, -f, -w, --rows:
/// the command line's own variables).
void add_timeline_command(CLI::App& app, TimelineCli& t, DeferredOptions& deferred,
                          std::function<void(CLI::App*)> output_options);

/// Runs `timeline`: exit 0. Throws Error (exit 2) for a store or report that cannot be read, reports of
/// several databases or instances, a store of several series without --dbid / --instance, an unknown metric.
/// `masker`: --mask (every name, SQL text and file name masked before the timeline is built), else null.
/// `standard_input`: the reports of standard input, for a file named "-" (read once: "-" is given once).
int run_timeline(const TimelineCli& t, Format format, const RenderOptions& render_options, const std::string& output,
                 const Emit& emit, Masker* masker, const std::function<std::vector<Snapshot>()>& standard_input);

}  // namespace awrdiff::cli
