// Snapshots merged into one (merge.hpp): the set's span and elapsed, the Load Profile, wait events and classes,
// host CPU, time model and SQL here; the other report sections in merge_sections.cpp.
#include <awrdiff/catalog.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/merge.hpp>
#include <awrdiff/metrics.hpp>

#include "merge/merging.hpp"
#include "support/text.hpp"  // lower, grouped, report_label

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace awrdiff {
namespace detail {

OptDouble sum_all(const std::vector<OptDouble>& v) {
  double s = 0;
  for (const auto& x : v) {
    if (!x) return std::nullopt;
    s += *x;
  }
  return s;
}

namespace {
bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}
}  // namespace

std::string event_wait_class(const Snapshot& s, std::string_view name) {
  for (const auto* list : {&s.top_events, &s.foreground_events})
    for (const auto& e : *list)
      if (same_name(e.name, name) && !e.wait_class.empty()) return e.wait_class;
  return "";
}

}  // namespace detail

namespace {

using detail::lower;
using detail::Members;
using detail::sum_all;

// A member's figures for an event: the foreground one (the top list and Foreground Wait Events, as
// Snapshot::foreground_event reconciles them), or its Background Wait Events row.
const WaitEvent* find_event(const Snapshot& s, std::string_view name, bool background) {
  return background ? s.background_event(name) : s.foreground_event(name);
}

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
    // Each member's average (time / waits or the printed one, the finer: event_avg_wait_ms) weighed by its waits: the
    // set's average, as the pair reads each report (308 waits of cursor: mutex X at 190.88 us print "0" s).
    OptDouble weighted = 0.0;
    double bound_s = 0;
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < m.size(); ++i) {
      const auto* f = found[i];
      if (f != nullptr) {
        const OptDouble t = event_time_s(*f), avg = event_avg_wait_ms(*f);
        time = time && t ? OptDouble(*time + *t) : std::nullopt;
        waits = waits && f->waits ? OptDouble(*waits + *f->waits) : std::nullopt;
        weighted = weighted && f->waits && avg ? OptDouble(*weighted + *avg * *f->waits) : std::nullopt;
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
    e.avg_wait_ms = weighted && e.waits && *e.waits > 0   ? OptDouble(*weighted / *e.waits)
                    : e.time_s && e.waits && *e.waits > 0 ? OptDouble(*e.time_s / *e.waits * 1000)
                                                          : std::nullopt;
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
    notes->table[detail::section_key(background ? SectionReader::background_events : SectionReader::top_events)].push_back(
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

// Load Profile: per-second rates weighted by elapsed, for rows every member has.
void merge_load_profile(Snapshot& out, const std::vector<Snapshot>& m, double elapsed) {
  const Snapshot& first = m.front();
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
}

// SQL: statements listed in every member, figures summed; the cut-off is the sum of the members'.
void merge_sql(Snapshot& out, const std::vector<Snapshot>& m, double db_time) {
  const Snapshot& first = m.front();
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

  merge_load_profile(out, m, elapsed);

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

  merge_sql(out, m, db_time);

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

Snapshot merge_snapshots(const std::vector<Snapshot>& m, MergeNotes* notes) { return merge_set(m, notes); }

}  // namespace awrdiff
