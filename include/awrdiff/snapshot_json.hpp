// awrdiff — a Snapshot as JSON: the model's names, units in key suffixes, null for absent values.
#pragma once

#include <awrdiff/model.hpp>

#include <nlohmann/json.hpp>

namespace awrdiff {

/// Serialises a snapshot: `source`, `kind`, `format`, `truncated` (no "End of Report"), `database`, `interval`, `load_profile[]`, `top_events[]` (report order),
/// `foreground_events[]`, `background_events[]`, `wait_classes[]`, `time_model[]`, `sql[]` (elapsed
/// descending), `other_sections[]`; `diagnostics[]` when asked. Values the report does not give are null.
nlohmann::json to_json(const Snapshot& snapshot, bool with_diagnostics = false);

}  // namespace awrdiff
