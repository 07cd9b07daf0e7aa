// Masking (`--mask`): aliases, SQL literals, paths, addresses and free text; the model masked in place.
#include <awrdiff/baseline.hpp>
#include <awrdiff/mask.hpp>

#include <gtest/gtest.h>

namespace awrdiff {
namespace {

TEST(Mask, AliasesAreStableAndCaseInsensitive) {
  Masker m;
  EXPECT_EQ(m.alias(MaskKind::database, "PRODDB"), "DB1");
  EXPECT_EQ(m.alias(MaskKind::database, "proddb"), "DB1");
  EXPECT_EQ(m.alias(MaskKind::instance, "proddb1"), "INST1");
  EXPECT_EQ(m.alias(MaskKind::instance, "PRODDB"), "DB1");  // one name, one alias, whatever its kind
  EXPECT_EQ(m.alias(MaskKind::database, "ARCHDB"), "DB2");
  EXPECT_EQ(m.alias(MaskKind::host, "dbhost01.corp.example.com"), "HOST1");
  EXPECT_EQ(m.alias(MaskKind::host, "DBHOST01"), "HOST1");  // its short name
  EXPECT_EQ(m.alias(MaskKind::domain, "corp.example.com"), "DOMAIN1");
  EXPECT_EQ(m.alias(MaskKind::host, "10.1.2.3"), "IP1");
}

TEST(Mask, OracleNamesAndNumbersAreKept) {
  Masker m;
  EXPECT_EQ(m.alias(MaskKind::schema, "SYS"), "SYS");
  EXPECT_EQ(m.alias(MaskKind::schema, "DBSNMP"), "DBSNMP");
  EXPECT_EQ(m.alias(MaskKind::tablespace, "SYSAUX"), "SYSAUX");
  EXPECT_EQ(m.alias(MaskKind::tablespace, "UNDOTBS2"), "UNDOTBS2");
  EXPECT_EQ(m.alias(MaskKind::service, "SYS$USERS"), "SYS$USERS");
  EXPECT_EQ(m.alias(MaskKind::pdb, "CDB$ROOT"), "CDB$ROOT");
  EXPECT_EQ(m.alias(MaskKind::database, "1234"), "1234");
  EXPECT_EQ(m.alias(MaskKind::database, ""), "");
  EXPECT_EQ(m.alias(MaskKind::schema, "ACME"), "SCHEMA1");
  EXPECT_EQ(m.alias(MaskKind::tablespace, "ACME_DATA"), "TS1");
}

TEST(Mask, SqlLiteralsBecomePlaceholdersAndTablesAliases) {
  Masker m;
  EXPECT_EQ(m.sql("SELECT pad FROM acme.orders o WHERE o.id = 42 AND o.note = 'it''s secret' AND o.x = :B1"),
            "SELECT pad FROM SCHEMA1.OBJ1 o WHERE o.id = 0 AND o.note = '?' AND o.x = :B1");
  // The same table in another statement, an INSERT with its column list, a join, a database link.
  EXPECT_EQ(m.sql("insert into ACME.ORDERS (id, amount) values (1.5e3, q'[x]')"),
            "insert into SCHEMA1.OBJ1 (id, amount) values (0, '?')");
  EXPECT_EQ(m.sql("SELECT * FROM lines l JOIN acme.orders o ON o.id = l.oid"),
            "SELECT * FROM OBJ2 l JOIN SCHEMA1.OBJ1 o ON o.id = l.oid");
  EXPECT_EQ(m.sql("select 1 from remote_t@link.acme.com"), "select 0 from OBJ3@DBLINK1");
  // Oracle's own objects, CTEs, hints kept; comments emptied; a known name anywhere masked.
  EXPECT_EQ(m.sql("WITH w AS (SELECT 1 FROM dual) SELECT /*+ FULL(orders) */ * FROM w, v$session -- by jsmith\n"),
            "WITH w AS (SELECT 0 FROM dual) SELECT /*+ FULL(OBJ1) */ * FROM w, v$session --\n");
  EXPECT_EQ(m.sql("UPDATE ACME.ORDERS SET s = 'x' /* ticket 4711 */ WHERE ORDERS.id = 7 FOR UPDATE"),
            "UPDATE SCHEMA1.OBJ1 SET s = '?' /* */ WHERE OBJ1.id = 0 FOR UPDATE");
  EXPECT_EQ(m.sql("BEGIN acme_pkg.run(:1, 'x'); END;"), "BEGIN OBJ4.run(:1, '?'); END;");
  EXPECT_EQ(m.sql("SELECT /* OPT_DYN_SAMP */ /*+ ALL_ROWS */ 1 FROM dual"),
            "SELECT /* OPT_DYN_SAMP */ /*+ ALL_ROWS */ 0 FROM dual");
  // A report that cut the text inside a literal.
  EXPECT_EQ(m.sql("SELECT a FROM t9 WHERE b = 'unfinish"), "SELECT a FROM OBJ5 WHERE b = '?");
}

TEST(Mask, PathsKeepTheirShape) {
  Masker m;
  EXPECT_EQ(m.path("/u02/oradata/PROD/users01.dbf"), "/path1/file1.dbf");
  EXPECT_EQ(m.path("/u02/oradata/PROD/users02.dbf"), "/path1/file2.dbf");
  EXPECT_EQ(m.path("/u02/oradata/PROD/users01.dbf"), "/path1/file1.dbf");
  EXPECT_EQ(m.path("/u01/app/oracle"), "/path2");
  EXPECT_EQ(m.path("C:\\ORADATA\\PROD\\SYSTEM01.DBF"), "C:\\path3\\file3.DBF");
  EXPECT_EQ(m.path("+DATA/PROD/DATAFILE/users.259.1012345678"), "path4");
}

TEST(Mask, AsmDiskGroupsAlone) {
  // db_create_file_dest, db_recovery_file_dest, LOCATION=+RECO: the disk group is a directory, as in a path.
  Masker m;
  EXPECT_EQ(m.text("+DATA"), "path1");
  EXPECT_EQ(m.text("+DATA, +FRA"), "path1, path2");
  EXPECT_EQ(m.text("LOCATION=+RECO VALID_FOR=(ALL_LOGFILES,ALL_ROLES)"), "LOCATION=path3 VALID_FOR=(ALL_LOGFILES,ALL_ROLES)");
  EXPECT_EQ(m.text("'+DATAC1'"), "'path4'");
  EXPECT_EQ(m.text("+DATA/PROD/DATAFILE/users.259.1012345678"), "path5");
  // Not a disk group: a sign, a sum, a word after a letter.
  for (const char* kept : {"+5%", "a+b", "x +12.3", "C++"}) EXPECT_EQ(m.text(kept), kept);
}

TEST(Mask, NamesOnlyAHintNames) {
  // A dynamic sampling statement of awr-html_12.1_sarthi_1.html: the index named in the hint, and the query
  // block its author named, are masked; the body's alias ("POL"), Oracle's names and the hint's words stay.
  Masker m;
  EXPECT_EQ(m.sql("SELECT /* DS_SVC */ /*+ OPT_ESTIMATE(@\"innerQuery\", TABLE, \"POL\", ROWS=0) */ C1 FROM (SELECT /*+ "
                  "qb_name(\"innerQuery\") INDEX( \"POL\" \"NO_UNQ_PROC\") */ COUNT(*) AS C1 FROM \"ACME\".\"POLICY\" \"POL\")"),
            "SELECT /* DS_SVC */ /*+ OPT_ESTIMATE(@\"OBJ2\", TABLE, \"POL\", ROWS=0) */ C1 FROM (SELECT /*+ "
            "qb_name(\"OBJ2\") INDEX( \"POL\" \"OBJ3\") */ COUNT(*) AS C1 FROM \"SCHEMA1\".\"OBJ1\" \"POL\")");
  EXPECT_EQ(m.sql("SELECT /*+ INDEX(o IDX_ORD_CUST) LEADING(o) PARALLEL(o, 8) USE_NL(o) NO_INDEX(o SEL$1) */ * FROM orders o"),
            "SELECT /*+ INDEX(o OBJ5) LEADING(o) PARALLEL(o, 8) USE_NL(o) NO_INDEX(o SEL$1) */ * FROM OBJ4 o");
  EXPECT_EQ(m.sql("SELECT /*+ PQ_DISTRIBUTE(t HASH HASH) FULL(t) */ 1 FROM t1 t"),
            "SELECT /*+ PQ_DISTRIBUTE(t HASH HASH) FULL(t) */ 0 FROM OBJ6 t");
}

TEST(Mask, FreeText) {
  Masker m;
  m.alias(MaskKind::database, "PRODDB");
  m.alias(MaskKind::host, "dbhost01.corp.example.com");
  m.alias(MaskKind::schema, "ACME");
  EXPECT_EQ(m.text("sqlplus@dbhost01 (TNS V1-V3)"), "sqlplus@HOST1 (TNS V1-V3)");
  EXPECT_EQ(m.text("jsmith@laptop7.corp.example.com"), "USER1@HOST2");
  EXPECT_EQ(m.text("(ADDRESS=(PROTOCOL=TCP)(HOST=10.0.0.5)(PORT=1521))"), "(ADDRESS=(PROTOCOL=TCP)(HOST=IP1)(PORT=1521))");
  EXPECT_EQ(m.text("(HOST=10.2.0.4)"), "(HOST=IP2)");
  EXPECT_EQ(m.text("SERVICE=prod_stby ASYNC DB_UNIQUE_NAME=prod_stby"), "SERVICE=SERVICE1 ASYNC DB_UNIQUE_NAME=SERVICE1");
  EXPECT_EQ(m.text("LOCATION=/arch/PRODDB VALID_FOR=(ALL_LOGFILES,ALL_ROLES)"),
            "LOCATION=/path1 VALID_FOR=(ALL_LOGFILES,ALL_ROLES)");
  EXPECT_EQ(m.text("PRODDB_batch on dbhost01.corp.example.com"), "DB1_batch on HOST1");
  EXPECT_EQ(m.text("ACME.ORDERS_PKG and ACME_JOB"), "SCHEMA1.OBJ1 and ACME_JOB");  // schemas: whole identifiers
  // Kept: events, statistics, versions, units, times, I/O.
  for (const char* kept :
       {"db file sequential read", "12.2.0.1 and 19.0.0.0.0", "Reads/s", "I/O", "01:30:13", "N/A", "physical reads direct (lob)"})
    EXPECT_EQ(m.text(kept), kept);
  EXPECT_EQ(m.text("fe80::1ff:fe23:4567:890a"), "IP3");
  EXPECT_EQ(m.text("addr 192.168.1.20, next"), "addr IP4, next");
  EXPECT_EQ(m.text("10.1.2.3"), "IP5");  // an address, not a release
}

TEST(Mask, SourcesBecomeReportAliases) {
  Masker m;
  EXPECT_EQ(m.source("/home/me/PRODDB/awrrpt_1_100_101.html"), "report1.html");
  EXPECT_EQ(m.source("x/awr.txt.gz"), "report2.txt.gz");
  EXPECT_EQ(m.source("/home/me/PRODDB/awrrpt_1_100_101.html"), "report1.html");
  EXPECT_EQ(m.source("-"), "-");
}

Snapshot sample(const std::string& db, const std::string& host) {
  Snapshot s;
  s.source = "/reports/" + db + ".html";
  s.database.name = db;
  s.database.instance = db + "1";
  s.database.host = host;
  s.parameters.push_back({"control_files", "/u01/oradata/" + db + "/control01.ctl", "", std::nullopt, ""});
  s.parameters.push_back({"optimizer_features_enable", "12.2.0.1", "", std::nullopt, ""});
  s.parameters.push_back({"db_domain", "corp.example.com", "", std::nullopt, ""});
  SegmentStat g;
  g.list = "segments_logical_reads";
  g.owner = "ACME";
  g.object = "ORDERS";
  g.tablespace = "ACME_DATA";
  g.value = 1200;
  s.segments.push_back(g);
  SqlStat q;
  q.sql_id = "81uvdbt46vt5p";
  q.module = "java@" + host + " (TNS V1-V3)";
  q.text = "SELECT * FROM ORDERS WHERE ID = 7";
  q.elapsed_s = 12.5;
  s.sql.push_back(q);
  GenericTable t;
  t.section = "service_stats";
  t.known = true;
  t.headers = {"Service Name", "DB Time (s)"};
  t.rows = {{db + "_oltp", "47"}, {"SYS$USERS", "1"}};
  s.other_tables.push_back(t);
  t.section = "top_sessions";
  t.headers = {"User Name", "Program", "Event"};
  t.rows = {{"JSMITH", "sqlplus@" + host + " (TNS V1-V3)", "db file sequential read"}};
  s.other_tables.push_back(t);
  Diagnostic d;
  d.message = "cell '" + db + "' could not be read";
  s.diagnostics.push_back(d);
  return s;
}

TEST(Mask, SnapshotsShareAliasesAndKeepNumbers) {
  Snapshot a = sample("PRODDB", "dbhost01.corp.example.com"), b = sample("PRODDB", "dbhost01.corp.example.com");
  b.source = "/reports/other.html";
  Masker m;
  mask({&a, &b}, m);
  for (const auto* s : {&a, &b}) {
    EXPECT_EQ(s->database.name, "DB1");
    EXPECT_EQ(s->database.instance, "INST1");
    EXPECT_EQ(s->database.host, "HOST1");
    EXPECT_EQ(s->parameters[0].begin_value, "/path1/file1.ctl");
    EXPECT_EQ(s->parameters[1].begin_value, "12.2.0.1");
    EXPECT_EQ(s->parameters[2].begin_value, "DOMAIN1");
    EXPECT_EQ(s->segments[0].owner, "SCHEMA1");
    EXPECT_EQ(s->segments[0].object, "OBJ1");
    EXPECT_EQ(s->segments[0].tablespace, "TS1");
    EXPECT_EQ(*s->segments[0].value, 1200);
    EXPECT_EQ(s->sql[0].sql_id, "81uvdbt46vt5p");
    EXPECT_EQ(*s->sql[0].elapsed_s, 12.5);
    EXPECT_EQ(s->sql[0].text, "SELECT * FROM OBJ1 WHERE ID = 0");
    EXPECT_EQ(s->sql[0].module, "java@HOST1 (TNS V1-V3)");
    EXPECT_EQ(s->other_tables[0].rows[0][0], "SERVICE1");
    EXPECT_EQ(s->other_tables[0].rows[1][0], "SYS$USERS");
    EXPECT_EQ(s->other_tables[0].rows[0][1], "47");
    EXPECT_EQ(s->other_tables[1].rows[0][0], "USER1");
    EXPECT_EQ(s->other_tables[1].rows[0][1], "sqlplus@HOST1 (TNS V1-V3)");
    EXPECT_EQ(s->other_tables[1].rows[0][2], "db file sequential read");
    EXPECT_EQ(s->diagnostics[0].message, "cell 'DB1' could not be read");
  }
  EXPECT_EQ(a.source, "report1.html");
  EXPECT_EQ(b.source, "report2.html");
}

TEST(Mask, BaselineSharesAliasesWithTheCurrentReport) {
  Snapshot cur = sample("PRODDB", "dbhost01");
  Baseline b;
  b.db_name = "PRODDB";
  b.host = "dbhost01";
  b.sources = {"/reports/base.html"};
  b.name = "/reports/base.html";
  b.snapshots.push_back(sample("PRODDB", "dbhost01"));
  b.snapshots.back().source = "/reports/base.html";
  BaselinePeriod p;
  p.source = "/reports/base.html";
  b.periods.push_back(p);
  Masker m;
  mask({&cur}, m, {&b});
  EXPECT_EQ(b.db_name, "DB1");
  EXPECT_EQ(b.host, "HOST1");
  EXPECT_EQ(cur.database.name, "DB1");
  EXPECT_EQ(b.snapshots[0].database.host, "HOST1");
  EXPECT_EQ(b.sources[0], b.snapshots[0].source);
  EXPECT_EQ(b.name, b.sources[0]);
  EXPECT_EQ(b.periods[0].source, b.sources[0]);
  EXPECT_NE(cur.source, b.sources[0]);
}

}  // namespace
}  // namespace awrdiff
