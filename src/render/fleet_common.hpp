// What the fleet page's text (fleet_text.cpp) and HTML (fleet_html.cpp) share: the lines said of one database.
#pragma once

#include <awrdiff/fleet.hpp>

#include <cstdint>
#include <ostream>
#include <string>

namespace awrdiff::render_detail {

/// `with_name`: the status and the series first. "FAIL RMGTIBP (DB Id 2447957804) instance 1: 2 of 4 periods failed; DB time lost
/// ...; top events: ...; top SQL: ...".
std::string fleet_first_line(const FleetDatabase& d, bool with_name = true);
/// "since 2023-10-02 15:00, still on" / "since ..., ended ..."; empty when not known.
std::string fleet_since(const FleetDatabase& d);
/// "SILENT NAME (DB Id N) instance 1: no period in the window's last 2 hours; its last period ended ..." (`silent_s`: 2 hours).
std::string fleet_silent_line(const FleetDatabase& d, std::int64_t to_epoch, std::int64_t silent_s, bool with_name = true);
/// "2023-10-02T15:00:00" -> "2023-10-02 15:00".
std::string fleet_shown(const std::string& iso);
/// What the periods were judged against: "like periods: the same hour of the day (--match hour)", and where a
/// database's store holds its cron's checks, "; 1 instance judged as its cron checks it (--match all)" (the like
/// periods of its latest stored check).
std::string fleet_like_periods(const FleetPage& page);
/// The HTML page.
void render_fleet_html(const FleetPage& page, std::ostream& out);

}  // namespace awrdiff::render_detail
