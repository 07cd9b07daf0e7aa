// Where the corpus tests look (tests/support/corpus.hpp): $AWRDIFF_CORPUS names the corpus folder and, unless
// $AWRDIFF_BUGS is set, the known-hard inputs beside it; without them, ../shared beside the clone.
#include "tests/support/corpus.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace {

// Sets (or, with nullopt, unsets) an environment variable for the life of the object, then puts it back.
class EnvVar {
public:
  EnvVar(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value->c_str(), 1);
    else unsetenv(name);
  }
  ~EnvVar() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }
  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;

private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST(CorpusDir, AwrdiffCorpusNamesTheFolderAndTheBugsBesideIt) {
  const EnvVar bugs("AWRDIFF_BUGS", std::nullopt);
  {
    const EnvVar corpus("AWRDIFF_CORPUS", "/data/awr/corpus");
    EXPECT_EQ(awrdiff::testing::corpus_dir(), "/data/awr/corpus");
    EXPECT_EQ(awrdiff::testing::bugs_dir(), "/data/awr/bugs");
  }
  {
    const EnvVar corpus("AWRDIFF_CORPUS", "/data/awr/corpus/");
    EXPECT_EQ(awrdiff::testing::bugs_dir(), "/data/awr/bugs");
  }
  const EnvVar corpus("AWRDIFF_CORPUS", "/data/awr/corpus");
  const EnvVar own_bugs("AWRDIFF_BUGS", "/elsewhere/bugs");
  EXPECT_EQ(awrdiff::testing::bugs_dir(), "/elsewhere/bugs");
}

TEST(CorpusDir, WithoutTheVariablesSharedBesideTheClone) {
  const EnvVar corpus("AWRDIFF_CORPUS", std::nullopt);
  const EnvVar bugs("AWRDIFF_BUGS", std::nullopt);
  const auto dir = awrdiff::testing::corpus_dir();
  EXPECT_EQ(dir.filename(), "corpus");
  EXPECT_EQ(dir.parent_path().filename(), "shared");
  EXPECT_EQ(awrdiff::testing::bugs_dir().filename(), "bugs");
  EXPECT_EQ(awrdiff::testing::bugs_dir().parent_path(), dir.parent_path());
  // An empty variable is no folder: the default again.
  const EnvVar empty("AWRDIFF_CORPUS", "");
  EXPECT_EQ(awrdiff::testing::corpus_dir(), dir);
}
