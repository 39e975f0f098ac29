#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "experiments/run/causal_progress.hpp"

using namespace nf;

namespace {

// Progress of a run with two elements in one context, one block chunk done.
CausalProgress causal_progress_sample() {
  CausalProgress p{40, {1, 0}, 32, 1, {1, 0}, false, 2.5, CausalTally(2, 1)};
  p.total.cells[0].add(2);
  p.total.cells[0].add(-1);
  p.total.present = {2, 1};
  p.total.field[0].add(0.25, 1);
  p.total.deals = 33;
  p.total.base_games = 1;
  p.total.replacement_games = 2;
  return p;
}

// The message of reading `j` into a run of `elements` elements, "" when it reads.
std::string causal_progress_read_error(const nlohmann::json& j, size_t elements = 2) {
  try {
    read_causal_progress(
        j, CausalTally(elements, 1),
        [](const std::string& f, const std::string& p) { throw std::runtime_error(f + " " + p); });
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("causal progress round-trips exactly") {
  const CausalProgress p = causal_progress_sample();
  const CausalProgress q = read_causal_progress(
      nlohmann::json::parse(causal_progress_json(p).dump()), CausalTally(2, 1),
      [](const std::string& f, const std::string&) { throw std::runtime_error(f); });
  CHECK(q.budget == 40);
  CHECK(q.groups_measured == p.groups_measured);
  CHECK(q.block_start == 32);
  CHECK(q.chunks_done == 1);
  CHECK(q.plan == p.plan);
  CHECK_FALSE(q.full_coverage);
  CHECK(q.seconds == 2.5);
  CHECK(causal_tally_json(q.total) == causal_tally_json(p.total));
  CHECK(q.total.field[0].sy == p.total.field[0].sy);
}

TEST_CASE("causal progress that does not fit the run is refused by field") {
  const nlohmann::json good = causal_progress_json(causal_progress_sample());
  CHECK(causal_progress_read_error(good).empty());
  auto changed = [&](const char* key, nlohmann::json value) {
    nlohmann::json j = good;
    j[key] = std::move(value);
    return causal_progress_read_error(j);
  };
  CHECK(changed("budget", -1) == "causal.budget must be a whole number");
  CHECK(changed("plan", {1, 2}) == "causal.plan must be a list of 0 and 1");
  CHECK(changed("full_coverage", 1) == "causal.full_coverage must be true or false");
  CHECK(changed("seconds", "x") == "causal.seconds must be a number of seconds");
  CHECK(changed("counts", {{"cells", 3}}).starts_with("causal.counts "));
  CHECK(causal_progress_read_error(good, 3).starts_with(
      "causal.counts "));  // another number of elements
  CHECK(causal_progress_read_error(nlohmann::json::array()) == "causal must be an object");
}
