// Reading the history store: its periods, series, a metric's series, the stored snapshots, the check outcomes, an
// export of every value, and its own check (`history verify`).
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/printable.hpp>
#include <awrdiff/snapshot_json.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"
#include "json/json_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <unordered_map>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace {

// A text column's field: printable, a formula neutralised, quoted when needed (printable.hpp). The numeric
// columns are written as numbers.
std::string csv_field(const std::string& s) { return csv_text_field(s); }

// The JSON of a stored body (snapshot or detail): the row's encoding, JSON bytes and body, after the period's columns.
// Empty, with `why` set, when it cannot be read back (an unknown encoding, a damaged body, a zlib bomb).
std::optional<std::string> stored_json(const SqlRow& r, std::string& why) {
  const std::string encoding = r.text(k_period_column_count);
  why = "unknown encoding " + encoding;
  if (encoding != "zlib") return std::nullopt;
  return decompress(r.blob(k_period_column_count + 2), r.integer(k_period_column_count + 1), &why);
}

}  // namespace

std::vector<HistoryPeriod> HistoryStore::periods(std::optional<std::uint64_t> dbid) {
  std::vector<HistoryPeriod> out;
  try {
    std::vector<SqlValue> p;
    std::string sql = fmt::format("SELECT {} FROM periods p", k_period_columns);
    if (dbid) {
      sql += " WHERE p.dbid = ?";
      p.push_back(as_int(*dbid));
    }
    sql += " ORDER BY p.begin_time, p.dbid, p.con_dbid, p.instance_number, p.period_key";
    m_impl->c->query(sql, p, [&](const SqlRow& r) { out.push_back(read_period(r)); });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the periods"); }
  return out;
}

std::vector<HistorySeries> HistoryStore::series() { return m_impl->series_of(std::nullopt); }
std::vector<HistorySeries> HistoryStore::series(std::uint64_t dbid) { return m_impl->series_of(dbid); }

std::vector<HistorySeries> HistoryStore::Impl::series_of(std::optional<std::uint64_t> dbid) {
  std::vector<HistorySeries> out;
  try {
    check_integrity("read");  // a list of a damaged store would be silently incomplete
    std::vector<SqlValue> params;
    if (dbid) params.push_back(as_int(*dbid));
    const std::string sql = fmt::format(
        "SELECT {}, p.begin_epoch, p.end_epoch, p.startup_epoch, "
        "(SELECT count(*) FROM snapshots s WHERE s.dbid = p.dbid AND s.period_id = p.period_id AND s.encoding <> 'dropped') "
        "FROM periods p {}"
        "ORDER BY p.db_name, p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, p.period_key",
        k_period_columns, dbid ? "WHERE p.dbid = ? " : "");
    struct Prev {
      std::optional<std::int64_t> begin, end;
      std::string end_time;
    } prev;
    c->query(sql, params, [&](const SqlRow& r) {
      HistoryPeriod p = read_period(r);
      const auto b = r.opt_integer(k_period_column_count), e = r.opt_integer(k_period_column_count + 1),
                 st = r.opt_integer(k_period_column_count + 2);
      const bool snap = r.integer(k_period_column_count + 3) > 0;
      if (out.empty() || out.back().latest.dbid != p.dbid || out.back().latest.con_dbid != p.con_dbid ||
          out.back().latest.instance_number != p.instance_number) {
        out.emplace_back();
        out.back().first_begin = p.begin_time;
        prev = Prev{};
      }
      auto& s = out.back();
      ++s.periods;
      if (!p.valid) ++s.invalid;
      if (p.overlapping) ++s.overlapping;
      if (snap) ++s.with_snapshot;
      if (s.first_begin.empty()) s.first_begin = p.begin_time;
      if (p.end_time > s.last_end) s.last_end = p.end_time;
      if (prev.end && b && *b > *prev.end + 60) s.gaps.emplace_back(prev.end_time, p.begin_time);
      if (st && ((b && *st > *b) || (prev.begin && *st > *prev.begin))) s.restarts.emplace_back(p.startup_time, p.begin_time);
      if (b) prev.begin = b;
      if (e && (!prev.end || *e > *prev.end)) {
        prev.end = e;
        prev.end_time = p.end_time;
      }
      s.latest = std::move(p);
    });
    for (auto& s : out) {
      const SqlValue q[] = {as_int(s.latest.dbid), as_int(s.latest.con_dbid.value_or(0)),
                            std::int64_t{s.latest.instance_number.value_or(0)}};
      c->query("SELECT count(*) FROM checks WHERE dbid = ? AND con_dbid = ? AND instance_number = ?", q,
               [&](const SqlRow& r) { s.checks = static_cast<std::size_t>(r.integer(0)); });
    }
  } catch (const SqlError& e) { fail(e, "reading the periods"); }
  return out;
}

std::vector<HistoryPoint> HistoryStore::metric_series(const std::string& key, std::optional<std::uint64_t> dbid,
                                                      std::optional<int> instance) {
  const MetricSpec* spec = find_metric(key);
  if (spec == nullptr || spec->family || !spec->checked || spec->key != key)
    throw Error("",
                fmt::format("'{}' is not a metric the history keeps (the checked metrics of `awrdiff catalog --metrics`, e.g. "
                            "db_time_per_s)",
                            key));
  std::vector<HistoryPoint> out;
  try {
    m_impl->check_integrity("read");
    const auto mid = m_impl->metric_id(key);
    if (mid < 0) return out;
    std::vector<SqlValue> p{mid};
    std::string sql = fmt::format(
        "SELECT {}, v.value FROM periods p JOIN metric_values v ON v.dbid = p.dbid AND v.period_id = p.period_id WHERE v.metric_id = ?",
        k_period_columns);
    if (dbid) {
      sql += " AND p.dbid = ?";
      p.push_back(as_int(*dbid));
    }
    if (instance) {
      sql += " AND p.instance_number = ?";
      p.push_back(std::int64_t{*instance});
    }
    sql += " ORDER BY p.db_name, p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, p.period_key";
    m_impl->c->query(sql, p, [&](const SqlRow& r) { out.push_back({read_period(r), r.real(k_period_column_count)}); });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the series"); }
  return out;
}

std::vector<std::pair<HistoryPeriod, Snapshot>> HistoryStore::snapshots(
    std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
    std::optional<std::int64_t> from_epoch, std::optional<std::int64_t> to_epoch, std::size_t limit,
    std::vector<std::pair<HistoryPeriod, std::string>>* unreadable, bool without_detail) {
  std::vector<std::pair<HistoryPeriod, Snapshot>> out;
  if (unreadable) unreadable->clear();
  if (limit == 0) return out;
  try {
    std::vector<SqlValue> p{as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}};
    std::string sql = fmt::format(
        "SELECT {}, s.encoding, s.json_bytes, s.body FROM periods p JOIN snapshots s ON s.dbid = p.dbid AND s.period_id = p.period_id "
        "WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ? AND s.encoding <> 'dropped'",
        k_period_columns);
    if (without_detail) sql += " AND NOT EXISTS (SELECT 1 FROM details d WHERE d.dbid = p.dbid AND d.period_id = p.period_id)";
    if (from_epoch) {
      sql += " AND p.begin_epoch >= ?";
      p.push_back(*from_epoch);
    }
    if (to_epoch) {
      sql += " AND p.begin_epoch <= ?";
      p.push_back(*to_epoch);
    }
    sql += fmt::format(" ORDER BY p.begin_epoch DESC, p.period_key DESC LIMIT {}", limit);
    m_impl->c->query(sql, p, [&](const SqlRow& r) {
      HistoryPeriod hp = read_period(r);
      std::string why;
      const auto json = stored_json(r, why);
      if (json) {
        try {
          Snapshot snap = snapshot_from_json(*json, hp.source);
          out.emplace_back(std::move(hp), std::move(snap));
          return;
        } catch (const Error& e) { why = e.reason(); }
      }
      if (unreadable) unreadable->emplace_back(std::move(hp), std::move(why));
    });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the stored snapshots"); }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<std::pair<HistoryPeriod, PeriodDetail>> HistoryStore::details(
    std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
    std::optional<std::int64_t> from_epoch, std::optional<std::int64_t> to_epoch, std::size_t limit,
    std::vector<std::pair<HistoryPeriod, std::string>>* unreadable) {
  std::vector<std::pair<HistoryPeriod, PeriodDetail>> out;
  if (unreadable) unreadable->clear();
  if (limit == 0) return out;
  try {
    std::vector<SqlValue> p{as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}};
    // The details carry their period's DB Id and begin: the range on them prunes PostgreSQL's month partitions too.
    std::string sql = fmt::format(
        "SELECT {}, d.encoding, d.json_bytes, d.body FROM periods p JOIN details d ON d.dbid = p.dbid AND d.period_id = p.period_id "
        "WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ?",
        k_period_columns);
    for (const char* t : {"p", "d"}) {
      if (from_epoch) {
        sql += fmt::format(" AND {}.begin_epoch >= ?", t);
        p.push_back(*from_epoch);
      }
      if (to_epoch) {
        sql += fmt::format(" AND {}.begin_epoch <= ?", t);
        p.push_back(*to_epoch);
      }
    }
    sql += fmt::format(" ORDER BY p.begin_epoch DESC, p.period_key DESC LIMIT {}", limit);
    m_impl->c->query(sql, p, [&](const SqlRow& r) {
      HistoryPeriod hp = read_period(r);
      std::string why;
      const auto json = stored_json(r, why);
      if (json) {
        try {
          out.emplace_back(std::move(hp), period_detail_from_json(*json));
          return;
        } catch (const Error& e) { why = e.reason(); }
      }
      if (unreadable) unreadable->emplace_back(std::move(hp), "its detail: " + why);
    });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the stored details"); }
  std::reverse(out.begin(), out.end());
  return out;
}

DroppedDetail HistoryStore::dropped_detail(std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
                                           std::optional<std::int64_t> from_epoch, std::optional<std::int64_t> to_epoch,
                                           bool without_detail) {
  DroppedDetail out;
  try {
    std::vector<SqlValue> p{as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}};
    std::string sql =
        "SELECT count(*), min(p.begin_time), max(p.begin_time), max(s.dropped_at) FROM periods p JOIN snapshots s ON "
        "s.dbid = p.dbid AND s.period_id = p.period_id WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ? AND "
        "s.encoding = 'dropped'";
    if (without_detail) sql += " AND NOT EXISTS (SELECT 1 FROM details d WHERE d.dbid = p.dbid AND d.period_id = p.period_id)";
    if (from_epoch) {
      sql += " AND p.begin_epoch >= ?";
      p.push_back(*from_epoch);
    }
    if (to_epoch) {
      sql += " AND p.begin_epoch <= ?";
      p.push_back(*to_epoch);
    }
    m_impl->c->query(sql, p, [&](const SqlRow& r) {
      out.periods = static_cast<std::size_t>(r.integer(0));
      out.first_begin = r.text(1);
      out.last_begin = r.text(2);
      out.dropped_at = r.text(3);
    });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the stored snapshots"); }
  return out;
}

std::string DroppedDetail::sentence() const {
  if (periods == 0) return {};
  if (periods == 1)
    return fmt::format(
        "the snapshot body of 1 period ({}) was dropped by the store's retention on {} (its values are kept), "
        "so its top SQL and wait classes are blank",
        first_begin, dropped_at.substr(0, 10));
  return fmt::format(
      "the snapshot bodies of {} periods ({} .. {}) were dropped by the store's retention on {} (their values "
      "are kept), so their top SQL and wait classes are blank",
      periods, first_begin, last_begin, dropped_at.substr(0, 10));
}

std::string HistoryStore::export_text(const std::string& format) {
  if (format != "csv" && format != "jsonl") throw Error("", fmt::format("unknown export format '{}' (csv, jsonl)", format));
  std::string out;
  if (format == "csv")
    out =
        "dbid,db_name,instance_number,con_dbid,container,begin_snap,end_snap,begin_time,end_time,elapsed_s,valid,overlapping,"
        "source,metric,unit,value\n";
  try {
    m_impl->check_integrity("exported");  // an export of a damaged store would be silently incomplete
    std::unordered_map<std::string, std::string> units;
    for (const auto& m : all_metrics()) units.emplace(std::string(m.key), std::string(m.unit));
    const std::string sql = fmt::format(
        "SELECT {}, m.metric_key, v.value FROM periods p JOIN metric_values v ON v.dbid = p.dbid AND v.period_id = p.period_id JOIN metrics m ON "
        "m.metric_id = v.metric_id ORDER BY p.dbid, p.con_dbid, p.instance_number, p.begin_time, p.end_time, p.period_key, m.metric_key",
        k_period_columns);
    auto out_it = std::back_inserter(out);
    json_out::CompactWriter line;
    m_impl->c->query(sql, {}, [&](const SqlRow& r) {
      const HistoryPeriod p = read_period(r);
      const std::string metric = r.text(k_period_column_count);
      const double value = r.real(k_period_column_count + 1);
      const auto u = units.find(metric);
      const std::string unit = u == units.end() ? "" : u->second;
      auto opt_text = [](const auto& v) { return v ? fmt::format("{}", *v) : std::string(); };
      if (format == "csv") {
        fmt::format_to(out_it, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", p.dbid, csv_field(p.db_name),
                       opt_text(p.instance_number), opt_text(p.con_dbid), csv_field(p.container), opt_text(p.begin_snap),
                       opt_text(p.end_snap), csv_field(p.begin_time), csv_field(p.end_time), opt_text(p.elapsed_s),
                       p.valid ? 1 : 0, p.overlapping ? 1 : 0, csv_field(p.source), csv_field(metric), csv_field(unit), value);
      } else {
        // One object per line, its keys in this order (docs/history.md).
        line.clear();
        line.begin_object();
        line.key("dbid").integer(p.dbid);
        line.key("db_name").string(p.db_name);
        line.key("instance_number").integer(p.instance_number);
        line.key("con_dbid").integer(p.con_dbid);
        line.key("container").string(p.container);
        line.key("begin_snap").integer(p.begin_snap);
        line.key("end_snap").integer(p.end_snap);
        line.key("begin_time").string(p.begin_time);
        line.key("end_time").string(p.end_time);
        line.key("elapsed_s").number(p.elapsed_s);
        line.key("valid").boolean(p.valid);
        line.key("overlapping").boolean(p.overlapping);
        line.key("source").string(p.source);
        line.key("metric").string(metric);
        line.key("unit").string(unit);
        line.key("value").number(value);
        line.end_object();
        out += line.text();
        out += '\n';
      }
    });
  } catch (const SqlError& e) { m_impl->fail(e, "exporting"); }
  return out;
}

std::vector<CheckRecord> HistoryStore::recent_checks(std::uint64_t dbid, std::optional<int> instance,
                                                     std::optional<std::uint64_t> con_dbid, std::size_t n) {
  std::vector<CheckRecord> out;
  if (n == 0) return out;
  try {
    std::set<std::string> seen;
    for (std::int64_t limit = static_cast<std::int64_t>(n) * 8 + 8;; limit *= 8) {
      out.clear();
      seen.clear();
      std::int64_t rows = 0;
      const SqlValue p[] = {as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}, limit};
      m_impl->c->query(
          "SELECT period_key, begin_time, end_time, status, exit_code, match_periods, window_s, baseline_periods, headline, "
          "checked_at FROM checks WHERE dbid = ? AND con_dbid = ? AND instance_number = ? "
          "ORDER BY end_epoch DESC, check_id DESC LIMIT ?",
          p, [&](const SqlRow& r) {
            ++rows;
            if (out.size() >= n || !seen.insert(r.text(0)).second) return;
            CheckRecord c;
            c.dbid = dbid;
            c.instance_number = instance;
            c.con_dbid = con_dbid;
            c.period_key = r.text(0);
            c.begin_time = r.text(1);
            c.end_time = r.text(2);
            c.status = r.text(3);
            c.exit_code = static_cast<int>(r.integer(4));
            c.match = r.text(5);
            c.window_s = r.integer(6);
            c.baseline_periods = static_cast<std::size_t>(r.integer(7));
            c.headline = r.text(8);
            c.checked_at = r.text(9);
            out.push_back(std::move(c));
          });
      if (out.size() >= n || rows < limit) break;
    }
  } catch (const SqlError& e) { m_impl->fail(e, "reading the check outcomes"); }
  return out;
}

std::optional<std::int64_t> HistoryStore::size_bytes() {
  try {
    return m_impl->c->size_bytes();
  } catch (const SqlError& e) { m_impl->fail(e, "measuring the store"); }
}

std::vector<std::string> HistoryStore::verify() {
  std::vector<std::string> out;
  try {
    auto& c = *m_impl->c;
    if (c.dialect() == detail::SqlDialect::sqlite)
      c.query("PRAGMA integrity_check", {}, [&](const SqlRow& r) {
        if (r.text(0) != "ok") out.push_back("integrity_check: " + r.text(0));
      });
    auto count = [&](const char* what, const char* sql) {
      c.query(sql, {}, [&](const SqlRow& r) {
        if (r.integer(0) > 0) out.push_back(fmt::format("{} {}", r.integer(0), what));
      });
    };
    count("periods without any metric value",
          "SELECT count(*) FROM periods p WHERE NOT EXISTS (SELECT 1 FROM metric_values v WHERE v.period_id = p.period_id)");
    count("metric values of no period",
          "SELECT count(*) FROM metric_values v WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.period_id = v.period_id)");
    count("metric values of an unknown metric",
          "SELECT count(*) FROM metric_values v WHERE NOT EXISTS (SELECT 1 FROM metrics m WHERE m.metric_id = v.metric_id)");
    count("snapshots of no period",
          "SELECT count(*) FROM snapshots s WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.period_id = s.period_id)");
    count("details of no period",
          "SELECT count(*) FROM details d WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.period_id = d.period_id)");
  } catch (const SqlError& e) { out.push_back(fmt::format("{}", e.what())); }
  return out;
}

}  // namespace awrdiff
