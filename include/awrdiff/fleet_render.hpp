// awrdiff — the fleet's morning page (fleet.hpp) as text (120 columns), HTML (a grid of small multiples, no
// JavaScript), JSON, OpenMetrics and a Nagios plugin line. docs/fleet.md.
#pragma once

#include <awrdiff/fleet.hpp>
#include <awrdiff/monitoring.hpp>
#include <awrdiff/render.hpp>

#include <ostream>

namespace awrdiff {

/// Text: the first line, then the databases that failed or warned (ranked: DB time lost, peak, since when, top events,
/// top SQL, the timeline and pair commands), the silent ones with their last period, the count of the fine in one line.
/// Wrapped at `options.width` (0: no limit). JSON (`format` json): the same, with every period of the window.
/// HTML: one self-contained page, a small chart per database (DB time per second over the window, its band and its
/// episodes marked), sorted as the text. Markdown and Jira are written as the text. Never throws.
void render_fleet(const FleetPage& page, Format format, const RenderOptions& options, std::ostream& out);

/// The page as Prometheus / OpenMetrics text (gauges; `# EOF` at the end): awrdiff_fleet_up 1,
/// awrdiff_fleet_databases{status} (a RAC database once), awrdiff_fleet_instances{status}, and per instance (labels database,
/// dbid, instance) awrdiff_fleet_database_status (0 ok, 1 warn, 2 fail or silent), awrdiff_fleet_database_lost_seconds,
/// awrdiff_fleet_database_last_period_end_timestamp_seconds. Never throws.
void render_fleet_openmetrics(const FleetPage& page, std::ostream& out);
/// The exposition of a page that could not be made (the store unreadable: exit 2): `awrdiff_fleet_up 0` and
/// `awrdiff_fleet_trouble{reason="..."} 1` (the first 120 bytes of the message), so that a scrape of the file it
/// replaces does not go on showing the last page.
void render_fleet_openmetrics_trouble(const std::string& reason, std::ostream& out);

/// The page as a Nagios plugin line: CRITICAL when any failed or is silent, WARNING when any warned, else OK; the
/// first line, and perfdata failed, silent, warned, fine. Never throws.
NagiosResult fleet_nagios(const FleetPage& page);

}  // namespace awrdiff
