// awrdiff — a period's detail: where its DB time went, kept small (top SQL, DB time by wait class, top events), read
// from its report through the metric registry (metrics.hpp). The timeline and the fleet page read it of each period;
// the history store keeps it for every period (docs/history.md, "The detail of a period").
#pragma once

#include <awrdiff/model.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace awrdiff {

/// A statement of a period's top SQL (SQL ordered by Elapsed Time).
struct PeriodSql {
  std::string sql_id;
  /// Its SQL text as the report prints it (the complete text where the report lists it); in a detail read back from
  /// the history store, its first k_stored_sql_text_bytes bytes (more than the timeline and the fleet page show).
  std::string text;
  double elapsed_per_s = 0;  ///< Elapsed Time (s) / the period's elapsed: AAS
  OptDouble pct_db_time;  ///< %Total of SQL ordered by Elapsed Time: its elapsed over the period's DB time, %
  /// sql_signature_key (sql_text.hpp) of the whole text, set where the text was cut (the history store's detail):
  /// how the timeline matches the statement across sql_ids. Absent: the key is read from `text`.
  std::optional<std::string> signature_key;
};

/// The bytes of a statement's SQL text the history store keeps in a period's detail (cut at a character's start).
inline constexpr std::size_t k_stored_sql_text_bytes = 120;

/// A wait event of a period (Foreground Wait Events, else Top Timed Events), or DB CPU, as time per second.
struct PeriodEvent {
  std::string name;  ///< "library cache lock", "cursor: mutex X", "DB CPU"
  double aas = 0;  ///< Total Wait Time (s) (DB CPU: its time) / the period's elapsed: average active sessions
};

/// One part of a period's DB time per second (DB CPU, a non-idle wait class, or the time outside both).
struct PeriodPart {
  std::string name;  ///< "DB CPU" or a non-idle wait class ("User I/O", "Concurrency", ...)
  double aas = 0;  ///< seconds per second of elapsed (foreground wait classes where the report gives them)
};

/// What a period's report says of where its DB time went, kept small: the detail the timeline and the fleet page read
/// of each period (the history store keeps it for every period, after retention drops the snapshot body).
struct PeriodDetail {
  /// The first statements of SQL ordered by Elapsed Time, as AAS: the whole list of an AWR report (a statement
  /// missing from it is below its cut-off, Snapshot::sql_elapsed_cutoff_s), at most `top` of period_detail.
  std::vector<PeriodSql> top_sql;
  /// DB CPU (db_cpu_per_s), each non-idle wait class with time (wait_class:NAME:time_per_s: the foreground classes
  /// where the report gives them, else all) and the time outside DB CPU and waits (outside_per_s,
  /// "Outside DB CPU and waits"), as AAS: they add up to DB time per second.
  std::vector<PeriodPart> db_time_parts;
  /// DB CPU and the 10 non-idle wait events with the most time (Foreground Wait Events where the report gives them,
  /// else its Top Timed Events), as AAS, most first.
  std::vector<PeriodEvent> top_events;
  bool empty() const { return top_sql.empty() && db_time_parts.empty() && top_events.empty(); }
};

/// The detail of `snapshot` (PeriodDetail's fields, their sources and units); empty when the report has no elapsed
/// time. `top`: statements of the top SQL at most.
PeriodDetail period_detail(const Snapshot& snapshot, std::size_t top = 50);

}  // namespace awrdiff
