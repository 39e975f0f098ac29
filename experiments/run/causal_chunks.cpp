// Causal values under MPI: each rank plays its chunks of a block, then every chunk's counts go
// to every rank, so that each rank merges the same block in chunk order and plans the next one
// alike: the values do not depend on the number of processes.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/run/causal_tally.hpp"
#include "experiments/run/mpi.hpp"

namespace nf {
namespace {

// The counts exactly: integers as integers, the field's sums as doubles (JSON writes the
// shortest text that reads back to the same double).
nlohmann::json tally_json(const CausalTally& t) {
  nlohmann::json cells = nlohmann::json::array(), field = nlohmann::json::array();
  for (const IntMoments& m : t.cells) cells.push_back({m.n, m.sum, m.sum_squares});
  for (const ClusterMoments& m : t.field)
    field.push_back({m.games, m.sy, m.sm, m.syy, m.smm, m.sym});
  return {
      {"cells", cells},   {"present", t.present},       {"field", field},
      {"deals", t.deals}, {"base_games", t.base_games}, {"replacement_games", t.replacement_games}};
}

void read_tally(const nlohmann::json& j, CausalTally& t) {
  for (size_t i = 0; i < t.cells.size(); ++i) {
    const nlohmann::json& c = j.at("cells").at(i);
    t.cells[i] = {c.at(0).get<uint64_t>(), c.at(1).get<int64_t>(), c.at(2).get<uint64_t>()};
    t.present[i] = j.at("present").at(i).get<uint64_t>();
  }
  for (size_t i = 0; i < t.field.size(); ++i) {
    const nlohmann::json& f = j.at("field").at(i);
    ClusterMoments& m = t.field[i];
    m.games = f.at(0).get<uint64_t>();
    m.sy = f.at(1).get<double>(), m.sm = f.at(2).get<double>(), m.syy = f.at(3).get<double>();
    m.smm = f.at(4).get<double>(), m.sym = f.at(5).get<double>();
  }
  t.deals = j.at("deals").get<uint64_t>();
  t.base_games = j.at("base_games").get<uint64_t>();
  t.replacement_games = j.at("replacement_games").get<uint64_t>();
}

}  // namespace

void share_causal_chunks(std::vector<CausalTally>& chunks, int rank, int ranks) {
  if (ranks <= 1) return;
  nlohmann::json mine = nlohmann::json::array();
  for (size_t c = size_t(rank); c < chunks.size(); c += size_t(ranks))
    mine.push_back(tally_json(chunks[c]));
  const std::vector<std::string> all = mpi_all_gather_text(mine.dump());
  for (int r = 0; r < ranks; ++r) {
    if (r == rank) continue;
    const nlohmann::json theirs = nlohmann::json::parse(all[size_t(r)]);
    size_t k = 0;
    for (size_t c = size_t(r); c < chunks.size(); c += size_t(ranks)) {
      chunks[c] = CausalTally(chunks[c].elements, chunks[c].contexts);
      read_tally(theirs.at(k++), chunks[c]);
    }
  }
}

}  // namespace nf
