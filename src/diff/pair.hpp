// The pair in two halves, for compare() and describe() (src/compare/compare.cpp), which run the findings rules
// (src/findings) between them: the pair never calls the rooms above it.
#pragma once

#include <awrdiff/diff.hpp>

#include "diff/facts.hpp"

#include <memory>
#include <vector>

namespace awrdiff::detail {

/// One comparison of two snapshots, or the description of one, being built: the constructor works out the tables
/// and the facts (a report whose Elapsed does not fit its snap times is compared over the snap times, check_period);
/// finish() takes the findings and completes it. The snapshots and options given must outlive it.
class Pair {
public:
  /// Two snapshots: base (the earlier, the normal) and target.
  Pair(const Snapshot& base, const Snapshot& target, const CompareOptions& options);
  /// One report, no base (its findings are none).
  Pair(const Snapshot& target, const CompareOptions& options);
  ~Pair();
  Pair(const Pair&) = delete;
  Pair& operator=(const Pair&) = delete;

  /// What the pair worked out: the findings rules' input.
  const Facts& facts() const;
  /// The comparison with `findings` (the rules run over facts()): their evidence read back from the section tables,
  /// the verdict and headline, the charts; judgements withheld where the periods are not one database's. Once.
  Comparison finish(std::vector<Finding> findings);

private:
  struct Run;
  std::unique_ptr<Run> m_run;
};

}  // namespace awrdiff::detail
