// The history store (history.hpp) in SQLite: adding periods (no-ops, overlaps, any order), the window a
// check takes (same database and instance, invalid periods, restarts and the current period left out),
// the must-show year of hourly periods with a weekly rhythm and one injected regression, and a store that
// stays consistent with concurrent writers, a killed writer, a store of a newer schema and damaged files.
#include "tests/support/corpus.hpp"
#include "tests/support/history_year.hpp"
#include "tests/support/samples.hpp"
#include "tests/support/temp_dir.hpp"

#include <awrdiff/check.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/period_detail.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/sql_text.hpp>
#include <awrdiff/timeline.hpp>

#include <gtest/gtest.h>

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using awrdiff::HistoryAccess;
using awrdiff::HistoryStore;
using awrdiff::testing::sample_report;
using awrdiff::testing::SyntheticYear;

// A fresh directory for one test, removed at the end.
struct TempDir : awrdiff::testing::TempDir {
  TempDir() : awrdiff::testing::TempDir("awrdiff-history-") {}
};

std::string read_bytes(const std::string& f) {
  std::ifstream in(f, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<HistoryStore> open_write(const std::string& f) { return HistoryStore::open(f, HistoryAccess::write); }

// A store of the samples' first two periods at `file` (a migration test then makes it look older).
void store_two_samples(const std::string& file) {
  auto store = open_write(file);
  store->add(sample_report("good.html"));
  store->add(sample_report("good_1.html"));
}

// Runs raw SQL on an SQLite store (to make a newer schema or inspect rows).
void raw_sql(const std::string& file, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err != nullptr ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
}

const awrdiff::CheckResult* result(const awrdiff::CheckReport& r, std::string_view key) {
  for (const auto& x : r.results)
    if (x.key == key) return &x;
  return nullptr;
}

TEST(History, DurationsAndTimes) {
  EXPECT_EQ(awrdiff::parse_duration("90d"), 90 * 86400);
  EXPECT_EQ(awrdiff::parse_duration("2w"), 14 * 86400);
  EXPECT_EQ(awrdiff::parse_duration("12h"), 12 * 3600);
  EXPECT_THROW(awrdiff::parse_duration("28"), awrdiff::Error);  // no unit: d, h or w
  EXPECT_THROW(awrdiff::parse_duration("0d"), awrdiff::Error);
  EXPECT_THROW(awrdiff::parse_duration("d"), awrdiff::Error);
  EXPECT_THROW(awrdiff::parse_duration("-3d"), awrdiff::Error);
  EXPECT_THROW(awrdiff::parse_duration("3y"), awrdiff::Error);
  EXPECT_EQ(awrdiff::iso_epoch("1970-01-02T00:00:01"), 86401);
  EXPECT_EQ(awrdiff::epoch_iso(*awrdiff::iso_epoch("2024-02-29T23:59:58")), "2024-02-29T23:59:58");
  EXPECT_EQ(awrdiff::epoch_iso(SyntheticYear::k_start_epoch), "2024-01-01T00:00:00");
  EXPECT_FALSE(awrdiff::iso_epoch("14-Mar-25"));
  // A day its month does not have is no time (it was read as a day of the next month).
  EXPECT_FALSE(awrdiff::iso_epoch("2023-02-29T00:00"));
  EXPECT_FALSE(awrdiff::iso_epoch("2023-09-31T00:00"));
  EXPECT_FALSE(awrdiff::iso_epoch("2023-12-32T00:00"));
  EXPECT_EQ(awrdiff::epoch_iso(*awrdiff::iso_epoch("2023-12-31T23:59")), "2023-12-31T23:59:00");
  EXPECT_TRUE(awrdiff::iso_epoch("2000-02-29T00:00"));  // a leap year of the 400-year rule
  EXPECT_FALSE(awrdiff::iso_epoch("1900-02-29T00:00"));
  EXPECT_TRUE(awrdiff::is_postgresql_location("postgresql://u@h/db"));
  EXPECT_FALSE(awrdiff::is_postgresql_location("/tmp/h.sqlite"));
}

TEST(History, PasswordsAreLeftOutOfEveryLocationShown) {
  using awrdiff::redact_location;
  // URI form: the user information's password, and password= / sslpassword= in the query.
  EXPECT_EQ(redact_location("postgresql://dba:s3cret@dbhost:5432/history"), "postgresql://dba@dbhost:5432/history");
  EXPECT_EQ(redact_location("postgres://dba:p%40ss:w@rd@dbhost/history"), "postgres://dba@dbhost/history");
  EXPECT_EQ(redact_location("postgresql://dba@/postgres?host=/tmp&password=s3cret&sslmode=require"),
            "postgresql://dba@/postgres?host=/tmp&password=***&sslmode=require");
  EXPECT_EQ(redact_location("postgresql:///h?sslpassword=k3y#x"), "postgresql:///h?sslpassword=***#x");
  // A password holding '#', '?' or '/', typed raw or percent-encoded (libpq ends the user information at its '@').
  EXPECT_EQ(redact_location("postgresql://u:pa#SECRET@host/x"), "postgresql://u@host/x");
  EXPECT_EQ(redact_location("postgresql://u:pa?SECRET@host/x"), "postgresql://u@host/x");
  EXPECT_EQ(redact_location("postgresql://u:pa/SECRET@host/x"), "postgresql://u@host/x");
  EXPECT_EQ(redact_location("postgresql://u:pa%23SE%2FCRET@host:5432/x?sslmode=require"),
            "postgresql://u@host:5432/x?sslmode=require");
  EXPECT_EQ(awrdiff::redact_secrets("password authentication failed for pa#SE/CRET", "postgresql://u:pa%23SE%2FCRET@h/x"),
            "password authentication failed for ***");
  // Keyword/value form, quoted or not, any case of the keyword.
  EXPECT_EQ(redact_location("host=dbhost dbname=history user=dba password=s3cret"),
            "host=dbhost dbname=history user=dba password=***");
  EXPECT_EQ(redact_location("host=dbhost PASSWORD = 'se cr\\'et' dbname=history"), "host=dbhost PASSWORD = '***' dbname=history");
  // Nothing to leave out.
  for (const char* kept : {"postgresql://dba@dbhost/history", "/var/lib/awrdiff/history.sqlite", "host=dbhost user=dba",
                           "postgresql://dba@h/db?passfile=/home/dba/.pgpass"})
    EXPECT_EQ(redact_location(kept), kept);
  // A driver's message quoting the connection string.
  EXPECT_EQ(awrdiff::redact_secrets("invalid percent-encoded token: \"s3c%zzret\"", "postgresql://u:s3c%zzret@h/db"),
            "invalid percent-encoded token: \"***\"");
  EXPECT_EQ(awrdiff::redact_secrets("missing \"=\" after \"s3cretpw\"", "host=h password=s3cretpw x"),
            "missing \"=\" after \"***\"");
  // The keyword/value form is a PostgreSQL store, not an SQLite file named after it.
  EXPECT_TRUE(awrdiff::is_postgresql_location("host=dbhost dbname=history"));
  EXPECT_TRUE(awrdiff::is_postgresql_location("postgres://h/db"));
  EXPECT_FALSE(awrdiff::is_postgresql_location("/tmp/history.sqlite"));
  EXPECT_FALSE(awrdiff::is_postgresql_location("./a=b.sqlite"));
}

TEST(History, DefaultLocationFollowsTheEnvironment) {
  const char* keep[] = {"AWRDIFF_HISTORY", "XDG_DATA_HOME", "HOME"};
  std::map<std::string, std::optional<std::string>> saved;
  for (const char* k : keep) saved[k] = std::getenv(k) ? std::optional<std::string>(std::getenv(k)) : std::nullopt;
  setenv("AWRDIFF_HISTORY", "/x/h.sqlite", 1);
  EXPECT_EQ(awrdiff::default_history_location(), "/x/h.sqlite");
  unsetenv("AWRDIFF_HISTORY");
  setenv("XDG_DATA_HOME", "/data", 1);
  EXPECT_EQ(awrdiff::default_history_location(), "/data/awrdiff/history.sqlite");
  unsetenv("XDG_DATA_HOME");
  setenv("HOME", "/home/dba", 1);
  EXPECT_EQ(awrdiff::default_history_location(), "/home/dba/.local/share/awrdiff/history.sqlite");
  for (const auto& [k, v] : saved)
    if (v) setenv(k.c_str(), v->c_str(), 1);
    else unsetenv(k.c_str());
}

TEST(History, AddIsANoOpTheSecondTimeAndKeepsEveryMetric) {
  TempDir dir;
  auto store = open_write(dir.file("sub/dir/h.sqlite"));  // the directory is created
  EXPECT_EQ(store->schema_version(), awrdiff::k_history_schema_version);
  const auto& good = sample_report("good.html");
  const auto first = store->add(good);
  EXPECT_TRUE(first.added);
  EXPECT_FALSE(first.overlapping);
  EXPECT_FALSE(store->add(good).added);
  ASSERT_EQ(store->periods().size(), 1u);
  const auto p = store->periods().front();
  EXPECT_EQ(p.dbid, 1234567890u);
  EXPECT_EQ(p.instance_number, 1);
  EXPECT_EQ(p.begin_snap, 4410);
  EXPECT_EQ(p.begin_time, "2025-03-14T14:00:03");
  EXPECT_EQ(p.startup_time, "2025-03-02T06:12:00");
  EXPECT_TRUE(p.valid);
  // Every checked, non-family registry metric the report gives is a row.
  const auto values = awrdiff::period_of(good).values;
  std::size_t rows = 0;
  std::istringstream csv(store->export_text("csv"));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line.rfind("dbid,db_name,instance_number", 0), 0u);
  while (std::getline(csv, line)) ++rows;
  EXPECT_EQ(rows, values.size());
  const auto series = store->metric_series("db_time_per_s");
  ASSERT_EQ(series.size(), 1u);
  EXPECT_DOUBLE_EQ(series.front().value, values.at("db_time_per_s"));
  EXPECT_THROW(store->metric_series("no_such_metric"), awrdiff::Error);
  EXPECT_TRUE(store->verify().empty());
  // jsonl: one object per period and metric.
  const auto jsonl = store->export_text("jsonl");
  EXPECT_EQ(static_cast<std::size_t>(std::count(jsonl.begin(), jsonl.end(), '\n')), values.size());
  EXPECT_NE(jsonl.find("\"metric\":\"db_time_per_s\""), std::string::npos);
  EXPECT_THROW(store->export_text("xml"), awrdiff::Error);
}

TEST(History, OverlappingPeriodsAreStoredAndBothFlagged) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  auto a = sample_report("good.html");
  auto b = a;  // 14:05 .. 14:15: overlaps good (14:00 .. 14:10) and bad (14:10 .. 14:20)
  b.interval.begin_snap = 9001;
  b.interval.end_snap = 9002;
  b.interval.begin_time = "14-Mar-25 14:05:00";
  b.interval.end_time = "14-Mar-25 14:15:00";
  EXPECT_FALSE(store->add(a).overlapping);
  EXPECT_FALSE(store->add(sample_report("good_1.html")).overlapping);
  const auto r = store->add(b);
  EXPECT_TRUE(r.added);
  EXPECT_TRUE(r.overlapping);
  ASSERT_EQ(r.overlaps.size(), 1u);
  EXPECT_NE(r.overlaps.front().find("4410-4411"), std::string::npos);
  std::size_t flagged = 0;
  for (const auto& p : store->periods()) flagged += p.overlapping;
  EXPECT_EQ(flagged, 2u);
  const auto series = store->series();
  ASSERT_EQ(series.size(), 1u);
  EXPECT_EQ(series.front().overlapping, 2u);
}

// Adding the same reports in another order gives the same rows (the export holds every value and
// flag, without the store's own ids and times).
TEST(History, AnyOrderGivesTheSameStore) {
  std::vector<awrdiff::Snapshot> reports;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html", "bad.html", "improved.html",
                        "commit_normal.html", "commit_spike.html", "lgwr_before.html", "lgwr_after.html", "good.txt", "bad.txt"})
    reports.push_back(sample_report(n));
  // The corpus series of one database (RMGTIBN: overlapping ranges, an instance restart) when present.
  const fs::path corpus = awrdiff::testing::corpus_dir();
  for (const char* n : {"awr-html_19c_jdmoreno_1.html", "awr-html_19c_jdmoreno_2.html", "awr-html_19c_jdmoreno_3.html",
                        "awr-html_19c_jdmoreno_4.html", "awr-html_19c_jdmoreno_5.html", "awr-html_19c_jdmoreno_7.html"})
    if (fs::exists(corpus / n)) reports.push_back(awrdiff::load_report(corpus / n));
  TempDir dir;
  std::vector<awrdiff::PreparedPeriod> prepared;
  for (const auto& s : reports) prepared.push_back(awrdiff::prepare_history_period(s, false));
  std::string first;
  std::mt19937 rng(7);
  for (int round = 0; round < 4; ++round) {
    auto order = prepared;
    if (round == 1) std::reverse(order.begin(), order.end());
    if (round >= 2) std::shuffle(order.begin(), order.end(), rng);
    auto store = open_write(dir.file(fmt::format("h{}.sqlite", round)));
    for (const auto& p : order) store->add(p);
    for (const auto& p : order) EXPECT_FALSE(store->add(p).added);  // all no-ops the second time
    const auto text = store->export_text("csv");
    if (round == 0) first = text;
    else EXPECT_EQ(text, first) << "round " << round;
    EXPECT_TRUE(store->verify().empty());
  }
  // good.txt is the same period as good.html: kept once.
  auto store = open_write(dir.file("h0.sqlite"));
  std::size_t at_4410 = 0;
  for (const auto& p : store->periods(1234567890u)) at_4410 += p.begin_snap == 4410;
  EXPECT_EQ(at_4410, 1u);
}

TEST(History, WindowTakesLikePeriodsOfTheSameInstanceBeforeTheCurrentOne) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> batch;
  for (int h = 0; h < 24 * 14; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), false));
  // Another instance and another database at the same times: never in the window.
  auto other_instance = year.period(24 * 13 + 10);
  other_instance.database.instance_number = 2;
  batch.push_back(awrdiff::prepare_history_period(other_instance, false));
  auto other_db = year.period(24 * 13 + 10);
  other_db.database.dbid = 42;
  batch.push_back(awrdiff::prepare_history_period(other_db, false));
  // An invalid period (a restart inside it) and the first period after a restart.
  batch[24 * 7 + 10].period.valid = false;  // Monday of week 2, 10:00
  batch[24 * 7 + 10].period.invalid_reason = "RESULTS ARE INVALID";
  batch[24 * 8 + 9].period.startup_time = awrdiff::epoch_iso(SyntheticYear::k_start_epoch + (24 * 8 + 8) * 3600 + 1800);
  for (int h = 24 * 8 + 10; h < 24 * 14; ++h) batch[h].period.startup_time = batch[24 * 8 + 9].period.startup_time;
  store->add_all(batch);
  EXPECT_TRUE(store->verify().empty());

  const auto current = year.period(24 * 14 + 10);  // Monday of week 3, 10:00
  awrdiff::WindowOptions w;
  w.window_s = 14 * 86400;
  const auto all = store->load_window(current, w);
  // 336 periods of week 1 and 2, less the invalid one and the one after the restart.
  EXPECT_EQ(all.periods.size(), 24u * 14 - 10 - 2) << fmt::format("{}", fmt::join(all.notes, "; "));
  EXPECT_EQ(all.dbid, 1234567890u);
  ASSERT_EQ(all.instances.size(), 1u);
  EXPECT_EQ(all.instances.front(), 1);
  EXPECT_TRUE(std::is_sorted(all.periods.begin(), all.periods.end(),
                             [](const auto& x, const auto& y) { return x.begin_time < y.begin_time; }));
  EXPECT_EQ(all.notes.size(), 2u) << fmt::format("{}", fmt::join(all.notes, "; "));
  for (const auto& p : all.periods) EXPECT_FALSE(p.values.empty());
  w.match = awrdiff::MatchPeriods::hour;
  EXPECT_EQ(store->load_window(current, w).periods.size(), 14u - 1);  // the invalid Monday 10:00 left out
  w.match = awrdiff::MatchPeriods::weekday_hour;
  const auto like = store->load_window(current, w);
  ASSERT_EQ(like.periods.size(), 1u);  // Monday 10:00 of week 1 (week 2's is invalid)
  EXPECT_EQ(like.periods.front().begin_time, "2024-01-01T10:00:00");
  // The window's length counts: one week back holds no Monday 10:00 but the invalid one.
  w.window_s = 7 * 86400;
  EXPECT_TRUE(store->load_window(current, w).periods.empty());
  // The current period itself, once stored, is left out of its own window; so is a period that overlaps it.
  store->add(current, false);
  auto overlapping = year.period(24 * 14 + 10);
  overlapping.interval.begin_snap = 1;
  overlapping.interval.end_snap = 3;
  overlapping.interval.begin_time = SyntheticYear::iso(24 * 14 + 9, 1800);
  overlapping.interval.end_time = SyntheticYear::iso(24 * 14 + 10, 1800);
  store->add(overlapping, false);
  w.window_s = 14 * 86400;
  w.match = awrdiff::MatchPeriods::all;
  const auto again = store->load_window(current, w);
  EXPECT_EQ(again.periods.size(), 24u * 14 - 10 - 2);
  // A check against the window: the current period is within its baseline.
  const auto r = awrdiff::check(current, again, awrdiff::default_policy(), {awrdiff::MatchPeriods::hour, {}, {}});
  EXPECT_NE(r.status, awrdiff::CheckStatus::fail) << r.headline;
}

// A long window comes to check() as one distribution per metric instead of its periods: the same outcome.
TEST(History, ASummarisedWindowChecksAsItsPeriods) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> batch;
  for (int h = 0; h < 1300; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), false));
  store->add_all(batch);
  auto describe = [](const awrdiff::CheckReport& r) {
    std::string out = fmt::format("{} | {} | {}\n", awrdiff::to_string(r.status), r.headline, r.baseline_periods);
    for (const auto& x : r.results)
      out += fmt::format("{} {} {} {} {} {} {} {} {} {}\n", x.key, awrdiff::to_string(x.status), x.baseline.count,
                         x.baseline.median.value_or(-1), x.baseline.mad.value_or(-1), x.baseline.sd.value_or(-1),
                         x.band_low.value_or(-1), x.band_high.value_or(-1), x.z.value_or(-1), x.method);
    return out;
  };
  auto spiked = year.period(1290);
  for (auto& r : spiked.time_model)
    if (r.time_s) *r.time_s *= 3;
  for (const auto& current : {year.period(1290), spiked}) {
    awrdiff::WindowOptions w;
    w.window_s = 60 * 86400;
    const auto summarised = store->load_window(current, w);
    EXPECT_TRUE(summarised.periods.empty());
    EXPECT_FALSE(summarised.aggregates.empty());
    w.summarize_above = 100000;
    const auto periods = store->load_window(current, w);
    EXPECT_EQ(periods.periods.size(), 1290u);
    const auto a = awrdiff::check(current, summarised, awrdiff::default_policy());
    const auto b = awrdiff::check(current, periods, awrdiff::default_policy());
    EXPECT_EQ(describe(a), describe(b));
    EXPECT_EQ(a.baseline_periods, 1290u);
  }
}

// The must-show: a year of hourly periods with a weekly rhythm and one injected regression. check with
// --match weekday-hour over a 28-day window flags the injected hour and none of the normal ones.
TEST(History, AYearOfHourlyPeriodsFlagsTheInjectedHourOnly) {
  TempDir dir;
  const auto file = dir.file("year.sqlite");
  const SyntheticYear year(sample_report("good.html"));
  {
    auto store = open_write(file);
    std::vector<awrdiff::PreparedPeriod> batch;
    batch.reserve(SyntheticYear::k_hours);
    for (int h = 0; h < SyntheticYear::k_hours; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), false));
    store->add_all(batch);
    const auto size = store->size_bytes();
    ASSERT_TRUE(size);
    const double per_period = static_cast<double>(*size) / SyntheticYear::k_hours;
    std::printf("[ history ] store of %d hourly periods without snapshot JSON: %.0f bytes per period\n", SyntheticYear::k_hours,
                per_period);
    EXPECT_LT(per_period, 20 * 1024);
  }
  auto store = HistoryStore::open(file, HistoryAccess::read);
  const auto policy = awrdiff::default_policy();
  awrdiff::CheckOptions opt;
  opt.match = awrdiff::MatchPeriods::weekday_hour;
  awrdiff::WindowOptions w;
  w.match = opt.match;
  // Every hour after the first four weeks (a full window behind it). The sanitizer build checks every
  // seventh hour (and the injected one): the same code, a seventh of the time.
#if defined(__SANITIZE_ADDRESS__)
  const int step = 7;
#else
  const int step = 1;
#endif
  int checked = 0, false_fail = 0, warned = 0;
  bool regression_failed = false;
  std::string first_false, first_warn;
  const auto t0 = std::chrono::steady_clock::now();
  for (int h = 28 * 24; h < SyntheticYear::k_hours; ++h) {
    if (h % step != 0 && h != SyntheticYear::k_regression_hour) continue;
    const auto current = year.period(h);
    const auto baseline = store->load_window(current, w);
    ASSERT_EQ(baseline.periods.size(), 4u) << h;
    const auto r = awrdiff::check(current, baseline, policy, opt);
    ++checked;
    if (h == SyntheticYear::k_regression_hour) {
      regression_failed = r.status == awrdiff::CheckStatus::fail;
      EXPECT_EQ(result(r, "db_time_per_s")->status, awrdiff::CheckStatus::fail) << r.headline;
      EXPECT_NE(r.headline.find("[like periods: same weekday and hour]"), std::string::npos) << r.headline;
      continue;
    }
    if (r.status == awrdiff::CheckStatus::fail) {
      ++false_fail;
      if (first_false.empty()) first_false = fmt::format("{}: {}", SyntheticYear::iso(h), r.headline);
    }
    if (r.status == awrdiff::CheckStatus::warn && warned++ == 0)
      first_warn = fmt::format("{}: {}", SyntheticYear::iso(h), r.headline);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "[ history ] %d hours checked (window 28d, weekday-hour): injected regression %s, false positives (fail) %d, "
      "warnings %d; %.2f ms per window + check\n",
      checked, regression_failed ? "FAILED as it should" : "missed", false_fail, warned, seconds * 1000 / checked);
  EXPECT_TRUE(regression_failed);
  EXPECT_EQ(false_fail, 0) << first_false;
  EXPECT_EQ(warned, 0) << first_warn;
}

TEST(History, NewerSchemaIsRefusedAndLeftAsItIs) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  open_write(file)->add(sample_report("good.html"));
  raw_sql(file, "UPDATE meta SET value = '99' WHERE name = 'schema_version'");
  const auto before = read_bytes(file);
  for (auto access : {HistoryAccess::read, HistoryAccess::write}) {
    try {
      HistoryStore::open(file, access);
      ADD_FAILURE() << "a store of schema 99 was opened";
    } catch (const awrdiff::Error& e) {
      EXPECT_NE(std::string(e.what()).find("newer than this awrdiff"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_TRUE(read_bytes(file) == before);
}

TEST(History, AFileThatIsNoStoreIsNeverWritten) {
  TempDir dir;
  // Not SQLite at all; an SQLite file of another program; a store cut short.
  const auto junk = dir.file("junk.sqlite");
  std::ofstream(junk) << "this is not a database, but a DBA's notes\n";
  const auto other = dir.file("other.sqlite");
  raw_sql(other, "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
  const auto cut = dir.file("cut.sqlite");
  {
    auto store = open_write(cut);
    const SyntheticYear year(sample_report("good.html"));
    std::vector<awrdiff::PreparedPeriod> batch;
    for (int h = 0; h < 200; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), false));
    store->add_all(batch);
  }
  {
    auto bytes = read_bytes(cut);
    ASSERT_GT(bytes.size(), 8192u);
    bytes.resize(bytes.size() / 2);
    std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes;
  }
  const auto corrupt = dir.file("corrupt.sqlite");
  {
    fs::copy_file(dir.file("cut.sqlite"), corrupt);
    auto bytes = read_bytes(corrupt);
    for (std::size_t i = 4096 + 100; i < bytes.size(); i += 7) bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
    std::ofstream(corrupt, std::ios::binary | std::ios::trunc) << bytes;
  }
  for (const auto& f : {junk, other, cut, corrupt}) {
    const auto before = read_bytes(f);
    bool refused = false;
    try {
      auto store = open_write(f);
      store->add(sample_report("good.html"));
      store->periods();
    } catch (const awrdiff::Error& e) {
      refused = true;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    EXPECT_TRUE(refused) << f;
    EXPECT_TRUE(read_bytes(f) == before) << f << " was changed";
    EXPECT_FALSE(fs::exists(f + "-wal") && fs::file_size(f + "-wal") > 0) << f;
  }
}

// Two writers at once (separate connections, as two processes would have): every period of both is
// stored, none twice, and the store is consistent.
TEST(History, ConcurrentWritersLoseNothing) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> prepared;
  for (int h = 0; h < 120; ++h) prepared.push_back(awrdiff::prepare_history_period(year.period(h), false));
  std::atomic<int> added{0};
  auto writer = [&](int from, int step) {
    auto store = open_write(file);  // both may create the store: one does, the other finds it
    for (int i = from; i < 120; i += step) added += store->add(prepared[i]).added;
    for (int i = 0; i < 120; i += 5) added += store->add(prepared[i]).added;  // shared: only one stores each
  };
  std::thread a(writer, 0, 2), b(writer, 1, 2);
  a.join();
  b.join();
  EXPECT_EQ(added.load(), 120);
  auto store = HistoryStore::open(file, HistoryAccess::read);
  EXPECT_EQ(store->periods().size(), 120u);
  EXPECT_TRUE(store->verify().empty());
  EXPECT_THROW(store->add(year.period(500), false), awrdiff::Error);  // a read connection does not write
}

// A writer killed (SIGKILL) in the middle of adding: what was committed is there, complete; nothing
// half-written; the next writer carries on.
TEST(History, AKilledWriterLeavesAConsistentStore) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  const SyntheticYear year(sample_report("good.html"));
  {
    auto store = open_write(file);
    for (int h = 0; h < 10; ++h) store->add(year.period(h), false);
  }
  std::vector<awrdiff::PreparedPeriod> prepared;
  for (int h = 10; h < 1000; ++h) prepared.push_back(awrdiff::prepare_history_period(year.period(h), true));
  std::size_t stored = 10;
  for (int round = 0; round < 3; ++round) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        auto store = open_write(file);
        for (const auto& p : prepared) store->add(p);
      } catch (...) {}
      _exit(0);
    }
    // Killed once it has stored a few more periods, in the middle of its next one.
    const std::size_t target = stored + 5 + static_cast<std::size_t>(round) * 20;
    for (int i = 0; i < 1000; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      if (HistoryStore::open(file, HistoryAccess::read)->periods().size() >= target) break;
    }
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status));
    auto store = HistoryStore::open(file, HistoryAccess::read);
    const auto periods = store->periods();
    EXPECT_GE(periods.size(), stored);  // nothing already stored is lost
    stored = periods.size();
    EXPECT_TRUE(store->verify().empty()) << fmt::format("{}", fmt::join(store->verify(), "; "));
    std::printf("[ history ] writer killed (SIGKILL), round %d: %zu periods stored and consistent\n", round, periods.size());
  }
  // The next add carries on where the killed ones stopped.
  auto store = open_write(file);
  for (int i = 0; i < 50; ++i) store->add(prepared[static_cast<std::size_t>(i)]);
  EXPECT_GE(store->periods().size(), 60u);
  EXPECT_TRUE(store->verify().empty());
}

TEST(History, ListShowsGapsAndRestarts) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  for (int h : {0, 1, 2, 5, 6}) {
    auto s = year.period(h);
    if (h >= 5) s.database.startup_time = SyntheticYear::iso(4, 600).replace(10, 1, " ");
    store->add(s, false);
  }
  const auto series = store->series();
  ASSERT_EQ(series.size(), 1u);
  const auto& s = series.front();
  EXPECT_EQ(s.periods, 5u);
  ASSERT_EQ(s.gaps.size(), 1u);
  EXPECT_EQ(s.gaps.front().first, "2024-01-01T03:00:00");
  EXPECT_EQ(s.gaps.front().second, "2024-01-01T05:00:00");
  ASSERT_EQ(s.restarts.size(), 1u);
  EXPECT_EQ(s.restarts.front().first, "2024-01-01T04:10:00");
  EXPECT_EQ(s.latest.series_label(), "ORCL19 (DB Id 1234567890) instance 1");
}

TEST(History, PruneKeepsTheLastWindowOfEachSeries) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> batch;
  for (int d = 0; d < 120; ++d) batch.push_back(awrdiff::prepare_history_period(year.period(d * 24 + 9), false));
  store->add_all(batch);
  awrdiff::CheckRecord old;
  old.dbid = 1234567890;
  old.instance_number = 1;
  old.period_key = "old";
  old.begin_time = SyntheticYear::iso(9);
  old.end_time = SyntheticYear::iso(10);
  old.status = "ok";
  store->record_check(old);
  EXPECT_EQ(store->prune(awrdiff::parse_duration("90d"), true), 29u);  // dry run
  EXPECT_EQ(store->periods().size(), 120u);
  EXPECT_EQ(store->prune(awrdiff::parse_duration("90d")), 29u);
  EXPECT_EQ(store->periods().size(), 91u);
  EXPECT_EQ(store->periods().front().begin_time, "2024-01-30T09:00:00");
  EXPECT_TRUE(store->recent_checks(1234567890, 1, std::nullopt, 5).empty());
  EXPECT_TRUE(store->verify().empty());
}

TEST(History, CheckOutcomesAreKeptPerPeriod) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  auto rec = [&](int h, const char* status) {
    awrdiff::CheckRecord r;
    r.dbid = 1234567890;
    r.instance_number = 1;
    r.period_key = fmt::format("p{}", h);
    r.begin_time = SyntheticYear::iso(h);
    r.end_time = SyntheticYear::iso(h + 1);
    r.status = status;
    r.exit_code = std::string(status) == "fail" ? 1 : 0;
    store->record_check(r);
  };
  rec(1, "fail");
  rec(2, "ok");
  rec(3, "fail");
  rec(2, "fail");  // the same period checked again: its latest outcome counts
  const auto last = store->recent_checks(1234567890, 1, std::nullopt, 2);
  ASSERT_EQ(last.size(), 2u);
  EXPECT_EQ(last[0].period_key, "p3");
  EXPECT_EQ(last[1].period_key, "p2");
  EXPECT_EQ(last[1].status, "fail");
  EXPECT_EQ(store->recent_checks(1234567890, 1, std::nullopt, 10).size(), 3u);
  EXPECT_TRUE(store->recent_checks(1234567890, 2, std::nullopt, 10).empty());
}

// A restart matters to the first period after it only when it falls inside it or just before it: in a sparse
// history (one period, then the next 20 days later) a restart 10 days before is no cold cache. And a period whose
// stored check failed is left out of later windows (a storm is not normal), unless --keep-failed.
TEST(History, OnlyARecentRestartAndNoFailedPeriodLeaveTheWindow) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  auto first = year.period(0);
  auto later = year.period(24 * 20);  // 20 days later
  later.database.startup_time = SyntheticYear::iso(24 * 10).replace(10, 1, " ");
  auto recent = year.period(24 * 20 + 2);  // its instance started 30 minutes before it began
  recent.database.startup_time = SyntheticYear::iso(24 * 20 + 1, 1800).replace(10, 1, " ");
  auto after_recent = year.period(24 * 20 + 3);
  for (const auto* s : {&first, &later, &recent, &after_recent}) store->add(*s, false);
  const auto current = year.period(24 * 20 + 5);
  awrdiff::WindowOptions w;
  auto w1 = store->load_window(current, w);
  // first, later (restart 10 days before: kept) and after_recent; recent (30 minutes after a restart) left out.
  EXPECT_EQ(w1.periods.size(), 3u) << fmt::format("{}", fmt::join(w1.notes, "; "));
  EXPECT_TRUE(std::any_of(w1.notes.begin(), w1.notes.end(), [](const std::string& n) {
    return n.find("1 like period left out: the first after an instance restart") == 0;
  })) << fmt::format("{}", fmt::join(w1.notes, "; "));
  // The later period's check failed (its latest vote): left out, and said; --keep-failed keeps it.
  awrdiff::CheckRecord rec;
  rec.dbid = 1234567890;
  rec.instance_number = 1;
  rec.period_key = HistoryStore::period_key(later);
  rec.begin_time = SyntheticYear::iso(24 * 20);
  rec.end_time = SyntheticYear::iso(24 * 20 + 1);
  rec.status = "ok";
  store->record_check(rec);
  rec.status = "fail";
  rec.exit_code = 1;
  store->record_check(rec);
  const auto w2 = store->load_window(current, w);
  EXPECT_EQ(w2.periods.size(), 2u) << fmt::format("{}", fmt::join(w2.notes, "; "));
  EXPECT_TRUE(std::any_of(w2.notes.begin(), w2.notes.end(), [](const std::string& n) {
    return n.find("1 like period left out: its check failed") == 0;
  })) << fmt::format("{}", fmt::join(w2.notes, "; "));
  w.keep_failed = true;
  EXPECT_EQ(store->load_window(current, w).periods.size(), 3u);
  // A later vote that passed puts it back.
  rec.status = "ok";
  rec.exit_code = 0;
  store->record_check(rec);
  w.keep_failed = false;
  EXPECT_EQ(store->load_window(current, w).periods.size(), 3u);
}

TEST(History, StoredSnapshotsMakeTheTypicalPeriod) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html"}) store->add(sample_report(n));
  // bad.html, moved to the next day's 14:00.
  auto bad = sample_report("bad.html");
  bad.interval.begin_snap = 4986;
  bad.interval.end_snap = 4987;
  bad.interval.begin_time = "18-Mar-25 14:00:05";
  bad.interval.end_time = "18-Mar-25 14:10:07";
  awrdiff::WindowOptions w;
  w.match = awrdiff::MatchPeriods::hour;
  const auto b = store->load_window(bad, w);
  EXPECT_EQ(b.periods.size(), 4u);
  EXPECT_EQ(b.snapshots.size(), 4u);
  w.typical_periods = 2;
  EXPECT_EQ(store->load_window(bad, w).snapshots.size(), 2u);
  const auto r = awrdiff::check(bad, b, awrdiff::default_policy(), {awrdiff::MatchPeriods::hour, {}, {}});
  EXPECT_EQ(r.status, awrdiff::CheckStatus::fail) << r.headline;
  EXPECT_NE(r.headline.find("81uvdbt46vt5p"), std::string::npos) << r.headline;  // the cause, from the typical period
  // The same against the reports themselves.
  std::vector<awrdiff::Snapshot> files;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html"}) files.push_back(sample_report(n));
  const auto direct = awrdiff::check(bad, awrdiff::baseline_from_snapshots(files), awrdiff::default_policy(),
                                     {awrdiff::MatchPeriods::hour, {}, {}});
  EXPECT_EQ(direct.status, r.status);
  ASSERT_EQ(direct.results.size(), r.results.size());
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    EXPECT_EQ(direct.results[i].status, r.results[i].status) << r.results[i].key;
    EXPECT_EQ(direct.results[i].baseline.median, r.results[i].baseline.median) << r.results[i].key;
  }
}

// The stored snapshots read back for the timeline's top SQL and wait classes: the latest `limit` of the range, oldest
// first; a period stored without one is not returned.
TEST(History, StoredSnapshotsAreReadBackForATimeline) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html"}) store->add(sample_report(n));
  store->add(sample_report("good_4.html"), false);  // no snapshot kept
  const auto id = store->series().at(0).latest;
  auto all = store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_LT(all[0].first.begin_time, all[1].first.begin_time);
  EXPECT_FALSE(all[3].second.sql.empty());
  auto latest = store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 2);
  ASSERT_EQ(latest.size(), 2u);
  EXPECT_EQ(latest[1].first.begin_time, all[3].first.begin_time);
  const auto from = awrdiff::iso_epoch(all[1].first.begin_time), to = awrdiff::iso_epoch(all[2].first.begin_time);
  EXPECT_EQ(store->snapshots(id.dbid, id.instance_number, id.con_dbid, from, to, 100).size(), 2u);
  EXPECT_TRUE(store->snapshots(id.dbid + 1, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100).empty());
}

// A stored body is bounded as an input is (docs/history.md): one marked past 512 MiB, a zlib bomb (more than 100x its size
// above 16 MiB) and one that does not inflate to its recorded size are not inflated, and each is said with its period.
TEST(History, StoredBodiesPastTheBoundsAreSaidNotInflated) {
  TempDir dir;
  const std::string f = dir.file("h.sqlite");
  {
    auto store = open_write(f);
    for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html"}) store->add(sample_report(n));
  }
  // A body of 64 KiB marked 64 MiB: 1,024x, a zlib bomb's ratio (refused before it is inflated).
  raw_sql(f,
          "UPDATE snapshots SET json_bytes = 1073741824 WHERE period_id = 1; "
          "UPDATE snapshots SET json_bytes = 67108864, body = zeroblob(65536) WHERE period_id = 2; "
          "UPDATE snapshots SET json_bytes = json_bytes + 1 WHERE period_id = 3");
  auto store = HistoryStore::open(f, HistoryAccess::read);
  const auto id = store->series().at(0).latest;
  std::vector<std::pair<awrdiff::HistoryPeriod, std::string>> left_out;
  const auto read = store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100, &left_out);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_NE(read[0].first.source.find("good_3.html"), std::string::npos);
  ASSERT_EQ(left_out.size(), 3u);  // latest first
  EXPECT_NE(left_out[0].first.source.find("good_2.html"), std::string::npos);
  EXPECT_NE(left_out[0].second.find("damaged: its body does not inflate to the"), std::string::npos) << left_out[0].second;
  EXPECT_NE(left_out[1].second.find("its body of 64 KiB is marked 64 MiB, more than 100x its size: a zlib bomb"),
            std::string::npos)
      << left_out[1].second;
  EXPECT_NE(left_out[2].first.source.find("good.html"), std::string::npos);
  EXPECT_EQ(left_out[2].second, "its body is marked 1 GiB, more than the 512 MiB a stored snapshot may inflate to");
}

// A reader leaves no -wal or -shm behind (another user could not reuse them), and never writes.
TEST(History, ReadersLeaveNoFileBehind) {
  TempDir dir;
  const std::string f = dir.file("h.sqlite");
  open_write(f)->add(sample_report("good.html"));
  ASSERT_FALSE(std::filesystem::exists(f + "-wal"));
  const std::string before = read_bytes(f);
  {
    auto store = HistoryStore::open(f, HistoryAccess::read);
    EXPECT_EQ(store->periods().size(), 1u);
    EXPECT_EQ(store->series().size(), 1u);
    EXPECT_THROW(store->add(sample_report("good_1.html")), awrdiff::Error);
  }
  EXPECT_FALSE(std::filesystem::exists(f + "-wal"));
  EXPECT_FALSE(std::filesystem::exists(f + "-shm"));
  EXPECT_EQ(read_bytes(f), before);
}

TEST(History, AReportWithoutDbIdIsRefused) {
  auto s = sample_report("good.html");
  s.database.dbid.reset();
  EXPECT_THROW(awrdiff::prepare_history_period(s), awrdiff::Error);
}

}  // namespace

// Retention: the bodies of the periods older than the policy's days go, but those whose latest check warned or failed;
// every value stays; the typical period and a timeline say where the detail was dropped.
TEST(History, RetentionDropsOldBodiesKeepsValuesAndSaysWhere) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> batch;
  for (int h = 0; h < 10 * 24; ++h) batch.push_back(awrdiff::prepare_history_period(year.period(h), true));
  store->add_all(batch);
  const auto id = store->series().at(0).latest;
  awrdiff::CheckRecord warned;
  warned.dbid = id.dbid;
  warned.instance_number = id.instance_number;
  warned.period_key = awrdiff::HistoryStore::period_key(year.period(5));
  warned.begin_time = SyntheticYear::iso(5);
  warned.end_time = SyntheticYear::iso(6);
  warned.status = "warn";
  store->record_check(warned);
  awrdiff::RetentionPolicy policy;
  policy.bodies_for_s = 3 * 86400;
  // Periods ending more than 3 days before the newest end (hour 240): hours 0..166; one of them warned.
  EXPECT_EQ(store->drop_bodies(policy, true), 166u);
  EXPECT_EQ(store->drop_bodies(policy), 166u);
  EXPECT_EQ(store->drop_bodies(policy), 0u);
  EXPECT_EQ(store->series().at(0).with_snapshot, 240u - 166u);
  const auto dropped = store->dropped_detail(id.dbid, id.instance_number, id.con_dbid);
  EXPECT_EQ(dropped.periods, 166u);
  EXPECT_EQ(dropped.first_begin, SyntheticYear::iso(0));
  EXPECT_EQ(dropped.last_begin, SyntheticYear::iso(166));
  EXPECT_NE(dropped.sentence().find("166 periods"), std::string::npos);
  EXPECT_EQ(store->metric_series("db_time_per_s").size(), 240u);  // every value kept
  const auto kept = store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 1000);
  EXPECT_EQ(kept.size(), 240u - 166u);
  EXPECT_EQ(kept.front().first.begin_time, SyntheticYear::iso(5));  // the warned period kept its body
  // A check whose window holds dropped bodies says so in its notes.
  awrdiff::WindowOptions w;
  w.window_s = 7 * 86400;
  const auto b = store->load_window(year.period(240), w);
  EXPECT_EQ(b.snapshots.size(), 4u);
  bool said = false;
  for (const auto& n : b.notes) said = said || n.find("dropped by the store's retention") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_TRUE(store->verify().empty());
  // Whole months: the store's months all end less than 400 days before its newest period.
  EXPECT_EQ(store->prune_months(400 * 86400, true), 0u);
}

// A version-1 store (values and snapshots without their period's DB Id and begin) is migrated by the first writer.
TEST(History, AVersionOneStoreIsMigratedInPlace) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  store_two_samples(file);
  raw_sql(
      file,
      "DROP INDEX periods_fleet; ALTER TABLE metric_values DROP COLUMN dbid; ALTER TABLE metric_values DROP COLUMN begin_epoch;"
      "ALTER TABLE snapshots DROP COLUMN dbid; ALTER TABLE snapshots DROP COLUMN begin_epoch;"
      "ALTER TABLE snapshots DROP COLUMN dropped_at; DROP TABLE details; ALTER TABLE periods DROP COLUMN db_time_per_s;"
      "UPDATE meta SET value = '1' WHERE name = 'schema_version'");
  EXPECT_THROW(HistoryStore::open(file, HistoryAccess::read), awrdiff::Error);  // a reader asks for a writer first
  auto store = open_write(file);
  EXPECT_EQ(store->schema_version(), awrdiff::k_history_schema_version);
  EXPECT_EQ(store->metric_series("db_time_per_s").size(), 2u);
  const auto id = store->series().at(0).latest;
  EXPECT_EQ(store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10).size(), 2u);
  EXPECT_TRUE(store->verify().empty());
}

namespace {

// Two details the same to the bit (a stored detail reads back as the report gave it, its texts cut).
void expect_same_detail(const awrdiff::PeriodDetail& a, const awrdiff::PeriodDetail& b, const std::string& what) {
  ASSERT_EQ(a.top_sql.size(), b.top_sql.size()) << what;
  for (std::size_t i = 0; i < a.top_sql.size(); ++i) {
    EXPECT_EQ(a.top_sql[i].sql_id, b.top_sql[i].sql_id) << what;
    EXPECT_EQ(a.top_sql[i].text, b.top_sql[i].text) << what;
    EXPECT_EQ(a.top_sql[i].elapsed_per_s, b.top_sql[i].elapsed_per_s) << what;
    EXPECT_EQ(a.top_sql[i].pct_db_time, b.top_sql[i].pct_db_time) << what;
    EXPECT_EQ(a.top_sql[i].signature_key, b.top_sql[i].signature_key) << what;
  }
  ASSERT_EQ(a.db_time_parts.size(), b.db_time_parts.size()) << what;
  for (std::size_t i = 0; i < a.db_time_parts.size(); ++i) {
    EXPECT_EQ(a.db_time_parts[i].name, b.db_time_parts[i].name) << what;
    EXPECT_EQ(a.db_time_parts[i].aas, b.db_time_parts[i].aas) << what;
  }
  ASSERT_EQ(a.top_events.size(), b.top_events.size()) << what;
  for (std::size_t i = 0; i < a.top_events.size(); ++i) {
    EXPECT_EQ(a.top_events[i].name, b.top_events[i].name) << what;
    EXPECT_EQ(a.top_events[i].aas, b.top_events[i].aas) << what;
  }
}

}  // namespace

// Schema 3: every period's detail (top SQL, DB time by wait class, top events) is stored small, reads back to the bit
// as the report gives it, and stays when retention drops the bodies.
TEST(History, EveryPeriodKeepsItsDetailWhateverRetentionDrops) {
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  const std::vector<std::string> files = {"good.html", "good_1.html", "good_2.html", "bad.html"};
  std::map<std::string, awrdiff::PeriodDetail> expected;  // begin time -> the report's detail as stored
  std::size_t cut = 0;  // texts longer than the store keeps
  for (const auto& f : files) {
    const auto s = sample_report(f);
    const auto pp = awrdiff::prepare_history_period(s, true);
    EXPECT_GT(pp.detail_json_bytes, 0u) << f;
    EXPECT_LT(pp.detail_zlib.size(), 4096u) << f << ": a detail is a few KB at most";
    const auto d = awrdiff::period_detail(s);
    EXPECT_FALSE(d.top_sql.empty()) << f;
    EXPECT_FALSE(d.db_time_parts.empty()) << f;
    EXPECT_FALSE(d.top_events.empty()) << f;
    expect_same_detail(awrdiff::period_detail_from_json(awrdiff::period_detail_json(d)), d, f + " (JSON)");
    // The store keeps each statement's first 120 bytes of text and the key of its whole text's signature.
    auto kept = d;
    for (auto& q : kept.top_sql) {
      q.signature_key = awrdiff::sql_signature_key(q.text);
      if (q.text.size() > 120) {
        ++cut;
        std::size_t n = 0;  // the whole UTF-8 characters within 120 bytes
        while (n < q.text.size()) {
          const auto c = static_cast<unsigned char>(q.text[n]);
          const std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
          if (n + len > 120) break;
          n += len;
        }
        q.text.resize(n);
      }
    }
    expected[pp.period.begin_time] = kept;
    store->add(pp);
  }
  const auto id = store->series().at(0).latest;
  auto check_details = [&](const std::string& when) {
    const auto details = store->details(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100);
    ASSERT_EQ(details.size(), files.size()) << when;
    for (const auto& [p, d] : details) expect_same_detail(d, expected.at(p.begin_time), p.begin_time + " " + when);
  };
  EXPECT_GT(cut, 0u) << "the samples' complete SQL texts run past what the store keeps";
  check_details("stored");
  // With a detail each, no body is read for it.
  EXPECT_TRUE(store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100, nullptr, true).empty());
  awrdiff::RetentionPolicy policy;
  policy.bodies_for_s = 1;
  EXPECT_EQ(store->drop_bodies(policy), files.size() - 1);
  check_details("after retention dropped the bodies");
  EXPECT_EQ(store->dropped_detail(id.dbid, id.instance_number, id.con_dbid).periods, files.size() - 1);
  EXPECT_EQ(store->dropped_detail(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, true).periods, 0u);
  // The master metric is a column of the period too: the fleet's samples read it.
  const auto rows = store->fleet_rows(0, 4102444800, {"db_time_per_s"}, 4102444800);
  ASSERT_EQ(rows.size(), 1u);
  const auto values = store->metric_series("db_time_per_s");
  ASSERT_EQ(rows[0].samples.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_TRUE(rows[0].samples[i].has_value);
    EXPECT_EQ(rows[0].samples[i].value, values[i].value);
  }
  EXPECT_TRUE(store->verify().empty());
}

// A report's complete SQL texts run to tens of KB a statement: the store keeps each one's first 120 bytes (cut at a
// character's start) and the key of its whole text's signature, so that the timeline of stored details matches a
// statement across sql_ids as it would with the whole texts: literal SQL whose literal comes after the cut is one
// statement, two statements that differ only after the cut are two.
TEST(History, AStoredTextIsCutAndStillMatchedAcrossSqlIds) {
  const std::string columns =
      "SELECT /* mail status by piece, all of its columns */ PIECE_ID, STATUS, KIND_X, ROUTE, "
      "CARRIER, WEIGHT_GRAM, POSTCODE, ÉTAT_LIVRAISON FROM MAIL_PIECE ";
  ASSERT_GT(columns.size(), 120u);
  ASSERT_EQ(static_cast<unsigned char>(columns[119]), 0xC3);  // "É" spans bytes 119 and 120: the cut is before it
  TempDir dir;
  auto store = open_write(dir.file("h.sqlite"));
  std::vector<awrdiff::TimelinePeriod> whole, stored;
  const std::vector<std::string> files = {"good.html", "good_1.html", "good_2.html", "bad.html"};
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto s = sample_report(files[i]);
    auto pp = awrdiff::prepare_history_period(s, false);
    awrdiff::PeriodDetail d;
    // Literal SQL under a new sql_id each period, its literal past the cut; two statements alike up to the cut.
    d.top_sql.push_back({"lit" + std::to_string(i), columns + "WHERE PIECE_ID = " + std::to_string(1000 + i), 2.0, {}, {}});
    d.top_sql.push_back({"fromt1", columns + "JOIN T1 USING (PIECE_ID)", 1.0, {}, {}});
    d.top_sql.push_back({"fromt2", columns + "JOIN T2 USING (PIECE_ID)", 0.5, {}, {}});
    awrdiff::set_period_detail(pp, d);
    store->add(pp);
    awrdiff::TimelinePeriod tp;
    tp.begin_time = pp.period.begin_time;
    tp.end_time = pp.period.end_time;
    tp.begin_epoch = static_cast<std::int64_t>(i) * 3600;
    tp.elapsed_s = 3600;
    tp.values["db_time_per_s"] = 3.5;
    static_cast<awrdiff::PeriodDetail&>(tp) = d;
    whole.push_back(tp);
  }
  const auto id = store->series().at(0).latest;
  const auto details = store->details(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 100);
  ASSERT_EQ(details.size(), files.size());
  for (std::size_t i = 0; i < details.size(); ++i) {
    const auto& q = details[i].second.top_sql;
    ASSERT_EQ(q.size(), 3u);
    EXPECT_EQ(q[1].text, columns.substr(0, 119)) << "cut before the character that crosses byte 120";
    EXPECT_EQ(q[1].signature_key, awrdiff::sql_signature_key(columns + "JOIN T1 USING (PIECE_ID)"));
    EXPECT_NE(q[1].signature_key, q[2].signature_key);
    auto tp = whole[i];
    static_cast<awrdiff::PeriodDetail&>(tp) = details[i].second;
    stored.push_back(tp);
  }
  const auto rows = [](const std::vector<awrdiff::TimelinePeriod>& periods) {
    std::vector<std::string> out;
    for (const auto& t : awrdiff::build_timeline("ORCL", periods).tables)
      if (t.key == "timeline_sql")
        for (const auto& r : t.rows) out.push_back(std::get<std::string>(r.cells[0]));
    return out;
  };
  const std::vector<std::string> expected = {"lit0 (+3 ids, same text)", "fromt1", "fromt2"};
  EXPECT_EQ(rows(whole), expected);
  EXPECT_EQ(rows(stored), expected);
}

// A version-2 store (no details, DB time per second only among the values) is migrated by the first writer: its
// periods' DB time per second is copied into their rows; they have no detail, so their readers fall back to the bodies.
TEST(History, AVersionTwoStoreIsMigratedInPlace) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  store_two_samples(file);
  raw_sql(file,
          "DROP INDEX periods_fleet; DROP TABLE details; ALTER TABLE periods DROP COLUMN db_time_per_s;"
          "UPDATE meta SET value = '2' WHERE name = 'schema_version'");
  EXPECT_THROW(HistoryStore::open(file, HistoryAccess::read), awrdiff::Error);  // a reader asks for a writer first
  auto store = open_write(file);
  EXPECT_EQ(store->schema_version(), awrdiff::k_history_schema_version);
  const auto id = store->series().at(0).latest;
  EXPECT_TRUE(store->details(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10).empty());
  EXPECT_EQ(store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10, nullptr, true).size(), 2u);
  const auto rows = store->fleet_rows(0, 4102444800, {"db_time_per_s"}, 4102444800);
  ASSERT_EQ(rows.size(), 1u);
  const auto values = store->metric_series("db_time_per_s");
  ASSERT_EQ(rows[0].samples.size(), 2u);
  EXPECT_EQ(rows[0].samples[0].value, values[0].value);
  EXPECT_EQ(rows[0].samples[1].value, values[1].value);
  // A period added after the migration has its detail; the old ones still read their bodies.
  store->add(sample_report("good_2.html"));
  EXPECT_EQ(store->details(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10).size(), 1u);
  EXPECT_EQ(store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10, nullptr, true).size(), 2u);
  EXPECT_TRUE(store->verify().empty());
}

// The details stored by the first build of schema 3 (JSON version 1) keep their statements' whole texts and no key:
// they read back as they were, and the timeline works the key out of the text. A later version is refused.
TEST(History, ADetailOfVersion1ReadsWithoutAKey) {
  const auto d = awrdiff::period_detail_from_json(
      R"({"v":1,"sql":[["1c602wgfqtdky","UPDATE MAIL_PIECE SET CURRENT_STATUS = :1",9.5,81.25]],"parts":[["DB CPU",1.5]],)"
      R"("events":[["DB CPU",1.5]]})");
  ASSERT_EQ(d.top_sql.size(), 1u);
  EXPECT_EQ(d.top_sql[0].text, "UPDATE MAIL_PIECE SET CURRENT_STATUS = :1");
  EXPECT_EQ(d.top_sql[0].pct_db_time, 81.25);
  EXPECT_FALSE(d.top_sql[0].signature_key.has_value());
  EXPECT_THROW(awrdiff::period_detail_from_json(R"({"v":3,"sql":[],"parts":[],"events":[]})"), awrdiff::Error);
}

// Version 4 adds an index of the periods for the fleet page's month (periods_fleet): a store of version 3 is read as it
// is (the same rows, without the index) and migrated by its first writer.
TEST(History, AVersionThreeStoreIsReadAndMigratedInPlace) {
  TempDir dir;
  const auto file = dir.file("h.sqlite");
  store_two_samples(file);
  const auto rows_of = [&](HistoryStore& s) { return s.fleet_rows(0, 4102444800, {"db_time_per_s"}, 0).at(0).samples.size(); };
  raw_sql(file, "DROP INDEX periods_fleet; UPDATE meta SET value = '3' WHERE name = 'schema_version'");
  {
    auto reader = HistoryStore::open(file, HistoryAccess::read);
    EXPECT_EQ(reader->schema_version(), 3);
    EXPECT_EQ(rows_of(*reader), 2u);
  }
  auto store = open_write(file);
  EXPECT_EQ(store->schema_version(), awrdiff::k_history_schema_version);
  EXPECT_EQ(rows_of(*store), 2u);
  store->add(sample_report("good_2.html"));
  EXPECT_EQ(rows_of(*store), 3u);
  EXPECT_TRUE(store->verify().empty());
  raw_sql(file, "DROP INDEX periods_fleet");  // made by the migration: dropping it works
}
