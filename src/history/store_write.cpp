// Writing to the history store: adding periods (each add one transaction: all of a period or nothing of it), recording
// a check's outcome, and pruning old periods.
#include <awrdiff/history.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

AddResult HistoryStore::Impl::add_in_transaction(const PreparedPeriod& pp, const std::string& added_at) {
  const HistoryPeriod& p = pp.period;
  AddResult out;
  out.label = p.label();
  const std::string key = key_of(p);
  const auto b = iso_epoch(p.begin_time);
  auto e = iso_epoch(p.end_time);
  if (!e && b && p.elapsed_s) e = *b + static_cast<std::int64_t>(std::llround(*p.elapsed_s));
  const auto startup = iso_epoch(p.startup_time);
  c->lock_for_write(as_int(p.dbid));
  const SqlValue params[] = {key,
                             as_int(p.dbid),
                             p.db_name,
                             as_int(p.con_dbid.value_or(0)),
                             p.container,
                             std::int64_t{p.instance_number.value_or(0)},
                             p.instance_name,
                             p.kind,
                             p.format,
                             p.release,
                             p.host,
                             opt(p.cpus),
                             opt(p.begin_snap),
                             opt(p.end_snap),
                             p.begin_time,
                             p.end_time,
                             opt(b),
                             opt(e),
                             b ? SqlValue(std::int64_t{hour_of_epoch(*b)}) : SqlValue(),
                             b ? SqlValue(std::int64_t{weekday_of_epoch(*b)}) : SqlValue(),
                             opt(p.elapsed_s),
                             p.startup_time,
                             opt(startup),
                             std::int64_t{p.valid ? 1 : 0},
                             p.invalid_reason,
                             p.source,
                             added_at};
  // The same period from another file (a text report and its HTML twin): kept once, the HTML one
  // (more digits), then the file whose name sorts first, so the store does not depend on the order.
  std::optional<std::int64_t> id;
  {
    const SqlValue k[] = {key};
    std::optional<std::int64_t> old_id;
    std::string old_format, old_source;
    c->query("SELECT period_id, format, source FROM periods WHERE period_key = ?", k, [&](const SqlRow& r) {
      old_id = r.integer(0);
      old_format = r.text(1);
      old_source = r.text(2);
    });
    if (old_id) {
      auto rank = [](const std::string& format, const std::string& source) {
        return std::make_pair(format == "html" ? 0 : 1, source);
      };
      if (!(rank(p.format, p.source) < rank(old_format, old_source))) return out;  // a no-op
      const SqlValue o[] = {*old_id};
      c->query("DELETE FROM metric_values WHERE period_id = ?", o);
      c->query("DELETE FROM snapshots WHERE period_id = ?", o);
      std::vector<SqlValue> u(std::size(params));  // the facts but the key, then the period's id
      std::copy(std::begin(params) + 1, std::end(params), u.begin());
      u.back() = *old_id;
      c->query(
          "UPDATE periods SET dbid = ?, db_name = ?, con_dbid = ?, container = ?, instance_number = ?, instance_name = ?, "
          "kind = ?, format = ?, release = ?, host = ?, cpus = ?, begin_snap = ?, end_snap = ?, begin_time = ?, end_time = ?, "
          "begin_epoch = ?, end_epoch = ?, begin_hour = ?, begin_weekday = ?, elapsed_s = ?, startup_time = ?, "
          "startup_epoch = ?, valid = ?, invalid_reason = ?, source = ?, added_at = ? WHERE period_id = ?",
          u);
      id = old_id;
      out.replaced = true;
    }
  }
  if (!id)
    c->query(
        "INSERT INTO periods (period_key, dbid, db_name, con_dbid, container, instance_number, instance_name, kind, format, "
        "release, host, cpus, begin_snap, end_snap, begin_time, end_time, begin_epoch, end_epoch, begin_hour, begin_weekday, "
        "elapsed_s, startup_time, startup_epoch, valid, invalid_reason, overlapping, source, added_at) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) "
        "ON CONFLICT (period_key) DO NOTHING RETURNING period_id",
        params, [&](const SqlRow& r) {
          id = r.integer(0);
          out.added = true;
        });
  if (!id) return out;  // the same period is stored already
  // The values: one multi-row statement.
  std::vector<SqlValue> vp;
  std::string sql = "INSERT INTO metric_values (period_id, metric_id, value) VALUES ";
  for (const auto& [k, v] : pp.values) {
    const auto mid = metric_id(k);
    if (mid < 0 || !std::isfinite(v)) continue;
    if (!vp.empty()) sql += ", ";
    sql += "(?, ?, ?)";
    vp.insert(vp.end(), {*id, mid, v});
  }
  if (!vp.empty()) c->query(sql, vp);
  if (!pp.snapshot_zlib.empty() && pp.snapshot_json_bytes > 0) {
    const SqlValue sp[] = {*id, std::string("zlib"), static_cast<std::int64_t>(pp.snapshot_json_bytes),
                           detail::SqlBlob{pp.snapshot_zlib}};
    c->query("INSERT INTO snapshots (period_id, encoding, json_bytes, body) VALUES (?, ?, ?, ?)", sp);
  }
  // Overlaps with stored periods of the same instance: both are flagged (so the store does not
  // depend on the order the reports came in).
  // The candidates begin at most the longest stored period's length before this one (kept in meta),
  // so the index bounds the search on both sides however large the history.
  if (b && e) {
    std::int64_t longest = 0;
    c->query("SELECT value FROM meta WHERE name = 'longest_period_s'", {},
             [&](const SqlRow& r) { longest = std::atoll(r.text(0).c_str()); });
    if (*e - *b > longest) {
      const SqlValue lp[] = {std::to_string(*e - *b)};
      c->query("DELETE FROM meta WHERE name = 'longest_period_s'", {});
      c->query("INSERT INTO meta (name, value) VALUES ('longest_period_s', ?)", lp);
    }
    const SqlValue op[] = {as_int(p.dbid),
                           as_int(p.con_dbid.value_or(0)),
                           std::int64_t{p.instance_number.value_or(0)},
                           *id,
                           *b - std::max(longest, *e - *b) - 1,
                           *e,
                           *b};
    std::vector<std::int64_t> others;
    c->query(
        "SELECT period_id, begin_time, end_time, begin_snap, end_snap FROM periods WHERE dbid = ? AND con_dbid = ? AND "
        "instance_number = ? AND period_id <> ? AND begin_epoch > ? AND begin_epoch < ? AND end_epoch > ? ORDER BY begin_epoch",
        op, [&](const SqlRow& r) {
          others.push_back(r.integer(0));
          HistoryPeriod o;
          o.begin_time = r.text(1);
          o.end_time = r.text(2);
          o.begin_snap = r.opt_integer(3);
          o.end_snap = r.opt_integer(4);
          out.overlaps.push_back(o.label());
        });
    if (!others.empty()) {
      out.overlapping = true;
      others.push_back(*id);
      for (auto oid : others) {
        const SqlValue u[] = {oid};
        c->query("UPDATE periods SET overlapping = 1 WHERE period_id = ?", u);
      }
    }
  }
  return out;
}

AddResult HistoryStore::add(const PreparedPeriod& period) {
  try {
    SqlTransaction tx(*m_impl->c);
    auto r = m_impl->add_in_transaction(period, utc_now());
    tx.commit();
    return r;
  } catch (const SqlError& e) { m_impl->fail(e, fmt::format("adding {}", period.period.source)); }
}

AddResult HistoryStore::add(const Snapshot& snapshot, bool keep_snapshot_json) {
  return add(prepare_history_period(snapshot, keep_snapshot_json));
}

std::vector<AddResult> HistoryStore::add_all(const std::vector<PreparedPeriod>& periods) {
  std::vector<AddResult> out;
  try {
    SqlTransaction tx(*m_impl->c);
    const auto now = utc_now();
    for (const auto& p : periods) out.push_back(m_impl->add_in_transaction(p, now));
    tx.commit();
    return out;
  } catch (const SqlError& e) { m_impl->fail(e, fmt::format("adding {} periods", periods.size())); }
}

void HistoryStore::record_check(CheckRecord r) {
  r.checked_at = utc_now();
  const auto end_epoch = iso_epoch(r.end_time);
  const SqlValue p[] = {as_int(r.dbid),
                        as_int(r.con_dbid.value_or(0)),
                        std::int64_t{r.instance_number.value_or(0)},
                        r.period_key,
                        r.begin_time,
                        r.end_time,
                        opt(end_epoch),
                        r.status,
                        std::int64_t{r.exit_code},
                        r.match,
                        r.window_s,
                        static_cast<std::int64_t>(r.baseline_periods),
                        r.headline,
                        r.checked_at};
  try {
    SqlTransaction tx(*m_impl->c);
    m_impl->c->query(
        "INSERT INTO checks (dbid, con_dbid, instance_number, period_key, begin_time, end_time, end_epoch, status, "
        "exit_code, match_periods, window_s, baseline_periods, headline, checked_at) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        p);
    tx.commit();
  } catch (const SqlError& e) { m_impl->fail(e, "recording the check"); }
}

std::size_t HistoryStore::prune(std::int64_t older_than_s, bool dry_run) {
  try {
    const SqlValue p[] = {older_than_s};
    std::vector<std::int64_t> ids;
    const auto select = [&] {
      m_impl->c->query(
          "SELECT p.period_id FROM periods p JOIN (SELECT dbid, con_dbid, instance_number, max(end_epoch) AS newest FROM "
          "periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = p.dbid AND n.con_dbid = p.con_dbid AND "
          "n.instance_number = p.instance_number WHERE p.end_epoch < n.newest - ? ORDER BY p.period_id",
          p, [&](const SqlRow& r) { ids.push_back(r.integer(0)); });
    };
    if (dry_run) {  // a reader's count: no write transaction (the store is open read-only)
      select();
      return ids.size();
    }
    SqlTransaction tx(*m_impl->c);
    select();
    for (const char* table : {"metric_values", "snapshots", "periods"})
      query_ids(*m_impl->c, fmt::format("DELETE FROM {} WHERE period_id IN ", table), ids);
    m_impl->c->query(
        "DELETE FROM checks WHERE check_id IN (SELECT c.check_id FROM checks c JOIN (SELECT dbid, con_dbid, instance_number, "
        "max(end_epoch) AS newest FROM periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = c.dbid AND "
        "n.con_dbid = c.con_dbid AND n.instance_number = c.instance_number WHERE c.end_epoch < n.newest - ?)",
        p);
    tx.commit();
    return ids.size();
  } catch (const SqlError& e) { m_impl->fail(e, "pruning"); }
}

}  // namespace awrdiff
