// The baseline file (`awrdiff baseline save`, docs/baseline.md): a Baseline as JSON and read back, its summary
// (`baseline show`), and a baseline source of any kind (a baseline file, an Oracle metric dump, a report) loaded.
#include <awrdiff/baseline.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "baseline/baseline_checks.hpp"
#include "json/json_writer.hpp"  // RapidJSON, configured
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <algorithm>
#include <set>

namespace awrdiff {

using detail::out_of_range;
using detail::period_time_problem;

// ---- the baseline file ---------------------------------------------------------------------------
// Written by RapidJSON's streaming writer (json/json_writer.hpp) with one space of indentation, every object's
// keys in byte-wise ascending order (as the files of earlier releases, written by nlohmann::json); read into a
// RapidJSON document, so a file of an earlier release reads as before.

namespace {
using Json = json_out::PrettyWriter;
using JsonValue = rapidjson::Value;

void dist_json(Json& j, const MetricDistribution& d) {
  j.begin_object();
  j.key("basis").string(d.basis);
  j.key("count").integer(d.count);
  j.key("mad").number(d.mad);
  j.key("max").number(d.max);
  j.key("mean").number(d.mean);
  j.key("median").number(d.median);
  j.key("min").number(d.min);
  // Keyed by the percentile's number as text, in byte-wise order ("25" before "5"); of one given twice, the last.
  std::vector<std::pair<std::string, double>> pc;
  for (const auto& [nn, v] : d.percentiles) pc.emplace_back(std::to_string(nn), v);
  std::stable_sort(pc.begin(), pc.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  j.key("percentiles").begin_object();
  for (std::size_t i = 0; i < pc.size(); ++i)
    if (i + 1 == pc.size() || pc[i + 1].first != pc[i].first) j.key(pc[i].first).number(pc[i].second);
  j.end_object();
  j.key("sd").number(d.sd);
  j.end_object();
}

// How deep values nest under `v` (1: a scalar), counted without recursion.
std::size_t nesting(const JsonValue& v) {
  std::vector<std::pair<const JsonValue*, std::size_t>> stack{{&v, 1}};
  std::size_t deepest = 0;
  while (!stack.empty()) {
    const auto [x, d] = stack.back();
    stack.pop_back();
    deepest = std::max(deepest, d);
    if (x->IsObject())
      for (const auto& m : x->GetObject()) stack.emplace_back(&m.value, d + 1);
    else if (x->IsArray())
      for (const auto& e : x->GetArray()) stack.emplace_back(&e, d + 1);
  }
  return deepest;
}

std::string text_of(const JsonValue& v) { return {v.GetString(), v.GetStringLength()}; }

struct Reader {
  const std::string& source;
  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw Error(source, fmt::format("baseline file: {} {}", path, what));
  }
  // Every registry metric is 0 or more: a negative (or non-finite) figure is a damaged or hand-edited file.
  void non_negative(double v, const std::string& path) const {
    if (!std::isfinite(v) || v < 0) fail(path, fmt::format("is {:g}: a metric that cannot be negative", v));
  }
  // Within the metric's range (metric_range): above it, no database gives the figure.
  void in_range(const MetricSpec& spec, double v, const std::string& path) const {
    if (auto why = out_of_range(spec, v); !why.empty()) fail(path, "is " + why);
  }
  // The member `key` of the object `o`; null when there is none.
  static const JsonValue* find(const JsonValue& o, const char* key) {
    if (!o.IsObject()) return nullptr;
    const auto it = o.FindMember(key);
    return it == o.MemberEnd() ? nullptr : &it->value;
  }
  // The member `key`, unless it is absent or null.
  static const JsonValue* given(const JsonValue& o, const char* key) {
    const auto* v = find(o, key);
    return v == nullptr || v->IsNull() ? nullptr : v;
  }
  OptDouble num(const JsonValue& o, const char* key, const std::string& path) const {
    const auto* v = given(o, key);
    if (v == nullptr) return std::nullopt;
    if (!v->IsNumber()) fail(path + "." + key, "is not a number");
    return v->GetDouble();
  }
  std::string str(const JsonValue& o, const char* key, const std::string& path) const {
    const auto* v = given(o, key);
    if (v == nullptr) return "";
    if (!v->IsString()) fail(path + "." + key, "is not a string");
    return text_of(*v);
  }
  std::optional<std::int64_t> integer(const JsonValue& o, const char* key, const std::string& path) const {
    const auto* v = given(o, key);
    if (v == nullptr) return std::nullopt;
    if (!v->IsInt64()) fail(path + "." + key, "is not an integer");
    return v->GetInt64();
  }
  MetricDistribution dist(const JsonValue& o, const std::string& path) const {
    MetricDistribution d;
    d.count = static_cast<std::size_t>(integer(o, "count", path).value_or(0));
    d.median = num(o, "median", path);
    d.mean = num(o, "mean", path);
    d.sd = num(o, "sd", path);
    d.mad = num(o, "mad", path);
    d.min = num(o, "min", path);
    d.max = num(o, "max", path);
    d.basis = str(o, "basis", path);
    if (const auto* pc = find(o, "percentiles"); pc != nullptr && pc->IsObject())
      for (const auto& m : pc->GetObject()) {
        const std::string k = text_of(m.name);
        if (!m.value.IsNumber()) fail(path + ".percentiles." + k, "is not a number");
        int nn = 0;
        try {
          nn = std::stoi(k);
        } catch (const std::exception&) { fail(path + ".percentiles." + k, "is not a percentile"); }
        d.percentiles.emplace_back(nn, m.value.GetDouble());
      }
    return d;
  }
};

}  // namespace

std::string baseline_json_text(const Baseline& b) {
  Json j(1);
  j.begin_object();
  j.key("aggregates").begin_array();
  for (const auto& a : b.aggregates) {
    j.begin_object();
    j.key("distribution");
    dist_json(j, a.distribution);
    j.key("hour_of_day").integer(a.hour_of_day);
    j.key("instance_number").integer(a.instance_number);
    j.key("key").string(a.key);
    j.end_object();
  }
  j.end_array();
  j.key("awrdiff_baseline").integer(k_baseline_schema_version);
  j.key("database").begin_object();
  j.key("cpus").number(b.cpus);
  j.key("dbid").integer(b.dbid);
  j.key("host").string(b.host);
  j.key("instances").begin_array();
  for (const int i : b.instances) j.integer(i);
  j.end_array();
  j.key("name").string(b.db_name);
  if (!b.platform.empty()) j.key("platform").string(b.platform);
  if (b.rac) j.key("rac").boolean(*b.rac);
  j.key("release").string(b.release);
  j.end_object();
  if (!b.incomplete.empty()) j.key("incomplete").strings(b.incomplete);
  j.key("name").string(b.name);
  j.key("notes").strings(b.notes);
  j.key("periods").begin_array();
  for (const auto& p : b.periods) {
    j.begin_object();
    j.key("begin_snap").integer(p.begin_snap);
    j.key("begin_time").string(p.begin_time);
    j.key("elapsed_s").number(p.elapsed_s);
    j.key("end_snap").integer(p.end_snap);
    j.key("end_time").string(p.end_time);
    j.key("instance_number").integer(p.instance_number);
    j.key("source").string(p.source);
    j.key("valid").boolean(p.valid);
    j.key("values").begin_object();  // a map: its keys in order
    for (const auto& [k, v] : p.values)
      if (std::isfinite(v)) j.key(k).number(v);
    j.end_object();
    j.end_object();
  }
  j.end_array();
  j.key("source_kind").string(b.source_kind);
  j.key("sources").strings(b.sources);
  // The typical period (the reports merged) for the findings rules: its snapshot JSON, a document of its own.
  if (!b.snapshots.empty() && !j.key("typical_snapshot").json(snapshot_json_text(typical_period(b))))
    throw Error("", "baseline file: the typical period's snapshot JSON could not be copied");  // never: our own JSON
  j.key("unknown_metrics").strings(b.unknown_metrics);
  j.end_object();
  return std::string(j.text()) + "\n";
}

namespace {

// The baseline file's "database": its name, DB Id, instances, release, CPUs, host, platform and RAC-ness.
void read_database(Reader& r, const rapidjson::Value& d, Baseline& b) {
  b.db_name = r.str(d, "name", "database");
  if (const auto* id = Reader::given(d, "dbid")) {
    if (!id->IsUint64()) r.fail("database.dbid", "is not a DB Id");
    b.dbid = id->GetUint64();
  }
  if (const auto* in = Reader::find(d, "instances"); in != nullptr && in->IsArray())
    for (const auto& i : in->GetArray()) {
      if (!i.IsInt64()) r.fail("database.instances", "holds a value that is not an instance number");
      b.instances.push_back(static_cast<int>(i.GetInt64()));
    }
  b.release = r.str(d, "release", "database");
  b.cpus = r.num(d, "cpus", "database");
  b.host = r.str(d, "host", "database");
  b.platform = r.str(d, "platform", "database");
  if (const auto* rac = Reader::given(d, "rac")) {
    if (!rac->IsBool()) r.fail("database.rac", "is not true or false");
    b.rac = rac->GetBool();
  }
}

}  // namespace

Baseline baseline_from_json(std::string_view text, const std::string& source) {
  rapidjson::Document j;
  // Full precision: every double as the writer printed it. Iterative: any depth of nesting is safe.
  j.Parse<rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag>(text.data(), text.size());
  if (j.HasParseError())
    throw Error(source, fmt::format("baseline file: not valid JSON at byte {}: {}", j.GetErrorOffset(),
                                    rapidjson::GetParseError_En(j.GetParseError())));
  Reader r{source};
  const auto* version_value = Reader::find(j, "awrdiff_baseline");
  if (version_value == nullptr) throw Error(source, "not an awrdiff baseline file (no \"awrdiff_baseline\" key)");
  if (!version_value->IsInt64()) r.fail("awrdiff_baseline", "is not an integer");
  const auto version = version_value->GetInt64();
  if (version != k_baseline_schema_version)
    throw Error(source, fmt::format("baseline file format {} is not readable by this awrdiff (format {})", version,
                                    k_baseline_schema_version));
  Baseline b;
  b.name = r.str(j, "name", "$");
  b.source_kind = r.str(j, "source_kind", "$");
  auto strings = [&](const char* key, std::vector<std::string>& out) {
    if (const auto* v = Reader::given(j, key)) {
      if (!v->IsArray()) r.fail(key, "is not an array");
      for (const auto& s : v->GetArray()) {
        if (!s.IsString()) r.fail(key, "holds a value that is not a string");
        out.push_back(text_of(s));
      }
    }
  };
  strings("sources", b.sources);
  strings("unknown_metrics", b.unknown_metrics);
  strings("notes", b.notes);
  strings("incomplete", b.incomplete);
  if (const auto* d = Reader::find(j, "database"); d != nullptr && d->IsObject()) read_database(r, *d, b);
  if (const auto* periods = Reader::given(j, "periods")) {
    if (!periods->IsArray()) r.fail("periods", "is not an array");
    std::size_t i = 0;
    for (const auto& p : periods->GetArray()) {
      const std::string path = fmt::format("periods[{}]", i++);
      if (!p.IsObject()) r.fail(path, "is not an object");
      BaselinePeriod bp;
      bp.source = r.str(p, "source", path);
      bp.begin_snap = r.integer(p, "begin_snap", path);
      bp.end_snap = r.integer(p, "end_snap", path);
      bp.begin_time = r.str(p, "begin_time", path);
      bp.end_time = r.str(p, "end_time", path);
      bp.elapsed_s = r.num(p, "elapsed_s", path);
      if (bp.elapsed_s) r.non_negative(*bp.elapsed_s, path + ".elapsed_s");
      if (auto n = r.integer(p, "instance_number", path)) bp.instance_number = static_cast<int>(*n);
      if (const auto* v = Reader::find(p, "valid"); v != nullptr && v->IsBool()) bp.valid = v->GetBool();
      if (const auto* v = Reader::find(p, "values")) {
        if (!v->IsObject()) r.fail(path + ".values", "is not an object");
        for (const auto& m : v->GetObject()) {
          const std::string k = text_of(m.name);
          if (!m.value.IsNumber()) r.fail(path + ".values." + k, "is not a number");
          const MetricSpec* spec = find_metric(k);
          if (spec == nullptr) continue;  // a metric of a later release: ignored
          r.non_negative(m.value.GetDouble(), path + ".values." + k);
          r.in_range(*spec, m.value.GetDouble(), path + ".values." + k);
          bp.values.emplace(k, m.value.GetDouble());
        }
      }
      // A period whose times are none (a length of 0, a begin time that is no time, a begin after its end) is
      // left out, said in the notes: its values are of no known period.
      if (const auto why = period_time_problem(bp.begin_time, bp.end_time, bp.elapsed_s); !why.empty()) {
        b.notes.push_back(fmt::format("{}: {} ({}): {}: left out of the baseline", source, path,
                                      bp.source.empty() ? std::string("no source") : bp.source, why));
        continue;
      }
      b.periods.push_back(std::move(bp));
    }
  }
  if (const auto* aggregates = Reader::given(j, "aggregates")) {
    if (!aggregates->IsArray()) r.fail("aggregates", "is not an array");
    std::size_t i = 0;
    for (const auto& a : aggregates->GetArray()) {
      const std::string path = fmt::format("aggregates[{}]", i++);
      if (!a.IsObject()) r.fail(path, "is not an object");
      BaselineAggregate ba;
      ba.key = r.str(a, "key", path);
      if (find_metric(ba.key) == nullptr) continue;
      if (auto h = r.integer(a, "hour_of_day", path)) ba.hour_of_day = static_cast<int>(*h);
      if (auto n = r.integer(a, "instance_number", path)) ba.instance_number = static_cast<int>(*n);
      if (const auto* d = Reader::find(a, "distribution"); d != nullptr && d->IsObject()) {
        ba.distribution = r.dist(*d, path + ".distribution");
        const auto& x = ba.distribution;
        const MetricSpec& spec = *find_metric(ba.key);
        for (const auto& [name, v] :
             {std::pair{"median", x.median}, {"mean", x.mean}, {"sd", x.sd}, {"mad", x.mad}, {"min", x.min}, {"max", x.max}})
          if (v) {
            r.non_negative(*v, path + ".distribution." + name);
            r.in_range(spec, *v, path + ".distribution." + name);
          }
        for (const auto& [nn, v] : x.percentiles) {
          r.non_negative(v, fmt::format("{}.distribution.percentiles.{}", path, nn));
          r.in_range(spec, v, fmt::format("{}.distribution.percentiles.{}", path, nn));
        }
      }
      b.aggregates.push_back(std::move(ba));
    }
  }
  if (!b.dbid && b.db_name.empty())
    throw Error(source, "baseline file: no database (database.dbid or database.name): it cannot be matched to a database");
  // The same period given more than once inside the file (the same instance and snap ids, or times): kept once, said.
  // 5 periods repeated 200 times are 5 periods, not 1,000 that narrow the band.
  drop_duplicate_periods(b);
  leave_out_impossible_periods(b);
  if (const auto* t = Reader::find(j, "typical_snapshot"); t != nullptr && t->IsObject()) {
    // Read by the snapshot reader from its own text again. A snapshot nests a few levels; far deeper is no
    // snapshot, and would only exhaust the stack of the (recursive) copy.
    if (nesting(*t) > 64) r.fail("typical_snapshot", "is nested too deeply to be a snapshot");
    json_out::CompactWriter w;
    t->Accept(w.raw());
    b.snapshots.push_back(snapshot_from_json(w.text(), source));
  }
  return b;
}

namespace {
// An integer with thousands separators ("18,070", "-1,234").
std::string grouped(long long n) {
  const std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out = n < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}
}  // namespace

std::string baseline_summary_text(const Baseline& b, bool verbose) {
  std::string out;
  auto o = std::back_inserter(out);
  fmt::format_to(o, "Baseline: {}\n", b.name);
  fmt::format_to(o, "Source kind: {}\n", b.source_kind);
  fmt::format_to(o, "Database: {} DB Id {}{}{}\n", b.db_name.empty() ? "(name not given)" : b.db_name,
                 b.dbid ? std::to_string(*b.dbid) : std::string("(not given)"), b.release.empty() ? "" : ", release " + b.release,
                 b.cpus ? fmt::format(", {:g} CPU{}", *b.cpus, *b.cpus == 1 ? "" : "s") : "");
  fmt::format_to(o, "Instances: {}\n",
                 b.instances.empty() ? std::string("(not given)") : fmt::format("{}", fmt::join(b.instances, ", ")));
  std::size_t valid = 0;
  for (const auto& p : b.periods) valid += p.valid ? 1 : 0;
  fmt::format_to(o, "Periods: {} ({} valid)", b.periods.size(), valid);
  if (!b.periods.empty())
    fmt::format_to(o, ", {} .. {}",
                   b.periods.front().begin_time.empty() ? b.periods.front().end_time : b.periods.front().begin_time,
                   b.periods.back().end_time);
  out += "\n";
  std::set<std::optional<int>> hours;
  for (const auto& a : b.aggregates) hours.insert(a.hour_of_day);
  fmt::format_to(o, "Aggregates: {}{}\n", b.aggregates.size(),
                 hours.size() > 1 ? fmt::format(" ({} hours of the day)", hours.size()) : "");
  std::set<std::string> keys;
  for (const auto& p : b.periods)
    for (const auto& [k, v] : p.values) keys.insert(k);
  for (const auto& a : b.aggregates) keys.insert(a.key);
  fmt::format_to(o, "Metrics: {} of the registry; {} dump metric name{} without a registry twin\n", keys.size(),
                 b.unknown_metrics.size(), b.unknown_metrics.size() == 1 ? "" : "s");
  fmt::format_to(o, "\n{:<60} {:>7} {:>14} {:>14} {:>14}  {}\n", "Metric (whole database / instance)", "count", "median", "min",
                 "max", "basis");
  std::optional<int> whole;
  if (b.instances.size() == 1) whole = b.instances.front();
  for (const auto& m : all_metrics()) {
    if (keys.count(std::string(m.key)) == 0) continue;
    const auto d = distribution(b, std::string(m.key), MatchPeriods::all, "", b.instances.size() > 1 ? std::nullopt : whole);
    // Fixed notation by magnitude, thousands grouped (18,070 rather than 1.807e+04); four significant digits
    // below 1. A count of 0 is one the dump does not give (DMA collectors write no interval count).
    auto v = [](const OptDouble& x) {
      if (!x) return std::string("-");
      const double a = std::fabs(*x);
      if (a >= 1e15) return fmt::format("{:.4g}", *x);  // past what llround holds exactly (and 2^63)
      if (a >= 1000) return grouped(std::llround(*x));
      if (a >= 100) return fmt::format("{:.1f}", *x);
      if (a >= 1 || a == 0) return fmt::format("{:.2f}", *x);
      return fmt::format("{:.{}f}", *x, std::clamp(3 - static_cast<int>(std::floor(std::log10(a))), 4, 12));
    };
    fmt::format_to(o, "{:<60} {:>7} {:>14} {:>14} {:>14}  {}\n", fmt::format("{} ({})", m.display, m.unit),
                   d.count > 0 ? grouped(static_cast<long long>(d.count)) : std::string("-"), v(d.median ? d.median : d.mean),
                   v(d.min), v(d.max), d.basis);
  }
  for (const auto& n : b.incomplete) fmt::format_to(o, "incomplete: {}\n", n);
  for (const auto& n : b.notes) fmt::format_to(o, "note: {}\n", n);
  if (verbose) {
    for (const auto& u : b.unknown_metrics) fmt::format_to(o, "no registry twin: {}\n", u);
    for (const auto& r : b.skipped_rows) fmt::format_to(o, "skipped: {}\n", r);
  }
  return out;
}

namespace {
bool baseline_text(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '{' && text.find("\"awrdiff_baseline\"") != std::string::npos;
}
}  // namespace

bool is_baseline_file(const std::filesystem::path& file) {
  try {
    return baseline_text(read_input(file));
  } catch (const std::exception&) { return false; }
}

Baseline load_baseline_source(const std::filesystem::path& file) {
  const std::string name = file.string();
  const std::string text = read_input(file);
  if (baseline_text(text)) return baseline_from_json(text, name);
  if (detect_sysmetric_dump(text)) return baseline_from_dump(parse_sysmetric_dump(text, name));
  std::vector<Snapshot> one;
  one.push_back(parse_report(text, name));  // the text read above, not the file a second time
  return baseline_from_snapshots(std::move(one));
}

}  // namespace awrdiff
