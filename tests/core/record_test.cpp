#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "core/record.hpp"

using namespace nf;

namespace {
// A record file holding `text`, removed at the end of the test.
struct RecordFile {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("nf_record_test_" + std::to_string(::getpid()) + ".jsonl"))
                         .string();
  explicit RecordFile(const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  ~RecordFile() { std::filesystem::remove(path); }
};

std::string error_of(const std::string& path) {
  try {
    (void)read_record(path, 0);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("a record is read back as written") {
  GameRecord written;
  written.game = "commanders";
  written.seed = 47;
  written.agents = {"random", "heuristic"};
  written.actions = {"K", "stop"};
  written.returns = {1, -1};
  written.state_hash = "18b350f0adb6fba2";
  const RecordFile file("\n" + written.to_json().dump() + "\n");
  const GameRecord read = read_record(file.path, 0);
  CHECK(read.game == "commanders");
  CHECK(read.seed == 47);
  CHECK(read.actions == written.actions);
  CHECK(read.returns == written.returns);
}

TEST_CASE("a record line that is not JSON is an error naming the file and line") {
  const RecordFile file("\n{\"game\": \n");
  CHECK(error_of(file.path) == file.path + ":2: not valid JSON (at byte 10)");
}

// Found by fuzz_record (fuzz/corpus/fuzz_record/number_overflow.record): a number beyond a
// double's range made the JSON parser throw an exception that ended the program.
TEST_CASE("a record line with a number out of range is an error, not a crash") {
  const RecordFile file("{\"game\": \"commanders\", \"seed\": 1e431}\n");
  CHECK(error_of(file.path) == file.path + ":1: not valid JSON (a number out of range)");
}
