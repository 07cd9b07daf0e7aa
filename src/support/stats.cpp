// Two-sample tests for sets of reports (see include/awrdiff/stats.hpp).
#include <awrdiff/stats.hpp>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace awrdiff {

SampleSummary summarize(std::span<const double> values) {
  SampleSummary s;
  s.n = values.size();
  if (values.empty()) return s;
  std::vector<double> v(values.begin(), values.end());
  std::sort(v.begin(), v.end());
  s.min = v.front();
  s.max = v.back();
  s.median = v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  if (v.size() >= 2) {
    double ss = 0;
    for (double x : v) ss += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(ss / static_cast<double>(v.size() - 1));
  }
  return s;
}

TestResult mann_whitney(std::span<const double> a, std::span<const double> b) {
  TestResult r;
  r.test = "Mann-Whitney U";
  r.effect_name = "rank-biserial r";
  const std::size_t n1 = a.size(), n2 = b.size();
  if (n1 == 0 || n2 == 0) {
    r.test.clear();
    r.reason = "an empty set";
    return r;
  }
  // Ranks over the pooled sample, ties get their average rank.
  std::vector<std::pair<double, int>> pooled;
  for (double x : a) pooled.push_back({x, 0});
  for (double x : b) pooled.push_back({x, 1});
  std::sort(pooled.begin(), pooled.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  double rank_sum_a = 0, tie_term = 0;
  bool ties = false;
  for (std::size_t i = 0; i < pooled.size();) {
    std::size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first) ++j;
    const double avg = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    const double t = static_cast<double>(j - i);
    if (t > 1) {
      ties = true;
      tie_term += t * t * t - t;
    }
    for (std::size_t k = i; k < j; ++k)
      if (pooled[k].second == 0) rank_sum_a += avg;
    i = j;
  }
  const double dn1 = static_cast<double>(n1), dn2 = static_cast<double>(n2);
  const double u_a = rank_sum_a - dn1 * (dn1 + 1) / 2;  // pairs where a > b
  const double u_b = dn1 * dn2 - u_a;  // pairs where b > a
  r.effect_size = (u_b - u_a) / (dn1 * dn2);
  const double u = std::min(u_a, u_b);
  if (!ties && n1 * n2 <= 400) {
    // Exact: count arrangements with U = k by the recurrence f(n1, n2, k) = f(n1-1, n2, k-n2) + f(n1, n2-1, k).
    const std::size_t max_u = n1 * n2;
    std::vector<std::vector<double>> prev(n2 + 1), cur(n2 + 1);
    for (std::size_t j = 0; j <= n2; ++j) prev[j].assign(max_u + 1, 0), prev[j][0] = 1;  // n1 = 0
    for (std::size_t i = 1; i <= n1; ++i) {
      for (std::size_t j = 0; j <= n2; ++j) {
        cur[j].assign(max_u + 1, 0);
        for (std::size_t k = 0; k <= i * j; ++k) {
          double v = 0;
          if (k >= j) v += prev[j][k - j];
          if (j > 0) v += cur[j - 1][k];
          cur[j][k] = v;
        }
      }
      std::swap(prev, cur);
    }
    const auto& counts = prev[n2];
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    double tail = 0;
    for (std::size_t k = 0; k <= static_cast<std::size_t>(u + 1e-9); ++k) tail += counts[k];
    r.p_value = std::min(1.0, 2 * tail / total);
    return r;
  }
  const double n = dn1 + dn2;
  const double mean = dn1 * dn2 / 2;
  const double var = dn1 * dn2 / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  if (var <= 0) {
    r.p_value = 1.0;
    return r;
  }
  const double z = (std::fabs(u - mean) - 0.5) / std::sqrt(var);
  const boost::math::normal_distribution<> normal;
  r.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, std::max(0.0, z))));
  return r;
}

TestResult welch_t(std::span<const double> a, std::span<const double> b) {
  TestResult r;
  r.test = "Welch t";
  r.effect_name = "Hedges g";
  if (a.size() < 2 || b.size() < 2) {
    r.test.clear();
    r.reason = "Welch's t needs 2 or more reports in each set";
    return r;
  }
  const auto sa = summarize(a), sb = summarize(b);
  const double na = static_cast<double>(sa.n), nb = static_cast<double>(sb.n);
  const double va = sa.sd * sa.sd / na, vb = sb.sd * sb.sd / nb;
  const double diff = sb.mean - sa.mean;
  const double pooled = std::sqrt(((na - 1) * sa.sd * sa.sd + (nb - 1) * sb.sd * sb.sd) / (na + nb - 2));
  const double correction = 1 - 3 / (4 * (na + nb) - 9);
  if (va + vb == 0) {
    r.p_value = diff == 0 ? 1.0 : 0.0;
    if (diff != 0) r.effect_size = diff > 0 ? HUGE_VAL : -HUGE_VAL;
    else r.effect_size = 0.0;
    return r;
  }
  const double t = diff / std::sqrt(va + vb);
  const double df = (va + vb) * (va + vb) / (va * va / (na - 1) + vb * vb / (nb - 1));
  const boost::math::students_t_distribution<> dist(df);
  r.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t))));
  r.effect_size = pooled > 0 ? diff / pooled * correction : 0.0;
  return r;
}

TestResult compare_samples(std::span<const double> a, std::span<const double> b) {
  if (a.size() >= 4 && b.size() >= 4) return mann_whitney(a, b);
  if (a.size() >= 2 && b.size() >= 2) return welch_t(a, b);
  TestResult r;
  r.reason = "one report on a side: no significance test";
  return r;
}

}  // namespace awrdiff
