// The charts of the HTML report, drawn here as inline SVG: each kind of chart (ChartKind) the same way whatever the
// section, with the numbers printed beside the marks, so that a chart still reads as text with images off. The
// diff engine picks the numbers (src/diff/charts.cpp); docs/html.md shows each kind.
#include "html_common.hpp"
#include "render_common.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::render_detail::html {

namespace {

// Fallback palette for series without a colour of their own.
const char* palette(std::size_t i) {
  static const char* p[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                            "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  return p[i % (sizeof p / sizeof p[0])];
}

// The colour of series k: its own, else the palette's.
std::string colour(const ChartSeries& s, std::size_t k) { return s.colour.empty() ? palette(k) : esc(s.colour); }

// A round step for an axis from 0 to `max` with about `n` ticks.
double nice_step(double max, int n) {
  if (max <= 0) return 1;
  const double raw = max / n;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * mag;
}

std::string svg_open(int w, int h, const std::string& label) {
  return fmt::format(
      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
      "role=\"img\" aria-label=\"{2}\">",
      w, h, esc(label));
}

std::string text(double x, double y, const std::string& s, const char* extra = "") {
  return fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\"{}>{}</text>", x, y, extra, esc(s));
}

// The time axis under a chart of periods in time order (categories "YYYY-MM-DD HH:MM"): a tick and a label at the
// first and last period, at the first period of each day, then at evenly spaced periods, each kept only where its
// label clears the labels kept before (its width estimated from its characters). A label names the day where it is
// the first of its day; else the time alone ("04:30"). `at(i)`: the x of category i.
template <class At>
void time_axis(const std::vector<std::string>& categories, At at, double x0, double x1, double y, std::ostream& out) {
  const std::size_t n = categories.size();
  if (n == 0) return;
  auto day = [&](std::size_t i) { return categories[i].substr(0, std::min<std::size_t>(10, categories[i].find(' '))); };
  std::vector<std::size_t> wanted = {0, n - 1};
  for (std::size_t i = 1; i + 1 < n; ++i)
    if (day(i) != day(i - 1)) wanted.push_back(i);
  for (std::size_t t = 1; t < 12; ++t) wanted.push_back(t * (n - 1) / 12);
  struct Label {
    std::size_t i;
    double left, right, x;
    std::string text;
    const char* anchor;
  };
  std::vector<Label> kept;
  auto label = [&](std::size_t i, bool with_day) {
    const std::string& c = categories[i];
    const std::size_t sp = c.find(' ');
    Label l{i, 0, 0, at(i), with_day || sp == std::string::npos ? c : c.substr(sp + 1), "middle"};
    double w = 0;  // DejaVu Sans at 11 px: a digit 7 px, '-', ':' and ' ' about 4
    for (char ch : l.text)
      w += std::isdigit(static_cast<unsigned char>(ch)) != 0   ? 7.0
           : std::isalpha(static_cast<unsigned char>(ch)) != 0 ? 7.5
                                                               : 4.0;
    if (l.x - w / 2 < x0) l.anchor = "start", l.x = std::max(x0, l.x - 4);
    if (l.x + w / 2 > x1) l.anchor = "end", l.x = std::min(x1, l.x + 4);
    const double a = l.anchor[0] == 's' ? 0 : l.anchor[0] == 'e' ? w : w / 2;
    l.left = l.x - a;
    l.right = l.left + w;
    return l;
  };
  // The day of the nearest kept label to the left of i (empty if none): a label of another day names its day.
  auto day_before = [&](std::size_t i) {
    std::size_t best = n;
    for (const auto& k : kept)
      if (k.i < i && (best == n || k.i > best)) best = k.i;
    return best == n ? std::string() : day(best);
  };
  for (std::size_t i : wanted) {
    if (std::any_of(kept.begin(), kept.end(), [i](const Label& k) { return k.i == i; })) continue;
    const Label l = label(i, i == 0 || day(i) != day(i - 1) || day_before(i) != day(i));
    if (std::all_of(kept.begin(), kept.end(), [&l](const Label& k) { return l.right + 8 <= k.left || k.right + 8 <= l.left; }))
      kept.push_back(l);
  }
  for (const auto& l : kept) {
    out << fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#56616b\"/>", at(l.i), y - 17,
                       y - 13);
    out << text(l.x, y, l.text, (std::string(" text-anchor=\"") + l.anchor + "\" class=\"ax\"").c_str());
  }
}

// Under a chart over periods: how its x axis reads.
void by_period_note(std::ostream& out) {
  out << "<p class=\"note\">The periods in time order, evenly spaced whatever the time between them (not a time scale); a "
         "dashed line marks a gap in time or an instance restart.</p>\n";
}

// ---- the chart kinds ----------------------------------------------------------------------------

void stacked_chart(const Chart& c, std::ostream& out) {
  const int W = 760, label_w = 170, right = 70, row_h = 26, bar_h = 18, axis_h = 22, group_h = 18;
  const double x0 = label_w + 8, x1 = W - right;
  double max = 0;
  for (std::size_t i = 0; i < c.categories.size(); ++i) {
    double sum = 0;
    for (const auto& s : c.series)
      if (i < s.values.size()) sum += std::max(0.0, s.values[i].value_or(0));
    max = std::max({max, sum, i < c.totals.size() ? c.totals[i].value_or(0) : 0.0});
  }
  if (max <= 0) max = 1;
  out << "<div class=\"stack\">";
  const double step = nice_step(max, 5);
  const double top = std::ceil(max / step - 1e-9) * step;
  auto X = [&](double v) { return x0 + (x1 - x0) * v / top; };
  int groups = 0;
  for (std::size_t i = 0; i < c.groups.size(); ++i)
    if (i == 0 || c.groups[i] != c.groups[i - 1]) ++groups;
  const int h = 6 + static_cast<int>(c.categories.size()) * row_h + groups * group_h + axis_h;
  out << svg_open(W, h, c.title);
  // grid and axis
  const int plot_bottom = h - axis_h;
  for (double t = 0; t <= top + step / 2; t += step) {
    out << fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"2\" y2=\"{1}\" stroke=\"#e3e7eb\"/>", X(t), plot_bottom);
    out << text(X(t), plot_bottom + 15, num(t), " text-anchor=\"middle\" class=\"ax\"");
  }
  out << text(label_w, plot_bottom + 15, c.unit, " text-anchor=\"end\" class=\"ax\"");
  double y = 6;
  for (std::size_t i = 0; i < c.categories.size(); ++i) {
    if (i < c.groups.size() && (i == 0 || c.groups[i] != c.groups[i - 1])) {
      out << text(4, y + 13, c.groups[i], " class=\"grp\"");
      y += group_h;
    }
    const double by = y + (row_h - bar_h) / 2.0;
    out << "<g>" << text(label_w, by + 13, cut(c.categories[i], 26), " text-anchor=\"end\"");
    double x = x0;
    for (std::size_t k = 0; k < c.series.size(); ++k) {
      const auto& s = c.series[k];
      const double v = i < s.values.size() ? s.values[i].value_or(0) : 0;
      if (v <= 0) continue;
      const double w = X(v) - x0;
      const double pct = i < c.totals.size() && c.totals[i] && *c.totals[i] > 0 ? v / *c.totals[i] * 100 : NAN;
      out << fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{}: {}{}</title></rect>", x, by, w,
          bar_h, colour(s, k), esc(c.categories[i] + ", " + s.name), esc(with_unit(num(v), s.unit)),
          std::isnan(pct) ? "" : fmt::format(" ({:.0f}% of DB time)", pct));
      x += w;
    }
    const OptDouble total = i < c.totals.size() ? c.totals[i] : std::nullopt;
    out << text(std::max(x, total ? X(*total) : x) + 5, by + 13, total ? num(*total) : std::string(), " class=\"tot\"");
    out << "</g>";
    y += row_h;
  }
  out << "</svg>\n<div>";
  // The legend, which is also the numbers (the chart read as text).
  const bool wide = c.categories.size() > 3;
  if (wide) {
    out << "<p class=\"legend\">";
    for (std::size_t k = 0; k < c.series.size(); ++k)
      out << "<span><i style=\"background:" << colour(c.series[k], k) << "\"></i>" << esc(c.series[k].name) << "</span> ";
    out << "</p>\n<details><summary>The numbers</summary>";
  }
  out << "<table class=\"legend-table\"><thead><tr><th></th>";
  for (const auto& cat : c.categories) out << "<th class=\"n\">" << esc(cat) << "</th>";
  if (c.categories.size() == 2) out << "<th class=\"n\">Δ</th>";
  out << "</tr></thead><tbody>";
  for (std::size_t k = 0; k < c.series.size(); ++k) {
    const auto& s = c.series[k];
    out << "<tr><td><i class=\"sw\" style=\"background:" << colour(s, k) << "\"></i>" << esc(s.name) << "</td>";
    for (std::size_t i = 0; i < c.categories.size(); ++i)
      out << "<td class=\"n\">" << (i < s.values.size() ? num(s.values[i]) : "-") << "</td>";
    if (c.categories.size() == 2 && s.values.size() == 2 && s.values[0] && s.values[1])
      out << "<td class=\"n\">" << signed_num(*s.values[1] - *s.values[0]) << "</td>";
    else if (c.categories.size() == 2) out << "<td class=\"n\">-</td>";
    out << "</tr>";
  }
  if (!c.totals.empty()) {
    out << "<tr class=\"total\"><td>Total (" << esc(c.unit) << ")</td>";
    for (const auto& t : c.totals) out << "<td class=\"n\">" << num(t) << "</td>";
    if (c.totals.size() == 2)
      out << "<td class=\"n\">" << (c.totals[0] && c.totals[1] ? signed_num(*c.totals[1] - *c.totals[0]) : "-") << "</td>";
    out << "</tr>";
  }
  out << "</tbody></table>\n";
  if (wide) out << "</details>\n";
  out << "</div></div>\n";
}

}  // namespace

// Per series: its name above, then one bar per category, on its unit's shared scale when `scales` has one, else on
// its own; the first category grey, the last coloured by the series' assessment.
void paired_chart(const Chart& c, std::ostream& out, int W, const UnitScales* scales) {
  const int label_h = 15, lane = 12, gap = 3, pad = 8, x0 = 16, right = 80;
  const double x1 = W - right;
  const int per = label_h + static_cast<int>(c.categories.size()) * (lane + gap) + pad;
  const int h = 2 + static_cast<int>(c.series.size()) * per;
  out << svg_open(W, h, c.title);
  double y = 2;
  for (const auto& s : c.series) {
    double max = 0;
    for (const auto& v : s.values) max = std::max(max, std::fabs(v.value_or(0)));
    if (scales != nullptr && !s.unit.empty())
      if (const auto shared = scales->find(s.unit); shared != scales->end()) max = std::max(max, shared->second);
    if (max <= 0) max = 1;
    out << "<g>" << text(0, y + 11, cut(s.name, 64) + (s.unit.empty() ? "" : " (" + s.unit + ")"), " class=\"lbl\"");
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
      const OptDouble v = i < s.values.size() ? s.values[i] : std::nullopt;
      const double by = y + label_h + static_cast<double>(i) * (lane + gap);
      const bool last = i + 1 == c.categories.size();
      const char* fill = !last ? "#aab2ba" : tone_colour(s.assessment);
      const double w = (x1 - x0) * std::fabs(v.value_or(0)) / max;
      const std::string shown = num(v);
      out << text(x0 - 4, by + lane - 2, c.categories[i].substr(0, 1), " text-anchor=\"end\" class=\"ax\"");
      out << fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{}</title></rect>", x0,
                         by, v ? std::max(w, 1.0) : 0.0, lane, fill,
                         esc(s.name + ", " + c.categories[i] + ": " + (v ? with_unit(shown, s.unit) : "not given")));
      out << text(x0 + w + 4, by + lane - 2, shown, " class=\"val\"");
    }
    out << "</g>";
    y += per;
  }
  out << "</svg>\n";
}

namespace {

// Per series: the band [low, high], its centre, and the current value.
void band_chart(const Chart& c, std::ostream& out) {
  const int W = 900, label_w = 255, right = 270, row_h = 24;
  const double x0 = label_w + 10, x1 = W - right;
  const int h = 6 + static_cast<int>(c.series.size()) * row_h;
  out << svg_open(W, h, c.title);
  double y = 6;
  for (const auto& s : c.series) {
    const double cur = s.values.empty() ? 0 : s.values[0].value_or(0);
    double lo = std::min({s.low.value_or(cur), cur, s.centre.value_or(cur)});
    double hi = std::max({s.high.value_or(cur), cur, s.centre.value_or(cur)});
    double span = hi - lo;
    if (span <= 0) span = std::max(std::fabs(hi), 1.0);
    lo -= span * 0.08;
    hi += span * 0.08;
    if (lo < 0 && std::min(s.low.value_or(0), cur) >= 0) lo = 0;
    auto X = [&](double v) { return x0 + (x1 - x0) * (v - lo) / (hi - lo); };
    const double mid = y + row_h / 2.0;
    out << "<g>" << text(label_w, mid + 4, cut(s.name, 33), " text-anchor=\"end\"");
    out << fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e3e7eb\"/>", x0, x1, mid, mid);
    if (s.low && s.high)
      out << fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"12\" fill=\"#d5e3f0\"><title>{}</title></rect>", X(*s.low),
          mid - 6, std::max(1.0, X(*s.high) - X(*s.low)),
          esc(fmt::format("{}: band {} .. {}", s.name, num(*s.low), with_unit(num(*s.high), s.unit))));
    if (s.centre)
      out << fmt::format(
          "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#33475b\" stroke-width=\"2\"/>",
          X(*s.centre), mid - 7, mid + 7);
    if (!s.values.empty() && s.values[0])
      out << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\" fill=\"{}\" stroke=\"#fff\"><title>{}</title></circle>",
                         X(cur), mid, tone_colour(s.assessment),
                         esc(fmt::format("{}: current {} ({})", s.name, with_unit(num(cur), s.unit), s.assessment)));
    out << text(x1 + 10, mid + 4,
                fmt::format("{} {} in {} .. {}", s.assessment, num(cur), num(s.low), with_unit(num(s.high), s.unit)),
                (std::string(" class=\"val ") + tone(s.assessment) + "\"").c_str());
    out << "</g>";
    y += row_h;
  }
  out << "</svg>\n";
}

// Per series: each category's members as dots on one lane, the median as a bar.
void strip_chart(const Chart& c, std::ostream& out) {
  const int W = 780, label_w = 255, right = 150, lane = 15, pad = 9;
  const double x0 = label_w + 26, x1 = W - right;
  const int per = static_cast<int>(c.categories.size()) * lane + pad;
  const int h = 6 + static_cast<int>(c.series.size()) * per;
  out << svg_open(W, h, c.title);
  double y = 6;
  for (const auto& s : c.series) {
    double lo = 0, hi = 0;
    bool first = true;
    for (const auto& lane_points : s.points)
      for (double v : lane_points) {
        lo = first ? v : std::min(lo, v);
        hi = first ? v : std::max(hi, v);
        first = false;
      }
    if (lo > 0) lo = 0;
    if (hi <= lo) hi = lo + 1;
    hi += (hi - lo) * 0.04;
    auto X = [&](double v) { return x0 + (x1 - x0) * (v - lo) / (hi - lo); };
    out << "<g>" << text(label_w, y + per / 2.0 - 1, cut(s.name, 33), " text-anchor=\"end\"");
    if (!s.unit.empty()) out << text(label_w, y + per / 2.0 + 10, s.unit, " text-anchor=\"end\" class=\"ax\"");
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
      const double ly = y + static_cast<double>(i) * lane + lane / 2.0;
      const bool last = i + 1 == c.categories.size();
      const char* fill = !last ? "#7d8790" : tone_colour(s.assessment);
      out << text(x0 - 6, ly + 4, c.categories[i].substr(0, 1), " text-anchor=\"end\" class=\"ax\"");
      out << fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#eceff2\"/>", x0, x1, ly, ly);
      if (i < s.points.size())
        for (std::size_t k = 0; k < s.points[i].size(); ++k) {
          const double v = s.points[i][k];
          const std::string who = i < c.members.size() && k < c.members[i].size() ? c.members[i][k] + ": " : "";
          out << fmt::format(
              "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\" fill-opacity=\".65\"><title>{}</title></circle>", X(v), ly,
              fill, esc(who + with_unit(num(v), s.unit)));
        }
      if (i < s.values.size() && s.values[i])
        out << fmt::format(
            "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#1f2328\" stroke-width=\"2.5\">"
            "<title>{3}</title></line>",
            X(*s.values[i]), ly - 6, ly + 6, esc(c.categories[i] + " median: " + with_unit(num(*s.values[i]), s.unit)));
    }
    std::string medians;
    for (std::size_t i = 0; i < s.values.size(); ++i) medians += (i == 0 ? "" : " → ") + num(s.values[i]);
    out << text(x1 + 10, y + per / 2.0, medians, (std::string(" class=\"val ") + tone(s.assessment) + "\"").c_str());
    out << "</g>";
    y += per;
  }
  out << "</svg>\n";
}

// A shaded span of the plot from x `a` to `b` (Chart::spans: an episode), its label as the tooltip.
void span_rect(double a, double b, double top, double bottom, const std::string& label, std::ostream& out) {
  out << fmt::format(
      "<rect class=\"span\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#f3d6cf\" "
      "fill-opacity=\"0.6\"><title>{}</title></rect>",
      a, top, std::max(2.0, b - a), bottom - top, esc(label));
}

// Per series: a line over the categories (periods in time order) with each category's band shaded behind it and
// the check outcomes as dots; a long series is drawn in buckets (the bucket's median, its band's medians, its
// worst mark) so that a year of hourly periods stays a small page.
void series_chart(const Chart& c, std::ostream& out) {
  const int W = 900, left = 255, right = 120, lane_h = 74, pad = 16;
  const double x0 = left + 10, x1 = W - right;
  const std::size_t n = c.categories.size();
  const std::size_t buckets = std::min<std::size_t>(n, 600);
  auto bucket_of = [&](std::size_t i) { return n <= buckets ? i : i * buckets / n; };
  const int h = 6 + static_cast<int>(c.series.size()) * (lane_h + pad) + 18;
  out << svg_open(W, h, c.title);
  auto X = [&](std::size_t b) {
    return buckets <= 1 ? (x0 + x1) / 2 : x0 + (x1 - x0) * static_cast<double>(b) / static_cast<double>(buckets - 1);
  };
  auto rank = [](std::string_view m) { return m == "fail" ? 3 : m == "warn" ? 2 : m == "improved" ? 1 : m.empty() ? -1 : 0; };
  auto median_of = [](std::vector<double> v) -> OptDouble {
    if (v.empty()) return std::nullopt;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  double y = 6;
  for (const auto& s : c.series) {
    std::vector<std::vector<double>> val(buckets), lo(buckets), hi(buckets);
    std::vector<int> mark(buckets, -1);
    std::vector<bool> brk(buckets, false);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t b = bucket_of(i);
      if (i < s.values.size() && s.values[i]) val[b].push_back(*s.values[i]);
      if (i < s.band_low.size() && s.band_low[i]) lo[b].push_back(*s.band_low[i]);
      if (i < s.band_high.size() && s.band_high[i]) hi[b].push_back(*s.band_high[i]);
      if (i < c.marks.size()) mark[b] = std::max(mark[b], rank(c.marks[i]));
      if (i < c.breaks_before.size() && c.breaks_before[i]) brk[b] = true;
    }
    std::vector<OptDouble> v(buckets), l(buckets), u(buckets);
    double max = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
      v[b] = median_of(val[b]);
      l[b] = median_of(lo[b]);
      u[b] = median_of(hi[b]);
      max = std::max({max, v[b].value_or(0), u[b].value_or(0)});
    }
    if (max <= 0) max = 1;
    const double top = y + 4, bottom = y + lane_h;
    auto Y = [&](double x) { return bottom - (bottom - top) * x / (max * 1.05); };
    out << "<g>" << text(left, y + lane_h / 2.0 - 2, cut(s.name, 33), " text-anchor=\"end\"");
    if (!s.unit.empty()) out << text(left, y + lane_h / 2.0 + 11, s.unit, " text-anchor=\"end\" class=\"ax\"");
    out << fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e3e7eb\"/>", x0, x1, bottom,
                       bottom);
    out << text(x0 - 4, top + 8, num(max), " text-anchor=\"end\" class=\"ax\"");
    for (const auto& sp : c.spans) {  // behind everything of the lane
      const double half = buckets <= 1 ? 4 : (x1 - x0) / static_cast<double>(buckets - 1) / 2;
      span_rect(std::max(x0 - half, X(bucket_of(sp.first)) - half), std::min(x1 + half, X(bucket_of(sp.last)) + half), top,
                bottom, sp.label, out);
    }
    // The band: one polygon per run of buckets that have one.
    for (std::size_t b = 0; b < buckets;) {
      if (!l[b] || !u[b]) {
        ++b;
        continue;
      }
      std::size_t e = b;
      while (e + 1 < buckets && l[e + 1] && u[e + 1] && !brk[e + 1]) ++e;
      std::string pts;
      for (std::size_t k = b; k <= e; ++k) pts += fmt::format("{:.1f},{:.1f} ", X(k), Y(*u[k]));
      for (std::size_t k = e + 1; k-- > b;) pts += fmt::format("{:.1f},{:.1f} ", X(k), Y(*l[k]));
      if (e == b) pts += fmt::format("{:.1f},{:.1f} {:.1f},{:.1f}", X(b) + 2, Y(*l[b]), X(b) + 2, Y(*u[b]));
      out << "<polygon points=\"" << pts << "\" fill=\"#d5e3f0\"/>";
      b = e + 1;
    }
    // The line: broken at a missing value and at a restart.
    std::string path;
    bool pen = false;
    for (std::size_t b = 0; b < buckets; ++b) {
      if (!v[b] || brk[b]) pen = false;
      if (!v[b]) continue;
      path += fmt::format("{}{:.1f},{:.1f} ", pen ? "L" : "M", X(b), Y(*v[b]));
      pen = true;
    }
    if (!path.empty()) out << "<path d=\"" << path << "\" fill=\"none\" stroke=\"#33475b\" stroke-width=\"1.4\"/>";
    // Across a gap (periods missing, a value not given) or a restart: a thin dashed line, so that the series still
    // reads as one line.
    std::string across;
    for (std::size_t b = 0, p = buckets; b < buckets; ++b) {
      if (!v[b]) continue;
      if (p < buckets && (b != p + 1 || brk[b]))
        across += fmt::format("M{:.1f},{:.1f} L{:.1f},{:.1f} ", X(p), Y(*v[p]), X(b), Y(*v[b]));
      p = b;
    }
    if (!across.empty())
      out << "<path d=\"" << across << "\" fill=\"none\" stroke=\"#33475b\" stroke-width=\"1\" stroke-dasharray=\"3,3\"/>";
    // A point the line does not reach (alone between gaps or restarts) as a dot.
    for (std::size_t b = 0; b < buckets; ++b) {
      const bool joined_before = b > 0 && v[b - 1] && !brk[b];
      const bool joined_after = b + 1 < buckets && v[b + 1] && !brk[b + 1];
      if (v[b] && !joined_before && !joined_after)
        out << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"#33475b\"/>", X(b), Y(*v[b]));
    }
    for (std::size_t b = 0; b < buckets; ++b) {
      if (!v[b] || mark[b] < 1) continue;
      const char* word = mark[b] == 3 ? "fail" : mark[b] == 2 ? "warn" : "improved";
      const std::size_t first = n <= buckets ? b : (b * n + buckets - 1) / buckets;
      out << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\"><title>{}</title></circle>", X(b), Y(*v[b]),
                         tone_colour(word),
                         esc(fmt::format("{}: {} {} ({})", first < n ? c.categories[first] : "", num(*v[b]), s.unit, word)));
    }
    OptDouble last;
    if (!v.empty()) last = v.back();
    out << text(x1 + 8, last ? Y(*last) + 4 : bottom, last ? with_unit(num(*last), s.unit) : std::string(),
                (std::string(" class=\"val ") + tone(s.assessment) + "\"").c_str());
    out << "</g>";
    y += lane_h + pad;
  }
  time_axis(
      c.categories, [&](std::size_t i) { return X(bucket_of(i)); }, x0, x1, y - pad + 17, out);  // under the last lane
  out << "</svg>\n";
  if (n > 1) by_period_note(out);
}

// The runs of buckets with values (count > 0) and no break (brk) between them: [first, last] each.
std::vector<std::pair<std::size_t, std::size_t>> value_runs(const std::vector<int>& count, const std::vector<bool>& brk) {
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  const std::size_t buckets = count.size();
  for (std::size_t b = 0; b < buckets;) {
    if (count[b] == 0) {
      ++b;
      continue;
    }
    std::size_t e = b;
    while (e + 1 < buckets && count[e + 1] > 0 && !brk[e + 1]) ++e;
    runs.emplace_back(b, e);
    b = e + 1;
  }
  return runs;
}

// A row of a stacked chart's legend: a part's (or the total's) mean and peak over the periods, and when it peaked.
void legend_row(const std::string& swatch, const std::string& name, const std::vector<OptDouble>& values,
                const std::vector<std::string>& categories, std::ostream& out) {
  double sum = 0, peak = -1;
  std::size_t m = 0, peak_at = 0;
  for (std::size_t i = 0; i < values.size() && i < categories.size(); ++i)
    if (values[i]) {
      sum += *values[i];
      ++m;
      if (*values[i] > peak) {
        peak = *values[i];
        peak_at = i;
      }
    }
  out << "<tr><td>" << swatch << esc(name) << "</td><td class=\"n\">" << (m ? num(sum / static_cast<double>(m)) : "-")
      << "</td><td class=\"n\">" << (m ? num(peak) : "-") << "</td><td>" << (m ? esc(categories[peak_at]) : "") << "</td></tr>";
}

// The parts of a whole over the categories (periods in time order), stacked as areas on one scale, with the total as
// a line on top; the areas break where a category has no values and before a category of breaks_before. A long
// series is drawn in buckets (each part's and the total's mean over the bucket: means add up, medians do not) so that
// a year of hourly periods stays a small page. The legend gives each part's mean and peak (the chart read as text).
void stacked_series_chart(const Chart& c, std::ostream& out) {
  const int W = 900, left = 60, right = 20, plot_h = 230, top_pad = 24, axis_h = 34;
  const double x0 = left, x1 = W - right;
  const std::size_t n = c.categories.size();
  const std::size_t buckets = std::min<std::size_t>(n, 600);
  if (n == 0) return;
  auto bucket_of = [&](std::size_t i) { return n <= buckets ? i : i * buckets / n; };
  const std::size_t K = c.series.size();
  // Per bucket: each part's mean, the total's mean, whether it has values, whether the areas break before it.
  std::vector<std::vector<double>> part(K, std::vector<double>(buckets, 0.0));
  std::vector<double> total(buckets, 0.0);
  std::vector<int> count(buckets, 0), total_count(buckets, 0);
  std::vector<bool> brk(buckets, false);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t b = bucket_of(i);
    if (i < c.breaks_before.size() && c.breaks_before[i]) brk[b] = true;
    bool any = false;
    for (std::size_t k = 0; k < K; ++k)
      if (i < c.series[k].values.size() && c.series[k].values[i]) {
        part[k][b] += std::max(0.0, *c.series[k].values[i]);
        any = true;
      }
    if (any) ++count[b];
    if (i < c.totals.size() && c.totals[i]) {
      total[b] += *c.totals[i];
      ++total_count[b];
    }
  }
  double max = 0;
  for (std::size_t b = 0; b < buckets; ++b) {
    double sum = 0;
    for (std::size_t k = 0; k < K; ++k) {
      if (count[b] > 0) part[k][b] /= count[b];
      sum += part[k][b];
    }
    if (total_count[b] > 0) total[b] /= total_count[b];
    max = std::max({max, sum, total[b]});
  }
  if (max <= 0) max = 1;
  const double step = nice_step(max, 4);
  const double top = std::ceil(max / step - 1e-9) * step;
  const double plot_top = top_pad, plot_bottom = top_pad + plot_h;
  auto Y = [&](double v) { return plot_bottom - (plot_bottom - plot_top) * v / top; };
  // Each bucket spans [X(b), X(b + 1)]: a lone period is a column, not a hairline.
  auto X = [&](std::size_t b) { return x0 + (x1 - x0) * static_cast<double>(b) / static_cast<double>(buckets); };
  const int h = static_cast<int>(plot_bottom) + axis_h;
  out << "<div class=\"stack\">" << svg_open(W, h, c.title);
  for (double t = 0; t <= top + step / 2; t += step) {
    out << fmt::format("<line x1=\"{0:.1f}\" x2=\"{1:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#e3e7eb\"/>", x0, x1, Y(t));
    out << text(x0 - 6, Y(t) + 4, num(t), " text-anchor=\"end\" class=\"ax\"");
  }
  out << text(4, 12, c.unit, " class=\"ax\"");  // above the scale, clear of its top label
  double label_end = 0;  // each span's label above the plot where it clears the one before (6.5 px a character)
  for (const auto& sp : c.spans) {  // behind the areas
    const double a = X(bucket_of(sp.first)), b = X(bucket_of(sp.last) + 1);
    span_rect(a, b, plot_top, plot_bottom, sp.label, out);
    // From the span's left edge; where it would not fit before the plot's right edge, ending there instead (an
    // episode still on is at the right), cut only when wider than the whole plot.
    const double room = x1 - x0, wide = 6.5 * static_cast<double>(sp.label.size());
    const bool from_left = a + 2 + wide <= x1 || wide > room;
    const double start = from_left ? a + 2 : x1 - wide;
    if (start < label_end + 8) continue;
    const std::string label = cut(sp.label, std::max<std::size_t>(8, static_cast<std::size_t>((x1 - start) / 6.5)));
    out << text(start, plot_top - 6, label, " class=\"span\"");
    label_end = start + 6.5 * static_cast<double>(label.size());
  }
  const auto runs = value_runs(count, brk);
  // Each part as one polygon per run: its upper edge left to right (a step per bucket), its lower edge back.
  for (std::size_t k = 0; k < K; ++k) {
    std::string pts;
    for (const auto& [b, e] : runs) {
      std::string upper, lower;
      for (std::size_t q = b; q <= e; ++q) {
        double below = 0;
        for (std::size_t j = 0; j < k; ++j) below += part[j][q];
        const double above = below + part[k][q];
        upper += fmt::format("{:.1f},{:.1f} {:.1f},{:.1f} ", X(q), Y(above), X(q + 1), Y(above));
        lower = fmt::format("{:.1f},{:.1f} {:.1f},{:.1f} ", X(q + 1), Y(below), X(q), Y(below)) + lower;
      }
      out << "<polygon points=\"" << upper << lower << "\" fill=\"" << colour(c.series[k], k) << "\"/>";
    }
  }
  // The total (DB time per second) as a line over the steps, broken as the areas are.
  std::string path;
  for (const auto& [b, e] : runs) {
    bool pen = false;
    for (std::size_t q = b; q <= e; ++q) {
      if (total_count[q] == 0) {
        pen = false;
        continue;
      }
      path += fmt::format("{}{:.1f},{:.1f} L{:.1f},{:.1f} ", pen ? "L" : "M", X(q), Y(total[q]), X(q + 1), Y(total[q]));
      pen = true;
    }
  }
  if (!path.empty()) out << "<path d=\"" << path << "\" fill=\"none\" stroke=\"#1f2328\" stroke-width=\"1.2\"/>";
  // Breaks: a dashed mark where the areas stop (an instance restart or a gap in time) between two runs.
  for (std::size_t r = 1; r < runs.size(); ++r)
    out << fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#9aa4ae\" "
        "stroke-dasharray=\"3,3\"/>",
        X(runs[r].first), plot_top, plot_bottom);
  out << fmt::format("<line x1=\"{0:.1f}\" x2=\"{1:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#56616b\"/>", x0, x1,
                     plot_bottom);
  // The time axis: days and times whose labels do not overlap, under the middle of each period's step.
  time_axis(
      c.categories, [&](std::size_t i) { return X(bucket_of(i)) + (X(1) - X(0)) / 2; }, x0, x1, plot_bottom + 17, out);
  out << "</svg>\n";
  by_period_note(out);
  // The legend, with the numbers: each part's mean and peak over the periods, the total's.
  out << "<table class=\"legend-table\"><thead><tr><th></th><th class=\"n\">Mean</th><th class=\"n\">Peak</th><th>Peak at</th>"
         "</tr></thead><tbody>";
  auto row = [&](const std::string& swatch, const std::string& name, const std::vector<OptDouble>& values) {
    legend_row(swatch, name, values, c.categories, out);
  };
  for (std::size_t k = K; k-- > 0;)  // top of the stack first, as drawn
    row("<i class=\"sw\" style=\"background:" + colour(c.series[k], k) + "\"></i>", c.series[k].name, c.series[k].values);
  if (!c.totals.empty()) row("<i class=\"sw\" style=\"background:#1f2328;height:2px\"></i>", "Total (line)", c.totals);
  out << "</tbody></table></div>\n";
}

}  // namespace

void chart(const Chart& c, std::ostream& out) {
  switch (c.kind) {
    case ChartKind::stacked:
      stacked_chart(c, out);
      break;
    case ChartKind::paired:
      paired_chart(c, out, 760);
      break;
    case ChartKind::band:
      band_chart(c, out);
      break;
    case ChartKind::strip:
      strip_chart(c, out);
      break;
    case ChartKind::series:
      series_chart(c, out);
      break;
    case ChartKind::stacked_series:
      stacked_series_chart(c, out);
      break;
  }
  for (const auto& n : c.notes) out << "<p class=\"note\">" << esc(n) << "</p>\n";
}

}  // namespace awrdiff::render_detail::html
