// The known-hard inputs of ../shared/bugs (see its README.md): each fragment is tokenized and built
// into a Snapshot, and the values its .expected file lists are checked where the model holds them.
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <variant>

namespace {

constexpr double k_tol = 1e-6;

std::filesystem::path bugs_dir() { return awrdiff::testing::bugs_dir(); }

std::optional<std::string> read_bug(const std::string& name) {
  const auto path = bugs_dir() / name;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The fixture skips every test cleanly when the shared bug corpus is not checked out next to the repo.
class Bugs : public ::testing::Test {
protected:
  void SetUp() override {
    if (!std::filesystem::is_directory(bugs_dir())) GTEST_SKIP() << "no " << bugs_dir().string();
  }

  // Reads a fragment (skips the test when this one file is missing) and builds a Snapshot from it.
  static std::optional<awrdiff::Snapshot> load(const std::string& name) {
    auto content = read_bug(name);
    if (!content) return std::nullopt;
    const bool html = name.size() > 5 && name.substr(name.size() - 5) == ".html";
    const std::string text = awrdiff::decode_input(*content, name);
    const awrdiff::RawReport raw = html ? awrdiff::tokenize_html(text) : awrdiff::tokenize_text(text);
    return awrdiff::build_snapshot(raw, name);
  }

  static std::optional<awrdiff::RawReport> tokenize(const std::string& name) {
    auto content = read_bug(name);
    if (!content) return std::nullopt;
    const bool html = name.size() > 5 && name.substr(name.size() - 5) == ".html";
    const std::string text = awrdiff::decode_input(*content, name);
    return html ? awrdiff::tokenize_html(text) : awrdiff::tokenize_text(text);
  }
};

#define AWRDIFF_LOAD(var, name)                                 \
  auto var##_opt = load(name);                                  \
  if (!var##_opt) GTEST_SKIP() << "missing bug fragment " name; \
  const awrdiff::Snapshot& var = *var##_opt

const awrdiff::WaitEvent* event(const awrdiff::Snapshot& s, std::string_view name) {
  for (const auto& e : s.top_events)
    if (e.name == name) return &e;
  return nullptr;
}

const awrdiff::SqlStat* sql(const awrdiff::Snapshot& s, std::string_view id) {
  for (const auto& q : s.sql)
    if (q.sql_id == id) return &q;
  return nullptr;
}

// Text reports cut statistic names to the column width: the row printed as a prefix of `full`.
const awrdiff::TimeModelRow* time_model(const awrdiff::Snapshot& s, std::string_view full) {
  if (const auto* r = s.time_model_row(full)) return r;
  const awrdiff::TimeModelRow* found = nullptr;
  for (const auto& r : s.time_model) {
    if (r.name.size() >= 20 && full.substr(0, r.name.size()) == r.name) {
      if (found != nullptr) return nullptr;  // ambiguous
      found = &r;
    }
  }
  return found;
}

#define EXPECT_OPT_NEAR(opt, expected, tol)                     \
  do {                                                          \
    const auto& awrdiff_opt_ = (opt);                           \
    ASSERT_TRUE(awrdiff_opt_.has_value()) << #opt " is absent"; \
    EXPECT_NEAR(*awrdiff_opt_, (expected), (tol)) << #opt;      \
  } while (0)

}  // namespace

// ---- B01: units inside numeric cells (12.2+ text) ---------------------------------------------
TEST_F(Bugs, B01_UnitsInsideAvgWaitCells) {
  AWRDIFF_LOAD(s, "B01.txt");
  ASSERT_EQ(s.top_events.size(), 6u);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 812.4, k_tol);

  const auto* cpu = event(s, "DB CPU");
  ASSERT_NE(cpu, nullptr);
  EXPECT_TRUE(cpu->is_cpu);
  EXPECT_FALSE(cpu->avg_wait_ms.has_value());
  EXPECT_FALSE(cpu->waits.has_value());
  EXPECT_OPT_NEAR(cpu->time_s, 812.4, k_tol);
  EXPECT_OPT_NEAR(cpu->pct_db_time, 42.7, k_tol);

  const auto* seq = event(s, "db file sequential read");
  ASSERT_NE(seq, nullptr);
  EXPECT_OPT_NEAR(seq->avg_wait_ms, 0.22025, 1e-9);
  EXPECT_OPT_NEAR(seq->time_s, 47.2, k_tol);
  EXPECT_OPT_NEAR(seq->waits, 214310, k_tol);
  EXPECT_EQ(seq->wait_class, "User I/O");

  const auto* sync = event(s, "log file sync");
  ASSERT_NE(sync, nullptr);
  EXPECT_OPT_NEAR(sync->avg_wait_ms, 0.55127, 1e-9);
  EXPECT_EQ(sync->wait_class, "Commit");

  const auto* enq = event(s, "enq: TX - row lock contention");
  ASSERT_NE(enq, nullptr);
  EXPECT_OPT_NEAR(enq->avg_wait_ms, 272.97, k_tol);
  EXPECT_EQ(enq->wait_class, "Application");
  EXPECT_OPT_NEAR(enq->pct_db_time, 0.5, k_tol);

  const auto* dpr = event(s, "direct path read");
  ASSERT_NE(dpr, nullptr);
  EXPECT_OPT_NEAR(dpr->avg_wait_ms, 2.74, k_tol);

  const auto* par = event(s, "db file parallel read");
  ASSERT_NE(par, nullptr);
  EXPECT_OPT_NEAR(par->avg_wait_ms, 0.99, k_tol);
}

// ---- B02: decimal comma beside `,` thousands separators (HTML) ---------------------------------
TEST_F(Bugs, B02_DecimalCommaBesideGroupSeparators) {
  AWRDIFF_LOAD(s, "B02.html");
  EXPECT_TRUE(s.has_sql_sections);
  ASSERT_EQ(s.sql.size(), 2u);

  const auto* a = sql(s, "7h2kq9xw3mzpa");
  ASSERT_NE(a, nullptr);
  EXPECT_OPT_NEAR(a->buffer_gets, 8412907, k_tol);
  EXPECT_OPT_NEAR(a->executions, 21355, k_tol);
  EXPECT_OPT_NEAR(a->elapsed_s, 41.07, k_tol);
  // %CPU 62,3 and %IO 4.1 of 41.07 s elapsed.
  EXPECT_OPT_NEAR(a->cpu_s, 41.07 * 0.623, 1e-6);
  EXPECT_OPT_NEAR(a->user_io_s, 41.07 * 0.041, 1e-6);
  EXPECT_EQ(a->module, "JDBC Thin Client");
  EXPECT_EQ(a->lists, std::vector<std::string>{"sql_gets"});

  const auto* b = sql(s, "2bq0m7s1vdc4u");
  ASSERT_NE(b, nullptr);
  EXPECT_OPT_NEAR(b->buffer_gets, 2760118, k_tol);
  EXPECT_OPT_NEAR(b->executions, 12, k_tol);
  EXPECT_OPT_NEAR(b->cpu_s, 9.84 * 0.975, 1e-6);  // %CPU 97,5
  EXPECT_OPT_NEAR(b->user_io_s, 0.0, 1e-12);  // %IO 0: zero, not absent
}

TEST_F(Bugs, B02_RawCellsReadInTheirColumnUnits) {
  auto raw = tokenize("B02.html");
  if (!raw) GTEST_SKIP() << "missing B02.html";
  ASSERT_EQ(raw->tables.size(), 1u);
  const auto& t = raw->tables.front();
  EXPECT_EQ(t.section, awrdiff::SectionId::sql_gets);
  ASSERT_EQ(t.rows.size(), 2u);
  auto value = [&](std::size_t row, awrdiff::ColumnId id) -> std::optional<double> {
    const int c = t.column_index(id);
    if (c < 0 || static_cast<std::size_t>(c) >= t.rows[row].cells.size()) return std::nullopt;
    return awrdiff::parse_cell(t.rows[row].cells[static_cast<std::size_t>(c)], awrdiff::column_spec(id).unit).value;
  };
  EXPECT_OPT_NEAR(value(0, awrdiff::ColumnId::gets_per_exec), 393.95, k_tol);
  EXPECT_OPT_NEAR(value(0, awrdiff::ColumnId::pct_total), 18.64, k_tol);
  EXPECT_OPT_NEAR(value(0, awrdiff::ColumnId::pct_cpu), 62.3, k_tol);
  EXPECT_OPT_NEAR(value(0, awrdiff::ColumnId::pct_io), 4.1, k_tol);
  EXPECT_OPT_NEAR(value(1, awrdiff::ColumnId::gets_per_exec), 230009.83, k_tol);
  EXPECT_OPT_NEAR(value(1, awrdiff::ColumnId::pct_cpu), 97.5, k_tol);
  EXPECT_OPT_NEAR(value(1, awrdiff::ColumnId::pct_io), 0.0, k_tol);
  EXPECT_OPT_NEAR(value(0, awrdiff::ColumnId::elapsed_s), 41.07, k_tol);  // "Elapsed  Time (s)"
}

// ---- B03: time model with truncated names, ending at the terminator -----------------------------
TEST_F(Bugs, B03_TimeModelTruncatedNamesAndSectionEnd) {
  AWRDIFF_LOAD(s, "B03.txt");
  EXPECT_EQ(s.time_model.size(), 9u);
  EXPECT_OPT_NEAR(s.db_time_s(), 3335.2, k_tol);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 1306.4, k_tol);

  const auto* db_time = s.time_model_row("DB time");
  ASSERT_NE(db_time, nullptr);
  EXPECT_FALSE(db_time->pct_db_time.has_value());
  EXPECT_OPT_NEAR(db_time->time_s, 3335.2, k_tol);

  const auto* bg_cpu = s.time_model_row("background cpu time");
  ASSERT_NE(bg_cpu, nullptr);
  EXPECT_OPT_NEAR(bg_cpu->time_s, 97.1, k_tol);
  EXPECT_FALSE(bg_cpu->pct_db_time.has_value());

  const auto* conn = time_model(s, "connection management call elapsed time");
  ASSERT_NE(conn, nullptr);
  EXPECT_OPT_NEAR(conn->time_s, 10.3, k_tol);

  const auto* sharing = time_model(s, "hard parse (sharing criteria) elapsed time");
  ASSERT_NE(sharing, nullptr);
  EXPECT_OPT_NEAR(sharing->time_s, 4.4, k_tol);

  const auto* hard = s.time_model_row("hard parse elapsed time");
  ASSERT_NE(hard, nullptr);
  EXPECT_OPT_NEAR(hard->pct_db_time, 0.7, k_tol);
  EXPECT_OPT_NEAR(hard->time_s, 22.9, k_tol);

  // The section ends at the rule; the next section's title is not a statistic.
  for (const auto& r : s.time_model) EXPECT_EQ(r.name.find("Foreground"), std::string::npos) << r.name;
}

// ---- B04: DB CPU above DB time ------------------------------------------------------------------
TEST_F(Bugs, B04_DbCpuAboveDbTimeIsKept) {
  AWRDIFF_LOAD(s, "B04.txt");
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 3598.8, 1e-6);
  EXPECT_OPT_NEAR(s.interval.db_time_s, 3126.0, 1e-6);
  EXPECT_OPT_NEAR(s.db_time_s(), 3126.0, 1e-6);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 3322.2, k_tol);
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(48211));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(48212));
  EXPECT_OPT_NEAR(s.interval.begin_sessions, 86, k_tol);
  EXPECT_OPT_NEAR(s.interval.end_sessions, 84, k_tol);

  const auto* cpu = s.time_model_row("DB CPU");
  ASSERT_NE(cpu, nullptr);
  EXPECT_OPT_NEAR(cpu->pct_db_time, 106.3, k_tol);  // not capped at 100
  EXPECT_OPT_NEAR(s.average_active_sessions(), 0.87, 0.005);

  // The single-report tables clamp DB time - DB CPU at 0 rather than going negative.
  const auto c = awrdiff::describe(s);
  const awrdiff::CompareTable* t = nullptr;
  for (const auto& x : c.tables)
    if (x.key == "db_time") t = &x;
  ASSERT_NE(t, nullptr);
  bool found = false;
  for (const auto& r : t->rows) {
    const auto* name = std::get_if<std::string>(&r.cells.front());
    if (name == nullptr || name->find("DB time - DB CPU") == std::string::npos) continue;
    found = true;
    const auto* v = std::get_if<double>(&r.cells.at(1));
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(*v, 0.0);
  }
  EXPECT_TRUE(found);
}

// ---- B06: 11.2.0.4 layout, 4-character time column with a trailing dot ---------------------------
TEST_F(Bugs, B06_FourCharacterTimeColumn) {
  AWRDIFF_LOAD(s, "B06.txt");
  EXPECT_EQ(s.top_events.size(), 5u);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 1310, k_tol);

  const auto* seq = event(s, "db file sequential read");
  ASSERT_NE(seq, nullptr);
  EXPECT_OPT_NEAR(seq->time_s, 2417, k_tol);
  EXPECT_OPT_NEAR(seq->waits, 861422, k_tol);

  const auto* sync = event(s, "log file sync");
  ASSERT_NE(sync, nullptr);
  EXPECT_OPT_NEAR(sync->time_s, 633, k_tol);

  const auto* enq = event(s, "enq: TX - row lock contention");
  ASSERT_NE(enq, nullptr);
  EXPECT_OPT_NEAR(enq->time_s, 96.2, k_tol);
  EXPECT_OPT_NEAR(enq->avg_wait_ms, 815, k_tol);
  EXPECT_EQ(enq->wait_class, "Application");

  const auto* gc = event(s, "gc buffer busy acquire");
  ASSERT_NE(gc, nullptr);
  EXPECT_OPT_NEAR(gc->pct_db_time, 0.8, k_tol);
  EXPECT_EQ(gc->wait_class, "Cluster");
}

// ---- B08: DB CPU pseudo-event in HTML, &#160; cells, averages with units -------------------------
TEST_F(Bugs, B08_DbCpuPseudoEventInHtml) {
  AWRDIFF_LOAD(s, "B08.html");
  ASSERT_EQ(s.top_events.size(), 6u);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 1240.7, k_tol);

  const auto& cpu = s.top_events.at(3);  // rank 4
  EXPECT_EQ(cpu.name, "DB CPU");
  EXPECT_TRUE(cpu.is_cpu);
  EXPECT_FALSE(cpu.waits.has_value());
  EXPECT_FALSE(cpu.avg_wait_ms.has_value());
  EXPECT_TRUE(cpu.wait_class.empty());
  EXPECT_OPT_NEAR(cpu.time_s, 1240.7, k_tol);

  int waits = 0;
  for (const auto& e : s.top_events) waits += e.is_cpu ? 0 : 1;
  EXPECT_EQ(waits, 5);

  const auto* enq = event(s, "enq: TX - row lock contention");
  ASSERT_NE(enq, nullptr);
  EXPECT_OPT_NEAR(enq->avg_wait_ms, 1450, 1e-6);
  EXPECT_OPT_NEAR(enq->time_s, 3210.4, k_tol);
  EXPECT_OPT_NEAR(enq->pct_db_time, 41.3, k_tol);

  const auto* seq = event(s, "db file sequential read");
  ASSERT_NE(seq, nullptr);
  EXPECT_OPT_NEAR(seq->avg_wait_ms, 0.96147, 1e-9);
  EXPECT_OPT_NEAR(seq->waits, 1842906, k_tol);

  const auto* lib = event(s, "library cache lock");
  ASSERT_NE(lib, nullptr);
  EXPECT_OPT_NEAR(lib->avg_wait_ms, 1135.81, 1e-6);
  EXPECT_EQ(lib->wait_class, "Concurrency");

  const auto* dpr = event(s, "direct path read");
  ASSERT_NE(dpr, nullptr);
  EXPECT_OPT_NEAR(dpr->pct_db_time, 0.8, k_tol);
  EXPECT_OPT_NEAR(dpr->avg_wait_ms, 0.64521, 1e-9);

  // No cell of this fragment is unreadable.
  for (const auto& d : s.diagnostics) EXPECT_EQ(d.message.find("cannot read"), std::string::npos) << d.message;
}

// ---- B15: SQL text wrapped mid-word, optional Module:, header repeated after a page break --------
TEST_F(Bugs, B15_WrappedSqlTextAndPageBreak) {
  AWRDIFF_LOAD(s, "B15.txt");
  EXPECT_EQ(s.sql.size(), 4u);

  const auto* a = sql(s, "3k9d0q2xv7m1c");
  ASSERT_NE(a, nullptr);
  EXPECT_OPT_NEAR(a->elapsed_s, 812.6, k_tol);
  EXPECT_OPT_NEAR(a->executions, 4021, k_tol);
  EXPECT_EQ(a->module, "billing_batch@apphost01 (TNS V1-V3)");
  EXPECT_EQ(a->text, "UPDATE INVOICE_LINE SET STATUS = :B2 WHERE INVOICE_ID = :B1 AND STATUS <> 'CLOSED'");

  const auto* b = sql(s, "9fw2u1t8hn6za");
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->module.empty());
  EXPECT_EQ(b->text, "BEGIN pkg_month_end.close_period(:p_period); END;");
  EXPECT_OPT_NEAR(b->executions, 1, k_tol);

  const auto* d = sql(s, "5tq8xw0m2ap7s");
  ASSERT_NE(d, nullptr);
  EXPECT_OPT_NEAR(d->user_io_s, 96.2 * 0.86, 1e-6);  // %IO 86.0
  EXPECT_EQ(d->module, "SQL Developer");
  EXPECT_EQ(d->text, "select * from v$session where status = 'ACTIVE'");

  // Elapsed descending.
  ASSERT_EQ(s.sql.front().sql_id, "3k9d0q2xv7m1c");
}

TEST_F(Bugs, B15_SqlTextContinuesAcrossPageBreak) {
  AWRDIFF_LOAD(s, "B15.txt");
  const auto* c = sql(s, "0b6rzc1y4qk8d");
  ASSERT_NE(c, nullptr);
  EXPECT_OPT_NEAR(c->executions, 55310, k_tol);
  EXPECT_OPT_NEAR(c->elapsed_s, 188.0, k_tol);
  EXPECT_EQ(c->module, "JDBC Thin Client");
  EXPECT_EQ(c->text,
            "SELECT C.CUSTOMER_ID, C.SEGMENT, SUM(L.AMOUNT) FROM CUSTOMERS C JOIN INVOICE_LINE L ON L.CUSTOMER_ID = "
            "C.CUSTOMER_ID WHERE L.CREATED > SYSDATE - :B1 GROUP BY C.CUSTOMER_ID, C.SEGMENT");
  // The repeated header after the form feed is neither a statement nor SQL text.
  for (const auto& q : s.sql) {
    EXPECT_EQ(q.text.find("SQL ordered by"), std::string::npos) << q.sql_id;
    EXPECT_EQ(q.text.find("Elapsed"), std::string::npos) << q.sql_id;
  }
}

// ---- B18: HTML cells with no text node beside &#160; cells (init.ora parameters) ---------------
TEST_F(Bugs, B18_EmptyHtmlCellsInParameters) {
  AWRDIFF_LOAD(s, "B18.html");
  ASSERT_EQ(s.parameters.size(), 5u);  // param_count=5
  const auto* cluster = s.parameter("cluster_database");
  ASSERT_NE(cluster, nullptr);
  EXPECT_EQ(cluster->begin_value, "TRUE");
  const auto* ic = s.parameter("cluster_interconnects");
  ASSERT_NE(ic, nullptr);
  EXPECT_EQ(ic->begin_value, "");  // <td></td>
  const auto* bs = s.parameter("db_block_size");
  ASSERT_NE(bs, nullptr);
  EXPECT_EQ(bs->begin_value, "8192");
  EXPECT_EQ(bs->end_value, "");  // &#160;&#160;
  EXPECT_FALSE(bs->changed());
  const auto* inst = s.parameter("instance_number");
  ASSERT_NE(inst, nullptr);
  EXPECT_EQ(inst->begin_value, "3");
  const auto* sga = s.parameter("sga_target");
  ASSERT_NE(sga, nullptr);
  EXPECT_EQ(sga->begin_value, "68719476736");
  EXPECT_EQ(sga->end_value, "73014444032");
  EXPECT_TRUE(sga->changed());
  EXPECT_EQ(sga->value(), "73014444032");
  EXPECT_TRUE(s.other_tables.empty());
}

// ---- B11: statistic names that share a prefix, cut to 32 characters ----------------------------
TEST_F(Bugs, B11_CutStatisticNamesMatchTheirFullNames) {
  AWRDIFF_LOAD(s, "B11.txt");
  const auto* bytes = s.activity_stat("physical read total bytes");
  ASSERT_NE(bytes, nullptr);
  EXPECT_OPT_NEAR(bytes->total, 1512884592640.0, 0.5);
  EXPECT_OPT_NEAR(bytes->per_second, 420245720.2, 1e-3);
  EXPECT_EQ(bytes->raw_name, "physical read total bytes");
  const auto* optimized = s.activity_stat("physical read total bytes optimized");
  ASSERT_NE(optimized, nullptr);
  EXPECT_OPT_NEAR(optimized->total, 1408221904896.0, 0.5);
  EXPECT_EQ(optimized->raw_name, "physical read total bytes optimi");
  const auto* multi = s.activity_stat("physical read total multi block requests");
  ASSERT_NE(multi, nullptr);
  EXPECT_EQ(multi->raw_name, "physical read total multi block");
  EXPECT_OPT_NEAR(multi->total, 1377012.0, 0.5);
  // A prefix match must not pick up the '... optimized' row: 400.78 MiB/s, not 373.0.
  const double mib_s = *bytes->total / 3600.0 / (1024.0 * 1024.0);
  EXPECT_NEAR(mib_s, 400.78, 0.01);
  EXPECT_EQ(s.activity.size(), 6u);
}

// ---- B13: K/M/G suffixes, 1024-based for data, 1000-based for counts ---------------------------
TEST_F(Bugs, B13_IoStatSuffixesAndCutNames) {
  AWRDIFF_LOAD(s, "B13.txt");
  const auto* direct = s.iostat("Direct Reads");
  ASSERT_NE(direct, nullptr);
  EXPECT_OPT_NEAR(direct->reads_data_bytes, 29957396889.6, 1.0);
  EXPECT_OPT_NEAR(direct->waits_count, 759600, 1e-6);
  EXPECT_OPT_NEAR(direct->avg_time_ms, 0.1177, 1e-9);
  EXPECT_OPT_NEAR(direct->reads_requests_per_s, 211.0, 1e-9);
  EXPECT_OPT_NEAR(direct->writes_requests_per_s, 0.1, 1e-9);
  const auto* bc = s.iostat("Buffer Cache Reads");
  ASSERT_NE(bc, nullptr);
  EXPECT_EQ(bc->raw_name, "Buffer Cache Re");
  EXPECT_OPT_NEAR(bc->reads_data_per_s_bytes, 924844.0, 0.1);
  EXPECT_OPT_NEAR(bc->writes_data_bytes, 0.0, 1e-9);
  const auto* lgwr = s.iostat("LGWR");
  ASSERT_NE(lgwr, nullptr);
  EXPECT_OPT_NEAR(lgwr->writes_data_bytes, 1503238553.6, 1.0);
  const auto* total = s.iostat("TOTAL:");
  ASSERT_NE(total, nullptr);
  EXPECT_OPT_NEAR(total->waits_count, 1500000, 1e-6);

  auto hist = [&](std::string_view event) -> const awrdiff::WaitHistogramRow* {
    for (const auto& h : s.wait_histograms)
      if (h.event == event) return &h;
    return nullptr;
  };
  const auto* net = hist("SQL*Net message to client");
  ASSERT_NE(net, nullptr);
  EXPECT_OPT_NEAR(net->total_waits, 2000000, 1e-6);
  const auto* seq = hist("db file sequential read");
  ASSERT_NE(seq, nullptr);
  EXPECT_OPT_NEAR(seq->total_waits, 1100000, 1e-6);
  ASSERT_NE(seq->bucket("<1ms"), nullptr);
  EXPECT_OPT_NEAR(seq->bucket("<1ms")->pct, 88.4, 1e-9);
  const auto* cf = hist("control file sequential read");
  ASSERT_NE(cf, nullptr);
  EXPECT_EQ(cf->raw_name, "control file sequential r");
  EXPECT_OPT_NEAR(cf->total_waits, 27700, 1e-6);
  ASSERT_NE(cf->bucket(">1s"), nullptr);
  EXPECT_FALSE(cf->bucket(">1s")->pct.has_value());  // blank: truly 0, never read as 0 here
}

// ---- B19: summary= text that differs across releases and CDB reports ----------------------------
TEST_F(Bugs, B19_CacheSizesCdbParametersAndSegments) {
  AWRDIFF_LOAD(s, "B19.html");
  const auto& c = s.cache_sizes;
  EXPECT_OPT_NEAR(c.buffer_cache_begin_bytes, 24576.0 * 1024 * 1024, 0.5);
  EXPECT_OPT_NEAR(c.shared_pool_end_bytes, 6400.0 * 1024 * 1024, 0.5);
  EXPECT_OPT_NEAR(c.std_block_size_bytes, 8192, 1e-9);
  EXPECT_OPT_NEAR(c.log_buffer_bytes, 134217728, 1e-9);
  // init_params_table_found=true (CDB wording, 4 columns)
  ASSERT_NE(s.parameter("db_block_size"), nullptr);
  EXPECT_EQ(s.parameter("db_block_size")->begin_value, "8192");
  EXPECT_EQ(s.parameter("db_block_size")->is_default, std::optional<bool>(false));
  ASSERT_NE(s.parameter("open_cursors"), nullptr);
  EXPECT_EQ(s.parameter("open_cursors")->begin_value, "600");
  const awrdiff::SegmentStat* orders = nullptr;
  for (const auto& g : s.segments)
    if (g.list == "segments_physical_reads" && g.owner == "APP" && g.object == "ORDERS") orders = &g;
  ASSERT_NE(orders, nullptr);
  EXPECT_OPT_NEAR(orders->value, 1904220, 1e-9);
  EXPECT_OPT_NEAR(orders->pct_total, 41.77, 1e-9);
  EXPECT_TRUE(s.other_tables.empty());
}

// ---- B22: an ORA- error instead of a report -----------------------------------------------------
TEST_F(Bugs, B22_OracleErrorInsteadOfReport) {
  auto content = read_bug("B22.txt");
  if (!content) GTEST_SKIP() << "missing B22.txt";
  const std::string text = awrdiff::decode_input(*content, "B22.txt");
  EXPECT_EQ(awrdiff::detect_input(text), awrdiff::InputKind::oracle_error);
  try {
    (void)awrdiff::parse_report(text, "B22.txt");
    FAIL() << "parse_report accepted an ORA- error file";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("ORA-20200"), std::string::npos) << e.what();
    EXPECT_EQ(e.file(), "B22.txt");
    EXPECT_EQ(e.exit_code(), awrdiff::ExitCode::error);
  }
}

// ---- B25: Elapsed 0 and DB time 0 -----------------------------------------------------------------
TEST_F(Bugs, B25_ZeroElapsedAndDbTime) {
  AWRDIFF_LOAD(s, "B25.txt");
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 0.0, 0.0);
  EXPECT_OPT_NEAR(s.db_time_s(), 0.0, 0.0);
  EXPECT_FALSE(s.average_active_sessions().has_value());
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(7712));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(7713));
  const auto* lp = s.load_profile_row("db_time");
  ASSERT_NE(lp, nullptr);
  EXPECT_OPT_NEAR(lp->per_second, 0.0, 0.0);

  const auto c = awrdiff::compare(s, s);
  EXPECT_EQ(c.verdict, awrdiff::Verdict::not_comparable);
  EXPECT_FALSE(c.db_time_per_s_base.has_value());
  EXPECT_FALSE(c.db_time_per_s_target.has_value());
  EXPECT_FALSE(c.db_time_change_pct.has_value());
  EXPECT_FALSE(c.warnings.empty());
  for (const auto& t : c.tables) {
    for (const auto& r : t.rows) {
      for (const auto& cell : r.cells) {
        if (const auto* v = std::get_if<double>(&cell)) { EXPECT_TRUE(std::isfinite(*v)) << t.key; }
      }
    }
  }
  // A base of 0 has no relative change.
  for (const auto& t : c.tables) {
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      if (t.columns[i].key != "rate_change_pct") continue;
      for (const auto& r : t.rows) { EXPECT_FALSE(std::holds_alternative<double>(r.cells.at(i))) << t.key; }
    }
  }
}

// ---- B27: Load Profile label variants --------------------------------------------------------------
TEST_F(Bugs, B27_LoadProfileLabelVariants) {
  AWRDIFF_LOAD(s, "B27.txt");
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 3616.8, 1e-6);
  EXPECT_OPT_NEAR(s.interval.db_time_s, 11217.6, 1e-6);
  EXPECT_OPT_NEAR(s.average_active_sessions(), 3.10, 0.005);

  const auto* db_time = s.load_profile_row("db_time");
  ASSERT_NE(db_time, nullptr);
  EXPECT_OPT_NEAR(db_time->per_second, 3.1, k_tol);
  const auto* cpu = s.load_profile_row("db_cpu");
  ASSERT_NE(cpu, nullptr);
  EXPECT_OPT_NEAR(cpu->per_second, 1.2, k_tol);
  const auto* redo = s.load_profile_row("redo_size");
  ASSERT_NE(redo, nullptr);
  EXPECT_OPT_NEAR(redo->per_second, 512804.6, k_tol);
  EXPECT_OPT_NEAR(redo->per_transaction, 8344.1, k_tol);
  const auto* lr = s.load_profile_row("logical_reads");
  ASSERT_NE(lr, nullptr);
  EXPECT_OPT_NEAR(lr->per_second, 104233.9, k_tol);
  const auto* tx = s.load_profile_row("transactions");
  ASSERT_NE(tx, nullptr);
  EXPECT_OPT_NEAR(tx->per_second, 61.5, k_tol);
  EXPECT_FALSE(tx->per_transaction.has_value());
  EXPECT_EQ(s.load_profile.size(), 5u);
}

// ---- B29: blank Executions --------------------------------------------------------------------------
TEST_F(Bugs, B29_BlankExecutionsLeavePerExecUndefined) {
  AWRDIFF_LOAD(s, "B29.html");
  ASSERT_EQ(s.sql.size(), 2u);

  const auto* a = sql(s, "6gq1w0x8rk3tn");
  ASSERT_NE(a, nullptr);
  EXPECT_OPT_NEAR(a->elapsed_s, 4013.22, k_tol);
  EXPECT_FALSE(a->executions.has_value());
  EXPECT_FALSE(a->elapsed_per_exec_s().has_value());
  EXPECT_FALSE(a->user_io_s.has_value());  // %IO blank
  EXPECT_TRUE(a->module.empty());
  EXPECT_OPT_NEAR(a->pct_db_time, 42.64, k_tol);
  EXPECT_OPT_NEAR(a->cpu_s, 4013.22 * 0.021, 1e-6);

  const auto* b = sql(s, "1d7v9y2mcp0sa");
  ASSERT_NE(b, nullptr);
  EXPECT_OPT_NEAR(b->executions, 38102, k_tol);
  EXPECT_OPT_NEAR(b->elapsed_per_exec_s(), 0.02, 0.005);
  EXPECT_EQ(b->module, "JDBC Thin Client");
  EXPECT_OPT_NEAR(s.sql_elapsed_cutoff_s, 611.80, k_tol);
  EXPECT_EQ(s.sql.front().sql_id, "6gq1w0x8rk3tn");
}

// ---- B05: idle events among Statspack's top events ----------------------------------------------------
TEST_F(Bugs, B05_IdleEventsAmongStatspackTopEvents) {
  AWRDIFF_LOAD(s, "B05.txt");
  ASSERT_EQ(s.top_events.size(), 5u);
  for (const char* idle : {"LGWR worker group idle", "heartbeat redo informer", "lreg timer"}) {
    const auto* e = event(s, idle);
    ASSERT_NE(e, nullptr) << idle;
    EXPECT_TRUE(e->is_idle) << idle;
    EXPECT_EQ(e->wait_class, "Idle") << idle;
    EXPECT_FALSE(e->is_cpu) << idle;
  }
  EXPECT_OPT_NEAR(event(s, "LGWR worker group idle")->pct_db_time, 41.2, k_tol);  // % Total Call Time

  // The non-idle events in order: DB CPU (printed 'CPU time'), then db file sequential read.
  std::vector<const awrdiff::WaitEvent*> busy;
  for (const auto& e : s.top_events)
    if (!e.is_idle) busy.push_back(&e);
  ASSERT_EQ(busy.size(), 2u);
  EXPECT_EQ(busy[0]->name, "DB CPU");
  EXPECT_TRUE(busy[0]->is_cpu);
  EXPECT_OPT_NEAR(busy[0]->time_s, 1402, k_tol);
  EXPECT_FALSE(busy[0]->waits.has_value());
  EXPECT_EQ(busy[1]->name, "db file sequential read");
  EXPECT_FALSE(busy[1]->is_idle);
  EXPECT_OPT_NEAR(busy[1]->time_s, 583, k_tol);
  EXPECT_OPT_NEAR(busy[1]->waits, 911204, k_tol);
  EXPECT_OPT_NEAR(busy[1]->avg_wait_ms, 1, k_tol);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 1402, k_tol);
}

// ---- B07: 10g Top 5 with 'CPU time' as an event, percentages over 100 -----------------------------------
TEST_F(Bugs, B07_CpuTimeEventAndPercentagesOver100) {
  AWRDIFF_LOAD(s, "B07.txt");
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 768.0, 1e-6);
  EXPECT_OPT_NEAR(s.interval.db_time_s, 17.4, 1e-6);
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(402));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(403));
  EXPECT_OPT_NEAR(s.interval.begin_cursors_per_session, 2.8, k_tol);
  ASSERT_EQ(s.top_events.size(), 5u);

  const auto* cpu = event(s, "DB CPU");  // printed 'CPU time'
  ASSERT_NE(cpu, nullptr);
  EXPECT_TRUE(cpu->is_cpu);
  EXPECT_FALSE(cpu->waits.has_value());
  EXPECT_FALSE(cpu->avg_wait_ms.has_value());
  EXPECT_OPT_NEAR(cpu->time_s, 3, k_tol);
  EXPECT_OPT_NEAR(cpu->pct_db_time, 17.2, k_tol);
  EXPECT_OPT_NEAR(s.db_cpu_s(), 3, k_tol);

  const auto* rman = event(s, "RMAN backup & recovery I/O");
  ASSERT_NE(rman, nullptr);
  EXPECT_OPT_NEAR(rman->pct_db_time, 454.0, k_tol);  // kept, not capped
  EXPECT_OPT_NEAR(rman->time_s, 79, k_tol);
  EXPECT_EQ(rman->wait_class, "System I/O");
  EXPECT_FALSE(rman->is_idle);

  double sum = 0;
  for (const auto& e : s.top_events) sum += e.pct_db_time.value_or(0);
  EXPECT_NEAR(sum, 643.6, 1e-6);
  for (const auto& d : s.diagnostics) EXPECT_NE(d.level, awrdiff::Diagnostic::Level::warning) << d.message;
}

// ---- B16: Statspack SQL lists keyed by Old Hash Value, missing and reordered sections ------------------
TEST_F(Bugs, B16_StatspackSqlByOldHashValue) {
  auto raw = tokenize("B16.txt");
  if (!raw) GTEST_SKIP() << "missing B16.txt";
  std::vector<awrdiff::SectionId> found;
  for (const auto& t : raw->tables) found.push_back(t.section);
  // CPU before Elapsed (Statspack order); the Elapsed heading is the 'for DB: ... Instance: ...' variant.
  ASSERT_GE(found.size(), 3u);
  EXPECT_EQ(found[0], awrdiff::SectionId::sql_cpu);
  EXPECT_EQ(found[1], awrdiff::SectionId::sql_elapsed);
  EXPECT_EQ(found[2], awrdiff::SectionId::sql_gets);
  EXPECT_EQ(std::count(found.begin(), found.end(), awrdiff::SectionId::sql_reads), 0);  // absent: no error

  AWRDIFF_LOAD(s, "B16.txt");
  EXPECT_TRUE(s.has_sql_sections);
  ASSERT_EQ(s.sql.size(), 1u);
  const auto* q = sql(s, "3360981124");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->id_kind, "old_hash_value");
  EXPECT_OPT_NEAR(q->elapsed_s, 733.91, k_tol);
  EXPECT_OPT_NEAR(q->cpu_s, 702.40, k_tol);
  EXPECT_OPT_NEAR(q->executions, 6004, k_tol);
  EXPECT_OPT_NEAR(q->buffer_gets, 88104339, k_tol);
  EXPECT_OPT_NEAR(q->physical_reads, 1208, k_tol);
  EXPECT_OPT_NEAR(q->pct_db_time, 56.2, k_tol);
  EXPECT_EQ(q->module, "payroll_calc@hrapp01 (TNS V1-V3)");
  EXPECT_EQ(q->text.rfind("SELECT E.EMP_ID, SUM(P.AMOUNT) FROM EMP E, PAY_ITEM P WHERE P.EMP_ID = E.EMP_ID AND "
                          "P.PERIOD = :B1 GROUP BY E.EMP_ID",
                          0),
            0u)
      << q->text;
  EXPECT_EQ(q->lists, (std::vector<std::string>{"sql_cpu", "sql_elapsed", "sql_gets"}));
  for (const auto& d : s.diagnostics) EXPECT_NE(d.level, awrdiff::Diagnostic::Level::warning) << d.message;

  // Through the whole parser, the DB time of the interval comes from the list's own note.
  auto content = read_bug("B16.txt");
  const std::string text = "STATSPACK report for\n\n" + awrdiff::decode_input(*content, "B16.txt");
  const auto full = awrdiff::parse_report(text, "B16.txt");
  EXPECT_EQ(full.kind, awrdiff::ReportKind::statspack);
  EXPECT_OPT_NEAR(full.db_time_s(), 1307, k_tol);
  EXPECT_EQ(full.database.name, "HRDB");
}

// ---- B20: RAC instance report header with the Instances column -----------------------------------------
TEST_F(Bugs, B20_RacInstanceHeaderWithInstancesColumn) {
  AWRDIFF_LOAD(s, "B20.txt");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::awr_instance);  // an instance report of a RAC database, not a global one
  EXPECT_EQ(s.database.name, "SALESDB");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(104857321));
  EXPECT_EQ(s.database.instance, "salesdb2");
  EXPECT_EQ(s.database.instance_number, std::optional<int>(2));
  EXPECT_EQ(s.database.rac, std::optional<bool>(true));
  EXPECT_EQ(s.database.instances, std::optional<int>(3));  // instances in the cluster
  EXPECT_OPT_NEAR(s.interval.begin_sessions, 412, k_tol);
  EXPECT_OPT_NEAR(s.interval.begin_cursors_per_session, 2.4, k_tol);
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(20114));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(20115));
  EXPECT_EQ(s.interval.begin_time, "05-Feb-24 10:00:07");
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 3604.2, 1e-6);
  EXPECT_OPT_NEAR(s.interval.db_time_s, 11125.2, 1e-6);
  EXPECT_EQ(s.database.host, "dbnode02");
  EXPECT_OPT_NEAR(s.database.cpus, 32, k_tol);

  // Same snap ids, another instance: parallel observations, which the comparison says.
  awrdiff::Snapshot other = s;
  other.source = "B20-inst1.txt";
  other.database.instance = "salesdb1";
  other.database.instance_number = 1;
  const auto c = awrdiff::compare(s, other);
  bool warned = false;
  for (const auto& w : c.warnings) warned = warned || w.find("different instances") != std::string::npos;
  EXPECT_TRUE(warned);

  // A global report of the same period is not mistaken for this instance.
  awrdiff::Snapshot global = s;
  global.source = "B20-global.txt";
  global.kind = awrdiff::ReportKind::awr_global;
  const auto g = awrdiff::compare(s, global);
  warned = false;
  for (const auto& w : g.warnings) warned = warned || w.find("RAC global report") != std::string::npos;
  EXPECT_TRUE(warned);
}

// ---- B21: a report spanning an instance restart ------------------------------------------------------------
TEST_F(Bugs, B21_ReportSpanningRestartIsInvalid) {
  auto content = read_bug("B21.txt");
  if (!content) GTEST_SKIP() << "missing B21.txt";
  const std::string text = awrdiff::decode_input(*content, "B21.txt");
  const auto s = awrdiff::parse_report(text, "B21.txt");  // no exception: the file is a report
  EXPECT_EQ(s.kind, awrdiff::ReportKind::statspack);
  EXPECT_FALSE(s.valid);
  EXPECT_NE(s.invalid_reason.find("instance restart"), std::string::npos) << s.invalid_reason;
  EXPECT_FALSE(s.timings_valid);  // 'timed_statitics setting changed ... TIMINGS ARE INVALID'
  EXPECT_FALSE(s.interval.begin_snap.has_value());  // the snapshot rows are suppressed
  EXPECT_FALSE(s.interval.end_snap.has_value());
  EXPECT_FALSE(s.interval.elapsed_s.has_value());
  EXPECT_FALSE(s.db_time_s().has_value());
  EXPECT_EQ(s.database.startup_time, "18-Apr-24 02:47");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(1288430551));
  EXPECT_EQ(s.database.instance, "whprd1");

  // No comparison from it, and the warning says why.
  for (const auto& c : {awrdiff::compare(s, s), awrdiff::describe(s)}) {
    EXPECT_EQ(c.verdict, awrdiff::Verdict::not_comparable);
    EXPECT_FALSE(c.db_time_change_pct.has_value());
    ASSERT_FALSE(c.warnings.empty());
    EXPECT_NE(c.warnings.front().find("not valid"), std::string::npos) << c.warnings.front();
  }
}

// ---- B26: CDB/PDB scope, PDB-local snapshot ids, container DB id ---------------------------------------------
TEST_F(Bugs, B26_PdbScopeAndContainerDbId) {
  auto content = read_bug("B26.txt");
  if (!content) GTEST_SKIP() << "missing B26.txt";
  const std::string text = awrdiff::decode_input(*content, "B26.txt");
  const auto s = awrdiff::parse_report(text, "B26.txt");
  EXPECT_EQ(s.database.scope, awrdiff::ContainerScope::pdb);
  EXPECT_EQ(s.database.cdb, std::optional<bool>(true));
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(2790161418));
  EXPECT_EQ(s.database.con_dbid, std::optional<std::uint64_t>(3547218120));
  EXPECT_EQ(s.database.container, "PDBSALES");
  EXPECT_EQ(s.database.instance_number, std::optional<int>(1));
  EXPECT_TRUE(s.interval.pdb_snapshots);  // "PDB report (PDB snapshots)": ids local to the PDB
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(57));
  EXPECT_OPT_NEAR(s.interval.elapsed_s, 3591.0, 1e-6);
  EXPECT_OPT_NEAR(s.interval.db_time_s, 2652.0, 1e-6);
  EXPECT_OPT_NEAR(s.interval.begin_sessions, 88, k_tol);

  // Against the CDB root report of the same database: a warning names the scopes.
  awrdiff::Snapshot root = s;
  root.source = "B26-root.txt";
  root.database.scope = awrdiff::ContainerScope::cdb_root;
  root.database.con_dbid.reset();
  root.database.container.clear();
  root.interval.pdb_snapshots = false;
  const auto c = awrdiff::compare(root, s);
  bool warned = false;
  for (const auto& w : c.warnings)
    warned = warned || (w.find("container scope") != std::string::npos && w.find("PDBSALES") != std::string::npos);
  EXPECT_TRUE(warned);

  // Another PDB of the same CDB: the container DB ids differ.
  awrdiff::Snapshot other = s;
  other.source = "B26-other.txt";
  other.database.con_dbid = 1111111111;
  other.database.container = "PDBHR";
  warned = false;
  for (const auto& w : awrdiff::compare(other, s).warnings) warned = warned || w.find("PDBHR") != std::string::npos;
  EXPECT_TRUE(warned);
  // The same PDB twice: no scope warning.
  for (const auto& w : awrdiff::compare(s, s).warnings) EXPECT_EQ(w.find("container scope"), std::string::npos) << w;
}
