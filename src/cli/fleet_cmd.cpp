// `awrdiff fleet` (fleet_cmd.hpp, docs/fleet.md): the window read from the options, the page built from the history
// store (build_fleet), written as text, HTML, JSON, OpenMetrics or a Nagios line.
#include "cli/fleet_cmd.hpp"

#include "cli/check_output.hpp"
#include "cli/deferred_options.hpp"
#include "cli/session.hpp"
#include "cli/timeline_cmd.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/fleet.hpp>
#include <awrdiff/fleet_render.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/monitoring.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <ctime>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace awrdiff::cli {
namespace {

// Now as the host's civil time in epoch seconds: the snap times the reports print (and the store keeps) are the
// database's civil times, which the host that runs the cron job shares.
std::int64_t local_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  return static_cast<std::int64_t>(t) + tm.tm_gmtoff;
}

// The window of the options: [from, to] as epochs.
std::pair<std::int64_t, std::int64_t> window_of(const FleetCli& f) {
  std::optional<std::int64_t> from, to;
  if (!f.from.empty()) {
    const std::string b = iso_bound("--from", f.from);
    from = iso_epoch(b.size() == 10 ? b + "T00:00:00" : b.size() == 13 ? b + ":00:00" : b.size() == 16 ? b + ":00" : b);
  }
  if (!f.to.empty()) {
    const std::string b = iso_bound("--to", f.to);
    to = iso_epoch(b.size() == 10 ? b + "T23:59:59" : b.size() == 13 ? b + ":59:59" : b.size() == 16 ? b + ":59" : b);
  }
  if (!to) to = from ? std::max(*from, local_now()) : local_now();
  if (!from) from = *to - 86400;
  if (*from > *to) throw Error("", fmt::format("--from {} is after --to {}", f.from, f.to));
  return {*from, *to};
}

}  // namespace

bool FleetCli::selected() const { return command != nullptr && command->parsed(); }

void add_fleet_command(CLI::App& app, FleetCli& f, DeferredOptions& deferred, std::function<void(CLI::App*)> output_options) {
  f.command = app.add_subcommand("fleet",
                                 "the morning page of every database in a history store: those that failed or warned, "
                                 "ranked by the DB time they lost, since when and why; those gone silent; the count of "
                                 "the fine. Exit 0 all fine, 1 any failed or silent, 2 trouble");
  deferred.defer(f.command, [&f, output_options] {
    f.command->add_option("--db", f.db,
                          "the history store: an SQLite file, or postgresql://user@host/db (default: $AWRDIFF_HISTORY, "
                          "else $XDG_DATA_HOME/awrdiff/history.sqlite)");
    f.command->add_option("--from", f.from,
                          "the window's start: YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS (default: 24 hours "
                          "before --to)");
    f.command->add_option("--to", f.to, "the window's end (a date: that whole day), in the same forms (default: now)");
    f.command->add_option("--window", f.window,
                          "the moving window each period is judged against, as check --history --window (default 28d)");
    f.command->add_option("--match", f.match,
                          "like periods: hour (default), weekday-hour, all, as check --match: what each period of a database "
                          "whose store holds no check of its cron's is judged against (one that does: its latest check's)");
    f.command->add_option("--silent-after", f.silent_after,
                          "a database with no period that ends in the window's last this long is silent (default 2h)");
    f.command->add_flag("--nagios", f.nagios,
                        "for Nagios, Icinga or Zabbix: one line 'AWRDIFF OK|WARNING|CRITICAL - first line | perfdata' and "
                        "the plugin's exit code (3 UNKNOWN: the page could not be made)");
    output_options(f.command);
  });
}

namespace {

// The page's forms: text, HTML, JSON (OpenMetrics apart); Markdown and Jira are the pair's, refused rather than given
// the text page under their name.
Format fleet_format(const std::string& name) {
  const auto f = parse_format(name);
  if (!f || (*f != Format::text && *f != Format::html && *f != Format::json))
    throw Error("", fmt::format("the fleet page is text, html, json or openmetrics, not '{}'", name));
  return *f;
}

}  // namespace

int run_fleet(const FleetCli& f, const std::string& format_name, const RenderOptions& render_options, const std::string& output,
              const Emit& emit) {
  const std::optional<CheckOutput> exposition = monitoring_format(format_name);
  if (f.nagios && exposition)
    throw Error("", "--nagios and -f openmetrics are two outputs of one page: give one (a second run writes the other)");
  auto make = [&] {
    const auto [from, to] = window_of(f);
    FleetOptions o;
    o.from_epoch = from;
    o.to_epoch = to;
    o.window_s = parse_duration(f.window);
    o.silent_s = parse_duration(f.silent_after);
    o.match = match_from_name(f.match);
    const std::string location = f.db.empty() ? default_history_location() : f.db;
    // -o onto the store it reads would replace the history with the page: refused, as timeline refuses it.
    std::error_code ec;
    if (!output.empty() && output != "-" && !is_postgresql_location(location) && std::filesystem::exists(output, ec) &&
        std::filesystem::equivalent(output, location, ec))
      throw Error(output, "is the history store; choose another output file");
    auto store = HistoryStore::open(location, HistoryAccess::read);
    o.location = store->location();
    FleetPage page = build_fleet(*store, o);
    // No database at all is no "OK": a store of other days, or of no database yet (the cron's page would pass).
    if (page.databases().all == 0)
      throw Error(store->location(), fmt::format("no database has a period that begins by {}: nothing to judge",
                                                 epoch_iso(to).substr(0, 10) + " " + epoch_iso(to).substr(11, 5)));
    return page;
  };
  if (f.nagios) {
    try {
      const NagiosResult r = fleet_nagios(make());
      emit(r.line + "\n", output);
      return r.exit_code;
    } catch (const Error& e) {
      std::cout << nagios_unknown("awrdiff: " + std::string(e.what())).line << "\n";
      return 3;
    }
  }
  const Format format = exposition ? Format::text : fleet_format(format_name);
  FleetPage page;
  try {
    page = make();
  } catch (const Error& e) {
    // The exposition a scrape reads says the page could not be made, rather than go on showing the last one (check's
    // rule: an exposition of awrdiff's, or a new file, is replaced; anything else is left as it is).
    if (exposition && !output.empty() && output != "-" && replaceable_exposition(output, "# HELP awrdiff_fleet_up ")) {
      std::ostringstream text;
      render_fleet_openmetrics_trouble(e.what(), text);
      try {
        emit(text.str(), output);
      } catch (const Error&) {}  // the file cannot be written either: the store's error says what went wrong first
    }
    throw;
  }
  std::ostringstream text;
  if (exposition) render_fleet_openmetrics(page, text);
  else render_fleet(page, format, render_options, text);
  emit(text.str(), output);
  return page.exit_code();
}

}  // namespace awrdiff::cli
