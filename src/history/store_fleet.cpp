// Reading the history store for `awrdiff fleet` (docs/fleet.md): every series' latest period, and the periods of a
// range with a few of their values and their latest stored votes, in four queries (one more per 500 series)
// whatever the size of the fleet.
#include <awrdiff/history.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace {

using SeriesId = std::tuple<std::uint64_t, std::uint64_t, int>;  // DB Id, container (0: none), instance (0: cluster)

SeriesId id_of(const HistoryPeriod& p) { return {p.dbid, p.con_dbid.value_or(0), p.instance_number.value_or(0)}; }

// Each series' place in fleet_rows' result, found for each of the month's rows (a fleet's writers interleave them).
struct SeriesHash {
  std::size_t operator()(const SeriesId& s) const {
    return std::hash<std::uint64_t>()(std::get<0>(s) * 1000003U ^ std::get<1>(s) * 8191U ^
                                      static_cast<std::uint64_t>(std::get<2>(s)));
  }
};
using SeriesIndex = std::unordered_map<SeriesId, std::size_t, SeriesHash>;

// The condition on `alias`'s DB Id that keeps `part`'s series (a DB Id modulo the count, never negative); empty for the
// whole fleet.
std::string part_condition(std::string_view alias, FleetPart part) {
  if (part.count <= 1) return "";
  return fmt::format(" AND (({0}dbid % {1}) + {1}) % {1} = {2}", alias, part.count, part.index);
}

// Each series of `part` with a period that begins before the parameter, with the latest such begin. PostgreSQL: the
// series found by skipping through the index by series (periods_series: a recursive query, one probe a series
// whatever the length of the history kept), then each one's latest begin before the range (one probe); SQLite: a
// GROUP BY of the periods before the range.
std::string silent_series_sql(detail::SqlDialect dialect, FleetPart part) {
  if (dialect != detail::SqlDialect::postgresql)
    return fmt::format(
        "SELECT dbid, con_dbid, instance_number, max(begin_epoch) FROM periods WHERE begin_epoch < ?{} "
        "GROUP BY dbid, con_dbid, instance_number",
        part_condition("", part));
  return fmt::format(
      "WITH RECURSIVE s (dbid, con_dbid, instance_number) AS ((SELECT dbid, con_dbid, instance_number FROM periods "
      "ORDER BY dbid, con_dbid, instance_number LIMIT 1) UNION ALL SELECT n.dbid, n.con_dbid, n.instance_number FROM s "
      "CROSS JOIN LATERAL (SELECT p.dbid, p.con_dbid, p.instance_number FROM periods p WHERE (p.dbid, p.con_dbid, "
      "p.instance_number) > (s.dbid, s.con_dbid, s.instance_number) ORDER BY p.dbid, p.con_dbid, p.instance_number "
      "LIMIT 1) n) "
      "SELECT s.dbid, s.con_dbid, s.instance_number, b.latest FROM s CROSS JOIN LATERAL (SELECT max(p.begin_epoch) AS "
      "latest FROM periods p WHERE p.dbid = s.dbid AND p.con_dbid = s.con_dbid AND p.instance_number = s.instance_number "
      "AND p.begin_epoch < ?) b WHERE b.latest IS NOT NULL{}",
      part_condition("s.", part));
}

// A period's latest stored check (the cron's vote): its status, the like periods it was checked against (its --match)
// and its order among the checks (a series' latest vote gives the series its cron's --match).
struct Vote {
  std::string status, match;
  std::int64_t order = 0;
};

// The latest vote of each period checked since `from_epoch` (a later check of a period replaces its vote), by period id.
std::unordered_map<std::int64_t, Vote> latest_votes(detail::SqlConnection& c, std::int64_t from_epoch, FleetPart part) {
  std::unordered_map<std::int64_t, Vote> votes;
  const SqlValue from_param[] = {from_epoch};
  c.query(fmt::format("SELECT p.period_id, c.status, c.match_periods, c.check_id FROM checks c JOIN periods p ON p.period_key = "
                      "c.period_key WHERE c.end_epoch >= ?{} ORDER BY c.check_id",
                      part_condition("p.", part)),
          from_param, [&](const SqlRow& r) {
            votes[r.integer(0)] = {r.text(1), r.text(2), r.integer(3)};
          });
  return votes;
}

// Each series' latest period, its full row: `latest` holds the begin of each series' period that ends last (of those
// that begin at or before the end of the range read; before the range, its latest begin); of the periods of one
// begin, the one that ends last (then the last period_key). 500 series a statement.
void read_latest(detail::SqlConnection& c, const std::vector<std::pair<SeriesId, std::int64_t>>& latest,
                 std::vector<FleetSeriesRows>& out, const SeriesIndex& index) {
  for (std::size_t at = 0; at < latest.size(); at += 500) {
    std::vector<std::string> keys;
    for (std::size_t i = at; i < latest.size() && i < at + 500; ++i) {
      const auto& [id, b] = latest[i];
      keys.push_back(fmt::format("({}, {}, {}, {})", as_int(std::get<0>(id)), as_int(std::get<1>(id)), std::get<2>(id), b));
    }
    const std::string sql = fmt::format(
        "WITH m (dbid, con_dbid, instance_number, b) AS (VALUES {}) SELECT {}, p.begin_epoch, p.end_epoch FROM periods p "
        "JOIN m ON p.dbid = m.dbid AND p.con_dbid = m.con_dbid AND p.instance_number = m.instance_number AND "
        "p.begin_epoch = m.b ORDER BY p.dbid, p.con_dbid, p.instance_number, p.end_epoch, p.period_key",
        fmt::join(keys, ", "), k_period_columns);
    c.query(sql, {}, [&](const SqlRow& r) {
      HistoryPeriod p = read_period(r);
      const auto it = index.find(id_of(p));
      if (it == index.end()) return;
      auto& s = out[it->second];  // periods of one begin: the one that ends last
      s.latest_begin_epoch = r.opt_integer(k_period_column_count);
      s.latest_end_epoch = r.opt_integer(k_period_column_count + 1);
      s.latest = std::move(p);
    });
  }
}

// `v` in the order of `keys` (begin, period id), `keys` with it.
template <class T>
void sort_by(std::vector<T>& v, std::vector<std::pair<std::int64_t, std::int64_t>>& keys) {
  if (std::is_sorted(keys.begin(), keys.end())) return;
  std::vector<std::size_t> order(v.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return keys[x] < keys[y]; });
  std::vector<T> sorted;
  sorted.reserve(v.size());
  for (auto i : order) sorted.push_back(std::move(v[i]));
  v = std::move(sorted);
  std::sort(keys.begin(), keys.end());
}

// The rows of fleet_rows' statement of the periods (and their values, where joined), in any order: each period into
// its series' samples (and rows, from `detail_from` on), each series' latest begin on the way.
struct FleetReader {
  std::vector<FleetSeriesRows>& out;
  SeriesIndex& index;
  const std::unordered_map<std::int64_t, Vote>& votes;  // period_id -> its latest vote
  const std::unordered_map<std::int64_t, std::string>& metric_keys;
  bool master_column, master_asked;  // DB time per second: the samples' metric, asked for (the periods' column)
  std::int64_t first_id, detail_from;
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::int64_t last_id = -1;
  std::size_t series = none, row = none, sample = none;
  SeriesId last_sid{};
  // Per series: the begin of its period that ends last (a long report may end after shorter ones that begin later:
  // the series is not silent while it runs), and that end.
  std::vector<std::int64_t> latest{}, latest_end{};
  std::vector<std::int64_t> vote_order{};  // per series: the order of the vote its vote_match is of (-1: none)
  std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> sample_keys{}, row_keys{};  // per series: (begin, id)

  void read(const SqlRow& r) {
    const std::int64_t id = r.integer(0);
    if (id != last_id) {
      last_id = id;
      begin_period(r, id);
    }
    const auto mid = r.opt_integer(15);
    if (!mid || r.is_null(16)) return;
    if (sample != none && !master_column && *mid == first_id) {
      out[series].samples[sample].value = r.real(16);
      out[series].samples[sample].has_value = true;
    }
    if (row != none)
      if (const auto k = metric_keys.find(*mid); k != metric_keys.end()) out[series].rows[row].values[k->second] = r.real(16);
  }

  void begin_period(const SqlRow& r, std::int64_t id) {
    const SeriesId sid{static_cast<std::uint64_t>(r.integer(1)), static_cast<std::uint64_t>(r.integer(2)),
                       static_cast<int>(r.integer(3))};
    if (series == none || sid != last_sid) {
      auto [it, fresh] = index.emplace(sid, out.size());
      if (fresh) {
        out.emplace_back();
        latest.push_back(std::numeric_limits<std::int64_t>::min());
        latest_end.push_back(std::numeric_limits<std::int64_t>::min());
        vote_order.push_back(-1);
        sample_keys.emplace_back();
        row_keys.emplace_back();
      }
      series = it->second;
      last_sid = sid;
    }
    auto& s = out[series];
    row = none;
    sample = none;
    const auto b = r.opt_integer(10), e = r.opt_integer(11);
    if (b) {
      const std::int64_t end = e.value_or(*b);
      if (end > latest_end[series] || (end == latest_end[series] && *b > latest[series])) {
        latest_end[series] = end;
        latest[series] = *b;
      }
    }
    const auto vote = votes.find(id);
    if (vote != votes.end() && vote->second.order >= vote_order[series]) {
      vote_order[series] = vote->second.order;
      s.vote_match = vote->second.match;
    }
    if (b && e) {
      s.samples.push_back(
          {*b, *e, r.opt_integer(12), 0, false, r.integer(9) != 0, vote != votes.end() && vote->second.status == "fail"});
      sample_keys[series].emplace_back(*b, id);
      sample = s.samples.size() - 1;
      if (master_column && !r.is_null(17)) {
        s.samples.back().value = r.real(17);
        s.samples.back().has_value = true;
      }
    }
    if (!b || *b < detail_from) return;
    s.rows.emplace_back();
    row_keys[series].emplace_back(*b, id);
    row = s.rows.size() - 1;
    FleetRow& fr = s.rows.back();
    auto& p = fr.period;
    p.begin_snap = r.opt_integer(4);
    p.end_snap = r.opt_integer(5);
    p.begin_time = r.text(6);
    p.end_time = r.text(7);
    p.elapsed_s = r.opt_real(8);
    p.valid = r.integer(9) != 0;
    p.source = r.text(13);
    p.startup_time = r.text(14);
    fr.begin_epoch = b;
    fr.end_epoch = e;
    fr.startup_epoch = r.opt_integer(12);
    if (vote != votes.end()) fr.vote = vote->second.status;
    if (master_asked && !r.is_null(17)) fr.values["db_time_per_s"] = r.real(17);
  }

  // Each series' samples and rows by begin, then period id.
  void sort() {
    for (std::size_t i = 0; i < out.size() && i < sample_keys.size(); ++i) {
      sort_by(out[i].samples, sample_keys[i]);
      sort_by(out[i].rows, row_keys[i]);
    }
  }
};

}  // namespace

std::vector<FleetSeriesRows> HistoryStore::fleet_rows(std::int64_t from_epoch, std::int64_t to_epoch,
                                                      const std::vector<std::string>& metrics, std::int64_t detail_from_epoch,
                                                      FleetPart part) {
  std::vector<FleetSeriesRows> out;
  SeriesIndex index;
  try {
    m_impl->check_integrity("read");  // a page of a damaged store would be silently incomplete
    auto& c = *m_impl->c;
    // 1. The latest vote of each period checked in the range (a later check of a period replaces its vote).
    const std::unordered_map<std::int64_t, Vote> votes = latest_votes(c, from_epoch, part);
    // 2. The periods of the range with the values asked for, one row per period and value: only the columns the page
    // reads, and the texts, snaps and elapsed only from `detail_from_epoch` on (NULL before: 720,000 periods are read in
    // a month of 1,000 databases, most of them only for their epochs and DB time per second).
    // DB time per second is a column of the period (schema 3): it is read from there, and the other metrics asked for
    // are joined only from `detail_from_epoch` on (when DB time per second is the samples' metric, else from the range's
    // start). The fleet page's month (DB time per second alone) is then one scan of the periods, in no order (sorted
    // here, per series: no sort of the month on the server), each series' latest period found on the way.
    constexpr std::string_view k_master = "db_time_per_s";
    const bool master_column = !metrics.empty() && metrics.front() == k_master;
    const bool master_asked = std::find(metrics.begin(), metrics.end(), k_master) != metrics.end();
    std::vector<std::int64_t> ids;  // the others'
    const std::int64_t first_id = metrics.empty() ? -1 : m_impl->metric_id(metrics.front());  // the samples' metric
    for (const auto& k : metrics)
      if (const auto mid = m_impl->metric_id(k); mid >= 0 && k != k_master) ids.push_back(mid);
    const std::string join =
        ids.empty() ? std::string()
                    : fmt::format(
                          "LEFT JOIN metric_values v ON v.dbid = p.dbid AND v.period_id = p.period_id AND v.begin_epoch >= ? "
                          "AND v.begin_epoch <= ? AND v.metric_id IN ({})",
                          fmt::join(ids, ", "));
    // Two statements of the same columns: the periods before `detail_from_epoch` with only what a sample needs (read
    // from the index periods_fleet alone, schema 4: PostgreSQL's index-only scan), then those from it on, whole.
    const auto rows = [&](bool whole) {
      return fmt::format(
          "SELECT p.period_id, p.dbid, p.con_dbid, p.instance_number, {}, p.valid, p.begin_epoch, p.end_epoch, "
          "p.startup_epoch, {}, {}, p.db_time_per_s FROM periods p {} WHERE p.begin_epoch >= ? AND p.begin_epoch {} ?{}{}",
          whole ? "p.begin_snap, p.end_snap, p.begin_time, p.end_time, p.elapsed_s" : "NULL, NULL, '', '', NULL",
          whole ? "p.source, p.startup_time" : "'', ''", ids.empty() ? "NULL, NULL" : "v.metric_id, v.value", join,
          whole ? "<=" : "<", part_condition("p.", part),
          ids.empty() ? "" : " ORDER BY p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, p.period_id");
    };
    // PostgreSQL would compile the month's statement (about 1 s of JIT) for no gain: its rows are simple reads. A server
    // without the setting (before 11) keeps its own.
    if (c.dialect() == detail::SqlDialect::postgresql) {
      try {
        c.exec("SET jit = off");
      } catch (const SqlError&) {}
    }
    FleetReader reader{out, index, votes, m_impl->metric_keys, master_column, master_asked, first_id, detail_from_epoch};
    // The values' rows carry their period's DB Id and begin (schema 2): the range on them prunes PostgreSQL's month
    // partitions of metric_values, as the one on the periods prunes theirs.
    std::vector<SqlValue> join_range;
    if (!ids.empty())
      join_range = {SqlValue(master_column ? std::max(from_epoch, detail_from_epoch) : from_epoch), SqlValue(to_epoch)};
    const std::int64_t split = std::clamp(detail_from_epoch, from_epoch, to_epoch + 1);
    for (const bool whole : {false, true}) {
      std::vector<SqlValue> range = join_range;
      range.insert(range.end(), {SqlValue(whole ? split : from_epoch), SqlValue(whole ? to_epoch : split)});
      c.query(rows(whole), range, [&](const SqlRow& r) { reader.read(r); });
    }
    reader.sort();
    // 3. The series with no period in the range but before it (silent since): their latest begin.
    std::vector<std::pair<SeriesId, std::int64_t>> latest_begins;
    for (const auto& [sid, i] : index) latest_begins.emplace_back(sid, reader.latest[i]);
    const SqlValue from_param[] = {from_epoch};
    c.query(silent_series_sql(c.dialect(), part), from_param, [&](const SqlRow& r) {
      const SeriesId sid{static_cast<std::uint64_t>(r.integer(0)), static_cast<std::uint64_t>(r.integer(1)),
                         static_cast<int>(r.integer(2))};
      if (index.emplace(sid, out.size()).second) {
        out.emplace_back();
        latest_begins.emplace_back(sid, r.integer(3));
      }
    });
    // 4. Each series' latest period, whole (its label, its facts).
    read_latest(c, latest_begins, out, index);
  } catch (const SqlError& e) { m_impl->fail(e, "reading the fleet's periods"); }
  // Ordered by DB Id, container, instance.
  std::sort(out.begin(), out.end(),
            [](const FleetSeriesRows& a, const FleetSeriesRows& b) { return id_of(a.latest) < id_of(b.latest); });
  return out;
}

}  // namespace awrdiff
