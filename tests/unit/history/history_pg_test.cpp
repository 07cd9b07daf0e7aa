// The history store in PostgreSQL: the same rows and the same check results as SQLite, concurrent
// writers, a store of a newer schema. Each test starts a throw-away cluster (Debian's postgresql:
// initdb and pg_ctl from /usr/lib/postgresql/*/bin) in a temporary directory, on a unix socket only;
// as root, the server runs as `nobody`. Where no server can start, the tests are skipped and say why.
#include "tests/support/history_year.hpp"
#include "tests/support/samples.hpp"
#include "tests/support/temp_dir.hpp"

#include <awrdiff/check.hpp>
#include <awrdiff/history.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using awrdiff::HistoryAccess;
using awrdiff::HistoryStore;
using awrdiff::testing::sample_report;
using awrdiff::testing::SyntheticYear;

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

// A PostgreSQL cluster for one test process, stopped and removed at exit.
class PgServer {
public:
  static PgServer& get() {
    static PgServer server;
    return server;
  }
  bool ok() const { return m_ok; }
  const std::string& why() const { return m_why; }
  /// A fresh database of the cluster for one test: its URI.
  std::string database(const std::string& name) const {
    if (!run(fmt::format("{}/createdb -h {} -p 5432 -U awrdiff {}", m_bin, quoted(m_dir.string()), name))) return m_uri;
    return fmt::format("postgresql://awrdiff@/{}?host={}&port=5432", name, m_dir.string());
  }

  // Runs SQL with psql (for what the store never does itself, e.g. a newer schema).
  bool psql(const std::string& database, const std::string& sql) const {
    return run(
        fmt::format("{}/psql -X -q -h {} -p 5432 -U awrdiff -d {} -c {}", m_bin, quoted(m_dir.string()), database, quoted(sql)));
  }

  ~PgServer() {
    if (!m_dir.empty()) {
      if (m_started) run(fmt::format("{}/pg_ctl -D {} -m immediate -w stop", m_bin, quoted((m_dir / "data").string())));
      std::error_code ec;
      fs::remove_all(m_dir, ec);
    }
  }

private:
  PgServer() {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/usr/lib/postgresql", ec))
      if (fs::exists(e.path() / "bin/initdb") && fs::exists(e.path() / "bin/pg_ctl") && e.path().string() + "/bin" > m_bin)
        m_bin = (e.path() / "bin").string();
    if (m_bin.empty()) {
      m_why =
          "PostgreSQL server programs (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin: install Debian's postgresql";
      return;
    }
    std::string t = (fs::temp_directory_path() / "awrdiff-pg-XXXXXX").string();
    if (mkdtemp(t.data()) == nullptr) {
      m_why = "cannot make a temporary directory";
      return;
    }
    m_dir = t;
    if (geteuid() == 0) {
      // PostgreSQL refuses to run as root: the cluster belongs to nobody.
      if (!fs::exists("/usr/bin/setpriv")) {
        m_why = "running as root and setpriv (util-linux) is missing: the server cannot be run as another user";
        return;
      }
      if (std::system(fmt::format("chown nobody {}", quoted(m_dir.string())).c_str()) != 0) {
        m_why = "cannot give the temporary directory to nobody";
        return;
      }
      m_as = "/usr/bin/setpriv --reuid=nobody --regid=nogroup --clear-groups ";
    }
    const auto data = (m_dir / "data").string(), log = (m_dir / "server.log").string();
    if (!run(fmt::format("{}/initdb -D {} -U awrdiff --auth=trust -E UTF8 --no-sync", m_bin, quoted(data)))) {
      m_why = "initdb failed: " + last_line();
      return;
    }
    if (!run(fmt::format("{}/pg_ctl -D {} -l {} -w -t 60 -o {} start", m_bin, quoted(data), quoted(log),
                         quoted(fmt::format("-k {} -c listen_addresses='' -p 5432 -c fsync=off -c synchronous_commit=off",
                                            m_dir.string()))))) {
      m_why = "the server did not start: " + last_line();
      return;
    }
    m_started = true;
    m_ok = true;
    m_uri = fmt::format("postgresql://awrdiff@/postgres?host={}&port=5432", m_dir.string());
  }

  bool run(const std::string& command) const {
    const std::string full = m_as + command + " >> " + quoted((m_dir / "commands.log").string()) + " 2>&1";
    return std::system(full.c_str()) == 0;
  }
  std::string last_line() const {
    std::ifstream in(m_dir / "commands.log");
    std::string line, last;
    while (std::getline(in, line))
      if (!line.empty()) last = line;
    return last;
  }

  std::string m_bin, m_as, m_why, m_uri;
  fs::path m_dir;
  bool m_ok = false, m_started = false;
};

#define REQUIRE_PG()                                                  \
  do {                                                                \
    if (!PgServer::get().ok()) GTEST_SKIP() << PgServer::get().why(); \
  } while (0)

struct TempDir : awrdiff::testing::TempDir {
  TempDir() : awrdiff::testing::TempDir("awrdiff-history-") {}
};

// Everything a check says, as text, to compare two stores' results.
std::string outcome(const awrdiff::CheckReport& r) {
  std::string out = fmt::format("{} | {} | {} periods | {}\n", awrdiff::to_string(r.status), r.headline, r.baseline_periods,
                                fmt::join(r.warnings, "; "));
  for (const auto& x : r.results)
    out += fmt::format("  {} {} cur={} med={} mad={} z={} n={}\n", x.key, awrdiff::to_string(x.status), x.current.value_or(-1),
                       x.baseline.median.value_or(-1), x.baseline.mad.value_or(-1), x.z.value_or(-999), x.baseline.count);
  for (const auto& f : r.comparison.findings) out += "  finding: " + f.title + "\n";
  return out;
}

TEST(HistoryPg, SameRowsAndSameChecksAsSqlite) {
  REQUIRE_PG();
  TempDir dir;
  auto lite = HistoryStore::open((dir.path / "h.sqlite").string(), HistoryAccess::write);
  auto pg = HistoryStore::open(PgServer::get().database("same_checks"), HistoryAccess::write);
  EXPECT_STREQ(pg->backend(), "PostgreSQL");
  EXPECT_EQ(pg->schema_version(), awrdiff::k_history_schema_version);
  // Six weeks of hourly periods, with the regression moved into week 6; and the samples with their
  // snapshots (the typical period's findings).
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> batch;
  const int hours = 6 * 7 * 24;
  for (int h = 0; h < hours; ++h) {
    auto s = year.period(h);
    if (h == 5 * 7 * 24 + 2 * 24 + 10) s = year.period(SyntheticYear::k_regression_hour), s.interval = year.period(h).interval;
    batch.push_back(awrdiff::prepare_history_period(s, false));
  }
  const auto t0 = std::chrono::steady_clock::now();
  for (auto* store : {lite.get(), pg.get()}) {
    store->add_all(batch);
    std::printf("[ history ] %s: %d periods added in %.2f s\n", store->backend(), hours,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html", "bad.html"})
      store->add(sample_report(n));
    EXPECT_TRUE(store->verify().empty());
  }
  EXPECT_EQ(pg->export_text("csv"), lite->export_text("csv"));
  EXPECT_EQ(pg->export_text("jsonl"), lite->export_text("jsonl"));
  ASSERT_EQ(pg->series().size(), lite->series().size());
  EXPECT_EQ(pg->series().front().gaps, lite->series().front().gaps);

  const auto policy = awrdiff::default_policy();
  int fails = 0, compared = 0;
  for (auto match : {awrdiff::MatchPeriods::weekday_hour, awrdiff::MatchPeriods::hour, awrdiff::MatchPeriods::all}) {
    awrdiff::WindowOptions w;
    w.match = match;
    for (int h = 5 * 7 * 24; h < hours; h += match == awrdiff::MatchPeriods::weekday_hour ? 1 : 7) {
      const auto current = year.period(h);
      auto cur = current;
      if (h == 5 * 7 * 24 + 2 * 24 + 10) cur = year.period(SyntheticYear::k_regression_hour), cur.interval = current.interval;
      const auto a = awrdiff::check(cur, lite->load_window(cur, w), policy, {match, {}, {}});
      const auto b = awrdiff::check(cur, pg->load_window(cur, w), policy, {match, {}, {}});
      ASSERT_EQ(outcome(b), outcome(a)) << h;
      fails += a.status == awrdiff::CheckStatus::fail;
      ++compared;
    }
  }
  EXPECT_GE(fails, 1);  // the regression, with every way of matching
  // The samples: bad.html moved to the day after good_4, with the typical period from the stored JSON.
  auto bad = sample_report("bad.html");
  bad.interval.begin_snap = 5130;
  bad.interval.end_snap = 5131;
  bad.interval.begin_time = "19-Mar-25 14:00:03";
  bad.interval.end_time = "19-Mar-25 14:10:03";
  awrdiff::WindowOptions w;
  w.match = awrdiff::MatchPeriods::hour;
  const auto a = awrdiff::check(bad, lite->load_window(bad, w), policy, {w.match, {}, {}});
  const auto b = awrdiff::check(bad, pg->load_window(bad, w), policy, {w.match, {}, {}});
  EXPECT_EQ(a.status, awrdiff::CheckStatus::fail);
  EXPECT_FALSE(a.comparison.findings.empty());
  EXPECT_EQ(outcome(b), outcome(a));
  std::printf("[ history ] PostgreSQL and SQLite: %d checks compared, identical (%d fail)\n", compared + 1, fails + 1);
  // The windows themselves read back alike: every value the same double (PostgreSQL sends the values and the
  // snapshot bodies in binary), the same facts of the latest period, the same typical period's snapshots.
  for (auto match : {awrdiff::MatchPeriods::hour, awrdiff::MatchPeriods::all}) {
    w.match = match;
    const auto la = lite->load_window(bad, w), pa = pg->load_window(bad, w);
    ASSERT_EQ(pa.periods.size(), la.periods.size());
    for (std::size_t i = 0; i < la.periods.size(); ++i) {
      EXPECT_EQ(pa.periods[i].values, la.periods[i].values) << i;
      EXPECT_EQ(pa.periods[i].begin_time, la.periods[i].begin_time) << i;
    }
    EXPECT_EQ(pa.release, la.release);
    EXPECT_EQ(pa.host, la.host);
    EXPECT_EQ(pa.cpus, la.cpus);
    EXPECT_EQ(pa.notes, la.notes);
    ASSERT_EQ(pa.snapshots.size(), la.snapshots.size());
    EXPECT_FALSE(pa.snapshots.empty());
    for (std::size_t i = 0; i < la.snapshots.size(); ++i) EXPECT_EQ(pa.snapshots[i].source, la.snapshots[i].source) << i;
  }

  // Check outcomes and pruning behave alike.
  awrdiff::CheckRecord rec;
  rec.dbid = 1234567890;
  rec.instance_number = 1;
  rec.period_key = HistoryStore::period_key(bad);
  rec.begin_time = "2025-03-19T14:00:03";
  rec.end_time = "2025-03-19T14:10:03";
  rec.status = "fail";
  rec.exit_code = 1;
  for (auto* store : {lite.get(), pg.get()}) store->record_check(rec);
  EXPECT_EQ(pg->recent_checks(1234567890, 1, std::nullopt, 3).size(), 1u);
  EXPECT_EQ(pg->prune(awrdiff::parse_duration("14d")), lite->prune(awrdiff::parse_duration("14d")));
  EXPECT_EQ(pg->export_text("csv"), lite->export_text("csv"));
}

TEST(HistoryPg, ConcurrentWritersAndANewerSchema) {
  REQUIRE_PG();
  const auto uri = PgServer::get().database("writers");
  const SyntheticYear year(sample_report("good.html"));
  std::vector<awrdiff::PreparedPeriod> prepared;
  for (int h = 0; h < 60; ++h) prepared.push_back(awrdiff::prepare_history_period(year.period(h), false));
  std::atomic<int> added{0};
  auto writer = [&](int from) {
    auto store = HistoryStore::open(uri, HistoryAccess::write);  // both may create the schema: one does
    for (int i = from; i < 60; i += 2) added += store->add(prepared[i]).added;
    for (int i = 0; i < 60; i += 3) added += store->add(prepared[i]).added;
  };
  std::thread a(writer, 0), b(writer, 1);
  a.join();
  b.join();
  EXPECT_EQ(added.load(), 60);
  auto store = HistoryStore::open(uri, HistoryAccess::read);
  EXPECT_EQ(store->periods().size(), 60u);
  EXPECT_TRUE(store->verify().empty());
  // A read connection cannot write.
  EXPECT_THROW(store->add(year.period(100), false), awrdiff::Error);
  ASSERT_TRUE(PgServer::get().psql("writers", "UPDATE meta SET value = '7' WHERE name = 'schema_version'"));
  try {
    HistoryStore::open(uri, HistoryAccess::write);
    ADD_FAILURE() << "a store of schema 7 was opened";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("newer than this awrdiff"), std::string::npos) << e.what();
  }
}

}  // namespace

// A version-1 store (before the month partitions), written as awrdiff 1 wrote it, is migrated in place by the
// first writer: its rows are kept, then periods, values and snapshots are partitioned by month.
TEST(HistoryPg, AVersionOneStoreIsMigratedToMonthPartitions) {
  REQUIRE_PG();
  const std::string uri = PgServer::get().database("migrate_v1");
  auto& pg = PgServer::get();
  ASSERT_TRUE(pg.psql("migrate_v1",
                      "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);"
                      "CREATE TABLE periods (period_id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                      " period_key TEXT NOT NULL UNIQUE, dbid BIGINT NOT NULL, db_name TEXT NOT NULL,"
                      " con_dbid BIGINT NOT NULL, container TEXT NOT NULL, instance_number BIGINT NOT NULL,"
                      " instance_name TEXT NOT NULL, kind TEXT NOT NULL, format TEXT NOT NULL, release TEXT NOT NULL,"
                      " host TEXT NOT NULL, cpus DOUBLE PRECISION, begin_snap BIGINT, end_snap BIGINT, begin_time TEXT NOT NULL,"
                      " end_time TEXT NOT NULL, begin_epoch BIGINT, end_epoch BIGINT, begin_hour BIGINT, begin_weekday BIGINT,"
                      " elapsed_s DOUBLE PRECISION, startup_time TEXT NOT NULL, startup_epoch BIGINT, valid BIGINT NOT NULL,"
                      " invalid_reason TEXT NOT NULL, overlapping BIGINT NOT NULL, source TEXT NOT NULL, added_at TEXT NOT NULL);"
                      "CREATE INDEX periods_series ON periods (dbid, con_dbid, instance_number, begin_epoch);"
                      "CREATE INDEX periods_hour ON periods (dbid, con_dbid, instance_number, begin_hour, begin_epoch);"
                      "CREATE TABLE metrics (metric_id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                      " metric_key TEXT NOT NULL UNIQUE, unit TEXT NOT NULL);"
                      "CREATE TABLE metric_values (period_id BIGINT NOT NULL REFERENCES periods (period_id),"
                      " metric_id BIGINT NOT NULL REFERENCES metrics (metric_id), value DOUBLE PRECISION NOT NULL,"
                      " PRIMARY KEY (period_id, metric_id));"
                      "CREATE TABLE snapshots (period_id BIGINT PRIMARY KEY REFERENCES periods (period_id),"
                      " encoding TEXT NOT NULL, json_bytes BIGINT NOT NULL, body BYTEA NOT NULL);"
                      "CREATE TABLE checks (check_id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, dbid BIGINT NOT NULL,"
                      " con_dbid BIGINT NOT NULL, instance_number BIGINT NOT NULL, period_key TEXT NOT NULL,"
                      " begin_time TEXT NOT NULL, end_time TEXT NOT NULL, end_epoch BIGINT, status TEXT NOT NULL,"
                      " exit_code BIGINT NOT NULL, match_periods TEXT NOT NULL, window_s BIGINT NOT NULL,"
                      " baseline_periods BIGINT NOT NULL, headline TEXT NOT NULL, checked_at TEXT NOT NULL);"
                      "CREATE INDEX checks_series ON checks (dbid, con_dbid, instance_number, end_epoch);"
                      "INSERT INTO meta VALUES ('schema_version', '1'), ('created_at', '2025-01-01T00:00:00Z');"
                      "INSERT INTO metrics (metric_key, unit) VALUES ('db_time_per_s', 's/s');"
                      // Two periods in two months (January and February 2025), as version 1 stored them.
                      "INSERT INTO periods (period_id, period_key, dbid, db_name, con_dbid, container, instance_number,"
                      " instance_name, kind, format, release, host, cpus, begin_snap, end_snap, begin_time, end_time,"
                      " begin_epoch, end_epoch, begin_hour, begin_weekday, elapsed_s, startup_time, startup_epoch, valid,"
                      " invalid_reason, overlapping, source, added_at) VALUES"
                      " (1, '42:0:1:10-11:2025-01-31T23:00:00', 42, 'OLD', 0, '', 1, 'old1', 'awr_instance', 'html', '19.0',"
                      " 'h', 8, 10, 11, '2025-01-31T23:00:00', '2025-02-01T00:00:00', 1738364400, 1738368000, 23, 5, 3600,"
                      " '', NULL, 1, '', 0, 'jan.html', 'x'),"
                      " (2, '42:0:1:11-12:2025-02-01T00:00:00', 42, 'OLD', 0, '', 1, 'old1', 'awr_instance', 'html', '19.0',"
                      " 'h', 8, 11, 12, '2025-02-01T00:00:00', '2025-02-01T01:00:00', 1738368000, 1738371600, 0, 6, 3600,"
                      " '', NULL, 1, '', 0, 'feb.html', 'x');"
                      "INSERT INTO metric_values VALUES (1, 1, 2.5), (2, 1, 3.5);"
                      "INSERT INTO snapshots VALUES (2, 'zlib', 3, '\\x00'::bytea);"));
  {
    auto store = HistoryStore::open(uri, HistoryAccess::write);  // migrates, to version 2 then 3
    EXPECT_EQ(store->schema_version(), awrdiff::k_history_schema_version);
    const auto series = store->metric_series("db_time_per_s", 42);
    ASSERT_EQ(series.size(), 2u);
    EXPECT_DOUBLE_EQ(series[0].value, 2.5);
    EXPECT_DOUBLE_EQ(series[1].value, 3.5);
    EXPECT_EQ(series[1].period.source, "feb.html");
    EXPECT_TRUE(store->verify().empty());
    // A new period after the migration gets the next id, in its own month's partition.
    EXPECT_TRUE(store->add(sample_report("good.html")).added);
    EXPECT_EQ(store->periods().size(), 3u);
  }
  // Partitioned by month on the begin time: the three months have their partitions, and every index leads with dbid.
  EXPECT_TRUE(pg.psql("migrate_v1",
                      "DO $$ BEGIN IF (SELECT count(*) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhparent WHERE "
                      "c.relname = 'periods') <> 4 OR NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'periods_y2025m01') "
                      "OR NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'metric_values_y2025m02') "
                      "OR NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'details_y2025m01') OR EXISTS (SELECT 1 FROM "
                      "pg_indexes WHERE tablename IN ('periods', 'metric_values', 'snapshots', 'details') AND indexdef NOT LIKE "
                      "'%(dbid%') "
                      "THEN RAISE EXCEPTION 'not partitioned as expected'; END IF; END $$"));
  // Pruning whole months drops their partitions: January and February 2025 go, good.html's month stays.
  auto store = HistoryStore::open(uri, HistoryAccess::update);
  EXPECT_EQ(store->prune_months(10 * 86400, true), 2u);
  EXPECT_EQ(store->prune_months(10 * 86400), 2u);
  EXPECT_EQ(store->periods().size(), 1u);
  EXPECT_TRUE(store->verify().empty());
  EXPECT_TRUE(pg.psql("migrate_v1",
                      "DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_class WHERE relname ~ 'y2025m0[12]$') THEN RAISE EXCEPTION "
                      "'months left'; END IF; END $$"));
}

// A version-2 store (month partitions, no details) is migrated in place by the first writer: `details` is made with a
// partition for each month stored, the periods' DB time per second copied into their rows; the old periods have no
// detail (their readers fall back to the bodies), a new one has.
TEST(HistoryPg, AVersionTwoStoreIsMigratedInPlace) {
  REQUIRE_PG();
  const std::string uri = PgServer::get().database("migrate_v2");
  auto& pg = PgServer::get();
  {
    auto store = HistoryStore::open(uri, HistoryAccess::write);
    store->add(sample_report("good.html"));
    store->add(sample_report("good_1.html"));
  }
  ASSERT_TRUE(pg.psql("migrate_v2",
                      "DROP INDEX periods_fleet; DROP TABLE details; ALTER TABLE periods DROP COLUMN db_time_per_s;"
                      "UPDATE meta SET value = '2' WHERE name = 'schema_version'"));
  EXPECT_THROW(HistoryStore::open(uri, HistoryAccess::read), awrdiff::Error);  // a reader asks for a writer first
  auto store = HistoryStore::open(uri, HistoryAccess::write);
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
  store->add(sample_report("good_2.html"));
  const auto details = store->details(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10);
  ASSERT_EQ(details.size(), 1u);
  EXPECT_FALSE(details[0].second.top_sql.empty());
  EXPECT_EQ(store->snapshots(id.dbid, id.instance_number, id.con_dbid, std::nullopt, std::nullopt, 10, nullptr, true).size(), 2u);
  EXPECT_TRUE(store->verify().empty());
  // The month stored before the migration has its partition of `details` (the new period went there, not to DEFAULT).
  EXPECT_TRUE(pg.psql("migrate_v2",
                      "DO $$ BEGIN IF (SELECT count(*) FROM details_undated) <> 0 OR (SELECT count(*) FROM pg_inherits i JOIN "
                      "pg_class c ON c.oid = i.inhparent WHERE c.relname = 'details') < 2 OR EXISTS (SELECT 1 FROM pg_indexes "
                      "WHERE tablename = 'details' AND indexdef NOT LIKE '%(dbid%') THEN RAISE EXCEPTION 'details not "
                      "partitioned'; END IF; END $$"));
}

// The fleet's read (fleet_rows) on PostgreSQL as on SQLite, whole or in two parts by DB Id: the same series, samples and
// latest periods; a series whose last period is before the range (silent since) is found by each backend's query of
// the series (PostgreSQL's skip through the index by series) with its latest begin.
TEST(HistoryPg, TheFleetReadsTheSameInPartsAndFindsTheSilent) {
  REQUIRE_PG();
  TempDir dir;
  auto lite = HistoryStore::open((dir.path / "h.sqlite").string(), HistoryAccess::write);
  auto pg = HistoryStore::open(PgServer::get().database("fleet_parts"), HistoryAccess::write);
  constexpr std::int64_t start = 1709251200;  // 2024-03-01T00:00:00
  std::vector<awrdiff::PreparedPeriod> batch;
  for (int db = 1; db <= 3; ++db)
    for (int h = 0; h < (db == 3 ? 10 : 48); ++h) {  // database 1003 stops after 10 hours
      awrdiff::PreparedPeriod p;
      auto& f = p.period;
      f.dbid = static_cast<std::uint64_t>(1000 + db);
      f.db_name = "DB" + std::to_string(db);
      f.instance_number = 1;
      f.instance_name = f.db_name;
      f.kind = "awr_instance";
      f.format = "html";
      f.begin_snap = h;
      f.end_snap = h + 1;
      f.begin_time = awrdiff::epoch_iso(start + h * 3600);
      f.end_time = awrdiff::epoch_iso(start + (h + 1) * 3600);
      f.elapsed_s = 3600;
      f.source = f.db_name + "_" + std::to_string(h) + ".html";
      p.values["db_time_per_s"] = db + h / 100.0;
      batch.push_back(std::move(p));
    }
  lite->add_all(batch);
  pg->add_all(batch);
  using Seen = std::vector<std::tuple<std::uint64_t, std::optional<std::int64_t>, std::size_t, std::size_t, std::string>>;
  const auto read = [&](HistoryStore& s, int parts) {
    Seen out;
    for (int k = 0; k < parts; ++k)
      for (const auto& r : s.fleet_rows(start + 24 * 3600, start + 48 * 3600, {"db_time_per_s"}, start + 40 * 3600, {k, parts}))
        out.emplace_back(r.latest.dbid, r.latest_begin_epoch, r.samples.size(), r.rows.size(), r.latest.source);
    std::sort(out.begin(), out.end());
    return out;
  };
  const Seen expected = {{1001, start + 47 * 3600, 24, 8, "DB1_47.html"},
                         {1002, start + 47 * 3600, 24, 8, "DB2_47.html"},
                         {1003, start + 9 * 3600, 0, 0, "DB3_9.html"}};
  EXPECT_EQ(read(*lite, 1), expected);
  EXPECT_EQ(read(*lite, 2), expected);
  EXPECT_EQ(read(*pg, 1), expected);
  EXPECT_EQ(read(*pg, 2), expected);
}
