// Test support: where the tests find the real reports and the known-hard inputs kept outside the repository.
// The corpus: $AWRDIFF_CORPUS when set, else ../shared/corpus beside the clone (or beside the folder holding a
// git worktree of it). The known-hard inputs: $AWRDIFF_BUGS when set, else the folder `bugs` beside the corpus
// (../shared/bugs). Tests over them skip when the folder is absent.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace awrdiff::testing {

inline std::filesystem::path shared_dir(const char* env, const char* name) {
  namespace fs = std::filesystem;
  if (const char* dir = std::getenv(env); dir != nullptr && *dir != '\0') return dir;
  const fs::path beside = fs::path(AWRDIFF_SOURCE_DIR) / ".." / "shared" / name;
  const fs::path above = fs::path(AWRDIFF_SOURCE_DIR) / ".." / ".." / "shared" / name;
  return fs::exists(beside) || !fs::exists(above) ? beside : above;
}

/// The corpus of real reports (MANIFEST.tsv describes each file): $AWRDIFF_CORPUS, else ../shared/corpus.
inline std::filesystem::path corpus_dir() { return shared_dir("AWRDIFF_CORPUS", "corpus"); }

/// The known-hard inputs: $AWRDIFF_BUGS, else `bugs` beside the corpus folder (../shared/bugs).
inline std::filesystem::path bugs_dir() {
  if (const char* dir = std::getenv("AWRDIFF_BUGS"); dir != nullptr && *dir != '\0') return dir;
  if (const char* corpus = std::getenv("AWRDIFF_CORPUS"); corpus != nullptr && *corpus != '\0') {
    std::filesystem::path dir(corpus);
    if (!dir.has_filename()) dir = dir.parent_path();  // "DIR/"
    return dir.parent_path() / "bugs";
  }
  return shared_dir("AWRDIFF_BUGS", "bugs");
}

}  // namespace awrdiff::testing
