// Test support: diff(A, B) must be the mirror of diff(B, A).
#pragma once

#include <awrdiff/diff.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace awrdiff::testing {

inline Verdict mirrored(Verdict v) {
  if (v == Verdict::regressed) return Verdict::improved;
  if (v == Verdict::improved) return Verdict::regressed;
  return v;
}

inline ChangeKind mirrored(ChangeKind k) {
  if (k == ChangeKind::worse) return ChangeKind::better;
  if (k == ChangeKind::better) return ChangeKind::worse;
  return k;
}

/// Same verdict mirrored, same findings (rule by rule, direction mirrored, impact negated) and
/// contributors with negated changes.
inline void expect_mirror(const Comparison& ab, const Comparison& ba) {
  EXPECT_EQ(ab.verdict, mirrored(ba.verdict)) << ab.headline << "\n" << ba.headline;
  std::map<std::string, std::vector<std::pair<int, double>>> fa, fb;
  for (const auto& f : ab.findings) fa[f.rule].push_back({static_cast<int>(f.direction), f.impact_aas});
  for (const auto& f : ba.findings) fb[f.rule].push_back({static_cast<int>(mirrored(f.direction)), -f.impact_aas});
  for (auto* m : {&fa, &fb})
    for (auto& [rule, v] : *m) std::sort(v.begin(), v.end());
  ASSERT_EQ(fa.size(), fb.size()) << ab.headline << "\n" << ba.headline;
  for (const auto& [rule, va] : fa) {
    ASSERT_TRUE(fb.count(rule)) << rule;
    const auto& vb = fb.at(rule);
    ASSERT_EQ(va.size(), vb.size()) << rule;
    for (std::size_t i = 0; i < va.size(); ++i) {
      EXPECT_EQ(va[i].first, vb[i].first) << rule;
      // Impacts are rates over each side's own elapsed: the same number with the other sign.
      EXPECT_NEAR(va[i].second, vb[i].second, 1e-9 + 1e-6 * std::fabs(va[i].second)) << rule;
    }
  }
  ASSERT_EQ(ab.contributors.size(), ba.contributors.size()) << ab.headline << "\n" << ba.headline;
  std::vector<double> ca, cb;
  for (const auto& c : ab.contributors) ca.push_back(c.delta_aas);
  for (const auto& c : ba.contributors) cb.push_back(-c.delta_aas);
  std::sort(ca.begin(), ca.end());
  std::sort(cb.begin(), cb.end());
  for (std::size_t i = 0; i < ca.size(); ++i) EXPECT_NEAR(ca[i], cb[i], 1e-9 + 1e-6 * std::fabs(ca[i]));
}

}  // namespace awrdiff::testing
