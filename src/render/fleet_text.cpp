// The fleet's morning page (fleet_render.hpp, docs/fleet.md) as text, JSON, OpenMetrics and a Nagios line; the HTML
// page is fleet_html.cpp.
#include <awrdiff/fleet_render.hpp>

#include "render/fleet_common.hpp"
#include "render/render_common.hpp"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <cmath>

namespace awrdiff {

namespace render_detail {

std::string fleet_shown(const std::string& iso) {
  std::string s = iso.substr(0, 16);
  if (s.size() > 10 && s[10] == 'T') s[10] = ' ';
  return s;
}

std::string fleet_like_periods(const FleetPage& page) {
  auto what = [](MatchPeriods m) {
    return m == MatchPeriods::all    ? "every period before it in the window"
           : m == MatchPeriods::hour ? "the same hour of the day"
                                     : "the same hour of the same weekday";
  };
  std::string s = fmt::format("like periods: {} (--match {})", what(page.match), match_periods_name(page.match));
  std::size_t voted = 0;
  std::set<std::string> matches;  // the like periods those instances' crons chose
  for (const auto* list : {&page.troubled, &page.silent, &page.fine})
    for (const auto& d : *list)
      if (d.match_voted) {
        ++voted;
        matches.insert(match_periods_name(d.match));
      }
  if (voted > 0)
    s += fmt::format("; {} instance{} judged as {} cron checks {} (--match {})", voted, voted == 1 ? "" : "s",
                     voted == 1 ? "its" : "their", voted == 1 ? "it" : "them", fmt::join(matches, ", "));
  return s;
}

}  // namespace render_detail

using namespace render_detail;

namespace {

std::string shown(const std::string& iso) { return fleet_shown(iso); }

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// About three significant digits: 165, 14.3, 0.222.
std::string aas(double v) {
  if (std::fabs(v) >= 100) return fmt::format("{:.0f}", v);
  if (std::fabs(v) >= 10) return fmt::format("{:.1f}", v);
  if (std::fabs(v) >= 1) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3f}", v);
}

// DB time lost: "5.2 h" / "41 min" / "12 s".
std::string lost(double s) {
  if (s >= 3600) return fmt::format("{:.1f} h", s / 3600);
  if (s >= 60) return fmt::format("{:.0f} min", s / 60);
  return fmt::format("{:.0f} s", s);
}

// "4d 3h" / "5h 12m" / "40m" between two epochs.
std::string ago(std::int64_t s) {
  if (s >= 86400) return fmt::format("{}d {}h", s / 86400, s % 86400 / 3600);
  if (s >= 3600 && s % 3600 == 0) return fmt::format("{} hour{}", s / 3600, s == 3600 ? "" : "s");
  if (s >= 3600) return fmt::format("{}h {}m", s / 3600, s % 3600 / 60);
  return fmt::format("{}m", s / 60);
}

}  // namespace

namespace render_detail {

/// The first line of a database that failed or warned: status, name, periods, DB time lost, peak against its band.
std::string fleet_first_line(const FleetDatabase& d, bool with_name) {
  std::string s = with_name ? fmt::format("{} {}: ", upper(d.status), d.label) : std::string();
  std::vector<std::string> parts;
  if (d.failed > 0) parts.push_back(fmt::format("{} of {} periods failed", d.failed, d.points.size()));
  if (d.warned > 0)
    parts.push_back(fmt::format("{} {}warned", d.warned, d.failed > 0 ? "" : fmt::format("of {} periods ", d.points.size())));
  s += fmt::format("{}", fmt::join(parts, ", "));
  if (d.lost_s > 0) s += fmt::format("; {} of DB time lost above its band", lost(d.lost_s));
  if (d.peak) {
    const auto& p = d.points[*d.peak];
    s += fmt::format("; DB time per second {} AAS at {}", aas(p.aas.value_or(0)), shown(p.begin_time));
    if (p.band_high) s += fmt::format(" (band up to {} AAS)", aas(*p.band_high));
    if (p.voted) s += " (the check's own vote)";
  }
  if (!d.events.empty()) s += fmt::format("; top events: {}", fmt::join(d.events, ", "));
  if (!d.sql.empty()) s += fmt::format("; top SQL: {}", fmt::join(d.sql, ", "));
  return s;
}

/// "since 2023-10-02 15:00, still on" / "since ..., ended 2023-10-02 21:09".
std::string fleet_since(const FleetDatabase& d) {
  if (d.since.empty()) return "";
  std::string s = "since " + d.since;
  if (d.still == "still on" || d.still == "a new level" || d.still.starts_with("back ")) s += ", " + d.still;
  else if (!d.still.empty()) s += ", ended " + d.still;
  return s;
}

/// A silent database's line: its last period and how long before the window's end it ended.
std::string fleet_silent_line(const FleetDatabase& d, std::int64_t to_epoch, std::int64_t silent_s, bool with_name) {
  const auto end = iso_epoch(d.latest.end_time);
  return fmt::format("{}o period in the window's last {}; its last period ended {}{}{}",
                     with_name ? fmt::format("SILENT {}: n", d.label) : std::string("N"), ago(silent_s), shown(d.latest.end_time),
                     end ? fmt::format(" ({} before the window's end)", ago(to_epoch - *end)) : "",
                     d.latest.source.empty() ? "" : fmt::format(", from {}", d.latest.source));
}

}  // namespace render_detail

namespace {

void render_text(const FleetPage& page, const RenderOptions& o, std::ostream& out) {
  const std::size_t w = o.width;
  auto put = [&](const std::string& text, const std::string& first, std::size_t indent) {
    for (const auto& line : wrap(text, w, first, indent, false)) out << line << "\n";
  };
  put(page.headline, "", 2);
  put(fmt::format("History: {}; {}", page.location, fleet_like_periods(page)), "", 2);
  if (!page.troubled.empty()) {
    out << fmt::format("\nFailed or warned, by the DB time lost above each one's band over the window ({}):\n",
                       page.troubled.size());
    for (std::size_t i = 0; i < page.troubled.size(); ++i) {
      const auto& d = page.troubled[i];
      const std::string n = fmt::format("{:>2}. ", i + 1);
      put(fleet_first_line(d), n, n.size());
      if (const std::string since = fleet_since(d); !since.empty()) put(since, std::string(n.size(), ' '), n.size());
      put("timeline: " + d.timeline_command, std::string(n.size(), ' '), n.size() + 2);
      if (!d.pair_command.empty()) put("either side: " + d.pair_command, std::string(n.size(), ' '), n.size() + 2);
      for (const auto& note : d.notes) put("note: " + note, std::string(n.size(), ' '), n.size() + 2);
    }
  }
  if (!page.silent.empty()) {
    out << fmt::format("\nSilent, a stopped cron job or a broken AWR spool ({}):\n", page.silent.size());
    for (const auto& d : page.silent) put(fleet_silent_line(d, page.to_epoch, page.silent_s), "  ", 4);
  }
  out << "\n";
  // The databases all of whose instances are fine, each named once (a RAC database's instances: one name); the count of
  // instances, where it differs, is of every fine one, as the first line's.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> troubled;  // (DB Id, container)
  for (const auto* list : {&page.troubled, &page.silent})
    for (const auto& d : *list) troubled.emplace_back(d.latest.dbid, d.latest.con_dbid.value_or(0));
  std::vector<std::string> names;
  for (const auto& d : page.fine)
    if (std::find(troubled.begin(), troubled.end(), std::make_pair(d.latest.dbid, d.latest.con_dbid.value_or(0))) ==
            troubled.end() &&
        std::find(names.begin(), names.end(), d.latest.db_name) == names.end())
      names.push_back(d.latest.db_name);
  const FleetCounts dbs = page.databases();
  std::string fine = fmt::format("Fine: {} database{}", dbs.fine, dbs.fine == 1 ? "" : "s");
  if (page.fine.size() != dbs.fine) fine += fmt::format(", {} instance{}", page.fine.size(), page.fine.size() == 1 ? "" : "s");
  if (!names.empty() && names.size() <= 12) fine += fmt::format(" ({})", fmt::join(names, ", "));
  put(fine, "", 2);
}

template <class W>
void json_db(W& j, const FleetDatabase& d, std::int64_t to_epoch, std::int64_t silent_s) {
  j.StartObject();
  auto str = [&](const char* k, const std::string& v) {
    j.Key(k);
    j.String(v.c_str(), static_cast<rapidjson::SizeType>(v.size()));
  };
  str("status", d.status);
  str("series", d.label);
  str("db_name", d.latest.db_name);
  j.Key("dbid");
  j.Uint64(d.latest.dbid);
  j.Key("instance_number");
  if (d.latest.instance_number) j.Int(*d.latest.instance_number);
  else j.Null();
  str("host", d.latest.host);
  str("match", match_periods_name(d.match));
  j.Key("match_from_checks");
  j.Bool(d.match_voted);
  j.Key("db_time_lost_s");
  j.Double(d.lost_s);
  j.Key("period_count");
  j.Uint64(d.points.size());
  j.Key("failed");
  j.Uint64(d.failed);
  j.Key("warned");
  j.Uint64(d.warned);
  j.Key("voted");
  j.Uint64(d.voted);
  if (d.status == "silent") {
    str("first_line", fleet_silent_line(d, to_epoch, silent_s));
    str("last_period_end", d.latest.end_time);
  } else if (d.status != "ok") {
    str("first_line", fleet_first_line(d));
    str("since", d.since);
    str("still", d.still);
    j.Key("events");
    j.StartArray();
    for (const auto& e : d.events) j.String(e.c_str());
    j.EndArray();
    j.Key("sql");
    j.StartArray();
    for (const auto& e : d.sql) j.String(e.c_str());
    j.EndArray();
    str("timeline_first_line", d.timeline);
    str("timeline_command", d.timeline_command);
    str("pair_command", d.pair_command);
  }
  j.Key("points");
  j.StartArray();
  for (const auto& p : d.points) {
    j.StartObject();
    str("begin_time", p.begin_time);
    str("end_time", p.end_time);
    j.Key("db_time_per_s");
    if (p.aas) j.Double(*p.aas);
    else j.Null();
    j.Key("band_high");
    if (p.band_high) j.Double(*p.band_high);
    else j.Null();
    str("status", p.status);
    j.Key("voted");
    j.Bool(p.voted);
    j.Key("in_episode");
    j.Bool(p.in_episode);
    j.Key("db_time_lost_s");
    j.Double(p.lost_s);
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
}

void render_json(const FleetPage& page, std::ostream& out) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> j(buf);
  j.SetIndent(' ', 2);
  j.StartObject();
  auto str = [&](const char* k, const std::string& v) {
    j.Key(k);
    j.String(v.c_str(), static_cast<rapidjson::SizeType>(v.size()));
  };
  str("kind", "awrdiff fleet");
  str("headline", page.headline);
  str("history", page.location);
  str("from", page.from);
  str("to", page.to);
  str("match", match_periods_name(page.match));
  j.Key("exit_code");
  j.Int(page.exit_code());
  const FleetCounts dbs = page.databases(), inst = page.instances();
  auto counts = [&](const FleetCounts& c) {
    for (const auto& [k, v] : {std::pair<const char*, std::size_t>{"all", c.all},
                               {"failed", c.failed},
                               {"silent", c.silent},
                               {"warned", c.warned},
                               {"fine", c.fine}}) {
      j.Key(k);
      j.Uint64(v);
    }
  };
  counts(dbs);  // databases (a RAC database once), as the headline
  j.Key("instances");
  j.StartObject();
  counts(inst);
  j.EndObject();
  for (const auto& [key, list] : {std::pair<const char*, const std::vector<FleetDatabase>*>{"troubled", &page.troubled},
                                  {"silent_databases", &page.silent},
                                  {"fine_databases", &page.fine}}) {
    j.Key(key);
    j.StartArray();
    for (const auto& d : *list) json_db(j, d, page.to_epoch, page.silent_s);
    j.EndArray();
  }
  j.EndObject();
  out << buf.GetString() << "\n";
}

}  // namespace

void render_fleet(const FleetPage& page, Format format, const RenderOptions& options, std::ostream& out) {
  if (format == Format::json) return render_json(page, out);
  if (format == Format::html) return render_fleet_html(page, out);
  render_text(page, options, out);
}

void render_fleet_openmetrics_trouble(const std::string& reason, std::ostream& out) {
  out << "# HELP awrdiff_fleet_up 1: the page was made from the history store; 0: it could not be (exit 2), the reason "
         "in awrdiff_fleet_trouble.\n# TYPE awrdiff_fleet_up gauge\nawrdiff_fleet_up 0\n"
         "# HELP awrdiff_fleet_trouble 1 while the page cannot be made (exit 2); label reason: the first 120 bytes of "
         "awrdiff's message.\n# TYPE awrdiff_fleet_trouble gauge\n"
      << fmt::format("awrdiff_fleet_trouble{{reason=\"{}\"}} 1\n# EOF\n", exposition_reason(reason));
}

void render_fleet_openmetrics(const FleetPage& page, std::ostream& out) {
  out << "# HELP awrdiff_fleet_up 1: the page was made from the history store; 0: it could not be (exit 2), the reason "
         "in awrdiff_fleet_trouble.\n# TYPE awrdiff_fleet_up gauge\nawrdiff_fleet_up 1\n";
  out << "# HELP awrdiff_fleet_databases Databases of the store (a RAC database once) by their status over the window.\n"
         "# TYPE awrdiff_fleet_databases gauge\n";
  auto statuses = [&](const char* name, const FleetCounts& c) {
    out << fmt::format(
        "{0}{{status=\"fail\"}} {1}\n{0}{{status=\"warn\"}} {2}\n{0}{{status=\"silent\"}} {3}\n{0}{{status=\"ok\"}} {4}\n", name,
        c.failed - c.silent, c.warned, c.silent, c.fine);
  };
  statuses("awrdiff_fleet_databases", page.databases());
  out << "# HELP awrdiff_fleet_instances Instances (series) of the store by their status over the window.\n"
         "# TYPE awrdiff_fleet_instances gauge\n";
  statuses("awrdiff_fleet_instances", page.instances());
  auto each = [&](const std::string& name, const std::string& help, auto value) {
    out << fmt::format("# HELP {} {}\n# TYPE {} gauge\n", name, help, name);
    for (const auto* list : {&page.troubled, &page.silent, &page.fine})
      for (const auto& d : *list) {
        const auto v = value(d);
        if (!v) continue;
        out << fmt::format("{}{{database=\"{}\",dbid=\"{}\",instance=\"{}\"}} {}\n", name,
                           render_detail::exposition_label_value(d.latest.db_name), d.latest.dbid,
                           d.latest.instance_number ? std::to_string(*d.latest.instance_number) : std::string("cluster"), *v);
      }
  };
  each("awrdiff_fleet_database_status", "0 ok, 1 warn, 2 fail or silent (no period in the window's last 2 hours).",
       [](const FleetDatabase& d) -> std::optional<double> {
         return d.status == "fail" || d.status == "silent" ? 2 : d.status == "warn" ? 1 : 0;
       });
  each("awrdiff_fleet_database_lost_seconds", "DB time above the database's band over the window, seconds.",
       [](const FleetDatabase& d) -> std::optional<double> { return d.lost_s; });
  each("awrdiff_fleet_database_last_period_end_timestamp_seconds", "End of the database's latest period (Unix time).",
       [](const FleetDatabase& d) -> std::optional<double> {
         const auto e = iso_epoch(d.latest.end_time);
         return e ? std::optional<double>(static_cast<double>(*e)) : std::nullopt;
       });
  out << "# EOF\n";
}

NagiosResult fleet_nagios(const FleetPage& page) {
  NagiosResult r;
  r.exit_code = page.failed() > 0 ? 2 : page.warned() > 0 ? 1 : 0;
  std::string text = page.headline;
  for (auto& c : text)
    if (c == '|') c = '/';
  const FleetCounts c = page.databases();
  r.line = fmt::format("AWRDIFF {} - {} | failed={} silent={} warned={} fine={}",
                       r.exit_code == 2   ? "CRITICAL"
                       : r.exit_code == 1 ? "WARNING"
                                          : "OK",
                       text, c.failed - c.silent, c.silent, c.warned, c.fine);
  return r;
}

}  // namespace awrdiff
