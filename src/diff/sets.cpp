// Sets of reports: merging a set into one snapshot, per-report metric values, and the comparison
// of two sets with a significance test per metric (see include/awrdiff/diff.hpp).
#include <awrdiff/catalog.hpp>
#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/time.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/stats.hpp>

#include "diff/charts.hpp"
#include "diff/facts.hpp"
#include "diff/sections.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

namespace awrdiff {
namespace {

using detail::lower;

OptDouble sum_all(const std::vector<OptDouble>& v) {
  double s = 0;
  for (const auto& x : v) {
    if (!x) return std::nullopt;
    s += *x;
  }
  return s;
}

// A member's figures for an event: the foreground one (the top list and Foreground Wait Events, as
// Snapshot::foreground_event reconciles them), or its Background Wait Events row.
const WaitEvent* find_event(const Snapshot& s, std::string_view name, bool background) {
  return background ? s.background_event(name) : s.foreground_event(name);
}

// What merging left out, for the notes of the comparison's tables (compare_sets).
struct MergeNotes {
  std::map<std::string, std::vector<std::string>> table;  // CompareTable key (typed) or "generic|section|title"
  std::vector<std::string> generic_left_out;  // titles of generic tables not merged, with the reason
  std::set<std::pair<std::string, std::string>> generic_left_out_keys;  // (section, title)
};

// The most an event missing from a member's lists can have taken there: Foreground Wait Events lists every
// foreground event with time, so an event it leaves out is under its smallest time (usually 0 s, within its
// rounding); a top list alone bounds it by its last (smallest) time. Empty when the member has neither list.
OptDouble absent_event_bound(const Snapshot& s, bool background) {
  OptDouble floor;
  auto take = [&](const std::vector<WaitEvent>& list) {
    for (const auto& e : list)
      if (!e.is_idle && !e.is_cpu && e.time_s) floor = floor ? std::min(*floor, *e.time_s) : *e.time_s;
  };
  if (background) take(s.background_events);
  else if (!s.foreground_events.empty()) take(s.foreground_events);
  else take(s.top_events);
  return floor;
}

// Events of the members: times and waits summed, averages recomputed. An event a member does not list is
// at most that list's smallest time there (absent_event_bound): the set's figure takes that bound for the
// member, never drops the row (a library cache lock storm's 28% of DB time in one member and missing from
// another's top list is still the set's largest wait). Its waits are summed only where each member left
// out is bounded by a full list (its time within the rounding of 0); the bounds used are noted.
std::vector<WaitEvent> merge_events(const std::vector<Snapshot>& m, bool background, double db_time_s, MergeNotes* notes) {
  std::vector<std::string> names;
  for (const auto& s : m)
    for (const auto* list : background ? std::vector{&s.background_events} : std::vector{&s.top_events, &s.foreground_events})
      for (const auto& e : *list) {
        if (e.is_idle) continue;
        auto n = e.is_cpu ? std::string("db cpu") : lower(e.name);
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
      }
  std::vector<WaitEvent> out;
  std::vector<std::string> bounded;
  for (const auto& n : names) {
    std::vector<const WaitEvent*> found;
    for (const auto& s : m) found.push_back(find_event(s, n, background));
    const WaitEvent* any = nullptr;
    for (const auto* f : found)
      if (f != nullptr && any == nullptr) any = f;
    if (any == nullptr) continue;
    WaitEvent e = *any;
    OptDouble time = 0.0, waits = 0.0;
    double bound_s = 0;
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < m.size(); ++i) {
      const auto* f = found[i];
      if (f != nullptr) {
        time = time && f->time_s ? OptDouble(*time + *f->time_s) : std::nullopt;
        waits = waits && f->waits ? OptDouble(*waits + *f->waits) : std::nullopt;
        if (e.wait_class.empty()) e.wait_class = f->wait_class;
        continue;
      }
      const OptDouble b = e.is_cpu ? std::nullopt : absent_event_bound(m[i], background);
      if (!b) {  // a member with no list of events says nothing of it: unknown for the set
        time.reset();
        break;
      }
      if (time) *time += *b;
      bound_s += *b;
      // A full list's floor is within its rounding of 0 s; a top list's last row is not: the waits are unknown.
      const bool full = background || !m[i].foreground_events.empty();
      if (!full || *b >= 0.5) waits.reset();
      missing.push_back(detail::report_label(m[i].source));
    }
    if (!time) continue;
    for (std::size_t i = 0; i < m.size() && e.wait_class.empty() && !background; ++i)
      e.wait_class = detail::event_wait_class(m[i], n);
    e.time_s = time;
    e.waits = e.is_cpu ? std::nullopt : waits;
    e.avg_wait_ms = e.time_s && e.waits && *e.waits > 0 ? OptDouble(*e.time_s / *e.waits * 1000) : std::nullopt;
    e.pct_db_time = e.time_s && db_time_s > 0 && !background ? OptDouble(*e.time_s / db_time_s * 100) : std::nullopt;
    if (!missing.empty() && bound_s > 0)
      bounded.push_back(fmt::format("{} (not listed by {}: at most {} s there)", e.name, fmt::join(missing, ", "),
                                    detail::grouped(bound_s, bound_s >= 10 ? 0 : 1)));
    out.push_back(std::move(e));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const WaitEvent& a, const WaitEvent& b) { return a.time_s.value_or(0) > b.time_s.value_or(0); });
  if (notes != nullptr && !bounded.empty()) {
    constexpr std::size_t k_named = 3;
    const std::size_t named = std::min(bounded.size(), k_named);
    notes->table[background ? "background_events" : "top_events"].push_back(
        fmt::format("An event a report of the set does not list is at most its list's smallest time there, and is summed at that "
                    "bound (the set's figure is at most this): {}{}.",
                    fmt::join(bounded.begin(), bounded.begin() + static_cast<std::ptrdiff_t>(named), "; "),
                    bounded.size() > named ? fmt::format(" and {} more", bounded.size() - named) : std::string()));
  }
  return out;
}

// Wait class tables list every class with time: a class missing from a member's table is 0 there.
std::vector<WaitClassRow> merge_classes(const std::vector<Snapshot>& m, std::vector<WaitClassRow> Snapshot::*list,
                                        double db_time_s) {
  for (const auto& s : m)
    if ((s.*list).empty()) return {};
  std::vector<WaitClassRow> out;
  for (const auto& s : m)
    for (const auto& w : s.*list) {
      auto it = std::find_if(out.begin(), out.end(), [&](const WaitClassRow& r) { return r.name == w.name; });
      if (it == out.end()) {
        out.push_back({w.name, 0.0, 0.0, std::nullopt, std::nullopt});
        it = out.end() - 1;
      }
      if (it->waits && w.waits) *it->waits += *w.waits;
      else it->waits.reset();
      if (it->time_s && w.time_s) *it->time_s += *w.time_s;
      else it->time_s.reset();
    }
  for (auto& w : out) {
    w.avg_wait_ms = w.time_s && w.waits && *w.waits > 0 ? OptDouble(*w.time_s / *w.waits * 1000) : std::nullopt;
    w.pct_db_time = w.time_s && db_time_s > 0 ? OptDouble(*w.time_s / db_time_s * 100) : std::nullopt;
  }
  return out;
}

// ---- the other report sections ------------------------------------------------------------------
//
// Each section merged as a DBA reads a longer period: totals summed over the members, rates over the summed
// elapsed, averages and percentages recomputed from the summed counts they are averages of (a latch's misses,
// an enqueue's wait time over its waits), and nothing else: a figure a report gives no parts of (IOStat's
// small read average, a RAC efficiency percentage) is absent for the set. An item some member does not list
// is unknown for the set, never zero: it is left out, and a top-N list keeps only the items whose summed figure
// is known to rank above anything it left out, so that a row missing from the merged list is below its last
// value there, as in one report.

// The members in time order, and each one's elapsed (empty when a member has none).
struct Members {
  const std::vector<Snapshot>& m;
  std::vector<std::size_t> order;  // indexes of m by begin snap (else as given)
  std::vector<OptDouble> elapsed;
  double total_elapsed = 0;  // 0 when any member has no elapsed
  OptDouble tps;  // the merged transactions per second (Load Profile)
  MergeNotes* notes = nullptr;
  std::size_t earliest() const { return order.front(); }
  std::size_t latest() const { return order.back(); }
  void note(const std::string& table, std::string text) const {
    if (notes != nullptr) notes->table[table].push_back(std::move(text));
  }
};

template <class T>
using Found = std::vector<const T*>;  // one row per member, aligned with the members

// Every member gives it: the sum.
template <class T>
OptDouble sum_of(const Found<T>& f, OptDouble T::*field) {
  double s = 0;
  for (const T* x : f) {
    if (!(x->*field)) return std::nullopt;
    s += *(x->*field);
  }
  return s;
}

// A rate per second of each member, over the summed elapsed: sum of rate x elapsed / summed elapsed.
template <class T>
OptDouble rate_of(const Found<T>& f, OptDouble T::*field, const Members& mm) {
  if (mm.total_elapsed <= 0) return std::nullopt;
  double s = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (!(f[i]->*field)) return std::nullopt;
    s += *(f[i]->*field) * *mm.elapsed[i];
  }
  return s / mm.total_elapsed;
}

// An average (or a percentage) of each member over its count: recomputed from the parts, sum of average x
// count / summed count. Empty when a member lacks either or nothing was counted.
template <class T>
OptDouble weighted_of(const Found<T>& f, OptDouble T::*average, OptDouble T::*count) {
  double num = 0, den = 0;
  for (const T* x : f) {
    if (!(x->*average) || !(x->*count)) return std::nullopt;
    num += *(x->*average) * *(x->*count);
    den += *(x->*count);
  }
  return den > 0 ? OptDouble(num / den) : std::nullopt;
}

template <class T>
OptDouble max_of(const Found<T>& f, OptDouble T::*field) {
  OptDouble out;
  for (const T* x : f) {
    if (!(x->*field)) return std::nullopt;
    out = out ? std::max(*out, *(x->*field)) : *(x->*field);
  }
  return out;
}

// The same text in every member, else empty.
template <class T>
std::string same_text(const Found<T>& f, std::string T::*field) {
  for (const T* x : f)
    if (x->*field != f.front()->*field) return {};
  return f.front()->*field;
}

// The items of a section every member lists (by key, first occurrence in each), in the order of the members'
// lists; `left_out` counts the items some member does not list.
template <class T, class Key>
std::vector<Found<T>> in_every(const Members& mm, const std::vector<T> Snapshot::*list, Key key, std::size_t* left_out) {
  std::vector<std::map<std::string, const T*>> by_key(mm.m.size());
  std::vector<std::string> keys;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < mm.m.size(); ++i)
    for (const auto& x : mm.m[i].*list) {
      auto k = key(x);
      by_key[i].try_emplace(k, &x);
      if (seen.insert(k).second) keys.push_back(std::move(k));
    }
  std::vector<Found<T>> out;
  for (const auto& k : keys) {
    Found<T> f;
    for (const auto& b : by_key) {
      const auto it = b.find(k);
      if (it == b.end()) break;
      f.push_back(it->second);
    }
    if (f.size() == mm.m.size()) out.push_back(std::move(f));
    else if (left_out != nullptr) ++*left_out;
  }
  return out;
}

std::string side_words(std::size_t n) { return fmt::format("{} item{}", n, n == 1 ? "" : "s"); }

// A section whose rows are all the items with a figure (not a top-N list): the rows every member lists, merged.
template <class T, class Key, class Merge>
std::vector<T> merge_rows(const Members& mm, const std::vector<T> Snapshot::*list, Key key, Merge merge, const char* table) {
  std::size_t left_out = 0;
  std::vector<T> out;
  for (const auto& f : in_every(mm, list, key, &left_out))
    if (auto x = merge(f)) out.push_back(std::move(*x));
  if (left_out > 0)
    mm.note(table, fmt::format("{} listed by only some of the set's reports: unknown for the set (left out, not zero).",
                               side_words(left_out)));
  return out;
}

// A top-N list (or several, by `group`): an item every member lists is summed; one that some member does not
// list is at most that member's last value there, so its sum is at most the values it has plus those last
// values. The merged list keeps the summed items that rank at or above the most any item it leaves out could
// reach: then an item missing from it is below its last value, as in one report. `measure` is a row's figure over
// its member's whole period (a count, or a rate times the member's elapsed); `merge` sums a found item.
template <class T, class Key, class Group, class Measure, class Merge>
std::vector<T> merge_top(const Members& mm, const std::vector<T> Snapshot::*list, Key key, Group group, Measure measure,
                         Merge merge, const char* table) {
  std::vector<std::string> groups;
  for (const auto& s : mm.m)
    for (const auto& x : s.*list)
      if (std::find(groups.begin(), groups.end(), group(x)) == groups.end()) groups.push_back(group(x));
  std::vector<T> out;
  std::size_t left_out = 0, below = 0;
  for (const auto& g : groups) {
    // Each member's last (smallest) value of the list; a member without the list says nothing of its items.
    std::vector<OptDouble> floors(mm.m.size());
    std::vector<std::map<std::string, const T*>> by_key(mm.m.size());
    std::vector<std::string> keys;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < mm.m.size(); ++i)
      for (const auto& x : mm.m[i].*list) {
        if (group(x) != g) continue;
        const auto k = key(x);
        if (!by_key[i].try_emplace(k, &x).second) continue;
        if (seen.insert(k).second) keys.push_back(k);
        if (const auto v = measure(x, i)) floors[i] = floors[i] ? std::min(*floors[i], *v) : *v;
      }
    if (std::any_of(floors.begin(), floors.end(), [](const OptDouble& f) { return !f; })) {
      left_out += keys.size();
      continue;
    }
    double reach = 0;  // the most an item left out could reach: at least an item no member lists
    for (const auto& f : floors) reach += *f;
    std::vector<std::pair<double, T>> kept;
    for (const auto& k : keys) {
      Found<T> f;
      double known = 0, bound = 0;
      bool all = true;
      for (std::size_t i = 0; i < mm.m.size(); ++i) {
        const auto it = by_key[i].find(k);
        const OptDouble v = it != by_key[i].end() ? measure(*it->second, i) : std::nullopt;
        if (it == by_key[i].end() || !v) {
          all = false;
          bound += *floors[i];
        } else {
          f.push_back(it->second);
          known += *v;
          bound += *v;
        }
      }
      if (all) {
        if (auto x = merge(f)) kept.emplace_back(known, std::move(*x));
        continue;
      }
      reach = std::max(reach, bound);
      ++left_out;
    }
    std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [v, x] : kept) {
      if (v < reach * (1 - 1e-9)) {
        ++below;
        continue;
      }
      out.push_back(std::move(x));
    }
  }
  if (left_out + below > 0)
    mm.note(table,
            fmt::format("Merged as a top list: an item in every report's list is summed; {} in only some of the lists "
                        "{} unknown for the set, not shown there{}.",
                        side_words(left_out), left_out == 1 ? "is" : "are",
                        below == 0 ? std::string()
                                   : fmt::format(", and {} summed below what {} could reach {} left out too", side_words(below),
                                                 left_out == 1 ? "it" : "they", below == 1 ? "is" : "are")));
  return out;
}

void merge_sections(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
  const std::size_t first = mm.earliest(), last = mm.latest();

  // Instance Activity Stats: totals summed (a member printing only per Second: its rate x its elapsed), per Second
  // and per Trans over the set; Absolute Values from the earliest begin and the latest end; Thread Activity's per
  // Hour weighted by elapsed.
  out.activity = merge_rows(
      mm, &Snapshot::activity, [](const ActivityStat& a) { return a.name; },
      [&](const Found<ActivityStat>& f) -> std::optional<ActivityStat> {
        ActivityStat a;
        a.name = f.front()->name;
        a.raw_name = f.front()->raw_name;
        std::vector<OptDouble> totals;
        for (std::size_t i = 0; i < f.size(); ++i) {
          a.key = a.key || f[i]->key;
          totals.push_back(f[i]->total                         ? f[i]->total
                           : f[i]->per_second && mm.elapsed[i] ? OptDouble(*f[i]->per_second * *mm.elapsed[i])
                                                               : std::nullopt);
        }
        a.total = sum_all(totals);
        if (a.total && mm.total_elapsed > 0) a.per_second = *a.total / mm.total_elapsed;
        if (a.per_second && mm.tps && *mm.tps > 0) a.per_trans = *a.per_second / *mm.tps;
        a.begin_value = f[first]->begin_value;
        a.end_value = f[last]->end_value;
        a.per_hour = rate_of(f, &ActivityStat::per_hour, mm);
        if (!a.total && !a.begin_value && !a.end_value && !a.per_hour) return std::nullopt;
        return a;
      },
      "instance_activity");

  // IOStat: data and counts summed, rates over the set, the average wait over the summed waits. The by Filetype
  // small and large read averages are over reads the report does not count: absent for a set.
  auto iostat = [&](const Found<IoStatRow>& f) -> std::optional<IoStatRow> {
    IoStatRow r;
    r.name = f.front()->name;
    r.raw_name = f.front()->raw_name;
    r.reads_data_bytes = sum_of(f, &IoStatRow::reads_data_bytes);
    r.writes_data_bytes = sum_of(f, &IoStatRow::writes_data_bytes);
    r.waits_count = sum_of(f, &IoStatRow::waits_count);
    r.reads_requests_per_s = rate_of(f, &IoStatRow::reads_requests_per_s, mm);
    r.writes_requests_per_s = rate_of(f, &IoStatRow::writes_requests_per_s, mm);
    r.reads_data_per_s_bytes = rate_of(f, &IoStatRow::reads_data_per_s_bytes, mm);
    r.writes_data_per_s_bytes = rate_of(f, &IoStatRow::writes_data_per_s_bytes, mm);
    r.avg_time_ms = weighted_of(f, &IoStatRow::avg_time_ms, &IoStatRow::waits_count);
    return r;
  };
  auto by_name = [](const IoStatRow& r) { return r.name; };
  out.iostat_function = merge_rows(mm, &Snapshot::iostat_function, by_name, iostat, "iostat_function");
  out.iostat_filetype = merge_rows(mm, &Snapshot::iostat_filetype, by_name, iostat, "iostat_filetype");
  if (std::any_of(m.begin(), m.end(), [](const Snapshot& s) {
        return std::any_of(s.iostat_filetype.begin(), s.iostat_filetype.end(),
                           [](const IoStatRow& r) { return r.small_read_ms || r.large_read_ms; });
      }))
    mm.note("iostat_filetype",
            "Small and large read averages are not merged: the report does not count small and large reads, so a set "
            "has none.");

  // Cache Sizes: the earliest begin and the latest end; a fixed size when every member prints the same.
  auto same = [&](OptDouble CacheSizes::*f) -> OptDouble {
    for (const auto& s : m)
      if (!(s.cache_sizes.*f) || *(s.cache_sizes.*f) != *(m.front().cache_sizes.*f)) return std::nullopt;
    return m.front().cache_sizes.*f;
  };
  out.cache_sizes.buffer_cache_begin_bytes = m[first].cache_sizes.buffer_cache_begin_bytes;
  out.cache_sizes.buffer_cache_end_bytes = m[last].cache_sizes.buffer_cache_end_bytes;
  out.cache_sizes.shared_pool_begin_bytes = m[first].cache_sizes.shared_pool_begin_bytes;
  out.cache_sizes.shared_pool_end_bytes = m[last].cache_sizes.shared_pool_end_bytes;
  out.cache_sizes.in_memory_area_begin_bytes = m[first].cache_sizes.in_memory_area_begin_bytes;
  out.cache_sizes.in_memory_area_end_bytes = m[last].cache_sizes.in_memory_area_end_bytes;
  out.cache_sizes.std_block_size_bytes = same(&CacheSizes::std_block_size_bytes);
  out.cache_sizes.log_buffer_bytes = same(&CacheSizes::log_buffer_bytes);

  // Tablespace and File IO Stats: reads, writes and buffer waits summed, their rates over the set, the average
  // read (and blocks per read) over the summed reads, the average buffer wait over the summed waits. Merged as
  // top lists ranked by reads and writes, as the comparison ranks them.
  auto io = [&](const Found<TablespaceIo>& f) -> std::optional<TablespaceIo> {
    TablespaceIo t;
    t.tablespace = f.front()->tablespace;
    t.filename = f.front()->filename;
    t.reads = sum_of(f, &TablespaceIo::reads);
    t.writes = sum_of(f, &TablespaceIo::writes);
    t.buffer_waits = sum_of(f, &TablespaceIo::buffer_waits);
    t.reads_per_s = rate_of(f, &TablespaceIo::reads_per_s, mm);
    t.writes_per_s = rate_of(f, &TablespaceIo::writes_per_s, mm);
    t.avg_read_ms = weighted_of(f, &TablespaceIo::avg_read_ms, &TablespaceIo::reads);
    t.blocks_per_read = weighted_of(f, &TablespaceIo::blocks_per_read, &TablespaceIo::reads);
    t.avg_buffer_wait_ms = weighted_of(f, &TablespaceIo::avg_buffer_wait_ms, &TablespaceIo::buffer_waits);
    return t;
  };
  auto io_measure = [&](const TablespaceIo& t, std::size_t i) -> OptDouble {
    if ((!t.reads_per_s && !t.writes_per_s) || !mm.elapsed[i]) return std::nullopt;
    return (t.reads_per_s.value_or(0) + t.writes_per_s.value_or(0)) * *mm.elapsed[i];
  };
  auto one_group = [](const TablespaceIo&) { return std::string(); };
  if (mm.total_elapsed > 0) {
    out.tablespace_io = merge_top(
        mm, &Snapshot::tablespace_io, [](const TablespaceIo& t) { return lower(t.tablespace); }, one_group, io_measure, io,
        "tablespace_io");
    out.file_io = merge_top(
        mm, &Snapshot::file_io, [](const TablespaceIo& t) { return lower(t.tablespace + " " + t.filename); }, one_group,
        io_measure, io, "file_io");
  }

  // Segments: each "Segments by ..." list merged as a top list; %Total of the summed values over the summed
  // totals each member's %Total implies (value / %Total x 100).
  {
    std::map<std::pair<std::size_t, std::string>, double> list_total;  // (member, list) -> the statistic's total
    for (std::size_t i = 0; i < m.size(); ++i)
      for (const auto& g : m[i].segments)
        if (g.value && g.pct_total && *g.pct_total > 0 && !list_total.contains({i, g.list}))
          list_total[{i, g.list}] = *g.value / *g.pct_total * 100;
    std::map<const SegmentStat*, std::size_t> member_of;
    for (std::size_t i = 0; i < m.size(); ++i)
      for (const auto& g : m[i].segments) member_of[&g] = i;
    out.segments = merge_top(
        mm, &Snapshot::segments, [](const SegmentStat& g) { return lower(g.owner + "." + g.object + "." + g.subobject); },
        [](const SegmentStat& g) { return g.list; }, [](const SegmentStat& g, std::size_t) { return g.value; },
        [&](const Found<SegmentStat>& f) -> std::optional<SegmentStat> {
          SegmentStat g = *f.front();
          g.value = sum_of(f, &SegmentStat::value);
          g.pct_total.reset();
          double total = 0;
          bool all = g.value.has_value();
          for (const auto* x : f) {
            const auto it = list_total.find({member_of.at(x), x->list});
            if (it == list_total.end()) all = false;
            else total += it->second;
          }
          if (all && total > 0) g.pct_total = *g.value / total * 100;
          return g;
        },
        "segments");
  }

  // Latches: gets, misses, sleeps and wait time summed; the miss percentages over the summed gets.
  out.latches = merge_rows(
      mm, &Snapshot::latches, [](const LatchStat& l) { return l.name; },
      [&](const Found<LatchStat>& f) -> std::optional<LatchStat> {
        LatchStat l;
        l.name = f.front()->name;
        l.get_requests = sum_of(f, &LatchStat::get_requests);
        l.pct_get_miss = weighted_of(f, &LatchStat::pct_get_miss, &LatchStat::get_requests);
        l.nowait_requests = sum_of(f, &LatchStat::nowait_requests);
        l.pct_nowait_miss = weighted_of(f, &LatchStat::pct_nowait_miss, &LatchStat::nowait_requests);
        l.wait_time_s = sum_of(f, &LatchStat::wait_time_s);
        l.misses = sum_of(f, &LatchStat::misses);
        l.sleeps = sum_of(f, &LatchStat::sleeps);
        l.spin_gets = sum_of(f, &LatchStat::spin_gets);
        if (l.sleeps && l.misses && *l.misses > 0) l.avg_sleeps_per_miss = *l.sleeps / *l.misses;
        else l.avg_sleeps_per_miss = weighted_of(f, &LatchStat::avg_sleeps_per_miss, &LatchStat::misses);
        return l;
      },
      "latches");

  out.mutex_sleeps = merge_rows(
      mm, &Snapshot::mutex_sleeps, [](const MutexSleep& x) { return x.mutex_type + " / " + x.location; },
      [&](const Found<MutexSleep>& f) -> std::optional<MutexSleep> {
        return MutexSleep{f.front()->mutex_type, f.front()->location, sum_of(f, &MutexSleep::sleeps),
                          sum_of(f, &MutexSleep::wait_time_ms)};
      },
      "mutex_sleeps");

  // Enqueues: counts and wait time summed; the average wait is the summed wait time over the summed waits.
  out.enqueues = merge_rows(
      mm, &Snapshot::enqueues, [](const EnqueueStat& e) { return e.name; },
      [&](const Found<EnqueueStat>& f) -> std::optional<EnqueueStat> {
        EnqueueStat e;
        e.name = f.front()->name;
        e.requests = sum_of(f, &EnqueueStat::requests);
        e.succ_gets = sum_of(f, &EnqueueStat::succ_gets);
        e.failed_gets = sum_of(f, &EnqueueStat::failed_gets);
        e.waits = sum_of(f, &EnqueueStat::waits);
        e.wait_time_s = sum_of(f, &EnqueueStat::wait_time_s);
        if (e.wait_time_s && e.waits && *e.waits > 0) e.avg_wait_ms = *e.wait_time_s / *e.waits * 1000;
        return e;
      },
      "enqueues");

  out.library_cache = merge_rows(
      mm, &Snapshot::library_cache, [](const LibraryCacheStat& l) { return l.name; },
      [&](const Found<LibraryCacheStat>& f) -> std::optional<LibraryCacheStat> {
        LibraryCacheStat l;
        l.name = f.front()->name;
        l.get_requests = sum_of(f, &LibraryCacheStat::get_requests);
        l.pct_get_miss = weighted_of(f, &LibraryCacheStat::pct_get_miss, &LibraryCacheStat::get_requests);
        l.pin_requests = sum_of(f, &LibraryCacheStat::pin_requests);
        l.pct_pin_miss = weighted_of(f, &LibraryCacheStat::pct_pin_miss, &LibraryCacheStat::pin_requests);
        l.reloads = sum_of(f, &LibraryCacheStat::reloads);
        l.invalidations = sum_of(f, &LibraryCacheStat::invalidations);
        return l;
      },
      "library_cache");

  out.dictionary_cache = merge_rows(
      mm, &Snapshot::dictionary_cache, [](const DictionaryCacheStat& d) { return d.name; },
      [&](const Found<DictionaryCacheStat>& f) -> std::optional<DictionaryCacheStat> {
        DictionaryCacheStat d;
        d.name = f.front()->name;
        d.get_requests = sum_of(f, &DictionaryCacheStat::get_requests);
        d.pct_miss = weighted_of(f, &DictionaryCacheStat::pct_miss, &DictionaryCacheStat::get_requests);
        d.scan_requests = sum_of(f, &DictionaryCacheStat::scan_requests);
        d.mod_requests = sum_of(f, &DictionaryCacheStat::mod_requests);
        d.final_usage = f[last]->final_usage;  // a level at the end of the period
        return d;
      },
      "dictionary_cache");

  // Undo: blocks and transactions summed, the longest query and the highest concurrency of any member; the tuned
  // retention and snapshot-too-old counts as printed when every member prints the same.
  out.undo = merge_rows(
      mm, &Snapshot::undo, [](const UndoSummary& u) { return u.undo_tablespace; },
      [&](const Found<UndoSummary>& f) -> std::optional<UndoSummary> {
        return UndoSummary{f.front()->undo_tablespace,
                           sum_of(f, &UndoSummary::undo_blocks),
                           sum_of(f, &UndoSummary::transactions),
                           max_of(f, &UndoSummary::max_query_length_s),
                           max_of(f, &UndoSummary::max_tx_concurrency),
                           same_text(f, &UndoSummary::tuned_retention),
                           same_text(f, &UndoSummary::sto_oos)};
      },
      "undo");

  // Wait event histograms: waits summed; each bucket's share of the waits recomputed over the summed waits (a
  // share times the event's waits is a count). The event's waits in a member are its largest Total Waits over the
  // histogram variants (each variant's shares are of all the event's waits).
  {
    std::vector<std::map<std::string, double>> event_waits(m.size());
    for (std::size_t i = 0; i < m.size(); ++i)
      for (const auto& h : m[i].wait_histograms)
        if (h.total_waits) {
          auto& w = event_waits[i][lower(h.event)];
          w = std::max(w, *h.total_waits);
        }
    std::map<const WaitHistogramRow*, std::size_t> member_of;
    for (std::size_t i = 0; i < m.size(); ++i)
      for (const auto& h : m[i].wait_histograms) member_of[&h] = i;
    out.wait_histograms = merge_rows(
        mm, &Snapshot::wait_histograms, [](const WaitHistogramRow& h) { return h.section + "|" + lower(h.event); },
        [&](const Found<WaitHistogramRow>& f) -> std::optional<WaitHistogramRow> {
          WaitHistogramRow h;
          h.section = f.front()->section;
          h.event = f.front()->event;
          h.raw_name = f.front()->raw_name;
          h.total_waits = sum_of(f, &WaitHistogramRow::total_waits);
          std::vector<double> weights;
          for (const auto* x : f) {
            const auto& w = event_waits[member_of.at(x)];
            const auto it = w.find(lower(x->event));
            if (it == w.end()) return std::nullopt;
            weights.push_back(it->second);
            if (x->buckets.size() != f.front()->buckets.size()) return std::nullopt;
            for (std::size_t k = 0; k < x->buckets.size(); ++k)
              if (x->buckets[k].label != f.front()->buckets[k].label) return std::nullopt;
          }
          double all = 0;
          for (double w : weights) all += w;
          if (all <= 0) return std::nullopt;
          for (std::size_t k = 0; k < f.front()->buckets.size(); ++k) {
            HistogramBucket b{f.front()->buckets[k].label, std::nullopt};
            double share = 0;
            bool any = false;
            for (std::size_t i = 0; i < f.size(); ++i) {
              const auto& p = f[i]->buckets[k].pct;  // a blank cell: no waits in that bucket
              any = any || p.has_value();
              share += p.value_or(0) * weights[i];
            }
            if (any) b.pct = share / all;
            h.buckets.push_back(std::move(b));
          }
          return h;
        },
        "wait_histogram");
  }

  // Operating System Statistics: times and paged bytes (counted over the period) summed; the levels (CPUs,
  // memory, load) at the earliest begin and the latest end.
  out.os_stats = merge_rows(
      mm, &Snapshot::os_stats, [](const OsStat& o) { return o.name; },
      [&](const Found<OsStat>& f) -> std::optional<OsStat> {
        OsStat o;
        o.name = f.front()->name;
        const bool counted = o.name.ends_with("_TIME") || (o.name.starts_with("VM_") && o.name.ends_with("_BYTES"));
        if (counted) {
          o.value = sum_of(f, &OsStat::value);
        } else {
          o.value = f[first]->value;
          o.end_value = f[last]->end_value ? f[last]->end_value : f[last]->value;
        }
        return o;
      },
      "os_stats");

  // RAC global cache: the Load Profile's rates over the set; the efficiency, workload and messaging values
  // (percentages and averages of each report) are not merged.
  out.global_cache = merge_rows(
      mm, &Snapshot::global_cache, [](const GlobalCacheStat& g) { return g.section + "|" + g.name; },
      [&](const Found<GlobalCacheStat>& f) -> std::optional<GlobalCacheStat> {
        GlobalCacheStat g{f.front()->section, f.front()->name, std::nullopt, rate_of(f, &GlobalCacheStat::per_second, mm),
                          std::nullopt};
        if (!g.per_second) return std::nullopt;
        if (mm.tps && *mm.tps > 0) g.per_transaction = *g.per_second / *mm.tps;
        return g;
      },
      "global_cache");
  if (std::any_of(m.begin(), m.end(), [](const Snapshot& s) {
        return std::any_of(s.global_cache.begin(), s.global_cache.end(), [](const GlobalCacheStat& g) { return g.value; });
      }))
    mm.note("global_cache",
            "Global Cache Efficiency, Workload and Messaging figures (percentages and averages of each report) are not "
            "merged for a set: only the Global Cache Load Profile's rates are.");

  // init.ora: a parameter set to one value in every member keeps it; one whose value differs between the members
  // (or that some member does not list: at its default there) reads "varies: ..." with each value, in time order.
  if (std::none_of(m.begin(), m.end(), [](const Snapshot& s) { return s.parameters.empty(); })) {
    auto pkey = [](const Parameter& p) { return lower(p.pdb.empty() ? p.name : p.pdb + ":" + p.name); };
    std::vector<std::string> keys;
    std::map<std::string, std::vector<const Parameter*>> per;  // key -> one per member (time order), null: default
    for (std::size_t oi = 0; oi < mm.order.size(); ++oi)
      for (const auto& p : m[mm.order[oi]].parameters) {
        auto [it, fresh] = per.try_emplace(pkey(p), std::vector<const Parameter*>(m.size(), nullptr));
        if (fresh) keys.push_back(pkey(p));
        if (it->second[oi] == nullptr) it->second[oi] = &p;
      }
    std::size_t varies = 0;
    for (const auto& k : keys) {
      const auto& v = per.at(k);
      const Parameter* any = *std::find_if(v.begin(), v.end(), [](const Parameter* p) { return p != nullptr; });
      std::vector<std::string> values;
      auto add = [&](const std::string& x) {
        if (std::find(values.begin(), values.end(), x) == values.end()) values.push_back(x);
      };
      for (const auto* p : v) {
        if (p == nullptr) {
          add("(default)");
          continue;
        }
        add(p->begin_value);
        if (p->changed()) add(p->end_value);
      }
      Parameter p;
      p.name = any->name;
      p.pdb = any->pdb;
      p.is_default = any->is_default;
      for (const auto* x : v)
        if (x == nullptr || x->is_default != any->is_default) p.is_default.reset();
      if (values.size() == 1) {
        p.begin_value = values.front();
      } else {
        ++varies;
        p.begin_value = "varies: ";
        for (std::size_t i = 0; i < values.size(); ++i) p.begin_value += (i == 0 ? "" : " | ") + values[i];
      }
      out.parameters.push_back(std::move(p));
    }
    if (varies > 0)
      mm.note("init_ora", fmt::format("{} parameter{} differ{} between the reports of a set: 'varies' gives each value, in "
                                      "time order ((default): not listed by a report, so at its default there).",
                                      varies, varies == 1 ? "" : "s", varies == 1 ? "s" : ""));
  } else if (std::any_of(m.begin(), m.end(), [](const Snapshot& s) { return !s.parameters.empty(); })) {
    mm.note("init_ora", "A report of the set has no init.ora section: the set's parameters are unknown.");
  }
}

// The decimals a cell is printed with ("549.38": 2, "1,234": 0); -1 with a multiplier or a unit ("12.3K").
int printed_decimals(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  if (text.empty() || text.find_first_not_of("0123456789.,-+") != std::string_view::npos) return -1;
  const auto dot = text.find('.');
  return dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

// Generic tables: merged by row only where every measure kept is a total (summed) or a rate per second
// (weighted by elapsed), as compare_generic reads its columns (detail::generic_column_merges). Averages,
// percentages, histogram buckets and levels are left out of a set's table (the table does not give their parts);
// a table with nothing left to merge, or not in every member with the same columns, is left out whole.
void merge_generic(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
  std::map<std::pair<std::string, std::string>, int> uses;
  auto left_out = [&](const GenericTable& g, const std::string& why) {
    const std::string title = g.title.empty() ? g.section : g.title;
    if (mm.notes != nullptr && mm.notes->generic_left_out_keys.emplace(g.section, g.title).second)
      mm.notes->generic_left_out.push_back(fmt::format("{} ({})", title, why));
  };
  for (const auto& g : m.front().other_tables) {
    const auto n = uses[{g.section, g.title}]++;
    if (!g.known) continue;  // an unknown section is not compared
    auto kinds = detail::generic_column_merges(g);
    if (kinds.empty()) continue;  // moments of the period: not compared between periods
    // The same table in every member: same section, title and occurrence, same columns.
    std::vector<const GenericTable*> f{&g};
    for (std::size_t i = 1; i < m.size(); ++i) {
      int k = 0;
      const GenericTable* found = nullptr;
      for (const auto& x : m[i].other_tables)
        if (x.section == g.section && x.title == g.title && k++ == n) {
          found = &x;
          break;
        }
      if (found == nullptr) break;
      f.push_back(found);
    }
    if (f.size() != m.size()) {
      left_out(g, "not in every report of the set");
      continue;
    }
    if (std::any_of(f.begin(), f.end(), [&](const GenericTable* x) { return x->headers != g.headers || x->units != g.units; })) {
      left_out(g, "its columns differ between the reports of the set");
      continue;
    }
    // A column merges only when every member reads it the same way.
    for (std::size_t i = 1; i < f.size(); ++i) {
      const auto other = detail::generic_column_merges(*f[i]);
      for (std::size_t c = 0; c < kinds.size(); ++c)
        if (c >= other.size() || other[c].merge != kinds[c].merge) kinds[c].merge = detail::GenericMerge::other;
    }
    std::vector<std::size_t> names, measures;
    std::vector<std::string> dropped;
    for (std::size_t c = 0; c < kinds.size() && c < g.headers.size(); ++c) {
      const auto k = kinds[c].merge;
      if (k == detail::GenericMerge::name) names.push_back(c);
      else if (k == detail::GenericMerge::total || (k == detail::GenericMerge::per_second && mm.total_elapsed > 0))
        measures.push_back(c);
      else dropped.push_back(g.headers[c].empty() ? fmt::format("column {}", c + 1) : g.headers[c]);
    }
    const bool one_row = std::all_of(f.begin(), f.end(), [](const GenericTable* x) { return x->rows.size() == 1; });
    if (measures.empty()) {
      left_out(g, "no column is a total or a rate per second");
      continue;
    }
    if (names.empty() && !one_row) {
      left_out(g, "no column names its rows");
      continue;
    }
    // Rows by the text of their name columns (and their rank among rows so named).
    auto row_keys = [&](const GenericTable& t) {
      std::map<std::string, const std::vector<std::string>*> out_rows;
      std::map<std::string, int> seen;
      std::vector<std::string> order;
      for (const auto& r : t.rows) {
        std::string k;
        for (auto c : names) k += (c < r.size() ? r[c] : std::string()) + "\x1f";
        k += std::to_string(seen[k]++);
        out_rows.emplace(k, &r);
        order.push_back(k);
      }
      return std::pair{out_rows, order};
    };
    std::vector<std::map<std::string, const std::vector<std::string>*>> rows;
    std::vector<std::string> order;
    for (const auto* t : f) {
      auto [r, o] = row_keys(*t);
      if (order.empty()) order = o;
      rows.push_back(std::move(r));
    }
    GenericTable merged;
    merged.section = g.section;
    merged.title = g.title;
    merged.known = g.known;
    merged.line = g.line;
    std::vector<std::size_t> kept = names;
    kept.insert(kept.end(), measures.begin(), measures.end());
    std::sort(kept.begin(), kept.end());
    for (auto c : kept) {
      merged.headers.push_back(g.headers[c]);
      merged.columns.push_back(c < g.columns.size() ? g.columns[c] : std::string("unknown"));
      merged.units.push_back(g.units[c]);
    }
    std::size_t some = 0;
    for (const auto& k : order) {
      std::vector<const std::vector<std::string>*> found;
      for (const auto& r : rows) {
        const auto it = r.find(k);
        if (it == r.end()) break;
        found.push_back(it->second);
      }
      if (found.size() != m.size()) {
        ++some;
        continue;
      }
      std::vector<std::string> cells;
      for (auto c : kept) {
        const auto kind = kinds[c].merge;
        if (kind == detail::GenericMerge::name) {
          cells.push_back(c < found.front()->size() ? (*found.front())[c] : std::string());
          continue;
        }
        double sum = 0;
        int decimals = 0;
        bool ok = true;
        for (std::size_t i = 0; i < found.size() && ok; ++i) {
          const std::string text = c < found[i]->size() ? (*found[i])[c] : std::string();
          const auto v = parse_cell(text, kinds[c].unit);
          if (v.status != CellStatus::ok || !v.value) ok = false;
          else sum += kind == detail::GenericMerge::per_second ? *v.value * *mm.elapsed[i] : *v.value;
          const int d = printed_decimals(text);
          decimals = decimals < 0 || d < 0 ? -1 : std::max(decimals, d);
        }
        if (!ok) {
          cells.emplace_back();
          continue;
        }
        if (kind == detail::GenericMerge::per_second) sum /= mm.total_elapsed;
        const double a = std::fabs(sum);
        if (decimals < 0) decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
        cells.push_back(fmt::format("{:.{}f}", sum, std::min(decimals, 3)));
      }
      merged.rows.push_back(std::move(cells));
    }
    const std::string note_key = "generic|" + g.section + "|" + g.title;
    if (!dropped.empty()) {
      std::string cols;
      for (std::size_t i = 0; i < dropped.size(); ++i) cols += (i == 0 ? "" : ", ") + dropped[i];
      mm.note(note_key, fmt::format("Left out for a set: {} (an average, a percentage or a level of each report, which "
                                    "the table gives no parts of); totals summed, rates per second over the summed "
                                    "elapsed.",
                                    cols));
    }
    if (some > 0)
      mm.note(note_key, fmt::format("{} listed by only some of the set's reports: unknown for the set (left out, not zero).",
                                    side_words(some)));
    out.other_tables.push_back(std::move(merged));
  }
}

// Generic tables of other members that the first does not hold: not in every report, left out.
void note_generic_left_out(const Members& mm) {
  if (mm.notes == nullptr) return;
  const auto& m = mm.m;
  for (std::size_t i = 1; i < m.size(); ++i)
    for (const auto& x : m[i].other_tables) {
      if (!x.known || detail::generic_column_merges(x).empty()) continue;
      const bool in_first = std::any_of(m.front().other_tables.begin(), m.front().other_tables.end(),
                                        [&](const GenericTable& g) { return g.section == x.section && g.title == x.title; });
      if (!in_first && mm.notes->generic_left_out_keys.emplace(x.section, x.title).second)
        mm.notes->generic_left_out.push_back(
            fmt::format("{} (not in every report of the set)", x.title.empty() ? x.section : x.title));
    }
}

// merge_snapshots, recording in `notes` (when given) what it left out.
Snapshot merge_set(const std::vector<Snapshot>& m, MergeNotes* notes) {
  if (m.empty()) throw Error("", "an empty set of reports");
  if (m.size() == 1) return m.front();
  Snapshot out;
  const Snapshot& first = m.front();
  const Snapshot& last = m.back();
  for (const auto& s : m) out.source += (out.source.empty() ? "" : ", ") + s.source;
  out.members = static_cast<int>(m.size());
  out.kind = first.kind;
  out.format = first.format;
  out.database = first.database;
  // The set's span: from its earliest member to its latest, by snap id (members may be given in any order).
  const bool by_snap =
      std::all_of(m.begin(), m.end(), [](const Snapshot& s) { return s.interval.begin_snap && s.interval.end_snap; });
  const Snapshot& earliest = by_snap ? *std::min_element(m.begin(), m.end(),
                                                         [](const Snapshot& a, const Snapshot& b) {
                                                           return *a.interval.begin_snap < *b.interval.begin_snap;
                                                         })
                                     : first;
  const Snapshot& latest =
      by_snap
          ? *std::max_element(m.begin(), m.end(),
                              [](const Snapshot& a, const Snapshot& b) { return *a.interval.end_snap < *b.interval.end_snap; })
          : last;
  out.interval.begin_snap = earliest.interval.begin_snap;
  out.interval.end_snap = latest.interval.end_snap;
  out.interval.begin_time = earliest.interval.begin_time;
  out.interval.end_time = latest.interval.end_time;
  out.interval.begin_sessions = earliest.interval.begin_sessions;
  out.interval.end_sessions = latest.interval.end_sessions;
  std::vector<OptDouble> el, db, cpu;
  for (const auto& s : m) {
    el.push_back(s.interval.elapsed_s);
    db.push_back(s.db_time_s());
  }
  out.interval.elapsed_s = sum_all(el);
  out.interval.db_time_s = sum_all(db);
  const double elapsed = out.interval.elapsed_s.value_or(0);
  const double db_time = out.interval.db_time_s.value_or(0);

  // Load Profile: per-second rates weighted by elapsed, for rows every member has.
  for (const auto& r : first.load_profile) {
    double weighted = 0;
    bool all = elapsed > 0;
    for (const auto& s : m) {
      const auto* x = s.load_profile_row(r.key);
      if (x == nullptr || !x->per_second || !s.interval.elapsed_s) {
        all = false;
        break;
      }
      weighted += *x->per_second * *s.interval.elapsed_s;
    }
    if (!all) continue;
    LoadProfileRow row{r.key, r.label, weighted / elapsed, std::nullopt, std::nullopt, std::nullopt};
    out.load_profile.push_back(std::move(row));
  }
  if (const auto* tps = out.load_profile_row("transactions"); tps != nullptr && tps->per_second && *tps->per_second > 0) {
    const double t = *tps->per_second;
    for (auto& r : out.load_profile) r.per_transaction = *r.per_second / t;
  }

  out.top_events = merge_events(m, false, db_time, notes);
  out.background_events = merge_events(m, true, db_time, notes);
  out.wait_classes = merge_classes(m, &Snapshot::wait_classes, db_time);
  out.foreground_wait_classes = merge_classes(m, &Snapshot::foreground_wait_classes, db_time);

  // Host CPU: utilisation weighted by elapsed; load average from the first and last reports.
  auto weighted = [&](OptDouble HostCpu::*f) -> OptDouble {
    double w = 0;
    for (const auto& s : m) {
      if (!(s.host_cpu.*f) || !s.interval.elapsed_s) return std::nullopt;
      w += *(s.host_cpu.*f) * *s.interval.elapsed_s;
    }
    return elapsed > 0 ? OptDouble(w / elapsed) : std::nullopt;
  };
  out.host_cpu.pct_user = weighted(&HostCpu::pct_user);
  out.host_cpu.pct_system = weighted(&HostCpu::pct_system);
  out.host_cpu.pct_wio = weighted(&HostCpu::pct_wio);
  out.host_cpu.pct_idle = weighted(&HostCpu::pct_idle);
  out.host_cpu.load_average_begin = earliest.host_cpu.load_average_begin;
  out.host_cpu.load_average_end = latest.host_cpu.load_average_end;

  // Time model: statistics every member has, summed.
  for (const auto& r : first.time_model) {
    std::vector<OptDouble> t;
    for (const auto& s : m) {
      const auto* x = s.time_model_row(r.name);
      t.push_back(x != nullptr ? x->time_s : std::nullopt);
    }
    auto total = sum_all(t);
    if (!total) continue;
    out.time_model.push_back({r.name, total, r.pct_db_time && db_time > 0 ? OptDouble(*total / db_time * 100) : std::nullopt});
  }

  // SQL: statements listed in every member, figures summed; the cut-off is the sum of the members'.
  out.has_sql_sections = std::all_of(m.begin(), m.end(), [](const Snapshot& s) { return s.has_sql_sections; });
  std::vector<OptDouble> cut;
  for (const auto& s : m) cut.push_back(s.sql_elapsed_cutoff_s);
  out.sql_elapsed_cutoff_s = sum_all(cut);
  for (const auto& q : first.sql) {
    std::vector<const SqlStat*> found;
    for (const auto& s : m) {
      auto it = std::find_if(s.sql.begin(), s.sql.end(), [&](const SqlStat& x) { return x.sql_id == q.sql_id; });
      found.push_back(it != s.sql.end() ? &*it : nullptr);
    }
    if (std::any_of(found.begin(), found.end(), [](const SqlStat* x) { return x == nullptr; })) continue;
    SqlStat merged = q;
    auto sum_field = [&](OptDouble SqlStat::*f) {
      std::vector<OptDouble> v;
      for (const auto* x : found) v.push_back(x->*f);
      merged.*f = sum_all(v);
    };
    for (auto f : {&SqlStat::elapsed_s, &SqlStat::cpu_s, &SqlStat::user_io_s, &SqlStat::executions, &SqlStat::buffer_gets,
                   &SqlStat::physical_reads, &SqlStat::parse_calls, &SqlStat::rows_processed})
      sum_field(f);
    merged.pct_db_time = merged.elapsed_s && db_time > 0 ? OptDouble(*merged.elapsed_s / db_time * 100) : std::nullopt;
    for (const auto* x : found) {
      merged.text_complete = merged.text_complete || x->text_complete;
      if (x->text_complete) merged.text = x->text;
    }
    if (!merged.elapsed_s) continue;
    out.sql.push_back(std::move(merged));
  }
  // A statement listed in some members only is unknown for the set, but its text still counts: literal
  // SQL is a new sql_id per value, so in a set its ids are in one member each. Kept with no figures.
  for (const auto& s : m)
    for (const auto& q : s.sql) {
      if (q.text.empty()) continue;
      if (std::any_of(out.sql.begin(), out.sql.end(), [&](const SqlStat& x) { return x.sql_id == q.sql_id; })) continue;
      SqlStat partial;
      partial.sql_id = q.sql_id;
      partial.id_kind = q.id_kind;
      partial.module = q.module;
      partial.pdb_name = q.pdb_name;
      partial.text = q.text;
      partial.text_complete = q.text_complete;
      out.sql.push_back(std::move(partial));
    }
  std::stable_sort(out.sql.begin(), out.sql.end(),
                   [](const SqlStat& a, const SqlStat& b) { return a.elapsed_s.value_or(0) > b.elapsed_s.value_or(0); });

  // The other sections, each member in time order with its elapsed.
  Members mm{m, {}, {}, 0, std::nullopt, notes};
  for (std::size_t i = 0; i < m.size(); ++i) mm.order.push_back(i);
  if (by_snap)
    std::stable_sort(mm.order.begin(), mm.order.end(),
                     [&](std::size_t a, std::size_t b) { return *m[a].interval.begin_snap < *m[b].interval.begin_snap; });
  for (const auto& s : m) mm.elapsed.push_back(s.interval.elapsed_s);
  if (std::all_of(mm.elapsed.begin(), mm.elapsed.end(), [](const OptDouble& e) { return e && *e > 0; }))
    mm.total_elapsed = elapsed;
  if (const auto* tps = out.load_profile_row("transactions")) mm.tps = tps->per_second;
  merge_sections(out, mm);
  merge_generic(out, mm);
  note_generic_left_out(mm);

  for (const auto& s : m) {
    out.truncated = out.truncated || s.truncated;
    for (auto d : s.diagnostics) {
      if (d.file.empty()) d.file = s.source;  // each keeps the file of the report it came from
      out.diagnostics.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace

Snapshot merge_snapshots(const std::vector<Snapshot>& m) { return merge_set(m, nullptr); }

namespace {

struct Tested {
  std::string key, label, unit;
  SampleSummary base, target;
  TestResult test;
  Assessment assessment;
};

// One metric of every report of both sets, read through the registry (metric_value), tested, and
// its medians assessed against the registry's floors for that key (a family instance: its family's).
Tested test_metric(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target, const std::string& key,
                   const std::string& label, const std::string& unit) {
  std::vector<double> b, t;
  for (const auto& s : base)
    if (auto v = metric_value(s, key)) b.push_back(*v);
  for (const auto& s : target)
    if (auto v = metric_value(s, key)) t.push_back(*v);
  Tested r{key, label, unit, summarize(b), summarize(t), {}, {}};
  if (b.size() != base.size() || t.size() != target.size()) {
    r.test.reason = "not in every report of the sets";
    return r;
  }
  r.test = compare_samples(b, t);
  r.assessment = assess(key, r.base.median, r.target.median);
  return r;
}

// A single report compared with a merged set: its generic tables keep the columns the set's merged table kept,
// and lose the tables the set left out.
void restrict_generic(Snapshot& single, const Snapshot& merged, const MergeNotes& notes) {
  std::erase_if(single.other_tables, [&](const GenericTable& g) {
    return notes.generic_left_out_keys.contains({g.section, g.title});
  });
  for (auto& g : single.other_tables) {
    const auto it = std::find_if(merged.other_tables.begin(), merged.other_tables.end(),
                                 [&](const GenericTable& x) { return x.section == g.section && x.title == g.title; });
    if (it == merged.other_tables.end() || it->headers == g.headers) continue;
    std::vector<std::size_t> keep;
    for (std::size_t c = 0; c < g.headers.size(); ++c)
      if (std::find(it->headers.begin(), it->headers.end(), g.headers[c]) != it->headers.end()) keep.push_back(c);
    auto pick = [&](const std::vector<std::string>& v) {
      std::vector<std::string> out;
      for (auto c : keep)
        if (c < v.size()) out.push_back(v[c]);
      return out;
    };
    g.headers = pick(g.headers);
    g.columns = pick(g.columns);
    g.units = pick(g.units);
    for (auto& r : g.rows) r = pick(r);
  }
}

// What each set's merge left out, under the section table it concerns: one note when both sets say the same.
void add_merge_notes(Comparison& c, const MergeNotes& base, const MergeNotes& target) {
  auto table_of = [&](const std::string& key) -> CompareTable* {
    for (auto& t : c.tables) {
      if (t.key == key && (key == "top_events" || key == "background_events")) return &t;  // summary tables
      if (t.group != "sections") continue;
      if (!key.starts_with("generic|")) {
        if (t.key == key) return &t;
        continue;
      }
      const auto bar = key.find('|', 8);
      const std::string section = key.substr(8, bar - 8), title = key.substr(bar + 1);
      if (t.key.starts_with(section) && (t.title == title || (title.empty() && t.key == section))) return &t;
    }
    return nullptr;
  };
  std::set<std::string> keys;
  for (const auto* n : {&base, &target})
    for (const auto& [k, v] : n->table) keys.insert(k);
  for (const auto& k : keys) {
    CompareTable* t = table_of(k);
    if (t == nullptr) continue;
    const auto b = base.table.find(k), g = target.table.find(k);
    const std::vector<std::string> none;
    const auto& bn = b != base.table.end() ? b->second : none;
    const auto& tn = g != target.table.end() ? g->second : none;
    if (bn == tn) {
      for (const auto& n : bn) t->notes.push_back("Each set: " + n);
      continue;
    }
    for (const auto& n : bn) t->notes.push_back("Base set: " + n);
    for (const auto& n : tn) t->notes.push_back("Target set: " + n);
  }
}

// The Periods rows of a set say what they are: how many reports, each one's snaps (or the range they lie in), the
// time from the first begin to the last end, and the elapsed summed over the reports against that span.
void describe_set_periods(Comparison& c, const std::vector<Snapshot>& base, const std::vector<Snapshot>& target) {
  auto table = std::find_if(c.tables.begin(), c.tables.end(), [](const CompareTable& t) { return t.key == "periods"; });
  if (table == c.tables.end()) return;
  auto column = [&](const char* key) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < table->columns.size(); ++i)
      if (table->columns[i].key == key) return i;
    return std::nullopt;
  };
  for (const auto& [set, key] : {std::pair{&base, "base"}, std::pair{&target, "target"}}) {
    const auto col = column(key);
    if (!col || set->size() < 2) continue;
    std::vector<const Snapshot*> members;
    for (const auto& s : *set) members.push_back(&s);
    const bool by_snap = std::all_of(members.begin(), members.end(),
                                     [](const Snapshot* s) { return s->interval.begin_snap && s->interval.end_snap; });
    if (by_snap)
      std::stable_sort(members.begin(), members.end(),
                       [](const Snapshot* a, const Snapshot* b) { return *a->interval.begin_snap < *b->interval.begin_snap; });
    auto id = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : std::string("?"); };
    std::string snaps = fmt::format("{} reports: ", members.size());
    if (members.size() <= 6) {
      for (std::size_t i = 0; i < members.size(); ++i)
        snaps +=
            fmt::format("{}{} - {}", i == 0 ? "" : ", ", id(members[i]->interval.begin_snap), id(members[i]->interval.end_snap));
    } else {
      snaps += fmt::format("within {} - {}", id(members.front()->interval.begin_snap), id(members.back()->interval.end_snap));
    }
    const Snapshot& first = *members.front();
    const Snapshot& last = by_snap ? **std::max_element(members.begin(), members.end(),
                                                        [](const Snapshot* a, const Snapshot* b) {
                                                          return *a->interval.end_snap < *b->interval.end_snap;
                                                        })
                                   : *members.back();
    const auto from = iso_epoch(iso_time(first.interval.begin_time)), to = iso_epoch(iso_time(last.interval.end_time));
    OptDouble elapsed = 0.0;
    for (const auto* s : members)
      elapsed = elapsed && s->interval.elapsed_s ? OptDouble(*elapsed + *s->interval.elapsed_s) : std::nullopt;
    for (auto& r : table->rows) {
      const auto* label = std::get_if<std::string>(&r.cells.front());
      if (label == nullptr || *col >= r.cells.size()) continue;
      if (*label == "Snaps") {
        r.cells[*col] = snaps;
      } else if (*label == "Begin / end time") {
        r.cells[*col] = fmt::format("first begins {}, last ends {}", first.interval.begin_time, last.interval.end_time);
      } else if (*label == "Elapsed (min)" && elapsed) {
        std::string text = fmt::format("{:.2f} summed over {} reports", *elapsed / 60, members.size());
        if (from && to && *to > *from)
          text += fmt::format(", of {} from the first begin to the last end",
                              detail::grouped(static_cast<double>(*to - *from) / 60.0, 0));
        r.cells[*col] = text;
      }
    }
  }
}

// An inconclusive verdict lists the findings that are significant on their own: it says which way they go, so
// that a list of improvements under a rise in DB time (or the reverse) reads as what it is.
std::string inconclusive_findings(const std::vector<Finding>& findings) {
  std::vector<std::string> worse, better, other;
  for (const auto& f : findings) {
    const std::string what = f.cause.empty() ? f.rule : f.cause;
    (f.direction == ChangeKind::worse ? worse : f.direction == ChangeKind::better ? better : other).push_back(what);
  }
  if (worse.empty() && better.empty() && other.empty()) return ". No finding is significant across the sets";
  auto list = [](const std::vector<std::string>& v, const char* word) {
    if (v.empty()) return std::string();
    std::string s = fmt::format("{} {} (", v.size(), word);
    for (std::size_t i = 0; i < v.size() && i < 3; ++i) s += (i == 0 ? "" : ", ") + v[i];
    return s + (v.size() > 3 ? ", ...)" : ")");
  };
  std::string parts;
  for (const auto& p : {list(worse, "worse"), list(better, "better"), list(other, "changed")})
    if (!p.empty()) parts += (parts.empty() ? "" : ", ") + p;
  return ". The findings below are significant on their own, DB time aside: " + parts;
}

}  // namespace

Comparison compare_sets(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target, const CompareOptions& options) {
  if (base.empty()) throw Error("", "no base reports");
  if (target.empty()) throw Error("", "no target reports");
  if (base.size() == 1 && target.size() == 1) return compare(base.front(), target.front(), options);
  MergeNotes base_notes, target_notes;
  Snapshot mb = merge_set(base, &base_notes), mt = merge_set(target, &target_notes);
  // A set against one report: the report's generic tables keep what the set's merged ones keep, so that a
  // column or a table a set cannot merge does not read as gone from it.
  if (base.size() == 1) restrict_generic(mb, mt, target_notes);
  if (target.size() == 1) restrict_generic(mt, mb, base_notes);
  Comparison c = compare(mb, mt, options);
  add_merge_notes(c, base_notes, target_notes);
  describe_set_periods(c, base, target);

  // A set mixing databases has no meaning as one period: not comparable, the reason first.
  std::vector<std::string> mixed;
  auto same_db = [&](const std::vector<Snapshot>& set, const char* which) {
    for (const auto& s : set)
      if (s.database.dbid && set.front().database.dbid && *s.database.dbid != *set.front().database.dbid) {
        mixed.push_back(fmt::format("the {} set mixes databases: {} is DB Id {}, {} is {}", which, detail::report_label(s.source),
                                    *s.database.dbid, detail::report_label(set.front().source), *set.front().database.dbid));
        return;
      }
  };
  same_db(base, "base");
  same_db(target, "target");
  if (!mixed.empty()) {
    c.warnings.insert(c.warnings.begin(), mixed.begin(), mixed.end());
    c.verdict = Verdict::not_comparable;
    c.headline = "Not comparable: " + mixed.front() +
                 "; a set of two databases is no one period, so no cause, finding or assessment is drawn from the "
                 "difference (the merged figures are side by side below)";
    detail::withhold_judgements(c, "a set mixes databases");
    c.db_time_change_pct.reset();
    return c;
  }
  // The same period twice (a file given twice, or two reports whose snapshot ranges overlap) counts
  // its time twice and makes a set look more consistent than it is.
  auto name = [](const Snapshot& x) { return detail::report_label(x.source); };
  auto snaps = [](const Snapshot& x) { return fmt::format("snaps {}-{}", *x.interval.begin_snap, *x.interval.end_snap); };
  for (const auto* set : {&base, &target}) {
    const char* which = set == &base ? "base" : "target";
    for (std::size_t i = 0; i < set->size(); ++i)
      for (std::size_t j = i + 1; j < set->size(); ++j) {
        const auto &x = (*set)[i], &y = (*set)[j];
        if (x.source == y.source || detail::same_period(x, y))
          c.warnings.push_back(
              fmt::format("the {} set has the same period twice ({} and {}): it counts twice", which, name(x), name(y)));
        else if (detail::periods_overlap(x, y))
          c.warnings.push_back(fmt::format("the {} set's {} ({}) and {} ({}) overlap: their common time counts twice", which,
                                           name(x), snaps(x), name(y), snaps(y)));
      }
  }
  for (const auto& b : base)
    for (const auto& t : target)
      if (b.source == t.source) c.warnings.push_back(fmt::format("{} is in both sets", name(b)));
      else if (detail::periods_overlap(b, t))
        c.warnings.push_back(fmt::format("base {} ({}) and target {} ({}) overlap", name(b), snaps(b), name(t), snaps(t)));
  for (const auto* set : {&base, &target})
    for (const auto& s : *set)
      for (auto& w : detail::plausibility_warnings(s)) c.warnings.push_back(std::move(w));

  // Metrics to test: DB time and its parts, the main Load Profile rates, and every finding's metrics.
  std::vector<std::tuple<std::string, std::string, std::string>> metrics = {
      {"db_time_per_s", "DB time per second", "AAS"},
      {"db_cpu_per_s", "DB CPU per second", "AAS"},
      {"outside_per_s", "Outside DB CPU and waits per second", "AAS"},
      {"host_cpu_busy_pct", "Host CPU busy", "%"},
  };
  for (const char* k : {"transactions", "executes", "user_calls", "hard_parses", "logical_reads", "physical_reads", "redo_size"})
    if (const auto* r = mt.load_profile_row(k)) metrics.emplace_back(std::string("load_profile.") + k, r->label, "/s");
  for (const auto& w : mt.foreground_wait_classes.empty() ? mt.wait_classes : mt.foreground_wait_classes)
    if (w.name != "DB CPU" && w.name != "Idle")
      metrics.emplace_back("wait_class:" + w.name + ":time_per_s", w.name + " waits per second", "AAS");
  for (const auto& f : c.findings)
    for (const auto& m : f.metrics)
      if (std::none_of(metrics.begin(), metrics.end(), [&](const auto& x) { return std::get<0>(x) == m.key; }))
        metrics.emplace_back(m.key, m.label, m.unit);

  std::map<std::string, Tested> results;
  CompareTable t;
  t.key = "sets";
  t.title = fmt::format("Sets: {} base and {} target reports, centre, spread and significance", base.size(), target.size());
  // The effect size is for machines (the p-value and the verdict say it for people): the first a narrow terminal
  // leaves out.
  t.columns = {{"metric", "Metric", "", ColumnKind::text, 0, ColumnRole::name},
               {"unit", "Unit", "", ColumnKind::text, 0, ColumnRole::label},
               {"base_median", "Base median", "", ColumnKind::number, 3, ColumnRole::measure},
               {"base_range", "Base min - max", "", ColumnKind::text, 0, ColumnRole::label},
               {"target_median", "Target median", "", ColumnKind::number, 3, ColumnRole::measure},
               {"target_range", "Target min - max", "", ColumnKind::text, 0, ColumnRole::label},
               {"test", "Test", "", ColumnKind::text, 0, ColumnRole::detail},
               {"p_value", "p", "", ColumnKind::number, 3, ColumnRole::measure},
               {"effect_size", "Effect size", "", ColumnKind::text, 0, ColumnRole::label, column_priority::machine},
               {"finding", "Material and significant", "", ColumnKind::text, 0, ColumnRole::label}};
  for (const auto& [key, label, unit] : metrics) {
    if (results.count(key) != 0) continue;
    auto r = test_metric(base, target, key, label, unit);
    const bool significant = r.test.p_value && *r.test.p_value < options.alpha;
    CompareRow row;
    auto short_num = [](double v) {  // three significant digits, no exponent
      const double a = std::fabs(v);
      return detail::grouped(v, a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
    };
    auto range = [&](const SampleSummary& s) {
      return s.n == 0 ? std::string("-") : fmt::format("{} - {}", short_num(s.min), short_num(s.max));
    };
    row.cells = {
        label,
        unit,
        r.base.n ? CompareCell(r.base.median) : CompareCell(),
        range(r.base),
        r.target.n ? CompareCell(r.target.median) : CompareCell(),
        range(r.target),
        r.test.test.empty() ? CompareCell(r.test.reason) : CompareCell(r.test.test),
        r.test.p_value ? CompareCell(*r.test.p_value) : CompareCell(),
        r.test.effect_size ? CompareCell(fmt::format("{} {:+.2f}", r.test.effect_name, *r.test.effect_size)) : CompareCell(),
        r.test.test.empty() ? CompareCell() : CompareCell(std::string(r.assessment.material() && significant ? "yes" : "no"))};
    t.rows.push_back(std::move(row));
    if (key == std::get<0>(metrics.front()) && r.base.n && r.target.n)  // DB time per second
      c.set_db_time =
          DbTimeMedians{r.base.median, r.target.median, r.test.test.empty() ? r.test.reason : r.test.test, r.test.p_value};
    results.emplace(key, std::move(r));
  }
  t.notes.push_back(
      fmt::format("A change is a finding only when it is material (metric catalog floors, on the medians) and "
                  "significant (p < {}). Mann-Whitney U with 4 or more reports per set, Welch's t with 2 or 3.",
                  options.alpha));
  t.notes.push_back(
      "The other tables compare the sets merged: totals summed, rates over the summed elapsed time, averages and "
      "percentages recomputed from the summed counts they are averages of (else left out); an item some report of a "
      "set does not list is unknown for that set (left out, never zero); a parameter whose value differs within a "
      "set reads 'varies'.");
  for (const auto* n : {&base_notes, &target_notes})
    if (!n->generic_left_out.empty()) {
      std::string list;
      for (std::size_t i = 0; i < n->generic_left_out.size(); ++i) list += (i == 0 ? "" : "; ") + n->generic_left_out[i];
      t.notes.push_back(
          fmt::format("Other report tables left out of the {} set's merge: {}.", n == &base_notes ? "base" : "target", list));
    }
  c.tables.insert(c.tables.begin() + 1, std::move(t));

  // Findings must be significant on their first metric; the verdict on DB time per second.
  auto significant = [&](const std::string& key) -> std::optional<bool> {
    auto it = results.find(key);
    if (it == results.end() || !it->second.test.p_value) return std::nullopt;
    return *it->second.test.p_value < options.alpha;
  };
  std::vector<std::string> dropped;
  std::erase_if(c.findings, [&](const Finding& f) {
    if (f.metrics.empty()) return false;
    auto s = significant(f.metrics.front().key);
    if (!s || *s) return false;
    dropped.push_back(f.title);
    return true;
  });
  for (const auto& d : dropped) c.warnings.push_back("not significant across the sets, so not a finding: " + d);
  // The headline's DB time per second is each set merged (its DB time over its summed elapsed), as in the tables;
  // the medians of the reports, which the test compares, are named as such beside it.
  // A change of DB time inside the reports' noise is no finding, whatever the merged sets say it is made of: a
  // busier-not-slower reading is a cause as much as a regression is, so it yields to inconclusive too.
  if (auto s = significant("db_time_per_s");
      s && !*s && (c.verdict == Verdict::regressed || c.verdict == Verdict::improved || c.verdict == Verdict::load_changed)) {
    const auto& r = results.at("db_time_per_s");
    c.verdict = Verdict::inconclusive;
    c.headline = fmt::format(
        "Inconclusive: DB time per second {:.2f} -> {:.2f} average active sessions with each set's reports merged "
        "({}{}%), a material change but within the noise between the reports (the reports' medians {:.2f} -> {:.2f}, {} "
        "p = {:.2f} over {} vs {} reports: not significant): the reports of each set vary too much, or there are too few "
        "of them, to tell, so no cause is established",
        c.db_time_per_s_base.value_or(0), c.db_time_per_s_target.value_or(0), c.db_time_change_pct.value_or(0) < 0 ? "-" : "+",
        detail::grouped(std::fabs(c.db_time_change_pct.value_or(0)), 0), r.base.median, r.target.median, r.test.test,
        *r.test.p_value, base.size(), target.size());
    c.headline += inconclusive_findings(c.findings);
    // The merged change's contributors are no causes of a change the sets cannot tell: the verdict names none
    // (the table of where the change comes from still gives the merged figures).
    c.contributors.clear();
  } else if (s) {
    const auto& r = results.at("db_time_per_s");
    c.headline += fmt::format(" [each set merged; the reports' medians {:.2f} -> {:.2f}, {} p = {:.3f} over {} vs {} reports]",
                              r.base.median, r.target.median, r.test.test, *r.test.p_value, base.size(), target.size());
  } else {
    c.warnings.push_back("sets too small for a significance test of DB time per second: judged on materiality only");
  }
  detail::add_set_charts(c, base, target, metrics, options.alpha);
  return c;
}

}  // namespace awrdiff
