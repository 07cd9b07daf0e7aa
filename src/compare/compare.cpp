// compare() and describe() (compare.hpp): the pair's tables and facts (src/diff), the findings rules over them
// (src/findings), then the pair's verdict, headline and charts with those findings. The calls go one way, down.
#include <awrdiff/compare.hpp>

#include "diff/pair.hpp"
#include "findings/findings.hpp"

namespace awrdiff {

Comparison compare(const Snapshot& base, const Snapshot& target, const CompareOptions& options) {
  detail::Pair pair(base, target, options);
  return pair.finish(detail::run_findings(pair.facts()));
}

Comparison describe(const Snapshot& target, const CompareOptions& options) {
  detail::Pair pair(target, options);
  return pair.finish(detail::run_findings(pair.facts()));
}

}  // namespace awrdiff
