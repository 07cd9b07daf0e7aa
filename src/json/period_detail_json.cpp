// A period's detail (PeriodDetail, period_detail.hpp) as compact JSON and back: what the history store keeps of each period
// for the timeline and the fleet page (docs/history.md, "The detail of a period").
#include "json/json_writer.hpp"
#include "json/rapidjson_config.hpp"  // before any RapidJSON header

#include <awrdiff/error.hpp>
#include <awrdiff/period_detail.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <rapidjson/document.h>

#include <charconv>
#include <string>
#include <system_error>

namespace awrdiff {
namespace {

using Value = rapidjson::Value;

// A number read as its text (kParseNumbersAsStringsFlag) by std::from_chars: every double written comes back with the
// same bits. Null: empty.
std::optional<double> number_of(const Value& v) {
  if (v.IsNull() || !v.IsString()) return std::nullopt;
  double d = 0;
  const char* b = v.GetString();
  const auto [end, ec] = std::from_chars(b, b + v.GetStringLength(), d);
  if (ec != std::errc() || end != b + v.GetStringLength()) return std::nullopt;
  return d;
}

std::string text_of(const Value& v) { return v.IsString() ? std::string(v.GetString(), v.GetStringLength()) : std::string(); }

}  // namespace

std::string period_detail_json(const PeriodDetail& d) {
  json_out::CompactWriter w;
  w.begin_object();
  w.key("v").integer(2);
  w.key("sql").begin_array();
  for (const auto& q : d.top_sql) {
    w.begin_array();
    w.string(q.sql_id);
    w.string(q.text);
    w.number(q.elapsed_per_s);
    w.number(q.pct_db_time);
    if (q.signature_key) w.string(*q.signature_key);
    else w.null();
    w.end_array();
  }
  w.end_array();
  // [name, aas] rows: the DB time parts, then the events.
  auto named = [&](const char* key, const auto& list) {
    w.key(key).begin_array();
    for (const auto& x : list) {
      w.begin_array();
      w.string(x.name);
      w.number(x.aas);
      w.end_array();
    }
    w.end_array();
  };
  named("parts", d.db_time_parts);
  named("events", d.top_events);
  w.end_object();
  return std::string(w.text());
}

PeriodDetail period_detail_from_json(std::string_view json) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseNumbersAsStringsFlag>(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject()) throw Error("", "the stored detail is not valid JSON");
  const auto version = doc.FindMember("v");
  // Version 1 (the first of schema 3): a statement's row without its signature key.
  const std::string v = version == doc.MemberEnd() ? std::string() : text_of(version->value);
  if (v != "1" && v != "2") throw Error("", "the stored detail is of an unknown version");
  PeriodDetail d;
  auto rows = [&](const char* key, auto&& each) {
    const auto m = doc.FindMember(key);
    if (m == doc.MemberEnd() || !m->value.IsArray()) throw Error("", std::string("the stored detail has no ") + key);
    for (const auto& row : m->value.GetArray()) {
      if (!row.IsArray() || row.Size() < 2) throw Error("", std::string("the stored detail has a bad row in ") + key);
      each(row);
    }
  };
  rows("sql", [&](const Value& r) {
    if (r.Size() < 4) throw Error("", "the stored detail has a bad row in sql");
    PeriodSql q{text_of(r[0]), text_of(r[1]), number_of(r[2]).value_or(0), number_of(r[3]), std::nullopt};
    if (r.Size() >= 5 && r[4].IsString()) q.signature_key = text_of(r[4]);
    d.top_sql.push_back(std::move(q));
  });
  rows("parts", [&](const Value& r) { d.db_time_parts.push_back({text_of(r[0]), number_of(r[1]).value_or(0)}); });
  rows("events", [&](const Value& r) { d.top_events.push_back({text_of(r[0]), number_of(r[1]).value_or(0)}); });
  return d;
}

}  // namespace awrdiff
