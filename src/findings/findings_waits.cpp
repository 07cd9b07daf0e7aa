// The findings rules of the wait events: commit latency (log file sync against log file parallel write), I/O
// latency by event and by IOStat file type, direct reads from a file-system cache, contention and Configuration waits.
// Class Rules: findings_rules.hpp; docs/findings.md.
#include "findings/findings_rules.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>

namespace awrdiff::detail::rules {

void Rules::commit_latency() {
  const Pair avg = event_avg("log file sync");
  const Pair rate = event_rate("log file sync");
  const auto a = assess("event.avg_wait_ms", avg.b, avg.t);
  if (!a.material()) return;
  const auto r = assess("event.time_per_s", rate.b, rate.t);
  const bool matters = r.material() || std::max(rate.b.value_or(0), rate.t.value_or(0)) >= k_event_matters_aas;
  if (!matters) return;
  const Pair lfpw = event_avg("log file parallel write", true);  // a background event
  const bool target_worse = *avg.t > *avg.b;
  const OptDouble worse_sync = target_worse ? avg.t : avg.b;
  const OptDouble worse_write = target_worse ? lfpw.t : lfpw.b;
  Finding f;
  f.rule = "commit_latency";
  f.direction = a.kind;
  f.impact_aas = r.delta.value_or(0);
  // Commits per second: the "user commits" statistic (exact), else the Load Profile's User commits row;
  // Transactions count rollbacks too and are only a last resort.
  auto commit_rate = [](const Snapshot& s) -> OptDouble {
    if (const auto* st = s.activity_stat("user commits"); st != nullptr) {
      if (st->total && s.interval.elapsed_s && *s.interval.elapsed_s > 0) return *st->total / *s.interval.elapsed_s;
      if (st->per_second) return st->per_second;
    }
    return metric_value(s, "load_profile.user_commits");
  };
  Pair commits{commit_rate(m_b), commit_rate(m_t)};
  const char* commit_label = "commits";
  std::string commit_key = "load_profile.user_commits";
  if (!commits.b && !commits.t) {
    commit_key = "load_profile.transactions";
    commits = value(commit_key);
    commit_label = "transactions (commits and rollbacks)";
  }
  f.title = fmt::format(
      "Commit latency: log file sync {} average{} at {} {} per hour", ms_arrow(avg.b, avg.t),
      lfpw.b || lfpw.t ? fmt::format(" (log file parallel write {})", ms_arrow(lfpw.b, lfpw.t)) : std::string(),
      arrow(commits.b ? OptDouble(*commits.b * 3600) : std::nullopt, commits.t ? OptDouble(*commits.t * 3600) : std::nullopt, 0),
      commit_label);
  f.cause = fmt::format("log file sync {}", seconds(f.impact_aas));
  const Snapshot& ws = target_worse ? m_t : m_b;
  const double busy_w = metric_value(ws, "host_cpu_busy_pct").value_or(-1);  // -1: unknown
  if (!worse_write) {
    f.evidence.push_back("no log file parallel write in the Background Wait Events: cannot tell disk from CPU/LGWR scheduling");
  } else {
    if (*worse_write >= k_slow_redo_write_ms)
      f.evidence.push_back(
          fmt::format("log file parallel write averages {} ms where commits are slow: the redo log disk itself is "
                      "slow (healthy: a few ms)",
                      num(worse_write, 1)));
    else if (assess("event.avg_wait_ms", lfpw.b, lfpw.t).material())
      f.evidence.push_back(fmt::format("log file parallel write moved with it: the redo log writes themselves got {} (storage)",
                                       *lfpw.t > *lfpw.b ? "slower" : "faster"));
    if (*worse_write > 0 && *worse_sync >= k_commit_cpu_ratio * *worse_write)
      f.evidence.push_back(fmt::format(
          "log file sync is {:.0f}x log file parallel write where it is slow: the time is lost outside the disk write, in CPU "
          "queuing or log writer scheduling (LGWR waiting for CPU, post/wait){}",
          *worse_sync / *worse_write,
          busy_w >= 0 && busy_w < 50
              ? fmt::format("; the host is only {:.0f}% busy there, so look at LGWR scheduling and, on RAC, the "
                            "commit broadcast",
                            busy_w)
              : std::string()));
    else if (*worse_write < k_slow_redo_write_ms)
      f.evidence.push_back("log file sync is close to log file parallel write: the time is the redo write itself");
  }
  f.evidence.push_back(fmt::format("log file sync time {} s per second{}", arrow(rate.b, rate.t, 3), pct_change(rate.b, rate.t)));
  const Pair busy = value("host_cpu_busy_pct");
  if (busy.b || busy.t) f.evidence.push_back(fmt::format("host CPU busy {} %", arrow(busy.b, busy.t, 0)));
  f.metrics = {metric("event:log file sync:avg_wait_ms", "log file sync average wait", "ms", avg),
               metric("event:log file parallel write:avg_wait_ms", "log file parallel write average wait", "ms", lfpw),
               metric("event:log file sync:time_per_s", "log file sync time per second", "AAS", rate)};
  // The commit rate of the title comes from the "user commits" statistic, which the registry does not
  // read: the metric is the registry's Load Profile row, listed when a report prints it.
  if (const Pair lp_commits = value(commit_key); lp_commits.b || lp_commits.t)
    f.metrics.push_back(metric(commit_key, commit_label + std::string(" per second"), "/s", lp_commits));
  add(std::move(f));
}

void Rules::io_latency() {
  std::vector<Finding> found;
  for (const auto& n : union_event_names()) {
    const auto cls = event_class(n);
    if (cls != "User I/O" && cls != "System I/O") continue;
    const Pair avg = event_avg(n);
    const Pair rate = event_rate(n);
    if (n == "direct path read" || n == "direct path read temp") {
      if (avg.b && avg.t && std::min(*avg.b, *avg.t) < k_fs_cache_ms && std::max(*avg.b, *avg.t) >= k_storage_ms) {
        Finding f;
        f.rule = "fs_cache_reads";
        f.direction = *avg.t > *avg.b ? ChangeKind::worse : ChangeKind::better;
        f.impact_aas = rate.t && rate.b ? *rate.t - *rate.b : 0;
        f.title = fmt::format(
            "{} averages {} ms: under {} ms the reads come from a file-system cache, not storage; the "
            "environments compare unfairly (direct I/O on one side only?)",
            display_name(n), arrow(avg.b, avg.t, 3), k_fs_cache_ms);
        f.cause = fmt::format("{} {}", display_name(n), ms_arrow(avg.b, avg.t));
        f.evidence.push_back(
            "check filesystemio_options / the mount options: without direct I/O the OS page cache serves the reads");
        f.metrics = {metric("event:" + n + ":avg_wait_ms", display_name(n) + " average wait", "ms", avg)};
        found.push_back(std::move(f));
        continue;
      }
    }
    const auto a = assess("event.avg_wait_ms", avg.b, avg.t);
    if (!a.material()) continue;
    if (std::max(rate.b.value_or(0), rate.t.value_or(0)) < k_event_matters_aas) continue;
    Finding f;
    f.rule = "io_latency";
    f.direction = a.kind;
    f.impact_aas = rate.b && rate.t ? *rate.t - *rate.b : 0;
    f.title = fmt::format("I/O latency: {} {} average{}", display_name(n), ms_arrow(avg.b, avg.t), pct_change(avg.b, avg.t));
    f.cause = fmt::format("{} {}", display_name(n), ms_arrow(avg.b, avg.t));
    const Pair sh = share_of_db(rate);
    f.evidence.push_back(
        fmt::format("{} s per second, {} of DB time ({})", arrow(rate.b, rate.t, 3), arrow(sh.b, sh.t, 1, "%"), cls));
    const Pair waits = event_value(n, "waits_per_s");
    if (waits.b && waits.t)
      f.evidence.push_back(fmt::format("waits {} /s: {}", arrow(waits.b, waits.t, 1),
                                       assess("event.waits_per_s", waits.b, waits.t).material()
                                           ? "the volume changed too"
                                           : "same volume, each wait slower or faster"));
    f.metrics = {metric("event:" + n + ":avg_wait_ms", display_name(n) + " average wait", "ms", avg),
                 metric("event:" + n + ":time_per_s", display_name(n) + " time per second", "AAS", rate)};
    found.push_back(std::move(f));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const Finding& a, const Finding& b) { return std::fabs(a.impact_aas) > std::fabs(b.impact_aas); });
  if (found.size() > 4) found.resize(4);
  for (auto& f : found) add(std::move(f));
}

bool Rules::is_concurrency_event(std::string_view name, std::string_view cls) {
  if (cls == "Concurrency" || cls == "Application") return true;
  for (std::string_view k : {"row lock", "buffer busy", "library cache", "mutex", "latch", "enq: tx", "cursor: pin", "row cache"})
    if (name.find(k) != std::string_view::npos) return true;
  return false;
}

/// The kind of contention a wait event is, for the finding's title: "row lock", "buffer busy",
/// "library cache/mutex", "latch", "row cache", "sequence", "table lock (TM)", "<XX> enqueue".
std::string Rules::contention_kind(std::string_view name) {
  const std::string n = lower(std::string(name));
  if (n.starts_with("enq: tx - row lock")) return "row lock";
  if (n.starts_with("enq: tx - index")) return "index block";
  if (n.starts_with("enq: tx - allocate itl")) return "ITL";
  if (n.starts_with("enq: tm")) return "table lock (TM)";
  if (n.starts_with("enq: ul")) return "user lock (UL)";
  if (n.starts_with("enq: sq") || n.find("sequence") != std::string::npos) return "sequence";
  if (n.starts_with("enq: ") && n.size() >= 7) {
    std::string code = n.substr(5, 2);
    for (auto& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return code + " enqueue";
  }
  if (n.find("buffer busy") != std::string::npos) return "buffer busy";
  if (n == "read by other session") return "hot block (read by other session)";
  if (n.find("library cache") != std::string::npos || n.starts_with("cursor:") || n.find("mutex") != std::string::npos)
    return "library cache/mutex";
  if (n.find("row cache") != std::string::npos) return "row cache";
  if (n.find("latch") != std::string::npos) return "latch";
  return "other";
}

/// "Row lock contention", "Row lock and buffer busy contention", "Latch, row cache and other
/// contention": the kinds of the events a contention finding names, largest change first.
std::string Rules::contention_title(const std::vector<std::string>& events) {
  std::vector<std::string> kinds;
  for (const auto& e : events)
    if (auto k = contention_kind(e); std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(std::move(k));
  if (kinds.size() > 3) {
    kinds.resize(2);
    kinds.emplace_back("other");
  }
  std::string t;
  for (std::size_t i = 0; i < kinds.size(); ++i) t += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t + " contention";
}

void Rules::concurrency() {
  event_group({"concurrency", "Contention waits", true, 6, nullptr, &contention_title},
              [](std::string_view n, std::string_view cls) {
                // read by other session (User I/O): sessions queued behind another session's read of the same block,
                // the hot-block contention of buffer busy waits.
                return (is_concurrency_event(n, cls) && cls != "User I/O" && cls != "System I/O" && cls != "Commit") ||
                       n == "read by other session";
              });
}

template <class Select>
void Rules::event_group(const EventGroup& g, Select select) {
  struct Line {
    std::string text;
    double delta;
    FindingMetric m;
    std::string hint;
  };
  std::vector<Line> up, down;
  for (const auto& n : union_event_names()) {
    const auto cls = event_class(n);
    if (!select(n, cls)) continue;
    const Pair rate = event_rate(n);
    const auto a = assess("event.time_per_s", rate.b, rate.t);
    if (!a.material()) continue;
    const Pair avg = event_avg(n);
    Line l{
        fmt::format("{}{}: {} s per second{}, {} average", display_name(n), g.show_class && !cls.empty() ? " (" + cls + ")" : "",
                    arrow(rate.b, rate.t, 3), pct_change(rate.b, rate.t), ms_arrow(avg.b, avg.t)),
        *a.delta, metric("event:" + n + ":time_per_s", display_name(n) + " time per second", "AAS", rate),
        g.hint != nullptr ? std::string(g.hint(n)) : std::string()};
    (*a.delta > 0 ? up : down).push_back(std::move(l));
  }
  for (auto* list : {&up, &down}) {
    if (list->empty()) continue;
    std::stable_sort(list->begin(), list->end(),
                     [](const Line& a, const Line& b) { return std::fabs(a.delta) > std::fabs(b.delta); });
    Finding f;
    f.rule = g.rule;
    const bool rose = list == &up;
    f.direction = rose ? ChangeKind::worse : ChangeKind::better;
    for (const auto& l : *list) f.impact_aas += l.delta;
    const Line& first = (*list)[0];
    std::vector<std::string> events;
    for (const auto& l : *list) events.push_back(l.m.key.substr(6, l.m.key.rfind(':') - 6));
    f.title = fmt::format("{} {}: {}", g.title_of != nullptr ? g.title_of(events) : std::string(g.title), rose ? "rose" : "fell",
                          first.text);
    f.cause = fmt::format("{} {}", first.m.label.substr(0, first.m.label.size() - std::string(" time per second").size()),
                          seconds(first.delta));
    if (!first.hint.empty()) f.evidence.push_back(first.hint);
    for (std::size_t i = 1; i < list->size() && i < g.lines; ++i)
      f.evidence.push_back((*list)[i].text + ((*list)[i].hint.empty() ? "" : ": " + (*list)[i].hint));
    for (const auto& l : *list) f.metrics.push_back(l.m);
    add(std::move(f));
  }
}

// What a Configuration-class wait usually means.
std::string_view Rules::configuration_hint(std::string_view name) {
  if (name.starts_with("log file switch (checkpoint incomplete)"))
    return "the redo logs wrap before the DB writer finishes checkpoints: too few or too small redo log groups";
  if (name.starts_with("log file switch (archiving needed)")) return "the archiver cannot keep up with the redo";
  if (name.starts_with("log file switch")) return "sessions wait for a redo log switch: check the redo log size and switch rate";
  if (name.starts_with("log buffer space"))
    return "the log buffer fills faster than the log writer empties it: log_buffer or the redo disk";
  if (name.starts_with("enq: hw"))
    return "high-water mark contention: concurrent inserts into one segment (often a LOB); preallocate extents";
  if (name.starts_with("free buffer waits"))
    return "no free buffers: the DB writer cannot keep up or the buffer cache is too small";
  if (name.starts_with("write complete waits")) return "sessions wait for the DB writer to write a block they need";
  return "";
}

void Rules::configuration_waits() {
  event_group({"configuration_waits", "Configuration waits", false, 5, &configuration_hint},
              [](std::string_view, std::string_view cls) { return cls == "Configuration"; });
}

// Multiblock (large) read requests per second: Instance Activity's "physical read total multi block
// requests" (every file type); empty when the report does not give it.
OptDouble Rules::multiblock_reads_per_s(const Snapshot& s) {
  const auto* st = s.activity_stat("physical read total multi block requests");
  if (st == nullptr) return std::nullopt;
  if (st->total && s.interval.elapsed_s && *s.interval.elapsed_s > 0) return *st->total / *s.interval.elapsed_s;
  return st->per_second;
}

void Rules::io_by_filetype() {
  struct Line {
    std::string text;
    double weight;
    FindingMetric m;
  };
  std::vector<Line> up, down;
  for (const auto& tr : m_t.iostat_filetype) {
    const IoStatRow* br = nullptr;
    for (const auto& r : m_b.iostat_filetype)
      if (r.name == tr.name) br = &r;
    if (br == nullptr || lower(tr.name).starts_with("total")) continue;
    const Pair reqs{br->reads_requests_per_s, tr.reads_requests_per_s};
    if (!reqs.b || !reqs.t || std::min(*reqs.b, *reqs.t) < k_filetype_min_reads) continue;
    for (const auto& [label, b, t] : {std::tuple{"small reads", br->small_read_ms, tr.small_read_ms},
                                      std::tuple{"large reads", br->large_read_ms, tr.large_read_ms}}) {
      if (!b || !t || *b <= 0 || *t <= 0) continue;  // 0: no such reads in that period
      const auto a = assess("event.avg_wait_ms", b, t);
      if (!a.material()) continue;
      // The file type's Reqs per sec count reads of every size (RMGTIBP: 855.1 Data File reads/s, of which
      // about 17/s were large): large reads are counted by Instance Activity's multiblock read requests (every
      // file type), or not at all; the rate is then said to be of all sizes.
      const bool large = std::string_view(label) == "large reads";
      const Pair multi = large ? Pair{multiblock_reads_per_s(m_b), multiblock_reads_per_s(m_t)} : Pair{};
      const bool by_multi = multi.b && multi.t;
      const Pair rate = by_multi ? multi : reqs;
      // The reads a line measures must be as many as a file type needs (both sides): a large-read service time over a
      // few multiblock reads an hour (apress: five) says nothing of the storage.
      if (std::min(*rate.b, *rate.t) < k_filetype_min_reads) continue;
      Line l{fmt::format("{} {} {} average service time{} at {}", tr.name, label, ms_arrow(b, t), pct_change(b, t),
                         by_multi ? fmt::format("{} large read requests/s (multiblock, all files)", arrow(rate.b, rate.t, 1))
                                  : fmt::format("{} {} read requests/s of all sizes", arrow(rate.b, rate.t, 1), tr.name)),
             std::fabs(*t - *b) * std::max(*rate.b, *rate.t),  // ms of service time gained or lost per second
             {"iostat_filetype:" + tr.name + ":" + label, tr.name + " " + label + " service time", "ms", b, t}};
      (*t > *b ? up : down).push_back(std::move(l));
    }
  }
  for (auto* list : {&up, &down}) {
    if (list->empty()) continue;
    std::stable_sort(list->begin(), list->end(), [](const Line& x, const Line& y) { return x.weight > y.weight; });
    Finding f;
    f.rule = "io_latency";
    f.direction = list == &up ? ChangeKind::worse : ChangeKind::better;
    f.title = fmt::format("I/O service time by file type {}: {}", list == &up ? "rose" : "fell", (*list)[0].text);
    f.cause = "I/O service time by file type";
    for (std::size_t i = 1; i < list->size() && i < 4; ++i) f.evidence.push_back((*list)[i].text);
    f.evidence.push_back("from IOStat by Filetype summary: the storage's service time, whatever the wait events say");
    for (const auto& l : *list) f.metrics.push_back(l.m);
    add(std::move(f));
  }
}

}  // namespace awrdiff::detail::rules
