#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>

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
  CHECK_THROWS_AS(check_result_folder(s.target / "thesis.tex", "--out", ""), Error);
  CHECK_THROWS_AS(check_output_file(s.target, "--record"), Error);
  CHECK_NOTHROW(check_output_file(s.target / "r.jsonl", "--record"));
  CHECK_FALSE(fs::exists(s.target / "r.jsonl"));
}

namespace {
// Runs `body` in a child process and returns how it ended: the signal that ended it, or 0
// when it exited normally.
int ending_signal_of(const std::function<void()>& body) {
  const pid_t child = ::fork();
  if (child == 0) {
    try {
      body();
    } catch (...) {
      ::_exit(1);
    }
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}
}  // namespace

TEST_CASE("a signal while a result folder is written waits until the new folder is in place") {
  Scratch s;
  write_result_folder(s.target, [](const fs::path& f) { write_run(f, "one", true); });
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const int ended = ending_signal_of([&] {
      write_result_folder(s.target, [&](const fs::path& f) {
        write_run(f, "two", false);
        ::raise(signal_number);  // the user's Ctrl-C, half-way through the files
        write_file_atomically(f / "more.csv", "two");
      });
    });
    CHECK(ended == signal_number);
    CHECK(read(s.target / "summary.json") == "two");
    CHECK(read(s.target / "more.csv") == "two");
    CHECK(s.entries() == 1);  // nothing temporary left
  }
}

TEST_CASE("a second signal during the write ends at once: previous folder kept, no temporaries") {
  Scratch s;
  write_result_folder(s.target, [](const fs::path& f) { write_run(f, "one", true); });
  const int ended = ending_signal_of([&] {
    write_result_folder(s.target, [](const fs::path& f) {
      write_run(f, "two", true);
      ::raise(SIGINT);
      ::raise(SIGINT);
      write_file_atomically(f / "more.csv", "two");
    });
  });
  CHECK(ended == SIGINT);
  CHECK(read(s.target / "summary.json") == "one");
  CHECK(s.entries() == 1);
}

TEST_CASE("a report that cannot be put in place leaves the previous folder and report") {
  Scratch s;
  const fs::path report = s.dir / "report.html";
  publish_outputs(
      s.target.string(), [](const fs::path& f) { write_run(f, "one", true); }, report.string(),
      [] { return std::string("report one"); });
  CHECK(read(report) == "report one");
  // The report's temporary is written, then its target turns into a folder that cannot be
  // replaced (as a failing disk would refuse the rename).
  AtomicFile companion(report);
  companion.stream() << "report two";
  companion.finish();
  const fs::path moved = s.dir / "moved.html";
  fs::rename(report, moved);
  fs::create_directories(report / "inside");
  CHECK_THROWS_AS(write_result_folder(
                      s.target, [](const fs::path& f) { write_run(f, "two", false); }, &companion),
                  Error);
  fs::remove_all(report);
  fs::rename(moved, report);
  CHECK(read(s.target / "summary.json") == "one");
  CHECK(read(s.target / "extra.csv") == "one");
  CHECK(read(report) == "report one");
}

TEST_CASE("a named pipe or a device is written to, never replaced") {
  Scratch s;
  const fs::path pipe = s.dir / "pipe";
  REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] { received = read(pipe); });
  write_file_atomically(pipe, "streamed\n");
  reader.join();
  CHECK(received == "streamed\n");
  CHECK(fs::is_fifo(pipe));
  const fs::path device = s.dir / "null";
  if (::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) == 0) {
    write_file_atomically(device, "gone\n");
    CHECK(fs::is_character_file(device));
    CHECK_NOTHROW(check_output_file(device, "--record"));
  }
  CHECK_THROWS_AS(check_output_file(s.dir, "--record"), Error);
  fs::remove(pipe);
  fs::remove(device);
}

TEST_CASE("two outputs on one path, or a file inside the result folder, are refused") {
  Scratch s;
  const std::string out = (s.dir / "o").string(), inside = (s.dir / "o" / "c.ckpt").string(),
                    file = (s.dir / "x").string();
  CHECK_THROWS_AS(check_distinct_outputs({{"--out", out, true}, {"--checkpoint", inside}}), Error);
  CHECK_THROWS_AS(check_distinct_outputs({{"--out", out, true}, {"--report", out}}), Error);
  CHECK_THROWS_AS(check_distinct_outputs({{"--record", file}, {"--report", file}}), Error);
  CHECK_NOTHROW(
      check_distinct_outputs({{"--out", out, true}, {"--record", file}, {"--report", ""}}));
}
