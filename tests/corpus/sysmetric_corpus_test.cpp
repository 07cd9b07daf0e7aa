// Every baseline-metric dump of ../shared/corpus (MANIFEST.tsv kind baseline-metric): its kind, DB
// Id, instances, periods, rows and metrics, no row skipped, and five values per file read off the
// file by hand (the raw cell, converted back to the metric's unit where AWR-Miner rescaled it).
// Skipped cleanly when ../shared is absent.
#include "tests/support/corpus.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();
constexpr double k_mib = 1048576.0;

// A value read by hand: row (metric, instance, snapshot or hour) -> statistic.
enum class Stat { average, minimum, maximum, sd, median, mode, sum, perc };
struct Value {
  const char* metric;
  int instance;
  long long snap_or_hour;  // snap id (AWR-Miner) or hour of day (DMA collector)
  Stat stat;
  double expected;
  int percentile = 0;
};

struct Expected {
  awrdiff::DumpKind kind;
  std::optional<std::uint64_t> dbid;
  std::vector<int> instances;
  std::size_t periods, rows, metrics;
  std::vector<Value> values;
  std::string begin_time, end_time;  // of values[0]'s row ("" for the DMA collector)
  // What the figures are statistics of: average + 2 sd per snapshot for the DMA collector's SUMMARY extract, the
  // raw 60-s values for its SYSMETRIC_HISTORY extract, the metric itself for the rest (empty: by kind).
  std::optional<awrdiff::SysmetricBasis> basis = std::nullopt;
};

using K = awrdiff::DumpKind;
const std::map<std::string, Expected> k_expected = {
    // Snap 21790 (line 301): decimal commas (",9", "42,2").
    {"baseline-metric_10.2_tmuth_1.out",
     {K::awr_miner,
      std::nullopt,
      {1},
      182,
      4550,
      25,
      {{"Host CPU Utilization (%)", 1, 21790, Stat::average, 0.9},
       {"Host CPU Utilization (%)", 1, 21790, Stat::maximum, 8},
       {"Database CPU Time Ratio", 1, 21790, Stat::average, 42.2},
       {"Logical Reads Per Sec", 1, 21790, Stat::average, 724.2},
       {"Physical Read Total Bytes Per Sec", 1, 21790, Stat::maximum, 2.3 * k_mib}},
      "2013-04-14T23:00:00",
      "2013-04-15T00:00:00"}},
    // Snap 400 (lines 2343-2344): instance 2 ends at 17:14, instance 1 at 17:15.
    {"baseline-metric_11.2_rac_tmuth_1.out",
     {K::awr_miner,
      std::nullopt,
      {1, 2},
      1496,
      29920,
      20,
      {{"Database CPU Time Ratio", 2, 400, Stat::average, 98.5},
       {"Current Logons Count", 2, 400, Stat::average, 50.7},
       {"Physical Read Total IO Requests Per Sec", 2, 400, Stat::average, 20.3},
       {"Physical Write Total IO Requests Per Sec", 2, 400, Stat::maximum, 5.3},
       {"Logical Reads Per Sec", 1, 400, Stat::average, 15.5}},
      "2013-04-27T16:59:00",
      "2013-04-27T17:14:00"}},
    // Snap 385 (line 45).
    {"baseline-metric_11.2_tmuth_1.out",
     {K::awr_miner,
      std::nullopt,
      {1},
      3,
      93,
      31,
      {{"Host CPU Utilization (%)", 1, 385, Stat::average, 9.3},
       {"Host CPU Utilization (%)", 1, 385, Stat::maximum, 16.7},
       {"Active Serial Sessions", 1, 385, Stat::average, 1.1},
       {"Average Synchronous Single-Block Read Latency", 1, 385, Stat::average, 1.8},
       {"Cell Physical IO Interconnect Bytes", 1, 385, Stat::maximum, 202.5 * k_mib}},
      "2013-05-09T13:59:00",
      "2013-05-09T15:00:00"}},
    // Snap 300, instance 2 (line 2020): cpu_per_s and h_cpu_per_s are seconds per second.
    {"baseline-metric_12.1_rac_tmuth_1.out",
     {K::awr_miner,
      1376736500,
      {1, 2},
      610,
      21960,
      36,
      {{"Host CPU Usage Per Sec", 2, 300, Stat::average, 180.3},
       {"Host CPU Usage Per Sec", 2, 300, Stat::sd, 24.1},
       {"Database Time Per Sec", 2, 300, Stat::average, 0.7},
       {"Current Logons Count", 2, 300, Stat::average, 133.8},
       {"CPU Usage Per Sec", 2, 300, Stat::average, 0.8}},
      "2014-10-15T19:30:00",
      "2014-10-15T19:45:00"}},
    // Snap 1300 (line 215).
    {"baseline-metric_12.1_tmuth_1.out",
     {K::awr_miner,
      148658377,
      {1},
      95,
      3325,
      35,
      {{"Host CPU Utilization (%)", 1, 1300, Stat::sd, 0.5},
       {"CPU Usage Per Sec", 1, 1300, Stat::average, 0.2},
       {"Logons Per Sec", 1, 1300, Stat::average, 1},
       {"Physical Writes Per Sec", 1, 1300, Stat::average, 0.3},
       {"Cell Physical IO Interconnect Bytes", 1, 1300, Stat::average, 4 * k_mib}},
      "2014-02-20T12:00:00",
      "2014-02-20T13:00:00"}},
    // DBCSI, snap 18 (line 136): YY/MM/DD 26/01/12; network_mb is no known metric's column.
    {"baseline-metric_12.2_teinam_1.out",
     {K::awr_miner,
      595413474,
      {1},
      3,
      123,
      41,
      {{"CPU Usage Per Sec", 1, 18, Stat::maximum, 70.7},
       {"Hard Parse Count Per Sec", 1, 18, Stat::average, 5.6},
       {"Physical Read IO Requests Per Sec", 1, 18, Stat::maximum, 214.2},
       {"Host CPU Usage Per Sec", 1, 18, Stat::maximum, 192.2},
       {"network_mb", 1, 18, Stat::maximum, 0.8}},
      "2026-01-11T22:59:00",
      "2026-01-12T00:00:00"}},
    // Lines 555 and 2252.
    {"baseline-metric_11.2_dma_1.csv",
     {K::dma_collector,
      560566633,
      {1},
      24,
      3792,
      158,
      {{"Host CPU Utilization (%)", 1, 3, Stat::average, .727317055477090033333333333333333333333},
       {"Host CPU Utilization (%)", 1, 3, Stat::maximum, 1.014864903474793},
       {"Host CPU Utilization (%)", 1, 3, Stat::median, .60751365612390865},
       {"Database Time Per Sec", 1, 14, Stat::average, .027175514152583174285714285714285714286},
       {"Database Time Per Sec", 1, 14, Stat::perc, .028459017040996667, 95}},
      "",
      ""}},
    // Line 2313.
    {"baseline-metric_19c_dma_1.log",
     {K::dma_collector,
      2218961670,
      {1},
      24,
      3864,
      161,
      {{"Average Active Sessions", 1, 14, Stat::average, .00504201585478064225},
       {"Average Active Sessions", 1, 14, Stat::minimum, .001395587851249821},
       {"Average Active Sessions", 1, 14, Stat::maximum, .02203242052644959},
       {"Average Active Sessions", 1, 14, Stat::sum, .040336126838245138},
       {"Average Active Sessions", 1, 14, Stat::perc, .0103738848227582569, 90}},
      "",
      ""}},
    // Lines 1470 and 1508: integers.
    {"baseline-metric_19c_dma_2.log",
     {K::dma_collector,
      3275259997,
      {1},
      24,
      3864,
      161,
      {{"Executions Per Sec", 1, 9, Stat::average, 7},
       {"Executions Per Sec", 1, 9, Stat::mode, 6},
       {"Executions Per Sec", 1, 9, Stat::maximum, 10},
       {"Executions Per Sec", 1, 9, Stat::sum, 194},
       {"Average Active Sessions", 1, 9, Stat::average, 0}},
      "",
      ""}},
    // AWR-Miner 3.0.17, 4 instances, snaps 23614-23822 (209 each). Line 1001: snap 23642 of instance 2, which ends
    // at 02:00 where instances 1, 3 and 4 end at 01:59 (lines 998-1000); dur_m 60.
    {"baseline-metric_11.2_rac_sfurlong_2.out",
     {K::awr_miner,
      std::nullopt,
      {1, 2, 3, 4},
      836,
      28424,
      34,
      {{"Host CPU Utilization (%)", 2, 23642, Stat::average, 8.6},
       {"Host CPU Utilization (%)", 2, 23642, Stat::maximum, 15.6},
       {"Executions Per Sec", 2, 23642, Stat::average, 650.5},
       {"Logical Reads Per Sec", 2, 23642, Stat::average, 325031.7},
       {"User Commits Per Sec", 2, 23642, Stat::average, 1.3}},
      "2013-11-25T01:00:00",
      "2013-11-25T02:00:00"}},
    // The early collector's DBA_HIST_SYSMETRIC_HISTORY extract (PKEY, CON_ID, DBID, ...): integers, 23 metrics x 24
    // hours. Lines 156, 185 and 402.
    {"baseline-metric_19c_dma_3.log",
     {K::dma_collector,
      2832984852,
      {1},
      24,
      552,
      23,
      {{"Executions Per Sec", 1, 9, Stat::average, 2},
       {"Executions Per Sec", 1, 9, Stat::maximum, 136},
       {"Executions Per Sec", 1, 9, Stat::perc, 12, 95},
       {"Host CPU Usage Per Sec", 1, 14, Stat::sum, 1604},
       {"Redo Generated Per Sec", 1, 15, Stat::perc, 622, 90}},
      "",
      "",
      awrdiff::SysmetricBasis::metric_history}},
    // Lines 2458, 5397, 6338: a host "CPU utilization" maximum of 151 %, a statistic of average + 2 sd.
    {"baseline-metric_19c_rac_dma_1.csv",
     {K::dma_collector,
      203789423,
      {1, 2},
      48,
      7728,
      161,
      {{"Database Time Per Sec", 1, 15, Stat::average, 381},
       {"Database Time Per Sec", 1, 15, Stat::maximum, 4461},
       {"Database Time Per Sec", 1, 15, Stat::perc, 2741, 90},
       {"Host CPU Utilization (%)", 2, 9, Stat::maximum, 151},
       {"Average Active Sessions", 2, 15, Stat::maximum, 12}},
      "",
      ""}},
};

std::vector<std::string> dump_files() {
  std::vector<std::string> out;
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, kind;
    std::getline(ls, name, '\t');
    std::getline(ls, kind, '\t');
    if (kind == "baseline-metric") out.push_back(name);
  }
  if (out.empty()) out.emplace_back();  // one skipped test when the corpus is absent
  return out;
}

// MANIFEST.tsv's source_path column: AWR-Miner's own file name carries the DB Id.
std::string source_path(const std::string& file) {
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::vector<std::string> cells;
    for (std::string c; std::getline(ls, c, '\t');) cells.push_back(c);
    if (cells.size() > 7 && cells[0] == file) return cells[7];
  }
  return {};
}

const awrdiff::SysmetricRow* row_of(const awrdiff::SysmetricDump& d, const Value& v) {
  for (const auto& r : d.rows) {
    if (r.metric_name != v.metric || r.instance_number != v.instance) continue;
    if (d.kind == K::dma_collector ? r.hour_of_day == v.snap_or_hour : r.snap_id == v.snap_or_hour) return &r;
  }
  return nullptr;
}

std::optional<double> stat_of(const awrdiff::SysmetricRow& r, const Value& v) {
  switch (v.stat) {
    case Stat::average:
      return r.average;
    case Stat::minimum:
      return r.minimum;
    case Stat::maximum:
      return r.maximum;
    case Stat::sd:
      return r.standard_deviation;
    case Stat::median:
      return r.median;
    case Stat::mode:
      return r.mode;
    case Stat::sum:
      return r.sum;
    case Stat::perc:
      for (const auto& [nn, x] : r.percentiles)
        if (nn == v.percentile) return x;
      return std::nullopt;
  }
  return std::nullopt;
}

class SysmetricCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(SysmetricCorpus, ReadsWhatTheFileSays) {
  const auto& name = GetParam();
  if (name.empty()) GTEST_SKIP() << "../shared/corpus absent";
  const auto it = k_expected.find(name);
  ASSERT_NE(it, k_expected.end()) << name << ": a baseline-metric file without hand-read values in this test";
  const Expected& e = it->second;

  const std::string text = awrdiff::read_input(k_corpus / name);
  EXPECT_EQ(awrdiff::detect_sysmetric_dump(text), e.kind);
  const auto d = awrdiff::parse_sysmetric_dump(text, name);
  EXPECT_EQ(d.kind, e.kind);
  EXPECT_EQ(d.dbid, e.dbid);
  EXPECT_EQ(d.instances, e.instances);
  EXPECT_EQ(d.rows.size(), e.rows);
  EXPECT_EQ(d.basis, e.basis.value_or(e.kind == K::dma_collector ? awrdiff::SysmetricBasis::average_plus_2sd
                                                                 : awrdiff::SysmetricBasis::metric));

  std::set<std::string> metrics;
  std::set<std::tuple<int, long long>> periods;
  for (const auto& r : d.rows) {
    metrics.insert(r.metric_name);
    ASSERT_TRUE(r.instance_number);
    periods.emplace(*r.instance_number, e.kind == K::dma_collector ? *r.hour_of_day : *r.snap_id);
    EXPECT_EQ(r.dbid, e.dbid);
    EXPECT_FALSE(r.metric_unit.empty()) << r.metric_name;
    EXPECT_TRUE(r.average || r.maximum || r.standard_deviation) << r.metric_name << " line " << r.line;
  }
  EXPECT_EQ(periods.size(), e.periods);
  EXPECT_EQ(metrics.size(), e.metrics);
  // Nothing skipped: every diagnostic is a note about the file (columns kept under their own
  // name, the DMA basis, a cut header), none about a row.
  for (const auto& g : d.diagnostics)
    EXPECT_TRUE(g.line == 0 || g.message.find("header is cut") != std::string::npos) << g.line << ": " << g.message;

  for (const auto& v : e.values) {
    const auto* r = row_of(d, v);
    ASSERT_NE(r, nullptr) << name << ": " << v.metric << " " << v.instance << " " << v.snap_or_hour;
    const auto got = stat_of(*r, v);
    ASSERT_TRUE(got) << name << ": " << v.metric;
    EXPECT_NEAR(*got, v.expected, 1e-9 * std::max(1.0, std::abs(v.expected))) << name << ": " << v.metric;
  }
  const auto* first = row_of(d, e.values.front());
  EXPECT_EQ(first->begin_time, e.begin_time);
  EXPECT_EQ(first->end_time, e.end_time);

  if (e.kind == K::awr_miner && !e.dbid) {
    // Older captures do not print their DB Id; AWR-Miner's file name has it.
    const auto src = source_path(name);
    const auto base = src.substr(src.find_last_of("/:") + 1);
    const auto named = awrdiff::parse_sysmetric_dump(
        text, base.substr(0, base.size() - (base.size() > 3 && base.substr(base.size() - 3) == ".gz" ? 3 : 0)));
    ASSERT_TRUE(named.dbid) << base;
    EXPECT_EQ(std::to_string(*named.dbid), base.substr(9, base.find('-', 9) - 9));
  }
}

INSTANTIATE_TEST_SUITE_P(All, SysmetricCorpus, ::testing::ValuesIn(dump_files()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param.empty() ? "absent" : p.param;
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

// No report of the corpus (AWR, RAC global, Statspack, ASH, other) is taken for a dump.
TEST(SysmetricCorpusFacts, ReportsAreNoDumps) {
  if (!fs::exists(k_corpus / "MANIFEST.tsv")) GTEST_SKIP() << "../shared/corpus absent";
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  int reports = 0;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, kind;
    std::getline(ls, name, '\t');
    std::getline(ls, kind, '\t');
    if (kind == "baseline-metric") continue;
    ++reports;
    const std::string text = awrdiff::read_input(k_corpus / name);
    EXPECT_FALSE(awrdiff::detect_sysmetric_dump(text)) << name;
    EXPECT_THROW(awrdiff::parse_sysmetric_dump(text, name), awrdiff::Error) << name;
  }
  EXPECT_GT(reports, 40);
}

// The corpus's AWR-Miner captures with the header facts they print.
TEST(SysmetricCorpusFacts, AwrMinerHeaders) {
  if (!fs::exists(k_corpus / "MANIFEST.tsv")) GTEST_SKIP() << "../shared/corpus absent";
  const auto rac = awrdiff::load_sysmetric_dump(k_corpus / "baseline-metric_11.2_rac_tmuth_1.out");
  EXPECT_EQ(rac.db_name, "TWUAT");
  EXPECT_EQ(rac.release, "11.2.0.3.0");
  EXPECT_EQ(rac.host, "exa4db07,exa4db08");
  EXPECT_EQ(rac.cpus, 16.0);
  EXPECT_EQ(rac.tool_version, "2.9");
  const auto dbcsi = awrdiff::load_sysmetric_dump(k_corpus / "baseline-metric_12.2_teinam_1.out");
  EXPECT_EQ(dbcsi.db_name, "ORA12C");
  EXPECT_EQ(dbcsi.release, "12.2.0.1.0");
  EXPECT_EQ(dbcsi.platform, "Linux_x86_64-bit");
  EXPECT_EQ(dbcsi.tool_version, "4.0.11.aws.62");
  const auto dma = awrdiff::load_sysmetric_dump(k_corpus / "baseline-metric_19c_rac_dma_1.csv");
  EXPECT_EQ(dma.db_name, "OUSPRD");
  EXPECT_EQ(dma.host, "rac194.xxxxxxxxxx.com");
}

// The whole-database roll-up of a 4-instance AWR-Miner capture whose instances print different end minutes for
// one snapshot (77 of its 209: snap 23642 ends at 01:59 on instances 1, 3, 4 and at 02:00 on instance 2): every
// snapshot is rolled up, matched across instances by snap id. Snap 23642 (lines 998-1001): executions per second
// 399.5 + 650.5 + 4.9 + 573.2, logical reads 3,503.2 + 325,031.7 + 360.9 + 9,174.5, host CPU (a mean) of 28.4,
// 8.6, 2 and 9.9.
TEST(SysmetricCorpusFacts, RacRollUpMatchesSnapshotsBySnapId) {
  const auto file = k_corpus / "baseline-metric_11.2_rac_sfurlong_2.out";
  if (!fs::exists(file)) GTEST_SKIP() << "../shared/corpus absent";
  const auto b = awrdiff::baseline_from_dump(awrdiff::load_sysmetric_dump(file));
  std::size_t whole = 0;
  const awrdiff::BaselinePeriod* snap = nullptr;
  for (const auto& p : b.periods) {
    if (p.instance_number) continue;
    ++whole;
    if (p.end_snap == 23642) snap = &p;
  }
  EXPECT_EQ(whole, 209u);
  ASSERT_NE(snap, nullptr);
  EXPECT_NEAR(snap->values.at("load_profile.executes"), 399.5 + 650.5 + 4.9 + 573.2, 1e-6);
  EXPECT_NEAR(snap->values.at("host_cpu_busy_pct"), (28.4 + 8.6 + 2 + 9.9) / 4, 1e-6);
  for (const auto& n : b.notes) EXPECT_EQ(n.find("no whole-database figure"), std::string::npos) << n;
}

}  // namespace
