#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/result_folder.hpp"

using namespace nf;
namespace fs = std::filesystem;

namespace {
struct Scratch {
  fs::path dir =
      fs::temp_directory_path() / ("nf_result_folder_test_" + std::to_string(::getpid()));
  fs::path target = dir / "res";
  Scratch() { fs::create_directories(dir); }
  ~Scratch() { fs::remove_all(dir); }
  // Every entry of the scratch folder, for checking that nothing temporary is left.
  size_t entries() const { return size_t(std::distance(fs::directory_iterator(dir), {})); }
};
std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
void write_run(const fs::path& folder, const std::string& run, bool extra) {
  write_file_atomically(folder / "summary.json", run);
  if (extra) write_file_atomically(folder / "extra.csv", run);
}
}  // namespace

TEST_CASE("a result folder is replaced whole: no file of the older run survives") {
  Scratch s;
  write_result_folder(s.target, [](const fs::path& f) { write_run(f, "one", true); });
  CHECK(read(s.target / "summary.json") == "one");
  write_result_folder(s.target, [](const fs::path& f) { write_run(f, "two", false); });
  CHECK(read(s.target / "summary.json") == "two");
  CHECK_FALSE(fs::exists(s.target / "extra.csv"));
  CHECK(s.entries() == 1);
}

TEST_CASE("a failing writer leaves the previous folder untouched and nothing temporary") {
  Scratch s;
  write_result_folder(s.target, [](const fs::path& f) { write_run(f, "one", true); });
  CHECK_THROWS_AS(write_result_folder(s.target,
                                      [](const fs::path& f) {
                                        write_run(f, "two", false);
                                        throw Error("disk full");
                                      }),
                  Error);
  CHECK(read(s.target / "summary.json") == "one");
  CHECK(read(s.target / "extra.csv") == "one");
  CHECK(s.entries() == 1);
}

TEST_CASE("a folder that is not a ninefold result is never replaced") {
  Scratch s;
  fs::create_directories(s.target);
  std::ofstream(s.target / "thesis.tex") << "mine";
  CHECK_THROWS_AS(write_result_folder(s.target, [](const fs::path&) {}), Error);
  CHECK(read(s.target / "thesis.tex") == "mine");
  CHECK_THROWS_AS(check_result_folder(s.target / "thesis.tex", "--out"), Error);
  CHECK_THROWS_AS(check_output_file(s.target, "--record"), Error);
  CHECK_NOTHROW(check_output_file(s.target / "r.jsonl", "--record"));
  CHECK_FALSE(fs::exists(s.target / "r.jsonl"));
}
