// Internal to the merge of snapshots (merge.hpp): the members of a set and the steps merge_snapshots takes,
// shared by merge.cpp (the summary sections, the SQL) and merge_sections.cpp (the other report sections).
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/merge.hpp>
#include <awrdiff/model.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace awrdiff::detail {

/// The sum of every value; empty when any is.
OptDouble sum_all(const std::vector<OptDouble>& v);

/// The catalog key of the section `reader` fills (its first catalog row: "latch_activity" for the latches):
/// the key a merge's notes go under (MergeNotes::table).
std::string section_key(SectionReader reader);

/// An event's wait class: the top list prints it, Foreground Wait Events often does not. Empty when
/// neither gives one. The comparison names an event's class with it too (src/diff).
std::string event_wait_class(const Snapshot& s, std::string_view name);

/// The members of a set in time order, and each one's elapsed (empty when a member has none).
struct Members {
  const std::vector<Snapshot>& m;
  std::vector<std::size_t> order;  // indexes of m by begin snap (else as given)
  std::vector<OptDouble> elapsed;
  double total_elapsed = 0;  // 0 when any member has no elapsed
  OptDouble tps;  // the merged transactions per second (Load Profile)
  MergeNotes* notes = nullptr;
  std::size_t earliest() const { return order.front(); }
  std::size_t latest() const { return order.back(); }
  void note(const std::string& table, std::string text) const {
    if (notes != nullptr) notes->table[table].push_back(std::move(text));
  }
};

/// The report sections past the summary (Instance Activity, IOStat, I/O, segments, latches, ..., init.ora)
/// merged into `out`.
void merge_sections(Snapshot& out, const Members& mm);

/// The generic tables merged by row where every measure kept is a total or a rate per second.
void merge_generic(Snapshot& out, const Members& mm);

/// Generic tables of other members that the first does not hold: not in every report, left out.
void note_generic_left_out(const Members& mm);

}  // namespace awrdiff::detail
