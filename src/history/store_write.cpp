// Writing to the history store: adding periods (each add one transaction: all of a period or nothing of it), recording
// a check's outcome, and pruning old periods.
#include <awrdiff/history.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

void HistoryStore::Impl::insert_values(const PreparedPeriod& pp, std::optional<std::int64_t> b, std::int64_t id) {
  const HistoryPeriod& p = pp.period;
  // The values: one multi-row statement.
  std::vector<SqlValue> vp;
  std::string sql = "INSERT INTO metric_values (dbid, begin_epoch, period_id, metric_id, value) VALUES ";
  for (const auto& [k, v] : pp.values) {
    const auto mid = metric_id(k);
    if (mid < 0 || !std::isfinite(v)) continue;
    if (!vp.empty()) sql += ", ";
    sql += "(?, ?, ?, ?, ?)";
    vp.insert(vp.end(), {as_int(p.dbid), opt(b), id, mid, v});
  }
  if (!vp.empty()) c->query(sql, vp);
  // The snapshot's body and the period's detail: compressed JSON in a table of the same columns each.
  const auto insert_body = [&](std::string_view table, const std::string& zlib, std::size_t json_bytes) {
    if (zlib.empty() || json_bytes == 0) return;
    const SqlValue row[] = {as_int(p.dbid),       opt(b), id, std::string("zlib"), static_cast<std::int64_t>(json_bytes),
                            detail::SqlBlob{zlib}};
    c->query(
        fmt::format("INSERT INTO {} (dbid, begin_epoch, period_id, encoding, json_bytes, body) VALUES (?, ?, ?, ?, ?, ?)", table),
        row);
  };
  insert_body("snapshots", pp.snapshot_zlib, pp.snapshot_json_bytes);
  insert_body("details", pp.detail_zlib, pp.detail_json_bytes);
}

void HistoryStore::Impl::flag_overlaps(const HistoryPeriod& p, std::int64_t b, std::int64_t e, std::int64_t id, AddResult& out) {
  std::int64_t longest = 0;
  c->query("SELECT value FROM meta WHERE name = 'longest_period_s'", {},
           [&](const SqlRow& r) { longest = std::atoll(r.text(0).c_str()); });
  if (e - b > longest) {
    const SqlValue lp[] = {std::to_string(e - b)};
    c->query("DELETE FROM meta WHERE name = 'longest_period_s'", {});
    c->query("INSERT INTO meta (name, value) VALUES ('longest_period_s', ?)", lp);
  }
  const SqlValue op[] = {as_int(p.dbid),
                         as_int(p.con_dbid.value_or(0)),
                         std::int64_t{p.instance_number.value_or(0)},
                         id,
                         b - std::max(longest, e - b) - 1,
                         e,
                         b};
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
    others.push_back(id);
    for (auto oid : others) {
      const SqlValue u[] = {as_int(p.dbid), oid};
      c->query("UPDATE periods SET overlapping = 1 WHERE dbid = ? AND period_id = ?", u);
    }
  }
}

AddResult HistoryStore::Impl::add_in_transaction(const PreparedPeriod& pp, const std::string& added_at) {
  const HistoryPeriod& p = pp.period;
  AddResult out;
  out.label = p.label();
  const std::string key = key_of(p);
  const auto b = iso_epoch(p.begin_time);
  auto e = iso_epoch(p.end_time);
  if (!e && b && p.elapsed_s) e = *b + static_cast<std::int64_t>(std::llround(*p.elapsed_s));
  const auto startup = iso_epoch(p.startup_time);
  // The master metric, also a column of the period (the fleet page's month of periods in one narrow scan).
  OptDouble db_time_per_s;
  if (const auto it = pp.values.find("db_time_per_s"); it != pp.values.end()) db_time_per_s = it->second;
  ensure_month(b);  // before the DB Id's lock: the schema lock is always taken first
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
                             added_at,
                             opt(db_time_per_s)};
  // The same period from another file (a text report and its HTML twin): kept once, the HTML one
  // (more digits), then the file whose name sorts first, so the store does not depend on the order.
  std::optional<std::int64_t> id;
  {
    const SqlValue k[] = {as_int(p.dbid), key};
    std::optional<std::int64_t> old_id;
    std::string old_format, old_source;
    c->query("SELECT period_id, format, source FROM periods WHERE dbid = ? AND period_key = ?", k, [&](const SqlRow& r) {
      old_id = r.integer(0);
      old_format = r.text(1);
      old_source = r.text(2);
    });
    if (old_id) {
      auto rank = [](const std::string& format, const std::string& source) {
        return std::make_pair(format == "html" ? 0 : 1, source);
      };
      if (!(rank(p.format, p.source) < rank(old_format, old_source))) return out;  // a no-op
      const SqlValue o[] = {as_int(p.dbid), *old_id};
      c->query("DELETE FROM metric_values WHERE dbid = ? AND period_id = ?", o);
      c->query("DELETE FROM snapshots WHERE dbid = ? AND period_id = ?", o);
      c->query("DELETE FROM details WHERE dbid = ? AND period_id = ?", o);
      std::vector<SqlValue> u(std::size(params) + 1);  // the facts but the key, then the period's DB Id and id
      std::copy(std::begin(params) + 1, std::end(params), u.begin());
      u[u.size() - 2] = as_int(p.dbid);
      u.back() = *old_id;
      c->query(
          "UPDATE periods SET dbid = ?, db_name = ?, con_dbid = ?, container = ?, instance_number = ?, instance_name = ?, "
          "kind = ?, format = ?, release = ?, host = ?, cpus = ?, begin_snap = ?, end_snap = ?, begin_time = ?, end_time = ?, "
          "begin_epoch = ?, end_epoch = ?, begin_hour = ?, begin_weekday = ?, elapsed_s = ?, startup_time = ?, "
          "startup_epoch = ?, valid = ?, invalid_reason = ?, source = ?, added_at = ?, db_time_per_s = ? WHERE dbid = ? AND "
          "period_id = ?",
          u);
      id = old_id;
      out.replaced = true;
    }
  }
  if (!id)
    c->query(
        "INSERT INTO periods (period_key, dbid, db_name, con_dbid, container, instance_number, instance_name, kind, format, "
        "release, host, cpus, begin_snap, end_snap, begin_time, end_time, begin_epoch, end_epoch, begin_hour, begin_weekday, "
        "elapsed_s, startup_time, startup_epoch, valid, invalid_reason, overlapping, source, added_at, db_time_per_s) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) "
        "ON CONFLICT DO NOTHING RETURNING period_id",
        params, [&](const SqlRow& r) {
          id = r.integer(0);
          out.added = true;
        });
  if (!id) return out;  // the same period is stored already
  insert_values(pp, b, *id);
  // Overlaps with stored periods of the same instance: both are flagged (so the store does not
  // depend on the order the reports came in).
  // The candidates begin at most the longest stored period's length before this one (kept in meta),
  // so the index bounds the search on both sides however large the history.
  if (b && e) flag_overlaps(p, *b, *e, *id, out);
  return out;
}

AddResult HistoryStore::add(const PreparedPeriod& period) {
  try {
    SqlTransaction tx(*m_impl->c);
    auto r = m_impl->add_in_transaction(period, utc_now());
    tx.commit();
    return r;
  } catch (const SqlError& e) {
    m_impl->months_ready.clear();  // a partition made in the rolled-back transaction is gone
    m_impl->fail(e, fmt::format("adding {}", period.period.source));
  }
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
  } catch (const SqlError& e) {
    m_impl->months_ready.clear();
    m_impl->fail(e, fmt::format("adding {} periods", periods.size()));
  }
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
    std::map<std::int64_t, std::vector<std::int64_t>> ids;  // DB Id -> its periods (every index leads with the DB Id)
    std::size_t count = 0;
    const auto select = [&] {
      m_impl->c->query(
          "SELECT p.dbid, p.period_id FROM periods p JOIN (SELECT dbid, con_dbid, instance_number, max(end_epoch) AS newest FROM "
          "periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = p.dbid AND n.con_dbid = p.con_dbid AND "
          "n.instance_number = p.instance_number WHERE p.end_epoch < n.newest - ? ORDER BY p.dbid, p.period_id",
          p, [&](const SqlRow& r) {
            ids[r.integer(0)].push_back(r.integer(1));
            ++count;
          });
    };
    if (dry_run) {  // a reader's count: no write transaction (the store is open read-only)
      select();
      return count;
    }
    SqlTransaction tx(*m_impl->c);
    select();
    for (const auto& [dbid, of_db] : ids)
      for (const char* table : {"metric_values", "snapshots", "details", "periods"})
        query_ids(*m_impl->c, fmt::format("DELETE FROM {} WHERE dbid = ? AND period_id IN ", table), {SqlValue(dbid)}, of_db);
    m_impl->c->query(
        "DELETE FROM checks WHERE check_id IN (SELECT c.check_id FROM checks c JOIN (SELECT dbid, con_dbid, instance_number, "
        "max(end_epoch) AS newest FROM periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = c.dbid AND "
        "n.con_dbid = c.con_dbid AND n.instance_number = c.instance_number WHERE c.end_epoch < n.newest - ?)",
        p);
    tx.commit();
    return count;
  } catch (const SqlError& e) { m_impl->fail(e, "pruning"); }
}

std::size_t HistoryStore::prune_months(std::int64_t older_than_s, bool dry_run) {
  auto& c = *m_impl->c;
  try {
    std::optional<std::int64_t> newest;
    c.query("SELECT max(end_epoch) FROM periods", {}, [&](const SqlRow& r) { newest = r.opt_integer(0); });
    if (!newest) return 0;
    // The months wholly before the one that holds the cut: a month is kept whole or dropped whole.
    const std::int64_t cutoff = month_of(*newest - older_than_s).begin;
    const SqlValue p[] = {cutoff};
    std::size_t count = 0;
    c.query("SELECT count(*) FROM periods WHERE begin_epoch < ?", p,
            [&](const SqlRow& r) { count = static_cast<std::size_t>(r.integer(0)); });
    if (dry_run || count == 0) return count;
    SqlTransaction tx(c);
    if (m_impl->backend->partitioned) {
      // Dropping the months' partitions: no row is deleted, nothing is left for vacuum.
      c.lock_for_write(k_schema_lock);
      std::vector<std::string> suffixes;
      c.query(
          "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class t ON t.oid = i.inhparent "
          "WHERE t.relname = 'periods' AND t.relnamespace = current_schema()::regnamespace ORDER BY c.relname",
          {}, [&](const SqlRow& r) {
            const std::string name = r.text(0);  // periods_y2026m11
            if (name.size() == 16 && name.compare(0, 9, "periods_y") == 0 && name[13] == 'm') suffixes.push_back(name.substr(8));
          });
      for (const auto& suffix : suffixes) {
        const int year = std::atoi(suffix.substr(1, 4).c_str()), month = std::atoi(suffix.substr(6, 2).c_str());
        const auto begin = iso_epoch(fmt::format("{:04d}-{:02d}-15T00:00:00", year, month));
        if (!begin || month_of(*begin).end > cutoff) continue;
        c.exec(fmt::format("DROP TABLE metric_values_{0}, snapshots_{0}, details_{0}, periods_{0}", suffix));
      }
      m_impl->months_ready.clear();
    } else {
      for (const char* table : {"metric_values", "snapshots", "details", "periods"})
        c.query(fmt::format("DELETE FROM {} WHERE begin_epoch < ?", table), p);
    }
    // The check outcomes of the periods gone (a period that began in the last month dropped ends in the next one).
    const SqlValue q[] = {cutoff + 2 * 86400};
    c.query(
        "DELETE FROM checks WHERE end_epoch < ? AND NOT EXISTS (SELECT 1 FROM periods p WHERE p.dbid = checks.dbid AND "
        "p.period_key = checks.period_key)",
        q);
    tx.commit();
    return count;
  } catch (const SqlError& e) {
    m_impl->months_ready.clear();
    m_impl->fail(e, "pruning months");
  }
}

std::size_t HistoryStore::drop_bodies(const RetentionPolicy& policy, bool dry_run) {
  auto& c = *m_impl->c;
  try {
    // The periods whose latest vote warned or failed keep their body.
    std::set<std::pair<std::int64_t, std::string>> flagged;
    if (policy.keep_flagged) {
      std::map<std::pair<std::int64_t, std::string>, std::string> latest;
      c.query("SELECT dbid, period_key, status FROM checks ORDER BY check_id", {}, [&](const SqlRow& r) {
        latest[{r.integer(0), r.text(1)}] = r.text(2);
      });
      for (const auto& [key, status] : latest)
        if (status == "fail" || status == "warn") flagged.insert(key);
    }
    std::map<std::int64_t, std::vector<std::int64_t>> ids;  // DB Id -> its periods whose body goes
    std::size_t count = 0;
    const auto select = [&] {
      const SqlValue p[] = {policy.bodies_for_s};
      c.query(
          "SELECT p.dbid, p.period_id, p.period_key FROM periods p JOIN (SELECT dbid, con_dbid, instance_number, max(end_epoch) "
          "AS newest FROM periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = p.dbid AND n.con_dbid = p.con_dbid AND "
          "n.instance_number = p.instance_number JOIN snapshots s ON s.dbid = p.dbid AND s.period_id = p.period_id "
          "WHERE s.encoding <> 'dropped' AND p.end_epoch < n.newest - ? ORDER BY p.dbid, p.period_id",
          p, [&](const SqlRow& r) {
            if (flagged.count({r.integer(0), r.text(2)}) != 0) return;
            ids[r.integer(0)].push_back(r.integer(1));
            ++count;
          });
    };
    if (dry_run) {
      select();
      return count;
    }
    SqlTransaction tx(c);
    select();
    const std::string now = utc_now();
    for (const auto& [dbid, of_db] : ids)
      query_ids(c,
                "UPDATE snapshots SET encoding = 'dropped', json_bytes = 0, body = ?, dropped_at = ? WHERE dbid = ? AND "
                "period_id IN ",
                {SqlValue(detail::SqlBlob{}), SqlValue(now), SqlValue(dbid)}, of_db);
    tx.commit();
    return count;
  } catch (const SqlError& e) { m_impl->fail(e, "dropping snapshot bodies"); }
}

}  // namespace awrdiff
