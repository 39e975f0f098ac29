#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/error.hpp"
#include "experiments/run/checkpoint.hpp"

using namespace nf;
namespace fs = std::filesystem;

namespace {

// A two-seat, two-agent run of 3 chunks whose chunk holds 10 games and 5 pairs.
struct Fixture {
  fs::path dir = fs::temp_directory_path() / ("nf_checkpoint_test_" + std::to_string(::getpid()));
  std::string path = (dir / "run.ckpt").string();
  nlohmann::json identity = {{"game", "test"}, {"seed", 7}};
  BalanceAccumulator empty{2, 2, 0, nullptr};
  Fixture() { fs::create_directories(dir); }
  ~Fixture() { fs::remove_all(dir); }

  static ExpectedCounts expected(uint64_t next) { return {next * 10, next * 5}; }
  // The counts of `chunks` chunks: agent 0 wins every game.
  BalanceAccumulator played(uint64_t chunks) const {
    BalanceAccumulator a = empty;
    const std::array<SeatResult, 2> results = {SeatResult::Win, SeatResult::Loss};
    const int agents[2] = {0, 1};
    for (uint64_t g = 0; g < chunks * 10; ++g) a.add_game(results, agents, 20, -1);
    a.pair_points[2] = chunks * 5;
    return a;
  }
  void save(uint64_t next) {
    CheckpointWriter(path, identity, 30).save(next, played(next).counts_json(), 1.5);
  }
  std::optional<CheckpointWriter::Saved> load() const {
    return CheckpointWriter(path, identity, 30).load(0, 3, empty, &Fixture::expected);
  }
  // Rewrites the saved checkpoint after `change`, with a checksum that matches the change.
  template <class Change>
  void tamper(Change change) {
    std::ifstream in(path);
    nlohmann::json j = nlohmann::json::parse(in);
    in.close();
    change(j);
    j["checksum"] = CheckpointWriter::checksum(j);
    std::ofstream(path) << j.dump();
  }
  std::string load_error() const {
    try {
      load();
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
};

}  // namespace

TEST_CASE("a checkpoint round-trips its counts") {
  Fixture f;
  CHECK_FALSE(f.load());
  f.save(2);
  const auto saved = f.load();
  REQUIRE(saved);
  CHECK(saved->next_chunk == 2);
  CHECK(saved->counts.games == 20);
  CHECK(saved->seconds == 1.5);
}

TEST_CASE("every damaged field of a checkpoint is refused by name") {
  Fixture f;
  f.save(2);
  using J = nlohmann::json;
  const std::vector<std::pair<std::string, std::function<void(J&)>>> cases = {
      {"field 'next_chunk' must be a whole number", [](J& j) { j["next_chunk"] = -1; }},
      {"field 'next_chunk' must be a whole number", [](J& j) { j["next_chunk"] = 1.5; }},
      {"field 'next_chunk' must be a whole number", [](J& j) { j["next_chunk"] = "5"; }},
      {"field 'next_chunk' must be a whole number", [](J& j) { j["next_chunk"] = 1e30; }},
      {"field 'next_chunk' is 4, outside", [](J& j) { j["next_chunk"] = 4; }},
      {"field 'counts' does not have the shape", [](J& j) { j["counts"] = nullptr; }},
      {"field 'counts.games' must be a whole number", [](J& j) { j["counts"]["games"] = "20"; }},
      {"field 'counts.games' must be a whole number", [](J& j) { j["counts"]["games"] = -1; }},
      {"field 'counts.by_agent[0]' does not match",
       [](J& j) {
         auto& w = j["counts"]["by_agent"][0];
         w[0] = w[0].get<uint64_t>() - 1;  // a win turned into a draw
         w[1] = w[1].get<uint64_t>() + 1;
       }},
      {"field 'counts.by_agent[0]' holds 18446744073709551615",
       [](J& j) {
         j["counts"]["by_agent"][0] = {uint64_t(-1), 0, 21};  // adds up, wrapping around
       }},
      {"field 'counts.elements.rows' is there, but this game keeps no regression rows",
       [](J& j) {
         j["counts"]["elements"]["rows"] = {{0, 999}};
       }},
      {"field 'counts.games' adds up to 12365", [](J& j) { j["counts"]["games"] = 12365; }},
      {"field 'counts.by_agent' adds up to 41", [](J& j) { j["counts"]["by_agent"][0][0] = 21; }},
      {"field 'counts.games' adds up to 20 where 1 chunks done give 10",
       [](J& j) { j["next_chunk"] = 1; }},
      {"field 'counts.pair_points' adds up to 11", [](J& j) { j["counts"]["pair_points"][0] = 1; }},
      {"field 'seconds' must be a number", [](J& j) { j["seconds"] = "x"; }},
      {"field 'checksum' is missing", [](J& j) { j.erase("checksum"); }},
      {"belongs to another experiment (its field 'identity.seed'",
       [](J& j) { j["identity"]["seed"] = 8; }},
  };
  for (const auto& [message, change] : cases) {
    f.save(2);
    if (message.find("checksum") != std::string::npos) {
      std::ifstream in(f.path);
      J j = J::parse(in);
      in.close();
      change(j);
      std::ofstream(f.path) << j.dump();
    } else {
      f.tamper(change);
    }
    const std::string error = f.load_error();
    INFO(message);
    CHECK(error.find(message) != std::string::npos);
    CHECK(error.find(f.path) != std::string::npos);
  }
}

TEST_CASE("an edited checkpoint fails its checksum - a directory is refused") {
  Fixture f;
  f.save(2);
  std::ifstream in(f.path);
  nlohmann::json j = nlohmann::json::parse(in);
  in.close();
  j["counts"]["games"] = 12345;
  std::ofstream(f.path) << j.dump();
  CHECK(f.load_error().find("field 'checksum' does not match") != std::string::npos);
  fs::remove(f.path);
  fs::create_directory(f.path);
  CHECK(f.load_error().find("is a directory") != std::string::npos);
}
