// `awrdiff fleet` (fleet.hpp, docs/fleet.md) on synthetic stores made through the library: hourly periods of several
// databases with a daily cycle and noise, a storm, a silent one, the check's own votes; the one-pass read's time.
#include "tests/support/temp_dir.hpp"

#include <awrdiff/fleet.hpp>
#include <awrdiff/fleet_render.hpp>
#include <awrdiff/history.hpp>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>

#include <unistd.h>

namespace fs = std::filesystem;
using awrdiff::FleetOptions;
using awrdiff::HistoryAccess;
using awrdiff::HistoryStore;
using awrdiff::PreparedPeriod;

namespace {

struct TempDir : awrdiff::testing::TempDir {
  TempDir() : awrdiff::testing::TempDir("awrdiff-fleet-") {}
};

// 2024-03-01T00:00:00 (a Friday).
constexpr std::int64_t k_start = 1709251200;

// One hourly period of database `db` (DB Id 1000 + db), hour `h` from k_start, with DB time per second `aas`.
PreparedPeriod period(int db, int h, double aas) {
  PreparedPeriod p;
  auto& f = p.period;
  f.dbid = static_cast<std::uint64_t>(1000 + db);
  f.db_name = fmt::format("DB{:03}", db);
  f.instance_number = 1;
  f.instance_name = fmt::format("db{:03}", db);
  f.kind = "awr_instance";
  f.format = "html";
  f.release = "19.0.0.0.0";
  f.host = fmt::format("host{:03}", db);
  f.cpus = 8;
  f.begin_snap = 100 + h;
  f.end_snap = 101 + h;
  f.begin_time = awrdiff::epoch_iso(k_start + h * 3600);
  f.end_time = awrdiff::epoch_iso(k_start + (h + 1) * 3600);
  f.elapsed_s = 3600;
  f.startup_time = "2024-01-01T00:00:00";
  f.source = fmt::format("db{:03}_{:04}.html", db, h);
  p.values["db_time_per_s"] = aas;
  p.values["db_cpu_per_s"] = aas * 0.6;
  return p;
}

// A database's normal hour: busy days (2-3x the night), a few percent of noise, its own scale.
double normal_aas(int db, int h, std::mt19937& rng) {
  const int hour = h % 24;
  const double day = hour >= 8 && hour < 18 ? 2.5 : hour >= 6 && hour < 20 ? 1.6 : 1.0;
  std::normal_distribution<double> noise(1.0, 0.05);
  return (1.0 + db % 7) * day * noise(rng);
}

// `dbs` databases x `days` days of hourly periods, with `edit(db, h, aas)` changing an hour (a storm); a database for
// which `stops(db)` gives an hour sends nothing from then on.
template <class Edit, class Stops>
void fill(HistoryStore& store, int dbs, int days, Edit edit, Stops stops) {
  std::mt19937 rng(42);
  std::vector<PreparedPeriod> batch;
  for (int db = 0; db < dbs; ++db) {
    batch.clear();
    const int last = std::min(days * 24, stops(db));
    for (int h = 0; h < last; ++h) batch.push_back(period(db, h, edit(db, h, normal_aas(db, h, rng))));
    store.add_all(batch);
  }
}

// The cron's vote on database `db`'s period of hour `h`: a check stored with its status ("fail": exit 1) and its
// --match (empty: none said).
void record_vote(HistoryStore& store, int db, int h, const std::string& status, const std::string& match) {
  const auto voted = period(db, h, 0).period;
  awrdiff::CheckRecord r;
  r.dbid = voted.dbid;
  r.instance_number = 1;
  r.period_key = fmt::format("{}:0:1:{}-{}:{}", voted.dbid, *voted.begin_snap, *voted.end_snap, voted.begin_time);
  r.begin_time = voted.begin_time;
  r.end_time = voted.end_time;
  r.status = status;
  r.exit_code = status == "fail" ? 1 : 0;
  if (!match.empty()) r.match = match;
  store.record_check(r);
}

FleetOptions last_day(int days) {
  FleetOptions o;
  o.to_epoch = k_start + days * 86400 - 1;
  o.from_epoch = o.to_epoch - 86400 + 1;
  return o;
}

}  // namespace

// Five databases over a week: DB002 has a 4-hour storm (20x) in the last day, DB003 a 2-hour one (4x), DB004 stops 5
// hours before the end (silent), the others are fine. The storms rank by the DB time they lost, the bigger first,
// each with its episode; the silent one is a failure with its last period; the page exits 1.
TEST(Fleet, RanksByDbTimeLostAndListsSilentAndFine) {
  TempDir dir;
  const int days = 7;
  {
    auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write);
    fill(
        *store, 5, days,
        [&](int db, int h, double aas) {
          if (db == 2 && h >= days * 24 - 10 && h < days * 24 - 6) return aas * 20;
          if (db == 3 && h >= days * 24 - 16 && h < days * 24 - 14) return aas * 4;
          return aas;
        },
        [&](int db) { return db == 4 ? days * 24 - 5 : 1 << 30; });
  }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  FleetOptions o = last_day(days);
  o.location = store->location();
  const auto page = awrdiff::build_fleet(*store, o);
  ASSERT_EQ(page.troubled.size(), 2u) << page.headline;
  EXPECT_EQ(page.troubled[0].latest.db_name, "DB002");
  EXPECT_EQ(page.troubled[1].latest.db_name, "DB003");
  EXPECT_GT(page.troubled[0].lost_s, page.troubled[1].lost_s);
  EXPECT_EQ(page.troubled[0].status, "fail");
  EXPECT_EQ(page.troubled[0].failed, 4u);
  EXPECT_EQ(page.troubled[0].since, awrdiff::epoch_iso(k_start + (days * 24 - 10) * 3600).substr(0, 16).replace(10, 1, " "));
  std::size_t marked = 0;
  for (const auto& p : page.troubled[0].points) marked += p.in_episode ? 1 : 0;
  EXPECT_EQ(marked, 4u);
  EXPECT_NE(page.troubled[0].timeline_command.find("--dbid 1002 --instance 1"), std::string::npos);
  ASSERT_EQ(page.silent.size(), 1u);
  EXPECT_EQ(page.silent[0].latest.db_name, "DB004");
  EXPECT_EQ(page.silent[0].latest.end_time, awrdiff::epoch_iso(k_start + (days * 24 - 5) * 3600));
  EXPECT_EQ(page.fine.size(), 2u);
  EXPECT_EQ(page.exit_code(), 1);
  EXPECT_EQ(page.headline.substr(0, 44), "FAIL: 3 of 5 databases failed (1 silent), 0 ");
  // The text fits 120 columns and names the first database first.
  std::ostringstream text;
  awrdiff::RenderOptions ro;
  ro.width = 120;
  awrdiff::render_fleet(page, awrdiff::Format::text, ro, text);
  std::istringstream lines(text.str());
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 120u) << line;
  EXPECT_LT(text.str().find("DB002"), text.str().find("DB003"));
  EXPECT_NE(text.str().find("Fine: 2 databases (DB000, DB001)"), std::string::npos) << text.str();
  // Read in one part, or in parts by DB Id each on a thread and a connection of its own: the same page.
  const auto json_of = [&](int threads) {
    FleetOptions t = o;
    t.threads = threads;
    std::ostringstream out;
    awrdiff::render_fleet(awrdiff::build_fleet(*store, t), awrdiff::Format::json, {}, out);
    return out.str();
  };
  const std::string one = json_of(1);
  EXPECT_NE(one.find("DB002"), std::string::npos);
  EXPECT_EQ(json_of(2), one);
  EXPECT_EQ(json_of(3), one);
}

// The check's own votes (cron's check --history --add) are what the page says of a period, whatever its value; a
// period whose vote failed is left out of the windows after it, as check --history leaves it out.
TEST(Fleet, TheChecksOwnVotesAreTaken) {
  TempDir dir;
  const int days = 3;
  {
    auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write);
    fill(
        *store, 2, days, [](int, int, double aas) { return aas; }, [](int) { return 1 << 30; });
    record_vote(*store, 1, days * 24 - 3, "fail", "");
  }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  const auto page = awrdiff::build_fleet(*store, last_day(days));
  ASSERT_EQ(page.troubled.size(), 1u) << page.headline;
  EXPECT_EQ(page.troubled[0].latest.db_name, "DB001");
  EXPECT_EQ(page.troubled[0].voted, 1u);
  EXPECT_EQ(page.troubled[0].failed, 1u);
  EXPECT_EQ(page.fine.size(), 1u);
}

// An empty window of a store that holds nothing before it: no database at all, OK.
TEST(Fleet, AStoreWithNothingBeforeTheWindowIsAllFine) {
  TempDir dir;
  { auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write); }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  const auto page = awrdiff::build_fleet(*store, last_day(1));
  EXPECT_TRUE(page.troubled.empty() && page.silent.empty() && page.fine.empty());
  EXPECT_EQ(page.exit_code(), 0);
  EXPECT_EQ(page.headline.substr(0, 20), "OK: 0 databases fine");
}

// The one-pass read at size: AWRDIFF_FLEET_DBS databases (default 150) x AWRDIFF_FLEET_DAYS days (default 7) of hourly
// periods, a storm in every 20th; the page's time is printed. AWRDIFF_FLEET_STORE: an existing store (an SQLite file
// or a postgresql:// URL) to read instead of making one (its window: AWRDIFF_FLEET_TO, the last day before it); with
// AWRDIFF_FLEET_MAKE=1 the fleet is made there first.
TEST(Fleet, AFleetOfHourlyPeriodsReadsInOnePass) {
  TempDir dir;
  const char* dbs_env = std::getenv("AWRDIFF_FLEET_DBS");
  const char* days_env = std::getenv("AWRDIFF_FLEET_DAYS");
  const char* store_env = std::getenv("AWRDIFF_FLEET_STORE");
#if defined(__SANITIZE_ADDRESS__)
  const int dbs = dbs_env ? std::atoi(dbs_env) : 20;
#else
  const int dbs = dbs_env ? std::atoi(dbs_env) : 150;
#endif
  const int days = days_env ? std::atoi(days_env) : 7;
  std::string location = store_env ? store_env : dir.file("h.sqlite");
  FleetOptions o = last_day(days);
  const bool make = !store_env || std::getenv("AWRDIFF_FLEET_MAKE") != nullptr;
  if (make) {
    const auto t0 = std::chrono::steady_clock::now();
    auto store = HistoryStore::open(location, HistoryAccess::write);
    fill(
        *store, dbs, days,
        [&](int db, int h, double aas) { return db % 20 == 7 && h >= days * 24 - 8 && h < days * 24 - 5 ? aas * 10 : aas; },
        [](int) { return 1 << 30; });
    std::printf("[ fleet ] made %d databases x %d days of hourly periods (%d periods) in %.1f s\n", dbs, days, dbs * days * 24,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  if (const char* to = std::getenv("AWRDIFF_FLEET_TO")) {
    o.to_epoch = *awrdiff::iso_epoch(to);
    o.from_epoch = o.to_epoch - 86400;
  }
  auto store = HistoryStore::open(location, HistoryAccess::read);
  o.location = store->location();
  const auto t0 = std::chrono::steady_clock::now();
  const auto page = awrdiff::build_fleet(*store, o);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ostringstream html;
  awrdiff::render_fleet(page, awrdiff::Format::html, {}, html);
  const double all = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ fleet ] %s: %zu failed or warned, %zu silent, %zu fine: the page in %.2f s (with its HTML, %.0f KB: %.2f s)\n",
              store->backend(), page.troubled.size(), page.silent.size(), page.fine.size(), s,
              static_cast<double>(html.str().size()) / 1024, all);
  if (make) {
    EXPECT_EQ(page.troubled.size() + page.silent.size() + page.fine.size(), static_cast<std::size_t>(dbs));
    std::size_t storms = 0;
    for (const auto& d : page.troubled) storms += d.latest.dbid % 20 == 7 && d.status == "fail" ? 1 : 0;
    EXPECT_EQ(storms, static_cast<std::size_t>((dbs + 12) / 20));
    EXPECT_LT(s, 2.0);
  }
}

namespace {

// A database with a nightly batch: 1 AAS (1% noise) but 4x at 01:00-04:59, `days` days of hourly periods.
double batch_aas(int h, std::mt19937& rng) {
  std::normal_distribution<double> noise(1.0, 0.01);
  const int hour = h % 24;
  return (hour >= 1 && hour < 5 ? 4.0 : 1.0) * noise(rng);
}

}  // namespace

// --match: a nightly batch (4x the day's DB time, every night) is the database's own cycle. Judged against the same hour
// of the other days (the default) it is fine; against every period (--match all) each batch hour fails (the storm rule:
// 3x the busiest period that is no storm); a storm at 10x is paged either way. A database whose store holds its cron's
// checks is judged by its latest check's --match whatever the option.
TEST(Fleet, LikePeriodsJudgeADailyCycleByItsHour) {
  TempDir dir;
  const int days = 8;
  {
    auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write);
    std::mt19937 rng(7);
    std::vector<PreparedPeriod> batch;
    for (int db = 0; db < 3; ++db) {
      batch.clear();
      for (int h = 0; h < days * 24; ++h) {
        double aas = batch_aas(h, rng);
        if (db == 1 && h >= days * 24 - 6 && h < days * 24 - 4) aas *= 10;  // 18:00-19:59 of the last day
        batch.push_back(period(db, h, aas));
      }
      store->add_all(batch);
    }
    // DB002's cron checks with --match all: its latest stored check says so.
    record_vote(*store, 2, days * 24 - 30, "ok", "all");
  }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  auto by_name = [](const awrdiff::FleetPage& page, const std::string& name) -> const awrdiff::FleetDatabase* {
    for (const auto* list : {&page.troubled, &page.silent, &page.fine})
      for (const auto& d : *list)
        if (d.latest.db_name == name) return &d;
    return nullptr;
  };
  FleetOptions o = last_day(days);
  ASSERT_EQ(o.match, awrdiff::MatchPeriods::hour);  // the default
  const auto hour = awrdiff::build_fleet(*store, o);
  const auto* db0 = by_name(hour, "DB000");
  const auto* db1 = by_name(hour, "DB001");
  const auto* db2 = by_name(hour, "DB002");
  ASSERT_TRUE(db0 && db1 && db2) << hour.headline;
  EXPECT_EQ(db0->status, "ok") << db0->failed << " failed, " << db0->warned << " warned";
  EXPECT_EQ(db1->status, "fail");
  EXPECT_EQ(db1->failed, 2u);  // the storm's two hours, not the batch
  EXPECT_EQ(db1->points[18].status, "fail");
  EXPECT_EQ(db1->points[19].status, "fail");
  EXPECT_EQ(db2->match, awrdiff::MatchPeriods::all);  // its cron's
  EXPECT_TRUE(db2->match_voted);
  EXPECT_EQ(db2->status, "fail");
  EXPECT_EQ(db2->failed, 4u);  // the batch's 4 hours against every hour
  o.match = awrdiff::MatchPeriods::all;
  const auto all = awrdiff::build_fleet(*store, o);
  ASSERT_TRUE(by_name(all, "DB000")) << all.headline;
  EXPECT_EQ(by_name(all, "DB000")->failed, 4u);
  EXPECT_EQ(by_name(all, "DB000")->points[1].status, "fail");  // 01:00
  EXPECT_EQ(by_name(all, "DB001")->failed, 6u);
  std::ostringstream text;
  awrdiff::render_fleet(hour, awrdiff::Format::text, {}, text);
  EXPECT_NE(text.str().find("like periods: the same hour of the day (--match hour); 1 instance judged as its cron checks it "
                            "(--match all)"),
            std::string::npos)
      << text.str();
}

// A 2-node RAC database is one database of two instances: the headline counts databases (a database failed when one of
// its instances did) and, where they differ, the instances.
TEST(Fleet, ARacDatabaseIsCountedOnceWithItsInstances) {
  TempDir dir;
  const int days = 8;
  {
    auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write);
    fill(
        *store, 3, days, [&](int db, int h, double aas) { return db == 0 && h >= days * 24 - 3 ? aas * 20 : aas; },
        [](int) { return 1 << 30; });
    // DB001's second instance: fine.
    std::vector<PreparedPeriod> batch;
    std::mt19937 rng(3);
    for (int h = 0; h < days * 24; ++h) {
      PreparedPeriod p = period(1, h, normal_aas(1, h, rng));
      p.period.instance_number = 2;
      p.period.instance_name = "db0012";
      batch.push_back(p);
    }
    store->add_all(batch);
  }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  const auto page = awrdiff::build_fleet(*store, last_day(days));
  EXPECT_EQ(page.databases().all, 3u);
  EXPECT_EQ(page.instances().all, 4u);
  EXPECT_EQ(page.databases().failed, 1u);
  EXPECT_EQ(page.databases().fine, 2u);
  EXPECT_EQ(page.headline.substr(0, page.headline.find(';')),
            "FAIL: 1 of 3 databases failed, 0 warned, 2 fine (1 of 4 instances failed, 0 warned, 3 fine)");
  std::ostringstream text;
  awrdiff::render_fleet(page, awrdiff::Format::text, {}, text);
  EXPECT_NE(text.str().find("Fine: 2 databases, 3 instances (DB001, DB002)"), std::string::npos) << text.str();
}

// like_period_key_of_epoch is like_period_key of the time printed.
TEST(Fleet, LikePeriodKeyOfAnEpochIsCheckOne) {
  for (const auto m : {awrdiff::MatchPeriods::all, awrdiff::MatchPeriods::hour, awrdiff::MatchPeriods::weekday_hour})
    for (std::int64_t e = k_start - 86400 * 3; e < k_start + 86400 * 9; e += 1800 + 7)
      ASSERT_EQ(awrdiff::like_period_key_of_epoch(m, e), awrdiff::like_period_key(m, awrdiff::epoch_iso(e)).value_or(-1))
          << awrdiff::epoch_iso(e);
}

// A long report (11 hours) that ends in the window's last 2 hours keeps its database from being silent, though
// shorter periods begin after it: a database is silent when no period *ends* late enough, and its last period is the
// one that ended last.
TEST(Fleet, ALongPeriodEndingLateIsNoSilence) {
  TempDir dir;
  const int days = 3, end_h = days * 24;
  {
    auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::write);
    fill(
        *store, 1, days, [](int, int, double aas) { return aas; }, [&](int) { return end_h - 6; });
    auto long_one = period(0, end_h - 12, 2.0);
    long_one.period.end_time = awrdiff::epoch_iso(k_start + (end_h - 1) * 3600);
    long_one.period.end_snap = 900;
    long_one.period.begin_snap = 899;
    long_one.period.elapsed_s = 11 * 3600;
    long_one.period.source = "db000_long.html";
    store->add(long_one);
  }
  auto store = HistoryStore::open(dir.file("h.sqlite"), HistoryAccess::read);
  FleetOptions o = last_day(days);
  o.location = store->location();
  const auto page = awrdiff::build_fleet(*store, o);
  EXPECT_TRUE(page.silent.empty()) << page.headline;
  const auto rows = store->fleet_rows(o.from_epoch - o.window_s, o.to_epoch, {"db_time_per_s"}, o.from_epoch);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].latest.source, "db000_long.html");
  EXPECT_EQ(rows[0].latest_end_epoch, k_start + (end_h - 1) * 3600);
}
