// The history store in PostgreSQL: the same rows and the same check results as SQLite, concurrent
// writers, a store of a newer schema. Each test starts a throw-away cluster (Debian's postgresql:
// initdb and pg_ctl from /usr/lib/postgresql/*/bin) in a temporary directory, on a unix socket only;
// as root, the server runs as `nobody`. Where no server can start, the tests are skipped and say why.
#include "tests/support/history_year.hpp"
#include "tests/support/samples.hpp"

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

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "awrdiff-history-XXXXXX").string();
    if (mkdtemp(t.data()) == nullptr) throw std::runtime_error("mkdtemp");
    path = t;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
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
