// The fleet's morning page as one self-contained HTML page (fleet_render.hpp, docs/fleet.md): the first line, then a
// grid of small multiples, one per database, sorted as the text (failed or warned by DB time lost, silent, fine):
// DB time per second over the window, its band shaded, its episodes marked, failing periods as red dots. Inline SVG
// and CSS only: no JavaScript, nothing fetched.
#include <awrdiff/fleet_render.hpp>

#include "render/fleet_common.hpp"
#include "render/html_common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace awrdiff::render_detail {
namespace {

using html::esc;

constexpr int k_w = 300, k_h = 96, k_pad = 4;

const char* colour(const std::string& status) {
  if (status == "fail" || status == "silent") return "#c62828";
  if (status == "warn") return "#ef6c00";
  if (status == "improved") return "#2e7d32";
  return "#546e7a";
}

std::string aas(double v) {
  if (std::fabs(v) >= 100) return fmt::format("{:.0f}", v);
  if (std::fabs(v) >= 10) return fmt::format("{:.1f}", v);
  if (std::fabs(v) >= 1) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3f}", v);
}

// One database's chart: DB time per second over the window (x: time), the band under its top shaded, episodes.
void sparkline(const FleetDatabase& d, const FleetPage& page, std::ostream& out) {
  const double span = static_cast<double>(std::max<std::int64_t>(1, page.to_epoch - page.from_epoch));
  double top = 0;
  for (const auto& p : d.points) top = std::max({top, p.aas.value_or(0), p.band_high.value_or(0)});
  top = top > 0 ? top * 1.12 : 1;
  auto x = [&](std::int64_t t) {
    return k_pad + (k_w - 2 * k_pad) * std::clamp(static_cast<double>(t - page.from_epoch) / span, 0.0, 1.0);
  };
  auto y = [&](double v) { return k_h - 14 - (k_h - 26) * v / top; };
  out << fmt::format(
      "<svg viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"DB time per second of {}\">", k_w, k_h,
      k_w, k_h, esc(d.label));
  out << fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#fafafa\"/>", k_w, k_h - 12);
  // Episodes: shaded behind everything.
  for (std::size_t i = 0; i < d.points.size(); ++i) {
    if (!d.points[i].in_episode || (i > 0 && d.points[i - 1].in_episode)) continue;
    std::size_t j = i;
    while (j + 1 < d.points.size() && d.points[j + 1].in_episode) ++j;
    out << fmt::format(
        "<rect class=\"episode\" x=\"{:.1f}\" y=\"0\" width=\"{:.1f}\" height=\"{}\" fill=\"#ffcdd2\">"
        "<title>episode {} .. {}</title></rect>",
        x(d.points[i].begin_epoch), std::max(2.0, x(d.points[j].end_epoch) - x(d.points[i].begin_epoch)), k_h - 12,
        esc(fleet_shown(d.points[i].begin_time)), esc(fleet_shown(d.points[j].end_time)));
  }
  // The band: from 0 to its top, per period.
  for (const auto& p : d.points) {
    if (!p.band_high) continue;
    const double x0 = x(p.begin_epoch), x1 = std::max(x0 + 1, x(p.end_epoch));
    out << fmt::format(
        "<rect class=\"band\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#c8e6c9\" "
        "fill-opacity=\"0.8\"/>",
        x0, y(*p.band_high), x1 - x0, y(0) - y(*p.band_high));
  }
  // The line through the periods' middles, then the failing and warning periods as dots.
  std::string pts;
  for (const auto& p : d.points)
    if (p.aas) pts += fmt::format("{:.1f},{:.1f} ", (x(p.begin_epoch) + x(p.end_epoch)) / 2, y(*p.aas));
  if (!pts.empty()) out << fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"1.5\"/>", pts);
  for (const auto& p : d.points) {
    if (!p.aas) continue;
    const bool bad = p.status == "fail" || p.status == "warn";
    const double cx = (x(p.begin_epoch) + x(p.end_epoch)) / 2;
    out << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"><title>{} {} AAS{} ({}{})</title></circle>", cx,
                       y(*p.aas), bad ? 2.8 : 1.3, bad ? colour(p.status) : "#1565c0", esc(fleet_shown(p.begin_time)),
                       aas(*p.aas), p.band_high ? fmt::format(", band up to {}", aas(*p.band_high)) : std::string(), p.status,
                       p.voted ? ", the check's vote" : "");
  }
  if (d.peak && d.points[*d.peak].aas) {
    const auto& p = d.points[*d.peak];
    const double cx = (x(p.begin_epoch) + x(p.end_epoch)) / 2;
    out << fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"peak\" text-anchor=\"{}\">{} AAS</text>",
                       cx + (cx > k_w / 2 ? -4 : 4), std::max(10.0, y(*p.aas) - 3), cx > k_w / 2 ? "end" : "start", aas(*p.aas));
  }
  if (d.status == "silent") {
    const auto end = iso_epoch(d.latest.end_time);
    const double xe = end && *end > page.from_epoch ? x(*end) : k_pad;
    out << fmt::format(
        "<rect class=\"silent\" x=\"{:.1f}\" y=\"0\" width=\"{:.1f}\" height=\"{}\" fill=\"#ef9a9a\" "
        "fill-opacity=\"0.45\"><title>no period since {}</title></rect>",
        xe, k_w - k_pad - xe, k_h - 12, esc(fleet_shown(d.latest.end_time)));
  }
  // The axis: the window's ends, and the scale's top.
  out << fmt::format("<line x1=\"0\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\"/>", k_h - 12, k_w, k_h - 12);
  out << fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\">{}</text>", k_pad, k_h - 2, esc(fleet_shown(page.from)));
  out << fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"end\">{}</text>", k_w - k_pad, k_h - 2,
                     esc(fleet_shown(page.to)));
  if (!d.points.empty()) out << fmt::format("<text x=\"{}\" y=\"10\" class=\"axis\">{} AAS</text>", k_pad, aas(top));
  out << "</svg>";
}

void card(const FleetDatabase& d, const FleetPage& page, std::size_t rank, std::ostream& out) {
  out << fmt::format("<figure class=\"card {}\">", esc(d.status));
  out << fmt::format(
      "<figcaption><span class=\"badge\" style=\"background:{}\">{}</span> {}<b>{}</b> <span class=\"id\">{}</span>",
      colour(d.status), esc(d.status == "ok" ? std::string("fine") : d.status),
      rank > 0 ? fmt::format("{}. ", rank) : std::string(), esc(d.latest.db_name),
      esc(d.label.substr(std::min(d.label.size(), d.latest.db_name.size() + 1))));
  out << "</figcaption>";
  sparkline(d, page, out);
  if (d.status == "silent") {
    out << fmt::format("<p class=\"line\">{}</p>", esc(fleet_silent_line(d, page.to_epoch, page.silent_s, false)));
  } else if (d.status != "ok") {
    out << fmt::format("<p class=\"line\">{}</p>", esc(fleet_first_line(d, false)));
    if (const auto s = fleet_since(d); !s.empty()) out << fmt::format("<p class=\"since\">{}</p>", esc(s));
    out << fmt::format("<p class=\"cmd\"><code>{}</code></p>", esc(d.timeline_command));
    if (!d.pair_command.empty()) out << fmt::format("<p class=\"cmd\"><code>{}</code></p>", esc(d.pair_command));
  }
  out << "</figure>\n";
}

constexpr const char* k_css =
    R"(body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.2em;color:#212121}
h1{font-size:1.25em;margin:0 0 .2em}h2{font-size:1.05em;margin:1.2em 0 .4em}
.head{padding:.6em .8em;border-left:6px solid #546e7a;background:#f5f5f5}.head.fail{border-color:#c62828}.head.warn{border-color:#ef6c00}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(316px,1fr));gap:10px}
.card{margin:0;padding:6px;border:1px solid #ddd;border-radius:4px;background:#fff;overflow:hidden}
.card.fail,.card.silent{border-color:#e57373}.card.warn{border-color:#ffb74d}
figcaption{font-size:13px;margin-bottom:2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.badge{color:#fff;border-radius:3px;padding:0 5px;font-size:11px;text-transform:uppercase}.id{color:#666;font-size:12px}
svg{display:block;max-width:100%;height:auto}svg text{font-size:10px;fill:#555}svg text.peak{font-weight:600;fill:#b71c1c}
p{margin:.25em 0;font-size:12px}.cmd code{font-size:11px;word-break:break-all;color:#37474f}.since{font-weight:600}
.legend span{display:inline-block;margin-right:1.2em}.sw{display:inline-block;width:14px;height:10px;vertical-align:middle;margin-right:4px}
.fine-list{color:#555;font-size:12px})";

}  // namespace

void render_fleet_html(const FleetPage& page, std::ostream& out) {
  const std::string tone = page.failed() > 0 ? "fail" : page.warned() > 0 ? "warn" : "ok";
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  out << fmt::format("<title>awrdiff fleet: {}</title><style>{}</style></head><body>\n", esc(page.headline), k_css);
  out << fmt::format(
      "<div class=\"head {}\"><h1>{}</h1><p>History: {}; {}. Each database's DB time per second (AAS) over the "
      "window; <span class=\"legend\"><span><i class=\"sw\" style=\"background:#c8e6c9\"></i>its band (what "
      "check --history lets pass)</span><span><i class=\"sw\" style=\"background:#ffcdd2\"></i>an episode "
      "(the timeline's rules)</span><span><i class=\"sw\" style=\"background:#c62828\"></i>a failing period"
      "</span><span><i class=\"sw\" style=\"background:#ef6c00\"></i>a warning</span><span><i class=\"sw\" style=\"background:#ef9a9a\"></i>silent since its last period</span></span></p></div>\n",
      tone, esc(page.headline), esc(page.location), esc(fleet_like_periods(page)));
  if (!page.troubled.empty() || !page.silent.empty()) {
    out << fmt::format(
        "<h2>Failed or warned ({}), by the DB time lost above each one's band; silent ({})</h2>\n<div class=\"grid\">\n",
        page.troubled.size(), page.silent.size());
    for (std::size_t i = 0; i < page.troubled.size(); ++i) card(page.troubled[i], page, i + 1, out);
    for (const auto& d : page.silent) card(d, page, 0, out);
    out << "</div>\n";
  }
  const FleetCounts dbs = page.databases();
  out << fmt::format("<h2>Fine ({} database{}{})</h2>\n<div class=\"grid\">\n", dbs.fine, dbs.fine == 1 ? "" : "s",
                     page.fine.size() == dbs.fine ? std::string() : fmt::format(", {} instances", page.fine.size()));
  for (const auto& d : page.fine) card(d, page, 0, out);
  out << "</div>\n</body></html>\n";
}

}  // namespace awrdiff::render_detail
