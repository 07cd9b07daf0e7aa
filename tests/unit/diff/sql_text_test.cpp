// SQL text signatures (sql_text.hpp): the same statement under two sql_ids.
#include <awrdiff/sql_text.hpp>

#include <gtest/gtest.h>

using awrdiff::match_signatures;
using awrdiff::SignatureMatch;
using awrdiff::sql_shape;
using awrdiff::sql_signature;

TEST(SqlSignature, LiteralsAndBindsFoldToOneShape) {
  EXPECT_EQ(sql_signature("BEGIN APP_LOAD.PROCESS_ROWS(P_MODE => 'LITERAL'); END;"),
            sql_signature("BEGIN APP_LOAD.PROCESS_ROWS(P_MODE => :B1); END;"));
  EXPECT_EQ(sql_signature("select pad from t_big where id = 42"), sql_signature("SELECT PAD FROM T_BIG WHERE ID = :1"));
  EXPECT_EQ(sql_signature("select pad from t_big where id = 42"), "select pad from t_big where id=?");
  EXPECT_EQ(sql_signature("x = :name"), sql_signature("x = :\"Name\""));
  EXPECT_EQ(sql_signature("x = 1.5e10"), sql_signature("x = .5"));
  EXPECT_EQ(sql_signature("where a = 'it''s'"), sql_signature("where a = 'x'"));
}

TEST(SqlSignature, CaseAndSpacingFolded) {
  EXPECT_EQ(sql_signature("SELECT  a,\n\tb  FROM   t"), sql_signature("select a , b from t"));
  EXPECT_NE(sql_signature("select a from t1"), sql_signature("select a from t2"));  // identifiers keep their digits
  EXPECT_NE(sql_signature("select a from t"), sql_signature("select b from t"));
}

TEST(SqlSignature, InListsOfAnyLengthAreOneShape) {
  EXPECT_EQ(sql_signature("where id in (1, 2, 3)"), sql_signature("where id in (7)"));
  EXPECT_EQ(sql_signature("where id in (1,2)"), sql_signature("where id in (:1, :2, :3, :4)"));
}

TEST(SqlSignature, CommentsAndHintsAreKept) {
  EXPECT_NE(sql_signature("select /*+ full(t) */ * from t"), sql_signature("select /*+ index(t) */ * from t"));
  EXPECT_EQ(sql_signature("select /*+ FULL(t) */ * from t"), sql_signature("SELECT /*+  full(T)  */ * FROM T"));
  EXPECT_NE(sql_signature("select 1 from dual -- a"), sql_signature("select 1 from dual -- b"));
}

TEST(SqlSignature, CountsBindsAndLiterals) {
  auto a = sql_shape("update t set x = :1 where id = 5 and s = 'a'");
  EXPECT_EQ(a.binds, 1);
  EXPECT_EQ(a.literals, 2);
  EXPECT_EQ(sql_shape("begin x := 1; end;").binds, 0);  // ":=" is not a bind
  EXPECT_TRUE(sql_signature("").empty());
}

TEST(SqlSignature, UnterminatedTextDoesNotOverrun) {
  EXPECT_FALSE(sql_signature("select 'abc").empty());
  EXPECT_FALSE(sql_signature("select /* abc").empty());
  EXPECT_FALSE(sql_signature("select \"abc").empty());
  EXPECT_FALSE(sql_signature("select :").empty());
}

TEST(SqlSignature, PlsqlDetection) {
  EXPECT_TRUE(awrdiff::is_plsql_text("BEGIN x; END;"));
  EXPECT_TRUE(awrdiff::is_plsql_text("  declare n number; begin null; end;"));
  EXPECT_TRUE(awrdiff::is_plsql_text("call dbms_part.cleanup_gidx_job ( :0, :1 )"));
  EXPECT_FALSE(awrdiff::is_plsql_text("select begin from t"));
  EXPECT_FALSE(awrdiff::is_plsql_text("beginning"));
}

TEST(SqlSignature, MatchesExactAndCutTexts) {
  const auto full = sql_signature("SELECT ORDER_ID, STATUS, AMOUNT FROM APP.ORDERS WHERE CUSTOMER_ID = :B1 ORDER BY ORDER_ID");
  const auto cut = sql_signature("SELECT ORDER_ID, STATUS, AMOUNT FROM APP.ORDERS WHERE CUSTOM");
  EXPECT_EQ(match_signatures(full, full), SignatureMatch::exact);
  EXPECT_EQ(match_signatures(full, cut), SignatureMatch::prefix);
  EXPECT_EQ(match_signatures(cut, full), SignatureMatch::prefix);
  EXPECT_EQ(match_signatures(full, sql_signature("SELECT 1 FROM DUAL")), SignatureMatch::none);
  EXPECT_EQ(match_signatures(sql_signature("select a"), sql_signature("select a, b")),
            SignatureMatch::none);  // too short to trust
  EXPECT_EQ(match_signatures("", ""), SignatureMatch::none);
}

TEST(SqlSignature, CompactSignatureSetsCommentsAndSpacingAside) {
  using awrdiff::sql_compact_signature;
  // The report's line wrapping (a space inside a word or a quoted name) and a comment that changes per run.
  const auto a = sql_compact_signature(
      "/* SQL Analyze(1) */ select /*+ full(t) */ to_char(count(\"LONGITUDE\")), su bstrb(x) from \"TDS\".\"MANIFEST\" t "
      "/* NDV, TOPN */");
  const auto b = sql_compact_signature(
      "/* SQL Analyze(1) */ select /*+ full(t) no_parallel(t) */ to_char(count( \"LONGITUDE \")), substrb(x) from "
      "\"TDS\".\"MANIFEST\" t /* NDV, NDV */");
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, b);
  EXPECT_NE(sql_signature("select 1 /* a */ from dual"), sql_signature("select 1 /* b */ from dual"));
  // Another table, another statement; a comment marker inside a literal is text, not a comment.
  EXPECT_NE(a, sql_compact_signature("/* SQL Analyze(1) */ select to_char(count(\"LONGITUDE\")), substrb(x) from "
                                     "\"TDS\".\"EVENT\" t"));
  EXPECT_EQ(sql_compact_signature("select '/*' from dual -- tag"), sql_compact_signature("select 'x' from dual"));
  EXPECT_EQ(sql_compact_signature(""), "");
}
