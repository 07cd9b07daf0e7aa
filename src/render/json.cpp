// The comparison as JSON (`-f json`, docs/json.md), written by RapidJSON's streaming writer (json_writer.hpp).
// In every object the keys are in byte-wise ascending order (the order the goldens and earlier releases have);
// each object below is written in that order by hand, a table row's keys (its columns') sorted.
#include "json/json_writer.hpp"
#include "render_common.hpp"

#include <algorithm>
#include <variant>

namespace awrdiff::render_detail {

namespace {

using Json = json_out::PrettyWriter;

// A presence's type (docs/json.md): {kind, side?, why} / {kind, which} / {at_least, kind, value} / {kind} (from_zero)
// / {kind, measure?, value} (points) / {item, kind} (counted_in).
void presence(Json& j, const CompareCell& cell) {
  j.begin_object();
  if (const auto* u = std::get_if<Unknown>(&cell)) {
    j.key("kind").string("unknown");
    if (u->side != Unknown::Side::own) j.key("side").string(u->side == Unknown::Side::base ? "base" : "target");
    j.key("why").string(to_string(u->why));
  } else if (const auto* one = std::get_if<OneSided>(&cell)) {
    j.key("kind").string("one_sided");
    j.key("which").string(to_string(one->which));
  } else if (const auto* b = std::get_if<Bound>(&cell)) {
    j.key("at_least").boolean(b->at_least);
    j.key("kind").string("bound");
    j.key("value").number(b->value);
  } else if (std::holds_alternative<FromZero>(cell)) {
    j.key("kind").string("from_zero");
  } else if (const auto* p = std::get_if<Points>(&cell)) {
    j.key("kind").string("points");
    if (!p->measure.empty()) j.key("measure").string(p->measure);
    j.key("value").number(p->value);
  } else if (const auto* in = std::get_if<CountedIn>(&cell)) {
    j.key("item").string(in->item);
    j.key("kind").string("counted_in");
  }
  j.end_object();
}

// One member of a table row before it is written: null, a number, words, or a cell's presence.
struct RowMember {
  std::string key;
  std::variant<std::nullptr_t, double, std::string, const CompareCell*> value;
};

void row(Json& j, const CompareTable& t, const CompareRow& r, std::vector<RowMember>& members) {
  members.clear();
  for (std::size_t i = 0; i < t.columns.size() && i < r.cells.size(); ++i) {
    const auto& cell = r.cells[i];
    const auto& col = t.columns[i];
    const bool text_column = col.kind == ColumnKind::text;
    if (const auto* d = std::get_if<double>(&cell)) {
      members.push_back({col.key, *d});
    } else if (const auto* s = std::get_if<std::string>(&cell)) {
      // Words in a numeric column (no table puts them there today): null, the words beside it under
      // "<key>_text", so that a column holds numbers or null only.
      if (text_column) {
        members.push_back({col.key, *s});
      } else {
        members.push_back({col.key, nullptr});
        members.push_back({col.key + "_text", *s});
      }
    } else if (std::holds_alternative<std::monostate>(cell)) {
      members.push_back({col.key, nullptr});
    } else {
      // A presence: the words the text formats show under the key (a text column) or "<key>_text" (a
      // numeric column, whose key holds null), and its type under "<key>_presence".
      std::string words = cell_text(cell, col);
      if (text_column) {
        members.push_back({col.key, std::move(words)});
      } else {
        members.push_back({col.key, nullptr});
        members.push_back({col.key + "_text", std::move(words)});
      }
      members.push_back({col.key + "_presence", &cell});
    }
  }
  // Keys in byte-wise order; of a key given twice (two columns of one key), the last one written, as
  // the map this object once was kept it.
  std::stable_sort(members.begin(), members.end(), [](const RowMember& a, const RowMember& b) { return a.key < b.key; });
  j.begin_object();
  for (std::size_t m = 0; m < members.size(); ++m) {
    if (m + 1 < members.size() && members[m + 1].key == members[m].key) continue;
    j.key(members[m].key);
    std::visit(
        [&](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::nullptr_t>) j.null();
          else if constexpr (std::is_same_v<V, double>) j.number(v);
          else if constexpr (std::is_same_v<V, std::string>) j.string(v);
          else presence(j, *v);
        },
        members[m].value);
  }
  j.end_object();
}

void table(Json& j, const CompareTable& t, std::vector<RowMember>& members) {
  j.begin_object();
  j.key("columns").begin_array();
  for (const auto& col : t.columns) {
    j.begin_object();
    j.key("header").string(col.header);
    j.key("key").string(col.key);
    j.key("role").string(to_string(role_of(col)));
    j.key("unit").string(col.unit);
    j.end_object();
  }
  j.end_array();
  j.key("key").string(t.key);
  j.key("notes").strings(t.notes);
  j.key("rows").begin_array();
  for (const auto& r : t.rows) row(j, t, r, members);
  j.end_array();
  j.key("title").string(t.title);
  j.end_object();
}

void numbers(Json& j, const std::vector<OptDouble>& values) {
  j.begin_array();
  for (const auto& v : values) j.number(v);
  j.end_array();
}

void chart(Json& j, const Chart& ch) {
  j.begin_object();
  if (ch.kind == ChartKind::series || ch.kind == ChartKind::stacked_series) {
    j.key("breaks_before").begin_array();
    for (const bool b : ch.breaks_before) j.boolean(b);
    j.end_array();
  }
  j.key("categories").strings(ch.categories);
  j.key("groups").strings(ch.groups);
  j.key("key").string(ch.key);
  j.key("kind").string(to_string(ch.kind));
  if (ch.kind == ChartKind::series) j.key("marks").strings(ch.marks);
  j.key("members").begin_array();
  for (const auto& m : ch.members) j.strings(m);
  j.end_array();
  j.key("notes").strings(ch.notes);
  j.key("series").begin_array();
  for (const auto& s : ch.series) {
    const bool band = ch.kind == ChartKind::band;
    j.begin_object();
    j.key("assessment").string(s.assessment);
    if (ch.kind == ChartKind::series) {
      j.key("band_high");
      numbers(j, s.band_high);
      j.key("band_low");
      numbers(j, s.band_low);
    }
    if (band) j.key("centre").number(s.centre);
    if (band) j.key("high").number(s.high);
    if (band) j.key("low").number(s.low);
    j.key("name").string(s.name);
    if (ch.kind == ChartKind::strip) {
      j.key("points").begin_array();
      for (const auto& p : s.points) {
        j.begin_array();
        for (const double v : p) j.number(v);
        j.end_array();
      }
      j.end_array();
    }
    j.key("unit").string(s.unit);
    j.key("values");
    numbers(j, s.values);
    j.end_object();
  }
  j.end_array();
  if (ch.kind == ChartKind::series || ch.kind == ChartKind::stacked_series) {
    j.key("spans").begin_array();
    for (const auto& sp : ch.spans) {
      j.begin_object();
      j.key("first").number(static_cast<double>(sp.first));
      j.key("label").string(sp.label);
      j.key("last").number(static_cast<double>(sp.last));
      j.end_object();
    }
    j.end_array();
  }
  j.key("title").string(ch.title);
  j.key("totals");
  numbers(j, ch.totals);
  j.key("unit").string(ch.unit);
  j.end_object();
}

}  // namespace

void render_json(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  Json j;
  j.begin_object();
  j.key("base").string_or_null(c.base_source);
  j.key("charts").begin_array();
  for (const auto& ch : c.charts) chart(j, ch);
  j.end_array();
  j.key("contributors").begin_array();
  for (const auto& k : c.contributors) {
    j.begin_object();
    j.key("delta_aas").number(k.delta_aas);
    j.key("delta_s").number(k.delta_s);
    j.key("kind").string(to_string(k.kind));
    j.key("lower_bound").boolean(k.lower_bound);
    j.key("name").string(k.name);
    j.end_object();
  }
  j.end_array();
  j.key("db_time_per_s").begin_object();
  j.key("base").number(c.db_time_per_s_base);
  j.key("change_pct").number(c.db_time_change_pct);
  j.key("target").number(c.db_time_per_s_target);
  j.end_object();
  if (o.verbose) {
    // Parse diagnostics: {file, line (null when unknown), message, section (null for the whole file), severity}.
    j.key("diagnostics").begin_array();
    for (const auto& d : c.diagnostics) {
      j.begin_object();
      j.key("file").string(d.file);
      j.key("line");
      if (d.line > 0) j.integer(d.line);
      else j.null();
      j.key("message").string(d.message);
      j.key("section").string_or_null(d.section);
      j.key("severity").string(d.level == Diagnostic::Level::info ? "info" : "warning");
      j.end_object();
    }
    j.end_array();
  }
  j.key("findings").begin_array();
  for (const auto& f : c.findings) {
    j.begin_object();
    j.key("cause").string(f.cause);
    j.key("direction").string(to_string(f.direction));
    j.key("evidence").strings(f.evidence);
    j.key("impact_aas").number(f.impact_aas);
    j.key("metrics").begin_array();
    for (const auto& m : f.metrics) {
      j.begin_object();
      j.key("base").number(m.base);
      j.key("key").string(m.key);
      j.key("label").string(m.label);
      j.key("target").number(m.target);
      j.key("unit").string(m.unit);
      j.end_object();
    }
    j.end_array();
    j.key("rule").string(f.rule);
    j.key("title").string(f.title);
    j.end_object();
  }
  j.end_array();
  j.key("headline").string(c.headline);
  j.key("periods").begin_array();
  for (const auto& p : c.period_info) {
    j.begin_object();
    j.key("begin_snap").integer(p.begin_snap);
    j.key("begin_time").string(p.begin_time);
    j.key("database").string(p.database);
    j.key("elapsed_s").number(p.elapsed_s);
    j.key("end_snap").integer(p.end_snap);
    j.key("end_time").string(p.end_time);
    j.key("files").string(p.files);
    j.key("instance").string(p.instance);
    j.key("reports").integer(p.reports);
    j.key("role").string(p.role);
    j.end_object();
  }
  j.end_array();
  j.key("tables").begin_array();
  std::vector<RowMember> members;
  for (const auto& t : c.tables) table(j, t, members);
  j.end_array();
  j.key("target").string(c.target_source);
  j.key("verdict").string(to_string(c.verdict));
  j.key("warnings").strings(c.warnings);
  j.end_object();
  out << j.text() << "\n";
}

}  // namespace awrdiff::render_detail
