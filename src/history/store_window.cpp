// The window a check takes from the history store (HistoryStore::load_window, docs/history.md): the like periods
// before the current one, those left out and why, their values (or, for a long window, one distribution per
// metric) and the snapshots of the latest few for the typical period.
#include <awrdiff/baseline.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/time.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <map>
#include <set>
#include <unordered_map>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace {

// As query_ids (`head` + "(?, ?, ...)", 500 ids at a time after `leading`), the rows in binary (query_binary): for
// columns of numbers, text and bytes only.
void query_ids_binary(SqlConnection& c, std::string_view head, const std::vector<SqlValue>& leading,
                      const std::vector<std::int64_t>& ids, const std::function<void(const SqlRow&)>& each) {
  for (std::size_t at = 0; at < ids.size(); at += 500) {
    const auto n = std::min<std::size_t>(500, ids.size() - at);
    std::vector<SqlValue> p(leading);
    std::string sql(head);
    sql += '(';
    for (std::size_t i = 0; i < n; ++i) {
      sql += i == 0 ? "?" : ", ?";
      p.emplace_back(ids[at + i]);
    }
    sql += ')';
    c.query_binary(sql, p, each);
  }
}

// A stored body read back: its snapshot, or why it cannot be (both empty: no body).
struct Parsed {
  std::optional<Snapshot> snapshot;
  std::string why;
};

Parsed parse_body(const std::string& encoding, const std::string& bytes, std::int64_t json_bytes, const std::string& source) {
  Parsed out;
  std::optional<std::string> json;
  out.why = "unknown encoding " + encoding;
  if (encoding == "zlib") json = decompress(bytes, json_bytes, &out.why);
  if (!json) return out;
  try {
    out.snapshot = snapshot_from_json_in_place(*json, source);
    out.why.clear();
  } catch (const Error& e) { out.why = e.reason(); }
  return out;
}

// `work(k)` for k in [0, n), run on other threads (as many as the machine has cores, at most n) while the caller
// goes on; wait() helps with what is left, returns once all is done and throws what one threw. Work no thread could
// be started for is done in wait(). Destroyed without a wait(), it skips the work not yet begun and waits for the
// rest.
class Background {
public:
  Background(std::size_t n, std::function<void(std::size_t)> work) : m_n(n), m_work(std::move(work)) {
    const auto threads = std::min<std::size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
    try {
      for (std::size_t t = 0; t < threads; ++t) m_pool.emplace_back([this] { run(); });
    } catch (const std::system_error&) {
      // Could not start more threads: the ones running (and wait()) share the work.
    }
  }
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  ~Background() {
    m_next = m_n;
    for (auto& t : m_pool) t.join();
  }
  void wait() {
    run();
    for (auto& t : m_pool) t.join();
    m_pool.clear();
    if (m_failed) std::rethrow_exception(m_failed);
  }

private:
  void run() {
    for (std::size_t k = m_next++; k < m_n; k = m_next++) try {
        m_work(k);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(m_m);
        if (!m_failed) m_failed = std::current_exception();
      }
  }
  const std::size_t m_n;
  const std::function<void(std::size_t)> m_work;
  std::atomic<std::size_t> m_next{0};
  std::mutex m_m;
  std::exception_ptr m_failed;
  std::vector<std::thread> m_pool;  // last: its threads end before the rest goes
};

// The condition on a row of metric_values (its columns prefixed by `alias`, "v." or "") that keeps only the values
// WindowOptions::storm_rule_values reads: DB time per second and sessions, and a registry metric's value outside its
// range (in SQL as in out_of_range: a NaN or an infinity is outside, PostgreSQL's NaN being above every number).
// Its parameters are appended to `params`.
std::string storm_rule_condition(const HistoryStore::Impl& impl, std::string_view alias, std::vector<SqlValue>& params) {
  std::vector<std::int64_t> always;
  std::map<std::pair<double, double>, std::vector<std::int64_t>> by_range;
  for (const auto& [id, key] : impl.metric_keys) {
    if (key == "db_time_per_s" || key == "sessions") always.push_back(id);
    else if (const MetricSpec* spec = find_metric(key)) {
      const MetricRange r = metric_range(*spec);
      by_range[{r.low, r.high}].push_back(id);
    }
  }
  auto ids = [&](std::vector<std::int64_t>& v) {
    std::sort(v.begin(), v.end());
    std::string sql = fmt::format("{}metric_id IN (", alias);
    for (std::size_t i = 0; i < v.size(); ++i) {
      sql += i == 0 ? "?" : ", ?";
      params.emplace_back(v[i]);
    }
    return sql + ')';
  };
  std::string sql = "(1 = 0";
  if (!always.empty()) sql += " OR " + ids(always);
  for (auto& [range, v] : by_range) {
    sql += " OR (" + ids(v);
    sql += fmt::format(" AND NOT ({0}value >= ? AND {0}value <= ?))", alias);
    params.insert(params.end(), {range.first, range.second});
  }
  return sql + ')';
}

// A period of a window, as load_window first reads it: what decides whether it is kept.
struct Light {
  std::int64_t id = 0;
  std::optional<std::int64_t> begin, end, startup;
  bool valid = true, overlapping = false;
};

// The facts of a period that a baseline keeps (read_facts), when read with the periods (Window::m_facts_inline).
struct Facts {
  std::string source, begin_time, end_time, release, host, db_name;
  std::optional<std::int64_t> begin_snap, end_snap;
  OptDouble elapsed_s, cpus;
  std::exception_ptr unreadable;  // a value that could not be read (SqlError): thrown if the period is chosen
};

// One window being read: the current period, the periods chosen, and the counts of those left out.
class Window {
public:
  Window(const HistoryStore::Impl& impl, const Snapshot& current, const WindowOptions& options)
      : m_impl(impl),
        m_c(*impl.c),
        m_options(options),
        m_cur(facts_of(current)),
        m_facts_inline(options.match != MatchPeriods::all ||
                       options.window_s / 3600 <=
                           static_cast<std::int64_t>(std::min<std::size_t>(options.summarize_above, 1u << 30))) {
    const auto cur_begin = iso_epoch(m_cur.begin_time);
    if (!cur_begin) throw Error(current.source, "its begin time cannot be read: no window of history can be chosen for it");
    m_begin = *cur_begin;
    m_lo = m_begin - options.window_s;
    m_hour = hour_of_epoch(m_begin);
    m_day = weekday_of_epoch(m_begin);
    m_b.source_kind = "history";
    m_b.sources.push_back(redact(impl.location));
    m_b.dbid = m_cur.dbid;
    m_b.db_name = m_cur.db_name;
    if (m_cur.instance_number) m_b.instances.push_back(*m_cur.instance_number);
  }

  // Reads the window from the store, but for the typical period's snapshots: the first of them are being inflated and
  // parsed on other threads when it returns (complete() waits for them). Throws SqlError.
  void read() {
    read_periods();
    choose(failed_ids());
    m_summarized = m_chosen_ids.size() > m_options.summarize_above;
    read_facts();
    read_values();
    if (m_summarized) summarize();
    start_typical();
  }

  // Waits for the typical period's snapshots (reads more of them if one is missing or cannot be read). Throws SqlError.
  void complete() {
    complete_typical();
    m_period_count = m_b.periods.size();
    if (m_summarized) {
      m_b.notes.push_back(
          fmt::format("the window's {} periods are summarised per metric (median, MAD, extremes, percentiles)", m_period_count));
      m_b.periods.clear();
    }
  }

  // The baseline: its name and the notes on what was left out.
  Baseline finish() &&;

private:
  const HistoryStore::Impl& m_impl;
  SqlConnection& m_c;
  const WindowOptions& m_options;
  const HistoryPeriod m_cur;
  // The facts of the periods come with them (one statement, not one more by their ids): unless the window may hold
  // more hourly periods than are kept as periods (summarize_above), whose facts are read for the latest few only.
  const bool m_facts_inline;
  std::int64_t m_begin = 0, m_lo = 0;  // the current period's begin; the window's
  int m_hour = 0, m_day = 0;  // the current period's hour and weekday
  Baseline m_b;
  std::size_t m_invalid = 0, m_restarts = 0, m_failed = 0, m_overlapping_current = 0, m_overlapping = 0, m_period_count = 0;
  std::vector<Light> m_rows;  // the like periods of the window
  std::vector<std::optional<std::int64_t>> m_prev_begins;  // per row: the begin of the period before it
  std::vector<Facts> m_facts;  // per row, when m_facts_inline
  std::unordered_map<std::int64_t, std::size_t> m_chosen;  // period_id -> index in m_b.periods
  std::vector<std::int64_t> m_chosen_ids;
  bool m_summarized = false;
  std::vector<std::vector<double>> m_by_metric;  // a summarised window: per metric id, the values of the periods kept
  // The typical period: the periods that kept a body (newest first), the next to read, the snapshots read; the
  // bodies of the batch being parsed, and the parse (its threads end before the rest of the window goes).
  struct Body {
    std::string encoding, bytes;
    std::int64_t json_bytes = 0;
  };
  std::vector<std::int64_t> m_candidates;
  std::size_t m_next_candidate = 0;
  std::vector<Snapshot> m_typical;
  std::vector<std::int64_t> m_batch;
  std::unordered_map<std::int64_t, Body> m_bodies;
  std::vector<Parsed> m_parsed;
  std::unique_ptr<Background> m_parsing;

  // The parameters of the window's condition (the series, the window's bounds), and with `like` those of like_condition.
  std::vector<SqlValue> window_params(bool like = false) const {
    const SqlValue dbid = as_int(m_cur.dbid), con = as_int(m_cur.con_dbid.value_or(0)),
                   inst = std::int64_t{m_cur.instance_number.value_or(0)};
    if (!like || m_options.match == MatchPeriods::all) return {dbid, con, inst, m_lo, m_begin};
    if (m_options.match == MatchPeriods::hour) return {dbid, con, inst, m_lo, m_begin, std::int64_t{m_hour}};
    return {dbid, con, inst, m_lo, m_begin, std::int64_t{m_hour}, std::int64_t{m_day}};
  }
  // Only the like periods: the current period's hour (and weekday), on the columns of `alias` ("p." or "").
  std::string like_condition(std::string_view alias) const {
    std::string sql;
    if (m_options.match != MatchPeriods::all) sql += fmt::format(" AND {}begin_hour = ?", alias);
    if (m_options.match == MatchPeriods::weekday_hour) sql += fmt::format(" AND {}begin_weekday = ?", alias);
    return sql;
  }

  void read_periods();
  std::set<std::int64_t> failed_ids();
  void choose(const std::set<std::int64_t>& failed);
  void read_facts();
  void read_facts_of(const std::vector<std::int64_t>& ids);
  void take_facts(std::int64_t id, Facts&& f, std::int64_t latest);
  void read_values();
  void summarize();
  void start_typical();
  void fetch_typical();
  void take_typical();
  void complete_typical();
  std::vector<std::int64_t> typical_candidates();
};

// The like periods of the window, with the begin of the period before each (the restart rule): numbers only (a year
// of periods is 8,760 rows); the facts of the periods kept come after.
void Window::read_periods() {
  const std::vector<SqlValue> p = window_params(true);
  // Every period of the window comes in order, so each one's predecessor is the row before (only
  // the first needs a look before the window); like periods only need the subquery.
  const bool all = m_options.match == MatchPeriods::all;
  std::string sql = fmt::format(
      "SELECT period_id, begin_epoch, end_epoch, startup_epoch, valid, overlapping, {}{} FROM periods p "
      "WHERE dbid = ? AND con_dbid = ? AND instance_number = ? AND begin_epoch >= ? AND begin_epoch < ?",
      all ? "NULL"
          : "(SELECT max(q.begin_epoch) FROM periods q WHERE q.dbid = p.dbid AND q.con_dbid = p.con_dbid AND "
            "q.instance_number = p.instance_number AND q.begin_epoch < p.begin_epoch)",
      m_facts_inline ? ", source, begin_snap, end_snap, begin_time, end_time, elapsed_s, release, host, cpus, db_name" : "");
  sql += like_condition("");
  sql += " ORDER BY begin_epoch, period_key";
  m_c.query(sql, p, [&](const SqlRow& r) {
    Light l;
    l.id = r.integer(0);
    l.begin = r.opt_integer(1);
    l.end = r.opt_integer(2);
    l.startup = r.opt_integer(3);
    l.valid = r.integer(4) != 0;
    l.overlapping = r.integer(5) != 0;
    m_prev_begins.push_back(r.opt_integer(6));
    m_rows.push_back(std::move(l));
    if (!m_facts_inline) return;
    Facts& f = m_facts.emplace_back();
    try {
      f.source = r.text(7);
      f.begin_snap = r.opt_integer(8);
      f.end_snap = r.opt_integer(9);
      f.begin_time = r.text(10);
      f.end_time = r.text(11);
      f.elapsed_s = r.opt_real(12);
      f.release = r.text(13);
      f.host = r.text(14);
      f.cpus = r.opt_real(15);
      f.db_name = r.text(16);
    } catch (const SqlError&) { f.unreadable = std::current_exception(); }
  });
  if (all && !m_rows.empty()) {
    std::optional<std::int64_t> before;  // the greatest begin before the current row's
    std::vector<SqlValue> q = window_params();
    q.pop_back();
    m_c.query("SELECT max(begin_epoch) FROM periods WHERE dbid = ? AND con_dbid = ? AND instance_number = ? AND begin_epoch < ?",
              q, [&](const SqlRow& r) { before = r.opt_integer(0); });
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
      if (i > 0 && m_rows[i].begin != m_rows[i - 1].begin) before = m_rows[i - 1].begin;
      m_prev_begins[i] = before;
    }
  }
}

// The periods of the window whose latest stored check (the cron's vote) failed: a storm stored by `--add` is not
// what normal looks like, and would widen the band until later storms pass.
std::set<std::int64_t> Window::failed_ids() {
  std::set<std::int64_t> failed;
  if (m_options.keep_failed) return failed;
  std::map<std::int64_t, std::string> latest;  // period_id -> status of its latest vote
  m_c.query(
      "SELECT p.period_id, c.status FROM checks c JOIN periods p ON p.dbid = c.dbid AND p.period_key = c.period_key "
      "WHERE c.dbid = ? AND c.con_dbid = ? AND c.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ? "
      "ORDER BY c.check_id",
      window_params(), [&](const SqlRow& r) { latest[r.integer(0)] = r.text(1); });
  for (const auto& [id, status] : latest)
    if (status == "fail") failed.insert(id);
  return failed;
}

// The periods kept, and the count of each reason one is left out.
void Window::choose(const std::set<std::int64_t>& failed) {
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    const auto& l = m_rows[i];
    const auto& prev_begin = m_prev_begins[i];
    // The instance started inside this period, or after the previous period began and just before this one: the
    // first period after a restart (cold caches, or figures Oracle itself calls invalid). A restart long before
    // (the previous stored period is weeks older) is history, not cold caches: the period is kept.
    const bool restart =
        l.startup && ((l.begin && *l.startup > *l.begin) || (prev_begin && *l.startup > *prev_begin && l.begin &&
                                                             static_cast<double>(*l.begin - *l.startup) <= k_restart_matters_s));
    // The current period itself, and any period that overlaps it, ends after it begins.
    if (!l.end || *l.end > m_begin) {
      ++m_overlapping_current;
      continue;
    }
    if (!l.valid) {
      ++m_invalid;
      continue;
    }
    if (restart) {
      ++m_restarts;
      continue;
    }
    if (!m_options.keep_failed && failed.count(l.id) > 0) {
      ++m_failed;
      continue;
    }
    if (l.overlapping) ++m_overlapping;
    m_chosen.emplace(l.id, m_b.periods.size());
    m_chosen_ids.push_back(l.id);
    m_b.periods.emplace_back();
  }
}

// The facts of the periods kept (all of them, or for a summarised window the latest few, for the
// typical period's names), and the database's release, host and CPUs from the latest.
void Window::read_facts() {
  const std::size_t from = m_summarized ? m_chosen_ids.size() - std::min<std::size_t>(m_chosen_ids.size(), 64) : 0;
  if (!m_facts_inline) {
    read_facts_of(std::vector<std::int64_t>(m_chosen_ids.begin() + static_cast<std::ptrdiff_t>(from), m_chosen_ids.end()));
    return;
  }
  const std::int64_t latest = m_chosen_ids.empty() ? -1 : m_chosen_ids.back();
  std::vector<std::size_t> rows;  // of the periods whose facts are kept
  for (std::size_t i = 0; i < m_rows.size(); ++i)
    if (const auto it = m_chosen.find(m_rows[i].id); it != m_chosen.end() && it->second >= from) rows.push_back(i);
  // A value that cannot be read fails the window as the statement by ids would: the first in their order.
  std::exception_ptr unreadable;
  std::int64_t unreadable_id = 0;
  for (const auto i : rows)
    if (m_facts[i].unreadable && (!unreadable || m_rows[i].id < unreadable_id)) {
      unreadable = m_facts[i].unreadable;
      unreadable_id = m_rows[i].id;
    }
  if (unreadable) std::rethrow_exception(unreadable);
  for (const auto i : rows) take_facts(m_rows[i].id, std::move(m_facts[i]), latest);
  m_facts.clear();
}

// The facts of the periods `ids` (chosen ones), and of the latest chosen its database's release, host and CPUs.
void Window::read_facts_of(const std::vector<std::int64_t>& ids) {
  const std::int64_t latest = m_chosen_ids.empty() ? -1 : m_chosen_ids.back();
  query_ids(m_c,
            "SELECT period_id, source, begin_snap, end_snap, begin_time, end_time, elapsed_s, release, host, cpus, db_name "
            "FROM periods WHERE dbid = ? AND period_id IN ",
            {as_int(m_cur.dbid)}, ids, [&](const SqlRow& r) {
              Facts f;
              f.source = r.text(1);
              f.begin_snap = r.opt_integer(2);
              f.end_snap = r.opt_integer(3);
              f.begin_time = r.text(4);
              f.end_time = r.text(5);
              f.elapsed_s = r.opt_real(6);
              f.release = r.text(7);
              f.host = r.text(8);
              f.cpus = r.opt_real(9);
              f.db_name = r.text(10);
              take_facts(r.integer(0), std::move(f), latest);
            });
}

// The facts `f` of the period `id`, if chosen; of the latest chosen, its database's release, host and CPUs too.
void Window::take_facts(std::int64_t id, Facts&& f, std::int64_t latest) {
  auto it = m_chosen.find(id);
  if (it == m_chosen.end()) return;
  auto& bp = m_b.periods[it->second];
  bp.source = std::move(f.source);
  bp.begin_snap = f.begin_snap;
  bp.end_snap = f.end_snap;
  bp.begin_time = std::move(f.begin_time);
  bp.end_time = std::move(f.end_time);
  bp.elapsed_s = f.elapsed_s;
  bp.instance_number = m_cur.instance_number;
  bp.valid = true;
  if (id != latest) return;
  if (!f.release.empty()) m_b.release = std::move(f.release);
  m_b.host = std::move(f.host);
  m_b.cpus = f.cpus;
  if (m_b.db_name.empty()) m_b.db_name = std::move(f.db_name);
}

// Their values: primary-key lookups, 500 periods at a time. A long window is summarised per metric
// as it is read (no map per period): check() takes the distributions as they are.
// Per metric id (small numbers), the values; per period id, whether it was chosen: no hashing per row.
void Window::read_values() {
  std::vector<bool> is_chosen;
  if (m_summarized) {
    const auto max_id = *std::max_element(m_chosen_ids.begin(), m_chosen_ids.end());
    is_chosen.assign(static_cast<std::size_t>(max_id) + 1, false);
    for (auto id : m_chosen_ids) is_chosen[static_cast<std::size_t>(id)] = true;
  }
  const auto& keys = m_impl.metric_keys;
  auto on_row = [&](const SqlRow& r) {
    if (m_summarized) {
      const auto pid = r.integer(0), mid = r.integer(1);
      if (pid < 0 || static_cast<std::size_t>(pid) >= is_chosen.size() || !is_chosen[static_cast<std::size_t>(pid)] || mid < 0 ||
          mid > 100000)
        return;
      if (static_cast<std::size_t>(mid) >= m_by_metric.size()) m_by_metric.resize(static_cast<std::size_t>(mid) + 1);
      m_by_metric[static_cast<std::size_t>(mid)].push_back(r.real(2));
      return;
    }
    auto it = m_chosen.find(r.integer(0));
    if (it == m_chosen.end()) return;
    auto k = keys.find(r.integer(1));
    if (k == keys.end()) return;
    m_b.periods[it->second].values.emplace_hint(m_b.periods[it->second].values.end(), k->second, r.real(2));
  };
  const auto [min_id, max_id] = m_chosen_ids.empty() ? std::pair<std::int64_t, std::int64_t>{0, -1}
                                                     : std::pair{*std::min_element(m_chosen_ids.begin(), m_chosen_ids.end()),
                                                                 *std::max_element(m_chosen_ids.begin(), m_chosen_ids.end())};
  // PostgreSQL's values are indexed (dbid, period_id): one range of the database's ids reads its window's rows only,
  // however many databases' periods were added between them (a fleet's); the rows of periods not chosen are skipped.
  const bool by_range =
      !m_chosen_ids.empty() && (m_impl.backend->partitioned || m_summarized) &&
      (m_impl.backend->partitioned || max_id - min_id + 1 <= static_cast<std::int64_t>(m_chosen_ids.size()) * 2);
  // The storm rule's values only (WindowOptions::storm_rule_values): the condition, after the statement's others.
  const bool storm_rule = m_options.storm_rule_values && !m_summarized;
  auto only = [&](std::string_view alias, std::vector<SqlValue>& p) {
    return storm_rule ? " AND " + storm_rule_condition(m_impl, alias, p) : std::string();
  };
  if (by_range && m_impl.backend->partitioned && !m_summarized && m_options.match != MatchPeriods::all) {
    // The like periods of one hour are one in 24 of the range's: their own rows only (the index's (dbid, period_id)
    // pairs), the begin range still pruning the month partitions.
    std::vector<SqlValue> p{as_int(m_cur.dbid), m_lo, m_begin};
    const std::string sql =
        "SELECT period_id, metric_id, value FROM metric_values WHERE dbid = ? AND begin_epoch >= ? AND "
        "begin_epoch < ?" +
        only("", p) + " AND period_id IN ";
    query_ids_binary(m_c, sql, p, m_chosen_ids, on_row);
  } else if (by_range) {
    // SQLite: the chosen periods' ids are nearly contiguous (a database added in order): one range of the
    // values' primary key, no join.
    // The begin range prunes PostgreSQL's month partitions.
    std::vector<SqlValue> p{as_int(m_cur.dbid), min_id, max_id, m_lo, m_begin};
    const std::string sql =
        "SELECT period_id, metric_id, value FROM metric_values WHERE dbid = ? AND period_id BETWEEN ? AND ? AND begin_epoch >= ? "
        "AND begin_epoch < ?" +
        only("", p);
    m_c.query_binary(sql, p, on_row);
  } else if (m_chosen_ids.size() > 2000) {
    // Most of a long window: one pass over its rows (the index range), skipping those left out.
    std::vector<SqlValue> p = window_params(true);
    std::string sql =
        "SELECT v.period_id, v.metric_id, v.value FROM periods p JOIN metric_values v ON v.dbid = p.dbid AND v.period_id = p.period_id "
        "WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ?";
    sql += like_condition("p.");
    sql += only("v.", p);
    m_c.query(sql, p, on_row);
  } else {
    std::vector<SqlValue> p{as_int(m_cur.dbid)};
    const std::string sql =
        "SELECT period_id, metric_id, value FROM metric_values WHERE dbid = ?" + only("", p) + " AND period_id IN ";
    query_ids(m_c, sql, p, m_chosen_ids, on_row);
  }
}

// A long window as one distribution per metric (Baseline::aggregates).
void Window::summarize() {
  for (const auto& m : all_metrics()) {
    if (!m.checked || m.family) continue;
    auto id = m_impl.metric_ids.find(std::string(m.key));
    if (id == m_impl.metric_ids.end()) continue;
    if (id->second < 0 || static_cast<std::size_t>(id->second) >= m_by_metric.size()) continue;
    auto& values = m_by_metric[static_cast<std::size_t>(id->second)];
    if (values.empty()) continue;
    BaselineAggregate a;
    a.key = m.key;
    a.instance_number = m_cur.instance_number;
    a.distribution = detail::summarize_period_values(std::move(values));
    m_b.aggregates.push_back(std::move(a));
  }
}

// The typical period: snapshots of the latest like periods that kept one. The bodies of as many periods as are still
// wanted come in one statement (bytes sent as they are), each inflated and parsed on a thread of its own (a megabyte
// of JSON each) while the store is read on; the next ones only when one of them is missing or cannot be read.
void Window::start_typical() {
  m_candidates = typical_candidates();
  if (m_next_candidate < m_candidates.size() && m_typical.size() < m_options.typical_periods) fetch_typical();
}

void Window::complete_typical() {
  if (m_parsing) take_typical();
  while (m_next_candidate < m_candidates.size() && m_typical.size() < m_options.typical_periods) {
    fetch_typical();
    take_typical();
  }
  std::reverse(m_typical.begin(), m_typical.end());
  m_b.snapshots = std::move(m_typical);
}

// The next bodies wanted, fetched, and their parsing started.
void Window::fetch_typical() {
  const auto n = std::min(m_options.typical_periods - m_typical.size(), m_candidates.size() - m_next_candidate);
  m_batch.assign(m_candidates.begin() + static_cast<std::ptrdiff_t>(m_next_candidate),
                 m_candidates.begin() + static_cast<std::ptrdiff_t>(m_next_candidate + n));
  m_next_candidate += n;
  m_bodies.clear();
  std::vector<SqlValue> p{as_int(m_cur.dbid)};
  std::string head = "SELECT period_id, encoding, json_bytes, body FROM snapshots WHERE dbid = ? AND ";
  if (m_impl.backend->partitioned) {  // the window's month partitions only
    head += "begin_epoch >= ? AND begin_epoch < ? AND ";
    p.insert(p.end(), {m_lo, m_begin});
  }
  head += "period_id IN ";
  query_ids_binary(m_c, head, p, m_batch, [&](const SqlRow& r) {
    m_bodies[r.integer(0)] = Body{r.text(1), r.blob(3), r.integer(2)};
  });
  m_parsed.assign(m_batch.size(), {});
  m_parsing = std::make_unique<Background>(m_batch.size(), [this](std::size_t k) {
    const auto b = m_bodies.find(m_batch[k]);
    if (b == m_bodies.end() || b->second.encoding.empty()) return;  // none stored (any more)
    m_parsed[k] =
        parse_body(b->second.encoding, b->second.bytes, b->second.json_bytes, m_b.periods[m_chosen.at(m_batch[k])].source);
  });
}

// The bodies being parsed, once parsed: kept, or said, in their order.
void Window::take_typical() {
  auto parsing = std::move(m_parsing);
  parsing->wait();
  for (std::size_t k = 0; k < m_batch.size(); ++k) {
    if (m_parsed[k].snapshot) m_typical.push_back(std::move(*m_parsed[k].snapshot));
    else if (!m_parsed[k].why.empty()) {
      const auto& bp = m_b.periods[m_chosen.at(m_batch[k])];
      m_b.notes.push_back(fmt::format("the stored snapshot of the period of {} ({}) is left out of the typical period: {}",
                                      bp.begin_time, bp.source, m_parsed[k].why));
    }
  }
  m_parsed.clear();
  m_bodies.clear();
}

// The chosen periods that kept a snapshot body, newest first (at most twice the typical period's count), and the note
// on those whose body the retention dropped.
std::vector<std::int64_t> Window::typical_candidates() {
  // Which of the chosen periods kept one: one query (never a query per period of a long window).
  std::vector<std::int64_t> with_json;
  if (m_options.typical_periods == 0 || m_chosen_ids.empty()) return with_json;
  std::vector<SqlValue> p = window_params(true);
  std::string sql =
      "SELECT s.period_id, s.encoding, s.dropped_at, p.begin_time FROM snapshots s JOIN periods p ON p.dbid = s.dbid AND p.period_id = s.period_id "
      "WHERE p.dbid = ? AND p.con_dbid = ? AND "
      "p.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ?";
  sql += like_condition("p.");
  if (m_impl.backend->partitioned) {  // the snapshots' month partitions of the window only
    sql += " AND s.begin_epoch >= ? AND s.begin_epoch < ?";
    p.insert(p.end(), {m_lo, m_begin});
  }
  sql += " ORDER BY p.begin_epoch DESC, p.period_key DESC";
  std::set<std::int64_t> have;
  std::map<std::int64_t, std::string> dropped;  // period id -> its begin
  std::string dropped_at;  // the latest retention that dropped one
  m_c.query(sql, p, [&](const SqlRow& r) {
    if (r.text(1) != "dropped") {
      have.insert(r.integer(0));
      return;
    }
    dropped.emplace(r.integer(0), r.text(3));
    dropped_at = std::max(dropped_at, r.text(2));
  });
  for (auto it = m_chosen_ids.rbegin(); it != m_chosen_ids.rend() && with_json.size() < m_options.typical_periods * 2; ++it)
    if (have.count(*it) != 0) with_json.push_back(*it);
  std::size_t chosen_dropped = 0;
  std::string newest_dropped;
  for (auto id : m_chosen_ids)
    if (const auto d = dropped.find(id); d != dropped.end()) {
      ++chosen_dropped;
      newest_dropped = std::max(newest_dropped, d->second);
    }
  if (chosen_dropped > 0) {
    m_b.notes.push_back(
        fmt::format("the snapshot bodies of {} of the baseline's periods (the latest {}) were dropped by the "
                    "store's retention on {} (their values are kept): the typical period is read from the "
                    "{} latest that kept one",
                    chosen_dropped, newest_dropped.empty() ? "?" : newest_dropped, dropped_at.substr(0, 10),
                    std::min(with_json.size(), m_options.typical_periods)));
  }
  return with_json;
}

Baseline Window::finish() && {
  Baseline& b = m_b;
  const auto& options = m_options;
  const auto& cur = m_cur;
  const std::size_t period_count = m_period_count, invalid = m_invalid, restarts = m_restarts, failed = m_failed,
                    overlapping_current = m_overlapping_current, overlapping = m_overlapping;
  const char* match_text = options.match == MatchPeriods::all    ? ""
                           : options.match == MatchPeriods::hour ? ", same hour"
                                                                 : ", same weekday and hour";
  HistoryPeriod label = cur;
  label.db_name = b.db_name;
  b.name = fmt::format("history of {}: {} period{} in the {} before {}{}", label.series_label(), period_count,
                       period_count == 1 ? "" : "s", human_duration(options.window_s), cur.begin_time, match_text);
  if (invalid > 0)
    b.notes.push_back(
        fmt::format("{} like period{} left out: the report says its figures are invalid", invalid, invalid == 1 ? "" : "s"));
  if (restarts > 0)
    b.notes.push_back(
        fmt::format("{} like period{} left out: the first after an instance restart", restarts, restarts == 1 ? "" : "s"));
  if (failed > 0)
    b.notes.push_back(fmt::format("{} like period{} left out: {} check failed (--keep-failed keeps them)", failed,
                                  failed == 1 ? "" : "s", failed == 1 ? "its" : "their"));
  if (overlapping_current > 0)
    b.notes.push_back(fmt::format("{} period{} left out: {} the current period", overlapping_current,
                                  overlapping_current == 1 ? "" : "s", overlapping_current == 1 ? "overlaps" : "overlap"));
  if (overlapping > 0)
    b.notes.push_back(
        fmt::format("{} of the baseline's periods overlap other stored periods (`awrdiff history list`)", overlapping));
  return std::move(b);
}

}  // namespace

Baseline HistoryStore::load_window(const Snapshot& current, const WindowOptions& options) {
  return std::move(load_windows(current, std::span(&options, 1)).front());
}

std::vector<Baseline> HistoryStore::load_windows(const Snapshot& current, std::span<const WindowOptions> options) {
  std::vector<std::unique_ptr<Window>> windows;
  for (const auto& o : options) windows.push_back(std::make_unique<Window>(*m_impl, current, o));
  try {
    for (auto& w : windows) w->read();
    for (auto& w : windows) w->complete();
  } catch (const detail::SqlError& e) { m_impl->fail(e, "reading the window"); }
  std::vector<Baseline> out;
  for (auto& w : windows) out.push_back(std::move(*w).finish());
  return out;
}

}  // namespace awrdiff
