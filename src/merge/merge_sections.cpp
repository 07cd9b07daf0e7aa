// The report sections past the summary merged for a set of reports (merge_snapshots, merge.hpp): Instance
// Activity, IOStat, tablespace and file I/O, segments, latches, mutexes, enqueues, library and dictionary cache,
// undo, wait event histograms, Operating System Statistics, RAC global cache, init.ora and the generic tables.
#include "merge/merging.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/section_fields.hpp>

#include "merge/generic_columns.hpp"
#include "support/text.hpp"  // lower

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace awrdiff {
namespace {

using detail::lower;
using detail::Members;
using detail::section_key;
using detail::sum_all;

// ---- the other report sections ------------------------------------------------------------------
//
// Each section merged as a DBA reads a longer period: totals summed over the members, rates over the summed
// elapsed, averages and percentages recomputed from the summed counts they are averages of (a latch's misses,
// an enqueue's wait time over its waits), and nothing else: a figure a report gives no parts of (IOStat's
// small read average, a RAC efficiency percentage) is absent for the set. An item some member does not list
// is unknown for the set, never zero: it is left out, and a top-N list keeps only the items whose summed figure
// is known to rank above anything it left out, so that a row missing from the merged list is below its last
// value there, as in one report.

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
std::vector<T> merge_rows(const Members& mm, const std::vector<T> Snapshot::*list, Key key, Merge merge,
                          const std::string& table) {
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
                         Merge merge, const std::string& table) {
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

// The decimals a cell is printed with ("549.38": 2, "1,234": 0); -1 with a multiplier or a unit ("12.3K").
int printed_decimals(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  if (text.empty() || text.find_first_not_of("0123456789.,-+") != std::string_view::npos) return -1;
  const auto dot = text.find('.');
  return dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

// ---- the plain sections, merged through their binding (section_fields.hpp) -----------------------------------

// The member that field `json_key` of Row's binding fills (a measure).
template <class Row>
OptDouble Row::*measure_member(std::string_view json_key) {
  return RowBinding<Row>::fields[detail::measure_index<Row>(json_key)].number;
}

// A bound row's key: its key fields' texts joined with " / ", as the comparison matches them.
template <class Row>
std::string bound_key(const Row& r) {
  std::string k;
  bool first = true;
  for (const auto& b : RowBinding<Row>::fields)
    if (b.role == FieldRole::key) {
      k += (first ? "" : " / ") + r.*b.text;
      first = false;
    }
  return k;
}

// The rows of every member for one item, merged field by field as the binding declares (FieldBinding::merge):
// first every field read from the members, then the ratios of the merged fields.
template <class Row>
Row merge_fields(const Found<Row>& f, const Members& mm) {
  Row out{};
  for (const auto& b : RowBinding<Row>::fields) {
    if (b.text != nullptr) {
      out.*b.text = b.merge.rule == MergeRule::same_text ? same_text(f, b.text) : f.front()->*b.text;
      continue;
    }
    switch (b.merge.rule) {
      case MergeRule::automatic:
      case MergeRule::sum:
        out.*b.number = sum_of(f, b.number);
        break;
      case MergeRule::rate:
        out.*b.number = rate_of(f, b.number, mm);
        break;
      case MergeRule::weighted:
        out.*b.number = weighted_of(f, b.number, measure_member<Row>(b.merge.by));
        break;
      case MergeRule::max:
        out.*b.number = max_of(f, b.number);
        break;
      case MergeRule::last:
        out.*b.number = f[mm.latest()]->*b.number;
        break;
      case MergeRule::same_text:
      case MergeRule::ratio:
        break;
    }
  }
  for (const auto& b : RowBinding<Row>::fields) {
    if (b.number == nullptr || b.merge.rule != MergeRule::ratio) continue;
    const OptDouble of = out.*measure_member<Row>(b.merge.of), by = out.*measure_member<Row>(b.merge.by);
    if (of && by && *by > 0) out.*b.number = *of / *by * b.merge.factor;
    else if (b.merge.or_weighted) out.*b.number = weighted_of(f, b.number, measure_member<Row>(b.merge.by));
  }
  return out;
}

// A top-N list's measure of a row: its rates per second (fields merged as `rate`) summed, times the member's
// elapsed; empty when it has none of them or the member no elapsed.
template <class Row>
OptDouble top_measure(const Row& r, std::size_t member, const Members& mm) {
  OptDouble sum;
  for (const auto& b : RowBinding<Row>::fields)
    if (b.number != nullptr && b.merge.rule == MergeRule::rate && r.*b.number) sum = sum.value_or(0) + *(r.*b.number);
  if (!sum || !mm.elapsed[member]) return std::nullopt;
  return *sum * *mm.elapsed[member];
}

// A top-N list's key: its key and detail texts (those printed) joined with spaces, lower case (a text report may print a name
// in another case).
template <class Row>
std::string top_key(const Row& r) {
  std::string k;
  for (const auto& b : RowBinding<Row>::fields)
    if (b.text != nullptr && !(r.*b.text).empty()) k += (k.empty() ? "" : " ") + r.*b.text;
  return lower(k);
}

// One bound section of every member merged into `out` as its row struct declares (k_set_rows), its notes under
// the catalog key of the section `reader` fills.
template <class Row>
void merge_bound(std::vector<Row>& out, const Members& mm, const std::vector<Row> Snapshot::*list, SectionReader reader) {
  auto merge = [&](const Found<Row>& f) -> std::optional<Row> { return merge_fields(f, mm); };
  if constexpr (k_set_rows<Row> == SetRows::rows) {
    out = merge_rows(mm, list, bound_key<Row>, merge, section_key(reader));
  } else if constexpr (k_set_rows<Row> == SetRows::top_list) {
    if (mm.total_elapsed <= 0) return;
    auto measure = [&](const Row& r, std::size_t i) { return top_measure(r, i, mm); };
    out = merge_top(
        mm, list, top_key<Row>, [](const Row&) { return std::string(); }, measure, merge, section_key(reader));
  }
}

// One bound section merged as its row struct declares, when the builder reads it by its binding alone (a section
// with a reader of its own, Latch Activity, is merged where its reader's other data is).
template <SectionReader R>
void merge_bound_section(Snapshot& out, const Members& mm) {
  if constexpr (BoundSection<R>::read_by_binding) merge_bound(out.*BoundSection<R>::list, mm, BoundSection<R>::list, R);
}

// Every section the snapshot builder reads by its binding alone (k_bound_sections).
template <std::size_t... I>
void merge_bound_readers(Snapshot& out, const Members& mm, std::index_sequence<I...>) {
  (merge_bound_section<k_bound_sections[I]>(out, mm), ...);
}

// Instance Activity Stats: totals summed (a member printing only per Second: its rate x its elapsed), per Second
// and per Trans over the set; Absolute Values from the earliest begin and the latest end; Thread Activity's per
// Hour weighted by elapsed.
void merge_activity(Snapshot& out, const Members& mm) {
  const std::size_t first = mm.earliest(), last = mm.latest();
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
      section_key(SectionReader::activity));
}

// IOStat: data and counts summed, rates over the set, the average wait over the summed waits. The by Filetype
// small and large read averages are over reads the report does not count: absent for a set.
void merge_iostat(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
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
  out.iostat_function = merge_rows(mm, &Snapshot::iostat_function, by_name, iostat, section_key(SectionReader::iostat_function));
  out.iostat_filetype = merge_rows(mm, &Snapshot::iostat_filetype, by_name, iostat, section_key(SectionReader::iostat_filetype));
  if (std::any_of(m.begin(), m.end(), [](const Snapshot& s) {
        return std::any_of(s.iostat_filetype.begin(), s.iostat_filetype.end(),
                           [](const IoStatRow& r) { return r.small_read_ms || r.large_read_ms; });
      }))
    mm.note(section_key(SectionReader::iostat_filetype),
            "Small and large read averages are not merged: the report does not count small and large reads, so a set "
            "has none.");
}

// Cache Sizes: the earliest begin and the latest end; a fixed size when every member prints the same.
void merge_cache_sizes(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
  const std::size_t first = mm.earliest(), last = mm.latest();
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
}

// Segments: each "Segments by ..." list merged as a top list; %Total of the summed values over the summed
// totals each member's %Total implies (value / %Total x 100).
void merge_segments(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
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
      section_key(SectionReader::segment_list));
}

// Wait event histograms: waits summed; each bucket's share of the waits recomputed over the summed waits (a
// share times the event's waits is a count). The event's waits in a member are its largest Total Waits over the
// histogram variants (each variant's shares are of all the event's waits).
void merge_histograms(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
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
      section_key(SectionReader::wait_histogram));
}

// Operating System Statistics: times and paged bytes (counted over the period) summed; the levels (CPUs,
// memory, load) at the earliest begin and the latest end.
void merge_os_stats(Snapshot& out, const Members& mm) {
  const std::size_t first = mm.earliest(), last = mm.latest();
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
      section_key(SectionReader::os_stats));
}

// RAC global cache: the Load Profile's rates over the set; the efficiency, workload and messaging values
// (percentages and averages of each report) are not merged.
void merge_global_cache(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
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
}

// init.ora: a parameter set to one value in every member keeps it; one whose value differs between the members
// (or that some member does not list: at its default there) reads "varies: ..." with each value, in time order.
void merge_parameters(Snapshot& out, const Members& mm) {
  const auto& m = mm.m;
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
      mm.note(section_key(SectionReader::parameters),
              fmt::format("{} parameter{} differ{} between the reports of a set: 'varies' gives each value, in "
                          "time order ((default): not listed by a report, so at its default there).",
                          varies, varies == 1 ? "" : "s", varies == 1 ? "s" : ""));
  } else if (std::any_of(m.begin(), m.end(), [](const Snapshot& s) { return !s.parameters.empty(); })) {
    mm.note(section_key(SectionReader::parameters),
            "A report of the set has no init.ora section: the set's parameters are unknown.");
  }
}

}  // namespace

namespace detail {

// The catalog key of the section a reader fills (its first catalog row): the key a merge's notes go under.
std::string section_key(SectionReader reader) {
  for (const auto& s : all_sections())
    if (s.reader == reader) return std::string(s.key);
  return {};
}

void merge_sections(Snapshot& out, const Members& mm) {
  merge_activity(out, mm);
  merge_iostat(out, mm);
  merge_cache_sizes(out, mm);
  merge_bound_readers(out, mm, std::make_index_sequence<std::size(k_bound_sections)>());
  merge_bound(out.latches, mm, &Snapshot::latches, SectionReader::latches);  // bound, with a reader of its own
  merge_segments(out, mm);
  merge_histograms(out, mm);
  merge_os_stats(out, mm);
  merge_global_cache(out, mm);
  merge_parameters(out, mm);
}

namespace {

// The same generic table in every member: the n-th of its section and title in each, the first member's `g` first;
// the list stops at the first member without it.
std::vector<const GenericTable*> same_table_in_members(const std::vector<Snapshot>& m, const GenericTable& g, int n) {
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
  return f;
}

// A measure's cell of a merged generic row: the members' totals summed, or their rates per second over the summed
// elapsed, printed with the most decimals a member printed (at most 3); empty when a member's cell is no number.
std::string merged_measure(const std::vector<const std::vector<std::string>*>& found, std::size_t c,
                           const detail::GenericColumnMerge& kind, const Members& mm) {
  double sum = 0;
  int decimals = 0;
  bool ok = true;
  for (std::size_t i = 0; i < found.size() && ok; ++i) {
    const std::string text = c < found[i]->size() ? (*found[i])[c] : std::string();
    const auto v = parse_cell(text, kind.unit);
    if (v.status != CellStatus::ok || !v.value) ok = false;
    else sum += kind.merge == detail::GenericMerge::per_second ? *v.value * *mm.elapsed[i] : *v.value;
    const int d = printed_decimals(text);
    decimals = decimals < 0 || d < 0 ? -1 : std::max(decimals, d);
  }
  if (!ok) return {};
  if (kind.merge == detail::GenericMerge::per_second) sum /= mm.total_elapsed;
  const double a = std::fabs(sum);
  if (decimals < 0) decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
  return fmt::format("{:.{}f}", sum, std::min(decimals, 3));
}

}  // namespace

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
    const std::vector<const GenericTable*> f = same_table_in_members(m, g, n);
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
        cells.push_back(merged_measure(found, c, kinds[c], mm));
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

}  // namespace detail
}  // namespace awrdiff
