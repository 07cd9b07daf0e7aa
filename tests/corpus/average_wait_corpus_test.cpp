// Average waits compared as time / waits on a real 11.2 pair of ../shared/corpus (skipped when it is absent):
// apress 1 -> 2 prints log file sync "1" and "1" ms (whole milliseconds) for 94 s over 182,738 waits and 267 s
// over 256,683 waits.
#include "tests/support/compare_lookup.hpp"
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

}  // namespace

TEST(AverageWaitCorpus, Apress11gLogFileSyncIsTimeOverWaits) {
  const fs::path b_path = k_corpus / "awr-html_11.2_apress_1.html", t_path = k_corpus / "awr-html_11.2_apress_2.html";
  if (!fs::exists(b_path) || !fs::exists(t_path)) GTEST_SKIP() << "../shared/corpus absent";
  const auto b = awrdiff::load_report(b_path), t = awrdiff::load_report(t_path);
  // The snapshots keep the printed figure.
  const auto* printed = b.foreground_event("log file sync");
  ASSERT_NE(printed, nullptr);
  EXPECT_EQ(printed->avg_wait_ms.value_or(-1), 1.0);
  // The comparison reads time / waits.
  EXPECT_NEAR(awrdiff::metric_value(b, "event:log file sync:avg_wait_ms").value_or(-1), 94.0 / 182738 * 1000, 1e-9);
  EXPECT_NEAR(awrdiff::metric_value(t, "event:log file sync:avg_wait_ms").value_or(-1), 267.0 / 256683 * 1000, 1e-9);
  EXPECT_NEAR(awrdiff::metric_value(b, "log_file_sync_ms").value_or(-1), 0.514, 5e-4);
  const auto c = awrdiff::compare(b, t);
  const auto* tab = awrdiff::testing::table(c, "top_events");
  ASSERT_NE(tab, nullptr);
  const auto* r = awrdiff::testing::row(*tab, "log file sync");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(awrdiff::testing::number(*r, awrdiff::testing::column(*tab, "base_avg_wait_ms")), 0.514, 5e-4);
  EXPECT_NEAR(awrdiff::testing::number(*r, awrdiff::testing::column(*tab, "target_avg_wait_ms")), 1.040, 5e-4);
}
