// The results of loading several files as one JSON array of snapshots (`awrdiff snapshot A B --format json`):
// LoadResult is the parser's, the array's writer is the snapshot JSON's (src/json), one layer below.
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

namespace awrdiff {
namespace {

std::vector<SnapshotArrayItem> items_of(const std::vector<LoadResult>& results) {
  std::vector<SnapshotArrayItem> items;
  items.reserve(results.size());
  for (const auto& r : results) {
    SnapshotArrayItem item;
    item.file = r.file.string();
    if (r.snapshot) item.snapshot = &*r.snapshot;
    else if (r.error) item.error = r.error->what();
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace

void write_snapshots_json(const std::vector<LoadResult>& results, bool with_diagnostics, const TextSink& sink) {
  write_snapshot_array(items_of(results), with_diagnostics, sink);
}

std::string snapshots_json_text(const std::vector<LoadResult>& results, bool with_diagnostics) {
  std::string text;
  std::size_t hint = 1024;
  for (const auto& r : results)
    if (r.snapshot) hint += snapshot_json_size_hint(*r.snapshot);
  text.reserve(hint);
  write_snapshots_json(results, with_diagnostics, [&text](std::string_view piece) { text.append(piece); });
  return text;
}

}  // namespace awrdiff
