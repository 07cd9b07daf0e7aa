// `awrdiff fleet`: the morning page of every database of a history store (docs/fleet.md). cli.cpp creates the options
// here and calls run_fleet; the only place that prints is the `emit` callback.
#pragma once

#include "cli/history_cmd.hpp"

#include <awrdiff/render.hpp>

#include <string>

namespace awrdiff::cli {

struct FleetCli {
  CLI::App* command = nullptr;
  std::string db;  ///< --db: the history store (default_history_location() when empty)
  std::string from, to;  ///< --from / --to: the window, as timeline takes them (default: the last 24 hours)
  std::string window = "28d";  ///< --window: the moving window each period is judged against
  std::string silent_after = "2h";  ///< --silent-after: no period ending in the window's last this long is silent
  std::string match = "hour";  ///< --match: the like periods of a series whose store holds no vote of its cron's
  bool nagios = false;  ///< --nagios: one plugin line
  bool selected() const;
};

/// Adds `fleet` to `app`; its options are added when it is used, with `output_options` (-o, -f, -w).
void add_fleet_command(CLI::App& app, FleetCli& f, DeferredOptions& deferred, std::function<void(CLI::App*)> output_options);

/// Runs `fleet`: exit 0 all fine (warnings included), 1 any database failed or went silent; --nagios: the plugin's
/// 0, 1, 2, and 3 (printed, not thrown) when the page could not be made. Throws Error (exit 2) for a store that
/// cannot be read, a bad --from / --to / --window, an unknown format.
int run_fleet(const FleetCli& f, const std::string& format_name, const RenderOptions& render_options, const std::string& output,
              const Emit& emit);

}  // namespace awrdiff::cli
