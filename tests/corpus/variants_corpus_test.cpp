// Report variants of public reports on the real reports of ../shared/corpus that show them: a CDB
// root's SQL lists with one row per PDB (19c RAC, XYDB), the CDB flag of 12.1's snapshot table
// (GEPDIPC), an Exadata report's header database (12.2 RAC on Exadata, DBS), the impossible-figure
// rule on every corpus report (no real statement is flagged). Skipped cleanly when ../shared is absent.
#include "tests/support/corpus.hpp"

#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

const awrdiff::SqlStat* sql(const awrdiff::Snapshot& s, std::string_view id) {
  for (const auto& q : s.sql)
    if (q.sql_id == id) return &q;
  return nullptr;
}

#define NEED(file)                                                             \
  do {                                                                         \
    if (!fs::exists(k_corpus / (file))) GTEST_SKIP() << "no ../shared/corpus"; \
  } while (0)

// XYDB 19c RAC CDB, 18175-18176: b6usrg82hwsa3 is listed for PORTAL and DATAASSETS in SQL ordered by
// User I/O Wait Time (0.05 + 0.02 s) and Physical Reads (52 + 24 reads); 2p9fv35c7zxtg in four PDBs in
// SQL ordered by Executions (34,569 + 2,977 + 2,699 + 2,321).
TEST(VariantsCorpus, CdbSqlListsTotalEachStatementOverItsPdbs) {
  NEED("awr-html_19c_rac_pcambell_3.html");
  const auto s = awrdiff::load_report((k_corpus / "awr-html_19c_rac_pcambell_3.html").string());
  EXPECT_EQ(s.database.cdb, std::optional<bool>(true));
  const auto* io = sql(s, "b6usrg82hwsa3");
  ASSERT_NE(io, nullptr);
  EXPECT_EQ(std::count_if(s.sql.begin(), s.sql.end(), [](const auto& q) { return q.sql_id == "b6usrg82hwsa3"; }), 1);
  EXPECT_NEAR(io->physical_reads.value_or(0), 76, 1e-9);
  EXPECT_NEAR(io->user_io_s.value_or(0), 0.07, 1e-9);
  EXPECT_NE(io->pdb_name.find("PORTAL"), std::string::npos) << io->pdb_name;
  EXPECT_NE(io->pdb_name.find("DATAASSETS"), std::string::npos) << io->pdb_name;
  const auto* ex = sql(s, "2p9fv35c7zxtg");
  ASSERT_NE(ex, nullptr);
  EXPECT_NEAR(ex->executions.value_or(0), 34569 + 2977 + 2699 + 2321, 1e-9);
  EXPECT_EQ(ex->pdb_name, "CDB$ROOT, DATAASSETS, PORTAL, STUWORK");
}

// GEPDIPC 12.1.0.2: the header has no CDB column; the snapshot table prints "CDB YES" at both snaps.
TEST(VariantsCorpus, CdbFlagFromThe12_1SnapshotTable) {
  NEED("awr-html_12.1_shadab_1.html");
  const auto s = awrdiff::load_report((k_corpus / "awr-html_12.1_shadab_1.html").string());
  EXPECT_EQ(s.database.cdb, std::optional<bool>(true));
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(2812207431));
}

// DBS on Exadata (12.2 RAC, instance dbs1): its cell and database tables never replace the header's
// DB Id; the container list (Container DB Id) names its PDB's id apart.
TEST(VariantsCorpus, ExadataReportKeepsItsHeadersDbId) {
  NEED("awr-html_12.2_rac_azure_1.html");
  const auto s = awrdiff::load_report((k_corpus / "awr-html_12.2_rac_azure_1.html").string());
  EXPECT_EQ(s.database.name, "DBS");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(2494196594));
}

// No statement of a real report is impossible: the rule flags figures no period can hold, never a
// busy one. Every AWR and Statspack report of the corpus.
TEST(VariantsCorpus, NoRealStatementIsFlaggedImpossible) {
  NEED("MANIFEST.tsv");
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  int reports = 0;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, kind;
    std::getline(ls, name, '\t');
    std::getline(ls, kind, '\t');
    if (kind != "awr-html" && kind != "awr-text" && kind != "statspack" && kind != "awr-rac-html") continue;
    const auto s = awrdiff::load_report((k_corpus / name).string());
    ++reports;
    for (const auto& q : s.sql) EXPECT_EQ(s.impossible_sql(q), "") << name << " " << q.sql_id;
  }
  EXPECT_GT(reports, 30);
}

}  // namespace
