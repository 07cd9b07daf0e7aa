// The metric catalog (metrics.hpp): directions, floors, and the symmetry diff(A,B) = mirror of diff(B,A) rests on.
#include <awrdiff/metrics.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

using awrdiff::assess;
using awrdiff::ChangeKind;

TEST(Metrics, KeysAreUniqueAndFloorsSane) {
  std::set<std::string> keys;
  for (const auto& m : awrdiff::all_metrics()) {
    EXPECT_TRUE(keys.insert(std::string(m.key)).second) << m.key;
    EXPECT_GE(m.abs_floor, 0) << m.key;
    EXPECT_GE(m.rel_floor_pct, 0) << m.key;
    EXPECT_FALSE(m.unit.empty()) << m.key;
  }
  EXPECT_NE(awrdiff::find_metric("load_profile.something_new"), nullptr);  // generic Load Profile spec
  EXPECT_EQ(awrdiff::find_metric("no.such.metric"), nullptr);
}

TEST(Metrics, EveryScalarRowReadsAndEveryTwinIsUnique) {
  std::set<std::string> twins;
  for (const auto& m : awrdiff::all_metrics()) {
    if (m.checked) {
      EXPECT_FALSE(m.family) << m.key;
      EXPECT_TRUE(m.read != nullptr || std::string_view(m.key).starts_with("load_profile.")) << m.key;
    }
    for (const auto* t : {&m.twin, &m.twin2}) {
      if (t->metric_name.empty()) continue;
      EXPECT_TRUE(twins.insert(std::string(t->metric_name)).second) << t->metric_name;
      EXPECT_GT(t->factor, 0) << m.key;
      const awrdiff::OracleTwin* found = nullptr;
      EXPECT_NE(awrdiff::find_metric_by_oracle_name(t->metric_name, &found), nullptr);
    }
  }
  const awrdiff::OracleTwin* twin = nullptr;
  const auto* m = awrdiff::find_metric_by_oracle_name("cpu usage per sec", &twin);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->key, "db_cpu_per_s");
  EXPECT_DOUBLE_EQ(twin->factor, 0.01);  // CentiSeconds Per Second -> seconds per second
  EXPECT_EQ(awrdiff::find_metric("event:log file sync:avg_wait_ms")->key, "event.avg_wait_ms");
}

TEST(Metrics, ZeroToZeroAndZeroToSmallAreNoChange) {
  EXPECT_EQ(assess("db_time_per_s", 0.0, 0.0).kind, ChangeKind::unchanged);
  EXPECT_EQ(assess("db_time_per_s", 0.0, 0.01).kind, ChangeKind::unchanged);  // below the 0.05 AAS floor
  const auto a = assess("db_time_per_s", 0.0, 2.0);  // 0 -> 2 AAS: material, no relative change
  EXPECT_EQ(a.kind, ChangeKind::worse);
  EXPECT_FALSE(a.rel_pct.has_value());  // never "+inf%"
  EXPECT_EQ(assess("db_time_per_s", std::nullopt, 2.0).kind, ChangeKind::unknown);
}

TEST(Metrics, FloorsAreAbsoluteAndRelative) {
  EXPECT_EQ(assess("db_time_per_s", 10.0, 10.5).kind, ChangeKind::unchanged);  // 5% < 10%
  EXPECT_EQ(assess("db_time_per_s", 0.10, 0.14).kind, ChangeKind::unchanged);  // 40% but 0.04 AAS < 0.05
  EXPECT_EQ(assess("db_time_per_s", 1.0, 2.0).kind, ChangeKind::worse);
  EXPECT_EQ(assess("db_time_per_s", 2.0, 1.0).kind, ChangeKind::better);
  EXPECT_EQ(assess("load_profile.executes", 100.0, 300.0).kind, ChangeKind::changed);  // volume is neutral
  EXPECT_EQ(assess("host_cpu_busy_pct", 20.0, 25.0).kind, ChangeKind::unchanged);  // points, 10 pts floor
  EXPECT_EQ(assess("host_cpu_busy_pct", 20.0, 95.0).kind, ChangeKind::worse);
}

TEST(Metrics, AssessmentIsSymmetric) {
  const double values[] = {0, 0.01, 0.05, 0.1, 0.5, 1, 1.09, 1.1, 1.2, 2, 10, 11, 1000};
  for (const auto& m : awrdiff::all_metrics())
    for (double b : values)
      for (double t : values) {
        const auto ab = assess(m, b, t), ba = assess(m, t, b);
        EXPECT_EQ(ab.material(), ba.material()) << m.key << " " << b << " " << t;
        if (ab.kind == ChangeKind::worse) { EXPECT_EQ(ba.kind, ChangeKind::better) << m.key; }
        if (ab.kind == ChangeKind::changed) { EXPECT_EQ(ba.kind, ChangeKind::changed) << m.key; }
      }
}

#include <awrdiff/diff.hpp>
#include <awrdiff/findings.hpp>

#include <fstream>
#include <sstream>

// docs/findings.md documents every rule and every metric catalog entry.
TEST(Metrics, DocsListEveryRuleAndMetric) {
  std::ifstream in(AWRDIFF_SOURCE_DIR "/docs/findings.md");
  ASSERT_TRUE(in) << "docs/findings.md missing";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  for (const auto& m : awrdiff::all_metrics()) EXPECT_NE(doc.find("`" + std::string(m.key) + "`"), std::string::npos) << m.key;
  // The registry table is in the document verbatim (regenerate: awrdiff catalog --metrics).
  EXPECT_NE(doc.find(awrdiff::metrics_markdown()), std::string::npos) << "docs/findings.md: registry table out of date";
  for (const auto& r : awrdiff::finding_rules()) EXPECT_NE(doc.find("`" + std::string(r.key) + "`"), std::string::npos) << r.key;
}

// The costs per unit of work are registry rows that name what they divide: DB time per transaction, per execution and
// per user call, each over a load metric of the registry (role load), read by the timeline's busier-is-not-slower rule.
TEST(Metrics, CostsPerUnitNameTheirTotalAndLoad) {
  const auto costs = awrdiff::unit_costs("db_time_per_s");
  ASSERT_EQ(costs.size(), 3u);
  std::vector<std::string_view> keys;
  for (const auto* c : costs) {
    keys.push_back(c->key);
    EXPECT_EQ(c->per_unit.total, "db_time_per_s");
    EXPECT_FALSE(c->per_unit.unit.empty()) << c->key;
    const auto* load = awrdiff::find_metric(c->per_unit.load);
    ASSERT_NE(load, nullptr) << c->per_unit.load;
    EXPECT_EQ(std::string_view(load->key), c->per_unit.load);  // a row of its own, not the generic Load Profile row
    EXPECT_EQ(load->role, awrdiff::MetricRole::load) << load->key;
    EXPECT_EQ(c->role, awrdiff::MetricRole::master) << c->key;
  }
  EXPECT_EQ(keys, (std::vector<std::string_view>{"db_time_per_txn_s", "db_time_per_exec_ms", "db_time_per_call_ms"}));
  EXPECT_TRUE(awrdiff::unit_costs("db_cpu_per_s").empty());
  EXPECT_TRUE(awrdiff::unit_costs("").empty());
}
