#include "render_common.hpp"

#include <nlohmann/json.hpp>

namespace awrdiff::render_detail {

void render_json(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  nlohmann::json j;
  j["base"] = c.base_source.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.base_source);
  j["target"] = c.target_source;
  j["verdict"] = to_string(c.verdict);
  j["headline"] = c.headline;
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  j["db_time_per_s"] = {
      {"base", opt(c.db_time_per_s_base)}, {"target", opt(c.db_time_per_s_target)}, {"change_pct", opt(c.db_time_change_pct)}};
  auto& contrib = j["contributors"] = nlohmann::json::array();
  for (const auto& k : c.contributors)
    contrib.push_back({{"kind", k.kind},
                       {"name", k.name},
                       {"delta_aas", k.delta_aas},
                       {"delta_s", opt(k.delta_s)},
                       {"lower_bound", k.lower_bound}});
  j["warnings"] = c.warnings;
  auto& findings = j["findings"] = nlohmann::json::array();
  for (const auto& f : c.findings) {
    nlohmann::json fj = {{"rule", f.rule},
                         {"direction", to_string(f.direction)},
                         {"impact_aas", f.impact_aas},
                         {"title", f.title},
                         {"cause", f.cause},
                         {"evidence", f.evidence}};
    auto& ms = fj["metrics"] = nlohmann::json::array();
    for (const auto& m : f.metrics)
      ms.push_back({{"key", m.key}, {"label", m.label}, {"unit", m.unit}, {"base", opt(m.base)}, {"target", opt(m.target)}});
    findings.push_back(std::move(fj));
  }
  auto& tables = j["tables"] = nlohmann::json::array();
  for (const auto& t : c.tables) {
    nlohmann::json tj;
    tj["key"] = t.key;
    tj["title"] = t.title;
    auto& cols = tj["columns"] = nlohmann::json::array();
    for (const auto& col : t.columns)
      cols.push_back({{"key", col.key}, {"header", col.header}, {"unit", col.unit}, {"role", to_string(role_of(col))}});
    auto& rows = tj["rows"] = nlohmann::json::array();
    for (const auto& r : t.rows) {
      nlohmann::json rj = nlohmann::json::object();
      for (std::size_t i = 0; i < t.columns.size() && i < r.cells.size(); ++i) {
        const auto& cell = r.cells[i];
        const auto& key = t.columns[i].key;
        if (const auto* d = std::get_if<double>(&cell)) {
          rj[key] = *d;
        } else if (const auto* s = std::get_if<std::string>(&cell)) {
          // A numeric column's cell of words ("from 0", "+1.2 pts"): null, the words beside it under
          // "<key>_text", so that a column holds numbers or null only.
          if (t.columns[i].kind == ColumnKind::text) {
            rj[key] = *s;
          } else {
            rj[key] = nullptr;
            rj[key + "_text"] = *s;
          }
        } else if (std::holds_alternative<std::monostate>(cell)) {
          rj[key] = nullptr;
        } else {
          // A presence (docs/json.md): the words the text formats show under the key (a text column) or
          // "<key>_text" (a numeric column, whose key holds null), and its type under "<key>_presence".
          const std::string words = cell_text(cell, t.columns[i]);
          if (t.columns[i].kind == ColumnKind::text) {
            rj[key] = words;
          } else {
            rj[key] = nullptr;
            rj[key + "_text"] = words;
          }
          nlohmann::json p;
          if (const auto* u = std::get_if<Unknown>(&cell)) {
            p = {{"kind", "unknown"}, {"why", to_string(u->why)}};
            if (u->side != Unknown::Side::own) p["side"] = u->side == Unknown::Side::base ? "base" : "target";
          } else if (const auto* one = std::get_if<OneSided>(&cell)) {
            p = {{"kind", "one_sided"}, {"which", to_string(one->which)}};
          } else if (const auto* b = std::get_if<Bound>(&cell)) {
            p = {{"kind", "bound"}, {"value", b->value}, {"at_least", b->at_least}};
          }
          rj[key + "_presence"] = std::move(p);
        }
      }
      rows.push_back(std::move(rj));
    }
    tj["notes"] = t.notes;
    tables.push_back(std::move(tj));
  }
  auto& periods = j["periods"] = nlohmann::json::array();
  for (const auto& p : c.period_info)
    periods.push_back({{"role", p.role},
                       {"files", p.files},
                       {"reports", p.reports},
                       {"database", p.database},
                       {"instance", p.instance},
                       {"begin_time", p.begin_time},
                       {"end_time", p.end_time},
                       {"begin_snap", p.begin_snap ? nlohmann::json(*p.begin_snap) : nlohmann::json(nullptr)},
                       {"end_snap", p.end_snap ? nlohmann::json(*p.end_snap) : nlohmann::json(nullptr)},
                       {"elapsed_s", opt(p.elapsed_s)}});
  auto& charts = j["charts"] = nlohmann::json::array();
  for (const auto& ch : c.charts) {
    nlohmann::json cj = {{"key", ch.key},
                         {"title", ch.title},
                         {"kind", to_string(ch.kind)},
                         {"unit", ch.unit},
                         {"categories", ch.categories},
                         {"groups", ch.groups},
                         {"members", ch.members},
                         {"notes", ch.notes}};
    auto& totals = cj["totals"] = nlohmann::json::array();
    for (const auto& t : ch.totals) totals.push_back(opt(t));
    auto& series = cj["series"] = nlohmann::json::array();
    for (const auto& s : ch.series) {
      nlohmann::json sj = {{"name", s.name}, {"unit", s.unit}, {"assessment", s.assessment}};
      auto& values = sj["values"] = nlohmann::json::array();
      for (const auto& v : s.values) values.push_back(opt(v));
      if (ch.kind == ChartKind::strip) sj["points"] = s.points;
      if (ch.kind == ChartKind::band) {
        sj["low"] = opt(s.low);
        sj["centre"] = opt(s.centre);
        sj["high"] = opt(s.high);
      }
      series.push_back(std::move(sj));
    }
    charts.push_back(std::move(cj));
  }
  if (o.verbose) {
    auto& diagnostics = j["diagnostics"] = nlohmann::json::array();
    for (const auto& d : c.diagnostics)
      diagnostics.push_back({{"file", d.file},
                             {"line", d.line > 0 ? nlohmann::json(d.line) : nlohmann::json(nullptr)},
                             {"section", d.section.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.section)},
                             {"severity", d.level == Diagnostic::Level::info ? "info" : "warning"},
                             {"message", d.message}});
  }
  out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace awrdiff::render_detail
