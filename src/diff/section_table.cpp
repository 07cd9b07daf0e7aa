// The table of compared sections (section_engine::sections()) and the readers of its rows: one reader per
// section whose rows are not a plain copy of its binding, read_bound for those that are.
#include "diff/section_def.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/section_fields.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace awrdiff::detail::section_engine {
namespace {

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
// "row lock waits"); the key's words when the catalog does not know it (a snapshot JSON of another version).
std::string list_words(const std::string& key) {
  if (const auto* spec = find_section_by_key(key); spec != nullptr && !spec->short_name.empty())
    return std::string(spec->short_name);
  std::string w = key;
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

// Instance Efficiency and Instance Activity Stats (with its Absolute Values and Thread Activity).
std::vector<SectionDef> activity_sections() {
  return {
      {.key = "efficiency",
       .title = "Instance Efficiency Percentages",
       .name_header = "Statistic",
       .measures = {{"pct", "%", "%", 2}},
       .change_on = {0},
       .ranked = false,
       .text_rows = 0,
       .read = read_efficiency,
       .note = "Changes in points."},
      {.key = "instance_activity",
       .title = "Instance Activity Stats",
       .name_header = "Statistic",
       // The total and per-transaction figures beside the rate: for machines, the first a narrow terminal leaves out.
       .measures = {{.key = "total", .header = "Total", .precision = 0, .priority = column_priority::machine},
                    {"per_s", "per Second", "/s", -1},
                    {.key = "per_trans", .header = "per Trans", .priority = column_priority::machine}},
       .change_on = {1},
       .family = "activity.per_s",
       .read = read_activity,
       .note = "Ranked by the change of their rate per second (per Second as printed, else Total over the elapsed)."},
      {.key = "instance_activity_absolute",
       .title = "Instance Activity Stats - Absolute Values",
       .name_header = "Statistic",
       // The change is End's: a narrow terminal leaves Begin out first.
       .measures = {{.key = "begin", .header = "Begin Value", .priority = column_priority::machine},
                    {"end", "End Value", "", -1}},
       .change_on = {1},
       .family = "activity.value",
       .read = read_activity_absolute,
       .note = "Levels at the snapshots, not counts over the period."},
      {.key = "instance_activity_thread",
       .title = "Instance Activity Stats - Thread Activity",
       .name_header = "Statistic",
       .measures = {{"per_hour", "per Hour", "/h", 2}},
       .change_on = {0},
       .family = "activity.value",
       .text_rows = 0,
       .read = read_activity_thread},
  };
}

// IOStat by Function and by Filetype, Tablespace and File IO Stats.
std::vector<SectionDef> io_sections() {
  return {
      {.key = "iostat_function",
       .title = "IOStat by Function",
       .name_header = "Function",
       .measures = {{"read_mb_s", "Read MB/s", "MB/s", -1},
                    {"write_mb_s", "Write MB/s", "MB/s", -1},
                    {"reqs_s", "Reqs/s", "/s", -1},
                    {"avg_ms", "Avg (ms)", "ms", -1},
                    {"waits_s", "Waits/s", "/s", -1}},
       .change_on = {2},
       .family = "iostat.requests_per_s",
       .read = read_iostat_function,
       .note = "Reqs/s: read and write requests per second."},
      {.key = "iostat_filetype",
       .title = "IOStat by Filetype",
       .name_header = "Filetype",
       .measures = {{"read_mb_s", "Read MB/s", "MB/s", -1},
                    {"write_mb_s", "Write MB/s", "MB/s", -1},
                    {"reqs_s", "Reqs/s", "/s", -1},
                    {"small_read_ms", "Small read (ms)", "ms", -1},
                    {"large_read_ms", "Large read (ms)", "ms", -1}},
       .change_on = {2},
       .family = "iostat.requests_per_s",
       .read = read_iostat_filetype},
      {.key = "tablespace_io",
       .title = "Tablespace IO Stats",
       .name_header = "Tablespace",
       .measures = {{"reads_s", "Reads/s", "/s", -1},
                    {"writes_s", "Writes/s", "/s", -1},
                    {"avg_read_ms", "Av Rd (ms)", "ms", -1},
                    {"avg_buffer_wait_ms", "Av Buf Wt (ms)", "ms", -1},
                    {.key = "reqs_s", .header = "Reqs/s", .unit = "/s", .hidden = true}},
       .change_on = {4},
       .family = "tablespace.requests_per_s",
       .top_n = true,
       .read = read_tablespace_io,
       .note = "Ranked by the change of reads and writes per second.",
       .evidence = {{.rule = "io_latency", .order = 60, .title = "Tablespace IO Stats", .quote = tablespace_reads}}},
      {.key = "file_io",
       .title = "File IO Stats",
       .name_header = "File",
       .leading = {"Tablespace"},
       .measures = {{"reads_s", "Reads/s", "/s", -1},
                    {"writes_s", "Writes/s", "/s", -1},
                    {"avg_read_ms", "Av Rd (ms)", "ms", -1},
                    {"avg_buffer_wait_ms", "Av Buf Wt (ms)", "ms", -1},
                    {.key = "reqs_s", .header = "Reqs/s", .unit = "/s", .hidden = true}},
       .change_on = {4},
       .family = "tablespace.requests_per_s",
       .top_n = true,
       .read = read_file_io},
  };
}

// The Segments by ... lists, one table; the evidence of a contention finding quotes the rows of one list (its
// catalog row gives the List column's words).
SectionDef segments_section() {
  return {
      .key = "segments",
      .title = "Segments",
      .name_header = "Segment",
      // The list is part of what the row is (one object is in several lists): never left out, cut with "…" at most.
      .leading = {{k_segment_list_header, ColumnRole::detail, column_priority::always}, "Type"},
      .measures = {{"per_s", "per Second", "/s", -1},
                   {.key = "pct_total", .header = "%Total", .unit = "%", .precision = 1, .priority = column_priority::machine}},
      .change_on = {0},
      .family = "segment.per_s",
      .top_n = true,
      .text_rows = 15,
      .read = read_segments,
      .note =
          "Each 'Segments by ...' list shows its top objects only: an object missing from one report's list is "
          "not shown there (below that list's last value): its change is a bound, assessed as that least change.",
      .evidence = {{.rule = "concurrency",
                    .order = 10,
                    .backs = [](std::string_view e) { return e.find("row lock contention") != std::string_view::npos; },
                    .list = "segments_row_lock_waits",
                    .title = "Segments by row lock waits",
                    .measure = "per_s",
                    .unit = "/s",
                    .rows = 3},
                   {.rule = "concurrency",
                    .order = 11,
                    .backs = [](std::string_view e) { return e.find("allocate itl") != std::string_view::npos; },
                    .list = "segments_itl_waits",
                    .title = "Segments by ITL waits",
                    .measure = "per_s",
                    .unit = "/s",
                    .rows = 3},
                   {.rule = "concurrency",
                    .order = 12,
                    .backs = is_buffer_busy,
                    .list = "segments_buffer_busy_waits",
                    .title = "Segments by buffer busy waits",
                    .measure = "per_s",
                    .unit = "/s",
                    .rows = 3},
                   {.rule = "concurrency",
                    .order = 13,
                    .backs = is_buffer_busy,
                    .list = "segments_gc_buffer_busy",
                    .title = "Segments by gc buffer busy",
                    .measure = "per_s",
                    .unit = "/s",
                    .rows = 3}}};
}

// The findings the rows of a section compared by its binding stand behind (section_fields.hpp declares the
// rest of it).
struct BoundEvidence {
  SectionReader section;
  EvidenceDef evidence;
};
const std::vector<BoundEvidence>& bound_evidence() {
  static const std::vector<BoundEvidence> k_evidence = {
      {SectionReader::latches,
       {.rule = "concurrency",
        .order = 20,
        .backs = [](std::string_view e) { return e.starts_with("latch: "); },
        .per_event = true,
        .picks = [](std::string_view e, const TableView& v,
                    const CompareRow& r) { return lower(v.text(r, "name")) == e.substr(7); },
        .title = "Latch Activity",
        .measure = "wait_aas",
        .unit = "AAS",
        .rows = 1}},
      {SectionReader::latches,
       {.rule = "concurrency",
        .order = 20,
        .backs = [](std::string_view e) { return e == "latch free"; },
        .per_event = true,
        .title = "Latch Activity",
        .measure = "wait_aas",
        .unit = "AAS",
        .rows = 2}},
      {SectionReader::mutex_sleeps,
       {.rule = "concurrency",
        .order = 30,
        .backs = [](std::string_view e) { return e.find("mutex") != std::string_view::npos || e.starts_with("cursor: "); },
        .title = "Mutex Sleep Summary",
        .measure = "wait_aas",
        .unit = "AAS",
        .rows = 2}},
      {SectionReader::enqueues,
       {.rule = "concurrency",
        .order = 40,
        .backs = [](std::string_view e) { return e.starts_with("enq: ") && e.size() > 7; },
        .per_event = true,
        .picks =
            [](std::string_view e, const TableView& v, const CompareRow& r) {
              return lower(v.text(r, "name")).starts_with(std::string(e.substr(5, 2)) + "-");  // "enq: TX - ..." -> "tx-"
            },
        .title = "Enqueue Activity",
        .measure = "wait_aas",
        .unit = "AAS",
        .rows = 1}},
  };
  return k_evidence;
}

// A bound measure's unit and decimals, from its field's catalog unit and how it is compared: a count per second
// "/s", a time per second "AAS"; as printed, a percentage "%" (2 decimals), seconds "s" and counts (none), ms.
std::string_view compared_unit(Unit u, CompareAs how) {
  if (how == CompareAs::per_second) return u == Unit::seconds || u == Unit::millis ? "AAS" : "/s";
  return u == Unit::percent ? "%" : u == Unit::seconds ? "s" : u == Unit::millis ? "ms" : "";
}
int compared_precision(Unit u, CompareAs how) {
  if (how == CompareAs::per_second) return -1;
  return u == Unit::percent ? 2 : u == Unit::seconds || u == Unit::count ? 0 : -1;
}

// The SectionDef of a section compared by its binding, from its declaration (BoundSection<R>): its rows read by
// read_bound, each measure from the field it names.
template <SectionReader R>
SectionDef bound_section_def() {
  using B = BoundSection<R>;
  using RowType = BoundRow<R>;
  const ComparedSection& c = B::compared;
  SectionDef d{.key = B::key,
               .title = c.title,
               .name_header = c.name_header,
               .family = c.family,
               .top_n = c.top_n,
               .text_rows = c.text_rows,
               .read = read_bound<B::list>,
               .note = c.note,
               .gate = c.gate,
               .gate_floor = c.gate_floor,
               .quiet = c.quiet,
               .quiet_floor = c.quiet_floor};
  for (const ComparedMeasure& m : B::measures) {
    const auto& f = RowBinding<RowType>::fields[field_index<RowType>(m.field)];
    const Unit u = column_spec(f.column).unit;
    if (m.ranks) d.change_on.push_back(static_cast<int>(d.measures.size()));
    d.measures.push_back({.key = m.key,
                          .header = m.header,
                          .unit = compared_unit(u, m.how),
                          .precision = compared_precision(u, m.how),
                          .field = m.field,
                          .how = m.how == CompareAs::as_printed ? How::as_printed
                                 : u == Unit::millis            ? How::ms_per_second
                                                                : How::per_second});
  }
  for (const auto& e : bound_evidence())
    if (e.section == R) d.evidence.push_back(e.evidence);
  return d;
}

// The sections compared by their binding, in the order of k_bound_sections.
std::vector<SectionDef> bound_sections() {
  std::vector<SectionDef> out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto add = [&]<SectionReader R>() {
      if constexpr (compared_by_binding<R>) out.push_back(bound_section_def<R>());
    };
    (add.template operator()<k_bound_sections[I]>(), ...);
  }
  (std::make_index_sequence<std::size(k_bound_sections)>{});
  return out;
}

// init.ora, the wait event histograms, Operating System Statistics, the RAC global cache and the memory areas.
std::vector<SectionDef> later_sections() {
  return {
      {.key = "init_ora",
       .title = "init.ora Parameters",
       .name_header = "Parameter",
       .ranked = false,
       .text_rows = 20,
       .compare = compare_parameters},
      {.key = "wait_histogram",
       .title = "Wait Event Histogram",
       .name_header = "Event",
       .measures = {{"waits_s", "Waits/s", "/s", -1},
                    {"pct_1ms", "% < 1 ms", "%", 1},
                    {"pct_8ms", "% < 8 ms", "%", 1},
                    {"pct_32ms", "% < 32 ms", "%", 1}},
       .change_on = {1, 2, 3},
       .family = "histogram.pct_fast",
       .read = read_histograms,
       .note = "The share of each event's waits under 1, 8 and 32 ms; the change is the largest shift, in points. An "
               "event with under 0.1 waits per second in both periods is not assessed.",
       .gate = 0,
       .gate_floor = 0.1,
       .evidence = {{.rule = "commit_latency", .order = 50, .title = "Wait Event Histogram", .quote = histograms_of_commits},
                    {.rule = "io_latency", .order = 50, .title = "Wait Event Histogram", .quote = histograms_of_events}}},
      {.key = "os_stats",
       .title = "Operating System Statistics",
       .name_header = "Statistic",
       .leading = {{"Unit", ColumnRole::label}},
       .measures = {{"per_s", "per Second", "", -1}, {"value", "Value", "", -1}},
       .change_on = {0, 1},
       .family = "os_stat.value",
       .read = read_os_stats,
       .note = "Times (CPU s/s: seconds of CPU per second) and paged bytes are per second; the rest are values at "
               "the end of the period."},
      {.key = "global_cache",
       .title = "Global Cache (RAC)",
       .name_header = "Statistic",
       .leading = {"Section"},
       .measures = {{"per_s", "per Second", "", -1},
                    {.key = "per_txn", .header = "per Trans", .priority = column_priority::machine},
                    {"value", "Value", "", -1}},
       .change_on = {0, 2},
       .family = "global_cache.value",
       .read = read_global_cache},
      {.key = "cache_sizes",
       .title = "Cache Sizes",
       .name_header = "Area",
       .measures = {{"begin_mb", "Begin (MB)", "MB", -1}, {"end_mb", "End (MB)", "MB", -1}},
       .change_on = {1},
       .family = "memory.mb",
       .ranked = false,
       .text_rows = 0,
       .read = read_memory},
  };
}

}  // namespace

// In the reports' order: the sections compared by their binding after the Segments by ... lists.
const std::vector<SectionDef>& sections() {
  static const std::vector<SectionDef> k_sections = [] {
    std::vector<SectionDef> out;
    for (const auto& part :
         {activity_sections(), io_sections(), std::vector<SectionDef>{segments_section()}, bound_sections(), later_sections()})
      out.insert(out.end(), part.begin(), part.end());
    return out;
  }();
  return k_sections;
}

}  // namespace awrdiff::detail::section_engine
