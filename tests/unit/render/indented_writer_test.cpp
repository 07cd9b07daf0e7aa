// json_out::IndentedWriter (src/json/json_writer.hpp) writes what RapidJSON's PrettyWriter writes, byte for
// byte: the same random documents are written by both and compared, with keys given as literals and as report
// text, nested and empty objects and arrays, deep levels, and doubles (integers below 1e15 take a fast path).
#include "json/json_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using awrdiff::json_out::IndentedWriter;

// The stream an IndentedWriter writes to.
rapidjson::StringBuffer& stream_of(rapidjson::StringBuffer& out) { return out; }
template <class P>
auto& stream_of(P& pieces) {
  return pieces.stream;
}

using awrdiff::json_out::ChunkedStream;

// A ChunkedStream of `Chunk` bytes that keeps the pieces it hands on, and how many there were.
template <std::size_t Chunk>
struct Pieces {
  std::string text;
  std::size_t count = 0;
  ChunkedStream::Sink sink{[this](std::string_view piece) {
    EXPECT_FALSE(piece.empty());
    text.append(piece);
    ++count;
  }};
  ChunkedStream stream{sink, Chunk};
};

// Writes the same events to a PrettyWriter (indent 2) and an IndentedWriter over `Out`: a StringBuffer, or a
// ChunkedStream of a few bytes (every value then crosses pieces).
template <class Out = rapidjson::StringBuffer>
struct BothOver {
  rapidjson::StringBuffer pretty_out;
  Out out;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> pretty{pretty_out};
  IndentedWriter<std::remove_reference_t<decltype(stream_of(std::declval<Out&>()))>> fast{stream_of(out), 2};
  BothOver() { pretty.SetIndent(' ', 2); }

  void literal_key(std::string_view k) {
    pretty.Key(k.data(), k.size());
    fast.literal_key(k);
  }
  void key(std::string_view k) {
    pretty.Key(k.data(), k.size());
    fast.Key(k.data(), k.size());
  }
  void number(double d) {
    pretty.Double(d);
    fast.Double(d);
  }
  void value(std::mt19937_64& rng) {
    switch (rng() % 6) {
      case 0:
        pretty.Null();
        fast.Null();
        break;
      case 1: {
        const bool b = rng() % 2 == 0;
        pretty.Bool(b);
        fast.Bool(b);
        break;
      }
      case 2: {
        const auto i = static_cast<std::int64_t>(rng()) >> (rng() % 60);
        pretty.Int64(i);
        fast.Int64(i);
        break;
      }
      case 3: {
        const std::string s = rng() % 2 == 0 ? "plain text" : "a \"quoted\"\n\\ line";
        pretty.String(s.data(), s.size());
        fast.String(s.data(), s.size());
        break;
      }
      default:
        number(random_double(rng));
    }
  }
  static double random_double(std::mt19937_64& rng) {
    switch (rng() % 5) {
      case 0:
        return static_cast<double>(static_cast<std::int64_t>(rng() % 2000000000000000ULL) - 1000000000000000LL);
      case 1:
        return static_cast<double>(rng() % 100000);
      case 2:
        return std::ldexp(static_cast<double>(rng() % (1ULL << 53)), static_cast<int>(rng() % 80) - 60);
      case 3:
        return static_cast<double>(rng() % 1000000) / 100.0;
      default:
        return -static_cast<double>(rng() % 1000) * 1000.0;
    }
  }
  void document(std::mt19937_64& rng, int depth) {
    const bool array = rng() % 2 == 0;
    if (array) {
      pretty.StartArray();
      fast.StartArray();
    } else {
      pretty.StartObject();
      fast.StartObject();
    }
    const int n = static_cast<int>(rng() % 5);
    for (int i = 0; i < n; ++i) {
      if (!array) {
        const std::string k = "k" + std::to_string(i);
        if (rng() % 3 == 0) key(k + "\t\"");
        else literal_key(k);
      }
      if (depth < 40 && rng() % 3 == 0) document(rng, depth + 1);
      else value(rng);
    }
    if (array) {
      pretty.EndArray();
      fast.EndArray();
    } else {
      pretty.EndObject();
      fast.EndObject();
    }
  }
  std::string_view pretty_text() const { return {pretty_out.GetString(), pretty_out.GetSize()}; }
  std::string_view fast_text() {
    if constexpr (std::is_same_v<Out, rapidjson::StringBuffer>) {
      return {out.GetString(), out.GetSize()};
    } else {
      out.stream.finish();
      return out.text;
    }
  }
};
using Both = BothOver<>;

TEST(IndentedWriter, SameBytesAsPrettyWriterOnRandomDocuments) {
  std::mt19937_64 rng(20261202);
  for (int doc = 0; doc < 3000; ++doc) {
    Both b;
    b.document(rng, 0);
    ASSERT_EQ(b.pretty_text(), b.fast_text()) << "document " << doc;
  }
}

// Over a ChunkedStream the same bytes come out, in pieces, whatever the piece size: a value, a key or an
// indentation longer than a chunk grows the buffer instead of being cut.
TEST(IndentedWriter, SameBytesInPiecesOverChunkedStream) {
  std::mt19937_64 rng(20261203);
  for (int doc = 0; doc < 1000; ++doc) {
    BothOver<Pieces<3>> tiny;
    tiny.document(rng, 0);
    ASSERT_EQ(tiny.pretty_text(), tiny.fast_text()) << "document " << doc;
  }
  for (int doc = 0; doc < 300; ++doc) {
    BothOver<Pieces<64>> small;
    small.document(rng, 0);
    ASSERT_EQ(small.pretty_text(), small.fast_text()) << "document " << doc;
    if (small.pretty_text().size() > 256) EXPECT_GT(small.out.count, 1u);
  }
}

TEST(IndentedWriter, DeepLevelsIndentPastOneCopy) {
  Both b;
  for (int i = 0; i < 90; ++i) {
    b.pretty.StartObject();
    b.fast.StartObject();
    b.literal_key("k");
  }
  b.number(1.0);
  for (int i = 0; i < 90; ++i) {
    b.pretty.EndObject();
    b.fast.EndObject();
  }
  EXPECT_EQ(b.pretty_text(), b.fast_text());
}

TEST(IndentedWriter, IntegralDoublesAsDtoaWritesThem) {
  std::vector<double> values{0.0,
                             -0.0,
                             1.0,
                             -1.0,
                             10.0,
                             1200.0,
                             999999999999999.0,
                             -999999999999999.0,
                             1e14,
                             1e15,
                             -1e15,
                             2e15,
                             1e16,
                             1e21,
                             1e22,
                             4503599627370500.0,
                             0.5,
                             -0.5,
                             1e-7,
                             123.25,
                             1e300,
                             std::numeric_limits<double>::denorm_min()};
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    const auto digits = static_cast<int>(rng() % 15) + 1;
    double v = static_cast<double>(rng() % static_cast<std::uint64_t>(std::pow(10.0, digits)));
    values.push_back(rng() % 2 == 0 ? v : -v);
  }
  Both b;
  b.pretty.StartArray();
  b.fast.StartArray();
  for (double v : values) b.number(v);
  b.pretty.EndArray();
  b.fast.EndArray();
  EXPECT_EQ(b.pretty_text(), b.fast_text());
}

}  // namespace
