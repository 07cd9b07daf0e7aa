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
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
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

}  // namespace

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

}  // namespace awrdiff::detail::section_engine
