// The other report sections side by side (sections.hpp). One row of k_sections per section: how its
// rows are read from a Snapshot, what they are matched by, the measures shown for each side, and the
// registry family (metrics.hpp) whose direction and floors rank and assess a row's change. One engine
// (compare_section) turns every row of the table into a CompareTable; init.ora and the generic tables
// have their own short builders because their rows are text or untyped.
#include "diff/sections.hpp"

#include "diff/facts.hpp"
#include "merge/generic_columns.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/section_fields.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace awrdiff::detail {
namespace {

// How a measure of a bound section (section_fields.hpp) is compared from its field: as printed, as a rate
// per second of elapsed (a total over the period), or a time in ms as seconds of it per second (AAS).
enum class How : unsigned char { as_printed, per_second, ms_per_second };

struct Measure {
  std::string_view key, header, unit;
  int precision = -1;  // decimals; -1 by magnitude
  bool hidden = false;  // used to rank and assess, not shown
  int priority = column_priority::automatic;  // CompareColumn::priority (automatic: by its unit)
  // A bound section's measure (SectionDef::read_bound): the JSON key of the field it reads in the row
  // struct's binding, and how that field is compared.
  std::string_view field = {};
  How how = How::as_printed;
};

// A measure read from the field `field` of its section's binding, compared `how`.
Measure from(Measure m, std::string_view field, How how) {
  m.field = field;
  m.how = how;
  return m;
}

// One row of a section in one report.
struct Row {
  std::string key;  // what rows are matched by (lower case)
  std::string name;  // shown
  std::string group;  // the top-N list the row comes from (segments); a list's floor is per group
  std::vector<std::string> leading;  // text columns after the name
  std::vector<OptDouble> values;  // one per measure, in the measure's unit
  std::string metric;  // registry key assessing the row; empty: the section's family
  // The parts of the key a text report may cut to its column width (segments: owner, object, subobject; lower
  // case): a row of one report matches the one row of the other whose parts each equal, start or end with its own.
  std::vector<std::string> parts;
};

// How a section's rows are read from a snapshot: a reader of its own (read_xxx), or, for a section bound field by
// field (section_fields.hpp), read_bound<&Snapshot::list>, which takes each value from the field its measure names.
struct RowReader {
  using Plain = std::vector<Row> (*)(const Snapshot&);
  using Bound = std::vector<Row> (*)(const Snapshot&, const std::vector<Measure>&);
  RowReader(std::nullptr_t) {}  // NOLINT: a section with a comparer of its own
  RowReader(Plain p) : plain(p) {}  // NOLINT
  RowReader(Bound b) : bound(b) {}  // NOLINT
  std::vector<Row> operator()(const Snapshot& s, const std::vector<Measure>& measures) const {
    return plain != nullptr ? plain(s) : bound(s, measures);
  }
  Plain plain = nullptr;
  Bound bound = nullptr;
};

// ---- reading the comparison tables back (evidence for findings)
// ----------------------------------------------------------------------

struct TableView {
  const CompareTable* t = nullptr;
  std::size_t col(std::string_view key) const {
    for (std::size_t i = 0; i < t->columns.size(); ++i)
      if (t->columns[i].key == key) return i;
    return t->columns.size();
  }
  OptDouble num(const CompareRow& r, std::string_view key) const {
    const auto i = col(key);
    if (i >= r.cells.size()) return std::nullopt;
    if (const auto* d = std::get_if<double>(&r.cells[i])) return *d;
    return std::nullopt;
  }
  // A text cell, or a presence in the words of the evidence ("not shown", "≥ +120%").
  std::string text(const CompareRow& r, std::string_view key) const {
    const auto i = col(key);
    if (i >= r.cells.size()) return {};
    if (const auto* s = std::get_if<std::string>(&r.cells[i])) return *s;
    if (const auto* u = std::get_if<Unknown>(&r.cells[i]))
      return u->why == Unknown::Why::not_in_report ? "not in report" : u->why == Unknown::Why::not_shown ? "not shown" : "?";
    if (const auto* b = std::get_if<Bound>(&r.cells[i]))
      return std::fabs(b->value) < 0.5
                 ? std::string(b->at_least ? "≥ 0%" : "≤ 0%")
                 : fmt::format("{} {}{}%", b->at_least ? "≥" : "≤", b->value < 0 ? "-" : "+", grouped(std::fabs(b->value), 0));
    return {};
  }
};

std::optional<TableView> find_table(const Comparison& c, std::string_view key) {
  for (const auto& t : c.tables)
    if (t.key == key && t.group == "sections") return TableView{&t};
  return std::nullopt;
}

std::string figure(const OptDouble& v) {
  if (!v) return "-";
  const double a = std::fabs(*v);
  if (a == 0) return "0";
  if (a < 0.001) return "<0.001";
  if (a < 0.1) return fmt::format("{:.2g}", *v);
  return grouped(*v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

// "APP.ORDERS 0.162 -> 0.271 /s (+68%)": a row of a section table whose change went `direction`.
std::string evidence_line(const TableView& v, const CompareRow& r, std::string_view measure, std::string_view unit) {
  const auto b = v.num(r, fmt::format("base_{}", measure)), t = v.num(r, fmt::format("target_{}", measure));
  std::string change;
  if (b && t && *b > 0 && *t / *b >= 10) change = fmt::format(" ({} x)", grouped(*t / *b, 0));
  else if (b && t && *b != 0) change = fmt::format(" ({:+.0f}%)", (*t - *b) / std::fabs(*b) * 100);
  else if (const auto bound = v.text(r, "change"); !bound.empty()) change = " (" + bound + ")";
  // A row that came into (or dropped out of) one report's top list: its change against that list's cut-off
  // is a bound of a hundredfold or more ("≥ +20,033,323%"), which says nothing the words do not.
  if (const auto i = v.col("change"); i < r.cells.size())
    if (const auto* bd = std::get_if<Bound>(&r.cells[i])) {
      if (!b && t && bd->at_least && bd->value >= 9900) change = " (entered the list)";
      else if (b && !t && !bd->at_least && bd->value <= -99) change = " (left the list)";
    }
  const auto base_text = v.text(r, fmt::format("base_{}", measure));
  const auto target_text = v.text(r, fmt::format("target_{}", measure));
  return fmt::format("{} {} -> {} {}{}", v.text(r, "name"),
                     b                   ? figure(b)
                     : base_text.empty() ? "-"
                                         : base_text,
                     t                     ? figure(t)
                     : target_text.empty() ? "-"
                                           : target_text,
                     unit, change);
}

// Rows of a section that stand behind a finding: add_section_evidence() quotes them under it ("Segments by
// row lock waits: APP.ORDERS 0.16 -> 0.27 /s (+68%)"). Event names are lower case.
struct EvidenceDef {
  std::string_view rule;  // the finding rule it backs
  int order = 0;  // among the evidence of one finding: lower first
  // An event of the finding the section stands behind; null: any finding of the rule.
  bool (*backs)(std::string_view event) = nullptr;
  bool per_event = false;  // rows picked for each such event (a latch per latch wait), else once
  // Which rows, for that event ("" when not per event); null: every row assessed the finding's way.
  bool (*picks)(std::string_view event, const TableView& v, const CompareRow& r) = nullptr;
  std::string_view title;  // the line's prefix
  std::string_view measure, unit;  // the measure quoted
  std::size_t rows = 1;  // at most (per event when per_event)
  // Instead of picking rows: the lines, from the finding's events and its direction word ("worse").
  std::vector<std::string> (*quote)(const TableView& v, const std::vector<std::string>& events, std::string_view word) = nullptr;
};

// A text column after the row's name: its header and role (detail, or a label such as a unit, never cut or
// left out).
struct Leading {
  Leading(const char* h) : header(h) {}  // NOLINT: a header alone is a detail column
  Leading(std::string_view h, ColumnRole r, int p = column_priority::automatic) : header(h), role(r), priority(p) {}
  std::string_view header;
  ColumnRole role = ColumnRole::detail;
  int priority = column_priority::automatic;  // CompareColumn::priority
};

struct SectionDef {
  std::string_view key, title, name_header;
  std::vector<Leading> leading;  // the text columns after the name
  std::vector<Measure> measures;
  std::vector<int> change_on;  // the measure(s) whose change ranks and assesses a row (several: the largest)
  std::string_view family;  // registry family "<kind>.<measure>"; instances "<kind>:<row key>:<measure>"
  bool top_n = false;  // the report lists its top rows only: a row missing there is not shown (unknown)
  bool ranked = true;  // rows by the size of their change; false: report order
  std::size_t text_rows = 10;  // rows the text formats show (0 = all)
  RowReader read = nullptr;
  std::string_view note;
  int gate = -1;  // a row is material only when this measure reaches gate_floor on both sides
  double gate_floor = 0;
  // Rows left out (counted in a note) when this measure stays under quiet_floor in both periods and nothing
  // changed materially: latches nobody asked for. -1: every row is listed.
  int quiet = -1;
  double quiet_floor = 0;
  std::vector<EvidenceDef> evidence = {};  // the findings its rows stand behind
  // A comparer of its own, for rows that are text (init.ora): replaces reader, measures and engine.
  std::optional<CompareTable> (*compare)(const Snapshot* base, const Snapshot& target) = nullptr;
};

std::optional<CompareTable> compare_parameters(const Snapshot* base, const Snapshot& target);

// The title a section key shows ("gc_load_profile" -> "Global Cache Load Profile"); the key when unknown.
std::string section_spec_title(std::string_view key) {
  for (const auto& spec : all_sections())
    if (spec.key == key) return std::string(spec.display);
  return std::string(key);
}

OptDouble rate(const OptDouble& total, const Snapshot& s) { return per_second(total, s.interval.elapsed_s); }
OptDouble scaled(const OptDouble& v, double f) { return v ? OptDouble(*v * f) : std::nullopt; }
OptDouble sum(const OptDouble& a, const OptDouble& b) {
  if (!a && !b) return std::nullopt;
  return a.value_or(0) + b.value_or(0);
}
constexpr double k_mb = 1024.0 * 1024.0;

Row row(std::string name, std::vector<OptDouble> values) {
  Row r;
  r.key = lower(name);
  r.name = std::move(name);
  r.values = std::move(values);
  return r;
}

// ---- readers: one per section ----------------------------------------------------------------

std::vector<Row> read_efficiency(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& e : s.efficiency) {
    auto r = row(e.label, {e.pct});
    r.key = e.key;
    r.metric = "efficiency." + e.key;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Row> read_activity(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& a : s.activity) {
    if (!a.total && !a.per_second) continue;  // Absolute Values and Thread Activity rows: their own tables
    out.push_back(row(a.name, {a.total, a.per_second ? a.per_second : rate(a.total, s), a.per_trans}));
  }
  return out;
}

std::vector<Row> read_activity_absolute(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& a : s.activity)
    if (a.begin_value || a.end_value) out.push_back(row(a.name, {a.begin_value, a.end_value}));
  return out;
}

std::vector<Row> read_activity_thread(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& a : s.activity)
    if (a.per_hour) out.push_back(row(a.name, {a.per_hour}));
  return out;
}

std::vector<Row> iostat_rows(const Snapshot& s, const std::vector<IoStatRow>& list, bool by_function) {
  std::vector<Row> out;
  for (const auto& r : list)
    out.push_back(
        row(r.name, {scaled(r.reads_data_per_s_bytes, 1 / k_mb), scaled(r.writes_data_per_s_bytes, 1 / k_mb),
                     sum(r.reads_requests_per_s, r.writes_requests_per_s), by_function ? r.avg_time_ms : r.small_read_ms,
                     by_function ? rate(r.waits_count, s) : r.large_read_ms}));
  return out;
}
std::vector<Row> read_iostat_function(const Snapshot& s) { return iostat_rows(s, s.iostat_function, true); }
std::vector<Row> read_iostat_filetype(const Snapshot& s) { return iostat_rows(s, s.iostat_filetype, false); }

std::vector<Row> io_rows(const std::vector<TablespaceIo>& list, bool files) {
  std::vector<Row> out;
  for (const auto& t : list) {
    auto r = row(files ? t.filename : t.tablespace,
                 {t.reads_per_s, t.writes_per_s, t.avg_read_ms, t.avg_buffer_wait_ms, sum(t.reads_per_s, t.writes_per_s)});
    if (files) {
      r.key = lower(t.tablespace + " " + t.filename);
      r.leading = {t.tablespace};
    }
    out.push_back(std::move(r));
  }
  return out;
}
std::vector<Row> read_tablespace_io(const Snapshot& s) { return io_rows(s.tablespace_io, false); }
std::vector<Row> read_file_io(const Snapshot& s) { return io_rows(s.file_io, true); }

// The "Segments by ..." list a catalog key names, in its catalog short name ("segments_row_lock_waits" ->
// "row lock waits"); the key's words when the catalog does not know it.
std::string list_words(const std::string& key) {
  if (const auto* spec = find_section_by_key(key); spec != nullptr && !spec->short_name.empty())
    return std::string(spec->short_name);
  std::string w = key.starts_with("segments_") ? key.substr(9) : key;
  std::replace(w.begin(), w.end(), '_', ' ');
  return w;
}

std::vector<Row> read_segments(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& g : s.segments) {
    std::string name = g.owner.empty() ? g.object : g.owner + "." + g.object;
    if (!g.subobject.empty()) name += "." + g.subobject;
    auto r = row(name, {rate(g.value, s), g.pct_total});
    r.group = g.list;
    r.key = g.list + " " + lower(name);
    r.leading = {list_words(g.list), g.type};
    r.parts = {lower(g.owner), lower(g.object), lower(g.subobject)};
    const auto* spec = find_section_by_key(g.list);
    const bool waits = spec != nullptr && spec->counts_waits;
    r.metric = fmt::format("segment:{}:{}", r.key, waits ? "waits_per_s" : "per_s");
    out.push_back(std::move(r));
  }
  return out;
}

// A section bound field by field: one row per item of the snapshot's list, named by its key fields (the
// first, then " / " and each further one not empty: "Library Cache / kglhdgn2 106"), each measure's value
// from the field its Measure::field names, compared as its Measure::how says.
template <auto List>
std::vector<Row> read_bound(const Snapshot& s, const std::vector<Measure>& measures) {
  using R = typename std::remove_reference_t<decltype(s.*List)>::value_type;
  const auto& fields = RowBinding<R>::fields;
  std::vector<OptDouble R::*> from;
  from.reserve(measures.size());
  for (const auto& m : measures) {
    const std::size_t i = field_index<R>(m.field);
    if (i == fields.size() || fields[i].number == nullptr)
      throw std::logic_error(fmt::format("section measure '{}': no numeric field '{}' in its binding", m.key, m.field));
    from.push_back(fields[i].number);
  }
  std::vector<Row> out;
  out.reserve((s.*List).size());
  for (const auto& x : s.*List) {
    std::string name;
    bool first = true;
    for (const auto& f : fields)
      if (f.role == FieldRole::key) {
        const std::string& part = x.*f.text;
        if (first) name = part;
        else if (!part.empty()) name += " / " + part;
        first = false;
      }
    std::vector<OptDouble> values;
    values.reserve(measures.size());
    for (std::size_t k = 0; k < measures.size(); ++k) {
      const OptDouble& v = x.*from[k];
      values.push_back(measures[k].how == How::as_printed   ? v
                       : measures[k].how == How::per_second ? rate(v, s)
                                                            : rate(scaled(v, 0.001), s));
    }
    out.push_back(row(std::move(name), std::move(values)));
  }
  return out;
}

// A histogram bucket's upper bound in microseconds ("<8us" 8, "<1ms" 1000, "<=1s" 1e6, "<1/8s" 125000);
// empty for the open bucket (">1s", ">=32ms") or a label it cannot read.
std::optional<double> bucket_upper_us(std::string_view label) {
  if (label.empty() || label[0] != '<') return std::nullopt;
  label.remove_prefix(label[1] == '=' ? 2 : 1);
  double num = 0, den = 1;
  std::size_t i = 0;
  auto digits = [&](double& v) {
    const std::size_t start = i;
    v = 0;
    while (i < label.size() && label[i] >= '0' && label[i] <= '9') v = v * 10 + (label[i++] - '0');
    return i > start;
  };
  if (!digits(num)) return std::nullopt;
  if (i < label.size() && label[i] == '/') {
    ++i;
    if (!digits(den) || den == 0) return std::nullopt;
  }
  const std::string_view unit = label.substr(i);
  const double v = num / den;
  if (unit == "us") return v;
  if (unit == "ms") return v * 1e3;
  if (unit == "s") return v * 1e6;
  if (unit == "m") return v * 60e6;
  if (unit == "h") return v * 3600e6;
  return std::nullopt;
}

constexpr double k_thresholds_us[] = {1e3, 8e3, 32e3};

// Per event, the share of its waits under 1 ms, 8 ms and 32 ms, from the first histogram of the event that
// has a bucket ending at that latency (each variant's percentages are of all the event's waits).
std::vector<Row> read_histograms(const Snapshot& s) {
  std::vector<Row> out;
  std::unordered_map<std::string, std::size_t> index;
  for (const auto& h : s.wait_histograms) {
    auto [it, fresh] = index.try_emplace(lower(h.event), out.size());
    if (fresh) out.push_back(row(h.event, {std::nullopt, std::nullopt, std::nullopt, std::nullopt}));
    Row& r = out[it->second];
    if (h.total_waits && (!r.values[0] || *h.total_waits > *r.values[0])) r.values[0] = h.total_waits;
    // The buckets by their upper bound, so that the sums do not depend on the order they were stored in.
    std::vector<std::pair<double, double>> buckets;
    for (const auto& b : h.buckets)
      if (const auto up = bucket_upper_us(b.label)) buckets.emplace_back(*up, b.pct.value_or(0));
    std::sort(buckets.begin(), buckets.end());
    for (std::size_t k = 0; k < std::size(k_thresholds_us); ++k) {
      if (r.values[k + 1]) continue;
      bool ends_there = false;
      double under = 0;
      for (const auto& [up, pct] : buckets) {
        if (up <= k_thresholds_us[k] * 1.0001) under += pct;
        if (std::fabs(up - k_thresholds_us[k]) < 1e-6 * k_thresholds_us[k]) ends_there = true;
      }
      if (ends_there) r.values[k + 1] = std::min(std::round(under * 1e6) / 1e6, 100.0);
    }
  }
  for (auto& r : out) r.values[0] = rate(r.values[0], s);
  std::erase_if(out, [](const Row& r) { return !r.values[1] && !r.values[2] && !r.values[3]; });
  return out;
}

// Operating System Statistics: times (centiseconds) and paged bytes are counted over the period and shown
// per second; the rest (CPUs, memory, load) are levels, shown at the end of the period.
std::vector<Row> read_os_stats(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& o : s.os_stats) {
    const bool time = o.name.ends_with("_TIME");
    const bool paged = o.name.starts_with("VM_") && o.name.ends_with("_BYTES");
    auto r = row(o.name, {std::nullopt, std::nullopt});
    if (time) r.values[0] = rate(scaled(o.value, 0.01), s);
    else if (paged) r.values[0] = rate(o.value, s);
    else r.values[1] = o.end_value ? o.end_value : o.value;
    r.leading = {time ? "CPU s/s" : paged ? "bytes/s" : ""};
    r.key = lower(o.name);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Row> read_global_cache(const Snapshot& s) {
  std::vector<Row> out;
  for (const auto& g : s.global_cache) {
    auto r = row(g.name, {g.per_second, g.per_transaction, g.value});
    r.key = g.section + " " + lower(g.name);
    r.leading = {std::string(section_spec_title(g.section))};
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Row> read_memory(const Snapshot& s) {
  const auto& c = s.cache_sizes;
  std::vector<Row> out;
  auto add = [&](const char* name, const OptDouble& b, const OptDouble& e) {
    if (b || e) out.push_back(row(name, {scaled(b, 1 / k_mb), scaled(e ? e : b, 1 / k_mb)}));
  };
  add("Buffer Cache", c.buffer_cache_begin_bytes, c.buffer_cache_end_bytes);
  add("Shared Pool", c.shared_pool_begin_bytes, c.shared_pool_end_bytes);
  add("In-Memory Area", c.in_memory_area_begin_bytes, c.in_memory_area_end_bytes);
  add("Log Buffer", c.log_buffer_bytes, std::nullopt);
  return out;
}

// ---- evidence quoted from sections ----------------------------------------------------------------

bool is_buffer_busy(std::string_view e) {
  return e == "buffer busy waits" || e == "read by other session" || e.starts_with("gc buffer busy");
}

// An event's histogram shift, when its row moved the finding's way.
std::vector<std::string> histogram_shift(const TableView& v, std::string_view event, std::string_view word) {
  for (const auto& r : v.t->rows)
    if (lower(v.text(r, "name")) == event && v.text(r, "assessment") == word)
      return {fmt::format("{} {}, {} -> {} % of waits under 8 ms", v.text(r, "name"), v.text(r, "change"),
                          figure(v.num(r, "base_pct_8ms")), figure(v.num(r, "target_pct_8ms")))};
  return {};
}

std::vector<std::string> histograms_of_events(const TableView& v, const std::vector<std::string>& events, std::string_view word) {
  std::vector<std::string> out;
  for (const auto& e : events)
    for (auto& l : histogram_shift(v, e, word)) out.push_back(std::move(l));
  return out;
}

std::vector<std::string> histograms_of_commits(const TableView& v, const std::vector<std::string>&, std::string_view word) {
  std::vector<std::string> out;
  for (std::string_view e : {"log file sync", "log file parallel write"})
    for (auto& l : histogram_shift(v, e, word)) out.push_back(std::move(l));
  return out;
}

// Tablespaces with reads whose average read moved the finding's way by 20% and 0.5 ms or more, largest
// (change x reads per second) first.
std::vector<std::string> tablespace_reads(const TableView& v, const std::vector<std::string>&, std::string_view word) {
  std::vector<std::pair<double, std::string>> moved;
  for (const auto& r : v.t->rows) {
    const auto b = v.num(r, "base_avg_read_ms"), t = v.num(r, "target_avg_read_ms");
    const auto rb = v.num(r, "base_reads_s"), rt = v.num(r, "target_reads_s");
    // A second per read or more over many reads is the report's own misprint (12.1 prints such figures), no evidence.
    if (!b || !t || std::min(rb.value_or(0), rt.value_or(0)) < 1 || std::max(*b, *t) >= 1000) continue;
    const double d = *t - *b;
    if (std::fabs(d) < 0.5 || std::max(*b, *t) < 1.2 * std::min(*b, *t) || (d > 0) != (word == "worse")) continue;
    moved.emplace_back(std::fabs(d) * std::max(*rb, *rt),
                       fmt::format("{} average read {} -> {} ms at {} -> {} reads/s", v.text(r, "name"), figure(b), figure(t),
                                   figure(rb), figure(rt)));
  }
  std::sort(moved.begin(), moved.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::string> rows;
  for (const auto& [w, text] : moved) rows.push_back(text);
  return rows;
}

// ---- the sections -------------------------------------------------------------------------------

const std::vector<SectionDef>& sections() {
  static const std::vector<SectionDef> k_sections = {
      {"efficiency",
       "Instance Efficiency Percentages",
       "Statistic",
       {},
       {{"pct", "%", "%", 2}},
       {0},
       "",
       false,
       false,
       0,
       read_efficiency,
       "Changes in points."},
      {"instance_activity",
       "Instance Activity Stats",
       "Statistic",
       {},
       // The total and per-transaction figures beside the rate: for machines, the first a narrow terminal leaves out.
       {{"total", "Total", "", 0, false, column_priority::machine},
        {"per_s", "per Second", "/s", -1},
        {"per_trans", "per Trans", "", -1, false, column_priority::machine}},
       {1},
       "activity.per_s",
       false,
       true,
       10,
       read_activity,
       "Ranked by the change of their rate per second (per Second as printed, else Total over the elapsed)."},
      {"instance_activity_absolute",
       "Instance Activity Stats - Absolute Values",
       "Statistic",
       {},
       // The change is End's: a narrow terminal leaves Begin out first.
       {{"begin", "Begin Value", "", -1, false, column_priority::machine}, {"end", "End Value", "", -1}},
       {1},
       "activity.value",
       false,
       true,
       10,
       read_activity_absolute,
       "Levels at the snapshots, not counts over the period."},
      {"instance_activity_thread",
       "Instance Activity Stats - Thread Activity",
       "Statistic",
       {},
       {{"per_hour", "per Hour", "/h", 2}},
       {0},
       "activity.value",
       false,
       true,
       0,
       read_activity_thread,
       ""},
      {"iostat_function",
       "IOStat by Function",
       "Function",
       {},
       {{"read_mb_s", "Read MB/s", "MB/s", -1},
        {"write_mb_s", "Write MB/s", "MB/s", -1},
        {"reqs_s", "Reqs/s", "/s", -1},
        {"avg_ms", "Avg (ms)", "ms", -1},
        {"waits_s", "Waits/s", "/s", -1}},
       {2},
       "iostat.requests_per_s",
       false,
       true,
       10,
       read_iostat_function,
       "Reqs/s: read and write requests per second."},
      {"iostat_filetype",
       "IOStat by Filetype",
       "Filetype",
       {},
       {{"read_mb_s", "Read MB/s", "MB/s", -1},
        {"write_mb_s", "Write MB/s", "MB/s", -1},
        {"reqs_s", "Reqs/s", "/s", -1},
        {"small_read_ms", "Small read (ms)", "ms", -1},
        {"large_read_ms", "Large read (ms)", "ms", -1}},
       {2},
       "iostat.requests_per_s",
       false,
       true,
       10,
       read_iostat_filetype,
       ""},
      {"tablespace_io",
       "Tablespace IO Stats",
       "Tablespace",
       {},
       {{"reads_s", "Reads/s", "/s", -1},
        {"writes_s", "Writes/s", "/s", -1},
        {"avg_read_ms", "Av Rd (ms)", "ms", -1},
        {"avg_buffer_wait_ms", "Av Buf Wt (ms)", "ms", -1},
        {"reqs_s", "Reqs/s", "/s", -1, true}},
       {4},
       "tablespace.requests_per_s",
       true,
       true,
       10,
       read_tablespace_io,
       "Ranked by the change of reads and writes per second.",
       -1,
       0,
       -1,
       0,
       {{"io_latency", 60, nullptr, false, nullptr, "Tablespace IO Stats", "", "", 0, tablespace_reads}}},
      {"file_io",
       "File IO Stats",
       "File",
       {"Tablespace"},
       {{"reads_s", "Reads/s", "/s", -1},
        {"writes_s", "Writes/s", "/s", -1},
        {"avg_read_ms", "Av Rd (ms)", "ms", -1},
        {"avg_buffer_wait_ms", "Av Buf Wt (ms)", "ms", -1},
        {"reqs_s", "Reqs/s", "/s", -1, true}},
       {4},
       "tablespace.requests_per_s",
       true,
       true,
       10,
       read_file_io,
       ""},
      {"segments",
       "Segments",
       "Segment",
       // The list is part of what the row is (one object is in several lists): never left out, cut with "…" at most.
       {{"List", ColumnRole::detail, column_priority::always}, "Type"},
       {{"per_s", "per Second", "/s", -1}, {"pct_total", "%Total", "%", 1, false, column_priority::machine}},
       {0},
       "segment.per_s",
       true,
       true,
       15,
       read_segments,
       "Each 'Segments by ...' list shows its top objects only: an object missing from one report's list is not "
       "shown there (below that list's last value): its change is a bound, assessed as that least change.",
       -1,
       0,
       -1,
       0,
       {{"concurrency", 10, [](std::string_view e) { return e.find("row lock contention") != std::string_view::npos; }, false,
         [](std::string_view, const TableView& v, const CompareRow& r) { return v.text(r, "list") == "row lock waits"; },
         "Segments by row lock waits", "per_s", "/s", 3},
        {"concurrency", 11, [](std::string_view e) { return e.find("allocate itl") != std::string_view::npos; }, false,
         [](std::string_view, const TableView& v, const CompareRow& r) { return v.text(r, "list") == "ITL waits"; },
         "Segments by ITL waits", "per_s", "/s", 3},
        {"concurrency", 12, is_buffer_busy, false,
         [](std::string_view, const TableView& v, const CompareRow& r) { return v.text(r, "list") == "buffer busy"; },
         "Segments by buffer busy waits", "per_s", "/s", 3},
        {"concurrency", 13, is_buffer_busy, false,
         [](std::string_view, const TableView& v, const CompareRow& r) { return v.text(r, "list") == "gc buffer busy"; },
         "Segments by gc buffer busy", "per_s", "/s", 3}}},
      {"latches",
       "Latch Activity",
       "Latch",
       {},
       {from({"gets_s", "Gets/s", "/s", -1}, "get_requests", How::per_second),
        from({"pct_get_miss", "Get miss %", "%", 2}, "pct_get_miss", How::as_printed),
        from({"sleeps_s", "Sleeps/s", "/s", -1}, "sleeps", How::per_second),
        from({"wait_aas", "Wait (AAS)", "AAS", -1}, "wait_time_s", How::per_second)},
       {3},
       "latch.wait_time_per_s",
       false,
       true,
       10,
       read_bound<&Snapshot::latches>,
       "Wait (AAS): latch wait time per second of elapsed.",
       -1,
       0,
       0,
       1,
       {{"concurrency", 20, [](std::string_view e) { return e.starts_with("latch: "); }, true,
         [](std::string_view e, const TableView& v, const CompareRow& r) { return lower(v.text(r, "name")) == e.substr(7); },
         "Latch Activity", "wait_aas", "AAS", 1},
        {"concurrency", 20, [](std::string_view e) { return e == "latch free"; }, true, nullptr, "Latch Activity", "wait_aas",
         "AAS", 2}}},
      {"mutex_sleeps",
       "Mutex Sleep Summary",
       "Mutex / location",
       {},
       {from({"sleeps_s", "Sleeps/s", "/s", -1}, "sleeps", How::per_second),
        from({"wait_aas", "Wait (AAS)", "AAS", -1}, "wait_time_ms", How::ms_per_second)},
       {1},
       "mutex.wait_time_per_s",
       false,
       true,
       10,
       read_bound<&Snapshot::mutex_sleeps>,
       "",
       -1,
       0,
       -1,
       0,
       {{"concurrency", 30,
         [](std::string_view e) { return e.find("mutex") != std::string_view::npos || e.starts_with("cursor: "); }, false,
         nullptr, "Mutex Sleep Summary", "wait_aas", "AAS", 2}}},
      {"enqueues",
       "Enqueue Activity",
       "Enqueue type",
       {},
       {from({"requests_s", "Requests/s", "/s", -1}, "requests", How::per_second),
        from({"waits_s", "Waits/s", "/s", -1}, "waits", How::per_second),
        from({"wait_aas", "Wait (AAS)", "AAS", -1}, "wait_time_s", How::per_second),
        from({"avg_wait_ms", "Avg wait (ms)", "ms", -1}, "avg_wait_ms", How::as_printed)},
       {2},
       "enqueue.wait_time_per_s",
       false,
       true,
       10,
       read_bound<&Snapshot::enqueues>,
       "",
       -1,
       0,
       -1,
       0,
       {{"concurrency", 40, [](std::string_view e) { return e.starts_with("enq: ") && e.size() > 7; }, true,
         [](std::string_view e, const TableView& v, const CompareRow& r) {
           return lower(v.text(r, "name")).starts_with(std::string(e.substr(5, 2)) + "-");  // "enq: TX - ..." -> "tx-"
         },
         "Enqueue Activity", "wait_aas", "AAS", 1}}},
      {"library_cache",
       "Library Cache Activity",
       "Namespace",
       {},
       {from({"gets_s", "Gets/s", "/s", -1}, "get_requests", How::per_second),
        from({"pct_get_miss", "Get miss %", "%", 2}, "pct_get_miss", How::as_printed),
        from({"pins_s", "Pins/s", "/s", -1}, "pin_requests", How::per_second),
        from({"pct_pin_miss", "Pin miss %", "%", 2}, "pct_pin_miss", How::as_printed),
        from({"reloads_s", "Reloads/s", "/s", -1}, "reloads", How::per_second),
        from({"invalidations_s", "Invalid./s", "/s", -1}, "invalidations", How::per_second)},
       {1},
       "library_cache.pct_get_miss",
       false,
       true,
       10,
       read_bound<&Snapshot::library_cache>,
       "",
       0,
       1},
      {"dictionary_cache",
       "Dictionary Cache Stats",
       "Cache",
       {},
       {from({"gets_s", "Gets/s", "/s", -1}, "get_requests", How::per_second),
        from({"pct_miss", "Miss %", "%", 2}, "pct_miss", How::as_printed),
        from({"mods_s", "Mods/s", "/s", -1}, "mod_requests", How::per_second),
        from({"final_usage", "Final usage", "", 0}, "final_usage", How::as_printed)},
       {1},
       "dictionary_cache.pct_miss",
       false,
       true,
       10,
       read_bound<&Snapshot::dictionary_cache>,
       "",
       0,
       1},
      {"undo",
       "Undo Segment Summary",
       "Undo TS",
       {},
       {from({"blocks_s", "Undo blocks/s", "/s", -1}, "undo_blocks", How::per_second),
        from({"txns_s", "Transactions/s", "/s", -1}, "transactions", How::per_second),
        from({"max_query_s", "Max query (s)", "s", 0}, "max_query_length_s", How::as_printed),
        from({"max_concurrency", "Max concurrency", "", 0}, "max_tx_concurrency", How::as_printed)},
       {0},
       "undo.blocks_per_s",
       false,
       true,
       0,
       read_bound<&Snapshot::undo>,
       ""},
      {"init_ora",
       "init.ora Parameters",
       "Parameter",
       {},
       {},
       {},
       "",
       false,
       false,
       20,
       nullptr,
       "",
       -1,
       0,
       -1,
       0,
       {},
       compare_parameters},
      {"wait_histogram",
       "Wait Event Histogram",
       "Event",
       {},
       {{"waits_s", "Waits/s", "/s", -1},
        {"pct_1ms", "% < 1 ms", "%", 1},
        {"pct_8ms", "% < 8 ms", "%", 1},
        {"pct_32ms", "% < 32 ms", "%", 1}},
       {1, 2, 3},
       "histogram.pct_fast",
       false,
       true,
       10,
       read_histograms,
       "The share of each event's waits under 1, 8 and 32 ms; the change is the largest shift, in points. An event "
       "with under 0.1 waits per second in both periods is not assessed.",
       0,
       0.1,
       -1,
       0,
       {{"commit_latency", 50, nullptr, false, nullptr, "Wait Event Histogram", "", "", 0, histograms_of_commits},
        {"io_latency", 50, nullptr, false, nullptr, "Wait Event Histogram", "", "", 0, histograms_of_events}}},
      {"os_stats",
       "Operating System Statistics",
       "Statistic",
       {{"Unit", ColumnRole::label}},
       {{"per_s", "per Second", "", -1}, {"value", "Value", "", -1}},
       {0, 1},
       "os_stat.value",
       false,
       true,
       10,
       read_os_stats,
       "Times (CPU s/s: seconds of CPU per second) and paged bytes are per second; the rest are values at "
       "the end of the period."},
      {"global_cache",
       "Global Cache (RAC)",
       "Statistic",
       {"Section"},
       {{"per_s", "per Second", "", -1},
        {"per_txn", "per Trans", "", -1, false, column_priority::machine},
        {"value", "Value", "", -1}},
       {0, 2},
       "global_cache.value",
       false,
       true,
       10,
       read_global_cache,
       ""},
      {"cache_sizes",
       "Cache Sizes",
       "Area",
       {},
       {{"begin_mb", "Begin (MB)", "MB", -1}, {"end_mb", "End (MB)", "MB", -1}},
       {1},
       "memory.mb",
       false,
       false,
       0,
       read_memory,
       ""},
  };
  return k_sections;
}

// ---- the engine ---------------------------------------------------------------------------------

struct Line {
  const Row* base = nullptr;
  const Row* target = nullptr;
  int change_on = -1;  // the measure its change is on
  double score = 0;  // size of its material change (0: not material)
  double size = 0;  // its larger value, for the order of the rest
  double size2 = 0;  // its larger value of the first measure, to break ties
  ChangeKind kind = ChangeKind::unknown;  // its assessment when material (a bound's: the least change)
};

// Whether `a` and `b` name one thing, one of them cut to a column width: equal, or the shorter the start or
// the end of the longer (AWR text reports keep a subobject name's last 10 characters).
bool cut_twin(std::string_view a, std::string_view b, std::size_t min_length) {
  if (a == b) return true;
  const auto shorter = a.size() < b.size() ? a : b;
  const auto longer = a.size() < b.size() ? b : a;
  return shorter.size() >= min_length && (longer.starts_with(shorter) || longer.ends_with(shorter));
}

bool cut_twins(const Row& x, const Row& y) {
  if (!x.parts.empty() && x.parts.size() == y.parts.size()) {
    if (x.group != y.group) return false;
    for (std::size_t i = 0; i < x.parts.size(); ++i)
      if (!cut_twin(x.parts[i], y.parts[i], 1)) return false;
    return true;
  }
  return x.key.size() >= 12 && y.key.size() >= 12 && x.key.size() != y.key.size() &&
         (x.key.starts_with(y.key) || y.key.starts_with(x.key));
}

// A row whose key one report cut to its column width (text reports) matches the one row of the other it is a
// cut twin of.
void pair_cut_keys(std::vector<Line>& lines) {
  for (auto& a : lines) {
    if (a.base == nullptr || a.target != nullptr) continue;
    Line* match = nullptr;
    int found = 0;
    for (auto& b : lines) {
      if (b.target == nullptr || b.base != nullptr) continue;
      if (cut_twins(*a.base, *b.target)) {
        match = &b;
        ++found;
      }
    }
    if (found == 1) {
      a.target = match->target;
      match->target = nullptr;
    }
  }
  std::erase_if(lines, [](const Line& l) { return l.base == nullptr && l.target == nullptr; });
}

std::string metric_key(const SectionDef& d, const Row& r, int measure) {
  if (!r.metric.empty()) return r.metric;
  const auto dot = d.family.find('.');
  return fmt::format("{}:{}:{}", d.family.substr(0, dot), r.key, d.family.substr(dot + 1));
  (void)measure;
}

// The smallest value of the change measure per group on one side: the floor of a top-N list.
std::map<std::string, double> list_floors(const std::vector<Row>& rows, int measure) {
  std::map<std::string, double> out;
  for (const auto& r : rows) {
    const auto& v = r.values[static_cast<std::size_t>(measure)];
    if (!v) continue;
    auto [it, fresh] = out.try_emplace(r.group, *v);
    if (!fresh) it->second = std::min(it->second, *v);
  }
  return out;
}

std::optional<CompareTable> compare_section(const SectionDef& d, const Snapshot* base, const Snapshot& target) {
  const std::vector<Row> b = base != nullptr ? d.read(*base, d.measures) : std::vector<Row>{};
  const std::vector<Row> t = d.read(target, d.measures);
  if (b.empty() && t.empty()) return std::nullopt;
  const bool has_base = base != nullptr;

  std::vector<Line> lines;
  std::unordered_map<std::string, std::size_t> by_key;
  for (const auto& r : t)
    if (by_key.try_emplace(r.key, lines.size()).second) lines.push_back({nullptr, &r});
  for (const auto& r : b) {
    if (auto it = by_key.find(r.key); it != by_key.end()) {
      if (lines[it->second].base == nullptr) lines[it->second].base = &r;
    } else {
      by_key.emplace(r.key, lines.size());
      lines.push_back({&r, nullptr});
    }
  }
  if (has_base) pair_cut_keys(lines);
  const auto floors_b = list_floors(b, d.change_on.front()), floors_t = list_floors(t, d.change_on.front());

  // The largest value of each measure in each group (a "Segments by ..." list, or the whole table): a change is
  // ranked by its size against it, so that the rows carrying the most (AAS, requests per second, waits) come
  // first and a small row's large ratio does not hide them.
  std::map<std::pair<std::string, int>, double> scale;
  for (const auto& l : lines)
    for (int m : d.change_on)
      for (const Row* side : {l.base, l.target})
        if (side != nullptr && side->values[static_cast<std::size_t>(m)]) {
          double& x = scale[{side->group, m}];
          x = std::max(x, std::fabs(*side->values[static_cast<std::size_t>(m)]));
        }
  // Which measure carries the change, and how large it is.
  for (auto& l : lines) {
    const Row& any = l.target != nullptr ? *l.target : *l.base;
    for (int m : d.change_on) {
      auto bv = l.base != nullptr ? l.base->values[static_cast<std::size_t>(m)] : std::nullopt;
      auto tv = l.target != nullptr ? l.target->values[static_cast<std::size_t>(m)] : std::nullopt;
      l.size = std::max({l.size, std::fabs(bv.value_or(0)), std::fabs(tv.value_or(0))});
      for (const Row* side : {l.base, l.target})
        if (side != nullptr && side->values.front()) l.size2 = std::max(l.size2, std::fabs(*side->values.front()));
      if (l.change_on < 0 && (bv || tv)) l.change_on = m;
      // A row of a top-N list missing on one side: that side at most its list's last value, the least change.
      bool bound = false;
      if (d.top_n && (l.base == nullptr) != (l.target == nullptr) && m == d.change_on.front()) {
        const auto& floors = l.base == nullptr ? floors_b : floors_t;
        if (auto f = floors.find(any.group); f != floors.end()) {
          // Only a last value below the one shown gives the change a direction and a least size (as the Change
          // column's bound); at or above it, the missing side may be as large: the change is unknown.
          const OptDouble shown = l.base == nullptr ? tv : bv;
          if (!shown || *shown < f->second * 1.01) continue;
          (l.base == nullptr ? bv : tv) = f->second;
          bound = true;
        }
      }
      if (!bv || !tv) continue;
      const std::string key = metric_key(d, any, m);
      const auto a = assess(key, bv, tv);
      if (!a.material()) continue;
      if (d.gate >= 0 && !bound) {
        const auto gb = l.base->values[static_cast<std::size_t>(d.gate)], gt = l.target->values[static_cast<std::size_t>(d.gate)];
        if (std::min(gb.value_or(0), gt.value_or(0)) < d.gate_floor) continue;
      }
      const MetricSpec* spec = find_metric(key);
      const double range = spec != nullptr && spec->points ? 100.0 : std::max(scale[{any.group, m}], 1e-12);
      const double score = std::fabs(*tv - *bv) / range;
      if (score > l.score) {
        l.score = score;
        l.change_on = m;
        l.kind = a.kind;
      }
    }
  }
  if (d.ranked)
    std::stable_sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) {
      if ((x.score > 0) != (y.score > 0)) return x.score > 0;
      if (x.score != y.score) return x.score > y.score;
      if (x.size != y.size) return x.size > y.size;
      return x.size2 > y.size2;
    });
  // A TOTAL row (IOStat) closes its table.
  std::stable_partition(lines.begin(), lines.end(),
                        [](const Line& l) { return !(l.target != nullptr ? *l.target : *l.base).name.starts_with("TOTAL"); });
  std::size_t quiet = 0;
  if (d.quiet >= 0)
    std::erase_if(lines, [&](const Line& l) {
      if (l.score > 0) return false;
      for (const Row* side : {l.base, l.target})
        if (side != nullptr && side->values[static_cast<std::size_t>(d.quiet)].value_or(0) >= d.quiet_floor) return false;
      ++quiet;
      return true;
    });

  CompareTable out;
  out.key = d.key;
  out.title = d.title;
  out.group = "sections";
  out.text_rows = d.text_rows;
  out.columns.push_back({"name", std::string(d.name_header), "", ColumnKind::text, 0, ColumnRole::name});
  for (const auto& l : d.leading)
    out.columns.push_back({normalize_label(l.header), std::string(l.header), "", ColumnKind::text, 0, l.role, l.priority});
  auto add_side = [&](std::string_view side, std::string_view label) {
    for (const auto& m : d.measures)
      if (!m.hidden)
        out.columns.push_back({fmt::format("{}_{}", side, m.key),
                               label.empty() ? std::string(m.header) : fmt::format("{} {}", label, m.header), std::string(m.unit),
                               ColumnKind::number, m.precision, ColumnRole::measure, m.priority});
  };
  if (has_base) add_side("base", "Base");
  add_side("target", has_base ? "Target" : "");
  if (has_base) {
    out.columns.push_back({"change", "Change", "", ColumnKind::change_pct, 0, ColumnRole::change});
    out.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0, ColumnRole::assessment});
  }
  std::size_t material = 0;
  for (const auto& l : lines) {
    // The row that names it best: a cut name's full twin.
    const Row& any = l.target == nullptr                                                ? *l.base
                     : l.base != nullptr && l.base->name.size() > l.target->name.size() ? *l.base
                                                                                        : *l.target;
    CompareRow r;
    r.cells.push_back(any.name);
    for (std::size_t i = 0; i < d.leading.size(); ++i)
      r.cells.push_back(i < any.leading.size() && !any.leading[i].empty() ? CompareCell(any.leading[i]) : CompareCell());
    auto side = [&](const Row* row) {
      bool first = true;
      for (std::size_t m = 0; m < d.measures.size(); ++m) {
        if (d.measures[m].hidden) continue;
        CompareCell c;
        if (row == nullptr) {
          if (first && d.top_n) c = Unknown{Unknown::Why::not_shown};
        } else if (row->values[m]) {
          c = *row->values[m];
        }
        r.cells.push_back(std::move(c));
        first = false;
      }
    };
    if (has_base) side(l.base);
    side(l.target);
    if (!has_base) {
      out.rows.push_back(std::move(r));
      continue;
    }
    const auto m = static_cast<std::size_t>(std::max(l.change_on, 0));
    const auto bv = l.base != nullptr ? l.base->values[m] : std::nullopt;
    const auto tv = l.target != nullptr ? l.target->values[m] : std::nullopt;
    const std::string key = metric_key(d, any, static_cast<int>(m));
    const MetricSpec* spec = find_metric(key);
    const bool points = spec != nullptr && spec->points;
    const bool several = d.change_on.size() > 1 && points;
    CompareCell change;
    if (bv && tv) {
      if (points) change = Points{*tv - *bv, several ? std::string(d.measures[m].header) : std::string()};
      else if (*bv != 0) change = (*tv - *bv) / std::fabs(*bv) * 100;
      else if (*tv != 0) change = FromZero{};
    } else if (d.top_n && (bv || tv)) {  // a bound: the missing side is below its list's last value
      const auto& floors = bv ? floors_t : floors_b;
      if (auto f = floors.find(any.group); f != floors.end() && f->second > 0) {
        if (tv && *tv >= f->second * 1.01) change = Bound{(*tv - f->second) / f->second * 100, true};
        if (bv && *bv >= f->second * 1.01) change = Bound{-(*bv - f->second) / *bv * 100, false};
      }
    }
    r.cells.push_back(change);
    if (l.score > 0) {
      ++material;
      r.cells.push_back(std::string(to_string(l.kind)));
    } else {
      r.cells.emplace_back();
    }
    out.rows.push_back(std::move(r));
  }
  if (!d.note.empty()) out.notes.emplace_back(d.note);
  if (quiet > 0)
    out.notes.push_back(fmt::format("{} row{} under {} {} in both periods, unchanged, not listed.", quiet, quiet == 1 ? "" : "s",
                                    d.quiet_floor, d.measures[static_cast<std::size_t>(d.quiet)].header));
  if (has_base && d.ranked && out.rows.size() > 1)
    out.notes.push_back(
        material == 0
            ? std::string("No row changed materially.")
            : fmt::format(
                  "{} of {} rows changed materially; they come first, largest change first (each against its list's largest value).",
                  material, out.rows.size()));
  return out;
}

// init.ora: the parameters whose value at the end of the period differs (added, removed, changed), hidden
// ones included. The section lists the parameters set away from their default: one missing is at its default.
std::optional<CompareTable> compare_parameters(const Snapshot* base, const Snapshot& target) {
  if (target.parameters.empty() && (base == nullptr || base->parameters.empty())) return std::nullopt;
  auto end_value = [](const Parameter& p) { return p.end_value.empty() ? p.begin_value : p.end_value; };
  auto key = [](const Parameter& p) { return lower(p.pdb.empty() ? p.name : p.pdb + ":" + p.name); };
  CompareTable out;
  out.key = "init_ora";
  out.title = "init.ora Parameters";
  out.group = "sections";
  out.text_rows = 20;
  out.columns.push_back({"name", "Parameter", "", ColumnKind::text, 0, ColumnRole::name});
  if (base == nullptr) {
    out.columns.push_back({"begin_value", "Begin value", "", ColumnKind::text, 0});
    out.columns.push_back({"end_value", "End value (if different)", "", ColumnKind::text, 0});
    for (const auto& p : target.parameters)
      out.rows.push_back({{key(p) == lower(p.name) ? p.name : p.pdb + ": " + p.name, p.begin_value,
                           p.end_value.empty() ? CompareCell() : CompareCell(p.end_value)}});
    return out;
  }
  out.columns.push_back({"base", "Base", "", ColumnKind::text, 0, ColumnRole::value});
  out.columns.push_back({"target", "Target", "", ColumnKind::text, 0, ColumnRole::value});
  out.columns.push_back({"change", "Change", "", ColumnKind::text, 0, ColumnRole::label});
  // A report without the section (cut short, or a release that does not print it) says nothing of its
  // parameters: no parameter reads as added or reset.
  if (base->parameters.empty() || target.parameters.empty()) {
    out.empty_text = "not compared";
    out.notes.push_back(fmt::format("{} has no init.ora section.", base->parameters.empty() ? base->source : target.source));
    return out;
  }
  std::map<std::string, const Parameter*> b, t;
  for (const auto& p : base->parameters) b.emplace(key(p), &p);
  for (const auto& p : target.parameters) t.emplace(key(p), &p);
  out.empty_text = "no parameter differs";
  std::size_t same = 0;
  std::vector<CompareRow> added, removed, changed, within;
  auto shown_name = [](const Parameter& p) { return p.pdb.empty() ? p.name : p.pdb + ": " + p.name; };
  // A text report cuts a long value at its column's width ("/dev/ctl1, /dev/ctl2," of three control files): a
  // value that is the start of the other report's, from a text report, is not known to differ.
  std::size_t cut = 0;
  auto cut_short = [&](const std::string& bv, const std::string& tv) {
    auto agrees = [](std::string_view shorter, std::string_view longer, bool text) {
      while (!shorter.empty() && (shorter.back() == ',' || shorter.back() == ' ')) shorter.remove_suffix(1);
      return text && shorter.size() >= 8 && shorter.size() < longer.size() && longer.starts_with(shorter);
    };
    return agrees(bv, tv, base->format == ReportFormat::text) || agrees(tv, bv, target.format == ReportFormat::text);
  };
  for (const auto& [k, tp] : t) {
    const auto it = b.find(k);
    if (it == b.end()) {
      added.push_back({{shown_name(*tp), std::string("(default)"), end_value(*tp), std::string("set")}});
    } else if (end_value(*it->second) != end_value(*tp) && cut_short(end_value(*it->second), end_value(*tp))) {
      ++same;
      ++cut;
    } else if (end_value(*it->second) != end_value(*tp)) {
      changed.push_back({{shown_name(*tp), end_value(*it->second), end_value(*tp), std::string("changed")}});
    } else if (!tp->end_value.empty() && tp->end_value != tp->begin_value) {
      within.push_back({{shown_name(*tp), tp->begin_value, end_value(*tp), std::string("changed within the target")}});
    } else {
      ++same;
    }
  }
  for (const auto& [k, bp] : b)
    if (!t.contains(k)) removed.push_back({{shown_name(*bp), end_value(*bp), std::string("(default)"), std::string("reset")}});
  for (auto* list : {&changed, &added, &removed, &within})
    for (auto& r : *list) out.rows.push_back(std::move(r));
  out.notes.push_back(
      fmt::format("{} parameter{} the same in both; the section lists parameters set away from their "
                  "default, so one missing from a report is at its default there.",
                  same, same == 1 ? "" : "s"));
  if (cut > 0)
    out.notes.push_back(fmt::format("Of them, {} as far as the text report prints the value (it cuts long values).", cut));
  return out;
}

// ---- generic tables ---------------------------------------------------------------------------------
//
// Every other table of the report is compared in wide form, as Oracle's Compare Periods report does: one row
// per item (a statistic, an event, a bucket...), and per measure column of the report its Base and Target
// values and the change. The rate columns ("per Second", "/s", "per Trans", "Avg") come first, the others in
// the report's order.

// One measure column of a generic table (in either period): its JSON key, its header as printed, its unit.
struct GenericMeasure {
  std::string key, header, unit;
  bool percent = false;  // a percentage: its change is in points
  bool bucket = false;  // a histogram bucket's share of waits: material from 5 points (histogram.pct_fast)
  int decimals = -1;  // as printed (GenericColumn::decimals); -1 by magnitude
};

// One period's side of a generic table: its measures and its items, each item's value per measure (empty: the
// cell is blank or unreadable).
struct GenericSide {
  std::string name_header;  // the header of the first column that names the row ("Event", "Statistic")
  std::vector<GenericMeasure> measures;
  std::vector<std::string> names;  // items in the report's order
  std::map<std::string, std::map<std::string, OptDouble>> values;  // item -> measure key -> value
  std::map<std::string, int> seen;  // item name -> rows so named
  bool counted = false;  // a cell "0.0(3)" was read as its percentage
};

// A measure's JSON key from its header: snake_case, "<" as "lt", ">=" as "ge", "%" as "pct", "/" as "per"
// ("<1ms" -> "lt_1ms", "Reads/s" -> "reads_per_s", "per Second" -> "per_second").
std::string measure_key(std::string_view header, std::size_t column) {
  std::string words;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const char c = header[i];
    if (c == '>' && i + 1 < header.size() && header[i + 1] == '=') words += " ge ", ++i;
    else if (c == '<' && i + 1 < header.size() && header[i + 1] == '=') words += " le ", ++i;
    else if (c == '<') words += " lt ";
    else if (c == '>') words += " gt ";
    else if (c == '%') words += " pct ";
    else if (c == '/') words += " per ";
    else if (c == '#') words += " num ";
    else words += c;
  }
  std::string k;
  for (char c : words) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0) k += static_cast<char>(std::tolower(u));
    else if (!k.empty() && k.back() != '_') k += '_';
  }
  while (!k.empty() && k.back() == '_') k.pop_back();
  return k.empty() ? fmt::format("column_{}", column + 1) : k;
}

void add_generic(const GenericTable& g, GenericSide& side) {
  const auto columns = measure_columns(g);
  std::vector<std::string> keys(g.units.size());
  for (std::size_t i = 0; i < g.units.size() && i < g.headers.size(); ++i) {
    if (!columns[i].measure) continue;
    const std::string key = measure_key(g.headers[i], i);
    keys[i] = key;
    for (int n = 2; std::find(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(i), keys[i]) !=
                    keys.begin() + static_cast<std::ptrdiff_t>(i);
         ++n)
      keys[i] = fmt::format("{}_{}", key, n);  // one key per column of the table
    const auto known = std::find_if(side.measures.begin(), side.measures.end(), [&](const auto& m) { return m.key == keys[i]; });
    if (known == side.measures.end())
      side.measures.push_back({keys[i], g.headers[i].empty() ? fmt::format("column {}", i + 1) : g.headers[i],
                               columns[i].unit_name, columns[i].unit_name == "%", columns[i].bucket, columns[i].decimals});
    else if (known->decimals >= 0)
      known->decimals = columns[i].decimals < 0 ? -1 : std::max(known->decimals, columns[i].decimals);
  }
  if (side.name_header.empty() && !columns.empty() && !columns[0].measure && !g.headers.empty()) side.name_header = g.headers[0];
  for (const auto& r : g.rows) {
    std::string item;
    for (std::size_t i = 0; i < r.size() && i < columns.size(); ++i)
      if (!columns[i].measure && !r[i].empty()) item += (item.empty() ? "" : " · ") + r[i];
    // No text column and several rows (an advisory's rows are its sizes): the first column names the row. A
    // table of one row (Instance CPU) is that row.
    const bool first_names = item.empty() && g.rows.size() > 1 && !r.empty() && !g.headers.empty();
    if (first_names) item = fmt::format("{} {}", g.headers[0], r[0]);
    if (item.empty()) item = g.title.empty() ? std::string("(row)") : g.title;  // a table of one row: the table
    if (const int n = ++side.seen[item]; n > 1) item += fmt::format(" #{}", n);
    side.names.push_back(item);
    auto& values = side.values[item];
    for (std::size_t i = first_names ? 1 : 0; i < r.size() && i < columns.size(); ++i) {
      if (!columns[i].measure || keys[i].empty()) continue;
      const auto v = generic_number(r[i], columns[i].unit, &side.counted);
      values[keys[i]] = v.status == CellStatus::ok ? v.value : std::nullopt;
    }
  }
}

// How one measure of an item moved: whether it says the item changed, and how much (the size of a material
// relative change, |ln(target / base)|; 0 when not material or not computable).
struct MeasureMove {
  bool differs = false;
  double score = 0;
};

MeasureMove measure_move(OptDouble b, OptDouble t, bool bucket) {
  MeasureMove m;
  if (bucket && (b || t)) {  // an empty bucket holds no waits: 0%
    b = b.value_or(0);
    t = t.value_or(0);
  }
  if (b && t) {
    if (*b == *t) return m;
    // A histogram bucket is a share of the event's waits: material from 5 points, as the typed Wait Event
    // Histogram's shift; any other cell from 20% (the registry's table.value).
    const auto a = assess(bucket ? "histogram:x:pct_fast" : "table:x:value", b, t);
    if (!a.material()) return m;
    m.differs = true;
    // The size of the change: a bucket's shift in points (25 points weigh as a change by a factor of e), else
    // the relative change, |ln(target / base)|.
    m.score =
        bucket ? std::fabs(*t - *b) / 25 : std::fabs(std::log(std::max(std::fabs(*t), 1e-9) / std::max(std::fabs(*b), 1e-9)));
  } else {
    const OptDouble one = b ? b : t;  // a blank cell beside a figure: differs unless the figure is 0
    m.differs = one && *one != 0;
  }
  return m;
}

std::vector<CompareTable> compare_generic(const Snapshot* base, const Snapshot& target) {
  // Tables by section and title, in the order of the target's report, then the base's.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::pair<GenericSide, GenericSide>> tables;  // (base, target)
  auto take = [&](const Snapshot& s, bool is_base) {
    for (const auto& g : s.other_tables) {
      if (!g.known || !comparable_generic(g.section) || (base != nullptr && moments_table(g))) continue;
      std::pair<std::string, std::string> k{g.section, g.title.empty() ? std::string(section_spec_title(g.section)) : g.title};
      auto [it, fresh] = tables.try_emplace(k);
      if (fresh) order.push_back(k);
      add_generic(g, is_base ? it->second.first : it->second.second);
    }
  };
  take(target, false);
  if (base != nullptr) take(*base, true);
  std::vector<CompareTable> out;
  std::map<std::string, int> key_uses;
  for (const auto& k : order) {
    const auto& [bs, ts] = tables[k];
    CompareTable t;
    t.key = k.first;
    if (const int n = ++key_uses[k.first]; n > 1) t.key += fmt::format("_{}", n);  // one anchor per table
    t.empty_text = base != nullptr ? "no value differs" : "";
    t.title = k.second;
    t.group = "sections";
    t.text_rows = 10;
    // The measures of both periods: the target's, then those only the base has; rates and averages first.
    std::vector<GenericMeasure> measures = ts.measures;
    for (const auto& m : bs.measures) {
      const auto known = std::find_if(measures.begin(), measures.end(), [&](const auto& x) { return x.key == m.key; });
      if (known == measures.end()) measures.push_back(m);
      else if (known->decimals >= 0) known->decimals = m.decimals < 0 ? -1 : std::max(known->decimals, m.decimals);
    }
    std::stable_partition(measures.begin(), measures.end(), [](const GenericMeasure& m) { return rate_header(m.header); });
    const std::string& name = !ts.name_header.empty() ? ts.name_header : bs.name_header;
    t.columns = {{"name", name.empty() ? std::string("Item") : name, "", ColumnKind::text, 0, ColumnRole::name}};
    const bool has_rate = std::any_of(measures.begin(), measures.end(), [](const auto& m) { return rate_header(m.header); });
    for (std::size_t i = 0; i < measures.size(); ++i) {
      const auto& m = measures[i];
      // What a narrow terminal keeps: the first measure (a rate where the report has one) with its change (always
      // shown) above all; then the other rates and averages; then the rest; totals beside a rate first left out.
      // Among equals the text renderer leaves out the later first, so the report's order decides.
      const std::string h = lower(m.header);
      const int priority = i == 0                                                  ? column_priority::always - 1
                           : rate_header(m.header)                                 ? column_priority::rate
                           : has_rate && (h == "total" || h.starts_with("total ")) ? column_priority::machine
                                                                                   : column_priority::count;
      if (base == nullptr) {
        t.columns.push_back({"target_" + m.key, m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
        continue;
      }
      t.columns.push_back(
          {"base_" + m.key, "Base " + m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
      t.columns.push_back(
          {"target_" + m.key, "Target " + m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
      // Each measure's change: relative, or for a percentage in points (the first measure's a Points cell "+1.2 pts",
      // the others' as a difference in points). The others' are keyed by the measure so that a renderer short of
      // width leaves each out with its Base and Target.
      if (i == 0) t.columns.push_back({"change", "Change", "", ColumnKind::change_pct, 0, ColumnRole::change});
      else if (m.percent)
        t.columns.push_back({m.key, "Δ " + m.header, "pts", ColumnKind::delta, 1, ColumnRole::change, priority});
      else t.columns.push_back({m.key, "Δ " + m.header, "", ColumnKind::change_pct, 0, ColumnRole::change, priority});
    }
    struct Item {
      const std::string* name = nullptr;
      const std::map<std::string, OptDouble>* b = nullptr;
      const std::map<std::string, OptDouble>* t = nullptr;
      double score = 0;
    };
    std::vector<Item> lines;
    for (const auto& n : ts.names)
      lines.push_back({&n, base != nullptr && bs.values.contains(n) ? &bs.values.at(n) : nullptr, &ts.values.at(n)});
    for (const auto& n : bs.names)
      if (!ts.values.contains(n)) lines.push_back({&n, &bs.values.at(n), nullptr});
    auto value = [](const std::map<std::string, OptDouble>* side, const std::string& key) -> OptDouble {
      if (side == nullptr) return std::nullopt;
      const auto it = side->find(key);
      return it == side->end() ? std::nullopt : it->second;
    };
    std::size_t same = 0, one_sided = 0, quiet = 0;
    // The periods' lengths, for totals; a histogram's count of waits, for its quiet events.
    const OptDouble eb = base != nullptr ? base->interval.elapsed_s : std::nullopt, et = target.interval.elapsed_s;
    auto per_second = [](OptDouble v, OptDouble elapsed) -> OptDouble {
      if (!v || !elapsed || *elapsed <= 0) return std::nullopt;
      return *v / *elapsed;
    };
    // Periods whose lengths differ by more than 10%: a total's change is that of its rate per second.
    const bool lengths_differ = eb && et && *eb > 0 && *et > 0 && std::max(*eb, *et) > 1.1 * std::min(*eb, *et);
    const GenericMeasure* waits = nullptr;
    if (std::any_of(measures.begin(), measures.end(), [](const auto& m) { return m.bucket; }) && eb && et)
      for (const auto& m : measures)
        if (!m.bucket && m.unit.empty() && lower(m.header).find("wait") != std::string::npos && waits == nullptr) waits = &m;
    if (base != nullptr) {
      // Items in both periods none of whose measures changed materially (the registry's table.value: 20%) are
      // counted, not listed: a RAC or Exadata report has thousands of them.
      std::erase_if(lines, [&](Item& l) {
        if (l.b == nullptr || l.t == nullptr) {
          ++one_sided;
          return false;
        }
        bool differs = false;
        // A histogram's event with under 0.1 waits per second in either period: its buckets are a handful of
        // waits, not assessed (as the typed Wait Event Histogram).
        bool few_waits = false;
        if (waits != nullptr) {
          const auto wb = per_second(value(l.b, waits->key), eb), wt = per_second(value(l.t, waits->key), et);
          few_waits = !wb || !wt || *wb < 0.1 || *wt < 0.1;
        }
        for (const auto& m : measures) {
          // A histogram is read by its distribution: the count of waits is shown, and moves with the load.
          if ((m.bucket && few_waits) || &m == waits) continue;
          auto bv = value(l.b, m.key), tv = value(l.t, m.key);
          if (!m.bucket && !m.percent && total_header(m.header) && eb && et) bv = per_second(bv, eb), tv = per_second(tv, et);
          const auto mv = measure_move(bv, tv, m.bucket);
          differs = differs || mv.differs;
          l.score = std::max(l.score, mv.score);
        }
        if (!differs) ++(few_waits ? quiet : same);
        return !differs;
      });
      std::stable_sort(lines.begin(), lines.end(), [](const Item& x, const Item& y) { return x.score > y.score; });
    }
    for (const auto& l : lines) {
      CompareRow r;
      r.cells.emplace_back(*l.name);
      auto cell = [](OptDouble v) { return v ? CompareCell(*v) : CompareCell(); };
      for (std::size_t i = 0; i < measures.size(); ++i) {
        const auto& m = measures[i];
        const auto bv = value(l.b, m.key), tv = value(l.t, m.key);
        if (base == nullptr) {
          r.cells.push_back(cell(tv));
          continue;
        }
        // An item in one report only: the other side empty (unknown, not 0; the note says so).
        r.cells.push_back(cell(bv));
        r.cells.push_back(cell(tv));
        // A total of periods of different lengths: the change of its rate per second (the note says so).
        const bool by_rate = lengths_differ && !m.percent && !m.bucket && total_header(m.header);
        if (by_rate && bv && tv && *bv != 0 && *tv != 0) {
          r.cells.emplace_back((*tv / *et - *bv / *eb) / std::fabs(*bv / *eb) * 100);
          continue;
        }
        if (!bv || !tv) r.cells.emplace_back();
        else if (i > 0 && m.percent) r.cells.emplace_back(*tv - *bv);  // in points
        else if (m.percent) r.cells.emplace_back(Points{*tv - *bv, {}});  // a percentage: in points
        else if (*bv != 0) r.cells.emplace_back((*tv - *bv) / std::fabs(*bv) * 100);
        else r.cells.emplace_back(*tv != 0 ? CompareCell(FromZero{}) : CompareCell(0.0));
      }
      t.rows.push_back(std::move(r));
    }
    if (base != nullptr) {
      const bool buckets = std::any_of(measures.begin(), measures.end(), [](const auto& m) { return m.bucket; });
      t.notes.push_back(fmt::format(
          "Values as the reports print them (totals are not rates). One row per item; per column Base, Target and the "
          "change (relative; in points for a percentage); largest relative change first.{}",
          same == 0 ? std::string()
                    : fmt::format(" {} item{} within 20% in every column{} not listed.", same, same == 1 ? "" : "s",
                                  buckets ? " (a histogram bucket's share of waits within 5 points)" : "")));
      if (eb && et && std::any_of(measures.begin(), measures.end(), [&](const auto& m) {
            return !m.bucket && !m.percent && &m != waits && total_header(m.header);
          }))
        t.notes.push_back(lengths_differ
                              ? fmt::format("A total (DB Time (s), Waits, Buffer Gets...) is shown as printed; its change "
                                            "and assessment are those of its rate per second, as the periods "
                                            "differ in length ({} against {} min of elapsed).",
                                            grouped(*eb / 60, 1), grouped(*et / 60, 1))
                              : std::string("A total (DB Time (s), Waits, Buffer Gets...) is assessed by its rate "
                                            "per second of each period, and shown as printed."));
      if (waits != nullptr)
        t.notes.push_back(
            fmt::format("Events are assessed by the share of their waits in each bucket, not by their count of "
                        "{}; {} event{} with under 0.1 {} per second in either period (a handful of waits) "
                        "not assessed nor listed.",
                        waits->header, quiet, quiet == 1 ? "" : "s", waits->header));
      if (one_sided > 0)
        t.notes.push_back(
            fmt::format("{} item{} in one report only: the other side is empty (not in that report: unknown, "
                        "not zero).",
                        one_sided, one_sided == 1 ? " is" : "s are"));
    } else {
      t.notes.push_back("Values as the report prints them; one row per item.");
    }
    if (bs.counted || ts.counted)
      t.notes.push_back("A cell such as 0.0(3) is read as its percentage (0.0); the count of waits in parentheses is not used.");
    out.push_back(std::move(t));
  }
  return out;
}

// The rows of `table` assessed `word` ("worse"/"better") that `pick` accepts, as evidence lines.
template <class Pick>
std::vector<std::string> rows_moving(const Comparison& c, std::string_view table, std::string_view word, std::string_view measure,
                                     std::string_view unit, Pick pick, std::size_t at_most) {
  std::vector<std::string> out;
  const auto v = find_table(c, table);
  if (!v) return out;
  for (const auto& r : v->t->rows) {
    if (out.size() >= at_most) break;
    if (v->text(r, "assessment") != word || !pick(*v, r)) continue;
    out.push_back(evidence_line(*v, r, measure, unit));
  }
  return out;
}

std::string lower_copy(std::string_view s) { return lower(s); }

}  // namespace

void add_section_evidence(Comparison& out) {
  // Every section's evidence, in the order a finding quotes it.
  std::vector<std::pair<const SectionDef*, const EvidenceDef*>> all;
  for (const auto& d : sections())
    for (const auto& e : d.evidence) all.emplace_back(&d, &e);
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second->order < b.second->order; });
  std::vector<std::string> used;  // each evidence row once in the comparison, under the first finding it backs
  for (auto& f : out.findings) {
    if (f.direction != ChangeKind::worse && f.direction != ChangeKind::better) continue;
    const std::string word = to_string(f.direction);
    std::vector<std::string> events;
    for (const auto& m : f.metrics)
      if (m.key.starts_with("event:")) {
        const auto end = m.key.rfind(':');
        events.push_back(lower_copy(m.key.substr(6, end - 6)));
      }
    std::vector<std::string> lines;
    auto add = [&](std::string_view title, const std::vector<std::string>& rows) {
      for (const auto& r : rows) {
        auto line = std::string(title) + ": " + r;
        if (lines.size() >= 3 || std::find(used.begin(), used.end(), line) != used.end()) continue;
        used.push_back(line);
        lines.push_back(std::move(line));
      }
    };
    for (const auto& entry : all) {
      // Named references, not a structured binding: the lambdas below capture them (clang before 16 cannot).
      const auto& d = entry.first;
      const auto& e = entry.second;
      if (e->rule != f.rule) continue;
      const auto v = find_table(out, d->key);
      if (!v) continue;
      if (e->quote != nullptr) {
        add(e->title, e->quote(*v, events, word));
        continue;
      }
      auto rows_for = [&](std::string_view event) {
        return rows_moving(
            out, d->key, word, e->measure, e->unit,
            [&](const TableView& tv, const CompareRow& r) { return e->picks == nullptr || e->picks(event, tv, r); }, e->rows);
      };
      if (e->per_event) {
        for (const auto& ev : events)
          if (e->backs == nullptr || e->backs(ev)) add(e->title, rows_for(ev));
      } else if (e->backs == nullptr ||
                 std::any_of(events.begin(), events.end(), [&](const std::string& ev) { return e->backs(ev); })) {
        add(e->title, rows_for(""));
      }
    }
    for (auto& l : lines) f.evidence.push_back(std::move(l));
  }
}

}  // namespace awrdiff::detail

namespace awrdiff {

std::string section_comparisons_markdown() {
  std::string out =
      "| Section | Rows matched by | Measures (per side) | Ranked and assessed by | Top-N list | Text rows |\n"
      "|---|---|---|---|---|---:|\n";
  for (const auto& d : detail::sections()) {
    if (d.compare != nullptr) continue;  // init.ora: its own line below
    std::string measures;
    for (const auto& m : d.measures)
      if (!m.hidden)
        measures +=
            (measures.empty() ? "" : ", ") + std::string(m.header) + (m.unit.empty() ? "" : " (" + std::string(m.unit) + ")");
    std::string by;
    for (int m : d.change_on) by += (by.empty() ? "" : " or ") + std::string(d.measures[static_cast<std::size_t>(m)].header);
    by += d.family.empty() ? " (each row its own registry row)" : fmt::format(" (`{}`)", d.family);
    std::string key(d.name_header);
    for (const auto& l : d.leading) key += " + " + std::string(l.header);
    out += fmt::format("| {} (`{}`) | {} | {} | {} | {} | {} |\n", d.title, d.key, key, measures, by,
                       d.top_n ? "yes: missing = not shown, change a bound" : "no",
                       d.text_rows == 0 ? std::string("all") : std::to_string(d.text_rows));
  }
  out +=
      "| init.ora Parameters (`init_ora`) | Parameter (+ PDB) | value at the end of each period | added (set), removed (reset), "
      "changed, changed within the target; equal ones counted | no: missing = at its default | 20 |\n";
  out +=
      "| every other table (its catalog key) | its text cells | each numeric column as printed, rates and averages "
      "first | largest relative change of any column (`table.value`); items within 20% in every column counted, not "
      "listed | no | 10 |\n";
  return out;
}

}  // namespace awrdiff

namespace awrdiff::detail {

std::span<const std::string_view> compared_section_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> k;
    for (const auto& d : sections()) k.push_back(d.key);
    return k;
  }();
  return keys;
}

void add_section_tables(Comparison& out, const Snapshot* base, const Snapshot& target) {
  for (const auto& d : sections())  // in the order of sections(), which is the reports'
    if (auto t = d.compare != nullptr ? d.compare(base, target) : compare_section(d, base, target))
      out.tables.push_back(std::move(*t));
  for (auto& t : compare_generic(base, target)) out.tables.push_back(std::move(t));
}

}  // namespace awrdiff::detail
