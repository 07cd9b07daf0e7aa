// The history store's benchmark (bench/history.sh, docs/benchmark.md): a year of hourly periods of one
// database made from samples/good.html (tests/support/history_year.hpp), stored with and without the
// snapshot JSON; the store's size per period; and in-process timings of load_window + check.
//   awrdiff_history_bench OUT_DIR
// writes OUT_DIR/year.sqlite (8,760 periods with their snapshot JSON), OUT_DIR/year_values.sqlite
// (values only) and OUT_DIR/current.json (hour 8,760: the period after the year, as a saved snapshot).
#include "tests/support/history_year.hpp"

#include <awrdiff/check.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: awrdiff_history_bench OUT_DIR\n");
    return 2;
  }
  const fs::path out = argv[1];
  fs::create_directories(out);
  try {
    const auto good = awrdiff::load_report(fs::path(AWRDIFF_SOURCE_DIR) / "samples/good.html");
    const awrdiff::testing::SyntheticYear year(good);
    const int hours = awrdiff::testing::SyntheticYear::k_hours;
    // The periods as history add stores them: facts, values and the snapshot JSON (of good.html's
    // figures, trimmed of the sections the registry does not read, so a little smaller than a report's).
    for (bool json : {false, true}) {
      const auto file = out / (json ? "year.sqlite" : "year_values.sqlite");
      fs::remove(file);
      auto t0 = Clock::now();
      std::vector<awrdiff::PreparedPeriod> batch;
      batch.reserve(hours);
      for (int h = 0; h < hours; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), json));
      const double prepare_ms = ms_since(t0);
      auto store = awrdiff::HistoryStore::open(file.string(), awrdiff::HistoryAccess::write);
      t0 = Clock::now();
      store->add_all(batch);
      const double add_ms = ms_since(t0);
      const auto size = store->size_bytes().value_or(0);
      std::printf("%s: %d periods, %.1f MB, %.0f bytes per period%s; prepared in %.0f ms, stored in %.0f ms (one transaction)\n",
                  file.filename().c_str(), hours, size / 1048576.0, static_cast<double>(size) / hours,
                  json ? " (with the snapshot JSON, zlib)" : " (values only)", prepare_ms, add_ms);
    }
    {
      std::ofstream f(out / "current.json");
      f << awrdiff::snapshot_json_text(year.period(hours));
    }
    // In process: open, window, check; the least of 9 runs.
    auto store = awrdiff::HistoryStore::open((out / "year.sqlite").string(), awrdiff::HistoryAccess::read);
    const auto current = year.period(hours);
    const auto policy = awrdiff::default_policy();
    for (auto match : {awrdiff::MatchPeriods::all, awrdiff::MatchPeriods::hour, awrdiff::MatchPeriods::weekday_hour}) {
      for (std::int64_t days : {28, 365}) {
        awrdiff::WindowOptions w;
        w.window_s = days * 86400;
        w.match = match;
        double best_window = 1e9, best_check = 1e9;
        std::size_t periods = 0, snapshots = 0;
        std::string status;
        for (int run = 0; run < 9; ++run) {
          auto t0 = Clock::now();
          const auto b = store->load_window(current, w);
          const double wms = ms_since(t0);
          t0 = Clock::now();
          const auto r = awrdiff::check(current, b, policy, {match, {}, {}});
          const double cms = ms_since(t0);
          best_window = std::min(best_window, wms);
          best_check = std::min(best_check, cms);
          periods = b.periods.empty() && !b.aggregates.empty() ? b.aggregates.front().distribution.count : b.periods.size();
          snapshots = b.snapshots.size();
          status = awrdiff::to_string(r.status);
        }
        std::printf(
            "window %3lldd, match %-12s: %5zu periods%s (%zu snapshots read back): load_window %.2f ms, check %.2f ms (%s)\n",
            static_cast<long long>(days),
            match == awrdiff::MatchPeriods::all    ? "all"
            : match == awrdiff::MatchPeriods::hour ? "hour"
                                                   : "weekday-hour",
            periods, periods > w.summarize_above ? " summarised" : "", snapshots, best_window, best_check, status.c_str());
      }
    }
  } catch (const awrdiff::Error& e) {
    std::fprintf(stderr, "awrdiff_history_bench: %s\n", e.what());
    return 2;
  }
  return 0;
}
