// fold_space (cell text: white space, &nbsp; and &#160; folded to single spaces, trimmed) against a
// plain byte-by-byte reference, on random text built from the bytes that matter.
#include "parse/tokenizer_common.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <string>

namespace {

std::string reference_fold(std::string_view t) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < t.size();) {
    std::size_t skip = 0;
    const auto c = static_cast<unsigned char>(t[i]);
    if (c == ' ' || (c >= 9 && c <= 13)) skip = 1;
    else if (c == 0xC2 && i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0xA0) skip = 2;
    else if (t.substr(i, 6) == "&nbsp;" || t.substr(i, 6) == "&#160;") skip = 6;
    if (skip > 0) {
      space = true;
      i += skip;
      continue;
    }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(t[i++]);
  }
  return out;
}

TEST(FoldSpace, Examples) {
  using awrdiff::detail::fold_space;
  EXPECT_EQ(fold_space("  select *\n  from   dual  "), "select * from dual");
  EXPECT_EQ(fold_space("a&nbsp;&#160;b"), "a b");
  EXPECT_EQ(fold_space("enq: IV -  contention"), "enq: IV - contention");
  EXPECT_EQ(fold_space("\xC2\xA0x\xC2\xA0"), "x");
  EXPECT_EQ(fold_space("a&amp;b caf\xC3\xA9"), "a&amp;b caf\xC3\xA9");
  EXPECT_EQ(fold_space("SELECT COUNT(*) FROM ORDERS WHERE STATUS = :B1"), "SELECT COUNT(*) FROM ORDERS WHERE STATUS = :B1");
  EXPECT_EQ(fold_space(""), "");
  EXPECT_EQ(fold_space(" \t\r\n "), "");
}

TEST(FoldSpace, MatchesReferenceOnRandomText) {
  static const std::string k_pieces[] = {"a",        "select", "x",      " ",       "  ",        "\t",       "\n",
                                         "\r\n",     "&nbsp;", "&#160;", "&",       "&amp;",     "\xC2\xA0", "\xC2",
                                         "\xC3\xA9", "\x01",   ",",      "1234567", "ABCDEFGHIJ"};
  std::mt19937 rng(42);
  std::uniform_int_distribution<std::size_t> piece(0, std::size(k_pieces) - 1), count(0, 40);
  for (int round = 0; round < 20000; ++round) {
    std::string t;
    for (std::size_t k = count(rng); k > 0; --k) t += k_pieces[piece(rng)];
    ASSERT_EQ(awrdiff::detail::fold_space(t), reference_fold(t)) << '"' << t << '"';
  }
  // Long text (whole blocks of sixteen bytes and more), with and without no-break spaces; each
  // string is its own allocation of exactly its size, so a read past the end shows under ASan.
  std::uniform_int_distribution<std::size_t> word(0, 30), gap(0, 3), odd(0, 40);
  for (int round = 0; round < 3000; ++round) {
    std::string t;
    for (std::size_t k = count(rng) * 4; k > 0; --k) {
      t.append(word(rng), static_cast<char>('a' + k % 26));
      static const char* k_gaps[] = {" ", "  ", "\n    ", "\t"};
      for (std::size_t g = gap(rng); g > 0; --g) t += k_gaps[(k + g) % 4];
      if (odd(rng) == 0) t += k_pieces[piece(rng)];
    }
    const std::unique_ptr<char[]> exact(new char[t.size()]);
    std::memcpy(exact.get(), t.data(), t.size());
    ASSERT_EQ(awrdiff::detail::fold_space(std::string_view(exact.get(), t.size())), reference_fold(t)) << '"' << t << '"';
  }
}

}  // namespace

namespace {

TEST(CountByte, MatchesStdCount) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 3), len(0, 9000);
  for (int round = 0; round < 300; ++round) {
    std::string t(static_cast<std::size_t>(len(rng)), ' ');
    for (auto& ch : t) ch = "\n<a\xFF"[byte(rng)];
    const std::unique_ptr<char[]> exact(new char[t.size() + 1]);
    std::memcpy(exact.get(), t.data(), t.size());
    const std::string_view v(exact.get(), t.size());
    for (char c : {'\n', '<', '\xFF', 'z'})
      ASSERT_EQ(awrdiff::detail::count_byte(v, c), static_cast<std::size_t>(std::count(t.begin(), t.end(), c)));
  }
}

}  // namespace
