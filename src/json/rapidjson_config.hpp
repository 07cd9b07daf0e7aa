// RapidJSON's configuration, shared by the snapshot JSON writer and reader: include this header
// before any RapidJSON header, in every file that uses RapidJSON. Both files must see the same
// definitions (SizeType is part of every RapidJSON type), or the program has two different classes
// under one name.
#pragma once

#include <cstddef>

// RapidJSON measures strings in 32 bits unless told otherwise; the model's strings are bounded by the
// input limit, but size_t leaves no doubt.
#define RAPIDJSON_NO_SIZETYPEDEFINE
namespace rapidjson {
using SizeType = std::size_t;
}  // namespace rapidjson
// Not RAPIDJSON_SSE2: RapidJSON 1.1.0's SSE2 string scan lets control characters 0x1A-0x1F through
// unescaped (it tests `<= 0x19`), which makes invalid JSON; found by fuzz_pipeline.
