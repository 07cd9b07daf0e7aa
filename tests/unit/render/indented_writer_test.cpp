// json_out::IndentedWriter (src/render/json_writer.hpp) writes what RapidJSON's PrettyWriter writes, byte for
// byte: the same random documents are written by both and compared, with keys given as literals and as report
// text, nested and empty objects and arrays, deep levels, and doubles (integers below 1e15 take a fast path).
#include "render/json_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using awrdiff::json_out::IndentedWriter;

// Writes the same events to a PrettyWriter (indent 2) and an IndentedWriter.
struct Both {
  rapidjson::StringBuffer pretty_out, fast_out;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> pretty{pretty_out};
  IndentedWriter fast{fast_out, 2};
  Both() { pretty.SetIndent(' ', 2); }

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
  std::string_view fast_text() const { return {fast_out.GetString(), fast_out.GetSize()}; }
};

TEST(IndentedWriter, SameBytesAsPrettyWriterOnRandomDocuments) {
  std::mt19937_64 rng(20261202);
  for (int doc = 0; doc < 3000; ++doc) {
    Both b;
    b.document(rng, 0);
    ASSERT_EQ(b.pretty_text(), b.fast_text()) << "document " << doc;
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
