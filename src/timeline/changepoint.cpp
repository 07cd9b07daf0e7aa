// Change points of a series: binary segmentation with Pettitt's rank test (include/awrdiff/timeline.hpp).
#include <awrdiff/timeline.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace awrdiff {

namespace {

double median_of(std::span<const double> v) {
  if (v.empty()) return 0;
  std::vector<double> c(v.begin(), v.end());
  const auto mid = c.begin() + static_cast<std::ptrdiff_t>(c.size() / 2);
  std::nth_element(c.begin(), mid, c.end());
  if (c.size() % 2 == 1) return *mid;
  const double hi = *mid;
  return (*std::max_element(c.begin(), mid) + hi) / 2;
}

// Average ranks (1-based; ties share the mean of their ranks).
std::vector<double> ranks(std::span<const double> v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double avg = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
    for (std::size_t k = i; k <= j; ++k) r[order[k]] = avg;
    i = j + 1;
  }
  return r;
}

struct Split {
  std::size_t at = 0;  // first index of the right side, within the segment
  double p = 1;
};

// Pettitt's statistic over the segment: U_t = 2 Σ_{i<t} r_i − t (m + 1), the split t maximising |U_t| with
// min_segment values on each side; p ≈ 2 exp(−6 K² / (m³ + m²)).
std::optional<Split> best_split(std::span<const double> seg, std::size_t min_segment) {
  const std::size_t m = seg.size();
  if (m < 2 * min_segment || m < 2) return std::nullopt;
  const auto r = ranks(seg);
  const double md = static_cast<double>(m);
  double sum = 0, best = -1;
  std::size_t at = 0;
  for (std::size_t t = 1; t < m; ++t) {
    sum += r[t - 1];
    if (t < min_segment || m - t < min_segment) continue;
    const double u = std::fabs(2 * sum - static_cast<double>(t) * (md + 1));
    if (u > best) {
      best = u;
      at = t;
    }
  }
  if (best < 0) return std::nullopt;
  const double p = std::min(1.0, 2 * std::exp(-6 * best * best / (md * md * md + md * md)));
  return Split{at, p};
}

bool material(double before, double after, const ChangePointOptions& o) {
  const double d = std::fabs(after - before);
  const double scale = std::max(std::fabs(before), std::fabs(after));
  return d >= o.abs_floor && scale > 0 && d >= o.min_rel_change * scale;
}

}  // namespace

std::vector<ChangePoint> find_change_points(std::span<const double> values, const ChangePointOptions& options) {
  const std::size_t min_seg = std::max<std::size_t>(options.min_segment, 1);
  std::vector<std::size_t> cuts;  // indices where a new level starts
  // Segments still to search, as [lo, hi); the most significant split anywhere is taken first.
  std::vector<std::pair<std::size_t, std::size_t>> segments{{0, values.size()}};
  std::vector<double> p_of(values.size() + 1, 1.0);
  while (cuts.size() < options.max_points) {
    std::optional<std::pair<std::size_t, Split>> pick;  // (segment index, split)
    for (std::size_t s = 0; s < segments.size(); ++s) {
      const auto [lo, hi] = segments[s];
      const auto seg = values.subspan(lo, hi - lo);
      const auto split = best_split(seg, min_seg);
      if (!split || split->p >= options.alpha) continue;
      if (!material(median_of(seg.first(split->at)), median_of(seg.subspan(split->at)), options)) continue;
      if (!pick || split->p < pick->second.p) pick = std::make_pair(s, *split);
    }
    if (!pick) break;
    const auto [lo, hi] = segments[pick->first];
    const std::size_t at = lo + pick->second.at;
    cuts.push_back(at);
    p_of[at] = pick->second.p;
    segments.erase(segments.begin() + static_cast<std::ptrdiff_t>(pick->first));
    segments.emplace_back(lo, at);
    segments.emplace_back(at, hi);
  }
  std::sort(cuts.begin(), cuts.end());
  std::vector<ChangePoint> out;
  for (std::size_t i = 0; i < cuts.size(); ++i) {
    const std::size_t lo = i == 0 ? 0 : cuts[i - 1];
    const std::size_t hi = i + 1 < cuts.size() ? cuts[i + 1] : values.size();
    ChangePoint c;
    c.index = cuts[i];
    c.median_before = median_of(values.subspan(lo, cuts[i] - lo));
    c.median_after = median_of(values.subspan(cuts[i], hi - cuts[i]));
    c.p_value = p_of[cuts[i]];
    out.push_back(c);
  }
  return out;
}

}  // namespace awrdiff
