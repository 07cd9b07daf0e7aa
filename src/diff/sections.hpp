// The other report sections side by side: Instance Efficiency, Instance Activity, IOStat, tablespace
// and file I/O, segments, latches, mutexes, enqueues, library and dictionary cache, undo, init.ora,
// wait event histograms, Operating System Statistics, RAC global cache, memory areas, and every other
// table the parser kept as a generic table. Each section is one row of the table in sections.cpp: its
// title, its key and measures, the registry family (metrics.hpp) that ranks and assesses its rows.
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include <span>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// Appends one CompareTable per section either snapshot holds (group "sections"), rows matched by
/// their key, values as rates per second where the report gives totals, a row missing from one
/// report's top-N list "not shown" there (its change a bound), rows ranked by the size of their
/// material change (CompareTable::text_rows caps the text formats). `base` is null for a single
/// report: the target's values alone.
void add_section_tables(Comparison& out, const Snapshot* base, const Snapshot& target);

/// Adds to findings the rows of the section tables that stand behind them, as evidence lines ("Segments by row
/// lock waits: APP.ORDERS 0.16 -> 0.27 /s (+68%)"): for a contention finding the segments (row lock, buffer
/// busy, ITL waits), latches, mutexes or enqueues of its events; for an I/O latency finding the tablespaces
/// whose average read moved and the event's histogram shift; for commit latency the histogram shifts of log
/// file sync and log file parallel write. Only rows whose change goes the finding's way; at most 3 per finding.
/// Reads the tables add_section_tables() made (none: nothing added).
void add_section_evidence(Comparison& out);

/// The catalog keys of the typed sections add_section_tables() compares (for docs and tests).
std::span<const std::string_view> compared_section_keys();

}  // namespace awrdiff::detail
